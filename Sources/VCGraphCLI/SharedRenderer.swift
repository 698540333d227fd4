import VCGraphviz

/// The one Graphviz context of a command, made the first time a diagram is drawn: a command that
/// writes only text never loads Graphviz, and one that draws many diagrams loads it once.
final class SharedRenderer {
  private var renderer: Renderer?

  func get() throws(RenderError) -> Renderer {
    if let renderer { return renderer }
    let made = try Renderer()
    renderer = made
    return made
  }
}
