/// What changed from one hierarchy to another: windows, controllers and relations added and
/// removed, and what changed in those on both sides.
///
/// Controllers are matched by id: the scenario's ids, or for a dump the class-derived ids the
/// importer gives (`HomeViewController`, `DetailViewController-2`). ``summary`` is the diff as
/// sorted text lines, stable enough to compare in tests and CI:
///
/// ```
/// + presented LoginViewController (pageSheet) on UITabBarController
/// ~ HomeViewController appeared → disappeared
/// ```
public struct HierarchyDiff: Sendable {
  public let before: Hierarchy
  public let after: Hierarchy

  /// One edge of a diagram: window → root, parent → child or presenting → presented.
  public enum Relation: Sendable, Hashable {
    case root(window: String, controller: String)
    case child(parent: String, child: String)
    case presentation(presenter: String, presented: String)

    /// The controller the relation leads to.
    public var target: String {
      switch self {
      case let .root(_, controller): return controller
      case let .child(_, child): return child
      case let .presentation(_, presented): return presented
      }
    }
  }

  /// Windows only `after` has, in its order.
  public let addedWindows: [String]
  /// Windows only `before` has, in its order.
  public let removedWindows: [String]
  /// Controllers that are members of `after` but not of `before`.
  public let addedControllers: Set<String>
  /// Controllers that are members of `before` but not of `after`, in `before`'s order.
  public let removedControllers: [String]
  /// Relations `after` has and `before` has not.
  public let addedRelations: Set<Relation>
  /// Relations `before` has and `after` has not, in `before`'s drawing order.
  public let removedRelations: [Relation]
  /// For controllers on both sides, what changed: `appeared → disappeared`, `title "A" → "B"`.
  public let controllerChanges: [String: [String]]
  /// For relations on both sides whose label changed (a child's role, a presentation's style), the
  /// label they had before.
  public let relationChanges: [Relation: String]
  /// For windows on both sides, what changed: `key → not key`, `regular → compact width`.
  public let windowChanges: [String: [String]]

  /// The controllers the step wrote to when `after` is `before` changed by one replayed step (a
  /// scenario's consecutive frames): every other controller is the same value on both sides. Nil
  /// for two hierarchies compared whole.
  public let writtenControllers: Set<String>?
  /// How many controllers on both sides the comparison looked at for changes of their own: every
  /// one for two hierarchies compared whole, those a step wrote to and what hangs below them for
  /// a step's two sides (for tests: a frame's comparison costs what its step changed).
  let comparedControllers: Int
  /// How many relations, on both sides, the comparison listed: every one for two hierarchies
  /// compared whole, those a step can have changed for a step's two sides (for tests).
  let comparedRelations: Int

  /// Compares `before` with `after`. Controllers are matched by id, except when every controller on
  /// both sides has an address (dumps imported with their pointers): then they are matched by
  /// address, and `after`'s controllers take the ids of the same instances in `before`.
  ///
  /// When `after` is `before` changed by one replayed step (a scenario's consecutive frames), only
  /// the controllers the step wrote to, and what hangs below those that moved, are compared: the
  /// others are the same on both sides. Any other two hierarchies are compared whole.
  public init(before: Hierarchy, after: Hierarchy) {
    guard let written = Self.stepWrites(from: before, to: after) else {
      self.init(wholeBefore: before, after: after)
      return
    }
    self.init(before: before, after: after, written: written)
    #if DEBUG
      if before.controllers.count <= Hierarchy.wholeCheckLimit {
        let whole = HierarchyDiff(wholeBefore: before, after: after)
        assert(
          whole.addedControllers == addedControllers && whole.removedControllers == removedControllers
            && whole.addedRelations == addedRelations && whole.removedRelations == removedRelations
            && whole.controllerChanges == controllerChanges && whole.relationChanges == relationChanges
            && whole.addedWindows == addedWindows && whole.removedWindows == removedWindows
            && whole.windowChanges == windowChanges,
          "a step's diff \(summary) differs from the whole comparison \(whole.summary)")
      }
    #endif
  }

