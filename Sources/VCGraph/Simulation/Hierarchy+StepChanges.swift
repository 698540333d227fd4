/// What a hierarchy was when a step began: its windows, and whether its controllers' appearances
/// were current. The controllers the step overwrote are kept by the ``ControllerTable``.
struct Earlier {
  let windows: [Window]
  let isAppearanceCurrent: Bool
}

/// The controllers whose views a step puts on screen or takes off it, each list in the order of
/// its side's ``Hierarchy/onScreenOrder()``.
struct ShownChanges {
  var appearing: [String]
  var disappearing: [String]
  /// True when they were found from the controllers the step touched, without walking the whole
  /// hierarchy: every other controller keeps its appearance.
  var isIncremental: Bool
}

/// The hierarchy before a step, rebuilt when a step's changes cannot be found from the controllers
/// it touched (a new window root, several containers changed at once, several controllers
/// released): the whole hierarchy is then compared, as it is for a small step.
struct PreviousHierarchy {
  let hierarchy: Hierarchy
  let treeOrder: [String]
}

/// Finding what a step changed in time in proportion to what it touched.
///
/// `apply` changes the hierarchy in place with the controllers' earlier values recorded. A
/// controller's view can only appear or disappear below a controller whose shown children,
/// presentation or cover changed, so when only one did, only that part is walked: a push onto a
/// stack of 10,000, or a child added at the bottom of a nest 6,000 deep, costs what it changes.
/// Anything else rebuilds the hierarchy before the step (``PreviousHierarchy``) and compares the
/// two whole, as every step once did. A debug build checks the two ways agree on small hierarchies.
extension Hierarchy {
  /// Hierarchies up to this many controllers are checked whole after each step in debug builds,
  /// and the incremental answers compared with the whole ones.
  static let wholeCheckLimit = 1_000

  /// Puts back what the step being recorded changed.
  mutating func undo(to earlier: Earlier) {
    controllers.undo()
    windows = earlier.windows
    controllers.isAppearanceCurrent = earlier.isAppearanceCurrent
  }

  /// The hierarchy before the step being recorded, made once.
  private func previous(_ earlier: Earlier, cached: inout PreviousHierarchy?) -> PreviousHierarchy {
    if let cached { return cached }
    var hierarchy = self
    hierarchy.controllers.undo()
    hierarchy.windows = earlier.windows
    let previous = PreviousHierarchy(hierarchy: hierarchy, treeOrder: hierarchy.treeOrder())
    cached = previous
    return previous
  }

  // MARK: - Appearance

  /// The controllers the step being recorded puts on screen and takes off it.
  func shownChanges(since earlier: Earlier, previous: inout PreviousHierarchy?) -> ShownChanges {
    if let changes = incrementalShownChanges(since: earlier) {
      #if DEBUG
        if controllers.count <= Self.wholeCheckLimit {
          let whole = wholeShownChanges(comparedWith: self.previous(earlier, cached: &previous).hierarchy)
          assert(
            whole.appearing == changes.appearing && whole.disappearing == changes.disappearing,
            "incremental \(changes) differs from whole \(whole)")
        }
      #endif
      return changes
    }
    return wholeShownChanges(comparedWith: self.previous(earlier, cached: &previous).hierarchy)
  }

  private func wholeShownChanges(comparedWith previous: Hierarchy) -> ShownChanges {
    let shownBefore = previous.onScreenOrder()
    let shownAfter = onScreenOrder()
    let before = Set(shownBefore)
    let after = Set(shownAfter)
    return ShownChanges(
      appearing: shownAfter.filter { !before.contains($0) }, disappearing: shownBefore.filter { !after.contains($0) },
      isIncremental: false)
  }

