extension Hierarchy {
  /// The controllers whose views are on screen: in a window, shown by their containers,
  /// and not covered by a presentation that removes the presenter's view.
  public func onScreenControllers() -> Set<String> {
    Set(onScreenOrder())
  }

  /// The on-screen controllers, parents before children and presenters before what they present.
  func onScreenOrder() -> [String] {
    var shown: [String] = []
    var visited: Set<String> = []
    for window in windows {
      guard let root = window.rootViewController else { continue }
      shown += views(shownFrom: root, visited: &visited)
    }
    return shown
  }

  /// The controllers on screen in the area `id`'s view covers, with what is presented over it.
  private func views(shownFrom id: String, visited: inout Set<String>) -> [String] {
    guard let controller = controllers[id], visited.insert(id).inserted else { return [] }
    var shown = [id]
    for child in controller.visibleChildren {
      shown += views(shownFrom: child, visited: &visited)
    }
    if let presentation = controller.presentation {
      let above = views(shownFrom: presentation.presented, visited: &visited)
      if presentation.style?.removesPresenterView == true { shown = [] }
      shown += above
    }
    return shown
  }

  /// Sets every controller's appearance from what is on screen; a view loads the first time it appears.
  mutating func updateAppearance() {
    let shown = onScreenControllers()
    for id in order {
      let isShown = shown.contains(id)
      controllers[id]?.appearance = isShown ? .appeared : .disappeared
      if isShown { controllers[id]?.isViewLoaded = true }
    }
  }
}
