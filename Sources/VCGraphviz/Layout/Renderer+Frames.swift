import Foundation
import VCGraph

/// One rendered step: its files, formats in ``OutputFormat`` order within a theme, and its entry in
/// the scenario's index.
public struct RenderedFrame: Sendable {
  public var files: [(name: String, contents: Data)]
  public var entry: RenderIndex.Entry
}

extension Renderer {
  /// Renders `diagram` once per theme of `options` into files named `stem.ext` and, with both
  /// themes, `stem~dark.ext` for the dark one; themes in the order given, formats in
  /// ``OutputFormat`` order within a theme. The diagram is folded as `options` say, and folded
  /// more to fit its page budget with ``FoldMode/auto`` (``FoldSearch``).
  public func renderFiles(
    _ diagram: Diagram, named stem: String, formats: [OutputFormat], options: DrawingOptions = DrawingOptions()
  ) throws(RenderError) -> [(name: String, contents: Data)] {
    return try themedFiles(formats: formats, themes: options.themes) { _, theme, ordered throws(RenderError) in
      var themed = diagram
      themed.folding = options.folding
      themed.theme = theme
      return try render(themed, formats: ordered, budget: options.pageBudget)
    }.map { file in (stem + file.suffix + "." + file.format.fileExtension, file.contents) }
  }

  /// Renders the frames of a replayed scenario one at a time, in step order, and hands each to
  /// `body` as soon as it is drawn: every step, or those whose numbers are in `steps`.
  ///
  /// The frames are the diagrams ``Diagram/frames(of:options:)`` makes of the scenario: each after
  /// the first marks what changed since the step before, and with the scenario's sides each draws
  /// the step once per side, side by side, its index entry listing what each side did. With the
  /// ``FrameLayout/stable`` layout, every step is laid out together, also when only some are
  /// rendered, so a frame is the same whichever steps are asked for; `stableLayout` gives that
  /// layout when it was computed already (``stableLayout(of:options:)``), as another process does
  /// for the `render --jobs` workers that share a scenario.
  ///
  /// Each theme of the options draws every frame once. With both themes, the light theme's files
  /// are named `NN-action.svg` and the dark theme's `NN-action~dark.svg` (the pair DocC picks by
  /// appearance), listed in the index under `svg` and `svg~dark`; one theme alone takes the plain
  /// names (``RenderIndex/frameFile(for:stepCount:format:theme:among:)``).
  ///
  /// Nothing is kept from one frame to the next but the stable layout, so the memory needed does
  /// not grow with the number of steps. `willDraw` is told each step's number before its frame is
  /// drawn (the stable layout is laid out before the first): a supervisor that sees Graphviz die
  /// knows which frame it was.
  ///
  /// - Throws: ``RenderError`` when Graphviz fails, or what `body` throws.
  public func renderFrames(
    of scenario: ReplayedScenario, formats: [OutputFormat], options: DrawingOptions = DrawingOptions(),
    steps: Set<Int>? = nil, stableLayout: ScenarioLayout? = nil, willDraw: (Int) -> Void = { _ in },
    each body: (RenderedFrame) throws -> Void
  ) throws {
    let stable = options.layout == .stable ? try stableLayout ?? self.stableLayout(of: scenario, options: options) : nil
    if let stable, stable.isSketched {
      try renderFrames(
        of: scenario.scenario, layout: stable, formats: formats, options: options, steps: steps, willDraw: willDraw,
        each: body)
      return
    }
    let stepCount = scenario.scenario.steps.count
    for (offset, diagram) in Diagram.frames(of: scenario, options: options).enumerated() {
      let step = scenario.scenario.steps[offset]
      guard steps?.contains(step.number) ?? true else { continue }
      willDraw(step.number)
      let run = stable?.run(holding: offset)
      let files = try themedFiles(formats: formats, themes: options.themes) {
        themeIndex, theme, ordered throws(RenderError) in
        var themed = diagram
        themed.theme = theme
        guard let run else { return try render(themed, formats: ordered, budget: options.pageBudget) }
        themed.stacksSides = run.stacksSides
        let graph = run.layouts[themeIndex].positioned(
          themed.graph(level: run.level, pinned: run.pinned), frame: offset - run.frames.lowerBound)
        return try render(graph, formats: ordered)
      }
      try body(
        frame(
          files, step: step, stepCount: stepCount, themes: options.themes,
          sides: scenario.sides.isEmpty ? nil : diagram.sides.map(RenderIndex.Side.init)))
    }
  }

