extension Hierarchy {
  /// Makes one UIKit call's changes to the relations, with UIKit's rules, into `change`.
  mutating func perform(_ action: Action, into change: inout Change) throws(RuleViolation) {
    switch action {
    case let .setRoot(id, window): try setRoot(id, window: window, into: &change)
    case let .makeKey(window): try makeKey(window)
    case let .push(id, on): try push(id, on: on)
    case let .pop(id): try pop(id, toRoot: false, into: &change)
    case let .popTo(id, on): try popTo(id, on: on)
    case let .popToRoot(id): try pop(id, toRoot: true, into: &change)
    case let .setViewControllers(ids, on): try setViewControllers(ids, on: on, into: &change)
    case let .present(id, source, style, detents):
      try present(id, from: source, style: style, detents: detents, into: &change)
    case let .show(id, source, style): try show(id, from: source, style: style, into: &change)
    case let .showDetail(id, source, style): try showDetail(id, from: source, style: style, into: &change)
    case let .dismiss(id): try dismiss(id, into: &change)
    case let .interactiveDismiss(id): try interactiveDismiss(id, into: &change)
    case let .selectDetent(detent, id, isInteractive):
      try selectDetent(detent, on: id, isInteractive: isInteractive, into: &change)
    case let .addChild(id, container): try addChild(id, to: container, into: &change)
    case let .removeFromParent(id): try removeFromParent(id, into: &change)
    case let .transition(from, to, container): try transition(from: from, to: to, in: container, into: &change)
    case let .setTabs(ids, on): try setTabs(ids, on: on, into: &change)
    case let .setUITabs(tabs, on): try setUITabs(tabs, on: on, into: &change)
    case let .selectTab(selection, on): try selectTab(selection, on: on, into: &change)
    case let .setSidebarHidden(isHidden, on): try setSidebarHidden(isHidden, on: on)
    case let .setSplit(columns, on): try setSplit(columns, on: on)
    case let .setPage(ids, on): try setPage(ids, on: on)
    case let .setTraits(sizeClass, window):
      // A split view collapses or expands inside the trait change, without a push or pop animation.
      change.isAnimated = false
      try setTraits(sizeClass, window: window)
    }
  }

  // MARK: - Windows

  private mutating func setRoot(_ id: String, window windowID: String, into change: inout Change) throws(RuleViolation)
  {
    change.order = .presentation
    // Setting `rootViewController` (at launch or replacing a root) makes the appearance callbacks
    // with `animated: false`: "On App Launch willAppear: NO didAppear: NO" (rdar://18246020,
    // https://github.com/lionheart/openradar-mirror/issues/3223).
    change.isAnimated = false
    let controller = try existing(id)
    if let parent = controller.parent {
      throw .alreadyHasParent(child: controller.reference, parent: reference(parent))
    }
    if let presenter = controller.presenter {
      throw .isPresented(controller.reference, presenter: reference(presenter))
    }
    if let window = windowRooted(at: id) {
      guard window.id == windowID else { throw .rootOfAnotherWindow(controller.reference, window: window.id) }
      return change.log(.alreadyRoot(controller.reference, window: windowID))
    }
    if let index = windows.firstIndex(where: { $0.id == windowID }), windows[index].rootViewController != nil {
      windows[index].rootViewController = id
    } else {
      // The window's first root: windows are in the order they got one, and the first is key.
      let sizeClass =
        fixedHorizontalSizeClass ?? windows.first { $0.id == windowID }?.horizontalSizeClass ?? .regular
      windows.removeAll { $0.id == windowID }
      let hasKey = windows.contains { $0.isKey && $0.rootViewController != nil }
      let position = windows.lastIndex { $0.rootViewController != nil }.map { $0 + 1 } ?? 0
      windows.insert(
        Window(id: windowID, isKey: !hasKey, rootViewController: id, horizontalSizeClass: sizeClass), at: position)
    }
  }

