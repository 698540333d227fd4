import Foundation
import VCGraph

/// Draws diagrams with Graphviz, in process, reusing one Graphviz context for every diagram.
///
/// Graphviz is not thread-safe: use one renderer per process, from one thread at a time.
public final class Renderer {
  let context: GraphvizContext
  /// The largest picture ``FoldMode/auto`` accepts before it folds more.
  public var pageBudget = PageBudget()
  /// Where diagrams are laid out and rendered (``render(_:formats:)`` and ``renderFiles``); nil
  /// for this renderer's own Graphviz context.
  public var drawer: GraphDrawer?

  public init() throws(RenderError) {
    context = try GraphvizContext()
  }

  /// Renders `diagram` in each of `formats`; the graph is built and laid out once.
  ///
  /// With ``FoldMode/auto``, a picture wider or taller than ``pageBudget``'s comfortable size is
  /// drawn again folding more, a level at a time up to ``FoldMode/all`` (see ``FoldMode``), and the
  /// first comfortable picture is drawn. When none is, the picture is wrapped (rows of three
  /// children, then columns, windows in a square; see ``Diagram/Wrapping``) at the first level that
  /// fits, else at ``FoldMode/all``; then, when no picture so far fits the budget at all, it folds
  /// further (fewer children and boxes nested less deep, ``FoldLevel/fewer`` and
  /// ``FoldLevel/fewest``), each level also wrapped. The first comfortable picture is drawn, else
  /// the first that fits the budget, else the one that overflows it least.
  public func render(_ diagram: Diagram, formats: [OutputFormat]) throws(RenderError) -> [OutputFormat: [UInt8]] {
    let levels = diagram.folding.levels
    guard levels.count > 1 else { return try render(diagram.graph(level: levels[0]), formats: formats) }
    var tried: Set<GraphDescription> = []
    // The picture that overflows the budget least, for when none fits.
    var closest: (graph: GraphDescription, overflow: Double)?
    /// The most folded picture not laid out for being sure not to fit: the last resort.
    var skipped: GraphDescription?
    var firstFitting: (graph: GraphDescription, level: FoldLevel)?
    let budget = pageBudget
    let tallest = budget.maximumPixels * 72 / PageBudget.pixelsPerInch
    /// Lays `graph` out and renders it when it is comfortable; notes the first that fits.
    func attempt(_ graph: GraphDescription, _ level: FoldLevel) throws(RenderError) -> [OutputFormat: [UInt8]]? {
      // The same picture again (a level that folds nothing more, a wrapping that moves nothing).
      guard tried.insert(graph).inserted else { return nil }
      // A picture sure to be too tall (a long column of nodes), or to have more boxes than a page
      // holds, is not laid out: `dot` takes minutes and gigabytes on thousands of nodes.
      if graph.tallestChain(height: { _ in Self.minimumNodeHeight }, separation: StableLayout.minimumRankSeparation)
        > tallest || Double(graph.nodes.count) * Self.minimumNodeArea > tallest * tallest
      {
        skipped = graph
        return nil
      }
      let drawing = try draw(graph, formats: formats, comfortable: budget)
      guard let width = drawing.width, let height = drawing.height else { return drawing.files }
      let overflow = budget.overflow(width: width, height: height)
      if overflow < closest?.overflow ?? .infinity { closest = (graph, overflow) }
      if drawing.files == nil, budget.fits(width: width, height: height), firstFitting == nil {
        firstFitting = (graph, level)
      }
      return drawing.files
    }
    let wrappings = Diagram.Wrapping.narrowing
    let folding = levels.filter { $0 <= .all }
    for level in folding {
      if let rendered = try attempt(diagram.graph(level: level), level) { return rendered }
    }
    if let wrapped = firstFitting?.level ?? folding.last {
      for wrapping in wrappings {
        if let rendered = try attempt(diagram.graph(level: wrapped, wrapping: wrapping), wrapped) { return rendered }
      }
    }
    // Past level `all` only for a hierarchy nothing above fits: they fold what is on screen.
    for level in levels where level > .all && firstFitting == nil {
      if let rendered = try attempt(diagram.graph(level: level), level) { return rendered }
      for wrapping in wrappings {
        if let rendered = try attempt(diagram.graph(level: level, wrapping: wrapping), level) { return rendered }
      }
    }
    return try render(firstFitting?.graph ?? closest?.graph ?? skipped ?? diagram.graph, formats: formats)
  }

