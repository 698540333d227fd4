import VCGraph

/// The stable layout of a scenario's frames (``Renderer/stableLayout(of:options:)``):
/// where each controller of every frame sits, for each theme. It is Codable, so that the process
/// that laid a scenario out can hand it to the others that draw its frames.
public struct ScenarioLayout: Codable, Sendable {
  /// Frames laid out together: every controller drawn in them keeps its place, and each has the
  /// same size.
  struct Run: Codable {
    var frames: Range<Int>
    var level: FoldLevel
    var pinned: Set<String>
    /// True when the frames draw their sides one below the other (``Diagram/stacksSides``).
    var stacksSides = false
    /// One layout a theme, in the order of the themes.
    var layouts: [StableLayout]
    /// The frames' graphs, when they were sketched (``FrameSketches``): each frame is then drawn
    /// from its sketch, without its diagram being made again.
    var sketches: FrameSketches?
  }

  /// Consecutive runs of frames, each laid out together.
  var runs: [Run]

  /// True when every run's frames were sketched (``FrameSketches``): they are drawn from the
  /// sketches, without their diagrams being made again.
  public var isSketched: Bool { !runs.isEmpty && runs.allSatisfy { $0.sketches != nil } }

  /// The run that lays out frame number `frame` (from 0); nil for a frame no run holds.
  func run(holding frame: Int) -> Run? {
    runs.first { $0.frames.contains(frame) }
  }

  /// The stable layout of a scenario's frames in each of the options' themes: all of them laid out
  /// together, folded at the first of the options' fold levels whose layout fits their page budget.
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
  ///
  /// The frames are read once to find the columns that move and to keep a sample of them; then the
  /// sample, laid out at each level in turn, tells which level can fit (a cheap measure: at most
  /// ``SketchedSearch/sampleSize`` frames); the frames are sketched at that level, each frame's graph
  /// built once (``FrameSketches``), and their union is laid out once to confirm it. Only when no
  /// level fits all the frames together are they laid out again, run by run.
  init(
    frames diagrams: @escaping () -> some Sequence<Diagram>, count frameCount: Int, options: DrawingOptions,
    hasSides: Bool, context: GraphvizContext
  ) throws(RenderError) {
    let (themes, levels, budget) = (options.themes, options.folding.levels, options.pageBudget)
    var search = SketchedSearch(
      context: context, budget: budget, themes: themes, levels: levels, frameCount: frameCount,
      diagrams: diagrams)
    let whole = try search.run()
    let moving = search.movingColumns
    if let whole, !hasSides || levels.count == 1 || Self.overflow(of: [whole], budget: budget).frames == 0 {
      runs = [whole]
      return
    }
    var beside = whole.map { [$0] } ?? []
    if whole == nil {
      beside = try StableRunSearch(
        context: context, budget: budget, themes: themes, levels: levels, frameCount: frameCount, stacksSides: false,
        movingColumns: moving, sketched: search.sketchedLevels, laidOut: search.laidOutFrames,
        headerSizes: search.headerSizes, diagrams: diagrams
      ).consecutiveRuns()
    }
    runs = Self.sameSize(beside)
    guard hasSides, levels.count > 1 else { return }
    let besideOverflow = Self.overflow(of: beside, budget: budget)
    guard besideOverflow.frames > 0 else { return }
    let stacked = try StableRunSearch(
      context: context, budget: budget, themes: themes, levels: levels, frameCount: frameCount, stacksSides: true,
      movingColumns: moving, sketched: [:], laidOut: [:], headerSizes: search.headerSizes,
      diagrams: {
        diagrams().lazy.map { diagram in
          var stacked = diagram
          stacked.stacksSides = true
          return stacked
        }
      }
    ).runs()
    let stackedOverflow = Self.overflow(of: stacked, budget: budget)
    if (stackedOverflow.frames, stackedOverflow.most) < (besideOverflow.frames, besideOverflow.most) {
      runs = Self.sameSize(stacked)
    }
  }