  /// The controllers that may differ between `before` and `after` when `after` is `before` changed
  /// by one step, with the same windows, and neither holds a dump's controllers (matched by address);
  /// nil when the two must be compared whole.
  private static func stepWrites(from before: Hierarchy, to after: Hierarchy) -> Set<String>? {
    guard let written = after.controllers.written(since: before.controllers), before.windows == after.windows,
      !before.controllers.hasDumpRecords, !after.controllers.hasDumpRecords, before.order == after.order,
      before.segues == after.segues, before.storyboardScenes == after.storyboardScenes
    else { return nil }
    return written
  }

  /// Compares the two sides of one step (see ``stepWrites(from:to:)``): only `written` and what
  /// hangs below those of them whose parent or presenter changed can differ.
  private init(before: Hierarchy, after: Hierarchy, written: Set<String>) {
    self.before = before
    self.after = after
    writtenControllers = written
    addedWindows = []
    removedWindows = []
    windowChanges = [:]
    // In declaration order, as the whole comparison lists them.
    let ids = written.sorted {
      (before.controllers.positions[$0] ?? Int.max, $0) < (before.controllers.positions[$1] ?? Int.max, $1)
    }
    addedControllers = Set(ids.filter { after.isMember($0) && !before.isMember($0) })
    removedControllers = ids.filter { before.isMember($0) && !after.isMember($0) }

    // Relations lead from a window (the same on both sides) or from a member: only those from a
    // written controller can differ, their labels too (a role or a style is its parent's or presenter's).
    // A stack's children below the first that moved, neither side's top, keep their roles: a push
    // onto a stack of thousands compares its top, not the whole stack.
    var beforeRelations: [(relation: Relation, label: String)] = []
    var afterRelations: [(relation: Relation, label: String)] = []
    for id in ids {
      let kept = Self.unchangedStackBottom(of: id, from: before, to: after)
      if before.isMember(id) { beforeRelations += before.relations(from: id, skippingChildren: kept) }
      if after.isMember(id) { afterRelations += after.relations(from: id, skippingChildren: kept) }
    }
    comparedRelations = beforeRelations.count + afterRelations.count
    (addedRelations, removedRelations, relationChanges) = Self.relationDifferences(
      before: before, after: after, beforeRelations: beforeRelations, afterRelations: afterRelations)

    // A controller's own changes read it, the presentation that shows it, the tabs' controllers of a
    // tab bar, and its window: a controller that moved takes everything below it to its new window.
    var candidates = written
    for id in written {
      for side in [before, after] {
        if let presented = side[id]?.presentation?.presented { candidates.insert(presented) }
        if let owner = side[id]?.tabOwner { candidates.insert(owner) }
      }
      let old = before[id]
      let new = after[id]
      if old?.parent != new?.parent || old?.presenter != new?.presenter {
        for side in [before, after] { candidates.formUnion(side.containedAndPresented(below: id)) }
      }
    }
    var controllerChanges: [String: [String]] = [:]
    var compared = 0
    for id in candidates where before.isMember(id) && after.isMember(id) {
      compared += 1
      let changes = Self.changes(of: id, from: before, to: after)
      if !changes.isEmpty { controllerChanges[id] = changes }
    }
    self.controllerChanges = controllerChanges
    comparedControllers = compared
  }

  /// How many of a navigation controller's first children have the same place and role on both
  /// sides (below the first that differs, and below both sides' tops); 0 for any other controller.
  private static func unchangedStackBottom(of id: String, from before: Hierarchy, to after: Hierarchy) -> Int {
    guard let old = before[id], let new = after[id], old.kind == .navigation, new.kind == .navigation,
      before.isMember(id), after.isMember(id)
    else { return 0 }
    let limit = min(old.children.count, new.children.count) - 1
    guard limit > 0 else { return 0 }
    return (0..<limit).first { old.children[$0] != new.children[$0] } ?? limit
  }

