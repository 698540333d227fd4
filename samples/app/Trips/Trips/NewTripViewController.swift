import UIKit

final class NewTripViewController: UIViewController {
  @objc func chooseDestination() {
    let picker = DestinationPickerViewController()
    picker.onPick = { [weak self] place in self?.navigationItem.prompt = place.name }
    show(picker, sender: self)
  }
}

final class DestinationPickerViewController: UITableViewController {
  var onPick: ((Place) -> Void)?
}
