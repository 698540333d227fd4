/// One UIKit call, as a scenario step names it.
public enum Action: Sendable, Hashable {
  /// `window.rootViewController = controller`.
  case setRoot(String, window: String)
  /// `navigationController.pushViewController(_:animated:)` on the navigation controller of `on`.
  case push(String, on: String)
  /// `navigationController.popViewController(animated:)` on the navigation controller of the named controller.
  case pop(String)
  /// `navigationController.popToRootViewController(animated:)`.
  case popToRoot(String)
  /// `setViewControllers(_:animated:)` on a navigation controller, or the `viewControllers` of a
  /// split view, page view or tab bar controller.
  case setViewControllers([String], on: String)
  /// `source.present(_:animated:)` with a `modalPresentationStyle`.
  case present(String, from: String, style: ModalPresentationStyle)
  /// `controller.dismiss(animated:)`.
  case dismiss(String)
  /// `container.addChild(_:)`, adding the child's view and calling `didMove(toParent:)`.
  case addChild(String, to: String)
  /// `willMove(toParent: nil)`, removing the view, then `removeFromParent()`.
  case removeFromParent(String)
  /// `tabBarController.setViewControllers(_:animated:)`.
  case setTabs([String], on: String)
  /// `tabBarController.selectedViewController = …` (or `selectedIndex`).
  case selectTab(TabSelection, on: String)

  /// The step key that names the action in a scenario.
  public var name: String {
    switch self {
    case .setRoot: return "setRoot"
    case .push: return "push"
    case .pop: return "pop"
    case .popToRoot: return "popToRoot"
    case .setViewControllers: return "setViewControllers"
    case .present: return "present"
    case .dismiss: return "dismiss"
    case .addChild: return "addChild"
    case .removeFromParent: return "removeFromParent"
    case .setTabs: return "setTabs"
    case .selectTab: return "selectTab"
    }
  }

  /// A one-line description for people: `present login from home`, `push home on nav`.
  public var summary: String {
    func list(_ ids: [String]) -> String { "[" + ids.joined(separator: ", ") + "]" }
    switch self {
    case let .setRoot(id, window):
      return window == Scenario.defaultWindow ? "setRoot \(id)" : "setRoot \(id) in window \(window)"
    case let .push(id, on): return "push \(id) on \(on)"
    case let .pop(id): return "pop \(id)"
    case let .popToRoot(id): return "popToRoot \(id)"
    case let .setViewControllers(ids, on): return "setViewControllers \(list(ids)) on \(on)"
    case let .present(id, from, _): return "present \(id) from \(from)"
    case let .dismiss(id): return "dismiss \(id)"
    case let .addChild(id, to): return "addChild \(id) to \(to)"
    case let .removeFromParent(id): return "removeFromParent \(id)"
    case let .setTabs(ids, on): return "setTabs \(list(ids)) on \(on)"
    case let .selectTab(.controller(id), on): return "selectTab \(id) on \(on)"
    case let .selectTab(.index(index), on): return "selectTab \(index) on \(on)"
    }
  }
}

/// How `selectTab` names the tab: by controller id or by index.
public enum TabSelection: Sendable, Hashable {
  case controller(String)
  case index(Int)
}