  /// The relations only `after` has, those only `before` has (in `before`'s drawing order), and the
  /// earlier labels of those whose label changed, from the two sides' lists of relations.
  private static func relationDifferences(
    before: Hierarchy, after: Hierarchy, beforeRelations: [(relation: Relation, label: String)],
    afterRelations: [(relation: Relation, label: String)]
  ) -> (added: Set<Relation>, removed: [Relation], changes: [Relation: String]) {
    let afterRelationSet = Set(afterRelations.map(\.relation))
    let beforeRelationLabels = Dictionary(
      beforeRelations.map { ($0.relation, $0.label) }, uniquingKeysWith: { first, _ in first })
    let added = afterRelationSet.subtracting(beforeRelationLabels.keys)
    let removed = beforeRelations.map(\.relation).filter { !afterRelationSet.contains($0) }
    var relationChanges: [Relation: String] = [:]
    for (relation, label) in afterRelations {
      guard let old = beforeRelationLabels[relation], old != label else { continue }
      // A stack position that only stopped or started being the top says nothing the push or pop
      // line above it does not.
      if case let .child(parent, _) = relation, before[parent]?.kind == .navigation,
        after[parent]?.kind == .navigation, Self.withoutTop(old) == Self.withoutTop(label)
      {
        continue
      }
      relationChanges[relation] = old
    }
    return (added, removed, relationChanges)
  }

  /// Compares `before` with `after` whole, every member of each.
  private init(wholeBefore before: Hierarchy, after: Hierarchy) {
    let after = Self.matchingAddresses(of: after, to: before)
    self.before = before
    self.after = after
    writtenControllers = nil
    let beforeWindows = before.windows.map(\.id)
    let afterWindows = after.windows.map(\.id)
    addedWindows = afterWindows.filter { !beforeWindows.contains($0) }
    removedWindows = beforeWindows.filter { !afterWindows.contains($0) }

    let beforeMembers = before.members
    let afterMembers = after.members
    let beforeSet = Set(beforeMembers)
    let afterSet = Set(afterMembers)
    addedControllers = afterSet.subtracting(beforeSet)
    removedControllers = beforeMembers.filter { !afterSet.contains($0) }

    let beforeRelations = before.relations
    let afterRelations = after.relations
    comparedRelations = beforeRelations.count + afterRelations.count
    (addedRelations, removedRelations, relationChanges) = Self.relationDifferences(
      before: before, after: after, beforeRelations: beforeRelations, afterRelations: afterRelations)

    var controllerChanges: [String: [String]] = [:]
    let windowsBefore = before.derivedRelations().window
    let windowsAfter = after.derivedRelations().window
    var compared = 0
    for id in afterMembers where beforeSet.contains(id) {
      compared += 1
      let changes = Self.changes(
        of: id, from: before, to: after, windows: (before: windowsBefore[id], after: windowsAfter[id]))
      if !changes.isEmpty { controllerChanges[id] = changes }
    }
    self.controllerChanges = controllerChanges
    comparedControllers = compared

    var windowChanges: [String: [String]] = [:]
    for window in after.windows {
      guard let old = before.window(named: window.id) else { continue }
      var changes: [String] = []
      if old.isKey != window.isKey { changes.append(window.isKey ? "not key → key" : "key → not key") }
      if old.horizontalSizeClass != window.horizontalSizeClass {
        changes.append("\(old.horizontalSizeClass.rawValue) → \(window.horizontalSizeClass.rawValue) width")
      }
      if !changes.isEmpty { windowChanges[window.id] = changes }
    }
    self.windowChanges = windowChanges
  }

  /// True when nothing the diff compares changed: windows, members, relations with their roles and
  /// styles, and each controller's class, kind, title, state, collapse, instance and address.
  /// (Where a presentation was called from, `isModalInPresentation` and `retained` are not compared:
  /// a state JSON does not keep the first, and a dump tells none of them.)
  public var isEmpty: Bool {
    addedWindows.isEmpty && removedWindows.isEmpty && addedControllers.isEmpty && removedControllers.isEmpty
      && addedRelations.isEmpty && removedRelations.isEmpty && controllerChanges.isEmpty
      && relationChanges.isEmpty && windowChanges.isEmpty
  }

