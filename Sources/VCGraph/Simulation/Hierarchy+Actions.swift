extension Hierarchy {
  /// Applies one UIKit call with UIKit's rules and updates every controller's appearance.
  ///
  /// - Returns: Warnings for calls UIKit accepts but ignores (popping a root, dismissing nothing).
  /// - Throws: ``RuleViolation`` when UIKit would raise or refuse; the hierarchy is then unchanged.
  public mutating func apply(_ action: Action) throws(RuleViolation) -> [String] {
    var next = self
    let warnings = try next.perform(action)
    next.updateAppearance()
    self = next
    return warnings
  }

  private mutating func perform(_ action: Action) throws(RuleViolation) -> [String] {
    switch action {
    case let .setRoot(id, window): return try setRoot(id, window: window)
    case let .push(id, on): return try push(id, on: on)
    case let .pop(id): return try pop(id, toRoot: false)
    case let .popToRoot(id): return try pop(id, toRoot: true)
    case let .setViewControllers(ids, on): return try setViewControllers(ids, on: on)
    case let .present(id, source, style): return try present(id, from: source, style: style)
    case let .dismiss(id): return try dismiss(id)
    case let .addChild(id, container): return try addChild(id, to: container)
    case let .removeFromParent(id): return try removeFromParent(id)
    case let .setTabs(ids, on): return try setTabs(ids, on: on)
    case let .selectTab(selection, on): return try selectTab(selection, on: on)
    }
  }

  // MARK: - Windows

  private mutating func setRoot(_ id: String, window windowID: String) throws(RuleViolation) -> [String] {
    let controller = try existing(id)
    if let parent = controller.parent {
      throw .alreadyHasParent(child: controller.reference, parent: reference(parent))
    }
    if let presenter = controller.presenter {
      throw .isPresented(controller.reference, presenter: reference(presenter))
    }
    if let window = windowRooted(at: id) {
      guard window.id == windowID else { throw .rootOfAnotherWindow(controller.reference, window: window.id) }
      return ["\(controller.reference) is already the root view controller of window '\(windowID)'; nothing changes."]
    }
    if let index = windows.firstIndex(where: { $0.id == windowID }) {
      windows[index].rootViewController = id
    } else {
      windows.append(Window(id: windowID, isKey: windows.isEmpty, rootViewController: id))
    }
    return []
  }

  // MARK: - Navigation

  private mutating func push(_ id: String, on target: String) throws(RuleViolation) -> [String] {
    let navigation = try container(.navigation, from: target, for: "push")
    let controller = try existing(id)
    if controller.kind == .navigation { throw .pushingNavigationController(controller.reference) }
    if controllers[navigation]?.children.contains(id) == true {
      throw .pushingSameInstance(controller.reference)
    }
    try checkCanBecomeChild(id, of: navigation)
    attach(id, to: navigation)
    return []
  }

  private mutating func pop(_ target: String, toRoot: Bool) throws(RuleViolation) -> [String] {
    let navigation = try container(.navigation, from: target, for: toRoot ? "popToRoot" : "pop")
    let stack = controllers[navigation]?.children ?? []
    guard stack.count > 1 else {
      let call = toRoot ? "popToRootViewController" : "popViewController"
      let contents = stack.isEmpty ? "no view controllers" : "only its root view controller"
      return ["\(reference(navigation)) has \(contents); \(call) does nothing."]
    }
    for popped in (toRoot ? Array(stack.dropFirst()) : [stack[stack.count - 1]]).reversed() {
      detach(popped)
    }
    return []
  }

  // MARK: - Setting a container's children

  private mutating func setViewControllers(_ ids: [String], on target: String) throws(RuleViolation) -> [String] {
    // UIKit's containers take their children this way; any other controller means its navigation controller.
    let named = try existing(target)
    let containerID =
      named.kind.isSystemContainer ? target : try container(.navigation, from: target, for: "setViewControllers")
    let kind = try existing(containerID).kind
    if kind == .tabBar { return try setTabs(ids, on: containerID) }
    if kind == .navigation, let nested = ids.first(where: { controllers[$0]?.kind == .navigation }) {
      throw .pushingNavigationController(reference(nested))
    }
    if kind == .splitView || kind == .pageView, ids.count > 2 {
      throw .tooManyChildren(container: reference(containerID), kind: kind, limit: 2, given: ids.count)
    }
    try replaceChildren(of: containerID, with: ids, action: "setViewControllers")
    return []
  }

  private mutating func setTabs(_ ids: [String], on target: String) throws(RuleViolation) -> [String] {
    let tabBar = try container(.tabBar, from: target, for: "setTabs")
    let previous = controllers[tabBar]?.selectedChild
    let previousIndex = previous.flatMap { controllers[tabBar]?.children.firstIndex(of: $0) }
    try replaceChildren(of: tabBar, with: ids, action: "setTabs")
    // UIKit reselects the previous tab, else the tab at the previous index, else the first.
    if let previous, ids.contains(previous) {
      controllers[tabBar]?.selectedChild = previous
    } else if let previousIndex, ids.indices.contains(previousIndex) {
      controllers[tabBar]?.selectedChild = ids[previousIndex]
    } else {
      controllers[tabBar]?.selectedChild = ids.first
    }
    return []
  }

  private mutating func selectTab(_ selection: TabSelection, on target: String) throws(RuleViolation) -> [String] {
    let tabBar = try container(.tabBar, from: target, for: "selectTab")
    let tabs = controllers[tabBar]?.children ?? []
    let selected: String
    switch selection {
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
    return []
  }

  /// Replaces every child of `containerID` with `ids`, detaching the ones left out.
  private mutating func replaceChildren(
    of containerID: String, with ids: [String], action: String
  ) throws(RuleViolation) {
    var seen: Set<String> = []
    for id in ids {
      guard seen.insert(id).inserted else { throw .duplicateInList(reference(id), action: action) }
      if controllers[id]?.parent != containerID { try checkCanBecomeChild(id, of: containerID) }
    }
    for old in controllers[containerID]?.children ?? [] where !seen.contains(old) {
      detach(old)
    }
    controllers[containerID]?.children = ids
    for id in ids { controllers[id]?.parent = containerID }
  }

  // MARK: - Custom containment

  private mutating func addChild(_ id: String, to containerID: String) throws(RuleViolation) -> [String] {
    let container = try existing(containerID)
    let controller = try existing(id)
    if container.kind.isSystemContainer {
      let instead: String
      switch container.kind {
      case .navigation: instead = "push or setViewControllers"
      case .tabBar: instead = "setTabs"
      default: instead = "setViewControllers"
      }
      throw .addChildToSystemContainer(container: container.reference, kind: container.kind, instead: instead)
    }
    if controller.parent == containerID {
      return ["\(controller.reference) is already a child of \(container.reference); nothing changes."]
    }
    try checkCanBecomeChild(id, of: containerID)
    attach(id, to: containerID)
    return []
  }

  private mutating func removeFromParent(_ id: String) throws(RuleViolation) -> [String] {
    let controller = try existing(id)
    guard controller.parent != nil else {
      return ["\(controller.reference) has no parent; removeFromParent does nothing."]
    }
    detach(id)
    return []
  }

  // MARK: - Presentation

  private mutating func present(
    _ id: String, from source: String, style: ModalPresentationStyle
  ) throws(RuleViolation) -> [String] {
    let controller = try existing(id)
    let sourceController = try existing(source)
    if let parent = controller.parent {
      throw .presentingChild(controller.reference, parent: reference(parent))
    }
    if controller.presenter != nil || windowRooted(at: id) != nil || isSelfOrAncestor(id, of: source) {
      throw .presentingActiveController(controller.reference)
    }
    let presenter = presentingController(for: source, style: style)
    if let current = controllers[presenter]?.presentation?.presented {
      throw .alreadyPresenting(
        presented: controller.reference, presenter: reference(presenter),
        source: sourceController.reference, current: reference(current))
    }
    guard controllers[presenter]?.appearance.isOnScreen == true else {
      throw .notInWindowHierarchy(
        presented: controller.reference, presenter: reference(presenter), source: sourceController.reference)
    }
    // An alert controller brings its own presentation, whatever `automatic` means for other controllers.
    let style = style == .automatic && controller.className == "UIAlertController" ? .custom : style
    controllers[presenter]?.presentation = Presentation(presented: id, style: style, source: source)
    controllers[id]?.presenter = presenter
    // UIKit forwards the call but logs it when the source's own view is not in the window.
    if sourceController.appearance.isOnScreen == false {
      return ["Presenting view controllers on detached view controllers is discouraged \(sourceController.reference)."]
    }
    return []
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

  private mutating func dismiss(_ id: String) throws(RuleViolation) -> [String] {
    let controller = try existing(id)
    if let presented = presentedViewController(of: id) {
      dismissChain(from: presented)
    } else if let presentedRoot = lineage(of: id).first(where: { controllers[$0]?.presenter != nil }) {
      dismissChain(from: presentedRoot)
    } else {
      return ["\(controller.reference) is not presenting or presented; dismiss does nothing."]
    }
    return []
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

  private func existing(_ id: String) throws(RuleViolation) -> ViewController {
    guard let controller = controllers[id] else { throw .unknownController(id) }
    return controller
  }

  private func reference(_ id: String) -> String {
    controllers[id]?.reference ?? "<\(id)>"
  }

  /// The nearest container of `kind` at or above `target`, as UIKit's `navigationController` finds it.
  private func container(
    _ kind: ViewControllerKind, from target: String, for action: String
  ) throws(RuleViolation) -> String {
    let named = try existing(target)
    guard let found = nearest(kind, from: target) else {
      throw .notInContainer(named.reference, kind: kind, action: action)
    }
    return found
  }

  /// Checks that `id` can become a child of `parentID`: no other parent, not presented, not a root, no cycle.
  private func checkCanBecomeChild(_ id: String, of parentID: String) throws(RuleViolation) {
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
    if isSelfOrAncestor(id, of: parentID) {
      throw .cycle(child: controller.reference, parent: reference(parentID))
    }
  }

  private mutating func attach(_ id: String, to parentID: String) {
    controllers[parentID]?.children.append(id)
    controllers[id]?.parent = parentID
  }

  private mutating func detach(_ id: String) {
    guard let parentID = controllers[id]?.parent else { return }
    controllers[parentID]?.children.removeAll { $0 == id }
    if controllers[parentID]?.selectedChild == id {
      let first = controllers[parentID]?.children.first
      controllers[parentID]?.selectedChild = first
    }
    controllers[id]?.parent = nil
  }
}
