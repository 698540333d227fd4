import VCGraph

/// What a diagram draws of a hierarchy, and in what order: which controllers get a node of their
/// own, which fold into counted nodes, and the order of each container's children.
///
/// A navigation stack is drawn as a column (each controller below the one it was pushed on); the
/// children of any other container left to right in their order; a presented controller beside its
/// presenter. A diff's removed controllers are drawn where they were: among their old parent's
/// children, at their old place.
///
/// Which controllers fold depends on the ``FoldLevel``; with a focus, everything outside the focused
/// controllers' subtrees, presentations and ancestors folds too. Every member of the hierarchy is
/// either drawn or counted in exactly one fold node.
struct DrawingPlan {
  /// What stands in a container's list of children: a controller of its own, or a fold.
  enum Item: Hashable {
    case controller(String)
    case fold(Int)
  }

  /// A node that stands for a run of controllers and everything they hold.
  struct Fold {
    /// Where the fold hangs.
    enum Anchor: Hashable {
      /// Among the children of a container.
      case children(of: String)
      /// In place of a window's root view controller.
      case root(window: String)
      /// Presented by a controller that is drawn.
      case presentation(from: String)
      /// Below a navigation stack's top: what the step popped (at ``FoldLevel/stacks`` and above).
      case popped(from: String)
      /// A tree outside any window.
      case detached
      /// Whole windows, at a level with a ``FoldLevel/windowLimit``: their root view controllers.
      case windows
      /// A storyboard's scenes that only one drawn scene's segues lead to, and that lead nowhere.
      case segues(from: String)
    }

    var anchor: Anchor
    /// The controllers the fold stands for, in their order (children of one container, say).
    var members: [String]
    /// The first member and, when there are more, the last: what the fold's box names.
    var ends: [String] { members.count > 1 ? [members[0], members[members.count - 1]] : members }
    /// Every controller the fold holds: the members and everything they hold, in order.
    var held: [String]
    /// The hierarchy the members are drawn from: the diagram's, or a diff's earlier one.
    var source: Hierarchy
    /// Held controllers a diff marks, by mark.
    var added = 0
    var changed = 0
    var removed = 0
    /// The cgraph node name, unique in the graph.
    var name: String
    /// The name the stable layout places the fold by, when it is not ``name``: a stack's middle has
    /// one place whatever it holds.
    var slot: String?
    /// True for a fold taken as it was from the plan of the frame before (``Memory``).
    var isTaken = false
  }

  /// The controllers drawn as their own nodes, with the hierarchy each is drawn from.
  private(set) var controllers: [(id: String, source: Hierarchy)] = []
  private(set) var isDrawn: Set<String> = []
  private(set) var folds: [Fold] = []
  /// The items drawn under each drawn container, in order (a stack bottom to top).
  private(set) var items: [String: [Item]] = [:]
  /// Controllers whose place in the stable layout is not their own node's: the top of each stack
  /// at ``FoldLevel/stacks`` and above, a place it shares with the others that are never drawn with
  /// it; a pinned column of a split view, a place apart from the one it has in a stack in other
  /// frames (see ``ScenarioLayout/movingColumns(in:)``).
  private(set) var slots: [String: String] = [:]
  /// Windows not drawn: their roots, and all they hold, are in the fold anchored ``Fold/Anchor/windows``.
  private(set) var foldedWindows: Set<String> = []
  /// Folds that stand for a window's root, a presentation or a tree outside any window, by anchor.
  private(set) var anchoredFolds: [Fold.Anchor: Int] = [:]
  /// Where each item is drawn: among which container's items, at which index.
  private var positions: [Item: (parent: String, index: Int)] = [:]
  /// How many boxes stand above each drawn item, down from its root (a presented controller is on
  /// its presenter's level).
  private(set) var depths: [Item: Int] = [:]
  /// The root each drawn item hangs from (through parents and presenters), in the order the roots
  /// were placed: a window's root, or a tree of its own outside any window.
  private(set) var roots: [String] = []
  private(set) var rootOf: [Item: String] = [:]

