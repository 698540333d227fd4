/// A call UIKit accepts but only logs or ignores. Replaying it prints a warning for the step; the
/// ones UIKit refuses (``isRefused``) leave the hierarchy unchanged.
///
/// Controllers are named by their UIKit description, `<ClassName: id>`.
public enum LoggedMisuse: Sendable, Hashable {
  /// `Attempt to present <B> on <P> (from <S>) which is already presenting <C>.`
  case alreadyPresenting(presented: String, presenter: String, source: String, current: String)
  /// `Attempt to present <B> on <P> (from <S>) whose view is not in the window hierarchy.`
  case notInWindowHierarchy(presented: String, presenter: String, source: String)
  /// `Attempt to present <B> on <P> (from <S>) while a presentation is in progress.`
  case presentationInProgress(presented: String, presenter: String, source: String)
  /// `Attempt to dismiss from view controller <P> while a presentation or dismiss is in progress.`
  case dismissInProgress(presenter: String)
  /// `Unbalanced calls to begin/end appearance transitions for <B>.`
  case unbalancedAppearanceTransitions(String)
  /// `Presenting view controllers on detached view controllers is discouraged <S>.` (the presentation happens)
  case detachedPresentation(source: String)
  /// A navigation controller asked to pop its only controller (or none).
  case nothingToPop(navigation: String, call: String, isEmpty: Bool)
  /// `dismiss` on a controller that neither presents nor is presented.
  case nothingToDismiss(String)
  /// `removeFromParent` on a controller without a parent.
  case noParent(String)
  /// `addChild` of a controller that is already a child of that container.
  case alreadyChild(String, container: String)
  /// `setRoot` of the controller that already is the window's root.
  case alreadyRoot(String, window: String)

  /// True when UIKit refuses the call: nothing changes.
  public var isRefused: Bool {
    switch self {
    case .alreadyPresenting, .notInWindowHierarchy, .presentationInProgress, .dismissInProgress,
      .unbalancedAppearanceTransitions:
      return true
    case .detachedPresentation, .nothingToPop, .nothingToDismiss, .noParent, .alreadyChild, .alreadyRoot:
      return false
    }
  }

  public var message: String {
    switch self {
    case let .alreadyPresenting(presented, presenter, source, current):
      // UIKit's words, then how to do what the step meant: a controller presents one at a time.
      let (new, shown) = (Self.id(of: presented), Self.id(of: current))
      return "Attempt to present \(presented) on \(presenter) (from \(source)) which is already presenting \(current)."
        + " To present \(new), dismiss \(shown) first ('dismiss: \(shown)'), or present from \(shown) ('from: \(shown)')."
    case let .notInWindowHierarchy(presented, presenter, source):
      return
        "Attempt to present \(presented) on \(presenter) (from \(source)) whose view is not in the window hierarchy."
    case let .presentationInProgress(presented, presenter, source):
      return "Attempt to present \(presented) on \(presenter) (from \(source)) while a presentation is in progress."
    case let .dismissInProgress(presenter):
      return "Attempt to dismiss from view controller \(presenter) while a presentation or dismiss is in progress."
    case let .unbalancedAppearanceTransitions(controller):
      return "Unbalanced calls to begin/end appearance transitions for \(controller)."
    case let .detachedPresentation(source):
      return "Presenting view controllers on detached view controllers is discouraged \(source)."
    case let .nothingToPop(navigation, call, isEmpty):
      return
        "\(navigation) has \(isEmpty ? "no view controllers" : "only its root view controller"); \(call) does nothing."
    case let .nothingToDismiss(controller):
      return "\(controller) is not presenting or presented; dismiss does nothing."
    case let .noParent(controller):
      return "\(controller) has no parent; removeFromParent does nothing."
    case let .alreadyChild(controller, container):
      return "\(controller) is already a child of \(container); nothing changes."
    case let .alreadyRoot(controller, window):
      return "\(controller) is already the root view controller of window '\(window)'; nothing changes."
    }
  }

  /// The id in a controller's UIKit description, `login` in `<LoginViewController: login>`.
  private static func id(of reference: String) -> String {
    guard reference.hasSuffix(">"), let colon = reference.range(of: ": ", options: .backwards) else { return reference }
    return String(reference[colon.upperBound...].dropLast())
  }
}
