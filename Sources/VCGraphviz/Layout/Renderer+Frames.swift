import Foundation
import VCGraph

/// One rendered step: its files, formats in ``OutputFormat`` order within a theme, and its entry in
/// the scenario's index.
public struct RenderedFrame: Sendable {
  public var files: [(name: String, contents: Data)]
  public var entry: RenderIndex.Entry
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

extension Renderer {
  /// Renders the frames of a replayed scenario one at a time, in step order, and hands each to
  /// `body` as soon as it is drawn: every step, or those whose numbers are in `steps`.
  ///
  /// Each frame after the first marks what changed since the step before (see
  /// ``Diagram/frames(of:showsEvents:)``). With the ``FrameLayout/stable`` layout, every step is laid
  /// out together, also when only some are rendered, so a frame is the same whichever steps are
  /// asked for; `layout` gives that layout when it was computed already (``stableLayout(of:showsEvents:themes:folding:)``),
  /// as another process does for the `render --jobs` workers that share a scenario.
  ///
  /// Each theme of `themes` draws every frame once. With both themes, the light theme's files are
  /// named `NN-action.svg` and the dark theme's `NN-action~dark.svg` (the pair DocC picks by
  /// appearance), listed in the index under `svg` and `svg~dark`; one theme alone takes the plain
  /// names (``RenderIndex/frameFile(for:stepCount:format:theme:among:)``).
  ///
  /// Nothing is kept from one frame to the next but the stable layout, so the memory needed does
  /// not grow with the number of steps. `willDraw` is told each step's number before its frame is
  /// drawn (the stable layout is laid out before the first): a supervisor that sees Graphviz die
  /// knows which frame it was.
  ///
  /// - Throws: ``RenderError`` when Graphviz fails, or what `body` throws.
  ///
  /// With `sides` (the scenario replayed per horizontal size class, ``Replay/sides(of:sizeClasses:)``),
  /// each frame draws the step once per side, side by side (``Diagram/frames(of:showsEvents:)-(_:_)``),
  /// and its index entry lists what each side did.
  public func renderFrames(
    _ replay: Replay, sides: [Replay.Side] = [], formats: [OutputFormat], steps: Set<Int>? = nil,
    showsEvents: Bool = false,
    layout: FrameLayout = .stable, themes: [Theme] = [.light], folding: Folding = Folding(),
    stableLayout: ScenarioLayout? = nil, willDraw: (Int) -> Void = { _ in }, each body: (RenderedFrame) throws -> Void
  ) throws {
    let ordered = formats.sorted()
    let diagrams = { Self.diagrams(of: replay, sides: sides, showsEvents: showsEvents, folding: folding) }
    let stable =
      layout == .stable
      ? try stableLayout
        ?? ScenarioLayout(
          frames: diagrams, count: replay.scenario.steps.count, themes: themes, levels: folding.levels,
          budget: pageBudget, hasSides: !sides.isEmpty, context: context) : nil
    let stepCount = replay.scenario.steps.count
    for (offset, diagram) in diagrams().enumerated() {
      let step = replay.scenario.steps[offset]
      guard steps?.contains(step.number) ?? true else { continue }
      willDraw(step.number)
      var files: [(name: String, contents: Data)] = []
      var names: [String: String] = [:]
      for (themeIndex, theme) in themes.enumerated() {
        var themed = diagram
        themed.theme = theme
        let rendered: [OutputFormat: [UInt8]]
        if let run = stable?.run(holding: offset) {
          themed.stacksSides = run.stacksSides
          let graph = run.layouts[themeIndex].positioned(
            themed.graph(level: run.level, pinned: run.pinned), frame: offset - run.frames.lowerBound)
          rendered = try render(graph, formats: ordered)
        } else {
          rendered = try render(themed, formats: ordered)
        }
        for format in ordered {
          let (name, key) = RenderIndex.frameFile(
            for: step, stepCount: stepCount, format: format, theme: theme, among: themes)
          names[key] = name
          files.append((name, Data(rendered[format] ?? [])))
        }
      }
      try body(
        RenderedFrame(
          files: files,
          entry: .init(
            number: step.number, action: step.action.summary, caption: step.caption, files: names,
            sides: sides.isEmpty ? nil : diagram.sides.map(RenderIndex.Side.init))))
    }
  }

  /// The stable layout of a replayed scenario's frames, as ``renderFrames(_:formats:steps:showsEvents:layout:themes:folding:stableLayout:willDraw:each:)``
  /// computes it: for a process that hands it to others drawing the same scenario's frames.
  public func stableLayout(
    of replay: Replay, sides: [Replay.Side] = [], showsEvents: Bool = false, themes: [Theme] = [.light],
    folding: Folding = Folding()
  ) throws(RenderError) -> ScenarioLayout {
    try ScenarioLayout(
      frames: { Self.diagrams(of: replay, sides: sides, showsEvents: showsEvents, folding: folding) },
      count: replay.scenario.steps.count, themes: themes, levels: folding.levels, budget: pageBudget,
      hasSides: !sides.isEmpty, context: context)
  }

  /// The diagrams of a replay's frames (side by side with `sides`), folded as asked, made one at a
  /// time as they are read.
  private static func diagrams(
    of replay: Replay, sides: [Replay.Side], showsEvents: Bool, folding: Folding
  ) -> some Sequence<Diagram> {
    let frames =
      sides.isEmpty
      ? AnySequence(Diagram.frames(of: replay, showsEvents: showsEvents))
      : AnySequence(Diagram.frames(of: sides, showsEvents: showsEvents))
    return frames.lazy.map { diagram in
      var folded = diagram
      folded.folding = folding
      return folded
    }
  }
}
