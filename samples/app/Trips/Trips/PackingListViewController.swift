import UIKit

final class PackingListViewController: UITableViewController {
  private let list: PackingList

  init(list: PackingList) {
    self.list = list
    super.init(style: .plain)
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

  override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    navigationController?.pushViewController(PackingItemViewController(item: list.items[indexPath.row]), animated: true)
  }
}

final class PackingItemViewController: UIViewController {
  init(item: PackingItem) { super.init(nibName: nil, bundle: nil) }
  required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }
}
