/// One view controller instance in a ``Hierarchy``: what it is, its relations and its appearance.
public struct ViewController: Sendable, Hashable, Identifiable {
  /// The scenario's id for the controller.
  public internal(set) var id: String
  /// The class name, as UIKit would print it (`UINavigationController`, `MyApp.HomeViewController`).
  public var className: String
  public var kind: ViewControllerKind
  public var title: String?
  /// UIKit's `definesPresentationContext`: true by default on navigation controllers.
  public var definesPresentationContext: Bool
  /// UIKit's `isModalInPresentation`: when true, a sheet holding the controller cannot be swiped away.
  public var isModalInPresentation: Bool
  /// True when something outside the hierarchy keeps the instance (a strong reference the app holds),
  /// so it is not deallocated when it leaves the hierarchy.
  public var isRetained: Bool
  /// UIKit's `restorationIdentifier`.
  public var restorationIdentifier: String?

  /// Which instance of the declared controller this is, from 1: naming a deallocated controller
  /// again makes a new instance.
  public internal(set) var instance = 1

  /// The containing view controller (`parent`).
  public internal(set) var parent: String?
  /// The child view controllers in order (`children`; a navigation stack bottom to top; a split
  /// view's columns: primary, then supplementary when it has one, then secondary, then the compact
  /// column when it has one).
  public internal(set) var children: [String] = []
  /// The selected tab of a tab bar controller.
  public internal(set) var selectedChild: String?
  /// The iOS 18 tabs of a tab bar controller (`tabs`: `UITab`s and `UITabGroup`s, groups before their
  /// children); empty for a tab bar controller given view controllers, and for other kinds.
  public internal(set) var tabs: [Tab] = []
  /// The identifier of the selected tab (`selectedTab`) among ``tabs``: never a group with children.
  public internal(set) var selectedTab: String?
  /// `UITabBarController.mode` (iOS 18).
  public var tabBarMode: TabBarMode
  /// `UITabBarController.sidebar.isHidden` (iOS 18).
  public internal(set) var isSidebarHidden: Bool
  /// The tab bar controller whose tab's provider created this controller: the `UITab` keeps it
  /// (`UITab.viewController`) while the tab stays in that tab bar, on screen or not.
  public internal(set) var tabOwner: String?
  /// True for a split view with a supplementary column (its children are primary, supplementary, secondary).
  public internal(set) var hasSupplementaryColumn = false
  /// True for a split view with a controller for its compact column (iOS 14,
  /// `setViewController(_:for: .compact)`): its last child, shown instead of the other columns
  /// while the split view is collapsed.
  public internal(set) var hasCompactColumn = false
  /// True while a split view is collapsed (compact width): it shows one column, and when the
  /// primary is a navigation controller the other columns are pushed onto its stack; with a
  /// compact column it shows that column instead, and the others stay as they are. False while it
  /// is expanded. Nil when the input does not say: a dump that shows neither one column nor several
  /// on screen, a state JSON with `isCollapsed: null`, a storyboard whose device gives no size
  /// class. A replayed scenario always knows (a split view starts expanded).
  public internal(set) var isCollapsed: Bool? = false
  /// For a collapsed split view with a navigation controller as primary: how many controllers of
  /// that stack belonged to the primary column when it collapsed; the ones above are separated again
  /// when it expands.
  public internal(set) var collapsedStackBase: Int?
  /// What this controller presents, when it is the controller that really presents.
  public internal(set) var presentation: Presentation?
  /// The controller that really presents this one (`presentingViewController` of a presented controller).
  public internal(set) var presenter: String?

  public internal(set) var appearance: AppearanceState = .disappeared
  /// True once the controller's view has been loaded (`isViewLoaded`).
  public internal(set) var isViewLoaded = false

  /// What a `_printHierarchy` dump printed for the controller, when the hierarchy was imported from one.
  public internal(set) var dumpRecord: DumpRecord?