  private mutating func makeKey(_ windowID: String) throws(RuleViolation) {
    guard windows.contains(where: { $0.id == windowID && $0.rootViewController != nil }) else {
      throw .unknownWindow(windowID, known: windows.filter { $0.rootViewController != nil }.map(\.id))
    }
    for index in windows.indices { windows[index].isKey = windows[index].id == windowID }
  }

  private mutating func setTraits(_ sizeClass: SizeClass, window windowID: String) throws(RuleViolation) {
    // A replay in one fixed width (`render --size-classes`) keeps every window in it.
    guard fixedHorizontalSizeClass == nil else { return }
    if let index = windows.firstIndex(where: { $0.id == windowID }) {
      windows[index].horizontalSizeClass = sizeClass
    } else {
      // A window can take its size class before it gets a root view controller (an app launched in
      // compact width); it becomes key, and takes its place among the windows, with its first root.
      windows.append(Window(id: windowID, isKey: false, horizontalSizeClass: sizeClass))
    }
  }

  // MARK: - Navigation

  private mutating func push(_ id: String, on target: String) throws(RuleViolation) {
    let navigation = try container(.navigation, from: target, for: .push)
    try push(id, onto: navigation)
  }

  private mutating func push(_ id: String, onto navigation: String) throws(RuleViolation) {
    let controller = try existing(id)
    if controller.kind == .navigation { throw .pushingNavigationController(controller.reference) }
    if controllers[navigation]?.children.contains(id) == true {
      throw .pushingSameInstance(controller.reference)
    }
    try checkCanBecomeChild(id, of: navigation)
    attach(id, to: navigation)
  }

  private mutating func pop(_ target: String, toRoot: Bool, into change: inout Change) throws(RuleViolation) {
    let navigation = try container(.navigation, from: target, for: toRoot ? .popToRoot : .pop)
    let stack = controllers[navigation]?.children ?? []
    guard stack.count > 1 else {
      let call = toRoot ? "popToRootViewController" : "popViewController"
      return change.log(.nothingToPop(navigation: reference(navigation), call: call, isEmpty: stack.isEmpty))
    }
    detach((toRoot ? Array(stack.dropFirst()) : [stack[stack.count - 1]]).reversed(), from: navigation)
  }

  private mutating func popTo(_ id: String, on target: String?) throws(RuleViolation) {
    let controller = try existing(id)
    let navigation: String
    if let target {
      navigation = try container(.navigation, from: target, for: .popTo)
    } else {
      // UIKit's `navigationController` of a controller is its nearest navigation controller parent.
      guard let parent = controller.parent, let found = nearest(.navigation, from: parent) else {
        throw .popToMissing(controller.reference, navigation: nil)
      }
      navigation = found
    }
    let stack = controllers[navigation]?.children ?? []
    guard let index = stack.firstIndex(of: id) else {
      throw .popToMissing(controller.reference, navigation: reference(navigation))
    }
    detach(stack[(index + 1)...].reversed(), from: navigation)
  }

  // MARK: - Setting a container's children

  private mutating func setViewControllers(
    _ ids: [String], on target: String, into change: inout Change
  ) throws(RuleViolation) {
    // UIKit's containers take their children this way; any other controller means its navigation controller.
    let named = try existing(target)
    let containerID =
      named.kind.isSystemContainer ? target : try container(.navigation, from: target, for: .setViewControllers)
    let kind = try existing(containerID).kind
    switch kind {
    case .tabBar:
      return try setTabs(ids, on: containerID, into: &change)
    case .splitView:
      guard ids.count <= 2 else {
        throw .tooManyChildren(container: reference(containerID), kind: kind, limit: 2, given: ids.count)
      }
      // The compact column is not one of `viewControllers`: it stays.
      try setColumns(
        of: containerID, primary: ids.first, supplementary: nil, secondary: ids.count > 1 ? ids[1] : nil,
        compact: controllers[containerID]?.compactColumn, action: .setViewControllers)
    case .pageView:
      try setPage(ids, on: containerID)
    default:
      if let nested = ids.first(where: { controllers[$0]?.kind == .navigation }) {
        throw .pushingNavigationController(reference(nested))
      }
      try replaceChildren(of: containerID, with: ids, action: .setViewControllers)
    }
  }

