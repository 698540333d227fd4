import VCGraph

/// Draws diagrams with Graphviz, in process, reusing one Graphviz context for every diagram.
///
/// Graphviz is not thread-safe: use one renderer per process, from one thread at a time.
public final class Renderer {
  private let context: GraphvizContext

  public init() throws(RenderError) {
    context = try GraphvizContext()
  }

  /// Renders `diagram` in each of `formats`; the graph is built and laid out once.
  public func render(_ diagram: Diagram, formats: [OutputFormat]) throws(RenderError) -> [OutputFormat: [UInt8]] {
    try render(diagram.graph, formats: formats)
  }

  /// Renders a graph description in each of `formats`.
  public func render(_ graph: GraphDescription, formats: [OutputFormat]) throws(RenderError) -> [OutputFormat: [UInt8]]
  {
    try context.render(graph, formats: formats)
  }
}