  /// Renders the frames of `scenario` from its stable layout's sketches (``ScenarioLayout/isSketched``),
  /// in step order, without a replay: each frame's graph is its sketch, placed by the layout; its
  /// SVG is put together from what earlier frames drew (``PieceDrawing``), and Graphviz draws
  /// only what is new in it, or the whole frame in the formats cairo draws (PNG, PDF).
  ///
  /// - Throws: ``RenderError`` when Graphviz fails or the layout was not sketched, or what `body`
  ///   throws.
  public func renderFrames(
    of scenario: Scenario, layout: ScenarioLayout, formats: [OutputFormat], options: DrawingOptions = DrawingOptions(),
    steps: Set<Int>? = nil, willDraw: (Int) -> Void = { _ in }, each body: (RenderedFrame) throws -> Void
  ) throws {
    let stepCount = scenario.steps.count
    var drawings: [Int: [PieceDrawing]] = [:]
    var placements: [Int: [RunPlacements]] = [:]
    for (offset, step) in scenario.steps.enumerated() {
      guard steps?.contains(step.number) ?? true else { continue }
      willDraw(step.number)
      guard let runIndex = layout.runs.firstIndex(where: { $0.frames.contains(offset) }),
        let sketches = layout.runs[runIndex].sketches
      else { throw RenderError.layout("the stable layout has no frame \(offset + 1)") }
      let run = layout.runs[runIndex]
      let index = offset - run.frames.lowerBound
      let pieces =
        drawings[runIndex]
        ?? options.themes.indices.map { theme in
          PieceDrawing(
            frames: PieceDrawing.Frames(sketches.frames.lazy.map { ($0.graph(theme).nodes, $0.graph(theme).edges) }))
        }
      drawings[runIndex] = pieces
      let placed =
        placements[runIndex]
        ?? options.themes.indices.map { theme in
          RunPlacements { run.layouts[theme].placement(of: sketches.graph(frame: $0, theme: theme), frame: $0) }
        }
      placements[runIndex] = placed
      let files = try themedFiles(formats: formats, themes: options.themes) {
        themeIndex, _, ordered throws(RenderError) in
        let sketch = sketches.frames[index].graph(themeIndex)
        return try draw(
          placed[themeIndex].take(index), formats: ordered, pieces: pieces[themeIndex], index: index, sketch: sketch
        ) { next in
          // A frame after this one, of the same run, when it is drawn.
          guard steps?.contains(scenario.steps[run.frames.lowerBound + next].number) ?? true else { return nil }
          let sketch = sketches.frames[next].graph(themeIndex)
          return .init(
            placement: placed[themeIndex].placement(next), nodeNumbers: sketch.nodes, edgeNumbers: sketch.edges)
        }
      }
      try body(
        frame(files, step: step, stepCount: stepCount, themes: options.themes, sides: sketches.frames[index].sides))
    }
  }