  private mutating func setTabs(_ ids: [String], on target: String, into change: inout Change) throws(RuleViolation) {
    change.order = .tabSwitch
    // `setViewControllers(_:animated:)` animates the tab bar's items only; the selected tab's view
    // is swapped without animation, as when a tab is selected.
    change.isAnimated = false
    let tabBar = try container(.tabBar, from: target, for: .setTabs)
    let previous = controllers[tabBar]?.selectedChild
    let previousIndex = previous.flatMap { controllers[tabBar]?.children.firstIndex(of: $0) }
    // View controllers replace iOS 18 tabs: the tabs let go of the controllers they created.
    releaseTabs(of: tabBar, keeping: [])
    try replaceChildren(of: tabBar, with: ids, action: .setTabs)
    // UIKit reselects the previous tab, else the tab at the previous index, else the first.
    if let previous, ids.contains(previous) {
      controllers[tabBar]?.selectedChild = previous
    } else if let previousIndex, ids.indices.contains(previousIndex) {
      controllers[tabBar]?.selectedChild = ids[previousIndex]
    } else {
      controllers[tabBar]?.selectedChild = ids.first
    }
  }

  private mutating func selectTab(
    _ selection: TabSelection, on target: String, into change: inout Change
  ) throws(RuleViolation) {
    change.order = .tabSwitch
    // `selectedViewController` / `selectedIndex` swap the tab's views without animation
    // (`-[UITabBarController _setSelectedViewController:]` calls `transitionFromViewController:
    // toViewController:` with no duration: https://iphonedev.wiki/UITabBarController).
    change.isAnimated = false
    let tabBar = try container(.tabBar, from: target, for: .selectTab)
    if controllers[tabBar]?.tabs.isEmpty == false {
      return try selectUITab(selection, in: tabBar, into: &change)
    }
    let tabs = controllers[tabBar]?.children ?? []
    let selected: String
    switch selection {
    case let .identifier(name):
      throw .unknownTab(name, tabBar: reference(tabBar), known: [])
    case let .controller(id):
      guard tabs.contains(id) else { throw .notATab(try existing(id).reference, tabBar: reference(tabBar)) }
      selected = id
    case let .index(index):
      guard tabs.indices.contains(index) else {
        throw .tabIndexOutOfRange(index, tabBar: reference(tabBar), count: tabs.count)
      }
      selected = tabs[index]
    }
    controllers[tabBar]?.selectedChild = selected
  }

  private mutating func setSplit(_ columns: SplitColumns, on target: String) throws(RuleViolation) {
    let split = try container(.splitView, from: target, for: .setSplit)
    expand(split)
    let current = controllers[split]?.columnChildren ?? []
    let hasSupplementary = controllers[split]?.hasSupplementaryColumn ?? false
    let currentSupplementary = hasSupplementary && current.count > 1 ? current[1] : nil
    let currentSecondary = current.count > (hasSupplementary ? 2 : 1) ? current.last : nil
    try setColumns(
      of: split, primary: columns.primary ?? current.first,
      supplementary: columns.supplementary ?? currentSupplementary,
      secondary: columns.secondary ?? currentSecondary,
      compact: columns.removesCompact ? nil : columns.compact ?? controllers[split]?.compactColumn, action: .setSplit)
  }

  /// Sets a split view's columns, expanding it first if it is collapsed (it collapses again after
  /// the step when its window is compact). The compact column is its last child.
  private mutating func setColumns(
    of split: String, primary: String?, supplementary: String?, secondary: String?, compact: String?,
    action: ActionName
  ) throws(RuleViolation) {
    expand(split)
    guard let primary else { throw .splitViewWithoutPrimary(reference(split), action: action.rawValue) }
    let columns = [primary] + [supplementary, secondary].compactMap { $0 }
    if let compact, columns.contains(compact) {
      throw .compactColumnTwice(reference(compact), splitView: reference(split))
    }
    try replaceChildren(of: split, with: columns + [compact].compactMap { $0 }, action: action)
    controllers[split]?.hasSupplementaryColumn = supplementary != nil
    controllers[split]?.hasCompactColumn = compact != nil
  }