  let hierarchy: Hierarchy
  let changes: HierarchyDiff?
  let level: FoldLevel
  /// Controllers with a place of their own in the stable layout (see ``init(hierarchy:changes:level:focus:pinned:)``).
  let pinned: Set<String>
  /// With a ``Memory``: what each drawn controller lists below it, by controller, for the next
  /// frame's plan; nil without one.
  private(set) var expansions: [String: Expansion]?
  /// What the memory kept of the frame before: the drawn controllers whose items are taken as they
  /// were unless dirty (``Memory``).
  private var earlier: (dirty: Set<String>, expansions: [String: Expansion])?
  /// How many drawn controllers' items were worked out, and how many taken from the frame before.
  private(set) var expansionsMade = 0
  private(set) var expansionsTaken = 0
  /// Controllers placed by the items taken from the frame before, not in `placed`: how many, and
  /// who (see ``isEveryControllerPlaced(_:facts:)``).
  private var placedEarlierCount = 0
  private var placedEarlier: [[String]] = []

  /// The plan for `hierarchy` (a diff's `after` when `changes` is set) at `level`.
  ///
  /// - Parameters:
  ///   - focus: controllers to focus on, by id; nil for no focus. An empty set (a focus none of
  ///     whose controllers is in this hierarchy) folds everything.
  ///   - pinned: controllers that keep a place of their own in the stable layout, even where the
  ///     level would share it (a controller drawn as a stack's top in one frame and elsewhere in
  ///     another); a split view's column among them has a place as a column apart from the one it
  ///     has in a stack.
  ///   - foldsLoneScenes: true for an app map, whose controllers no transition leads to and that lead
  ///     nowhere (no segue, no child, no window) fold together from level ``FoldLevel/subtrees`` on,
  ///     rather than each standing alone: a real app has dozens.
  ///   - memory: what the plan of the frame before kept (``Memory``), which this plan takes what did
  ///     not change from, and keeps for the next frame's; nil to plan the hierarchy whole.
  init(
    hierarchy: Hierarchy, changes: HierarchyDiff?, level: FoldLevel, focus: Set<String>? = nil,
    pinned: Set<String> = [], foldsLoneScenes: Bool = false, memory: Memory? = nil
  ) {
    self.hierarchy = hierarchy
    self.changes = changes
    self.level = level
    self.pinned = pinned
    // A small hierarchy is planned whole, and nothing is kept of it.
    let memory = memory.flatMap { hierarchy.members.count >= $0.smallestHierarchy ? $0 : nil }
    let reusable =
      foldsLoneScenes
      ? nil
      : Self.reusable(
        from: memory, hierarchy: hierarchy, changes: changes, level: level, pinned: pinned, focus: focus)
    var facts = Facts(
      hierarchy: hierarchy, changes: changes, level: level, focus: focus, foldsLoneScenes: foldsLoneScenes,
      memos: reusable?.memos ?? Facts.Memos(), dirty: reusable?.dirty)
    if memory != nil { expansions = [:] }
    earlier = reusable.map { ($0.dirty, $0.expansions) }
    // Every controller is placed from the roots down: window roots, then the trees outside any window.
    var placed: Set<String> = []
    foldWindowsPastLimit(facts: &facts, placed: &placed)
    placeWindows(facts: &facts, placed: &placed)
    placeTreesOutsideWindows(facts: &facts, placed: &placed)
    // Anything left (a relation the model should not have, a cycle) is drawn rather than lost.
    if !isEveryControllerPlaced(&placed, facts: facts) {
      for id in facts.allControllers() where !placed.contains(id) {
        placed.insert(id)
        place(id, facts: &facts, placed: &placed)
      }
    }
    earlier = nil
    if let memory { keep(in: memory, memos: facts.memos) }
  }

