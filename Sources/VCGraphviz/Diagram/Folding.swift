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

  /// The message for focus names that match nothing in `what` (`this scenario`, `the dump`).
  public static func unmatchedFocusMessage(_ names: [String], in what: String) -> String {
    let quoted = names.map { "\"\($0)\"" }.joined(separator: ", ")
    return "--focus \(quoted): no controller of \(what) has \(names.count == 1 ? "that" : "those") id"
      + " or class name"
  }

  /// The levels to try, in order: one, or for ``FoldMode/auto`` each level in turn until the picture
  /// fits its page.
  var levels: [FoldLevel] {
    switch mode {
    case .auto: return [.runs, .stacks, .subtrees, .all, .fewer, .fewest]
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
  /// Folds by the rules (``runs``), then more, a level at a time, until the picture fits the
  /// ``PageBudget``; then wraps it narrower, and when nothing fits yet, folds what is on screen
  /// too (see ``Renderer/render(_:formats:)``): what vcgraph does unless told otherwise.
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
/// Past ``all``, two levels only ``FoldMode/auto`` reaches fold a hierarchy too big for a page at
/// level ``all`` (hundreds of controllers, most of them on screen) down to one: they draw fewer
/// children of each container and fewer boxes below a root.
enum FoldLevel: Int, Comparable, Sendable, Codable {
  case none
  case runs
  case stacks
  case subtrees
  case all
  case fewer
  case fewest

  /// The most children of one container drawn as their own nodes; nil for no limit (below ``all``).
  var childLimit: Int? {
    switch self {
    case .none, .runs, .stacks, .subtrees: return nil
    case .all: return 6
    case .fewer: return 3
    case .fewest: return 2
    }
  }

  /// The most windows drawn; the others fold, with everything in them, into one node. Nil for
  /// no limit (up to ``all``).
  var windowLimit: Int? {
    switch self {
    case .none, .runs, .stacks, .subtrees, .all: return nil
    case .fewer: return 4
    case .fewest: return 2
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
    }
  }

  static func < (lhs: FoldLevel, rhs: FoldLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The pictures ``FoldMode/auto`` aims for: what reads on a docs page about 1,000 pixels wide.
///
/// A PNG at Graphviz's default resolution (96 dpi, so a point is 4/3 of a pixel) may be at most
/// ``maximumPixels`` on each side, and its longer side at most ``maximumAspectRatio`` times its
/// shorter. Within that, ``FoldMode/auto`` folds more while a picture is wider or taller than
/// ``comfortableSize``: shown 1,000 pixels wide, a picture that wide still draws its smallest text
/// (9 points) 6.7 pixels high and class names (12 points) 8.9 pixels.
public struct PageBudget: Sendable, Hashable, Codable {
  /// The most pixels on either side of the PNG.
  public var maximumPixels: Double
  /// The most the longer side may be, in multiples of the shorter.
  public var maximumAspectRatio: Double
  /// The widest and tallest PNG, in pixels, that ``FoldMode/auto`` accepts without trying to fold more.
  public var comfortableSize: Double
  /// Pixels per inch of a PNG drawn at Graphviz's default resolution; a point is 1/72 inch.
  public static let pixelsPerInch: Double = 96

  public init(maximumPixels: Double = 2_400, maximumAspectRatio: Double = 3, comfortableSize: Double = 1_800) {
    self.maximumPixels = maximumPixels
    self.maximumAspectRatio = maximumAspectRatio
    self.comfortableSize = comfortableSize
  }

  /// The pixels a PNG gives to this many points.
  public static func pixels(points: Double) -> Double { points * pixelsPerInch / 72 }

  /// True when a picture this big, in points (padding included), is within the limits: each side,
  /// and the ratio of its sides.
  public func fits(width: Double, height: Double) -> Bool {
    let (wide, high) = (Self.pixels(points: width), Self.pixels(points: height))
    return wide <= maximumPixels && high <= maximumPixels
      && max(wide, high) <= maximumAspectRatio * max(1, min(wide, high))
  }

  /// How far a picture this big, in points, is from fitting: the largest of its sides over
  /// ``maximumPixels`` and its aspect ratio over ``maximumAspectRatio``; 1 or less when it fits.
  public func overflow(width: Double, height: Double) -> Double {
    let (wide, high) = (Self.pixels(points: width), Self.pixels(points: height))
    let ratio = max(wide, high) / max(1, min(wide, high))
    return max(wide / maximumPixels, high / maximumPixels, ratio / maximumAspectRatio)
  }

  /// True when a picture this big, in points, fits and is no wider or taller than ``comfortableSize``.
  public func isComfortable(width: Double, height: Double) -> Bool {
    fits(width: width, height: height) && Self.pixels(points: max(width, height)) <= comfortableSize
  }
}
