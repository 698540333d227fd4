import UIKit

/// The expenses flow is designed in Expenses.storyboard.
final class ExpensesViewController: UITableViewController {
  override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    performSegue(withIdentifier: "showReceipts", sender: indexPath)
  }

  @objc func addExpense() {
    let add = storyboard?.instantiateViewController(withIdentifier: "AddExpense") as? AddExpenseViewController
    if let add { present(add, animated: true) }
  }
}

final class ReceiptsViewController: UITableViewController {}
final class ReceiptDetailViewController: UIViewController {}
final class AddExpenseViewController: UIViewController {}