  /// True when every controller is placed, told by counting with a ``Memory`` (every controller is
  /// drawn or held by one fold, once); without one, or when the count says no, false, with
  /// `placed` then holding every controller placed (those of the items taken from the frame before too).
  private mutating func isEveryControllerPlaced(_ placed: inout Set<String>, facts: Facts) -> Bool {
    if expansions != nil, placed.count + placedEarlierCount == facts.controllerCount { return true }
    for ids in placedEarlier { placed.formUnion(ids) }
    (placedEarlier, placedEarlierCount) = ([], 0)
    return false
  }

  /// The deepest item drawn under `root` (itself when nothing is).
  func deepestItem(under root: String) -> Item {
    var deepest = Item.controller(root)
    var depth = depths[deepest] ?? 0
    for (item, itemRoot) in rootOf where itemRoot == root {
      if let itemDepth = depths[item],
        itemDepth > depth || (itemDepth == depth && nodeName(of: item) < nodeName(of: deepest))
      {
        (deepest, depth) = (item, itemDepth)
      }
    }
    return deepest
  }

  /// The deepest item drawn below `item`, through the items of the containers and the controllers
  /// they present (itself when nothing is): what a row of boxes wrapped under it must clear.
  func deepestItem(below item: Item) -> Item {
    var deepest = item
    var depth = depths[item] ?? 0
    var pending = [item]
    var seen: Set<Item> = [item]
    while let next = pending.popLast() {
      if let nextDepth = depths[next], nextDepth > depth { (deepest, depth) = (next, nextDepth) }
      guard case let .controller(id) = next else { continue }
      var below = items[id] ?? []
      if let presented = (hierarchy[id] ?? changes?.before[id])?.presentation?.presented, isDrawn.contains(presented) {
        below.append(.controller(presented))
      }
      for item in below where seen.insert(item).inserted { pending.append(item) }
    }
    return deepest
  }

  /// The node name of an item.
  func nodeName(of item: Item) -> String {
    switch item {
    case let .controller(id): return Diagram.nodeName(ofController: id)
    case let .fold(index): return folds[index].name
    }
  }

  /// The node drawn before `item` among `parent`'s items when `parent` is a navigation controller
  /// (the controller it was pushed on), else `parent` itself: the tail of the edge that leads to `item`.
  func tail(of item: Item, in parent: String) -> String {
    let parentNode = Diagram.nodeName(ofController: parent)
    guard isStack(parent), let place = positions[item], place.parent == parent, place.index > 0,
      let list = items[parent]
    else {
      return parentNode
    }
    return nodeName(of: list[place.index - 1])
  }

  /// The drawn ones of `children`, the children of the drawn controller `id`, in their order: found
  /// among the few items drawn below `id` when it has many more children than those.
  func drawnChildren(of id: String, among children: [String]) -> [String] {
    guard let list = items[id], children.count > 2 * list.count + 8 else { return children.filter(isDrawn.contains) }
    return list.compactMap { item in
      guard case let .controller(child) = item, isDrawn.contains(child), hierarchy[child]?.parent == id else {
        return nil
      }
      return child
    }
  }

  /// True when `item` is drawn among `parent`'s items.
  func contains(_ item: Item, in parent: String) -> Bool {
    positions[item]?.parent == parent
  }

  /// The place of a split view's column in the stable layout: the column's own, not the one the
  /// same controller has elsewhere (see ``slots``).
  static func columnPlace(of id: String) -> String { "column:" + HTMLText.identifier(id) }

  /// True when `id` is drawn as a split view's column with a place of its own as a column (see
  /// ``slots``).
  func hasColumnPlace(_ id: String) -> Bool { slots[id] == Self.columnPlace(of: id) }

  /// True when `id` is a pinned column of a split view in `source`, which has a place as a column.
  private func isPinnedColumn(_ id: String, in source: Hierarchy) -> Bool {
    guard pinned.contains(id), let parent = source[id]?.parent else { return false }
    return source[parent]?.kind == .splitView
  }

