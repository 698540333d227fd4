import Foundation
import VCGraph

/// One rendered step: its files, formats in ``OutputFormat`` order within a theme, and its entry in
/// the scenario's index.
public struct RenderedFrame: Sendable {
  public var files: [(name: String, contents: Data)]
  public var entry: RenderIndex.Entry
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
    let runs =
      layout == .stable
      ? try stableLayout?.runs
        ?? stableRuns(
          of: diagrams, count: replay.scenario.steps.count, themes: themes, levels: folding.levels,
          hasSides: !sides.isEmpty) : []
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
        if let run = runs.first(where: { $0.frames.contains(offset) }) {
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
    ScenarioLayout(
      runs: try stableRuns(
        of: { Self.diagrams(of: replay, sides: sides, showsEvents: showsEvents, folding: folding) },
        count: replay.scenario.steps.count, themes: themes, levels: folding.levels, hasSides: !sides.isEmpty))
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

  /// Frames laid out together: every controller drawn in them keeps its place, and each has the
  /// same size.
  struct StableRun: Codable {
    var frames: Range<Int>
    var level: FoldLevel
    var pinned: Set<String>
    /// True when the frames draw their sides one below the other (``Diagram/stacksSides``).
    var stacksSides = false
    /// One layout a theme, in the order of the themes.
    var layouts: [StableLayout]
  }

  /// The stable layout of a scenario's frames: all of them laid out together, folded at the first
  /// level whose layout fits ``pageBudget``.
  ///
  /// When none does (a long flow through a big app draws more, over all its steps, than a page
  /// holds), the frames are laid out in consecutive runs, each as long as a page allows at the level
  /// that lets it run longest: a controller keeps its place within a run, and the picture changes
  /// its layout only where a run ends.
  ///
  /// Frames drawn side by side (`hasSides`) that fit no page at any level, not even run by run,
  /// are laid out again with their sides one below the other, kept when fewer frames overflow the
  /// page that way (on a tie, when the worst overflows less). A real-size app's two sides may fit
  /// neither way: its frames are then bigger than a page (a focus, or one size class, draws less).
  private func stableRuns(
    of diagrams: () -> some Sequence<Diagram>, count frameCount: Int, themes: [Theme], levels: [FoldLevel],
    hasSides: Bool
  ) throws(RenderError) -> [StableRun] {
    let beside = try stableRuns(of: diagrams, count: frameCount, themes: themes, levels: levels, stacksSides: false)
    guard hasSides, levels.count > 1 else { return beside }
    /// How many of the runs' frames overflow the page, and how far the worst does (1 or less fits).
    func overflow(_ runs: [StableRun]) -> (frames: Int, most: Double) {
      var result = (frames: 0, most: 0.0)
      for run in runs {
        guard let size = run.layouts.first?.frameSize else { continue }
        let overflow = pageBudget.overflow(width: size.width, height: size.height)
        if overflow > 1 { result.frames += run.frames.count }
        result.most = max(result.most, overflow)
      }
      return result
    }
    let besideOverflow = overflow(beside)
    guard besideOverflow.frames > 0 else { return beside }
    let stacked = try stableRuns(
      of: {
        diagrams().lazy.map { diagram in
          var stacked = diagram
          stacked.stacksSides = true
          return stacked
        }
      }, count: frameCount, themes: themes, levels: levels, stacksSides: true)
    let stackedOverflow = overflow(stacked)
    return (stackedOverflow.frames, stackedOverflow.most) < (besideOverflow.frames, besideOverflow.most)
      ? stacked : beside
  }

  private func stableRuns(
    of diagrams: () -> some Sequence<Diagram>, count frameCount: Int, themes: [Theme], levels: [FoldLevel],
    stacksSides: Bool
  ) throws(RenderError) -> [StableRun] {
    guard let firstTheme = themes.first else { return [] }
    guard frameCount > 0 else { return [] }
    /// The diagrams of `frames`, made one at a time as they are read (a run's frames are never all
    /// held at once: each holds its hierarchy and the one before it).
    func run(_ frames: Range<Int>) -> some Sequence<Diagram> {
      diagrams().dropFirst(frames.lowerBound).prefix(frames.count)
    }
    func graphs(
      _ frames: Range<Int>, _ theme: Theme, _ level: FoldLevel, _ pinned: Set<String>
    )
      -> some Sequence<GraphDescription>
    {
      run(frames).lazy.map { diagram in
        var themed = diagram
        themed.theme = theme
        return themed.graph(level: level, pinned: pinned)
      }
    }
    func pinned(_ frames: Range<Int>, _ level: FoldLevel) -> Set<String> {
      guard level >= .stacks else { return [] }
      return Self.controllersWithSeveralPlaces(
        in: run(frames), level: level)
    }
    /// The layout of `frames` at `level`, and whether it fits the page and is comfortable.
    func laidOut(
      _ frames: Range<Int>, _ level: FoldLevel
    ) throws(RenderError) -> (
      run: StableRun, fits: Bool, isComfortable: Bool
    ) {
      let pinned = pinned(frames, level)
      // A union sure to be too tall is not laid out, unless it is the last resort.
      let limit = levels.count > 1 ? pageBudget.maximumPixels * 72 / PageBudget.pixelsPerInch : nil
      guard
        let layout = try StableLayout(
          frames: graphs(frames, firstTheme, level, pinned), context: context, maximumHeight: limit)
      else {
        return (
          StableRun(frames: frames, level: level, pinned: pinned, stacksSides: stacksSides, layouts: []), false, false
        )
      }
      let size = layout.frameSize
      return (
        StableRun(frames: frames, level: level, pinned: pinned, stacksSides: stacksSides, layouts: [layout]),
        pageBudget.fits(width: size.width, height: size.height),
        pageBudget.isComfortable(width: size.width, height: size.height)
      )
    }
    /// The layout of `frames` at `level` when it fits the page.
    func fitting(_ frames: Range<Int>, _ level: FoldLevel) throws(RenderError) -> StableRun? {
      let result = try laidOut(frames, level)
      return result.fits ? result.run : nil
    }
    func completed(_ run: StableRun) throws(RenderError) -> StableRun {
      var run = run
      for theme in themes.dropFirst() {
        if let layout = try StableLayout(frames: graphs(run.frames, theme, run.level, run.pinned), context: context) {
          run.layouts.append(layout)
        }
      }
      return run
    }
    let all = 0..<frameCount
    var firstFitting: StableRun?
    for level in levels {
      // Past level `all` only when nothing above fits: those levels fold what is on screen.
      if level > .all, firstFitting != nil { break }
      let result = try laidOut(all, level)
      if result.isComfortable || levels.count == 1 { return [try completed(result.run)] }
      if result.fits, firstFitting == nil { firstFitting = result.run }
    }
    if let firstFitting { return [try completed(firstFitting)] }
    // Runs of frames, each the longest that fits at some level (the least folded on a tie).
    var runs: [StableRun] = []
    var start = 0
    while start < frameCount {
      var best: StableRun?
      for level in levels {
        if level > .all, best != nil { break }
        guard var found = try fitting(start..<start + 1, level) else { continue }
        // Double the run while it fits, then halve the step back to the longest that does.
        var step = 1
        while found.frames.upperBound < frameCount {
          let end = min(frameCount, found.frames.upperBound + step)
          if let longer = try fitting(start..<end, level) {
            found = longer
            step *= 2
          } else if step > 1 {
            step /= 2
          } else {
            break
          }
        }
        if best.map({ found.frames.count > $0.frames.count }) ?? true { best = found }
        if found.frames.upperBound == frameCount { break }
      }
      // A frame that fits at no level is drawn at the level that folds most.
      let run: StableRun
      if let best {
        run = best
      } else {
        let frames = start..<start + 1
        let level = levels[levels.count - 1]
        let pinned = pinned(frames, level)
        run = StableRun(
          frames: frames, level: level, pinned: pinned, stacksSides: stacksSides,
          layouts: [try StableLayout(frames: graphs(frames, firstTheme, level, pinned), context: context)].compactMap {
            $0
          })
      }
      runs.append(try completed(run))
      start = run.frames.upperBound
    }
    return runs
  }

  /// The controllers a level would draw at two places in different frames (the top of a stack in
  /// one, a controller it presents from in another): they keep a place of their own in every frame,
  /// so that nothing jumps.
  static func controllersWithSeveralPlaces(in diagrams: some Sequence<Diagram>, level: FoldLevel) -> Set<String> {
    var places: [String: String] = [:]
    var pinned: Set<String> = []
    for diagram in diagrams {
      // The sides of a `--size-classes` frame name their controllers by side: `compact/home`.
      let parts =
        diagram.sides.isEmpty
        ? [("", diagram)]
        : diagram.drawnSides.map {
          (Diagram.namePrefix(ofSide: $0.key), $0.diagram)
        }
      for (prefix, part) in parts {
        let plan = part.plan(level: level)
        for (id, _) in plan.controllers {
          let key = prefix + id
          let place = prefix + (plan.slots[id] ?? Diagram.nodeName(ofController: id))
          if let known = places[key], known != place { pinned.insert(key) } else { places[key] = place }
        }
      }
    }
    return pinned
  }
}

/// The stable layout of a scenario's frames (``Renderer/stableLayout(of:showsEvents:themes:folding:)``):
/// where each controller of every frame sits, for each theme. It is Codable, so that the process
/// that laid a scenario out can hand it to the others that draw its frames.
public struct ScenarioLayout: Codable, Sendable {
  /// Consecutive runs of frames, each laid out together.
  var runs: [Renderer.StableRun]
}

extension Diagram {
  /// The diagram of every step of a replay, in step order, each marking what changed since the
  /// step before: what was added outlined in blue, what changed in orange, what was removed drawn
  /// faded where it was. Each diagram is made as it is read, from the replay's frames.
  ///
  /// The first step is not marked: everything on it is new, so marking it against the unattached
  /// controllers the scenario starts from would outline the whole diagram and tell nothing.
  public static func frames(of replay: Replay, showsEvents: Bool = false) -> some Sequence<Diagram> {
    let stepCount = replay.scenario.steps.count
    let title = replay.scenario.title
    return sequence(state: (frames: replay.frames.makeIterator(), previous: Hierarchy?.none)) { state in
      guard let frame = state.frames.next() else { return nil }
      var diagram = Diagram(frame: frame, stepCount: stepCount, title: title, showsEvents: showsEvents)
      if let previous = state.previous {
        let changes = HierarchyDiff(before: previous, after: frame.hierarchy)
        diagram.hierarchy = changes.after
        diagram.changes = changes
      }
      state.previous = frame.hierarchy
      return diagram
    }
  }
}
