import VCGraph

extension DrawingPlan {
  /// What the plan of a scenario's frame keeps for the plan of the next one, at the same level: a
  /// frame's plan then costs what its step changed, not the size of the hierarchy.
  ///
  /// Consecutive frames differ by one step, which writes to a few controllers
  /// (``HierarchyDiff/writtenControllers``). A controller is *dirty* when the step wrote to it or
  /// to something it holds (its descendants and what they present), when either frame's diff marks
  /// it or something it holds, or when it became or stopped being the first or the last child of a
  /// stack; the controllers above a dirty one (parents and presenters, on either frame's side) are
  /// dirty too. Everything else is what it was in the frame before, and so is what the plan made of
  /// it: the facts worked out per controller (``Facts/Memos``), and the items each drawn controller
  /// lists below it, with their folds (``Expansion``), taken as they were.
  ///
  /// A memory is used by one sequence of frames in order, at one level with one set of pinned
  /// controllers and no focus; a frame that is not the step after the one planned before (a
  /// sample's, or a scenario's first) is planned whole, and kept for the next.
  final class Memory {
    fileprivate var level: FoldLevel?
    fileprivate var pinned: Set<String> = []
    /// The hierarchy planned last, and the diff it was drawn with.
    fileprivate var hierarchy: Hierarchy?
    fileprivate var changes: HierarchyDiff?
    fileprivate var memos = Facts.Memos()
    fileprivate var expansions: [String: Expansion] = [:]
    /// The boxes drawn for the folds of the last plan, and of the plan before, by theme, name and
    /// cluster: no more than two frames' folds are kept.
    private var foldNodes: [FoldKey: GraphDescription.Node] = [:]
    private var earlierFoldNodes: [FoldKey: GraphDescription.Node] = [:]

    private struct FoldKey: Hashable {
      var theme: Theme
      var name: String
      var cluster: String?
    }

    /// What the last plan took from the one before and worked out (for tests): how many drawn
    /// controllers' items it worked out, how many it took as they were, and how many facts it
    /// worked out for single controllers.
    private(set) var expansionsMade = 0
    private(set) var expansionsTaken = 0
    private(set) var factsWorkedOut = 0

    /// The fewest members a hierarchy has for its plan to take from the frame before's: a smaller
    /// one is planned whole faster than its parts are checked and kept.
    let smallestHierarchy: Int
    /// The default ``smallestHierarchy``.
    static var smallestHierarchy: Int { 64 }

    init(smallestHierarchy: Int = Memory.smallestHierarchy) {
      self.smallestHierarchy = smallestHierarchy
    }

    /// The box of `fold` in `theme`, in `cluster`: for a fold taken from the frame before, the one
    /// drawn for it then (a fold's box is made of the fold, its cluster and the theme alone);
    /// otherwise `make`'s, kept for the next frame.
    func node(
      of fold: Fold, theme: Theme, cluster: String?, make: () -> GraphDescription.Node
    ) -> GraphDescription.Node {
      let key = FoldKey(theme: theme, name: fold.name, cluster: cluster)
      // The frame before drew at most one fold of that name: the one taken from it.
      let node = fold.isTaken ? earlierFoldNodes[key] ?? make() : make()
      foldNodes[key] = node
      return node
    }

    /// The controllers whose plan may differ from the frame before's, when `hierarchy` drawn with
    /// `changes` is the step after the hierarchy planned last with this level and these pinned
    /// controllers (and no focus); nil when the plan must be made whole.
    fileprivate func dirty(
      in hierarchy: Hierarchy, changes: HierarchyDiff?, level: FoldLevel, pinned: Set<String>, focus: Set<String>?
    ) -> Set<String>? {
      guard focus == nil, level == self.level, pinned == self.pinned, let changes,
        let written = changes.writtenControllers, let previous = self.hierarchy,
        changes.before.isUnchangedCopy(of: previous)
      else { return nil }
      var seeds = written.union(Facts.changedControllers(in: changes))
      if let earlier = self.changes { seeds.formUnion(Facts.changedControllers(in: earlier)) }
      // A step that changed much of the hierarchy (a window's first root) is planned whole: walking
      // up from every controller it changed would cost more than it saves.
      guard seeds.count <= max(64, hierarchy.members.count / 8) else { return nil }
      // A stack's first and last children are drawn as its ends: a step that changed the stack may
      // have changed which they are, on either side.
      for id in written {
        for side in [hierarchy, changes.before] {
          guard let children = side[id]?.children, let first = children.first, let last = children.last else {
            continue
          }
          seeds.insert(first)
          seeds.insert(last)
        }
      }
      // Up through parents and presenters, on every side a plan read: this frame's, the one before,
      // and the one before that (the removed controllers the frame before drew).
      var dirty = seeds
      for side in [hierarchy, changes.before] + (self.changes.map { [$0.before] } ?? []) {
        var seen: Set<String> = []
        for id in seeds {
          var current = id
          while let controller = side[current], let up = controller.parent ?? controller.presenter,
            seen.insert(up).inserted
          {
            dirty.insert(up)
            current = up
          }
        }
      }
      return dirty
    }

    /// The facts kept for the controllers not in `dirty`.
    fileprivate func takeMemos(forgetting dirty: Set<String>) -> Facts.Memos {
      var memos = Facts.Memos()
      swap(&memos, &self.memos)
      memos.forget(dirty)
      return memos
    }

    /// Keeps what `plan` made of `hierarchy` for the next frame's plan.
    fileprivate func keep(
      _ hierarchy: Hierarchy, changes: HierarchyDiff?, level: FoldLevel, pinned: Set<String>, memos: Facts.Memos,
      expansions: [String: Expansion], made: Int, taken: Int
    ) {
      self.hierarchy = hierarchy
      self.changes = changes
      self.level = level
      self.pinned = pinned
      factsWorkedOut = memos.workedOut
      self.memos = memos
      self.expansions = expansions
      (expansionsMade, expansionsTaken) = (made, taken)
      // The folds this plan draws are the next plan's earlier ones.
      earlierFoldNodes = foldNodes
      foldNodes = [:]
    }
  }

  /// What a drawn controller lists below it, as the plan worked it out: its items (a fold by its
  /// number among ``folds``), its folds, the controllers it draws below it, and how many
  /// controllers it placed: its children (those its folds hold too) and what it presents.
  struct Expansion {
    var depth: Int
    var items: [Item]
    var folds: [Fold]
    var slots: [(String, String)]
    var drawnBelow: [(String, Int)]
    var placedCount: Int
    var children: [String]
    var presented: String?
  }

  /// The controllers the plan of `hierarchy` must work out again, with what `memory` kept of the
  /// frame before; nil without a memory, or when it keeps nothing for this frame.
  static func reusable(
    from memory: Memory?, hierarchy: Hierarchy, changes: HierarchyDiff?, level: FoldLevel, pinned: Set<String>,
    focus: Set<String>?
  ) -> (dirty: Set<String>, memos: Facts.Memos, expansions: [String: Expansion])? {
    guard let memory,
      let dirty = memory.dirty(in: hierarchy, changes: changes, level: level, pinned: pinned, focus: focus)
    else { return nil }
    let expansions = memory.expansions
    memory.expansions = [:]
    return (dirty, memory.takeMemos(forgetting: dirty), expansions)
  }

  /// Keeps what this plan made in `memory`, for the next frame's.
  func keep(in memory: Memory, memos: Facts.Memos) {
    memory.keep(
      hierarchy, changes: changes, level: level, pinned: pinned, memos: memos, expansions: expansions ?? [:],
      made: expansionsMade, taken: expansionsTaken)
  }
}