  /// True when `id` is drawn as a navigation controller whose children form a column.
  func isStack(_ id: String) -> Bool {
    (hierarchy.isMember(id) ? hierarchy[id] : changes?.before[id])?.kind == .navigation
  }

  // MARK: - Placing

  /// Past the level's window limit, folds the windows that hold nothing on screen, changed or
  /// focused beyond the first ones, with everything in them, into one node.
  private mutating func foldWindowsPastLimit(facts: inout Facts, placed: inout Set<String>) {
    // Past a level's window limit, the windows that hold what is on screen, changed or focused are
    // drawn first, then the first ones; the others fold together.
    if let limit = level.windowLimit, hierarchy.windows.count > limit {
      let rooted = hierarchy.windows.filter { $0.rootViewController != nil }
      let essential = rooted.filter { window in window.rootViewController.map { facts.holdsEssential($0) } ?? false }
      var kept = Set(essential.prefix(limit).map(\.id))
      for window in hierarchy.windows where kept.count < limit { kept.insert(window.id) }
      let folded = rooted.filter { !kept.contains($0.id) }
      let roots = folded.compactMap(\.rootViewController)
      if !roots.isEmpty {
        foldedWindows = Set(folded.map(\.id))
        for root in roots { placed.insert(root) }
        anchoredFolds[.windows] = addFold(roots, anchor: .windows, facts: &facts, placed: &placed)
      }
    }
  }

  /// Places each window's root (and a root a step replaced, drawn removed beside the new one), or
  /// folds it when the level keeps nothing of it.
  private mutating func placeWindows(facts: inout Facts, placed: inout Set<String>) {
    for window in hierarchy.windows + facts.removedWindows where !foldedWindows.contains(window.id) {
      let source =
        facts.removedWindows.contains(where: { $0.id == window.id }) ? (changes?.before ?? hierarchy) : hierarchy
      var roots: [String] = []
      if let root = source.window(named: window.id)?.rootViewController { roots.append(root) }
      // A root a step replaced is drawn (removed) beside the new one.
      if let changes, let old = changes.before.window(named: window.id)?.rootViewController, !roots.contains(old),
        changes.removedControllers.contains(old)
      {
        roots.append(old)
      }
      for root in roots where placed.insert(root).inserted {
        if facts.keeps(root) {
          place(root, facts: &facts, placed: &placed)
        } else {
          anchoredFolds[.root(window: window.id)] = addFold(
            [root], anchor: .root(window: window.id), facts: &facts, placed: &placed)
        }
      }
    }
  }

  /// Places the trees outside any window (a root of its own, not presented, that is a member); a
  /// storyboard's scenes that only one drawn scene's segues lead to fold beside that scene, and the
  /// other trees the level does not keep fold together.
  private mutating func placeTreesOutsideWindows(facts: inout Facts, placed: inout Set<String>) {
    // Trees outside any window: a root of its own (no parent, not presented) that is a member.
    var unkept: [String] = []
    let unplaced = isEveryControllerPlaced(&placed, facts: facts) ? [] : facts.allControllers()
    for id in unplaced where !placed.contains(id) {
      guard let controller = facts.controller(id), controller.parent == nil, controller.presenter == nil else {
        continue
      }
      placed.insert(id)
      if facts.keeps(id) {
        place(id, facts: &facts, placed: &placed)
      } else {
        unkept.append(id)
      }
    }
    // A storyboard's scenes that only one drawn scene's segues lead to fold beside that scene;
    // the other trees outside any window fold together.
    var detached: [String] = []
    var bySource: [String: [String]] = [:]
    var sources: [String] = []
    for id in unkept {
      if let source = facts.segueLeafSource(of: id), isDrawn.contains(source) {
        if bySource[source] == nil { sources.append(source) }
        bySource[source, default: []].append(id)
      } else {
        detached.append(id)
      }
    }
    for source in sources {
      // In the order of the source's segues.
      let scenes = (bySource[source] ?? []).sorted { facts.segueIndex(of: $0) < facts.segueIndex(of: $1) }
      anchoredFolds[.segues(from: source)] = addFold(
        scenes, anchor: .segues(from: source), facts: &facts, placed: &placed)
    }
    if !detached.isEmpty {
      anchoredFolds[.detached] = addFold(detached, anchor: .detached, facts: &facts, placed: &placed)
    }
  }

