import Foundation
import VCGraph

/// Draws diagrams with Graphviz, in process, reusing one Graphviz context for every diagram.
///
/// Graphviz is not thread-safe: use one renderer per process, from one thread at a time.
public final class Renderer {
  let context: GraphvizContext
  /// Where diagrams are laid out and rendered (``render(_:formats:budget:)`` and ``renderFiles``); nil
  /// for this renderer's own Graphviz context.
  public var drawer: GraphDrawer?

  public init() throws(RenderError) {
    context = try GraphvizContext()
  }

  /// A renderer whose Graphviz context is made and warmed up (``warmUp(inBackground:)``) on a
  /// thread of its own, while the caller goes on: a worker reads its first task, its scenario and
  /// replays it meanwhile. Its first graph waits for the context, and fails with
  /// ``RenderError/noContext`` when it could not be made.
  public init(makingContextInBackground: Void) {
    context = GraphvizContext(makingInBackgroundWarmingUpWith: Self.warmUpGraph)
  }

  /// The graph a warm-up lays out: one box in the diagrams' font.
  private static var warmUpGraph: GraphDescription {
    var graph = GraphDescription()
    graph.nodes = [
      .init(name: "warm", attributes: [.init("fontname", DiagramStyle.font), .init("label", "UIViewController")])
    ]
    return graph
  }

  deinit {
    // A warm-up on its own thread uses the context: it ends before the context can go.
    context.waitForWarmUp()
  }

  /// Loads what Graphviz loads for the first diagram, before there is one: the `dot` layout plugin
  /// and the text layout, whose fonts (fontconfig reading its configuration, pango its font map)
  /// take longer than drawing a frame. A worker does it while its job still reads the scenarios,
  /// so that the first frame does not wait for it. It lays out a one-box graph in this process and
  /// keeps nothing but what Graphviz and the text measures keep anyway; a failure here is the
  /// first diagram's to report, so it is not thrown.
  ///
  /// With `inBackground`, it is done on a thread of its own while this one goes on: the first
  /// diagram waits for it to end (Graphviz is used by one thread at a time).
  public func warmUp(inBackground: Bool = false) {
    let graph = Self.warmUpGraph
    if inBackground {
      context.warmUp(inBackground: graph)
    } else {
      _ = try? context.layout(graph, engine: "dot")
    }
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

  /// Renders a graph description in each of `formats`.
  public func render(_ graph: GraphDescription, formats: [OutputFormat]) throws(RenderError) -> [OutputFormat: [UInt8]]
  {
    try draw(graph, formats: formats, comfortable: nil).files ?? [:]
  }

  /// Lays `graph` out and renders it, with ``drawer`` when there is one, else here.
  func draw(
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
