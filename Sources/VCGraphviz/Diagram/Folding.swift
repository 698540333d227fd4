import VCGraph

/// How much of a hierarchy a diagram folds into counted nodes, and what it focuses on.
///
/// Folding is a drawing choice only: the JSON, Mermaid and text exports always hold every controller.
/// A fold node stands for a run of a container's children (`stack[1…16] · 16 controllers ·
/// Level1ViewController … Level16ViewController`), counting everything they hold, so every controller
/// of the hierarchy is either drawn or counted in a fold node of its parent.
public struct Folding: Sendable, Hashable, Codable {
  /// How much folds.
  public var mode: FoldMode
  /// Controllers to focus on: a controller id, or a class name (with or without its module), which
  /// is how a controller of a dump or a storyboard is named. With a focus, a diagram draws each
  /// focused controller's subtree and presentations and its ancestors up to the window, and folds
  /// everything else; ``mode`` applies inside the focus.
  public var focus: [String]

  public init(mode: FoldMode = .auto, focus: [String] = []) {
    self.mode = mode
    self.focus = focus
  }

  /// The names in ``focus`` that no controller of `controllers` has as its id or class name (with
  /// or without its module), in order.
  public func unmatchedFocus(in controllers: [ViewController]) -> [String] {
    focus.filter { name in
      !controllers.contains { $0.id == name || $0.className == name || $0.unqualifiedClassName == name }
    }
  }

  /// This folding with each focus name that is one of `aliases` (a scene's Interface Builder
  /// object id) replaced by the id it stands for.
  public func resolving(_ aliases: [String: String]) -> Folding {
    var resolved = self
    resolved.focus = focus.map { aliases[$0] ?? $0 }
    return resolved
  }

  /// The message for focus names that match nothing in `what` (`this scenario`, `the dump`).
  /// With `objectIDs`, the names may also be Interface Builder object ids (a storyboard's).
  public static func unmatchedFocusMessage(_ names: [String], in what: String, objectIDs: Bool = false) -> String {
    let quoted = names.map { "\"\($0)\"" }.joined(separator: ", ")
    return "--focus \(quoted): no controller of \(what) has \(names.count == 1 ? "that" : "those") id"
      + (objectIDs ? ", class name or Interface Builder object id" : " or class name")
  }

  /// The levels to try, in order: one, or for ``FoldMode/auto`` each level in turn until the picture
  /// fits its page, unfolded first: nothing folds that would fit.
  var levels: [FoldLevel] {
    switch mode {
    case .auto: return [.none, .runs, .stacks, .subtrees, .all, .fewer, .fewest]
    case .none: return [.none]
    case .runs: return [.runs]
    case .stacks: return [.stacks]
    case .subtrees: return [.subtrees]
    case .all: return [.all]
    }
  }
}

/// How much of a hierarchy folds, from nothing to the most ``FoldMode/auto`` folds.
public enum FoldMode: String, Sendable, Hashable, Codable, CaseIterable {
  /// Draws everything when the picture fits the ``PageBudget`` (wrapped, if need be); else folds
  /// by the rules (``runs``), then more, a level at a time, until it fits; then wraps it narrower,
  /// and when nothing fits yet, folds what is on screen too (see ``FoldSearch``): what vcgraph does
  /// unless told otherwise.
  case auto
  /// Nothing folds: every controller is drawn.
  case none
  /// A frame draws every controller that is on screen, changed in the step, a container, the root or
  /// the top of a navigation stack, presenting or presented; a run of two or more other children of
  /// one container folds into one node.
  case runs
  /// Also, a navigation stack draws only its root and its top: everything between folds, changed or
  /// not, and what a step popped is counted in a node below the top.
  case stacks
  /// Also, a child that is off screen and unchanged, with nothing on screen or changed inside it,
  /// folds with everything it holds (a tab that is not selected, say).
  case subtrees
  /// Also, no container draws more than six of its children, and nothing nested more than ten
  /// boxes below its root is drawn: the rest folds, even on screen.
  case all
}

/// A fold mode as a number, so that levels compare: each level folds what the one before it folds, and more.
///
/// Past ``all``, levels only ``FoldMode/auto`` reaches fold a hierarchy too big for a page at
/// level ``all`` (hundreds of controllers, most of them on screen) down to one: they draw fewer
/// children of each container, fewer boxes below a root and fewer windows; the last (``least``),
/// what any page holds, only for a picture of its own (``FoldSearch``), not a scenario's frames.
enum FoldLevel: Int, Comparable, Sendable, Codable {
  case none
  case runs
  case stacks
  case subtrees
  case all
  case fewer
  case fewest
  /// What any page holds: two children of a container, two boxes below a root, one window.
  case least

  /// The most children of one container drawn as their own nodes; nil for no limit (below ``all``).
  var childLimit: Int? {
    switch self {
    case .none, .runs, .stacks, .subtrees: return nil
    case .all: return 6
    case .fewer: return 3
    case .fewest, .least: return 2
    }
  }

  /// The most windows drawn; the others fold, with everything in them, into one node. Nil for
  /// no limit (up to ``all``).
  var windowLimit: Int? {
    switch self {
    case .none, .runs, .stacks, .subtrees, .all: return nil
    case .fewer: return 4
    case .fewest: return 2
    case .least: return 1
    }
  }

  /// The most boxes drawn one below the other from a root: what nests deeper folds; nil for no
  /// limit (below ``all``).
  var depthLimit: Int? {
    switch self {
    case .none, .runs, .stacks, .subtrees: return nil
    case .all: return 10
    case .fewer: return 5
    case .fewest: return 3
    case .least: return 2
    }
  }

  static func < (lhs: FoldLevel, rhs: FoldLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}