  /// The runs with every frame as big as the biggest run's: one frame size across a scenario's
  /// steps, so that pages and the animation do not jump where a run ends (each run's picture is
  /// centred in the extra width, the extra height below it).
  static func sameSize(_ runs: [Run]) -> [Run] {
    guard runs.count > 1 else { return runs }
    let layouts = runs.flatMap(\.layouts)
    let extent = layouts.map(\.extentSize).reduce(LayoutSize(width: 0, height: 0)) { $0.expanded(to: $1) }
    let header = layouts.compactMap(\.headerSize).reduce(nil) { $0?.expanded(to: $1) ?? $1 }
    return runs.map { run in
      var grown = run
      grown.layouts = run.layouts.map { $0.growing(extentTo: extent, headerTo: header) }
      return grown
    }
  }

  /// How many of the runs' frames overflow the page, and how far the worst does (1 or less fits).
  static func overflow(of runs: [Run], budget: PageBudget) -> (frames: Int, most: Double) {
    var result = (frames: 0, most: 0.0)
    for run in runs {
      guard let size = run.layouts.first?.frameSize else { continue }
      let overflow = budget.overflow(width: size.width, height: size.height)
      if overflow > 1 { result.frames += run.frames.count }
      result.most = max(result.most, overflow)
    }
    return result
  }

  /// The controllers the frames draw both as a column of an expanded split view on screen and as
  /// another container's child (a collapse pushes the columns onto the primary stack, an expansion
  /// takes them back),
  /// named as ``controllersWithSeveralPlaces(in:level:)`` names them: pinned at every level, such a
  /// controller has a place as a column apart from its place in the stack, so that the frames that
  /// expand the split view draw its columns side by side.
  static func movingColumns(in diagrams: some Sequence<Diagram>) -> Set<String> {
    var places = ColumnPlaces()
    for diagram in diagrams { places.add(diagram) }
    return places.moving
  }

  /// Where the frames draw each controller: as a column of an expanded split view on screen, or as
  /// another container's child (see ``movingColumns(in:)``), gathered a frame at a time.
  struct ColumnPlaces {
    private var columns: Set<String> = []
    private var elsewhere: Set<String> = []

    /// The controllers seen in both places so far.
    var moving: Set<String> { columns.intersection(elsewhere) }

    mutating func add(_ diagram: Diagram) {
      let parts =
        diagram.sides.isEmpty
        ? [("", diagram)] : diagram.drawnSides.map { (Diagram.namePrefix(ofSide: $0.key), $0.diagram) }
      for (prefix, part) in parts {
        let hierarchy = part.hierarchy
        // Without a split view there are no columns, in this frame or any other of the scenario:
        // nothing to gather (and no walk over every controller of every frame).
        guard hierarchy.hasSplitViewControllers else { continue }
        for controller in hierarchy.viewControllers {
          guard let parent = controller.parent.flatMap({ hierarchy[$0] }) else { continue }
          if parent.kind != .splitView {
            elsewhere.insert(prefix + controller.id)
          } else if parent.isCollapsed == false, parent.appearance.isOnScreen {
            // Columns count where a reader sees them side by side: expanded, on screen.
            columns.insert(prefix + controller.id)
          }
        }
      }
    }
  }

  /// The controllers a level would draw at two places in different frames (the top of a stack in
  /// one, a controller it presents from in another): they keep a place of their own in every frame,
  /// so that nothing jumps.
  static func controllersWithSeveralPlaces(in diagrams: some Sequence<Diagram>, level: FoldLevel) -> Set<String> {
    severalPlaces(in: diagrams.lazy.map { places(in: $0, level: level) })
  }

  /// The controllers drawn at two places among frames whose places ``places(in:level:)`` gave.
  static func severalPlaces(in frames: some Sequence<[(controller: String, place: String)]>) -> Set<String> {
    var places: [String: String] = [:]
    var pinned: Set<String> = []
    for frame in frames {
      for (key, place) in frame {
        if let known = places[key], known != place { pinned.insert(key) } else { places[key] = place }
      }
    }
    return pinned
  }

