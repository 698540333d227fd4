import VCGraph

/// The search for one layout of all a scenario's frames (see ``ScenarioLayout``): the fold level
/// chosen by a cheap measure first, the frames sketched at that level, and their union laid out
/// once to confirm it.
///
/// The levels are tried in the order ``Folding/levels`` gives (``FoldSearch``'s), and a level is
/// kept by the page budget's rules (``PageBudget/isComfortable(width:height:)``, then
/// ``PageBudget/fits(width:height:)``), as ``FoldSearch`` keeps a picture:
/// 1. **Measure.** The frames are read once (no frame is compared with the one before: nothing
///    is drawn yet), keeping a sample of at most ``sampleSize`` of them, evenly spread. A level
///    is measured by laying out the union of the sample's graphs: what all the frames draw
///    together is at least that big, so a level whose sample is not comfortable is not tried with
///    every frame. (A scenario of no more frames than the sample is measured whole, and so is one
///    of a big hierarchy and not many more frames: ``skipsSample``.)
///    Before that, the last frame alone is sketched at the level and measured: when it is sure not
///    to fit by itself (its boxes cover more than a page, or its tallest chain is taller), no union
///    of the frames fits, and the level is ruled out at the cost of one frame.
/// 2. **Sketch and confirm.** At the first level the sample finds comfortable, every frame's
///    graph is built once and kept as a sketch (``FrameSketches``), and the union of all of them is
///    laid out once: comfortable, it is the layout; otherwise the next level is measured. When no
///    level is comfortable, the first that fits is kept, the levels the sample turned down but
///    found fitting laid out first, in order, so the choice is the one laying out every level
///    would make.
///
/// Nil when no level fits (the frames are then laid out run by run, ``ScenarioLayout``).
struct SketchedSearch<Frames: Sequence<Diagram>> {
  let context: GraphvizContext
  let budget: PageBudget
  let themes: [Theme]
  let levels: [FoldLevel]
  let frameCount: Int
  /// The diagrams of every frame, made again, one at a time, each time they are read.
  let diagrams: () -> Frames

  /// The most frames the measure lays out at each level.
  static var sampleSize: Int { 48 }

  /// The split views' columns that move into a stack in some frames, once ``run()`` has read the
  /// frames (``ScenarioLayout/movingColumns(in:)``).
  private(set) var movingColumns: Set<String> = []
  /// The sizes the unions laid out so far measured, the context's (shared with the runs a
  /// scenario may be laid out in, and the next scenario): each variant of a box is measured once.
  private var known: StableLayout.Measurements.KnownSizes { context.knownSizes }
  /// The sizes of the frames' headers measured so far, for a scenario of at most ``keptFrames``
  /// frames: its unions at other levels, and the runs it may be laid out in, hold the same frames
  /// again (a header is a frame's own: the context does not keep it for the next scenario).
  let headerSizes: StableLayout.Measurements.KnownSizes?
  /// The frames' graphs at the level last measured, built ahead while the sample's union is laid
  /// out (``measure(_:)``); taken by the next sketching of every frame, or stopped.
  private var builtAhead: FrameGraphs?

  /// Every frame sketched at `level`, pinning `pinned`, their new boxes measured meanwhile on a
  /// second core (``VariantMeasurer``): the union laid out next finds their sizes known. (Not for
  /// more than ``keptFrames`` frames: the known sizes are forgotten past a thousand boxes, so a
  /// longer scenario's union would measure many again.)
  ///
  /// With `checking`, the sketching may give up as ``sketched(_:sampleOnly:checking:layingOutFirst:)``
  /// says (`givingUp`), and the sketches keep where each frame draws its controllers. Then nothing
  /// is measured meanwhile: `givingUp` measures and lays out with Graphviz, which one thread uses
  /// at a time, and reads the sizes the measurer would be writing.
  private mutating func sketchedMeasuring(
    _ level: FoldLevel, pinned: Set<String>, checking: Bool,
    givingUpWhen givingUp: (FrameSketches) throws(RenderError) -> Bool
  ) throws(RenderError) -> FrameSketches {
    let measurer =
      !checking && frameCount <= Self.keptFrames ? VariantMeasurer.start(in: context, headers: headerSizes) : nil
    defer { measurer?.finish() }
    return try FrameSketches(
      diagrams(), level: level, pinned: pinned, themes: themes,
      keepingPlaces: checking && frameCount <= Self.keptFrames, builtAhead: takeBuiltAhead(), measuringWith: measurer,
      mayGiveUp: checking, givingUpWhen: givingUp)
  }