  /// The DOT of `diagram` as vcgraph builds it at its folding's first level, before any layout:
  /// what Graphviz is handed, for a bug report when it crashed drawing it. Only cgraph runs.
  public func unlaidSource(of diagram: Diagram) throws(RenderError) -> [UInt8] {
    try unlaidSource(of: diagram.graph(level: diagram.folding.levels[0]))
  }

  /// The DOT of `graph` as cgraph writes it, before any layout, in this process (never with the
  /// ``drawer``): only cgraph runs.
  public func unlaidSource(of graph: GraphDescription) throws(RenderError) -> [UInt8] {
    try context.render(graph, formats: [.dot])?[.dot] ?? []
  }

  /// The height of the smallest box a diagram draws, in points: a window's two lines.
  static let minimumNodeHeight: Double = 30

  /// The area of the smallest box a diagram draws, in square points (a window's two lines, 60
  /// points wide), with nothing between boxes: a graph of more boxes than a page's area holds at
  /// this size cannot fit it.
  static let minimumNodeArea: Double = 60 * 30

  /// Renders a graph description in each of `formats`.
  public func render(_ graph: GraphDescription, formats: [OutputFormat]) throws(RenderError) -> [OutputFormat: [UInt8]]
  {
    try draw(graph, formats: formats, comfortable: nil).files ?? [:]
  }

  /// Lays `graph` out and renders it, with ``drawer`` when there is one, else here.
  private func draw(
    _ graph: GraphDescription, formats: [OutputFormat], comfortable budget: PageBudget?
  ) throws(RenderError) -> GraphDrawing {
    if let drawer { return try drawer.draw(graph, formats: formats, comfortable: budget) }
    return try drawHere(graph, formats: formats, comfortable: budget)
  }

  /// Lays `graph` out and renders it in this process's Graphviz context: what a ``GraphDrawer``'s
  /// process does with each graph. With a `budget`, the files are rendered only when the picture
  /// is comfortable in it; its size is returned either way.
  public func drawHere(
    _ graph: GraphDescription, formats: [OutputFormat], comfortable budget: PageBudget?
  ) throws(RenderError) -> GraphDrawing {
    var size: (width: Double, height: Double)?
    let files: [OutputFormat: [UInt8]]?
    if let budget {
      files = try context.render(graph, formats: formats) { width, height in
        size = (width, height)
        return budget.isComfortable(width: width, height: height)
      }
    } else {
      files = try context.render(graph, formats: formats)
    }
    return GraphDrawing(width: size?.width, height: size?.height, files: files)
  }
}

/// What Graphviz made of a graph: its laid-out size in points (padding included), when a budget
/// asked for it, and the files, unless the budget turned the picture down.
public struct GraphDrawing: Codable, Sendable {
  public var width: Double?
  public var height: Double?
  public var files: [OutputFormat: [UInt8]]?

  public init(width: Double?, height: Double?, files: [OutputFormat: [UInt8]]?) {
    self.width = width
    self.height = height
    self.files = files
  }
}

/// Lays graphs out and renders them somewhere other than the renderer's own Graphviz context:
/// VCGraphJobs draws in a supervised worker process, so that a Graphviz crash or hang costs one
/// input, not the run (see ``Renderer/drawer``). A drawer must not hold the renderer it draws
/// for: the renderer holds it.
public protocol GraphDrawer: AnyObject {
  /// What ``Renderer/drawHere(_:formats:comfortable:)`` returns for these arguments, or
  /// ``RenderError/inWorker(_:)`` with the line that says why not (Graphviz died or hung drawing it).
  func draw(
    _ graph: GraphDescription, formats: [OutputFormat], comfortable budget: PageBudget?
  ) throws(RenderError) -> GraphDrawing
}

extension Renderer {
  /// Renders `diagram` once per theme into files named `stem.ext` and, with both themes,
  /// `stem~dark.ext` for the dark one; themes in the order given, formats in ``OutputFormat`` order
  /// within a theme.
  public func renderFiles(
    _ diagram: Diagram, named stem: String, formats: [OutputFormat], themes: [Theme] = [.light]
  ) throws(RenderError) -> [(name: String, contents: Data)] {
    let ordered = formats.sorted()
    var files: [(name: String, contents: Data)] = []
    for theme in themes {
      var themed = diagram
      themed.theme = theme
      let rendered = try render(themed, formats: ordered)
      for format in ordered {
        let suffix = theme.fileNameSuffix(among: themes)
        files.append(("\(stem)\(suffix).\(format.fileExtension)", Data(rendered[format] ?? [])))
      }
    }
    return files
  }
}