  /// Draws `id` and, below it, its children (folding those the level folds) and what it presents.
  private mutating func place(_ id: String, facts: inout Facts, placed: inout Set<String>) {
    // Each controller with its depth: how many boxes stand above it, down from the root.
    roots.append(id)
    var pending = [(id, 0)]
    while let (next, depth) = pending.popLast() {
      guard !isDrawn.contains(next), let source = facts.source(of: next) else { continue }
      isDrawn.insert(next)
      controllers.append((next, source))
      depths[.controller(next)] = depth
      rootOf[.controller(next)] = id
      if let taken = takeExpansion(of: next, depth: depth) {
        let isColumn = source[next]?.kind == .navigation
        for (index, item) in taken.items.enumerated() {
          depths[item] = depth + 1 + (isColumn ? index : 0)
          rootOf[item] = id
          positions[item] = (next, index)
        }
        items[next] = taken.items
        pending += taken.drawnBelow.reversed()
        continue
      }
      let firstFold = folds.count
      let placedBefore = placed.count
      let children = facts.displayChildren(of: next)
      var list: [Item] = []
      var drawnChildren: [(String, Int)] = []
      // At level `all`, what nests deeper than a page holds folds, whatever it is.
      let isTooDeep = level.depthLimit.map { depth >= $0 } ?? false
      if isTooDeep {
        for child in children { placed.insert(child) }
        if !children.isEmpty {
          list = [.fold(addFold(children, anchor: .children(of: next), facts: &facts, placed: &placed))]
        }
      } else if source[next]?.kind == .navigation, level >= .stacks, !children.isEmpty {
        list = stackItems(children, of: next, facts: &facts, placed: &placed)
      } else {
        list = runItems(children, of: next, facts: &facts, placed: &placed)
      }
      let isColumn = source[next]?.kind == .navigation
      for (index, item) in list.enumerated() {
        depths[item] = depth + 1 + (isColumn ? index : 0)
        rootOf[item] = id
        if case let .controller(child) = item {
          placed.insert(child)
          drawnChildren.append((child, depth + 1 + (isColumn ? index : 0)))
        }
      }
      items[next] = list
      for (index, item) in list.enumerated() { positions[item] = (next, index) }
      // A pinned column of a split view has a place of its own in the stable layout, apart from the
      // place it has when a collapse pushes it onto the primary stack: the frames that expand the
      // split view draw its columns side by side, those that collapse it one below the other.
      if source[next]?.kind == .splitView {
        for case let .controller(child) in list where pinned.contains(child) {
          slots[child] = Self.columnPlace(of: child)
        }
      }
      // What the controller presents: drawn beside it, or folded when the focus leaves it out.
      var presentedPlaced: String?
      if let presented = facts.presented(by: next), placed.insert(presented).inserted {
        presentedPlaced = presented
        if facts.keeps(presented) && !isTooDeep {
          // Beside its presenter, on its rank.
          drawnChildren.append((presented, depth))
        } else {
          anchoredFolds[.presentation(from: next)] = addFold(
            [presented], anchor: .presentation(from: next), facts: &facts, placed: &placed)
        }
      }
      pending += drawnChildren.reversed()
      if expansions != nil {
        expansionsMade += 1
        expansions?[next] = Expansion(
          depth: depth,
          items: firstFold == folds.count
            ? list
            : list.map { item in
              if case let .fold(index) = item { return .fold(index - firstFold) }
              return item
            },
          folds: firstFold == folds.count ? [] : Array(folds[firstFold...]),
          slots: list.compactMap { item in
            guard case let .controller(child) = item, let slot = slots[child] else { return nil }
            return (child, slot)
          },
          drawnBelow: drawnChildren, placedCount: placed.count - placedBefore, children: children,
          presented: presentedPlaced)
      }
    }
  }

