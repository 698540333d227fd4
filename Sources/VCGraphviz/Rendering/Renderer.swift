import Foundation
import VCGraph

/// Draws diagrams with Graphviz, in process, reusing one Graphviz context for every diagram.
///
/// Graphviz is not thread-safe: use one renderer per process, from one thread at a time.
public final class Renderer {
  let context: GraphvizContext

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
        let suffix = themes.count > 1 ? theme.fileNameSuffix : ""
        files.append(("\(stem)\(suffix).\(format.fileExtension)", Data(rendered[format] ?? [])))
      }
    }
    return files
  }
}
