import VCGraph

/// How diagrams are drawn: what `--theme`, `--events`, `--layout`, `--fold` and `--focus` say, as
/// one value that the commands hand whole to the ``Renderer``, and that each stage reads where the
/// option acts.
///
/// - ``themes``: each picture is drawn once per theme
///   (``Renderer/renderFiles(_:named:formats:options:)``,
///   ``Renderer/renderFrames(of:formats:options:steps:stableLayout:willDraw:each:)``); the theme a
///   ``Diagram`` is drawn in picks its colours (``Diagram/theme``, `DiagramStyle.swift`).
/// - ``events``: a scenario's diagrams list each step's callbacks (``Diagram/frames(of:options:)``).
/// - ``layout``: a scenario's frames are laid out together or each on its own (``FrameLayout``).
/// - ``folding``: what a diagram folds and focuses on (``Diagram/folding``, read by its
///   ``DrawingPlan``), and the fold levels the layout tries (``FoldSearch``, ``ScenarioLayout``).
/// - ``pageBudget``: the largest picture ``FoldMode/auto`` accepts.
///
/// It is Codable, so that a process can hand it to the worker processes that draw for it.
public struct DrawingOptions: Codable, Sendable, Hashable {
  /// The themes, light first; each draws every picture.
  public var themes: [Theme]
  /// Each step's lifecycle callbacks on its diagram, in a numbered panel.
  public var events: Bool
  /// How a scenario's frames are laid out.
  public var layout: FrameLayout
  /// What folds, and what the diagrams focus on.
  public var folding: Folding
  /// The largest picture ``FoldMode/auto`` accepts before it folds more.
  public var pageBudget: PageBudget

  public init(
    themes: [Theme] = [.light], events: Bool = false, layout: FrameLayout = .stable, folding: Folding = Folding(),
    pageBudget: PageBudget = PageBudget()
  ) {
    self.themes = themes
    self.events = events
    self.layout = layout
    self.folding = folding
    self.pageBudget = pageBudget
  }
}