  private mutating func setPage(_ ids: [String], on target: String) throws(RuleViolation) {
    let pageView = try container(.pageView, from: target, for: .setPage)
    guard ids.count <= 2 else {
      throw .tooManyChildren(container: reference(pageView), kind: .pageView, limit: 2, given: ids.count)
    }
    try replaceChildren(of: pageView, with: ids, action: .setPage)
  }

  /// Replaces every child of `containerID` with `ids`, detaching the ones left out.
  mutating func replaceChildren(
    of containerID: String, with ids: [String], action: ActionName
  ) throws(RuleViolation) {
    var seen: Set<String> = []
    for id in ids {
      guard seen.insert(id).inserted else {
        if controllers[containerID]?.kind == .splitView {
          throw .columnTwice(reference(id), splitView: reference(containerID))
        }
        throw .duplicateInList(reference(id), action: action.rawValue)
      }
      if controllers[id]?.parent != containerID { try checkCanBecomeChild(id, of: containerID) }
    }
    detach((controllers[containerID]?.children ?? []).filter { !seen.contains($0) }, from: containerID)
    controllers[containerID]?.children = ids
    for id in ids { controllers[id]?.parent = containerID }
  }

  // MARK: - Custom containment

  private mutating func addChild(_ id: String, to containerID: String, into change: inout Change) throws(RuleViolation)
  {
    let container = try existing(containerID)
    let controller = try existing(id)
    try checkCustomContainer(container)
    if controller.parent == containerID {
      return change.log(.alreadyChild(controller.reference, container: container.reference))
    }
    try checkCanBecomeChild(id, of: containerID)
    attach(id, to: containerID)
    // `container.view.addSubview(child.view)` loads both views.
    change.loads = [containerID, id]
  }

  private func checkCustomContainer(_ container: ViewController) throws(RuleViolation) {
    guard container.kind.isSystemContainer else { return }
    let instead: String
    switch container.kind {
    case .navigation: instead = "push or setViewControllers"
    case .tabBar: instead = "setTabs"
    case .splitView: instead = "setSplit"
    case .pageView: instead = "setPage"
    default: instead = "setViewControllers"
    }
    throw .addChildToSystemContainer(container: container.reference, kind: container.kind, instead: instead)
  }

  private mutating func removeFromParent(_ id: String, into change: inout Change) throws(RuleViolation) {
    let controller = try existing(id)
    guard controller.parent != nil else { return change.log(.noParent(controller.reference)) }
    detach(id)
  }

  private mutating func transition(
    from old: String, to new: String, in containerID: String, into change: inout Change
  ) throws(RuleViolation) {
    let container = try existing(containerID)
    let oldController = try existing(old)
    let newController = try existing(new)
    if container.kind.isSystemContainer {
      throw .transitionInSystemContainer(container: container.reference, kind: container.kind)
    }
    if old == new { throw .transitionToItself(oldController.reference) }
    guard oldController.parent == containerID else {
      throw .transitionWithoutCommonParent(from: oldController.reference, to: newController.reference)
    }
    if newController.parent == containerID {
      throw .transitionToExistingChild(newController.reference, container: container.reference)
    }
    try checkCanBecomeChild(new, of: containerID)
    guard let index = controllers[containerID]?.children.firstIndex(of: old) else { return }
    controllers[containerID]?.children[index] = new
    controllers[new]?.parent = containerID
    controllers[old]?.parent = nil
    change.loads = [new]
  }

  // MARK: - Presentation