  /// The items `id` lists below it, at `depth`, taken from the frame before when neither it nor
  /// anything it holds changed (see ``Memory``), with their folds and slots added to the plan; nil
  /// when they must be worked out.
  private mutating func takeExpansion(of id: String, depth: Int) -> (items: [Item], drawnBelow: [(String, Int)])? {
    guard let earlier, !earlier.dirty.contains(id), var expansion = earlier.expansions[id], expansion.depth == depth
    else { return nil }
    let firstFold = folds.count
    for index in expansion.folds.indices {
      // Nothing it holds changed: its controllers are this frame's.
      expansion.folds[index].source = hierarchy
      expansion.folds[index].isTaken = true
      let anchor = expansion.folds[index].anchor
      switch anchor {
      case .popped, .presentation: anchoredFolds[anchor] = firstFold + index
      default: break
      }
    }
    folds += expansion.folds
    for (child, slot) in expansion.slots { slots[child] = slot }
    placedEarlierCount += expansion.placedCount
    placedEarlier.append(expansion.children)
    placedEarlier += expansion.folds.map(\.held)
    if let presented = expansion.presented { placedEarlier.append([presented]) }
    expansionsTaken += 1
    expansions?[id] = expansion
    let items =
      expansion.folds.isEmpty
      ? expansion.items
      : expansion.items.map { item in
        if case let .fold(index) = item { return Item.fold(firstFold + index) }
        return item
      }
    return (items, expansion.drawnBelow)
  }

  /// The items of a container's children at a level that draws them one by one: those the level
  /// keeps, and each run of the others in a fold.
  private mutating func runItems(
    _ children: [String], of parent: String, facts: inout Facts, placed: inout Set<String>
  ) -> [Item] {
    var list: [Item] = []
    var run: [String] = []
    func flush(_ plan: inout DrawingPlan, _ facts: inout Facts) {
      defer { run.removeAll() }
      guard !run.isEmpty else { return }
      // One controller that holds nothing is drawn as itself: a fold would be as big and say less.
      if run.count == 1, facts.holdCount(run[0]) == 1, facts.isInFocus(run[0]) {
        list.append(.controller(run[0]))
      } else {
        list.append(.fold(plan.addFold(run, anchor: .children(of: parent), facts: &facts, placed: &placed)))
      }
    }
    let kept = keptChildren(children, of: parent, facts: &facts)
    for child in children {
      placed.insert(child)
      if kept.contains(child) {
        flush(&self, &facts)
        list.append(.controller(child))
      } else {
        run.append(child)
      }
    }
    flush(&self, &facts)
    return list
  }

  /// The children of a container drawn as their own nodes: those the level keeps and, at level
  /// ``FoldLevel/all``, no more than ``FoldLevel/childLimit`` of them.
  private func keptChildren(_ children: [String], of parent: String, facts: inout Facts) -> Set<String> {
    var kept = Set(children.filter { facts.keeps($0) })
    guard let limit = level.childLimit, kept.count > limit else { return kept }
    // The ones that hold what is on screen, changed or focused come first, then the ends.
    let essential = children.filter { kept.contains($0) && facts.holdsEssential($0) }
    var chosen = Array(essential.prefix(limit))
    for end in [children.first, children.last].compactMap({ $0 }) where chosen.count < limit {
      if kept.contains(end), !chosen.contains(end) { chosen.append(end) }
    }
    kept = Set(chosen)
    return kept
  }