  /// ``builtAhead``, no longer kept.
  private mutating func takeBuiltAhead() -> FrameGraphs? {
    defer { builtAhead = nil }
    return builtAhead
  }

  /// The sampled frames' diagrams, and whether they are all the frames.
  private var sample: [Diagram] = []
  private var sampleIsWhole = true
  /// The controllers the sample pinned at each level it was sketched at.
  private var samplePinned: [FoldLevel: Set<String>] = [:]
  /// Every frame sketched at each level whose union was laid out, or the first frames when the
  /// sketching stopped early (``FrameSketches/isCut``), for a scenario of at most ``keptFrames``
  /// frames: when no level fits them all, the search for runs (``ScenarioLayout``) draws its graphs
  /// from them instead of building each frame's graph again.
  private(set) var sketchedLevels: [FoldLevel: FrameSketches] = [:]
  /// The theme-0 layout of every frame's union at each level in ``sketchedLevels`` (nil when it was
  /// sure not to fit), for a later level whose frames' graphs are the same (``sameAsLaidOut(_:)``).
  private var wholeLayouts: [FoldLevel: StableLayout?] = [:]
  /// The controllers pinned when the first frames, laid out together as the last sketching laid
  /// them out, did not fit the page (``sketched(_:sampleOnly:checking:layingOutFirst:)``); nil when
  /// they fit, or were not laid out.
  private var firstFramesOverflow: Set<String>?
  /// True once a union of every frame, or of the sample, or the last frame alone, was laid out and
  /// did not fit the page (measuring it had not ruled it out): the scenario is big, and may need
  /// runs. The search then lays out the last frame alone, and the first frames, to rule a level out
  /// before every frame is sketched at it. Before that, only frames whose boxes alone take half a
  /// page (``closeShare``) are laid out so: a scenario that fits at its first level, or past levels
  /// ruled out by measures alone, lays out none of them.
  private var unionOverflowed = false
  /// The most frames whose sketches at every level the search keeps for the runs.
  static var keptFrames: Int { 256 }
  /// How many unions were laid out, and how many times every frame was sketched (for tests).
  private(set) var unionsLaidOut = 0
  private(set) var sketchingPasses = 0

  init(
    context: GraphvizContext, budget: PageBudget, themes: [Theme], levels: [FoldLevel], frameCount: Int,
    diagrams: @escaping () -> Frames
  ) {
    self.context = context
    self.budget = budget
    self.themes = themes
    self.levels = levels
    self.frameCount = frameCount
    self.diagrams = diagrams
    headerSizes = frameCount <= Self.keptFrames ? StableLayout.Measurements.KnownSizes() : nil
  }

  /// What a level's union came to.
  private enum Outcome {
    case comfortable(ScenarioLayout.Run)
    case fits(ScenarioLayout.Run)
    case overflows
  }