  /// Where a frame's diagram draws each controller at `level`: the controller and its place, each
  /// named by side in a `--size-classes` frame (`compact/home`).
  static func places(in diagram: Diagram, level: FoldLevel) -> [(controller: String, place: String)] {
    let parts =
      diagram.sides.isEmpty
      ? [("", diagram)]
      : diagram.drawnSides.map {
        (Diagram.namePrefix(ofSide: $0.key), $0.diagram)
      }
    var places: [(controller: String, place: String)] = []
    for (prefix, part) in parts {
      let plan = part.plan(level: level)
      for (id, _) in plan.controllers {
        places.append((prefix + id, prefix + (plan.slots[id] ?? Diagram.nodeName(ofController: id))))
      }
    }
    return places
  }
}

/// The search for the runs of a scenario's stable layout with its sides one way (beside or one
/// below the other): every frame at the first level that fits, else consecutive runs, each the
/// longest that fits at some level (see ``ScenarioLayout``).
private struct StableRunSearch<Frames: Sequence<Diagram>> {
  let context: GraphvizContext
  let budget: PageBudget
  let themes: [Theme]
  let levels: [FoldLevel]
  let frameCount: Int
  /// True when the frames draw their sides one below the other (``Diagram/stacksSides``).
  let stacksSides: Bool
  /// The split views' columns that move into a stack in some frames (``ScenarioLayout/movingColumns(in:)``).
  let movingColumns: Set<String>
  /// The diagrams of every frame, made again, one at a time, each time they are read.
  let diagrams: () -> Frames
  /// The frames sketched at some levels (``SketchedSearch/sketchedLevels``), every one or the
  /// first ones: a frame's graph at such a level with the same controllers pinned is taken from
  /// there, not built again.
  let sketched: [FoldLevel: FrameSketches]
  /// Frames the search for one layout laid out alone, as this search lays a run out
  /// (``SketchedSearch/laidOutFrames``): taken from there, not laid out again.
  let laidOutBefore: [SketchedSearch<Frames>.LaidOutKey: (pinned: Set<String>, layout: StableLayout?)]
  /// The sizes of the frames' headers measured so far (``SketchedSearch/headerSizes``): the runs
  /// the search tries hold the same frames again and again.
  let headerSizes: StableLayout.Measurements.KnownSizes?
  /// What the search made and keeps for the runs it tries next.
  private let made = Made()

  /// The most frames whose diagrams and graphs the search keeps while it tries runs; a longer
  /// scenario's are made again for each run tried, so that its memory does not grow with its steps.
  static var keptFrames: Int { 256 }

  /// The frames' diagrams, made once (read again as the search tries runs that start at them);
  /// each frame's graph at each level, theme and set of pinned controllers it was built at; and the
  /// ranges of frames the search for one run laid out (narrowing a run down, it may ask again).
  private final class Made {
    struct GraphKey: Hashable {
      var frame: Int
      var theme: Int
      var level: FoldLevel
      var pinned: Set<String>
    }

    struct PlacesKey: Hashable {
      var frame: Int
      var level: FoldLevel
    }

    struct RunKey: Hashable {
      var frames: Range<Int>
      var level: FoldLevel
    }

    var diagrams: [Diagram]?
    var graphs: [GraphKey: GraphDescription] = [:]
    /// Where each kept frame draws its controllers, by level (``ScenarioLayout/places(in:level:)``).
    var places: [PlacesKey: [(controller: String, place: String)]] = [:]
    var laidOut: [RunKey: (run: ScenarioLayout.Run, fits: Bool, isComfortable: Bool)] = [:]

    struct SameKey: Hashable {
      var frame: Int
      var level: FoldLevel
      var pinned: Set<String>
      var other: FoldLevel
      var otherPinned: Set<String>
    }

    /// Whether a frame's graph is the same at two levels and pinnings (``sameGraph(_:_:_:as:_:)``).
    var sameGraphs: [SameKey: Bool] = [:]
  }