  private mutating func present(
    _ id: String, from source: String, style: ModalPresentationStyle, detents: [SheetDetent]? = nil,
    into change: inout Change
  ) throws(RuleViolation) {
    change.order = .presentation
    let controller = try existing(id)
    let sourceController = try existing(source)
    if let parent = controller.parent {
      throw .presentingChild(controller.reference, parent: reference(parent))
    }
    if controller.presenter != nil || windowRooted(at: id) != nil || isSelfOrAncestor(id, of: source) {
      throw .presentingActiveController(controller.reference)
    }
    let presenter = presentingController(for: source, style: style)
    if region(of: id).contains(presenter) {
      throw .presentationCycle(controller.reference, presenter: reference(presenter))
    }
    if change.running?.isPresentation == true {
      return change.log(
        .presentationInProgress(
          presented: controller.reference, presenter: reference(presenter), source: sourceController.reference))
    }
    if let current = controllers[presenter]?.presentation?.presented {
      return change.log(
        .alreadyPresenting(
          presented: controller.reference, presenter: reference(presenter), source: sourceController.reference,
          current: reference(current)))
    }
    guard controllers[presenter]?.appearance.isOnScreen == true else {
      return change.log(
        .notInWindowHierarchy(
          presented: controller.reference, presenter: reference(presenter), source: sourceController.reference))
    }
    // An alert controller brings its own presentation, whatever `automatic` means for other controllers.
    let style = style == .automatic && controller.className == "UIAlertController" ? .custom : style
    if detents != nil, !style.isSheet { throw .detentsWithoutSheet(controller.reference, style: style) }
    controllers[presenter]?.presentation = Presentation(presented: id, style: style, source: source, detents: detents)
    controllers[id]?.presenter = presenter
    // UIKit forwards the call but logs it when the source's own view is not in the window.
    if sourceController.appearance.isOnScreen == false {
      change.log(.detachedPresentation(source: sourceController.reference))
    }
  }

  /// The controller that really presents when `source` calls `present` with `style`.
  ///
  /// The current-context styles use the nearest controller that defines a presentation context;
  /// every other style is forwarded to the outermost controller of the source's containment tree,
  /// which covers the screen: the window's root or the presented controller holding the source.
  public func presentingController(for source: String, style: ModalPresentationStyle) -> String {
    if style.usesPresentationContext,
      let context = lineage(of: source).first(where: {
        controllers[$0]?.definesPresentationContext == true
      })
    {
      return context
    }
    return containmentRoot(of: source)
  }

  private mutating func show(
    _ id: String, from source: String, style: ModalPresentationStyle, into change: inout Change
  ) throws(RuleViolation) {
    _ = try existing(source)
    // UINavigationController overrides show(_:sender:) to push; without one, UIKit presents.
    if let navigation = nearest(.navigation, from: source) {
      try push(id, onto: navigation)
    } else {
      try present(id, from: source, style: style, into: &change)
    }
  }

  private mutating func showDetail(
    _ id: String, from source: String, style: ModalPresentationStyle, into change: inout Change
  ) throws(RuleViolation) {
    _ = try existing(source)
    guard let split = nearest(.splitView, from: source), let splitView = controllers[split] else {
      return try present(id, from: source, style: style, into: &change)
    }
    if splitView.isCollapsed == true, !splitView.hasCompactColumn, let primary = splitView.children.first,
      controllers[primary]?.kind == .navigation
    {
      // A collapsed split view shows the detail on the primary navigation stack.
      return try push(id, onto: primary)
    }
    let columns = splitView.columnChildren
    if columns.count > (splitView.hasSupplementaryColumn ? 2 : 1), columns.last == id { return }
    // Expanded, the detail replaces the secondary column; collapsed with a plain primary or with a
    // compact column, it does too but stays hidden until the split view expands.
    try replaceSecondary(of: split, with: id)
  }

  private mutating func replaceSecondary(of split: String, with id: String) throws(RuleViolation) {
    guard let splitView = controllers[split] else { return }
    if id == splitView.compactColumn { throw .compactColumnTwice(reference(id), splitView: reference(split)) }
    var columns = splitView.columnChildren
    if splitView.hasSupplementaryColumn && columns.count < 2 {
      // A three-column split view left with only its primary: the detail is its secondary column.
      controllers[split]?.hasSupplementaryColumn = false
    }
    let secondaryIndex = controllers[split]?.hasSupplementaryColumn == true ? 2 : 1
    if columns.count > secondaryIndex {
      columns[secondaryIndex] = id
    } else {
      columns.append(id)
    }
    try replaceChildren(of: split, with: columns + [splitView.compactColumn].compactMap { $0 }, action: .showDetail)
  }