  /// The run of every frame at the first level that is comfortable, else the first that fits;
  /// nil when none fits.
  mutating func run() throws(RenderError) -> ScenarioLayout.Run? {
    guard !themes.isEmpty, frameCount > 0 else { return nil }
    // Graphs built ahead and not taken are built no more once the search ends.
    defer { takeBuiltAhead()?.stop() }
    readFrames()
    if levels.count == 1 {
      let level = levels[0]
      let sketches = try sketched(level)
      let layout = try StableLayout(frames: sketches.graphs(theme: 0), context: context, headers: headerSizes)
      unionsLaidOut += 1
      return try completed(run(level, sketches, layout))
    }
    var firstFitting: (level: FoldLevel, run: ScenarioLayout.Run)?
    /// Levels the sample found fitting but not comfortable, in order: laid out whole only when no
    /// level is comfortable.
    var deferred: [FoldLevel] = []
    /// The first of the deferred levels that fits whole, when it comes before `firstFitting`.
    func settleDeferred(_ search: inout SketchedSearch) throws(RenderError) {
      for level in deferred where firstFitting.map({ level < $0.level }) ?? true {
        if case .fits(let run) = try search.whole(level) {
          firstFitting = (level, run)
          break
        }
      }
      deferred.removeAll()
    }
    for level in levels {
      // Past level `all` only when nothing above fits: those levels fold what is on screen.
      if level > .all {
        try settleDeferred(&self)
        if firstFitting != nil { break }
      }
      // A frame alone sure not to fit rules its level out before every frame is sketched; once a
      // union of the frames overflowed the page, so does a frame alone that does not fit laid out.
      if try lastFrameOverflows(level, layingOut: unionOverflowed) { continue }
      if !sampleIsWhole, !skipsSample {
        let measured = try measure(level)
        if !measured.isComfortable {
          if measured.fits { deferred.append(level) }
          continue
        }
      }
      switch try whole(level, layingOutFirst: unionOverflowed) {
      case .comfortable(let run): return try completed(run)
      case .fits(let run): if firstFitting == nil { firstFitting = (level, run) }
      case .overflows: break
      }
    }
    try settleDeferred(&self)
    guard let firstFitting else { return nil }
    return try completed(firstFitting.run)
  }

  /// Reads every frame once: the columns that move, and the sample.
  private mutating func readFrames() {
    var places = ScenarioLayout.ColumnPlaces()
    let size = Self.sampleSize
    sampleIsWhole = frameCount <= size
    // Evenly spread, the first and the last among them.
    let picked = sampleIsWhole ? Set(0..<frameCount) : Set((0..<size).map { $0 * (frameCount - 1) / (size - 1) })
    for (offset, diagram) in diagrams().enumerated() {
      places.add(diagram)
      if picked.contains(offset) { sample.append(diagram) }
    }
    movingColumns = places.moving
  }

  /// Whether no sample is measured: every frame is sketched at each level tried, measured as the
  /// frames add up (``whole(_:layingOutFirst:)``), as when there are no more frames than the
  /// sample. So for a hierarchy big enough for a plan to take from the frame before's
  /// (``DrawingPlan/Memory``), when the frames are not many more than the sample: the sample's
  /// frames, evenly spread, are each planned whole, which costs what the hierarchy's size does,
  /// where a frame planned in order costs what its step changed. At 3,000 controllers a whole plan
  /// takes 7 to 12 ms; a frame planned in order, with its graph, about 0.7 ms (a push on a stack of
  /// 750). One whole plan is reckoned to cost as much as 1 frame in order for each 200 controllers
  /// (at 3,000, 15; the scenario's frames no more than 720): a level not comfortable then costs no
  /// more sketched whole than its sample does, and the level kept is sketched once, not twice.
  ///
  /// Not when the frames are planned whole anyway: with sides, with a focus, or for an app map, a
  /// plan takes nothing from the frame before's.
  private var skipsSample: Bool {
    guard !sampleIsWhole, let members = sample.map(\.hierarchy.members.count).max(),
      members >= DrawingPlan.Memory.smallestHierarchy,
      sample.allSatisfy({ $0.sides.isEmpty && $0.appMap == nil && $0.folding.focus.isEmpty })
    else { return false }
    return frameCount <= Self.sampleSize * members / 200
  }

