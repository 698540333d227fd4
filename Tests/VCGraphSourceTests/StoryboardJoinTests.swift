import Foundation
import Testing
import VCGraph
import VCGraphSource

/// Storyboards read in the same run: scenes are the Swift classes, segues and ids resolve.
@Suite struct StoryboardJoinTests {
  static let storyboard: Storyboard = {
    let path = packageRoot.appendingPathComponent("samples/app/Trips/Expenses/Expenses.storyboard").path
    return try! Storyboard(contentsOfFile: path)
  }()

  @Test func segueIdentifiersAndStoryboardIdsLeadToTheScenesClasses() {
    let map = map(
      """
      final class ExpensesViewController: UITableViewController {
        func open() { performSegue(withIdentifier: "showReceipts", sender: nil) }
        func add() {
          let add = UIStoryboard(name: "Expenses", bundle: nil).instantiateViewController(withIdentifier: "AddExpense")
          present(add, animated: true)
        }
        func missing() { performSegue(withIdentifier: "nowhere", sender: nil) }
      }
      final class ReceiptsViewController: UITableViewController {}
      final class AddExpenseViewController: UIViewController {}
      """, storyboards: [Self.storyboard])
    #expect(map.transitions(atLine: 2).map(\.to) == ["ReceiptsViewController"])
    #expect(map.transitions(atLine: 2).map(\.kind) == [.segue])
    #expect(map.transitions(atLine: 4).map(\.to) == ["AddExpenseViewController"])
    #expect(map.transitions(atLine: 5).map(\.to) == ["AddExpenseViewController"])
    #expect(map.transitions(atLine: 7).first?.unresolved == "segue “nowhere” is in no storyboard read")
    // The class of a scene is the same node, with its scene noted.
    #expect(map.controller(named: "ExpensesViewController")?.scenes.map(\.objectID) == ["exp-vc-001"])
    #expect(map.controller(named: "ExpensesViewController")?.site?.file == "App.swift")
    // The storyboard's own segues and relationships are on the map too.
    #expect(map.edges.contains("UINavigationController → ExpensesViewController · stack"))
    #expect(map.edges.contains("ReceiptsViewController → ReceiptDetailViewController · segue"))
  }
}
