extension Hierarchy {
  /// Applies one UIKit call with UIKit's rules, updates every controller's appearance and
  /// deallocates the controllers nothing holds any more.
  ///
  /// - Parameters:
  ///   - action: The UIKit call.
  ///   - animated: The `animated` argument of the call, passed on to the appearance callbacks; the
  ///     calls UIKit always makes without animation (setting a window's root, selecting a tab, a
  ///     size-class change) pass `false` whatever it says.
  ///   - running: The transition of the previous step when this call is made while it still animates.
  ///   - callsViewIsAppearing: True for an app built with the iOS 17 SDK or later, whose controllers
  ///     get `viewIsAppearing(_:)`; false for the log of an older SDK.
  /// - Returns: The callbacks UIKit makes, in UIKit's order, and the step's warnings. A call UIKit
  ///   refuses and only logs leaves the hierarchy unchanged.
  /// - Throws: ``RuleViolation`` when UIKit would raise; the hierarchy is then unchanged.
  public mutating func apply(
    _ action: Action, animated: Bool = true, during running: AppearanceTransition? = nil,
    callsViewIsAppearing: Bool = true
  ) throws(RuleViolation) -> StepOutcome {
    var change = Change(running: running)
    // The step changes the hierarchy in place, keeping what it overwrites: undone when UIKit
    // refuses the call, and compared with the result to find what the step changed.
    let earlier = Earlier(windows: windows, isAppearanceCurrent: controllers.isAppearanceCurrent)
    controllers.beginRecording()
    do {
      try perform(action, into: &change)
    } catch {
      undo(to: earlier)
      throw error
    }
    let animated = change.isAnimated ?? animated
    if change.isRefused {
      undo(to: earlier)
      return StepOutcome(
        events: change.leading + change.trailing, warnings: change.misuses.map(\.message), transition: nil)
    }
    adaptSplitViewsToTraits()

    var previous: PreviousHierarchy?
    let shown = shownChanges(since: earlier, previous: &previous)
    let appearing = shown.appearing
    let disappearing = shown.disappearing
    let changing = Set(appearing + disappearing)

    // A transition begun while the previous one still animates on the same controllers is unbalanced.
    if let running, let clash = (disappearing + appearing).first(where: running.controllers.contains) {
      let warnings =
        change.misuses.map(\.message) + [LoggedMisuse.unbalancedAppearanceTransitions(reference(clash)).message]
      undo(to: earlier)
      return StepOutcome(events: [], warnings: warnings, transition: nil)
    }

    let released = releasedControllers(since: earlier, shown: shown, previous: &previous)
    var events = change.leading
    let moves = parentChanges(since: earlier, previous: &previous)
    previous = nil
    events += moves.map { LifecycleEvent($0.id, .willMove(toParent: $0.parent)) }
    var loaded: Set<String> = []
    for id in change.loads + appearing
    where controllers.earlier(id)?.isViewLoaded == false && loaded.insert(id).inserted {
      events.append(LifecycleEvent(id, .viewDidLoad))
    }
    events += appearanceEvents(
      appearing: appearing, disappearing: disappearing, order: change.order, animated: animated,
      callsViewIsAppearing: callsViewIsAppearing)
    events += moves.map { LifecycleEvent($0.id, .didMove(toParent: $0.parent)) }
    events += change.trailing
    events += released.map { LifecycleEvent($0, .deinit) }

    #if DEBUG
      let touched = touchedWithNeighbours() + released
    #endif
    controllers.endRecording()
    for id in loaded { controllers[id]?.isViewLoaded = true }
    deallocate(released)
    if shown.isIncremental {
      updateAppearance(appearing: appearing, disappearing: disappearing)
    } else {
      updateAppearance()
    }
    controllers.isAppearanceCurrent = true
    #if DEBUG
      // A small hierarchy is checked whole; a big one where the step wrote (a debug build stays linear).
      let problems =
        controllers.count <= Self.wholeCheckLimit
        ? _checkInvariants() : _checkInvariants(of: touched, childLimit: Self.wholeCheckLimit)
      assert(problems.isEmpty, "\(action.summary) broke the hierarchy: \(problems)")
    #endif
    let transition =
      animated && !changing.isEmpty
      ? AppearanceTransition(controllers: changing, isPresentation: change.order == .presentation) : nil
    return StepOutcome(events: events, warnings: change.misuses.map(\.message), transition: transition)
  }

  /// The appearance callbacks of one transition in UIKit's order for its kind; each group runs
  /// parents before children.
  ///
  /// `viewIsAppearing(_:)` comes once the views are in the hierarchy and laid out, in the same
  /// CATransaction as the `viewWillAppear(_:)` calls and before the transition animates, so after
  /// every will-callback of the transition and before every did-callback (Apple's documentation of
  /// `viewIsAppearing(_:)`, WWDC23 "What's new in UIKit"). A container's view is laid out before its
  /// children's, so parents come first here too.
  private func appearanceEvents(
    appearing: [String], disappearing: [String], order: AppearanceOrder, animated: Bool,
    callsViewIsAppearing: Bool
  ) -> [LifecycleEvent] {
    let willAppear = appearing.map { LifecycleEvent($0, .viewWillAppear(animated: animated)) }
    let isAppearing =
      callsViewIsAppearing ? appearing.map { LifecycleEvent($0, .viewIsAppearing(animated: animated)) } : []
    let didAppear = appearing.map { LifecycleEvent($0, .viewDidAppear(animated: animated)) }
    let willDisappear = disappearing.map { LifecycleEvent($0, .viewWillDisappear(animated: animated)) }
    let didDisappear = disappearing.map { LifecycleEvent($0, .viewDidDisappear(animated: animated)) }
    switch order {
    case .presentation: return willDisappear + willAppear + isAppearing + didAppear + didDisappear
    case .navigation: return willDisappear + willAppear + isAppearing + didDisappear + didAppear
    case .tabSwitch: return willAppear + willDisappear + isAppearing + didDisappear + didAppear
    }
  }

