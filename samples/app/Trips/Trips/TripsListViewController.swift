import UIKit

final class TripsListViewController: UITableViewController {
  weak var coordinator: TripsCoordinator?
  private let store: TripStore
  private var trips: [Trip] = []

  init(store: TripStore) {
    self.store = store
    super.init(style: .insetGrouped)
    title = "Trips"
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

  override func viewDidLoad() {
    super.viewDidLoad()
    navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .add, primaryAction: UIAction { [weak self] _ in
      self?.coordinator?.show(.newTrip, modally: true)
    })
    trips = store.all()
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { trips.count }

  override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    coordinator?.show(.detail(trips[indexPath.row]))
  }

  // A presenter of rows, not of controllers: `present` here is no navigation.
  private let rowPresenter = RowPresenter()

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "trip", for: indexPath)
    rowPresenter.present(trips[indexPath.row], in: cell)
    return cell
  }
}

struct RowPresenter {
  func present(_ trip: Trip, in cell: UITableViewCell) {
    var content = cell.defaultContentConfiguration()
    content.text = trip.name
    cell.contentConfiguration = content
  }
}
