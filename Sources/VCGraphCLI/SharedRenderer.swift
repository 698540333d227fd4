import VCGraphJobs
import VCGraphviz

/// The one Graphviz context of a command, made the first time a diagram is drawn: a command that
/// writes only text never loads Graphviz, and one that draws many diagrams loads it once. It lays
/// out and renders in a supervised process (``SupervisedDrawer``), so that a Graphviz crash or hang
/// costs one input.
final class SharedRenderer {
  private var renderer: Renderer?

  func get() throws(RenderError) -> Renderer {
    if let renderer { return renderer }
    let made = try Self.supervised()
    renderer = made
    return made
  }

  /// A renderer that draws in a supervised process.
  static func supervised() throws(RenderError) -> Renderer {
    let renderer = try Renderer()
    renderer.drawer = SupervisedDrawer(local: renderer)
    return renderer
  }
}