  /// The controllers whose parent differs in `next`: those leaving a parent first (in this
  /// hierarchy's order), then those joining one (in `next`'s order). Controllers that only lose their
  /// parent because it is deallocated are not moved: nobody calls `willMove(toParent:)` on them.
  /// `treeOrder` is this hierarchy's ``treeOrder()``.
  func parentChanges(to next: Hierarchy, treeOrder: [String]) -> [(id: String, parent: String?)] {
    let leaving = treeOrder.filter { id in
      controllers[id]?.parent != nil && next.controllers[id]?.parent == nil
    }
    let joining = next.treeOrder().filter { id in
      let parent = next.controllers[id]?.parent
      return parent != nil && controllers[id]?.parent != parent
    }
    return leaving.map { ($0, nil) } + joining.map { ($0, next.controllers[$0]?.parent) }
  }

  /// True while something holds the controller: a parent, a presentation either way, a window, or
  /// the iOS 18 tab whose provider created it.
  func isHeld(_ id: String) -> Bool {
    guard let controller = controllers[id] else { return false }
    return controller.parent != nil || controller.presenter != nil || controller.presentation != nil
      || controller.tabOwner != nil || windowRooted(at: id) != nil
  }

  /// The controllers this step releases, in the order they are deallocated: each controller that
  /// nothing holds any more (unless the app retains it), then the children it held.
  ///
  /// A controller whose tree still presents something stays: the presentation keeps it, as in UIKit,
  /// until that presentation ends. `treeOrder` is `previous`'s ``treeOrder()``.
  func releasedControllers(comparedWith previous: Hierarchy, treeOrder: [String]) -> [String] {
    var released: [String] = []
    for id in treeOrder where !isHeld(id) {
      // It lost its last holder, or the presentation made inside its tree that kept it has ended.
      guard previous.isHeld(id) || previous.hasPresentation(above: id), controllers[id]?.isRetained == false,
        !hasPresentation(above: id)
      else { continue }
      released.append(id)
      released += descendantsReleased(with: id)
    }
    return released
  }

  /// The descendants of `id` that go with it, depth first: every one but a retained child, which
  /// survives its parent, and everything the retained child holds.
  ///
  /// The same as filtering ``descendants(of:)`` by the lineage of each, walked once.
  func descendantsReleased(with id: String) -> [String] {
    var result: [String] = []
    var stack = Array((ownedByTabs(of: id) + (controllers[id]?.children ?? [])).reversed())
    var seen: Set<String> = [id]
    while let next = stack.popLast() {
      guard seen.insert(next).inserted, controllers[next]?.isRetained != true else { continue }
      result.append(next)
      stack += (ownedByTabs(of: next) + (controllers[next]?.children ?? [])).reversed()
    }
    return result
  }

  /// The controllers the iOS 18 tabs of `id` created and hold that are not its children (a tab of a
  /// group, off its navigation stack): they go with the tab bar controller.
  func ownedByTabs(of id: String) -> [String] {
    guard let tabBar = controllers[id], !tabBar.tabs.isEmpty else { return [] }
    return tabBar.tabs.flatMap { [$0.managingNavigationController, $0.viewController] }.compactMap { owned in
      guard let owned, let controller = controllers[owned], controller.tabOwner == id, controller.parent == nil
      else { return nil }
      return owned
    }
  }

  /// Replaces each released controller by a fresh instance; retained children lose their parent.
  private mutating func deallocate(_ released: [String]) {
    let gone = Set(released)
    for id in released {
      for child in controllers[id]?.children ?? [] where !gone.contains(child) {
        controllers[child]?.parent = nil
      }
      // A retained controller a released tab bar's tab created is no tab's any more.
      for tab in controllers[id]?.tabs ?? [] {
        for owned in [tab.managingNavigationController, tab.viewController].compactMap({ $0 })
        where !gone.contains(owned) && controllers[owned]?.tabOwner == id {
          controllers[owned]?.tabOwner = nil
        }
      }
    }
    for id in released {
      controllers[id] = controllers[id]?.newInstance()
    }
  }

  /// Every controller in drawing order: each window's tree (children, then what the controller
  /// presents), then the trees outside any window in declaration order.
  ///
  /// Walked without recursion, so a deep hierarchy costs no more than a wide one.
  func treeOrder() -> [String] {
    var result: [String] = []
    result.reserveCapacity(order.count)
    var seen: Set<String> = []
    seen.reserveCapacity(order.count)
    // The controllers still to visit, the next on top: children in order, then what is presented.
    var pending: [String] = []
    func visit(_ id: String) {
      pending.append(id)
      while let next = pending.popLast() {
        guard let controller = controllers[next], seen.insert(next).inserted else { continue }
        result.append(next)
        if let presented = controller.presentation?.presented { pending.append(presented) }
        pending += controller.children.reversed()
      }
    }
    for window in windows {
      if let root = window.rootViewController { visit(root) }
    }
    // Once every controller is listed, the passes over the declaration order would add nothing.
    guard seen.count < controllers.count else { return result }
    for id in order where controllers[id]?.parent == nil && controllers[id]?.presenter == nil {
      visit(id)
    }
    guard seen.count < controllers.count else { return result }
    for id in order { visit(id) }
    return result
  }
}