  private mutating func dismiss(_ id: String, into change: inout Change) throws(RuleViolation) {
    change.order = .presentation
    let controller = try existing(id)
    let target: String
    if let presented = presentedViewController(of: id) {
      target = presented
    } else if let presentedRoot = lineage(of: id).first(where: { controllers[$0]?.presenter != nil }) {
      target = presentedRoot
    } else {
      return change.log(.nothingToDismiss(controller.reference))
    }
    if change.running?.isPresentation == true, let presenter = controllers[target]?.presenter {
      return change.log(.dismissInProgress(presenter: reference(presenter)))
    }
    dismissChain(from: target)
  }

  private mutating func interactiveDismiss(_ id: String, into change: inout Change) throws(RuleViolation) {
    change.order = .presentation
    let controller = try existing(id)
    guard let sheet = lineage(of: id).first(where: { controllers[$0]?.presenter != nil }),
      let presenter = controllers[sheet]?.presenter, let presentation = controllers[presenter]?.presentation
    else { throw .notPresented(controller.reference) }
    if let above = presentationChain(above: sheet).first {
      throw .notTopmostPresentation(reference(sheet), presenting: reference(above))
    }
    guard controllers[sheet]?.appearance.isOnScreen == true else { throw .notOnScreen(reference(sheet)) }
    switch presentation.style?.resolved {
    case .pageSheet?, .formSheet?, .popover?: break
    default: throw .notInteractivelyDismissible(reference(sheet), style: presentation.style ?? .custom)
    }
    // `isModalInPresentation` on the sheet or on a controller it shows blocks the gesture.
    let shown = [sheet] + descendants(of: sheet).filter { controllers[$0]?.appearance.isOnScreen == true }
    if shown.contains(where: { controllers[$0]?.isModalInPresentation == true }) {
      change.leading = [LifecycleEvent(sheet, .presentationControllerDidAttemptToDismiss)]
      change.isRefused = true
      return
    }
    change.leading = [
      LifecycleEvent(sheet, .presentationControllerShouldDismiss),
      LifecycleEvent(sheet, .presentationControllerWillDismiss),
    ]
    change.trailing = [LifecycleEvent(sheet, .presentationControllerDidDismiss)]
    dismissChain(from: sheet)
  }

  /// Changes the selected detent of the sheet holding `id`. Set by the app, UIKit makes no callback
  /// ("The system doesn't call this after you change selectedDetentIdentifier programmatically":
  /// Apple's documentation of `sheetPresentationControllerDidChangeSelectedDetentIdentifier(_:)`);
  /// dragged by the user, it tells the delegate after the change. The sheet's views stay where
  /// they are either way, and so does the presenter under it: no appearance callbacks.
  private mutating func selectDetent(
    _ detent: SheetDetent, on id: String, isInteractive: Bool, into change: inout Change
  ) throws(RuleViolation) {
    let controller = try existing(id)
    let action = ActionName.selectDetent.rawValue
    guard let sheet = lineage(of: id).first(where: { controllers[$0]?.presenter != nil }),
      let presenter = controllers[sheet]?.presenter, let presentation = controllers[presenter]?.presentation,
      let detents = presentation.sheetDetents
    else { throw .notInSheet(controller.reference, action: action) }
    guard detents.contains(detent) else {
      throw .unknownDetent(detent, sheet: reference(sheet), detents: detents)
    }
    if isInteractive {
      if let above = presentationChain(above: sheet).first {
        throw .sheetNotDraggable(reference(sheet), reason: "it presents \(reference(above)), which covers it")
      }
      guard controllers[sheet]?.appearance.isOnScreen == true else {
        throw .sheetNotDraggable(reference(sheet), reason: "it is not on screen")
      }
      // A drag ending where it began changes nothing and tells nobody.
      guard presentation.selectedDetent != detent else { return }
      change.trailing = [LifecycleEvent(sheet, .sheetPresentationControllerDidChangeSelectedDetentIdentifier)]
    }
    if presentation.selectedDetentIdentifier != detent {
      controllers[presenter]?.presentation?.selectedDetentIdentifier = detent
    }
  }

