import MapKit
import UIKit

final class TripMapViewController: UIViewController {
  private let places: [Place]

  init(places: [Place]) {
    self.places = places
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

  func showPlace(_ place: Place) {
    let detail = PlaceViewController(place: place)
    if let sheet = detail.sheetPresentationController {
      sheet.detents = [.medium(), .large()]
    }
    present(detail, animated: true)
  }
}

final class PlaceViewController: UIViewController {
  init(place: Place) { super.init(nibName: nil, bundle: nil) }
  required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }
}

final class WeatherWidgetViewController: UIViewController {}
