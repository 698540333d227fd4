/// iOS 18 tabs (`UITab`, `UITabGroup`): their controllers are created when first selected.
///
/// What vcgraph models, and where it comes from:
/// - A tab's `viewControllerProvider` returns "the view controller that the system presents when
///   someone selects the tab" (https://developer.apple.com/documentation/uikit/uitab/init(title:image:identifier:viewcontrollerprovider:));
///   UIKit calls it when the tab first needs its controller and keeps what it returned
///   (`UITab.viewController`). A tab never selected has no controller.
/// - "By default, UITabBarController will only change the view controller for root tabs": selecting a
///   tab inside a group shows the root group's controller. With a `managingNavigationController` on
///   the group, UIKit "will rebuild the navigation stack to represent the hierarchy": selecting tab B2
///   of group B in group A makes the stack `GroupAVC → GroupBVC → TabB2VC` (a UIKit engineer,
///   https://developer.apple.com/forums/thread/761231).
/// - A group selected as a whole selects its `selectedChild`, else its `defaultChildIdentifier`, else
///   its first child (https://developer.apple.com/documentation/uikit/uitabgroup/defaultchildidentifier).
/// - The created controllers are the tab bar controller's children (in tab order) and the shown one
///   is its `selectedViewController`; the callbacks follow from that as for any tab switch: the new
///   controller's `willMove(toParent:)`, `viewDidLoad`, the tab switch's appearance callbacks, then
///   `didMove(toParent:)`. No published trace shows this order for a lazily created tab: it is
///   vcgraph's model.
extension Hierarchy {
  /// `tabBarController.setTabs(_:animated:)` with iOS 18 tabs.
  mutating func setUITabs(_ tabs: [Tab], on target: String, into change: inout Change) throws(RuleViolation) {
    change.order = .tabSwitch
    change.isAnimated = false
    let tabBar = try container(.tabBar, from: target, for: .setTabs)
    var identifiers: Set<String> = []
    var named: Set<String> = []
    for tab in tabs {
      guard identifiers.insert(tab.identifier).inserted else {
        throw .duplicateTabIdentifier(tab.identifier, tabBar: reference(tabBar))
      }
      for id in [tab.viewController, tab.managingNavigationController].compactMap({ $0 }) {
        let controller = try existing(id)
        guard named.insert(id).inserted else { throw .duplicateInList(controller.reference, action: "setTabs") }
        if let owner = controller.tabOwner, owner != tabBar {
          throw .controllerOfAnotherTabBar(controller.reference, tabBar: reference(owner))
        }
        if id == tabBar || isSelfOrAncestor(id, of: tabBar) {
          throw .cycle(child: controller.reference, parent: reference(tabBar))
        }
      }
      if let navigation = tab.managingNavigationController {
        let controller = try existing(navigation)
        guard controller.kind == .navigation else {
          throw .invalidManagingNavigationController(
            controller.reference, group: tab.identifier, reason: "is not a navigation controller")
        }
        guard tab.group == nil else {
          throw .invalidManagingNavigationController(
            controller.reference, group: tab.identifier,
            reason: "is on a group inside another group; vcgraph models it on root groups")
        }
      }
    }
    let previous = controllers[tabBar]
    // The controllers the tabs keep: those named again. The others are let go, and the tab bar's
    // children that are not created tabs any more leave it.
    releaseTabs(of: tabBar, keeping: named)
    let children = Set(previous?.children ?? [])
    let kept = tabs.filter { $0.group == nil }.compactMap { $0.managingNavigationController ?? $0.viewController }
      .filter { children.contains($0) && controllers[$0]?.tabOwner == tabBar }
    let keptSet = Set(kept)
    detach((previous?.children ?? []).filter { !keptSet.contains($0) }, from: tabBar)
    if controllers[tabBar]?.children != kept { controllers[tabBar]?.children = kept }
    // A group keeps the child it last selected when it is given again with that child.
    var newTabs = tabs
    for index in newTabs.indices where newTabs[index].isGroup {
      if let remembered = previous?.tab(newTabs[index].identifier)?.selectedChild,
        tabs.contains(where: { $0.identifier == remembered && $0.group == newTabs[index].identifier })
      {
        newTabs[index].selectedChild = remembered
      }
    }
    controllers[tabBar]?.tabs = newTabs
    controllers[tabBar]?.selectedTab = nil
    controllers[tabBar]?.selectedChild = kept.first
    guard let first = newTabs.first(where: { $0.group == nil }) else { return }
    // UIKit keeps the selected tab when it is still there, else selects the first.
    let selected = previous?.selectedTab.flatMap { identifiers.contains($0) ? $0 : nil } ?? first.identifier
    try select(tab: selected, in: tabBar)
  }

