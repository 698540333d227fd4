import Foundation

/// The JSON that `vcgraph state --json` prints: the hierarchy after each step.
///
/// Every declared controller is listed, with null relations when it is not attached.
public struct StateDocument: Sendable, Encodable {
  public var steps: [StepState]
  /// For `vcgraph storyboard --format json`: the storyboard's segues and references; nil (and not
  /// written) for anything else.
  public var storyboard: StoryboardSummary?

  public init(frames: some Sequence<Frame>) {
    steps = frames.map(StepState.init(frame:))
  }

  public init(steps: [StepState]) {
    self.steps = steps
  }

  /// The document as pretty-printed JSON with sorted keys, ending in a newline.
  public func jsonString() -> String {
    JSONText.encode(self)
  }

  /// One step: its number, its action and the hierarchy after it.
  public struct StepState: Sendable, Encodable {
    public var number: Int
    public var action: String
    public var windows: [WindowState]
    public var viewControllers: [ViewControllerState]

    public init(frame: Frame) {
      self.init(number: frame.step.number, action: frame.step.action.summary, hierarchy: frame.hierarchy)
    }

    /// A step that led to `hierarchy`; an imported dump is one step whose action says where it came from.
    public init(number: Int, action: String, hierarchy: Hierarchy) {
      self.number = number
      self.action = action
      windows = hierarchy.windows.map {
        WindowState(
          id: $0.id, isKey: $0.isKey, rootViewController: $0.rootViewController,
          horizontalSizeClass: $0.horizontalSizeClass)
      }
      let derived = hierarchy.derivedRelations()
      viewControllers = hierarchy.viewControllers.map { ViewControllerState($0, in: hierarchy, derived: derived) }
    }
  }

  public struct WindowState: Sendable, Encodable {
    public var id: String
    public var isKey: Bool
    public var rootViewController: String?
    public var horizontalSizeClass: SizeClass

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(isKey, forKey: .isKey)
      try container.encode(rootViewController, forKey: .rootViewController)
      try container.encode(horizontalSizeClass, forKey: .horizontalSizeClass)
    }