  /// True when the last frame alone, sketched at `level`, is sure not to fit the page once
  /// measured (``StableLayout/overflowBounds(frames:context:maximumHeight:maximumArea:known:)``): every
  /// union of the frames holds it, so none fits at that level. It costs one frame's graph and the
  /// measure of its boxes, where laying the level out costs every frame's graph (or the sample's)
  /// and `dot` on their union: a big hierarchy drawn unfolded is ruled out at the price of one
  /// frame, whatever the number of frames.
  ///
  /// With `layingOut` (the scenario is big: a union of its frames overflowed), or when its boxes
  /// take half a page (``closeShare``), the last frame that might fit is laid out alone, as the search for runs would lay it out (``laidOutFrames``): when
  /// it does not fit the page, no union holding it does (a union of more frames is no smaller, the
  /// assumption a sample's measure makes too), and the level is ruled out at the price of that
  /// frame's layout, where every frame would be sketched and their union laid out.
  private mutating func lastFrameOverflows(_ level: FoldLevel, layingOut: Bool) throws(RenderError) -> Bool {
    guard let last = sample.last else { return false }
    let sketches = FrameSketches([last], level: level, pinned: movingColumns, themes: [themes[0]])
    let bounds = try StableLayout.overflowBounds(
      frames: sketches.graphs(theme: 0), context: context, maximumHeight: heightLimit, maximumArea: areaLimit,
      known: known)
    if bounds.isSure {
      FrameSearchCounts.levelsRuledOutByOneFrame += 1
      return true
    }
    guard layingOut || bounds.pageShare >= Self.closeShare, sketches.several.isEmpty else { return false }
    let layout = try alone.layout(
      of: sketches, frames: frameCount - 1..<frameCount, in: context, maximumHeight: heightLimit, headers: headerSizes)
    if let size = layout?.frameSize, budget.fits(width: size.width, height: size.height) { return false }
    FrameSearchCounts.levelsRuledOutByLastFrameLayout += 1
    // A frame too big laid out: the scenario is big (``unionOverflowed``).
    unionOverflowed = true
    return true
  }

  /// The share of a page a frame's or the first frames' boxes take, by the bounds that rule a
  /// union out (``StableLayout/overflowBounds(frames:context:maximumHeight:maximumArea:known:)``),
  /// from which they are laid out to be tried before every frame is sketched: half a page. (The
  /// samples' last frames take at most a fifth unfolded; journal-app's, which fits no page
  /// unfolded, more than three quarters.)
  static var closeShare: Double { 0.5 }

  /// Frames the search laid out apart from the others (the last frame alone, the first frames), as
  /// the search for runs lays out a run (``StableRunSearch``), by frames and level: the controllers
  /// they pinned and their layout (nil when it was sure to be too tall), for the search for runs to
  /// take instead of laying them out again.
  var laidOutFrames: [LaidOutKey: (pinned: Set<String>, layout: StableLayout?)] {
    alone.laidOut.mapValues { ($0.pinned, $0.layout) }
  }

  struct LaidOutKey: Hashable {
    var frames: Range<Int>
    var level: FoldLevel
  }

  /// The frames laid out apart from the others (``laidOutFrames``), with their graphs: the same
  /// frames whose graphs another level drew the same take that level's layout.
  private let alone = FramesLaidOutAlone()

  private final class FramesLaidOutAlone {
    var laidOut: [LaidOutKey: (pinned: Set<String>, graphs: [GraphDescription], layout: StableLayout?)] = [:]

    /// The union of `sketches` (the frames `frames` at their level, first theme) laid out as the
    /// search for runs lays a run out; taken from another level where their graphs are the same.
    func layout(
      of sketches: FrameSketches, frames: Range<Int>, in context: GraphvizContext, maximumHeight: Double,
      headers: StableLayout.Measurements.KnownSizes?
    ) throws(RenderError) -> StableLayout? {
      let graphs = Array(sketches.graphs(theme: 0))
      let key = LaidOutKey(frames: frames, level: sketches.level)
      if let same = laidOut.first(where: { $0.key.frames == frames && $0.value.graphs == graphs }) {
        FrameSearchCounts.framesLaidOutAtAnotherLevel += 1
        laidOut[key] = (sketches.pinned, graphs, same.value.layout)
        return same.value.layout
      }
      let layout = try StableLayout(frames: graphs, context: context, maximumHeight: maximumHeight, headers: headers)
      laidOut[key] = (sketches.pinned, graphs, layout)
      return layout
    }
  }

