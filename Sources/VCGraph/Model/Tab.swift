/// One tab of an iOS 18 tab bar controller: a `UITab`, or a `UITabGroup` holding other tabs.
///
/// A tab bar controller given tabs (`tabs`, `setTabs(_:animated:)`) keeps them in
/// ``ViewController/tabs``, groups before their children, depth first. A tab names the controller its
/// view controller provider returns; UIKit calls the provider only when the tab first needs its
/// controller (when it is selected), so until then the tab has no controller
/// (``Hierarchy/isCreated(_:in:)``).
///
/// Sources: `UITab` and `UITabGroup` (https://developer.apple.com/documentation/uikit/uitab,
/// https://developer.apple.com/documentation/uikit/uitabgroup), "Elevating your iPad app with a tab bar
/// and sidebar" (https://developer.apple.com/documentation/uikit/elevating-your-ipad-app-with-a-tab-bar-and-sidebar).
public struct Tab: Sendable, Hashable {
  /// `identifier`: unique among the tabs of one tab bar controller.
  public var identifier: String
  public var title: String?
  /// The controller the tab's `viewControllerProvider` returns; nil for a group without a provider.
  public var viewController: String?
  /// The identifier of the group holding the tab (`parent`); nil for a root tab, one the tab bar shows.
  public var group: String?
  /// True for a `UITabGroup`.
  public var isGroup: Bool
  /// For a group: the `managingNavigationController`, which UIKit fills with the controllers from the
  /// group down to the selected child tab.
  public var managingNavigationController: String?
  /// For a group: `defaultChildIdentifier`, the child selected when the group is selected and none of
  /// its children has been yet (nil means the first child).
  public var defaultChild: String?
  /// For a group: `selectedChild`, the child last selected in it.
  public internal(set) var selectedChild: String?

  public init(
    identifier: String, title: String? = nil, viewController: String? = nil, group: String? = nil,
    isGroup: Bool = false, managingNavigationController: String? = nil, defaultChild: String? = nil
  ) {
    self.identifier = identifier
    self.title = title
    self.viewController = viewController
    self.group = group
    self.isGroup = isGroup
    self.managingNavigationController = managingNavigationController
    self.defaultChild = defaultChild
  }

  /// The tab's title, else its identifier: what the tab bar and the sidebar show.
  public var displayTitle: String { title.flatMap { $0.isEmpty ? nil : $0 } ?? identifier }
}

/// `UITabBarController.Mode` (iOS 18): whether the tab bar can become a sidebar on iPad.
///
/// https://developer.apple.com/documentation/uikit/uitabbarcontroller/mode-swift.enum
public enum TabBarMode: String, Sendable, CaseIterable, Codable {
  /// A sidebar when the tabs hold a `UITabGroup` (on iPad), else a tab bar only.
  case automatic
  /// A tab bar only.
  case tabBar
  /// A tab bar that can become a sidebar (on iPad).
  case tabSidebar
}

/// What the sidebar of an iOS 18 tab bar controller shows.
public enum SidebarState: String, Sendable, CaseIterable, Codable {
  /// The sidebar is on screen, listing every tab (groups as sections).
  case shown
  /// The sidebar can show but `sidebar.isHidden` is true: the tab bar floats at the top.
  case hidden
  /// No sidebar in this context: compact width (an iPhone), mode `tabBar`, or `automatic` without a group.
  case unavailable
}

extension ViewController {
  /// The tab with this identifier, among ``tabs``.
  public func tab(_ identifier: String) -> Tab? { tabs.first { $0.identifier == identifier } }

  /// The tabs the tab bar shows: those in no group.
  public var rootTabs: [Tab] { tabs.filter { $0.group == nil } }

  /// The child tabs of a group, in order.
  public func children(ofTab identifier: String) -> [Tab] { tabs.filter { $0.group == identifier } }

  /// The root tab holding `identifier` (itself when it is a root tab).
  public func rootTab(of identifier: String) -> Tab? {
    var current = tab(identifier)
    var seen: Set<String> = []
    while let group = current?.group, seen.insert(group).inserted { current = tab(group) }
    return current
  }

  /// How deep each tab is: 0 for a root tab, 1 for a tab in a root group, …; found in one pass, as
  /// groups come before their tabs.
  public var tabDepths: [String: Int] {
    var depths: [String: Int] = [:]
    for tab in tabs { depths[tab.identifier] = tab.group.map { (depths[$0] ?? 0) + 1 } ?? 0 }
    return depths
  }

  /// The groups from the root tab down to `identifier`, then `identifier` itself.
  public func tabPath(to identifier: String) -> [Tab] {
    var path: [Tab] = []
    var current = tab(identifier)
    var seen: Set<String> = []
    while let found = current, seen.insert(found.identifier).inserted {
      path.insert(found, at: 0)
      current = found.group.flatMap(tab)
    }
    return path
  }
}

extension Hierarchy {
  /// True once the provider of `tab` (a tab of `tabBar`) has been called: UIKit keeps the controller it
  /// returned (`UITab.viewController`) for as long as the tab stays.
  public func isCreated(_ tab: Tab, in tabBar: String) -> Bool {
    guard let id = tab.viewController else { return false }
    return controllers[id]?.tabOwner == tabBar
  }

  /// What the sidebar of the tab bar controller `id` shows; nil for a controller without iOS 18 tabs.
  ///
  /// A sidebar needs regular width (an iPad; on iPhone "the system displays the platform's regular tab
  /// bar") and mode `tabSidebar`, or `automatic` with a `UITabGroup` among the tabs ("If the tabs array
  /// contains one or more UITabGroup items, the system displays the content as either a tab bar or a
  /// sidebar"): https://developer.apple.com/documentation/uikit/uitabbarcontroller/mode-swift.enum/automatic.
  public func sidebarState(of id: String, sizeClass: SizeClass? = nil) -> SidebarState? {
    guard let tabBar = controllers[id], tabBar.kind == .tabBar, !tabBar.tabs.isEmpty else { return nil }
    let width = sizeClass ?? window(of: id)?.horizontalSizeClass ?? .regular
    let canShow: Bool
    switch tabBar.tabBarMode {
    case .tabBar: canShow = false
    case .tabSidebar: canShow = true
    case .automatic: canShow = tabBar.tabs.contains(where: \.isGroup)
    }
    guard canShow, width == .regular else { return .unavailable }
    return tabBar.isSidebarHidden ? .hidden : .shown
  }
}
