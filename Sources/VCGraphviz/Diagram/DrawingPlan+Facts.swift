import VCGraph

extension DrawingPlan {
  /// What the plan asks of every controller: where it is drawn from, its children in drawing order,
  /// and whether the level keeps it; worked out once a controller.
  struct Facts {
    let hierarchy: Hierarchy
    let before: Hierarchy?
    let level: FoldLevel
    /// A diff's removed controllers, in its order.
    private let removedList: [String]
    /// Windows only a diff's earlier hierarchy has.
    let removedWindows: [Window]
    private let changed: Set<String>
    private let removed: Set<String>
    /// The controllers a focus draws, by its rules; nil without a focus.
    private let focusArea: Set<String>?
    private let focusAncestors: Set<String>
    private let segueEnds: Set<String>
    /// For a storyboard's scene that only one scene's segues lead to, and that leads nowhere itself
    /// (no segue but unwinds, no child, no window): that scene.
    private let segueLeaves: [String: String]
    /// The index of the first segue that leads to each scene.
    private let firstSegue: [String: Int]
    /// For a storyboard's scene one or more segues away from the scenes nothing leads to (the
    /// initial controller's tree, scenes code instantiates): the scene its first path starts from
    /// (`first`), and for one two or more segues away, the scene one segue away it is reached
    /// through (`second`). At level ``FoldLevel/subtrees`` a scene folds with what is reached
    /// through its `second`, at level ``FoldLevel/all`` with what is reached from its `first`.
    private let segueOwners: [String: (first: String, second: String?)]
    /// What was worked out for each controller; with a ``Memory``, kept from frame to frame for the
    /// controllers whose subtree did not change.
    private(set) var memos = Memos()
    /// The controllers whose facts may differ from the frame before's (``Memory``); nil when the
    /// plan takes nothing from it.
    let dirty: Set<String>?
    /// Removed controllers by the parent they had.
    private let removedChildren: [String: [String]]

    /// Scenes that nothing leads to and that lead nowhere, and fold together at this level (an app map's).
    private let loneScenes: Set<String>

    /// The facts of `hierarchy` at `level`; with `memos` and `dirty`, what a ``Memory`` kept of the
    /// frame before for the controllers not in `dirty`.
    init(
      hierarchy: Hierarchy, changes: HierarchyDiff?, level: FoldLevel, focus: Set<String>?, foldsLoneScenes: Bool,
      memos: Memos = Memos(), dirty: Set<String>? = nil
    ) {
      self.hierarchy = hierarchy
      before = changes?.before
      self.level = level
      self.memos = memos
      self.dirty = dirty
      removedList = changes?.removedControllers ?? []
      removed = Set(removedList)
      removedWindows = (changes?.removedWindows ?? []).compactMap { changes?.before.window(named: $0) }
      changed = changes.map(Self.changedControllers(in:)) ?? []
      var removedChildren: [String: [String]] = [:]
      for id in removedList {
        if let parent = changes?.before[id]?.parent { removedChildren[parent, default: []].append(id) }
      }
      self.removedChildren = removedChildren
      segueEnds = Set(hierarchy.segues.flatMap { [$0.source] + ($0.destination.map { [$0] } ?? []) })
      if foldsLoneScenes, level >= .subtrees {
        let roots = Set(hierarchy.windows.compactMap(\.rootViewController))
        loneScenes = Set(
          hierarchy.members.filter { [segueEnds] id in
            guard let controller = hierarchy[id] else { return false }
            return controller.parent == nil && controller.children.isEmpty && !roots.contains(id)
              && !segueEnds.contains(id)
          })
      } else {
        loneScenes = []
      }
      segueLeaves = Self.segueLeaves(of: hierarchy)
      var firstSegue: [String: Int] = [:]
      for (index, segue) in hierarchy.segues.enumerated() {
        if let destination = segue.destination, firstSegue[destination] == nil { firstSegue[destination] = index }
      }
      self.firstSegue = firstSegue
      self.segueOwners = Self.segueOwners(of: hierarchy)
      (focusArea, focusAncestors) = focus.map { Self.focusArea(of: $0, in: hierarchy) } ?? (nil, [])
    }