  /// A navigation stack at ``FoldLevel/stacks`` and above: its root, what is between folded (changed
  /// or not, unless it presents or is focused), its top, and below the top what the step popped.
  /// With a focus, what is outside it folds too.
  private mutating func stackItems(
    _ children: [String], of navigation: String, facts: inout Facts, placed: inout Set<String>
  ) -> [Item] {
    let current = facts.removedCount == 0 ? children : children.filter { facts.isCurrentChild($0) }
    let popped = facts.removedCount == 0 ? [] : children.filter { !facts.isCurrentChild($0) }
    let top = current.count > 1 ? current.last : nil
    var list: [Item] = []
    var run: [String] = []
    var runs = 0
    var keptMiddle = 0
    func flush(_ plan: inout DrawingPlan, _ facts: inout Facts) {
      guard !run.isEmpty else { return }
      let fold = plan.addFold(run, anchor: .children(of: navigation), facts: &facts, placed: &placed)
      // The first run has the stack's middle place in the stable layout, whatever it holds.
      if runs == 0 { plan.folds[fold].slot = "middle:" + HTMLText.identifier(navigation) }
      runs += 1
      list.append(.fold(fold))
      run.removeAll()
    }
    for (index, child) in current.enumerated() {
      placed.insert(child)
      let drawn: Bool
      if !facts.isInFocus(child) {
        drawn = false
      } else if index == 0 || child == top {
        drawn = true
      } else {
        // Past level `all`'s limit, no more of the middle than the level draws of any container.
        drawn = facts.keepsInStackMiddle(child) && level.childLimit.map { keptMiddle < $0 } ?? true
        if drawn { keptMiddle += 1 }
      }
      if drawn {
        flush(&self, &facts)
        list.append(.controller(child))
        if child == top, !pinned.contains(child) { slots[child] = "top:" + HTMLText.identifier(navigation) }
      } else {
        run.append(child)
      }
    }
    flush(&self, &facts)
    if !popped.isEmpty {
      let fold = addFold(popped, anchor: .popped(from: navigation), facts: &facts, placed: &placed)
      folds[fold].slot = "popped:" + HTMLText.identifier(navigation)
      anchoredFolds[.popped(from: navigation)] = fold
      list.append(.fold(fold))
    }
    return list
  }

  /// Adds a fold of `members` and everything they hold; returns its index.
  private mutating func addFold(
    _ members: [String], anchor: Fold.Anchor, facts: inout Facts, placed: inout Set<String>
  ) -> Int {
    var held: [String] = []
    if facts.dirty != nil {
      // With a memory, each member's subtree as the frame before held it, unless it changed.
      for member in members { held += facts.held(by: member) }
    } else {
      var seen: Set<String> = []
      for member in members { facts.collect(member, into: &held, seen: &seen) }
    }
    for id in held { placed.insert(id) }
    let source = facts.source(of: members[0]) ?? hierarchy
    let place: String
    switch anchor {
    case let .children(parent): place = HTMLText.identifier(parent)
    case let .root(window): place = "window-" + HTMLText.identifier(window)
    case let .presentation(presenter): place = "presented-" + HTMLText.identifier(presenter)
    case let .popped(navigation): place = "popped-" + HTMLText.identifier(navigation)
    case .detached: place = "detached"
    case .windows: place = "windows"
    case let .segues(source): place = "segues-" + HTMLText.identifier(source)
    }
    // A fold stands where its first controller stands when that one is drawn: in the stable layout
    // it takes that controller's place, so folding and unfolding moves nothing.
    var fold = Fold(
      anchor: anchor, members: members, held: held, source: source,
      name: "fold:" + place + ":" + HTMLText.identifier(members[0]),
      slot: isPinnedColumn(members[0], in: source)
        ? Self.columnPlace(of: members[0]) : Diagram.nodeName(ofController: members[0]))
    if let changes {
      // A member that is not dirty holds nothing the diff marks (``Memory``).
      let marked = facts.dirty == nil ? held : members.filter(facts.isDirty).flatMap { facts.held(by: $0) }
      for id in marked {
        if changes.addedControllers.contains(id) {
          fold.added += 1
        } else if !hierarchy.isMember(id) {
          fold.removed += 1
        } else if changes.controllerChanges[id] != nil {
          fold.changed += 1
        }
      }
    }
    folds.append(fold)
    return folds.count - 1
  }
}
