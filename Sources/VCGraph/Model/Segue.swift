/// A transition a storyboard declares from one scene to another: a push, a presentation, an
/// unwind, or a reference to a scene of another storyboard.
///
/// Nothing here has happened: a segue is what the app *can* do when it runs. Relationship and embed
/// segues are not segues in this sense: a storyboard importer turns them into containment
/// (`Hierarchy.attachChild(_:to:)`), and keeps only the relationships vcgraph has no containment
/// for (a split view's compact column, a WatchKit page) as ``Kind/relationship(_:)``.
public struct Segue: Sendable, Hashable {
  /// The controller the segue starts from.
  public var source: String
  /// The controller the segue leads to; nil for an unwind segue, whose destination UIKit finds at
  /// run time (the first controller back along the way that implements the action).
  public var destination: String?
  public var kind: Kind
  /// The segue's identifier (`performSegue(withIdentifier:)`, `prepare(for:)`), when it has one.
  public var identifier: String?
  /// Interface Builder's object id of the segue (`L5J-tr-Vob`), for messages; nil for the edges
  /// vcgraph adds itself (a reference to the scene it names).
  public var objectID: String?

  public init(
    source: String, destination: String?, kind: Kind, identifier: String? = nil, objectID: String? = nil
  ) {
    self.source = source
    self.destination = destination
    self.kind = kind
    self.identifier = identifier
    self.objectID = objectID
  }

  /// True when `id` is the segue's source or destination.
  public func involves(_ id: String) -> Bool {
    source == id || destination == id
  }

  /// What the segue does when it is performed.
  public enum Kind: Sendable, Hashable {
    /// `show` (iOS 8): a push in a navigation controller, else a presentation.
    case show
    /// `showDetail` (iOS 8): replaces a split view's secondary column.
    case showDetail
    /// `presentation` (iOS 8, "Present Modally"), with the style the storyboard gives the segue
    /// or its destination; nil when neither does (UIKit's default, `automatic`).
    case presentation(style: ModalPresentationStyle?)
    /// `popoverPresentation` (iOS 8).
    case popover
    /// `popover` (iOS 5–7, iPad only, deprecated), replaced by `popoverPresentation`.
    case legacyPopover
    /// `push` (iOS 5–7, deprecated): pushes onto the source's navigation controller.
    case push
    /// `modal` (iOS 5–7, deprecated), with its style when it gives one.
    case modal(style: ModalPresentationStyle?)
    /// `replace` (iOS 5–7, deprecated): replaces a split view's detail controller.
    case replace
    /// `custom`: the app's `UIStoryboardSegue` subclass, `Module.Class` when the storyboard names its module.
    case custom(className: String?)
    /// `unwind`: back to a controller found at run time, with the action it calls (`unwindToList:`).
    case unwind(action: String?)
    /// A storyboard reference leading to the scene it names (drawn from the reference placeholder).
    case reference
    /// A relationship segue vcgraph has no containment for (`nextPage`, or a second relationship to a
    /// scene that already has a container), by name.
    case relationship(String)
    /// A kind vcgraph does not know, as the storyboard spells it.
    case other(String)
    /// A call site of an app map (`vcgraph map`): a transition the app's code (or a storyboard it
    /// reads) makes, with its kind, style and `file:line`. Its ``Segue/destination`` is nil when the
    /// code does not say what it shows (the transition's `unresolved` says why).
    case call(AppMap.Transition)

    /// The kind as the storyboard's `kind` attribute spells it (`showDetail`, `popoverPresentation`),
    /// `reference` for a reference.
    public var name: String {
      switch self {
      case .show: return "show"
      case .showDetail: return "showDetail"
      case .presentation: return "presentation"
      case .popover: return "popoverPresentation"
      case .legacyPopover: return "popover"
      case .push: return "push"
      case .modal: return "modal"
      case .replace: return "replace"
      case .custom: return "custom"
      case .unwind: return "unwind"
      case .reference: return "reference"
      case .relationship: return "relationship"
      case let .other(kind): return kind
      case let .call(transition): return transition.kind.rawValue
      }
    }

    /// How a diagram names the segue: `show`, `present · formSheet`, `push (iOS 5–7)`,
    /// `custom · App.FadeSegue`, `unwind · unwindToList:`, `compact column`.
    public var label: String {
      switch self {
      case .show: return "show"
      case .showDetail: return "show detail"
      case let .presentation(style): return "present · " + (style?.rawValue ?? "default")
      case .popover: return "popover"
      case .legacyPopover: return "popover (iOS 5–7)"
      case .push: return "push (iOS 5–7)"
      case let .modal(style): return "modal (iOS 5–7)" + (style.map { " · \($0.rawValue)" } ?? "")
      case .replace: return "replace (iOS 5–7)"
      case let .custom(className): return "custom" + (className.map { " · \($0)" } ?? "")
      case let .unwind(action): return "unwind" + (action.map { " · \($0)" } ?? "")
      case .reference: return "storyboard reference"
      case let .relationship(name):
        return name == "compactViewController" ? "compact column" : "relationship · \(name)"
      case let .other(kind): return kind.isEmpty ? "segue (no kind)" : "\(kind) (unknown kind)"
      case let .call(transition): return transition.label
      }
    }
  }
}
