import VCGraph

/// How a diagram is laid out: the second of the three stages of drawing, after what a diagram says
/// (``Diagram``) and before the Graphviz boundary (``GraphvizContext``).
///
/// The stage chooses how much of a hierarchy a picture draws and where its boxes go, so that the
/// picture reads on a page: the fold level and wrapping of one diagram (this search), within a
/// ``PageBudget``; the invisible edges that keep children in order and wrap rows and windows
/// (`Diagram+Wrapping.swift`); and for a scenario, one layout for all its frames, or for runs of
/// them (``ScenarioLayout``, ``StableLayout``), and the files each frame makes
/// (``Renderer/renderFrames(of:formats:options:steps:stableLayout:willDraw:each:)``).
///
/// Every picture it draws has its legend under its title. This search draws a diagram at the first
/// level its ``Folding`` tries; with ``FoldMode/auto``,
/// that is the unfolded picture, drawn when it fits the budget: nothing folds that would fit. An
/// unfolded picture too wide for the page but no bigger than it could hold is wrapped (rows of three
/// children, then columns, windows in a square; see ``Diagram/Wrapping``) before anything folds.
/// Past it, the picture is drawn again folding more, a level at a time up to ``FoldMode/all`` (see
/// ``FoldMode``), and the first picture that fits is drawn. When none does, the picture is wrapped
/// at ``FoldMode/all``; then it folds further (fewer children and boxes nested less deep,
/// ``FoldLevel/fewer``, ``FoldLevel/fewest`` and ``FoldLevel/least``), each level also wrapped. When no picture fits,
/// the one that overflows the budget least is drawn.
struct FoldSearch {
  let diagram: Diagram
  let formats: [OutputFormat]
  let budget: PageBudget
  /// The pictures laid out or turned down so far.
  private var tried: Set<GraphDescription> = []
  /// The picture that overflows the budget least, for when none fits.
  private var closest: (graph: GraphDescription, overflow: Double)?
  /// The most folded picture not laid out for being sure not to fit: the last resort.
  private var skipped: GraphDescription?

  init(diagram: Diagram, formats: [OutputFormat], budget: PageBudget) {
    self.diagram = diagram
    self.formats = formats
    self.budget = budget
  }

  /// The files of the picture the search chooses, drawn by `renderer` (the graph is built and laid
  /// out once per picture tried).
  mutating func render(with renderer: Renderer) throws(RenderError) -> [OutputFormat: [UInt8]] {
    // A picture of its own has its legend under its title: beside it, the header alone would be
    // nearly as wide as a page allows.
    let plain = Diagram.Wrapping.headerOnly
    let levels = diagram.folding.levels + (diagram.folding.mode == .auto ? [.least] : [])
    guard levels.count > 1 else {
      return try renderer.render(diagram.graph(level: levels[0], wrapping: plain), formats: formats)
    }
    let wrappings = Self.wrappings
    let folding = levels.filter { $0 <= .all }
    for level in folding {
      let attempt = try self.attempt(diagram.graph(level: level, wrapping: plain), renderer)
      if let files = attempt.files { return files }
      // Unfolded, a picture too wide for the page may fit wrapped: wrapping hides nothing.
      guard level == .none, let size = attempt.size, budget.mightFitWrapped(width: size.width, height: size.height)
      else { continue }
      for wrapping in wrappings {
        if let files = try self.attempt(diagram.graph(level: level, wrapping: wrapping), renderer).files {
          return files
        }
      }
    }
    if let last = folding.last {
      for wrapping in wrappings {
        if let files = try attempt(diagram.graph(level: last, wrapping: wrapping), renderer).files { return files }
      }
    }
    // Past level `all` only for a hierarchy nothing above fits: they fold what is on screen.
    for level in levels where level > .all {
      if let files = try attempt(diagram.graph(level: level, wrapping: plain), renderer).files { return files }
      for wrapping in wrappings {
        if let files = try attempt(diagram.graph(level: level, wrapping: wrapping), renderer).files { return files }
      }
    }
    return try renderer.render(
      closest?.graph ?? skipped ?? diagram.graph(level: levels[0], wrapping: plain), formats: formats)
  }

  /// The wrappings a picture of its own tries, narrowest last, each with its header stacked.
  static let wrappings: [Diagram.Wrapping] = {
    var wrappings: [Diagram.Wrapping] = []
    for wrapping in Diagram.Wrapping.narrowing.map(\.stackingHeader) where !wrappings.contains(wrapping) {
      wrappings.append(wrapping)
    }
    return wrappings
  }()

  /// Lays `graph` out and renders it when it fits the budget (then `files` is set); its size, when
  /// it was laid out.
  private mutating func attempt(
    _ graph: GraphDescription, _ renderer: Renderer
  ) throws(RenderError) -> (files: [OutputFormat: [UInt8]]?, size: (width: Double, height: Double)?) {
    // The same picture again (a level that folds nothing more, a wrapping that moves nothing).
    guard tried.insert(graph).inserted else { return (nil, nil) }
    // A picture sure to be too tall (a long column of nodes), or to have more boxes than a page
    // holds, is not laid out: `dot` takes minutes and gigabytes on thousands of nodes.
    if !Self.mightFit(graph, budget) {
      skipped = graph
      return (nil, nil)
    }
    let drawing = try renderer.draw(graph, formats: formats, comfortable: budget)
    guard let width = drawing.width, let height = drawing.height else { return (drawing.files, nil) }
    let overflow = budget.overflow(width: width, height: height)
    if overflow < closest?.overflow ?? .infinity { closest = (graph, overflow) }
    return (drawing.files, (width, height))
  }

  /// False when `graph` is sure not to fit `budget`, found without laying it out: a chain of boxes
  /// taller than the page allows, or more boxes than its area holds.
  static func mightFit(_ graph: GraphDescription, _ budget: PageBudget) -> Bool {
    let tallest = PageBudget.points(pixels: budget.maximumHeight)
    let widest = PageBudget.points(pixels: budget.maximumWidth)
    return graph.tallestChain(height: { _ in minimumNodeHeight }, separation: StableLayout.minimumRankSeparation)
      <= tallest && Double(graph.nodes.count) * minimumNodeArea <= tallest * widest
  }

  /// The height of the smallest box a diagram draws, in points: a window's two lines.
  static let minimumNodeHeight: Double = 30

  /// The area of the smallest box a diagram draws, in square points (a window's two lines, 60
  /// points wide), with nothing between boxes: a graph of more boxes than a page's area holds at
  /// this size cannot fit it.
  static let minimumNodeArea: Double = 60 * 30
}

extension Renderer {
  /// Renders `diagram` in each of `formats`, folded and wrapped to fit `budget` as ``FoldSearch``
  /// chooses (with ``FoldMode/auto``; at its one level otherwise).
  public func render(
    _ diagram: Diagram, formats: [OutputFormat], budget: PageBudget = PageBudget()
  ) throws(RenderError) -> [OutputFormat: [UInt8]] {
    var search = FoldSearch(diagram: diagram, formats: formats, budget: budget)
    return try search.render(with: self)
  }
}