  /// `selectedTab = …` (or `selectedIndex`, `selectedViewController`) on a tab bar controller with iOS 18 tabs.
  mutating func selectUITab(
    _ selection: TabSelection, in tabBar: String, into change: inout Change
  ) throws(RuleViolation) {
    guard let bar = controllers[tabBar] else { return }
    let identifier: String
    switch selection {
    case let .index(index):
      let roots = bar.rootTabs
      guard roots.indices.contains(index) else {
        throw .tabIndexOutOfRange(index, tabBar: reference(tabBar), count: roots.count)
      }
      identifier = roots[index].identifier
    case let .identifier(name):
      guard bar.tab(name) != nil else {
        throw .unknownTab(name, tabBar: reference(tabBar), known: bar.tabs.map(\.identifier))
      }
      identifier = name
    case let .controller(name):
      // A tab's identifier first, then the tab whose controller it names.
      if bar.tab(name) != nil {
        identifier = name
      } else if let tab = bar.tabs.first(where: { $0.viewController == name || $0.managingNavigationController == name }
      ) {
        identifier = tab.identifier
      } else if controllers[name] != nil {
        throw .notATab(reference(name), tabBar: reference(tabBar))
      } else {
        throw .unknownTab(name, tabBar: reference(tabBar), known: bar.tabs.map(\.identifier))
      }
    }
    // Another tab of the group shown now rebuilds the group's navigation stack: a stack change.
    let shownBefore = bar.selectedChild
    try select(tab: identifier, in: tabBar)
    if let shownBefore, controllers[tabBar]?.selectedChild == shownBefore { change.order = .navigation }
  }

  /// `tabBarController.sidebar.isHidden = …`.
  mutating func setSidebarHidden(_ isHidden: Bool, on target: String) throws(RuleViolation) {
    let tabBar = try container(.tabBar, from: target, for: .setSidebar)
    if controllers[tabBar]?.isSidebarHidden != isHidden { controllers[tabBar]?.isSidebarHidden = isHidden }
  }

  /// Selects the tab `identifier` (a group selects one of its tabs), creating the controllers it shows.
  private mutating func select(tab identifier: String, in tabBar: String) throws(RuleViolation) {
    guard let bar = controllers[tabBar] else { return }
    // A group stands for its remembered child, else its default child, else its first.
    var leaf = identifier
    var visited: Set<String> = []
    while let tab = bar.tab(leaf), tab.isGroup, visited.insert(leaf).inserted {
      let children = bar.children(ofTab: leaf)
      guard let first = children.first else { break }
      let named = [tab.selectedChild, tab.defaultChild].compactMap { $0 }
      leaf = named.first { name in children.contains { $0.identifier == name } } ?? first.identifier
    }
    let path = bar.tabPath(to: leaf)
    guard let root = path.first else { return }
    let shown: String
    if root.isGroup, let navigation = root.managingNavigationController {
      // The group's navigation controller holds the controllers from the group down to the tab.
      let stack = path.compactMap(\.viewController)
      guard !stack.isEmpty else { throw .tabWithoutViewController(leaf, tabBar: reference(tabBar)) }
      for id in stack + [navigation] { try create(id, for: tabBar) }
      if controllers[navigation]?.children != stack {
        try replaceChildren(of: navigation, with: stack, action: .setTabs)
      }
      shown = navigation
    } else {
      guard let id = root.viewController else {
        throw .tabWithoutViewController(root.identifier, tabBar: reference(tabBar))
      }
      try create(id, for: tabBar)
      shown = id
    }
    if controllers[shown]?.parent != tabBar {
      try checkCanBecomeChild(shown, of: tabBar)
      // The created controllers are the tab bar's children in the order of their tabs.
      let displayed = Set((controllers[tabBar]?.children ?? []) + [shown])
      let ordered = bar.rootTabs.compactMap { tab -> String? in
        let id = tab.managingNavigationController ?? tab.viewController
        return id.flatMap { displayed.contains($0) ? $0 : nil }
      }
      controllers[tabBar]?.children = ordered
      controllers[shown]?.parent = tabBar
    }
    if controllers[tabBar]?.selectedChild != shown { controllers[tabBar]?.selectedChild = shown }
    controllers[tabBar]?.selectedTab = leaf
    // Each group on the way remembers the child selected in it (`UITabGroup.selectedChild`).
    for (group, child) in zip(path, path.dropFirst()) {
      if let index = controllers[tabBar]?.tabs.firstIndex(where: { $0.identifier == group.identifier }) {
        controllers[tabBar]?.tabs[index].selectedChild = child.identifier
      }
    }
  }

  /// Calls the provider of the tab whose controller is `id`, unless it was called already.
  private mutating func create(_ id: String, for tabBar: String) throws(RuleViolation) {
    let controller = try existing(id)
    guard controller.tabOwner != tabBar else { return }
    if let owner = controller.tabOwner {
      throw .controllerOfAnotherTabBar(controller.reference, tabBar: reference(owner))
    }
    controllers[id]?.tabOwner = tabBar
  }

  /// Lets go of the controllers the tabs of `tabBar` created, but those in `keeping`: each leaves its
  /// managing navigation controller and the tab bar, and is released unless something else holds it.
  mutating func releaseTabs(of tabBar: String, keeping: Set<String>) {
    guard let bar = controllers[tabBar], !bar.tabs.isEmpty else { return }
    for tab in bar.tabs {
      for id in [tab.managingNavigationController, tab.viewController].compactMap({ $0 })
      where !keeping.contains(id) && controllers[id]?.tabOwner == tabBar {
        controllers[id]?.tabOwner = nil
        if let parent = controllers[id]?.parent, parent != tabBar,
          bar.tabs.contains(where: { $0.managingNavigationController == parent })
        {
          detach(id)
        }
      }
    }
    controllers[tabBar]?.tabs = []
    controllers[tabBar]?.selectedTab = nil
  }
}
