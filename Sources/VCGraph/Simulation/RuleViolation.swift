/// A step that breaks one of UIKit's rules. The message uses UIKit's own words where UIKit has them.
///
/// Controllers are named by their UIKit description, `<ClassName: id>`.
public enum RuleViolation: Error, Sendable, Hashable {
  /// `Attempt to present <B> on <P> (from <S>) which is already presenting <C>.`
  case alreadyPresenting(presented: String, presenter: String, source: String, current: String)
  /// `Attempt to present <B> on <P> (from <S>) whose view is not in the window hierarchy.`
  case notInWindowHierarchy(presented: String, presenter: String, source: String)
  /// `Application tried to present modally an active controller <B>.`
  case presentingActiveController(String)
  /// `Application tried to present modally a view controller <B> that has a parent view controller <P>.`
  case presentingChild(String, parent: String)
  /// `Pushing the same view controller instance more than once is not supported (<B>).`
  case pushingSameInstance(String)
  /// `Pushing a navigation controller is not supported.`
  case pushingNavigationController(String)
  /// A container named for an action it does not have (`push` on something outside any navigation controller).
  case notInContainer(String, kind: ViewControllerKind, action: String)
  /// A child that already has another parent.
  case alreadyHasParent(child: String, parent: String)
  /// A controller that is presented cannot also be a child or a root.
  case isPresented(String, presenter: String)
  /// A window's root cannot also be a child or presented.
  case isWindowRoot(String, window: String)
  /// A relation that would make a controller its own ancestor.
  case cycle(child: String, parent: String)
  /// `addChild` on one of UIKit's containers, which manage their children through their own API.
  case addChildToSystemContainer(container: String, kind: ViewControllerKind, instead: String)
  /// A list names the same controller twice.
  case duplicateInList(String, action: String)
  /// A tab bar asked to select a controller that is not one of its tabs.
  case notATab(String, tabBar: String)
  case tabIndexOutOfRange(Int, tabBar: String, count: Int)
  /// More children than the container shows (a split view has two columns, a page view one or two pages).
  case tooManyChildren(container: String, kind: ViewControllerKind, limit: Int, given: Int)
  /// A root that is already the root of another window.
  case rootOfAnotherWindow(String, window: String)
  /// A controller id the hierarchy does not hold.
  case unknownController(String)

  public var message: String {
    switch self {
    case let .alreadyPresenting(presented, presenter, source, current):
      return "Attempt to present \(presented) on \(presenter) (from \(source)) which is already presenting \(current)."
    case let .notInWindowHierarchy(presented, presenter, source):
      return
        "Attempt to present \(presented) on \(presenter) (from \(source)) whose view is not in the window hierarchy."
    case let .presentingActiveController(controller):
      return "Application tried to present modally an active controller \(controller)."
    case let .presentingChild(controller, parent):
      return
        "Application tried to present modally a view controller \(controller) that has a parent view controller \(parent)."
    case let .pushingSameInstance(controller):
      return "Pushing the same view controller instance more than once is not supported (\(controller))."
    case .pushingNavigationController:
      return "Pushing a navigation controller is not supported."
    case let .notInContainer(controller, kind, action):
      return
        "\(action) needs a \(kind.displayName) controller, but \(controller) is not one and has none among its parents."
    case let .alreadyHasParent(child, parent):
      return "\(child) already has a parent view controller \(parent); call removeFromParent first."
    case let .isPresented(controller, presenter):
      return "\(controller) is presented by \(presenter); dismiss it first."
    case let .isWindowRoot(controller, window):
      return
        "\(controller) is the root view controller of window '\(window)'; a root has no parent and is not presented."
    case let .cycle(child, parent):
      return "Adding \(child) under \(parent) would make \(child) its own ancestor."
    case let .addChildToSystemContainer(container, kind, instead):
      return
        "\(container) is a \(kind.displayName) controller; it manages its children itself, use \(instead) instead of addChild."
    case let .duplicateInList(controller, action):
      if action == "setViewControllers" {
        return "Pushing the same view controller instance more than once is not supported (\(controller))."
      }
      return "\(controller) appears more than once in the list given to \(action)."
    case let .notATab(controller, tabBar):
      return "\(controller) is not one of the tabs of \(tabBar)."
    case let .tabIndexOutOfRange(index, tabBar, count):
      return "Tab index \(index) is out of range: \(tabBar) has \(count) tab\(count == 1 ? "" : "s")."
    case let .tooManyChildren(container, kind, limit, given):
      return
        "A \(kind.displayName) controller shows at most \(limit) view controllers; \(container) was given \(given)."
    case let .rootOfAnotherWindow(controller, window):
      return "\(controller) is already the root view controller of window '\(window)'."
    case let .unknownController(id):
      return "No view controller is named '\(id)'."
    }
  }
}