  /// The diff as text lines, sorted: `+` for what was added, `-` for what was removed, `~` for
  /// what changed.
  public var summary: [String] {
    var lines: [String] = []
    lines += addedWindows.map { "+ window \($0)" }
    lines += removedWindows.map { "- window \($0)" }
    lines += addedRelations.map { "+ " + Self.describe($0, in: after) }
    lines += removedRelations.map { "- " + Self.describe($0, in: before) }
    // A controller no relation leads to (the outermost controller of a tree outside any window)
    // gets a line of its own; the others are told by the relations that lead to them.
    for id in addedControllers where !after.isRelationTarget(id) {
      lines.append("+ \(id) (not in a window)")
    }
    for id in removedControllers where !before.isRelationTarget(id) {
      lines.append("- \(id) (not in a window)")
    }
    let afterLabels = Dictionary(
      after.relations.map { ($0.relation, $0.label) }, uniquingKeysWith: { first, _ in first })
    for (relation, old) in relationChanges {
      let new = afterLabels[relation] ?? ""
      lines.append("~ " + Self.describe(relation, in: after, withLabel: false) + ": \(old) → \(new)")
    }
    for (id, changes) in controllerChanges {
      lines += changes.map { "~ \(id) \($0)" }
    }
    for (id, changes) in windowChanges {
      lines += changes.map { "~ window \(id) \($0)" }
    }
    return lines.sorted()
  }

  /// The summary as text, one line each, ending with a newline; "no changes" when there are none.
  public var summaryText: String {
    let lines = summary
    return lines.isEmpty ? "no changes\n" : lines.joined(separator: "\n") + "\n"
  }

  // MARK: - Matching

  /// `after` with each controller renamed to the id of the controller at the same address in
  /// `before`, when every member on both sides has an address; otherwise `after` unchanged.
  static func matchingAddresses(of after: Hierarchy, to before: Hierarchy) -> Hierarchy {
    func addresses(_ hierarchy: Hierarchy) -> [(id: String, address: String)]? {
      var result: [(String, String)] = []
      for id in hierarchy.members {
        guard let address = hierarchy[id]?.dumpRecord?.address else { return nil }
        result.append((id, address.lowercased()))
      }
      return result.isEmpty ? nil : result
    }
    guard let beforeAddresses = addresses(before), let afterAddresses = addresses(after) else { return after }
    let beforeByAddress = Dictionary(
      beforeAddresses.map { ($0.address, $0.id) }, uniquingKeysWith: { first, _ in first })
    var newIDs: [String: String] = [:]
    for (id, address) in afterAddresses {
      if let earlier = beforeByAddress[address] { newIDs[id] = earlier }
    }
    // A new instance keeps its id unless a matched controller now has it; then it takes the next free one.
    var made = UniqueIDs(taken: Set(newIDs.values))
    for id in after.order where newIDs[id] == nil {
      newIDs[id] = made.make(from: id)
    }
    return after.renamingControllers(newIDs)
  }

  /// A stack role without its `· top` marker.
  private static func withoutTop(_ label: String) -> String {
    label.hasSuffix(" · top") ? String(label.dropLast(" · top".count)) : label
  }

  // MARK: - Describing

  /// `root HomeViewController of window 1`, `child DetailViewController (stack[1] · top) of nav`,
  /// `presented LoginViewController (pageSheet) on tabs`.
  static func describe(_ relation: Relation, in hierarchy: Hierarchy, withLabel: Bool = true) -> String {
    switch relation {
    case let .root(window, controller):
      return "root \(controller) of window \(window)"
    case let .child(parent, child):
      let role = withLabel ? " (\(hierarchy.role(of: child)?.description ?? "child"))" : ""
      return "child \(child)\(role) of \(parent)"
    case let .presentation(presenter, presented):
      let style = withLabel ? " (\(hierarchy.presentationStyleName(of: presented)))" : ""
      return "presented \(presented)\(style) on \(presenter)"
    }
  }