  /// The shown changes found below the one controller whose walk changed, or nil when that cannot
  /// be told from the controllers the step touched.
  private func incrementalShownChanges(since earlier: Earlier) -> ShownChanges? {
    guard earlier.isAppearanceCurrent,
      earlier.windows.compactMap(\.rootViewController) == windows.compactMap(\.rootViewController)
    else { return nil }
    // The one controller whose shown children, presentation or cover changed.
    var changed: String?
    for id in controllers.touched where Self.walksDifferently(controllers.earlier(id), controllers[id]) {
      guard changed == nil else { return nil }
      changed = id
    }
    guard let changed, let old = controllers.earlier(changed), let new = controllers[changed] else {
      return ShownChanges(appearing: [], disappearing: [], isIncremental: true)
    }
    // The walk reaches it the same way before and after (nothing above it changed); nothing under
    // it is shown unless it is listed.
    guard isListedEarlier(changed, windows: earlier.windows) else {
      return ShownChanges(appearing: [], disappearing: [], isIncremental: true)
    }
    let before: [String]
    let after: [String]
    if Self.isCovered(old) != Self.isCovered(new) {
      before = shownOrder(from: [(changed, true)], earlier: true)
      after = shownOrder(from: [(changed, true)], earlier: false)
    } else {
      // Children shown on both sides show the same below them: only the others are walked, and
      // the presented controller when it changed. In the walk's order: children, then presented.
      let isListed = !Self.isCovered(new)
      let oldPresented = old.presentation?.presented
      let newPresented = new.presentation?.presented
      let oldChildren = old.visibleChildren
      let newChildren = new.visibleChildren
      before = shownOrder(
        from: Self.removed(from: oldChildren, keeping: newChildren).map { ($0, isListed) }
          + (oldPresented != newPresented ? oldPresented.map { [($0, true)] } ?? [] : []), earlier: true)
      after = shownOrder(
        from: Self.removed(from: newChildren, keeping: oldChildren).map { ($0, isListed) }
          + (oldPresented != newPresented ? newPresented.map { [($0, true)] } ?? [] : []), earlier: false)
    }
    let beforeSet = Set(before)
    let afterSet = Set(after)
    return ShownChanges(
      appearing: after.filter { !beforeSet.contains($0) }, disappearing: before.filter { !afterSet.contains($0) },
      isIncremental: true)
  }

  /// True when the walk of ``onScreenOrder()`` goes differently through the two values of a controller.
  private static func walksDifferently(_ old: ViewController?, _ new: ViewController?) -> Bool {
    guard let old, let new else { return (old == nil) != (new == nil) }
    return old.presentation?.presented != new.presentation?.presented || isCovered(old) != isCovered(new)
      || old.visibleChildren != new.visibleChildren
  }

  /// True when the controller presents in a style that removes its view (and its children's).
  private static func isCovered(_ controller: ViewController) -> Bool {
    controller.presentation?.style?.removesPresenterView == true
  }

  /// The elements of `list` that `kept` does not have, in order. Both lists are without repeats;
  /// what they share at their start and end is skipped first, as a step changes one place.
  static func removed(from list: [String], keeping kept: [String]) -> [String] {
    var start = 0
    while start < list.count, start < kept.count, list[start] == kept[start] { start += 1 }
    var listEnd = list.count
    var keptEnd = kept.count
    while listEnd > start, keptEnd > start, list[listEnd - 1] == kept[keptEnd - 1] {
      listEnd -= 1
      keptEnd -= 1
    }
    guard start < listEnd else { return [] }
    let others = Set(kept[start..<keptEnd])
    return list[start..<listEnd].filter { !others.contains($0) }
  }

  /// True when the walk of ``onScreenOrder()`` before the step reached `id` with its view listed.
  ///
  /// Read from the nearest controller above it whose view is not removed by a presentation: its
  /// appearance (current before the step) says whether it was listed.
  private func isListedEarlier(_ id: String, windows: [Window]) -> Bool {
    var current = id
    while true {
      if windows.contains(where: { $0.rootViewController == current }) { return true }
      guard let controller = controllers.earlier(current) else { return false }
      if let parentID = controller.parent {
        guard let parent = controllers.earlier(parentID), parent.shows(current), !Self.isCovered(parent) else {
          return false
        }
        return parent.appearance == .appeared
      }
      guard let presenterID = controller.presenter, let presenter = controllers.earlier(presenterID),
        presenter.presentation?.presented == current
      else { return false }
      if !Self.isCovered(presenter) { return presenter.appearance == .appeared }
      current = presenterID
    }
  }

