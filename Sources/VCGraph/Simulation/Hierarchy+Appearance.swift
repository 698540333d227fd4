extension Hierarchy {
  /// The controllers whose views are on screen: in a window, shown by their containers,
  /// and not covered by a presentation that removes the presenter's view.
  public func onScreenControllers() -> Set<String> {
    Set(onScreenOrder())
  }

  /// The on-screen controllers, parents before children and presenters before what they present.
  ///
  /// Each window's tree is walked once, depth first (a controller's shown children, then what it
  /// presents), without recursion, so a step costs time in proportion to the controllers however
  /// deep they nest. A controller whose presentation removes the presenter's view is walked but
  /// not listed, and neither is anything its children show: only what it presents.
  func onScreenOrder() -> [String] {
    var shown: [String] = []
    var visited: Set<String> = []
    visited.reserveCapacity(controllers.count)
    // Controllers still to visit, the next on top, each with whether its view would be listed.
    var pending: [(id: String, isListed: Bool)] = []
    for window in windows {
      guard let root = window.rootViewController else { continue }
      pending.append((root, true))
      while let (id, isListed) = pending.popLast() {
        guard let controller = controllers[id], visited.insert(id).inserted else { continue }
        let presentation = controller.presentation
        let isCovered = presentation?.style?.removesPresenterView == true
        if isListed && !isCovered { shown.append(id) }
        if let presentation { pending.append((presentation.presented, isListed)) }
        for child in controller.visibleChildren.reversed() { pending.append((child, isListed && !isCovered)) }
      }
    }
    return shown
  }

  /// Sets every controller's appearance from what is on screen; a view loads the first time it appears.
  mutating func updateAppearance() {
    let shown = onScreenControllers()
    for id in order {
      guard let controller = controllers[id] else { continue }
      let isShown = shown.contains(id)
      let appearance: AppearanceState = isShown ? .appeared : .disappeared
      // Only what changes is written: the dictionary is not touched for the controllers that stay put.
      if controller.appearance != appearance { controllers[id]?.appearance = appearance }
      if isShown && !controller.isViewLoaded { controllers[id]?.isViewLoaded = true }
    }
    controllers.isAppearanceCurrent = true
  }
}