    /// Every controller to draw or count: the hierarchy's members, then a diff's removed controllers;
    /// listed when first asked for (a plan that places every controller from the roots never is).
    mutating func allControllers() -> [String] {
      if let known = allControllersList { return known }
      let list = removedList.isEmpty ? hierarchy.members : hierarchy.members + removedList
      allControllersList = list
      return list
    }
    private var allControllersList: [String]?

    /// How many controllers the diff removed.
    var removedCount: Int { removedList.count }

    /// How many controllers ``allControllers`` lists, without listing them.
    var controllerCount: Int { hierarchy.members.count + removedList.count }

    /// The controllers `changes` marks: added, removed, changed, or at the end of a relation that was.
    static func changedControllers(in changes: HierarchyDiff) -> Set<String> {
      var changed = Set<String>()
      changed.formUnion(changes.addedControllers)
      changed.formUnion(changes.removedControllers)
      changed.formUnion(changes.controllerChanges.keys)
      for relation in changes.addedRelations { changed.insert(relation.target) }
      for relation in changes.removedRelations { changed.insert(relation.target) }
      for relation in changes.relationChanges.keys { changed.insert(relation.target) }
      return changed
    }

    /// True when `id`'s subtree may differ from the frame before's (always, without a ``Memory``).
    func isDirty(_ id: String) -> Bool { dirty?.contains(id) ?? true }

    /// For each storyboard scene that only one scene's segues lead to, and that leads nowhere itself
    /// (no segue but unwinds, no child, no window): that scene.
    private static func segueLeaves(of hierarchy: Hierarchy) -> [String: String] {
      var incoming: [String: Set<String>] = [:]
      var leadsSomewhere: Set<String> = []
      for segue in hierarchy.segues {
        switch segue.kind {
        case .unwind: continue
        default: break
        }
        leadsSomewhere.insert(segue.source)
        if let destination = segue.destination, destination != segue.source {
          incoming[destination, default: []].insert(segue.source)
        }
      }
      let roots = Set(hierarchy.windows.compactMap(\.rootViewController))
      var segueLeaves: [String: String] = [:]
      for (scene, sources) in incoming where sources.count == 1 && !leadsSomewhere.contains(scene) {
        guard let controller = hierarchy[scene], controller.parent == nil, controller.children.isEmpty,
          !roots.contains(scene)
        else { continue }
        segueLeaves[scene] = sources.first
      }
      return segueLeaves
    }

    /// What a focus on `focus` draws: each focused controller's subtree and everything presented
    /// from it, and its ancestors up to the window, through the controllers that present them
    /// (`ancestors`, which are also in `area`).
    private static func focusArea(
      of focus: Set<String>, in hierarchy: Hierarchy
    ) -> (area: Set<String>, ancestors: Set<String>) {
      var area = Set<String>()
      var ancestors = Set<String>()
      for id in focus where hierarchy.isMember(id) {
        var pending = [id]
        while let next = pending.popLast() {
          guard area.insert(next).inserted, let controller = hierarchy[next] else { continue }
          pending += controller.children
          if let presented = controller.presentation?.presented { pending.append(presented) }
        }
        var current = id
        var seen: Set<String> = [id]
        while true {
          let up = hierarchy[current]?.parent ?? hierarchy[current]?.presenter
          guard let up, seen.insert(up).inserted else { break }
          ancestors.insert(up)
          current = up
        }
      }
      return (area.union(ancestors), ancestors)
    }

    /// The hierarchy `id` is drawn from: the diagram's, or for a removed controller the earlier one.
    func source(of id: String) -> Hierarchy? {
      if hierarchy.isMember(id) { return hierarchy }
      if removed.contains(id) { return before }
      return nil
    }