  /// The sample's union at `level`: whether it fits the page, and whether it is comfortable.
  ///
  /// While the sample's union is laid out, a second core builds the frames' graphs at that level,
  /// the first ``FrameGraphs/chunksAheadOfReading`` chunks of them
  /// (``FrameGraphs/ahead(of:themes:level:pinned:)``): a comfortable sample is sketched whole next,
  /// and takes them (``builtAhead``).
  private mutating func measure(_ level: FoldLevel) throws(RenderError) -> (fits: Bool, isComfortable: Bool) {
    let sketches = try sketched(level, sampleOnly: true)
    builtAhead?.stop()
    builtAhead = FrameGraphs.ahead(
      of: diagrams(), themes: themes, level: level, pinned: movingColumns.union(samplePinned[level] ?? []))
    unionsLaidOut += 1
    guard
      let layout = try StableLayout(
        frames: sketches.graphs(theme: 0), context: context, maximumHeight: heightLimit, maximumArea: areaLimit,
        known: known, remembersHeaders: true)
    else { return (false, false) }
    let size = layout.frameSize
    if !budget.isComfortable(width: size.width, height: size.height) { unionOverflowed = true }
    return (
      budget.fits(width: size.width, height: size.height), budget.isComfortable(width: size.width, height: size.height)
    )
  }

  /// Every frame sketched at `level` and their union laid out.
  private mutating func whole(_ level: FoldLevel, layingOutFirst: Bool = false) throws(RenderError) -> Outcome {
    // Without a sample measured first, the frames sketched so far are measured as they add up:
    // once they are sure not to fit, no more are sketched. (Only below `stacks`, where no more
    // controllers are pinned on the way: a union with fewer pinned may be taller than the last.)
    let sketches =
      sampleIsWhole
      ? try sketched(level, sampleOnly: true, checking: level < .stacks, layingOutFirst: layingOutFirst)
      : skipsSample
        ? try sketched(level, checking: level < .stacks, layingOutFirst: layingOutFirst) : try sketched(level)
    // Kept for the search for runs to take their graphs from: every frame, or those sketched
    // before a cut.
    let isKept = frameCount <= Self.keptFrames && (sketches.isCut || sketches.count == frameCount)
    if isKept { sketchedLevels[level] = sketches }
    if sketches.isCut { return .overflows }
    // The first frames, pinning what all of them pin, did not fit: neither does the union.
    if let pinned = firstFramesOverflow, pinned == sketches.pinned { return .overflows }
    let layout: StableLayout?
    if let same = sameAsLaidOut(sketches) {
      layout = same
    } else {
      unionsLaidOut += 1
      layout = try StableLayout(
        frames: sketches.graphs(theme: 0), context: context, maximumHeight: heightLimit, maximumArea: areaLimit,
        known: known, headers: headerSizes)
    }
    if isKept { wholeLayouts[level] = .some(layout) }
    guard let layout else { return .overflows }
    let size = layout.frameSize
    if !budget.isComfortable(width: size.width, height: size.height) { unionOverflowed = true }
    let run = run(level, sketches, layout)
    if budget.isComfortable(width: size.width, height: size.height) { return .comfortable(run) }
    return budget.fits(width: size.width, height: size.height) ? .fits(run) : .overflows
  }