  public init(
    id: String,
    className: String,
    kind: ViewControllerKind? = nil,
    title: String? = nil,
    definesPresentationContext: Bool? = nil,
    isModalInPresentation: Bool = false,
    isRetained: Bool = false,
    restorationIdentifier: String? = nil,
    tabBarMode: TabBarMode = .automatic,
    isSidebarHidden: Bool = false
  ) {
    self.id = id
    self.className = className
    let kind = kind ?? .inferred(fromClassName: className)
    self.kind = kind
    self.title = title
    self.definesPresentationContext = definesPresentationContext ?? (kind == .navigation)
    self.isModalInPresentation = isModalInPresentation
    self.isRetained = isRetained
    self.restorationIdentifier = restorationIdentifier
    self.tabBarMode = tabBarMode
    self.isSidebarHidden = isSidebarHidden
  }

  /// The class name without its module prefixes (`MyApp.HomeViewController` → `HomeViewController`),
  /// in generic arguments too.
  public var unqualifiedClassName: String { SwiftClassName.unqualified(className) }

  /// The SwiftUI view a hosting controller shows, without its module: `LibraryView` for
  /// `SwiftUI.UIHostingController<MyApp.LibraryView>`, and for
  /// `UIHostingController<ModifiedContent<LibraryView, _EnvironmentKeyWritingModifier<…>>>` (a root
  /// view with modifiers); nil for other kinds and for a hosting subclass whose name says nothing.
  public var swiftUIRootView: String? {
    guard kind == .hosting else { return nil }
    return SwiftClassName.hostedView(ofClass: className)
  }

  /// True when the id only repeats the class name, as a dump's ids do (`HomeViewController` for
  /// `MyApp.HomeViewController`).
  public var isIDClassName: Bool { id == className || id == SwiftClassName.unqualified(className) }

  /// What tells the controller apart after its class: its id (unless it repeats the class name),
  /// title and instance, `home · “Home” · instance 2`; empty when there is nothing to add.
  public var identityLine: String {
    [
      isIDClassName ? nil : id, title.flatMap { $0.isEmpty ? nil : "“\($0)”" },
      instance > 1 ? "instance \(instance)" : nil,
    ].compactMap { $0 }.joined(separator: " · ")
  }

  /// UIKit's description of the instance, `<ClassName: id>`, as its messages print it.
  public var reference: String { "<\(className): \(id)>" }

  /// A split view's `collapsed` or `expanded`, as labels print it; nil for other kinds and for a
  /// split view whose input does not say (``isCollapsed`` nil), which is labelled neither.
  public var splitViewState: String? {
    guard kind == .splitView, let isCollapsed else { return nil }
    return isCollapsed ? "collapsed" : "expanded"
  }

  /// The on-screen child controllers, in order: what the container shows of its children.
  public var visibleChildren: [String] {
    switch kind {
    case .navigation:
      return children.last.map { [$0] } ?? []
    case .tabBar:
      return selectedChild.map { [$0] } ?? []
    case .splitView:
      if isCollapsed == true { return compactColumn.map { [$0] } ?? Array(children.prefix(1)) }
      return columnChildren
    case .pageView, .container, .content, .hosting:
      return children
    }
  }

  /// A split view's primary, supplementary and secondary columns, without its compact column; the
  /// children of any other controller.
  public var columnChildren: [String] {
    kind == .splitView && hasCompactColumn ? Array(children.dropLast()) : children
  }

  /// A split view's compact column, when it has one.
  public var compactColumn: String? {
    kind == .splitView && hasCompactColumn ? children.last : nil
  }

  /// The same declared controller as a fresh instance: no relations, view not loaded.
  func newInstance() -> ViewController {
    var fresh = ViewController(
      id: id, className: className, kind: kind, title: title, definesPresentationContext: definesPresentationContext,
      isModalInPresentation: isModalInPresentation, isRetained: isRetained,
      restorationIdentifier: restorationIdentifier, tabBarMode: tabBarMode, isSidebarHidden: isSidebarHidden)
    fresh.instance = instance + 1
    return fresh
  }
}