  /// A placed frame in each of `formats`: its SVG from `pieces` when no cairo format is asked for
  /// (its DOT, when asked, written by cgraph), else everything drawn by Graphviz at once.
  private func draw(
    _ placement: StableLayout.Placement, formats: [OutputFormat], pieces: PieceDrawing, index: Int,
    sketch: FrameSketches.Sketch, upcoming: (Int) -> PieceDrawing.Upcoming?
  ) throws(RenderError) -> [OutputFormat: [UInt8]] {
    guard formats.contains(.svg), formats.allSatisfy({ $0 == .svg || $0 == .dot }) else {
      return try render(placement.positioned, formats: formats)
    }
    var files = formats.contains(.dot) ? try render(placement.positioned, formats: [.dot]) : [:]
    files[.svg] = try pieces.svg(
      of: placement, index: index, nodeNumbers: sketch.nodes, edgeNumbers: sketch.edges,
      legendSize: { legend, font throws(RenderError) in try context.legendSize(legend, font: font) },
      draw: { piece, nodeLabels throws(RenderError) in
        // Where the labels went is known only of a graph drawn here.
        guard drawer == nil else {
          return .init(
            svg: try render(piece, formats: [.svg])[.svg] ?? [], label: nil, nodeLabels: nodeLabels.map { _ in nil })
        }
        let drawn = try context.inspectedSVG(piece, nodeLabels: nodeLabels)
        return .init(svg: drawn.svg, label: drawn.label, nodeLabels: drawn.nodeLabels)
      }, upcoming: upcoming)
    return files
  }

  /// A frame's files named as the index lists them, and its index entry.
  private func frame(
    _ files: [(format: OutputFormat, theme: Theme, suffix: String, contents: Data)], step: Step, stepCount: Int,
    themes: [Theme], sides: [RenderIndex.Side]?
  ) -> RenderedFrame {
    var names: [String: String] = [:]
    let named = files.map { file -> (name: String, contents: Data) in
      let (name, key) = RenderIndex.frameFile(
        for: step, stepCount: stepCount, format: file.format, theme: file.theme, among: themes)
      names[key] = name
      return (name, file.contents)
    }
    return RenderedFrame(
      files: named,
      entry: .init(
        number: step.number, action: step.action.summary, caption: step.caption, files: names, sides: sides))
  }

  /// The stable layout of a replayed scenario's frames, as
  /// ``renderFrames(of:formats:options:steps:stableLayout:willDraw:each:)`` computes it: for a
  /// process that hands it to others drawing the same scenario's frames.
  public func stableLayout(
    of scenario: ReplayedScenario, options: DrawingOptions = DrawingOptions()
  ) throws(RenderError) -> ScenarioLayout {
    try ScenarioLayout(
      frames: { Diagram.frames(of: scenario, options: options) }, count: scenario.scenario.steps.count,
      options: options, hasSides: !scenario.sides.isEmpty, context: context)
  }

  /// A picture drawn once per theme, in the order given, by `draw` (given the theme's index, the
  /// theme and the formats in ``OutputFormat`` order): each file with its format, its theme and the
  /// suffix its name takes for that theme (``Theme/fileNameSuffix(among:)``).
  private func themedFiles(
    formats: [OutputFormat], themes: [Theme],
    draw: (Int, Theme, [OutputFormat]) throws(RenderError) -> [OutputFormat: [UInt8]]
  ) throws(RenderError) -> [(format: OutputFormat, theme: Theme, suffix: String, contents: Data)] {
    let ordered = formats.sorted()
    var files: [(format: OutputFormat, theme: Theme, suffix: String, contents: Data)] = []
    for (index, theme) in themes.enumerated() {
      let rendered = try draw(index, theme, ordered)
      for format in ordered {
        files.append((format, theme, theme.fileNameSuffix(among: themes), Data(rendered[format] ?? [])))
      }
    }
    return files
  }
}

/// The placements of a run's frames in one theme, each made once: a placement made ahead, for a
/// drawing of the frames after one (``PieceDrawing/Upcoming``), waits here for its frame.
private final class RunPlacements {
  private let make: (Int) -> StableLayout.Placement
  private var made: [Int: StableLayout.Placement] = [:]

  init(_ make: @escaping (Int) -> StableLayout.Placement) {
    self.make = make
  }

  /// Frame `index`'s placement, kept for its frame.
  func placement(_ index: Int) -> StableLayout.Placement {
    if let placement = made[index] { return placement }
    let placement = make(index)
    made[index] = placement
    return placement
  }

  /// Frame `index`'s placement, no longer kept.
  func take(_ index: Int) -> StableLayout.Placement {
    made.removeValue(forKey: index) ?? make(index)
  }
}