  /// The layout of the union of every frame at a level laid out before whose frames' graphs are
  /// those of `sketches` (a level that folds nothing more in any frame): the same graphs lay out
  /// the same. `.some(nil)` when that union was sure not to fit; nil when no level had these graphs.
  private func sameAsLaidOut(_ sketches: FrameSketches) -> StableLayout?? {
    for (level, layout) in wholeLayouts where level != sketches.level {
      guard let other = sketchedLevels[level], other.count == sketches.count,
        (0..<sketches.count).allSatisfy({ other.graph(frame: $0, theme: 0) == sketches.graph(frame: $0, theme: 0) })
      else { continue }
      FrameSearchCounts.unionsLaidOutAtAnotherLevel += 1
      return .some(layout)
    }
    return nil
  }

  /// The frames sketched at `level`, every one of them (read again) or, with `sampleOnly`, the
  /// sample's, with the controllers drawn at several places pinned (see
  /// ``ScenarioLayout/controllersWithSeveralPlaces(in:level:)``): the pinned ones the sample
  /// found first, then the others, sketched again when there are any.
  ///
  /// With `checking`, the frames sketched so far are measured as they add up, and the sketching
  /// stops (``FrameSketches/isCut``) once they are sure not to fit
  /// (``StableLayout/overflowBounds(frames:context:maximumHeight:maximumArea:known:)``).
  ///
  /// With `layingOutFirst` too (the scenario is big: a union of its frames overflowed), or when
  /// their boxes take half a page (``closeShare``), the first frames sketched (8), when they might
  /// fit, are laid out together, as the search for runs lays
  /// out its first run (``laidOutFrames``), unless some of them pin controllers: when they do not fit
  /// the page, no union holding them does (``firstFramesOverflow``). Past level `all`, the sketching
  /// then stops: the search for runs goes past `all` only for a frame that fits no page above, and
  /// needs few of its frames' graphs there; up to `all`, the frames are all sketched, for the
  /// search for runs to take their graphs from.
  private mutating func sketched(
    _ level: FoldLevel, sampleOnly: Bool = false, checking: Bool = false, layingOutFirst: Bool = false
  ) throws(RenderError) -> FrameSketches {
    var pinned = movingColumns.union(samplePinned[level] ?? [])
    let (context, heightLimit, areaLimit, known) = (context, heightLimit, areaLimit, known)
    let (budget, frameCount, headerSizes, alone) = (budget, frameCount, headerSizes, alone)
    var firstFrames: (pinned: Set<String>, fit: Bool)?
    /// The frames sketched so far, measured as they add up (each once, whenever it is asked).
    var checked = StableLayout.GrowingUnion(context: context, known: known)
    func overflows(_ sketches: FrameSketches) throws(RenderError) -> Bool {
      var isClose = false
      if checking {
        let bounds = try checked.overflowBounds(
          adding: sketches.graphs(theme: 0, frames: checked.count..<sketches.count), maximumHeight: heightLimit,
          maximumArea: areaLimit)
        if bounds.isSure { return true }
        isClose = bounds.pageShare >= Self.closeShare
      }
      // Only the first frames (the first time it is asked): a level they fit is likely to fit.
      guard layingOutFirst || isClose, firstFrames == nil, sketches.count < frameCount, sketches.several.isEmpty
      else { return false }
      let layout = try alone.layout(
        of: sketches, frames: 0..<sketches.count, in: context, maximumHeight: heightLimit, headers: headerSizes)
      let fit = layout.map { budget.fits(width: $0.frameSize.width, height: $0.frameSize.height) } ?? false
      firstFrames = (sketches.pinned, fit)
      return !fit && level > .all
    }
    defer {
      firstFramesOverflow = firstFrames.map { !$0.fit ? $0.pinned : nil } ?? nil
      if firstFramesOverflow != nil { FrameSearchCounts.levelsRuledOutByFirstFramesLayout += 1 }
    }
    while true {
      let sketches: FrameSketches
      if !sampleOnly {
        sketches = try sketchedMeasuring(
          level, pinned: pinned, checking: checking || layingOutFirst, givingUpWhen: overflows)
      } else {
        sketches = try FrameSketches(
          sample, level: level, pinned: pinned, themes: themes, keepingPlaces: frameCount <= Self.keptFrames,
          givingUpWhen: overflows)
      }
      if !sampleOnly { sketchingPasses += 1 }
      FrameSearchCounts.framesSketched[level, default: 0] += sketches.count
      if sketches.isCut {
        FrameSearchCounts.sketchingCut += 1
        return sketches
      }
      // Below `stacks`, no two frames draw a controller at two places but a moving column.
      guard level >= .stacks, !sketches.several.isSubset(of: pinned) else {
        if sampleOnly { samplePinned[level] = pinned }
        return sketches
      }
      pinned.formUnion(sketches.several)
      // Sketched again, pinning more: its frames' union starts again.
      checked = StableLayout.GrowingUnion(context: context, known: known)
    }
  }

