import UIKit

extension UIViewController {
  /// Adds `child` as a child controller whose view fills `container`.
  func embed(_ child: UIViewController, in container: UIView) {
    addChild(child)
    container.addSubview(child.view)
    child.view.frame = container.bounds
    child.didMove(toParent: self)
  }

  /// Asks before doing something that cannot be undone.
  func confirm(_ question: String, action: @escaping () -> Void) {
    let alert = UIAlertController(title: question, message: nil, preferredStyle: .actionSheet)
    alert.addAction(UIAlertAction(title: "Delete", style: .destructive) { _ in action() })
    alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
    present(alert, animated: true)
  }
}