  /// What changed in a controller that both hierarchies have.
  ///
  /// `windows` are the controller's windows on each side, when they were found beforehand for every
  /// controller (``Hierarchy/derivedRelations()``).
  static func changes(
    of id: String, from before: Hierarchy, to after: Hierarchy,
    windows: (before: String?, after: String?)? = nil
  ) -> [String] {
    guard let old = before[id], let new = after[id] else { return [] }
    var changes: [String] = []
    if old.className != new.className { changes.append("class \(old.className) → \(new.className)") }
    if old.kind != new.kind { changes.append("kind \(old.kind.displayName) → \(new.kind.displayName)") }
    if old.title != new.title {
      changes.append("title \(quoted(old.title)) → \(quoted(new.title))")
    }
    let oldState = before.stateDescription(of: id, window: windows.map { $0.before })
    let newState = after.stateDescription(of: id, window: windows.map { $0.after })
    if oldState != newState { changes.append("\(oldState) → \(newState)") }
    // Only a change both sides know of: a dump that does not say is no change.
    if let oldState = old.splitViewState, let newState = new.splitViewState, oldState != newState {
      changes.append("\(oldState) → \(newState)")
    }
    // A sheet that stays presented but rests at another detent, or was given other detents.
    if let oldSheet = old.presenter.flatMap({ before[$0]?.presentation }),
      let newSheet = new.presenter.flatMap({ after[$0]?.presentation }), oldSheet.presented == id,
      newSheet.presented == id, let oldDetents = oldSheet.sheetDetents, let newDetents = newSheet.sheetDetents
    {
      func list(_ detents: [SheetDetent]) -> String { "[" + detents.map(\.identifier).joined(separator: ", ") + "]" }
      if oldDetents != newDetents { changes.append("detents \(list(oldDetents)) → \(list(newDetents))") }
      if let from = oldSheet.selectedDetent, let to = newSheet.selectedDetent, from != to {
        changes.append("detent \(from.identifier) → \(to.identifier)")
      }
    }
    if old.instance != new.instance { changes.append("instance \(old.instance) → \(new.instance)") }
    changes += tabChanges(of: id, from: before, to: after)
    if let oldAddress = old.dumpRecord?.address, let newAddress = new.dumpRecord?.address, oldAddress != newAddress {
      changes.append("address \(oldAddress) → \(newAddress) (another instance)")
    }
    return changes
  }

  /// What changed in a tab bar controller's iOS 18 tabs: the list, the selected tab, the tabs whose
  /// controllers were created, the sidebar.
  private static func tabChanges(of id: String, from before: Hierarchy, to after: Hierarchy) -> [String] {
    guard let old = before[id], let new = after[id], old.kind == .tabBar, new.kind == .tabBar,
      !old.tabs.isEmpty || !new.tabs.isEmpty
    else { return [] }
    var changes: [String] = []
    func list(_ tabs: [Tab]) -> String { tabs.isEmpty ? "none" : Action.summary(of: tabs) }
    if old.tabs.map(\.identifier) != new.tabs.map(\.identifier) || old.tabs.map(\.group) != new.tabs.map(\.group) {
      changes.append("tabs \(list(old.tabs)) → \(list(new.tabs))")
    }
    if old.selectedTab != new.selectedTab {
      changes.append("selected tab \(old.selectedTab ?? "none") → \(new.selectedTab ?? "none")")
    }
    let created = new.tabs.filter { tab in
      after.isCreated(tab, in: id) && !(old.tab(tab.identifier).map { before.isCreated($0, in: id) } ?? false)
    }
    if !created.isEmpty {
      changes.append("controller created for tab " + created.map(\.identifier).joined(separator: ", "))
    }
    let oldSidebar = before.sidebarState(of: id)
    let newSidebar = after.sidebarState(of: id)
    if let oldSidebar, let newSidebar, oldSidebar != newSidebar {
      changes.append("sidebar \(oldSidebar.rawValue) → \(newSidebar.rawValue)")
    }
    return changes
  }

  private static func quoted(_ text: String?) -> String {
    text.map { "\"\($0)\"" } ?? "none"
  }
}

extension Hierarchy {
  /// True when a relation leads to `id`: it is a window's root, a child or presented.
  func isRelationTarget(_ id: String) -> Bool {
    controllers[id]?.parent != nil || controllers[id]?.presenter != nil || windowRooted(at: id) != nil
  }