  /// Dismisses `presented` and every controller presented above it, top first.
  private mutating func dismissChain(from presented: String) {
    for id in ([presented] + presentationChain(above: presented)).reversed() {
      if let presenter = controllers[id]?.presenter {
        controllers[presenter]?.presentation = nil
      }
      controllers[id]?.presenter = nil
    }
  }

  // MARK: - Shared rules

  func existing(_ id: String) throws(RuleViolation) -> ViewController {
    guard let controller = controllers[id] else { throw .unknownController(id) }
    return controller
  }

  func reference(_ id: String) -> String {
    controllers[id]?.reference ?? "<\(id)>"
  }

  /// The nearest container of `kind` at or above `target`, as UIKit's `navigationController` finds it.
  func container(
    _ kind: ViewControllerKind, from target: String, for action: ActionName
  ) throws(RuleViolation) -> String {
    let named = try existing(target)
    guard let found = nearest(kind, from: target) else {
      throw .notInContainer(named.reference, kind: kind, action: action.rawValue)
    }
    return found
  }

  /// Checks that `id` can become a child of `parentID`: no other parent, not presented, not a root, no cycle.
  func checkCanBecomeChild(_ id: String, of parentID: String) throws(RuleViolation) {
    let controller = try existing(id)
    if let parent = controller.parent, parent != parentID {
      throw .alreadyHasParent(child: controller.reference, parent: reference(parent))
    }
    if let presenter = controller.presenter {
      throw .isPresented(controller.reference, presenter: reference(presenter))
    }
    if let window = windowRooted(at: id) {
      throw .isWindowRoot(controller.reference, window: window.id)
    }
    // The region holds `id` and its descendants, so a parent that is `id` or below it is in it: no
    // walk up from the parent (a walk as long as the nest is deep, at every step of a deep nest).
    if region(of: id).contains(parentID) {
      throw .cycle(child: controller.reference, parent: reference(parentID))
    }
  }

  /// `id`, its descendants, and everything presented above them with their descendants: what
  /// would come along with `id`, so none of it can become `id`'s parent or presenter.
  private func region(of id: String) -> Set<String> {
    var region: Set<String> = [id]
    for member in [id] + presentationChain(above: id) {
      region.insert(member)
      region.formUnion(descendants(of: member))
    }
    return region
  }

  mutating func attach(_ id: String, to parentID: String) {
    controllers[parentID]?.children.append(id)
    controllers[id]?.parent = parentID
  }

  /// Detaches each of `ids` in turn, as many ``detach(_:)`` calls would, in time in proportion to
  /// `parentID`'s children rather than to their square: the ids whose parent is `parentID` leave its
  /// children together, and its selected child moves on as it would one detach at a time.
  mutating func detach(_ ids: some Sequence<String>, from parentID: String) {
    let children = controllers[parentID]?.children ?? []
    var selected = controllers[parentID]?.selectedChild
    var removed: Set<String> = []
    // The first child not yet removed: what `children.first` is after the removals so far.
    var firstKept = 0
    for id in ids {
      guard let parent = controllers[id]?.parent else { continue }
      guard parent == parentID else {
        detach(id)
        continue
      }
      removed.insert(id)
      controllers[id]?.parent = nil
      if selected == id {
        while firstKept < children.count && removed.contains(children[firstKept]) { firstKept += 1 }
        selected = firstKept < children.count ? children[firstKept] : nil
      }
    }
    guard !removed.isEmpty else { return }
    controllers[parentID]?.children = children.filter { !removed.contains($0) }
    if controllers[parentID]?.selectedChild != selected { controllers[parentID]?.selectedChild = selected }
  }

  mutating func detach(_ id: String) {
    guard let parentID = controllers[id]?.parent else { return }
    controllers[parentID]?.children.removeAll { $0 == id }
    if controllers[parentID]?.selectedChild == id {
      let first = controllers[parentID]?.children.first
      controllers[parentID]?.selectedChild = first
    }
    controllers[id]?.parent = nil
  }
}