  /// The on-screen controllers below `starts` (each with whether its view is listed), walked as
  /// ``onScreenOrder()`` walks: before the step when `earlier`, else now.
  private func shownOrder(from starts: [(id: String, isListed: Bool)], earlier: Bool) -> [String] {
    var shown: [String] = []
    var visited: Set<String> = []
    var pending = Array(starts.reversed())
    while let (id, isListed) = pending.popLast() {
      guard let controller = earlier ? controllers.earlier(id) : controllers[id], visited.insert(id).inserted
      else { continue }
      let presentation = controller.presentation
      let isCovered = presentation?.style?.removesPresenterView == true
      if isListed && !isCovered { shown.append(id) }
      if let presentation { pending.append((presentation.presented, isListed)) }
      for child in controller.visibleChildren.reversed() { pending.append((child, isListed && !isCovered)) }
    }
    return shown
  }

  /// Sets the appearance of the controllers a step put on screen or took off it; the others keep
  /// theirs. A view loads the first time it appears.
  mutating func updateAppearance(appearing: [String], disappearing: [String]) {
    for id in disappearing where controllers[id]?.appearance != .disappeared {
      controllers[id]?.appearance = .disappeared
    }
    for id in appearing {
      guard let controller = controllers[id] else { continue }
      if controller.appearance != .appeared { controllers[id]?.appearance = .appeared }
      if !controller.isViewLoaded { controllers[id]?.isViewLoaded = true }
    }
  }

  // MARK: - Deallocation

  /// The controllers the step being recorded releases, in the order they are deallocated.
  ///
  /// Only a controller the step touched, or the outermost controller of a tree one was in, can
  /// lose its last holder (or the presentation that kept it); one shown before or after the step is
  /// in a window or presented, and so is the outermost controller of its tree.
  func releasedControllers(
    since earlier: Earlier, shown: ShownChanges, previous: inout PreviousHierarchy?
  ) -> [String] {
    func whole(_ previous: inout PreviousHierarchy?) -> [String] {
      let previous = self.previous(earlier, cached: &previous)
      return releasedControllers(comparedWith: previous.hierarchy, treeOrder: previous.treeOrder)
    }
    guard shown.isIncremental else { return whole(&previous) }
    var candidates: [String] = []
    var seen: Set<String> = []
    func consider(_ id: String) {
      if seen.insert(id).inserted, !isHeld(id) { candidates.append(id) }
    }
    let roots = Set(windows.compactMap(\.rootViewController))
    for root in earlier.windows.compactMap(\.rootViewController) where !roots.contains(root) { consider(root) }
    let appearing = Set(shown.appearing)
    let disappearing = Set(shown.disappearing)
    for id in controllers.touched {
      consider(id)
      let wasShown = controllers.earlier(id)?.appearance == .appeared
      if !wasShown { consider(earlierContainmentRoot(of: id)) }
      if !(appearing.contains(id) || (wasShown && !disappearing.contains(id))) { consider(containmentRoot(of: id)) }
    }
    let released = candidates.filter { id in
      (wasHeld(id, windows: earlier.windows) || earlierHasPresentation(above: id))
        && controllers[id]?.isRetained == false && !hasPresentation(above: id)
    }
    // Several released trees go in the order of the tree before the step: found by walking it whole.
    guard released.count <= 1 else { return whole(&previous) }
    let result = released.flatMap { [$0] + descendantsReleased(with: $0) }
    #if DEBUG
      if controllers.count <= Self.wholeCheckLimit {
        let whole = whole(&previous)
        assert(whole == result, "incremental release \(result) differs from whole \(whole)")
      }
    #endif
    return result
  }

  /// ``isHeld(_:)`` before the step being recorded.
  private func wasHeld(_ id: String, windows: [Window]) -> Bool {
    guard let controller = controllers.earlier(id) else { return false }
    return controller.parent != nil || controller.presenter != nil || controller.presentation != nil
      || controller.tabOwner != nil || windows.contains { $0.rootViewController == id }
  }