  init(
    context: GraphvizContext, budget: PageBudget, themes: [Theme], levels: [FoldLevel], frameCount: Int,
    stacksSides: Bool, movingColumns: Set<String>, sketched: [FoldLevel: FrameSketches],
    laidOut: [SketchedSearch<Frames>.LaidOutKey: (pinned: Set<String>, layout: StableLayout?)],
    headerSizes: StableLayout.Measurements.KnownSizes?, diagrams: @escaping () -> Frames
  ) {
    self.context = context
    self.budget = budget
    self.themes = themes
    self.levels = levels
    self.frameCount = frameCount
    self.stacksSides = stacksSides
    self.movingColumns = movingColumns
    self.sketched = sketched
    self.headerSizes = headerSizes
    laidOutBefore = laidOut
    self.diagrams = diagrams
    if frameCount <= Self.keptFrames { made.diagrams = Array(diagrams()) }
  }

  /// The runs that cover every frame, in frame order.
  func runs() throws(RenderError) -> [ScenarioLayout.Run] {
    guard !themes.isEmpty, frameCount > 0 else { return [] }
    var firstFitting: ScenarioLayout.Run?
    for level in levels {
      // Past level `all` only when nothing above fits: those levels fold what is on screen.
      if level > .all, firstFitting != nil { break }
      let result = try laidOut(0..<frameCount, level)
      if result.isComfortable || levels.count == 1 { return [try completed(result.run)] }
      if result.fits, firstFitting == nil { firstFitting = result.run }
    }
    if let firstFitting { return [try completed(firstFitting)] }
    return try consecutiveRuns()
  }

  /// Runs of frames, each the longest that fits at some level (the least folded on a tie): for
  /// frames that fit no page all together.
  func consecutiveRuns() throws(RenderError) -> [ScenarioLayout.Run] {
    guard !themes.isEmpty, frameCount > 0 else { return [] }
    var runs: [ScenarioLayout.Run] = []
    var start = 0
    while start < frameCount {
      let run = try longestRun(from: start)
      runs.append(try completed(run))
      start = run.frames.upperBound
    }
    return runs
  }