  /// A union taller than a page is sure to be is not laid out (there are other levels to try).
  private var heightLimit: Double { budget.maximumPixels * 72 / PageBudget.pixelsPerInch }

  /// A union whose boxes cover more than a page holds, in square points, is not laid out.
  private var areaLimit: Double {
    PageBudget.points(pixels: budget.maximumWidth) * PageBudget.points(pixels: budget.maximumHeight)
  }

  private func run(_ level: FoldLevel, _ sketches: FrameSketches, _ layout: StableLayout?) -> ScenarioLayout.Run {
    ScenarioLayout.Run(
      frames: 0..<frameCount, level: level, pinned: sketches.pinned, layouts: layout.map { [$0] } ?? [],
      sketches: sketches)
  }

  /// `run` laid out in the other themes too.
  private func completed(_ run: ScenarioLayout.Run) throws(RenderError) -> ScenarioLayout.Run {
    var run = run
    guard let sketches = run.sketches else { return run }
    for theme in themes.indices.dropFirst() {
      if let layout = try StableLayout(frames: sketches.graphs(theme: theme), context: context) {
        run.layouts.append(layout)
      }
    }
    return run
  }
}

/// What the searches for scenarios' stable layouts did, over all of them (for tests).
enum FrameSearchCounts {
  /// Levels ruled out by one frame that does not fit alone (``SketchedSearch``).
  nonisolated(unsafe) static var levelsRuledOutByOneFrame = 0
  /// Levels ruled out by the last frame laid out alone, past a level turned down (``SketchedSearch``).
  nonisolated(unsafe) static var levelsRuledOutByLastFrameLayout = 0
  /// Sketchings given up before the last frame, sure not to fit (``FrameSketches/isCut``).
  nonisolated(unsafe) static var sketchingCut = 0
  /// Levels ruled out by the first frames laid out together, their union not laid out.
  nonisolated(unsafe) static var levelsRuledOutByFirstFramesLayout = 0
  /// Frames laid out apart (the last alone, the first ones) that took another level's layout.
  nonisolated(unsafe) static var framesLaidOutAtAnotherLevel = 0
  /// Frames sketched to be laid out together (all of a scenario's, or its sample), by level.
  nonisolated(unsafe) static var framesSketched: [FoldLevel: Int] = [:]
  /// Frames' graphs the search for runs built from their diagrams, not taken from sketches.
  nonisolated(unsafe) static var graphsBuiltForRuns = 0
  /// Frames' places the search for runs found from their diagrams' plans.
  nonisolated(unsafe) static var placesFoundForRuns = 0
  /// Runs the search for runs did not lay out, sure not to fit: a shorter run from the same frame
  /// at the same level does not.
  nonisolated(unsafe) static var runsKnownToOverflow = 0
  /// Runs the search for runs took from their layout at another level, their frames' graphs the
  /// same at both.
  nonisolated(unsafe) static var runsLaidOutAtAnotherLevel = 0
  /// Runs the search for runs took from the search for one layout, which laid them out already.
  nonisolated(unsafe) static var runsLaidOutBefore = 0
  /// Unions of every frame the search for one layout took from another level's, their frames'
  /// graphs the same at both.
  nonisolated(unsafe) static var unionsLaidOutAtAnotherLevel = 0
}
