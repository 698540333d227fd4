import VCGraph

/// Why Graphviz could not draw a diagram.
public enum RenderError: Error, Sendable, Hashable, CustomStringConvertible {
  /// `gvContext()` failed.
  case noContext
  /// Graphviz refused to build the graph.
  case graphConstruction(String)
  /// `gvLayout` failed; carries Graphviz's own messages.
  case layout(String)
  /// Graphviz has no plugin for a layout engine or an output format: its plugins are missing or
  /// not registered in its plugin config.
  case missingPlugin(MissingGraphvizPlugin)
  /// `gvRenderData` failed for another reason.
  case rendering(OutputFormat, String)
  /// cgraph could not read a DOT source (the one at this index of the list given); carries its
  /// messages.
  case unreadableDOT(source: Int, String)
  /// Graphviz failed where a ``GraphDrawer`` drew for this process, or that process died or was
  /// stopped; carries the line that says so.
  case inWorker(String)

  public var description: String {
    switch self {
    case let .inWorker(description):
      return description
    case .noContext:
      return "Graphviz could not create a context; is libgvc installed (apt-get install -y libgraphviz-dev)?"
    case let .graphConstruction(detail):
      return "Graphviz could not build the graph: \(detail)"
    case let .layout(detail):
      return "Graphviz could not lay out the graph: \(detail)"
    case let .missingPlugin(missing):
      let what: String
      switch missing.wanted {
      case let .layout(engine): what = "lay out the diagram: it has no \"\(engine)\" layout plugin"
      case let .format(format): what = "write \(format.rawValue): it has no plugin for that format"
      }
      let graphviz = missing.detail.isEmpty ? "" : " (Graphviz: \(missing.detail))"
      return "Graphviz cannot \(what). \(missing.plugins.advice(for: missing.wanted))\(graphviz)"
    case let .rendering(format, detail):
      return "Graphviz could not render \(format.rawValue): \(detail)"
    case let .unreadableDOT(source, detail):
      return "Graphviz could not read DOT source \(source + 1): \(detail)"
    }
  }
}
