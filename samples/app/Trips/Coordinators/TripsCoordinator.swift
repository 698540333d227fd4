import UIKit

/// The screens of the Trips tab, and how each is shown.
enum TripsRoute {
  case list
  case detail(Trip)
  case gallery(Trip)
  case newTrip
  case packing(Trip)
}

final class TripsCoordinator {
  let navigationController: UINavigationController
  private let store = TripStore.shared

  init(navigationController: UINavigationController) {
    self.navigationController = navigationController
  }

  func start() {
    let list = TripsListViewController(store: store)
    list.coordinator = self
    navigationController.setViewControllers([list], animated: false)
  }

  /// The controller of a route.
  func viewController(for route: TripsRoute) -> UIViewController {
    switch route {
    case .list:
      return TripsListViewController(store: store)
    case .detail(let trip):
      let detail = TripDetailViewController(trip: trip)
      detail.coordinator = self
      return detail
    case .gallery(let trip):
      return PhotoGalleryViewController(photos: trip.photos)
    case .newTrip:
      return NewTripViewController()
    case .packing(let trip):
      return PackingListViewController(list: trip.packingList)
    }
  }

  /// Pushes a route, or presents it in a sheet of its own.
  func show(_ route: TripsRoute, modally: Bool = false) {
    let controller = viewController(for: route)
    if modally {
      present(controller)
    } else {
      navigationController.pushViewController(controller, animated: true)
    }
  }

  func present(_ controller: UIViewController) {
    let sheet = UINavigationController(rootViewController: controller)
    sheet.modalPresentationStyle = .formSheet
    navigationController.present(sheet, animated: true)
  }

  func showTrip(id: Trip.ID) {
    guard let trip = store.trip(id: id) else { return }
    navigationController.popToRootViewController(animated: false)
    show(.detail(trip))
  }
}