  /// ``containmentRoot(of:)`` before the step being recorded.
  private func earlierContainmentRoot(of id: String) -> String {
    var current = id
    while let parent = controllers.earlier(current)?.parent { current = parent }
    return current
  }

  /// ``hasPresentation(above:)`` before the step being recorded.
  private func earlierHasPresentation(above id: String) -> Bool {
    guard let controller = controllers.earlier(id) else { return false }
    if let presented = controller.presentation?.presented, presented != id { return true }
    var stack = Array(controller.children.reversed())
    var seen: Set<String> = [id]
    while let next = stack.popLast() {
      guard seen.insert(next).inserted, let member = controllers.earlier(next) else { continue }
      if let presentation = member.presentation, presentation.presented != id { return true }
      stack += member.children.reversed()
    }
    return false
  }

  // MARK: - Parents

  /// The controllers whose parent the step being recorded changed, as ``parentChanges(to:treeOrder:)``
  /// gives them: those leaving a parent in the earlier tree's order, then those joining one in the
  /// new tree's order. Children of one parent are in that order among its children.
  func parentChanges(since earlier: Earlier, previous: inout PreviousHierarchy?) -> [(id: String, parent: String?)] {
    func whole(_ previous: inout PreviousHierarchy?) -> [(id: String, parent: String?)] {
      let previous = self.previous(earlier, cached: &previous)
      return previous.hierarchy.parentChanges(to: self, treeOrder: previous.treeOrder)
    }
    var leaving: [String] = []
    var joining: [String] = []
    for id in controllers.touched {
      let old = controllers.earlier(id)?.parent
      let new = controllers[id]?.parent
      if old != nil && new == nil { leaving.append(id) }
      if new != nil && old != new { joining.append(id) }
    }
    guard
      let leavingInOrder = Self.inChildOrder(
        leaving, parents: { controllers.earlier($0)?.parent },
        children: {
          controllers.earlier($0)?.children ?? []
        }),
      let joiningInOrder = Self.inChildOrder(
        joining, parents: { controllers[$0]?.parent },
        children: {
          controllers[$0]?.children ?? []
        })
    else { return whole(&previous) }
    let result = leavingInOrder.map { ($0, nil) } + joiningInOrder.map { ($0, controllers[$0]?.parent) }
    #if DEBUG
      if controllers.count <= Self.wholeCheckLimit {
        let whole = whole(&previous)
        assert(
          whole.map(\.0) == result.map(\.0) && whole.map(\.1) == result.map(\.1),
          "incremental parent changes \(result) differ from whole \(whole)")
      }
    #endif
    return result
  }

  /// `ids` in the order their parent lists them, when they have one parent; nil when they have several.
  private static func inChildOrder(
    _ ids: [String], parents: (String) -> String?, children: (String) -> [String]
  ) -> [String]? {
    guard ids.count > 1 else { return ids }
    guard let parent = parents(ids[0]), ids.allSatisfy({ parents($0) == parent }) else { return nil }
    let members = Set(ids)
    let ordered = children(parent).filter { members.contains($0) }
    return ordered.count == ids.count ? ordered : nil
  }

  #if DEBUG
    /// The controllers the step being recorded wrote to, with those their relations name before and
    /// after it: where the step could have broken a relation.
    func touchedWithNeighbours() -> [String] {
      var ids: [String] = []
      for id in controllers.touched {
        ids.append(id)
        for controller in [controllers.earlier(id), controllers[id]].compactMap({ $0 }) {
          ids += [controller.parent, controller.presenter, controller.presentation?.presented].compactMap { $0 }
        }
      }
      return ids
    }
  #endif
}

extension ViewController {
  /// True when `child`, one of the children, is among the ``visibleChildren``.
  func shows(_ child: String) -> Bool {
    switch kind {
    case .navigation: return children.last == child
    case .tabBar: return selectedChild == child
    case .splitView:
      if isCollapsed == true { return (compactColumn ?? children.first) == child }
      return compactColumn != child
    case .pageView, .container, .content, .hosting: return true
    }
  }
}