  /// Every relation with its label, in drawing order: windows' roots, then each member's children
  /// and presentation.
  public var relations: [(relation: HierarchyDiff.Relation, label: String)] {
    var result: [(HierarchyDiff.Relation, String)] = []
    for window in windows {
      if let root = window.rootViewController { result.append((.root(window: window.id, controller: root), "root")) }
    }
    for id in members { result += relations(from: id) }
    return result
  }

  /// The relations of ``relations`` that lead from a window or from one of `controllers`, in the
  /// same order, without their labels: what a diagram that draws only some controllers needs, in
  /// time in proportion to those (and their children), not to the whole hierarchy.
  public func relations(from controllers: Set<String>) -> [HierarchyDiff.Relation] {
    relations(from: controllers) { _, children in children }
  }

  /// The relations of ``relations(from:)``, with each controller's children those `children` picks
  /// from them (given the controller's id and its children, in their order): a diagram that draws
  /// a few children of a stack of thousands lists those few.
  public func relations(
    from controllers: Set<String>, children pick: (_ id: String, _ children: [String]) -> [String]
  ) -> [HierarchyDiff.Relation] {
    var result: [HierarchyDiff.Relation] = []
    for window in windows {
      if let root = window.rootViewController { result.append(.root(window: window.id, controller: root)) }
    }
    let ordered = controllers.filter(isMember).sorted {
      (self.controllers.positions[$0] ?? Int.max, $0) < (self.controllers.positions[$1] ?? Int.max, $1)
    }
    for id in ordered {
      guard let controller = self.controllers[id] else { continue }
      for child in pick(id, controller.children) { result.append(.child(parent: id, child: child)) }
      if let presentation = controller.presentation {
        result.append(.presentation(presenter: id, presented: presentation.presented))
      }
    }
    return result
  }

  /// The relations that lead from the controller `id` to its children and what it presents, with
  /// their labels, in drawing order.
  /// The first `skippingChildren` children are left out.
  func relations(
    from id: String, skippingChildren skipped: Int = 0
  ) -> [(relation: HierarchyDiff.Relation, label: String)] {
    guard let controller = controllers[id] else { return [] }
    var result: [(HierarchyDiff.Relation, String)] = []
    for index in controller.children.indices.dropFirst(skipped) {
      let child = controller.children[index]
      result.append((.child(parent: id, child: child), role(ofChildAt: index, in: controller).description))
    }
    if let presentation = controller.presentation {
      result.append(
        (
          .presentation(presenter: id, presented: presentation.presented),
          presentationStyleName(of: presentation.presented)
        ))
    }
    return result
  }

  /// Every controller below `id` through children and presentations, `id` itself first.
  func containedAndPresented(below id: String) -> [String] {
    var result: [String] = []
    var pending = [id]
    var seen: Set<String> = [id]
    while let next = pending.popLast() {
      result.append(next)
      guard let controller = controllers[next] else { continue }
      for below in controller.children + (controller.presentation.map { [$0.presented] } ?? [])
      where seen.insert(below).inserted {
        pending.append(below)
      }
    }
    return result
  }

  /// The style of the presentation that shows `presented`, or `style unknown`.
  public func presentationStyleName(of presented: String) -> String {
    guard let presenter = controllers[presented]?.presenter else { return "style unknown" }
    return controllers[presenter]?.presentation?.style?.rawValue ?? "style unknown"
  }

  /// A controller's state as a diff prints it: `view not loaded`, `appeared`, or the state with a
  /// note when the view's place disagrees with it (`appeared, not in the window`).
  public func stateDescription(of id: String) -> String {
    stateDescription(of: id, window: nil)
  }

  /// ``stateDescription(of:)`` with the controller's window id found beforehand (`.some(nil)`
  /// for none), or walked up to when `window` is nil.
  func stateDescription(of id: String, window: String??) -> String {
    guard let controller = controllers[id] else { return "absent" }
    guard controller.isViewLoaded else { return "view not loaded" }
    let state = controller.appearance.rawValue
    let inWindow = window.map { isViewInWindow(id, window: $0) } ?? isViewInWindow(id)
    let expected = controller.appearance != .disappeared
    if inWindow == expected { return state }
    return state + (inWindow ? ", in the window" : ", not in the window")
  }
}
