/// One view controller instance in a ``Hierarchy``: what it is, its relations and its appearance.
public struct ViewController: Sendable, Hashable, Identifiable {
  /// The scenario's id for the controller.
  public let id: String
  /// The class name, as UIKit would print it (`UINavigationController`, `MyApp.HomeViewController`).
  public var className: String
  public var kind: ViewControllerKind
  public var title: String?
  /// UIKit's `definesPresentationContext`: true by default on navigation controllers.
  public var definesPresentationContext: Bool

  /// The containing view controller (`parent`).
  public internal(set) var parent: String?
  /// The child view controllers in order (`children`; a navigation stack bottom to top).
  public internal(set) var children: [String] = []
  /// The selected tab of a tab bar controller.
  public internal(set) var selectedChild: String?
  /// What this controller presents, when it is the controller that really presents.
  public internal(set) var presentation: Presentation?
  /// The controller that really presents this one (`presentingViewController` of a presented controller).
  public internal(set) var presenter: String?

  public internal(set) var appearance: AppearanceState = .disappeared
  /// True once the controller's view has been loaded (`isViewLoaded`).
  public internal(set) var isViewLoaded = false

  public init(
    id: String,
    className: String,
    kind: ViewControllerKind? = nil,
    title: String? = nil,
    definesPresentationContext: Bool? = nil
  ) {
    self.id = id
    self.className = className
    let kind = kind ?? .inferred(fromClassName: className)
    self.kind = kind
    self.title = title
    self.definesPresentationContext = definesPresentationContext ?? (kind == .navigation)
  }

  /// UIKit's description of the instance, `<ClassName: id>`, as its messages print it.
  public var reference: String { "<\(className): \(id)>" }

  /// The on-screen child controllers, in order: what the container shows of its children.
  public var visibleChildren: [String] {
    switch kind {
    case .navigation:
      return children.last.map { [$0] } ?? []
    case .tabBar:
      return selectedChild.map { [$0] } ?? []
    case .splitView, .pageView, .container, .content:
      return children
    }
  }
}