  /// The longest run of frames from `start` that fits the page at some level (the least folded on
  /// a tie); a frame that fits at no level alone, drawn at the level that folds most. A level after
  /// the first that fits is tried only for a run longer than the best so far.
  private func longestRun(from start: Int) throws(RenderError) -> ScenarioLayout.Run {
    // What earlier runs laid out starts at other frames: not kept, each holds a union's layout.
    made.laidOut.removeAll()
    var best: ScenarioLayout.Run?
    for level in levels {
      if level > .all, best != nil { break }
      // A union of more frames is no smaller: a level that does not fit one frame more than the
      // best run so far cannot make a longer run, and a run as long is kept at the level before.
      // For the same reason, no run at this level ends at or past one found not to fit: it is not
      // laid out.
      var overflowingEnd = frameCount + 1
      func fitting(_ end: Int) throws(RenderError) -> ScenarioLayout.Run? {
        guard end < overflowingEnd else {
          FrameSearchCounts.runsKnownToOverflow += 1
          return nil
        }
        let found = try self.fitting(start..<end, level)
        if found == nil { overflowingEnd = end }
        return found
      }
      let shortest = (best?.frames.count ?? 0) + 1
      guard var found = try fitting(start + shortest) else { continue }
      // Double the run while it fits, then halve the step back to the longest that does.
      var step = 1
      while found.frames.upperBound < frameCount {
        let end = min(frameCount, found.frames.upperBound + step)
        if let longer = try fitting(end) {
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
    if let best { return best }
    let frames = start..<start + 1
    let level = levels[levels.count - 1]
    // Laid out already unless it was sure to be too tall (the union is the same, the limit aside).
    if let tried = made.laidOut[Made.RunKey(frames: frames, level: level)], !tried.run.layouts.isEmpty {
      return tried.run
    }
    let pinned = pinned(frames, level)
    return ScenarioLayout.Run(
      frames: frames, level: level, pinned: pinned, stacksSides: stacksSides,
      layouts: [try StableLayout(frames: graphs(frames, 0, level, pinned), context: context, headers: headerSizes)]
        .compactMap { $0 })
  }

  /// The diagrams of `frames`: those the search keeps, else made one at a time as they are read (a
  /// long scenario's run is never held at once: each frame holds its hierarchy and the one before).
  private func run(_ frames: Range<Int>) -> AnySequence<Diagram> {
    if let kept = made.diagrams { return AnySequence(kept[frames]) }
    return AnySequence(diagrams().dropFirst(frames.lowerBound).prefix(frames.count))
  }

  /// The graphs of `frames` in the theme number `theme`: each built once at a level and pinning,
  /// when the search keeps the frames' diagrams.
  private func graphs(
    _ frames: Range<Int>, _ theme: Int, _ level: FoldLevel, _ pinned: Set<String>
  ) -> AnySequence<GraphDescription> {
    if let sketches = sketched[level], sketches.pinned == pinned, frames.upperBound <= sketches.count {
      return AnySequence(sketches.graphs(theme: theme, frames: frames))
    }
    let style = themes[theme]
    func graph(_ diagram: Diagram) -> GraphDescription {
      FrameSearchCounts.graphsBuiltForRuns += 1
      var themed = diagram
      themed.theme = style
      return themed.graph(level: level, pinned: pinned)
    }
    guard let kept = made.diagrams else { return AnySequence(run(frames).lazy.map(graph)) }
    return AnySequence(
      frames.map { frame in
        let key = Made.GraphKey(frame: frame, theme: theme, level: level, pinned: pinned)
        if let known = made.graphs[key] { return known }
        let built = graph(kept[frame])
        made.graphs[key] = built
        return built
      })
  }

  /// The controllers `frames` pin at `level`: those they draw at several places, and the moving
  /// columns. Each kept frame's places are found once a level.
  private func pinned(_ frames: Range<Int>, _ level: FoldLevel) -> Set<String> {
    guard level >= .stacks else { return movingColumns }
    guard let kept = made.diagrams else {
      return ScenarioLayout.controllersWithSeveralPlaces(in: run(frames), level: level).union(movingColumns)
    }
    let places = frames.lazy.map { frame in
      let key = Made.PlacesKey(frame: frame, level: level)
      if let known = self.made.places[key] { return known }
      if let sketched = self.sketched[level]?.places(ofFrame: frame) {
        self.made.places[key] = sketched
        return sketched
      }
      FrameSearchCounts.placesFoundForRuns += 1
      let found = ScenarioLayout.places(in: kept[frame], level: level)
      self.made.places[key] = found
      return found
    }
    return ScenarioLayout.severalPlaces(in: places).union(movingColumns)
  }

  /// The layout of `frames` at `level` in the first theme, and whether it fits the page and is
  /// comfortable: laid out once, however often the search asks.
  private func laidOut(
    _ frames: Range<Int>, _ level: FoldLevel
  ) throws(RenderError) -> (run: ScenarioLayout.Run, fits: Bool, isComfortable: Bool) {
    let key = Made.RunKey(frames: frames, level: level)
    if let known = made.laidOut[key] { return known }
    let result: (run: ScenarioLayout.Run, fits: Bool, isComfortable: Bool)
    if let same = sameAsLaidOut(frames, level) { result = same } else { result = try layOut(frames, level) }
    made.laidOut[key] = result
    return result
  }

  /// The layout of `frames` at `level` taken from their layout at another level, when the frames'
  /// graphs are the same at both (a level that folds nothing more in these frames): the same
  /// graphs lay out the same.
  private func sameAsLaidOut(
    _ frames: Range<Int>, _ level: FoldLevel
  ) -> (run: ScenarioLayout.Run, fits: Bool, isComfortable: Bool)? {
    let pinned = pinned(frames, level)
    for other in levels where other != level {
      guard let known = made.laidOut[Made.RunKey(frames: frames, level: other)],
        frames.allSatisfy({ sameGraph($0, level, pinned, as: other, known.run.pinned) })
      else { continue }
      FrameSearchCounts.runsLaidOutAtAnotherLevel += 1
      var run = known.run
      (run.level, run.pinned) = (level, pinned)
      return (run, known.fits, known.isComfortable)
    }
    return nil
  }

  /// True when frame number `frame`'s graph at `level` pinning `pinned` is its graph at `other`
  /// pinning `otherPinned`, in the first theme (each pair compared once).
  private func sameGraph(
    _ frame: Int, _ level: FoldLevel, _ pinned: Set<String>, as other: FoldLevel, _ otherPinned: Set<String>
  ) -> Bool {
    let key = Made.SameKey(frame: frame, level: level, pinned: pinned, other: other, otherPinned: otherPinned)
    if let known = made.sameGraphs[key] { return known }
    let frames = frame..<frame + 1
    let same = Array(graphs(frames, 0, level, pinned)) == Array(graphs(frames, 0, other, otherPinned))
    made.sameGraphs[key] = same
    return same
  }

  private func layOut(
    _ frames: Range<Int>, _ level: FoldLevel
  ) throws(RenderError) -> (run: ScenarioLayout.Run, fits: Bool, isComfortable: Bool) {
    let pinned = pinned(frames, level)
    if let before = laidOutBefore[.init(frames: frames, level: level)], before.pinned == pinned {
      FrameSearchCounts.runsLaidOutBefore += 1
      let run = ScenarioLayout.Run(
        frames: frames, level: level, pinned: pinned, stacksSides: stacksSides,
        layouts: before.layout.map { [$0] } ?? [])
      guard let size = before.layout?.frameSize else { return (run, false, false) }
      return (
        run, budget.fits(width: size.width, height: size.height),
        budget.isComfortable(width: size.width, height: size.height)
      )
    }
    // A union sure to be too tall is not laid out, unless it is the last resort.
    let limit = levels.count > 1 ? budget.maximumPixels * 72 / PageBudget.pixelsPerInch : nil
    guard
      let layout = try StableLayout(
        frames: graphs(frames, 0, level, pinned), context: context, maximumHeight: limit, headers: headerSizes)
    else {
      return (
        ScenarioLayout.Run(frames: frames, level: level, pinned: pinned, stacksSides: stacksSides, layouts: []),
        false, false
      )
    }
    let size = layout.frameSize
    return (
      ScenarioLayout.Run(frames: frames, level: level, pinned: pinned, stacksSides: stacksSides, layouts: [layout]),
      budget.fits(width: size.width, height: size.height),
      budget.isComfortable(width: size.width, height: size.height)
    )
  }

  /// The layout of `frames` at `level` when it fits the page.
  private func fitting(_ frames: Range<Int>, _ level: FoldLevel) throws(RenderError) -> ScenarioLayout.Run? {
    let result = try laidOut(frames, level)
    return result.fits ? result.run : nil
  }

  /// `run` laid out in the other themes too, and its frames sketched: they are drawn from the
  /// sketches (``FrameSketches``), as a scenario laid out in one run is, without a replay.
  private func completed(_ run: ScenarioLayout.Run) throws(RenderError) -> ScenarioLayout.Run {
    var run = run
    for theme in themes.indices.dropFirst() {
      if let layout = try StableLayout(frames: graphs(run.frames, theme, run.level, run.pinned), context: context) {
        run.layouts.append(layout)
      }
    }
    run.sketches = sketches(run.frames, run.level, run.pinned)
    return run
  }

  /// The frames of a run sketched at its level and pinning: the graphs its layouts were made of.
  private func sketches(_ frames: Range<Int>, _ level: FoldLevel, _ pinned: Set<String>) -> FrameSketches {
    if let sketches = sketched[level], sketches.pinned == pinned, frames.upperBound <= sketches.count {
      return sketches.frames(frames)
    }
    return FrameSketches(run(frames), level: level, pinned: pinned, themes: themes)
  }
}