    enum CodingKeys: String, CodingKey { case id, isKey, rootViewController, horizontalSizeClass }
  }

  /// A controller as UIKit's properties describe it.
  public struct ViewControllerState: Sendable, Encodable {
    public var id: String
    public var className: String
    public var kind: ViewControllerKind
    /// For a hosting controller, the SwiftUI view it shows (`LibraryView`); the key is left out for
    /// other kinds.
    public var swiftUIView: String?
    public var title: String?
    public var restorationIdentifier: String?
    /// Which instance of the declared controller this is, from 1 (a deallocated controller named again is a new one).
    public var instance: Int
    public var parent: String?
    public var children: [String]
    public var selectedViewController: String?
    /// For a split view, `isCollapsed`; null for other controllers, and for a split view whose input
    /// does not say (a dump that shows neither one column nor several on screen).
    public var isCollapsed: Bool?
    /// For a split view with a compact column (iOS 14), that column's controller, its last child;
    /// the key is left out otherwise.
    public var compactColumn: String?
    /// For a tab bar controller given iOS 18 tabs, its `tabs` (groups before their children); nil,
    /// and not written, for any other controller.
    public var tabs: [TabState]?
    /// For a tab bar controller with iOS 18 tabs, the identifier of `selectedTab`.
    public var selectedTab: String?
    /// For a tab bar controller with iOS 18 tabs (or a mode other than `automatic`), `mode`.
    public var mode: TabBarMode?
    /// For a tab bar controller with iOS 18 tabs (or a hidden sidebar), `sidebar.isHidden`.
    public var isSidebarHidden: Bool?
    /// For a tab bar controller with iOS 18 tabs, what its sidebar shows in its window's width.
    public var sidebar: SidebarState?
    /// UIKit's `presentingViewController` (also set on the children of a presented controller).
    public var presentingViewController: String?
    /// UIKit's `presentedViewController` (also set on the children of a presenting controller).
    public var presentedViewController: String?
    /// The style of the presentation, when the controller is presented.
    public var modalPresentationStyle: ModalPresentationStyle?
    /// For a controller presented as a sheet, its `sheetPresentationController.detents` by
    /// identifier, smallest first (`["large"]` unless the app set them); the key is left out otherwise.
    public var sheetDetents: [String]?
    /// For a controller presented as a sheet, the detent it rests at: its `selectedDetentIdentifier`,
    /// or the smallest detent when none is selected, as UIKit shows it; left out otherwise.
    public var selectedDetent: String?
    public var state: AppearanceState
    public var isViewLoaded: Bool
    /// True when the view is in a window (`view.window != nil`); a dump says `not in the window` otherwise.
    public var isViewInWindow: Bool
    public var window: String?
    /// The instance's address, when it was imported from a dump that printed one (and pointers were kept).
    public var address: String?
    /// The class of the presentation controller a dump printed after `presented with:`.
    public var presentationController: String?
    /// The line of the dump that listed the controller, for a hierarchy imported from one.
    public var dumpLine: Int?
    /// The class of the view a dump printed (`UITableView`), for a hierarchy imported from one.
    public var viewClass: String?

    public init(_ controller: ViewController, in hierarchy: Hierarchy) {
      self.init(controller, in: hierarchy, derived: nil)
    }

    /// The controller's state, with what it derives from the relations above it found beforehand
    /// for every controller (or, when `derived` is nil, walked up to now).
    init(_ controller: ViewController, in hierarchy: Hierarchy, derived: DerivedRelations?) {
      id = controller.id
      className = controller.className
      kind = controller.kind
      swiftUIView = controller.swiftUIRootView
      title = controller.title
      restorationIdentifier = controller.restorationIdentifier
      instance = controller.instance
      parent = controller.parent
      children = controller.children
      selectedViewController = controller.kind == .tabBar ? controller.selectedChild : nil
      isCollapsed = controller.kind == .splitView ? controller.isCollapsed : nil
      compactColumn = controller.compactColumn
      if controller.kind == .tabBar {
        let hasTabs = !controller.tabs.isEmpty
        if hasTabs {
          tabs = controller.tabs.map { TabState($0, isCreated: hierarchy.isCreated($0, in: controller.id)) }
          selectedTab = controller.selectedTab
        }
        if hasTabs || controller.tabBarMode != .automatic || controller.isSidebarHidden {
          mode = controller.tabBarMode
          isSidebarHidden = controller.isSidebarHidden
        }
        sidebar = hierarchy.sidebarState(
          of: controller.id,
          sizeClass: derived.flatMap { $0.window[controller.id] }.flatMap { hierarchy.window(named: $0) }?
            .horizontalSizeClass)
      }
      presentingViewController =
        derived.map { $0.presenting[controller.id] } ?? hierarchy.presentingViewController(of: controller.id)
      presentedViewController =
        derived.map { $0.presented[controller.id] } ?? hierarchy.presentedViewController(of: controller.id)
      let presentation = controller.presenter.flatMap { hierarchy[$0]?.presentation }
      modalPresentationStyle = presentation?.style
      sheetDetents = presentation?.sheetDetents?.map(\.identifier)
      selectedDetent = presentation?.selectedDetent?.identifier
      state = controller.appearance
      isViewLoaded = controller.isViewLoaded
      window = derived.map { $0.window[controller.id] } ?? hierarchy.window(of: controller.id)?.id
      isViewInWindow = hierarchy.isViewInWindow(controller.id, window: window)
      address = controller.dumpRecord?.address
      presentationController = controller.dumpRecord?.presentationController?.className
      dumpLine = controller.dumpRecord?.line
      viewClass = controller.dumpRecord?.view?.className
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(className, forKey: .className)
      try container.encode(kind, forKey: .kind)
      try container.encodeIfPresent(swiftUIView, forKey: .swiftUIView)
      try container.encode(title, forKey: .title)
      try container.encode(restorationIdentifier, forKey: .restorationIdentifier)
      try container.encode(instance, forKey: .instance)
      try container.encode(parent, forKey: .parent)
      try container.encode(children, forKey: .children)
      try container.encode(selectedViewController, forKey: .selectedViewController)
      try container.encode(isCollapsed, forKey: .isCollapsed)
      try container.encodeIfPresent(compactColumn, forKey: .compactColumn)
      try container.encodeIfPresent(tabs, forKey: .tabs)
      if tabs != nil { try container.encode(selectedTab, forKey: .selectedTab) }
      try container.encodeIfPresent(mode, forKey: .mode)
      try container.encodeIfPresent(isSidebarHidden, forKey: .isSidebarHidden)
      try container.encodeIfPresent(sidebar, forKey: .sidebar)
      try container.encode(presentingViewController, forKey: .presentingViewController)
      try container.encode(presentedViewController, forKey: .presentedViewController)
      try container.encode(modalPresentationStyle, forKey: .modalPresentationStyle)
      try container.encodeIfPresent(sheetDetents, forKey: .sheetDetents)
      try container.encodeIfPresent(selectedDetent, forKey: .selectedDetent)
      try container.encode(state, forKey: .state)
      try container.encode(isViewLoaded, forKey: .isViewLoaded)
      try container.encode(isViewInWindow, forKey: .isViewInWindow)
      try container.encode(window, forKey: .window)
      try container.encode(address, forKey: .address)
      try container.encode(presentationController, forKey: .presentationController)
      try container.encode(dumpLine, forKey: .dumpLine)
      try container.encode(viewClass, forKey: .viewClass)
    }

    enum CodingKeys: String, CodingKey {
      case id, kind, swiftUIView, title, restorationIdentifier, instance, parent, children, selectedViewController,
        isCollapsed, compactColumn
      case tabs, selectedTab, mode, isSidebarHidden, sidebar
      case presentingViewController
      case presentedViewController, modalPresentationStyle, sheetDetents, selectedDetent, state, isViewLoaded,
        isViewInWindow, window
      case address, presentationController, dumpLine, viewClass
      case className = "class"
    }
  }

  /// One iOS 18 tab (`UITab`) or tab group (`UITabGroup`) of a tab bar controller.
  public struct TabState: Sendable, Codable, Hashable {
    public var identifier: String
    public var title: String?
    /// True for a `UITabGroup`.
    public var isGroup: Bool
    /// The identifier of the group holding the tab; null for a root tab.
    public var group: String?
    /// The controller the tab's view controller provider returns.
    public var viewController: String?
    /// True once the provider has run: the tab holds its controller (`UITab.viewController`).
    public var hasViewController: Bool
    /// For a group: its `managingNavigationController`.
    public var managingNavigationController: String?
    /// For a group: `defaultChildIdentifier`.
    public var defaultChild: String?
    /// For a group: the child last selected in it (`selectedChild`).
    public var selectedChild: String?

    init(_ tab: Tab, isCreated: Bool) {
      identifier = tab.identifier
      title = tab.title
      isGroup = tab.isGroup
      group = tab.group
      viewController = tab.viewController
      hasViewController = isCreated
      managingNavigationController = tab.managingNavigationController
      defaultChild = tab.defaultChild
      selectedChild = tab.selectedChild
    }

    /// The tab it describes, with the child a group last selected.
    var tab: Tab {
      var tab = Tab(
        identifier: identifier, title: title, viewController: viewController, group: group, isGroup: isGroup,
        managingNavigationController: managingNavigationController, defaultChild: defaultChild)
      tab.selectedChild = selectedChild
      return tab
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(identifier, forKey: .identifier)
      try container.encode(title, forKey: .title)
      try container.encode(isGroup, forKey: .isGroup)
      try container.encode(group, forKey: .group)
      try container.encode(viewController, forKey: .viewController)
      try container.encode(hasViewController, forKey: .hasViewController)
      try container.encode(managingNavigationController, forKey: .managingNavigationController)
      try container.encode(defaultChild, forKey: .defaultChild)
      try container.encode(selectedChild, forKey: .selectedChild)
    }

    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      identifier = try container.decode(String.self, forKey: .identifier)
      title = try container.decodeIfPresent(String.self, forKey: .title)
      isGroup = try container.decodeIfPresent(Bool.self, forKey: .isGroup) ?? false
      group = try container.decodeIfPresent(String.self, forKey: .group)
      viewController = try container.decodeIfPresent(String.self, forKey: .viewController)
      hasViewController = try container.decodeIfPresent(Bool.self, forKey: .hasViewController) ?? false
      managingNavigationController = try container.decodeIfPresent(String.self, forKey: .managingNavigationController)
      defaultChild = try container.decodeIfPresent(String.self, forKey: .defaultChild)
      selectedChild = try container.decodeIfPresent(String.self, forKey: .selectedChild)
    }

    enum CodingKeys: String, CodingKey {
      case identifier, title, isGroup, group, viewController, hasViewController, managingNavigationController
      case defaultChild, selectedChild
    }
  }
}
