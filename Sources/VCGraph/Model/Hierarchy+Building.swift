/// Building a hierarchy from a description of one (a dump, a state document) rather than by replaying UIKit calls.
///
/// These set relations directly and check nothing; the importers check what they read.
extension Hierarchy {
  /// Adds `window` (with its root, if any) after the existing windows.
  mutating func addWindow(_ window: Window) {
    windows.append(window)
  }

  /// Appends `child` to `parent`'s children.
  mutating func attachChild(_ child: String, to parent: String) {
    controllers[parent]?.children.append(child)
    controllers[child]?.parent = parent
  }

  /// Records that `presenter` presents `presented`.
  mutating func attachPresentation(
    _ presented: String, on presenter: String, style: ModalPresentationStyle?, detents: [SheetDetent]? = nil,
    selectedDetentIdentifier: SheetDetent? = nil
  ) {
    controllers[presenter]?.presentation = Presentation(
      presented: presented, style: style, source: presenter, detents: detents,
      selectedDetentIdentifier: selectedDetentIdentifier)
    controllers[presented]?.presenter = presenter
  }

  /// Sets what a description says about a controller: its appearance state, whether its view is
  /// loaded, and what a dump printed for it.
  mutating func setState(
    of id: String, appearance: AppearanceState, isViewLoaded: Bool, dumpRecord: DumpRecord? = nil
  ) {
    controllers[id]?.appearance = appearance
    controllers[id]?.isViewLoaded = isViewLoaded
    controllers[id]?.dumpRecord = dumpRecord
  }

  /// Sets the container details a description gives: the selected tab, a split view's columns and
  /// collapse (nil when the description does not say).
  mutating func setContainerDetails(
    of id: String, selectedChild: String? = nil, hasSupplementaryColumn: Bool = false, hasCompactColumn: Bool = false,
    isCollapsed: Bool? = false
  ) {
    controllers[id]?.selectedChild = selectedChild
    controllers[id]?.hasSupplementaryColumn = hasSupplementaryColumn
    controllers[id]?.hasCompactColumn = hasCompactColumn
    controllers[id]?.isCollapsed = isCollapsed
  }

  /// Gives the tab bar controller `id` its iOS 18 tabs and selected tab; the tabs hold the controllers
  /// in `created` (their providers have run).
  mutating func setTabs(of id: String, _ tabs: [Tab], selected: String?, created: [String]) {
    controllers[id]?.tabs = tabs
    controllers[id]?.selectedTab = selected
    for controller in created { controllers[controller]?.tabOwner = id }
  }

  /// Sets which instance of its declared controller `id` is.
  mutating func setInstance(of id: String, to instance: Int) {
    controllers[id]?.instance = instance
  }
}

extension Hierarchy {
  /// True when the controller's view is in a window (`view.window != nil`).
  ///
  /// A dump says so directly (`not in the window`); for a replayed hierarchy a loaded view is in its
  /// window while the controller is appearing, appeared or disappearing.
  public func isViewInWindow(_ id: String) -> Bool {
    guard let controller = controllers[id], controller.isViewLoaded else { return false }
    if let view = controller.dumpRecord?.view { return view.isInWindow }
    return controller.appearance != .disappeared && window(of: id) != nil
  }
}

extension Hierarchy {
  /// The same hierarchy with controllers renamed: `newIDs` maps old ids to new ones (ids it does
  /// not name are kept). The new ids must be distinct.
  public func renamingControllers(_ newIDs: [String: String]) -> Hierarchy {
    func rename(_ id: String) -> String { newIDs[id] ?? id }
    var renamed = Hierarchy(
      viewControllers: viewControllers.map { controller in
        var copy = controller
        copy.id = rename(controller.id)
        copy.parent = controller.parent.map(rename)
        copy.children = controller.children.map(rename)
        copy.selectedChild = controller.selectedChild.map(rename)
        copy.presenter = controller.presenter.map(rename)
        copy.presentation = controller.presentation.map {
          Presentation(
            presented: rename($0.presented), style: $0.style, source: rename($0.source), detents: $0.detents,
            selectedDetentIdentifier: $0.selectedDetentIdentifier)
        }
        return copy
      })
    renamed.windows = windows.map { window in
      var copy = window
      copy.rootViewController = window.rootViewController.map(rename)
      return copy
    }
    return renamed
  }
}
