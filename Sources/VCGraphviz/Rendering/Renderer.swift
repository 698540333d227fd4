import Foundation
import VCGraph

/// Draws diagrams with Graphviz, in process, reusing one Graphviz context for every diagram.
///
/// Graphviz is not thread-safe: use one renderer per process, from one thread at a time.
public final class Renderer {
  let context: GraphvizContext
  /// The largest picture ``FoldMode/auto`` accepts before it folds more.
  public var pageBudget = PageBudget()

  public init() throws(RenderError) {
    context = try GraphvizContext()
  }

  /// Renders `diagram` in each of `formats`; the graph is built and laid out once.
  ///
  /// With ``FoldMode/auto``, a picture wider than ``pageBudget``'s comfortable width is drawn again
  /// folding more, a level at a time (see ``FoldMode``): the first level that is comfortable is
  /// drawn, else the first that fits the budget, else the one that folds most.
  public func render(_ diagram: Diagram, formats: [OutputFormat]) throws(RenderError) -> [OutputFormat: [UInt8]] {
    let levels = diagram.folding.levels
    guard levels.count > 1 else { return try render(diagram.graph(level: levels[0]), formats: formats) }
    var previous: GraphDescription?
    var firstFitting: GraphDescription?
    let budget = pageBudget
    for (index, level) in levels.enumerated() {
      let graph = diagram.graph(level: level)
      // A level that folds nothing more draws the same picture.
      if graph == previous { continue }
      previous = graph
      // A picture sure to be too tall (a long column of nodes) is not laid out, unless it is the last.
      if index < levels.count - 1,
        graph.tallestChain(height: { _ in Self.minimumNodeHeight }, separation: StableLayout.minimumRankSeparation)
          > budget.maximumPixels * 72 / PageBudget.pixelsPerInch
      {
        continue
      }
      var fits = false
      let rendered = try context.render(graph, formats: formats) { width, height in
        fits = budget.fits(width: width, height: height)
        return budget.isComfortable(width: width, height: height)
      }
      if let rendered { return rendered }
      if fits, firstFitting == nil { firstFitting = graph }
    }
    return try render(firstFitting ?? previous ?? diagram.graph, formats: formats)
  }

  /// The height of the smallest box a diagram draws, in points: a window's two lines.
  static let minimumNodeHeight: Double = 30

  /// Renders a graph description in each of `formats`.
  public func render(_ graph: GraphDescription, formats: [OutputFormat]) throws(RenderError) -> [OutputFormat: [UInt8]]
  {
    try context.render(graph, formats: formats) ?? [:]
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