    /// True when `id` is drawn or counted: `source(of: id) != nil`, without a copy of the hierarchy.
    func isKnown(_ id: String) -> Bool { hierarchy.isMember(id) || removed.contains(id) }

    func controller(_ id: String) -> ViewController? {
      // As `source(of: id)?[id]`, without a copy of the hierarchy a controller.
      if hierarchy.isMember(id) { return hierarchy[id] }
      return removed.contains(id) ? before?[id] : nil
    }

    /// True for a controller of the diagram's hierarchy, false for one a diff removed.
    func isCurrent(_ id: String) -> Bool { hierarchy.isMember(id) }

    /// ``isCurrent(_:)`` of one of ``displayChildren(of:)``: those of a current controller are its
    /// children, members, and the removed ones put back among them; those of a removed one removed.
    func isCurrentChild(_ id: String) -> Bool { !removed.contains(id) }

    /// The children of `id` in drawing order: its own, with a diff's removed controllers back among
    /// their old parent's children, after the sibling they followed.
    mutating func displayChildren(of id: String) -> [String] {
      if let known = memos.children[id] { return known }
      var list = hierarchy.isMember(id) ? (hierarchy[id]?.children ?? []) : []
      if !hierarchy.isMember(id), let before, removed.contains(id) {
        list = (before[id]?.children ?? []).filter { removed.contains($0) }
      } else if let gone = removedChildren[id], let before {
        let old = before[id]?.children ?? []
        for child in gone where !list.contains(child) {
          // After the nearest sibling it followed that is still listed, else first.
          let index = old.firstIndex(of: child) ?? 0
          let previous = old[..<index].last { list.contains($0) }
          let at = previous.flatMap { list.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
          list.insert(child, at: at)
        }
      }
      memos.children[id] = list
      return list
    }

    /// The controller `id` presents, in the hierarchy it is drawn from.
    func presented(by id: String) -> String? {
      guard let presented = controller(id)?.presentation?.presented, isKnown(presented) else {
        return nil
      }
      return presented
    }

    /// True when the level keeps `id` as a node of its own: it matters itself, or holds something that does.
    mutating func keeps(_ id: String) -> Bool {
      if let known = memos.keeps[id] { return known }
      memos.keeps[id] = false  // a cycle keeps nothing
      var result = matters(id)
      if !result {
        for child in displayChildren(of: id) where keeps(child) {
          result = true
          break
        }
      }
      if !result, let presented = presented(by: id), keeps(presented) { result = true }
      memos.keeps[id] = result
      memos.workedOut += 1
      return result
    }

    /// In a stack's middle at ``FoldLevel/stacks`` and above, only a controller that presents (or
    /// holds one that does), or is focused, is drawn.
    mutating func keepsInStackMiddle(_ id: String) -> Bool {
      if let area = focusArea, !area.contains(id) { return false }
      if focusAncestors.contains(id) { return true }
      if let known = memos.middle[id] { return known }
      var result = false
      var pending = [id]
      var seen: Set<String> = []
      while let next = pending.popLast() {
        guard seen.insert(next).inserted, let controller = controller(next) else { continue }
        if controller.presentation != nil || isFlagged(next, controller) {
          result = true
          break
        }
        pending += displayChildren(of: next)
      }
      memos.middle[id] = result
      memos.workedOut += 1
      return result
    }

    /// True when `id` or something it holds is on screen, changed or focused: what level
    /// ``FoldLevel/all`` draws first.
    mutating func holdsEssential(_ id: String) -> Bool {
      var pending = [id]
      var seen: Set<String> = []
      while let next = pending.popLast() {
        guard seen.insert(next).inserted else { continue }
        if controller(next)?.appearance.isOnScreen == true || changed.contains(next) || focusAncestors.contains(next) {
          return true
        }
        pending += displayChildren(of: next)
        if let presented = presented(by: next) { pending.append(presented) }
      }
      return false
    }

    /// The scene whose segues alone lead to `id`, when `id` is a storyboard's scene that leads
    /// nowhere and the level folds such scenes (``FoldLevel/subtrees`` and above).
    func segueLeafSource(of id: String) -> String? {
      guard level >= .subtrees else { return nil }
      if level >= .all, let owner = segueOwners[id]?.first { return owner }
      if let owner = segueOwners[id]?.second { return owner }
      return segueLeaves[id]
    }

    /// Breadth first through the segues, from the scenes no segue leads to (and their containment
    /// trees): each scene two or more segues away, with the scene one segue away it is reached through.
    private static func segueOwners(of hierarchy: Hierarchy) -> [String: (first: String, second: String?)] {
      guard !hierarchy.segues.isEmpty else { return [:] }
      var leadsTo: [String: [String]] = [:]
      var incoming: Set<String> = []
      for segue in hierarchy.segues {
        switch segue.kind {
        case .unwind: continue
        default: break
        }
        guard let destination = segue.destination, destination != segue.source else { continue }
        leadsTo[segue.source, default: []].append(destination)
        incoming.insert(destination)
      }
      // A scene's containment tree is on its segue level.
      func tree(_ id: String) -> [String] { [id] + hierarchy.descendants(of: id) }
      var owner: [String: (first: String, second: String?)] = [:]
      var level: [String: Int] = [:]
      var queue: [String] = []
      func start(_ id: String) {
        for member in tree(id) where level[member] == nil {
          level[member] = 0
          queue.append(member)
        }
      }
      let roots = hierarchy.members.filter { hierarchy[$0]?.parent == nil }
      for id in roots where !incoming.contains(id) { start(id) }
      // Scenes every one of which a segue leads to (a cross-linked storyboard): from the window's
      // root, then from the first scene not reached yet, so that every scene has a place to fold.
      for window in hierarchy.windows { if let root = window.rootViewController { start(root) } }
      var unreached = roots.makeIterator()
      var next = 0
      while true {
        if next == queue.count {
          guard let root = unreached.next() else { break }
          if level[root] == nil { start(root) }
          continue
        }
        let scene = queue[next]
        next += 1
        let depth = level[scene] ?? 0
        for destination in leadsTo[scene] ?? [] where level[destination] == nil {
          // A child is placed with its parent, never as a scene of its own.
          guard hierarchy[destination]?.parent == nil else { continue }
          // The scene on level 0 this path starts from, and the one on level 1 it goes through.
          let first = owner[scene]?.first ?? scene
          let second = depth == 0 ? nil : (owner[scene]?.second ?? scene)
          for member in tree(destination) where level[member] == nil {
            level[member] = depth + 1
            owner[member] = (first, second)
            queue.append(member)
          }
        }
      }
      return owner
    }

    /// The index of the first of the storyboard's segues that leads to `id`.
    func segueIndex(of id: String) -> Int { firstSegue[id] ?? .max }

    /// True when there is no focus, or `id` is in it.
    func isInFocus(_ id: String) -> Bool { focusArea?.contains(id) ?? true }

    /// True when `id` itself must be drawn at this level.
    private mutating func matters(_ id: String) -> Bool {
      guard let controller = controller(id) else { return false }
      if let area = focusArea {
        guard area.contains(id) else { return false }
        if focusAncestors.contains(id) { return true }
      }
      if level == .none { return true }
      let isStackMiddle = stackPosition(of: id) == .middle
      if controller.appearance.isOnScreen && isCurrent(id) { return true }
      if controller.presenter != nil || controller.presentation != nil { return true }
      if isFlagged(id, controller) || (segueEnds.contains(id) && segueLeafSource(of: id) == nil) { return true }
      // A root of its own (a window's, or of a tree outside any window), unless it is a storyboard's
      // scene that folds beside the scene whose segues lead to it, or a map's lone scene.
      if controller.parent == nil, segueLeafSource(of: id) == nil, !loneScenes.contains(id) { return true }
      if changed.contains(id) { return level < .stacks || !isStackMiddle }
      let isContainer = controller.kind.isContainer || !controller.children.isEmpty
      switch level {
      case .none: return true
      case .runs: return isContainer || stackPosition(of: id) == .end
      case .stacks: return (isContainer && !isStackMiddle) || stackPosition(of: id) == .end
      case .subtrees, .all, .fewer, .fewest, .least:
        // A stack's ends are drawn when the stack is: an end alone keeps nothing.
        return false
      }
    }

    private enum StackPosition { case end, middle }

    /// Where `id` sits in its parent's navigation stack; nil outside a stack.
    private func stackPosition(of id: String) -> StackPosition? {
      // Both looked up where `id` is drawn from (``source(of:)``), without a copy of that hierarchy.
      let isCurrent = hierarchy.isMember(id)
      guard isCurrent || removed.contains(id) else { return nil }
      func look(_ id: String) -> ViewController? { isCurrent ? hierarchy[id] : before?[id] }
      guard let parent = look(id)?.parent, let navigation = look(parent), navigation.kind == .navigation else {
        return nil
      }
      let children = navigation.children
      return id == children.first || id == children.last ? .end : .middle
    }

    /// True for a controller of a dump whose view's place disagrees with its state: what a bug report is about.
    ///
    /// `controller` is `id`'s, looked up already.
    private func isFlagged(_ id: String, _ controller: ViewController) -> Bool {
      guard controller.isViewLoaded, controller.dumpRecord?.view != nil, let source = source(of: id) else {
        return false
      }
      return source.isViewInWindow(id) != (controller.appearance != .disappeared)
    }

    /// How many controllers folding `id` counts: itself, what it holds and what they present.
    mutating func holdCount(_ id: String) -> Int {
      if let known = memos.counts[id] { return known }
      var held: [String] = []
      var seen: Set<String> = []
      collect(id, into: &held, seen: &seen)
      memos.counts[id] = held.count
      memos.workedOut += 1
      return held.count
    }

    /// `id`, its descendants and what they present, depth first, each once: ``collect(_:into:seen:)``
    /// of `id` alone, kept (a fold's members hold no controller in common).
    mutating func held(by id: String) -> [String] {
      if let known = memos.held[id] { return known }
      var held: [String] = []
      var seen: Set<String> = []
      collect(id, into: &held, seen: &seen)
      memos.held[id] = held
      memos.workedOut += 1
      return held
    }

    /// Appends `id`, its descendants and what they present, depth first, each once: those not in
    /// `seen`, which gets them.
    mutating func collect(_ id: String, into held: inout [String], seen: inout Set<String>) {
      var pending = [id]
      while let next = pending.popLast() {
        guard seen.insert(next).inserted, isKnown(next) else { continue }
        held.append(next)
        var more = displayChildren(of: next)
        if let presented = presented(by: next) { more.append(presented) }
        pending += more.reversed()
      }
    }
  }
}

extension DrawingPlan.Facts {
  /// What facts work out per controller, by id: kept by a ``DrawingPlan/Memory`` from one frame to
  /// the next for the controllers whose subtree the step left alone.
  struct Memos {
    var keeps: [String: Bool] = [:]
    var counts: [String: Int] = [:]
    var children: [String: [String]] = [:]
    var middle: [String: Bool] = [:]
    var held: [String: [String]] = [:]
    /// How many facts were worked out rather than found kept (for tests).
    var workedOut = 0

    /// Forgets what was worked out for `ids`.
    mutating func forget(_ ids: Set<String>) {
      for id in ids {
        keeps[id] = nil
        counts[id] = nil
        children[id] = nil
        middle[id] = nil
        held[id] = nil
      }
      workedOut = 0
    }
  }
}
