import UIKit

final class TripDetailViewController: UIViewController {
  weak var coordinator: TripsCoordinator?
  private let trip: Trip
  private lazy var map = TripMapViewController(places: trip.places)
  private let weather = WeatherWidgetViewController()

  init(trip: Trip) {
    self.trip = trip
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = trip.name
    embed(map, in: mapContainer)
    embed(weather, in: weatherContainer)
  }

  @objc func openGallery() {
    coordinator?.show(.gallery(trip))
  }

  @objc func openPacking() {
    coordinator?.show(.packing(trip))
  }

  @objc func share() {
    let activity = UIActivityViewController(activityItems: [trip.shareURL], applicationActivities: nil)
    present(activity, animated: true)
  }

  @objc func delete() {
    confirm("Delete \(trip.name)?") { [weak self] in self?.navigationController?.popViewController(animated: true) }
  }

  private let mapContainer = UIView()
  private let weatherContainer = UIView()
}
