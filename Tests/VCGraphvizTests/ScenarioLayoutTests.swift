import Foundation
import Testing
import VCGraph

@testable import VCGraphviz

/// The stable layout handed from one process to another.
@Suite struct ScenarioLayoutTests {
  /// A layout that went through JSON (from the worker that computed it to the others) draws the
  /// same bytes as the one computed where it is drawn.
  @Test func aLayoutReadFromAnotherProcessDrawsTheSameFrames() throws {
    let replay = try sampleReplay("tab-bar.yaml")
    try withRenderer { renderer in
      let options = DrawingOptions(themes: [.light, .dark])
      let computed = try renderer.stableLayout(of: ReplayedScenario(replay), options: options)
      let read = try JSONDecoder().decode(ScenarioLayout.self, from: try JSONEncoder().encode(computed))
      func frames(_ layout: ScenarioLayout?) throws -> [Data] {
        var files: [Data] = []
        try renderer.renderFrames(
          of: ReplayedScenario(replay), formats: [.svg, .dot], options: options, steps: [2, 5, 8],
          stableLayout: layout
        ) { frame in files += frame.files.map(\.contents) }
        return files
      }
      let own = try frames(nil)
      #expect(own.count == 12)
      #expect(try frames(read) == own)
      #expect(try frames(computed) == own)
    }
  }

  /// A scenario too big for one layout is laid out in runs; every frame still has one size (the
  /// biggest run's), so pages and the animation do not jump where a run ends (issue 24, item 11).
  @Test func framesLaidOutInSeveralRunsAllHaveOneSize() throws {
    let replay = try sampleReplay("navigation.yaml")
    try withRenderer { renderer in
      // A page too small for any two of the six steps together: each is a run of its own.
      let options = DrawingOptions(
        // 200 px on either side at the most: a page 125 px wide, no longer than wide.
        pageBudget: PageBudget(pageWidth: 125, maximumAspectRatio: 1))
      let layout = try renderer.stableLayout(of: ReplayedScenario(replay), options: options)
      try #require(layout.runs.count > 1)
      var sizes: Set<String> = []
      try renderer.renderFrames(of: ReplayedScenario(replay), formats: [.svg], options: options, stableLayout: layout) {
        frame in
        for file in frame.files {
          let svg = String(decoding: file.contents, as: UTF8.self)
          let size = try #require(svg.firstRange(of: #/<svg width="[^"]*" height="[^"]*"/#))
          sizes.insert(String(svg[size]))
        }
      }
      #expect(sizes.count == 1, "\(layout.runs.count) runs: \(sizes)")
    }
  }

  /// A scenario laid out in runs is sketched run by run: its frames are drawn from the sketches
  /// (pieces, no replay) and come out as the frames drawn from each run's diagrams made again.
  @Test func framesLaidOutInRunsAreDrawnFromSketchesAsFromTheirDiagrams() throws {
    let replay = try sampleReplay("journal-app.yaml")
    try withRenderer { renderer in
      let options = DrawingOptions(themes: [.light, .dark])
      let layout = try renderer.stableLayout(of: ReplayedScenario(replay), options: options)
      try #require(layout.runs.count > 1, "journal-app fits no page in one run")
      #expect(layout.isSketched)
      #expect(layout.runs.allSatisfy { $0.sketches?.count == $0.frames.count })
      var unsketched = layout
      for index in unsketched.runs.indices { unsketched.runs[index].sketches = nil }
      #expect(!unsketched.isSketched)
      func frames(_ layout: ScenarioLayout) throws -> [Data] {
        var files: [Data] = []
        try renderer.renderFrames(
          of: ReplayedScenario(replay), formats: [.svg, .dot], options: options, stableLayout: layout
        ) { frame in files += frame.files.map(\.contents) }
        return files
      }
      let sketched = try frames(layout)
      #expect(sketched.count == 4 * replay.scenario.steps.count)
      #expect(try frames(unsketched) == sketched)
    }
  }

  /// When no level fits every frame, the search for runs takes each frame's graph from the
  /// sketches the whole search made at that level (journal-app pins no controller): every frame's,
  /// or the first frames' at a level it gave up early, building only the others. All together,
  /// fewer frames' graphs are made than every frame at every level; a frame's places are taken
  /// from its sketch, or found once a level, however many runs the search tries.
  @Test func theRunSearchTakesGraphsFromTheSketchesOfEveryFrame() throws {
    let replay = try sampleReplay("journal-app.yaml")
    try withRenderer { renderer in
      let built = FrameSearchCounts.graphsBuiltForRuns
      let sketched = FrameSearchCounts.framesSketched.values.reduce(0, +)
      let placed = FrameSearchCounts.placesFoundForRuns
      let layout = try renderer.stableLayout(of: ReplayedScenario(replay), options: DrawingOptions())
      try #require(layout.runs.count > 1, "journal-app fits no page in one run")
      let levels = DrawingOptions().folding.levels
      let made =
        (FrameSearchCounts.graphsBuiltForRuns - built)
        + (FrameSearchCounts.framesSketched.values.reduce(0, +) - sketched)
      // Sketching every frame at every level, as the whole search did, made 7 × 26.
      #expect(made < levels.count * replay.frames.count)
      #expect(FrameSearchCounts.graphsBuiltForRuns - built < levels.count * replay.frames.count / 2)
      // Where a frame draws its controllers at a level comes with its sketch there: a frame is
      // planned for it only at a level it was not sketched at (it was at every level ≥ `stacks`: 63).
      #expect(FrameSearchCounts.placesFoundForRuns - placed < replay.frames.count)
      #expect(layout.runs.allSatisfy { $0.sketches?.count == $0.frames.count })
    }
  }

  /// Frames taken from sketches share the storage of a node drawn the same: their union looks a
  /// node up when it changes, not in every frame that draws it, and comes out as the union of the
  /// same frames' graphs built afresh.
  @Test func aUnionOfSketchedFramesLooksANodeUpOnlyWhenItChanges() throws {
    let replay = try sampleReplay("tab-bar.yaml")
    try withRenderer { renderer in
      let diagrams = Array(Diagram.frames(of: replay))
      let sketches = FrameSketches(diagrams, level: .runs, pinned: [], themes: [.light])
      // A node changes where its place's piece is not the one it had in the frame before.
      var appearances = 0
      var changes = 0
      var lastPiece: [String: Int32] = [:]
      for frame in 0..<sketches.count {
        let nodes = sketches.graph(frame: frame, theme: 0).nodes
        for (node, piece) in zip(nodes, sketches.frames[frame].graphs[0].nodes) {
          appearances += 1
          if lastPiece.updateValue(piece, forKey: node.place) != piece { changes += 1 }
        }
      }
      let before = StableLayout.Measurements.nodeLookups
      let sketched = try #require(try StableLayout(frames: sketches.graphs(theme: 0), context: renderer.context))
      let lookups = StableLayout.Measurements.nodeLookups - before
      #expect(lookups == changes)
      #expect(changes < appearances)
      let built = diagrams.map { diagram in
        var light = diagram
        light.theme = .light
        return light.graph(level: .runs, pinned: [])
      }
      let afresh = try #require(try StableLayout(frames: built, context: renderer.context))
      #expect(StableLayout.Measurements.nodeLookups - before - lookups == appearances)
      #expect(sketched.frameSize == afresh.frameSize)
      for (frame, graph) in built.enumerated() {
        // Two layouts of the same frames may list an edge's `pos` and `lp` in either order.
        #expect(
          Self.sortingAttributes(sketched.positioned(graph, frame: frame))
            == Self.sortingAttributes(afresh.positioned(graph, frame: frame)), "frame \(frame)")
      }
    }
  }

  /// `graph` with the attributes of each node and edge in the order of their names.
  static func sortingAttributes(_ graph: GraphDescription) -> GraphDescription {
    var sorted = graph
    for index in sorted.nodes.indices { sorted.nodes[index].attributes.sort { $0.name < $1.name } }
    for index in sorted.edges.indices { sorted.edges[index].attributes.sort { $0.name < $1.name } }
    return sorted
  }

  /// The boxes a stable layout measured are known to the next layout in the same context (the
  /// runs and fold levels a scenario tries, the next scenario): it measures only its frames' headers.
  @Test func aSecondLayoutMeasuresOnlyItsHeaders() throws {
    let replay = try sampleReplay("tab-bar.yaml")
    try withRenderer { renderer in
      let options = DrawingOptions(folding: Folding(mode: .none))
      let start = renderer.context.measuredVariants
      let first = try renderer.stableLayout(of: ReplayedScenario(replay), options: options)
      let afterFirst = renderer.context.measuredVariants
      let second = try renderer.stableLayout(of: ReplayedScenario(replay), options: options)
      let measuredAgain = renderer.context.measuredVariants - afterFirst
      #expect(afterFirst - start > replay.scenario.steps.count, "boxes and headers measured")
      #expect(measuredAgain <= replay.scenario.steps.count, "\(measuredAgain) measured again")
      func frames(_ layout: ScenarioLayout) throws -> [Data] {
        var files: [Data] = []
        try renderer.renderFrames(
          of: ReplayedScenario(replay), formats: [.svg], options: options, steps: [1, 4, 7], stableLayout: layout
        ) { frame in files += frame.files.map(\.contents) }
        return files
      }
      #expect(try frames(second) == frames(first), "the same layout from sizes measured before")
    }
  }

  /// A tab bar whose first stack pushes and pops its screens again and again: each push is a new
  /// instance, so the frames draw ever new boxes of the same controllers.
  static let pushesAndPops: String = {
    var lines = [
      "controllers:", "  tabs: UITabBarController", "  nav: UINavigationController", "  other: UINavigationController",
      "  root: { class: RootViewController, title: Root }", "  more: { class: MoreViewController, title: More }",
      "  a: { class: AViewController, title: A }", "  b: { class: BViewController, title: B }", "steps:",
      "  - setViewControllers: [root]", "    on: nav", "  - setViewControllers: [more]", "    on: other",
      "  - setTabs: [nav, other]", "    on: tabs", "  - setRoot: tabs",
    ]
    for _ in 0..<4 {
      lines += ["  - push: a", "    on: nav", "  - push: b", "    on: nav", "  - pop: nav", "  - pop: nav"]
    }
    return lines.joined(separator: "\n") + "\n"
  }()

  /// A frame drawn from pieces is the bytes Graphviz draws for the whole placed frame, and a
  /// piece is dropped after the last frame that draws it: what a drawing keeps follows what the
  /// frames still to come draw, not how many frames were drawn (issue 26).
  @Test func piecesAreDroppedAfterTheLastFrameThatDrawsThem() throws {
    let replay = try replay(Self.pushesAndPops)
    try withRenderer { renderer in
      let layout = try renderer.stableLayout(of: ReplayedScenario(replay), options: DrawingOptions())
      let run = try #require(layout.runs.first)
      let sketches = try #require(run.sketches)
      let frames = sketches.frames.map { ($0.graphs[0].nodes, $0.graphs[0].edges) }
      let drawing = PieceDrawing(frames: PieceDrawing.Frames(frames.map { (nodes: $0.0, edges: $0.1) }))
      for index in frames.indices {
        let placement = run.layouts[0].placement(of: sketches.graph(frame: index, theme: 0), frame: index)
        let svg = try drawing.svg(
          of: placement, index: index, nodeNumbers: frames[index].0, edgeNumbers: frames[index].1,
          legendSize: { legend, font throws(RenderError) in try renderer.context.legendSize(legend, font: font) },
          draw: Self.drawnHere(renderer))
        #expect(svg == (try renderer.render(placement.positioned, formats: [.svg])[.svg]), "frame \(index + 1)")
        // Kept: only nodes drawn so far that a later frame draws again, and edges.
        let later = Set(frames[(index + 1)...].flatMap(\.0))
        let drawn = Set(frames[...index].flatMap(\.0))
        let edges = Set(frames[...index].flatMap(\.1)).intersection(frames[(index + 1)...].flatMap(\.1))
        #expect(drawing.keptPieces <= drawn.intersection(later).count + 2 * edges.count, "frame \(index + 1)")
      }
      #expect(drawing.wholeFrames == 0)
      // No frame after it given: each frame's header is drawn as a node of a graph of its own.
      #expect(drawing.piecedFrames + drawing.aheadFrames == frames.count)
      // Every header drawn with its legend stood in for; each legend drawn once (the first frame's
      // has no rows for the changes).
      #expect(drawing.standInHeaders == frames.count)
      let legends = Set(
        frames.indices.compactMap { index in
          sketches.graph(frame: index, theme: 0).attributes.last { $0.name == "label" }
            .flatMap { LegendStandIn.split($0.value) }.map { String($0.legend) }
        })
      #expect(legends.count == 2)
      #expect(drawing.drawnLegends == legends.count)
      #expect(sketches.distinctNodes > 12)
      #expect(drawing.droppedPieces == drawing.drawnPieces)
      #expect(drawing.keptPieces == 0)
    }
  }

  /// Draws a graph of pieces as the renderer does: here, telling where its labels went.
  static func drawnHere(_ renderer: Renderer) -> PieceDrawing.Draw {
    { piece, labels throws(RenderError) in
      let drawn = try renderer.context.inspectedSVG(piece, nodeLabels: labels)
      return .init(svg: drawn.svg, label: drawn.label, nodeLabels: drawn.nodeLabels)
    }
  }

  /// Every frame of `replay`'s stable layout drawn by one drawing, as the renderer draws them (the
  /// frames after each given, `changing` each frame's graph first), each checked against the bytes
  /// Graphviz draws for the whole placed frame; the drawing, once done.
  private func drawnAhead(
    _ replay: Replay, in renderer: Renderer, changing change: (inout GraphDescription) -> Void = { _ in }
  ) throws -> PieceDrawing {
    let layout = try renderer.stableLayout(of: ReplayedScenario(replay), options: DrawingOptions())
    let run = try #require(layout.runs.first)
    let sketches = try #require(run.sketches)
    let frames = sketches.frames.map { (nodes: $0.graphs[0].nodes, edges: $0.graphs[0].edges) }
    func placement(_ index: Int) -> StableLayout.Placement {
      var graph = sketches.graph(frame: index, theme: 0)
      change(&graph)
      return run.layouts[0].placement(of: graph, frame: index)
    }
    let drawing = PieceDrawing(frames: PieceDrawing.Frames(frames))
    for index in frames.indices {
      let svg = try drawing.svg(
        of: placement(index), index: index, nodeNumbers: frames[index].nodes, edgeNumbers: frames[index].edges,
        legendSize: { legend, font throws(RenderError) in try renderer.context.legendSize(legend, font: font) },
        draw: Self.drawnHere(renderer)
      ) { next in
        PieceDrawing.Upcoming(
          placement: placement(next), nodeNumbers: frames[next].nodes, edgeNumbers: frames[next].edges)
      }
      #expect(svg == (try renderer.render(placement(index).positioned, formats: [.svg])[.svg]), "frame \(index + 1)")
    }
    #expect(drawing.wholeFrames == 0)
    #expect(drawing.piecedFrames + drawing.aheadFrames == frames.count)
    #expect(drawing.droppedPieces == drawing.drawnPieces)
    #expect(drawing.keptPieces == 0)
    return drawing
  }

  /// Given the frames after each, a drawing draws what a few dozen frames have new in a few graphs:
  /// their new boxes and edges, and their headers, each as a node where Graphviz puts the graph's
  /// label. Every frame is still the bytes Graphviz draws for it whole (issue 26).
  @Test func theFramesAfterOneAreDrawnAheadInAFewGraphs() throws {
    try withRenderer { renderer in
      let replay = try replay(Self.pushesAndPops)
      let drawing = try drawnAhead(replay, in: renderer)
      #expect(drawing.drawsHeadersAhead == true)
      // The first four frames each draw clusters no frame drew before (the stacks, the tab bar,
      // the window): they are drawn on their own, the first one's header as the graph's label,
      // which the headers drawn as nodes are compared with.
      #expect(drawing.piecedFrames == 4)
      // The 16 pushes and pops after them, in one graph: every push and pop draws new boxes of
      // the same controllers (the stack, the screen pushed), each in under a name of its own.
      #expect(drawing.aheadFrames == 16)
      #expect(drawing.graphsAhead == 1)
    }
  }

  /// Where a header drawn as a node does not come out as the graph's label does (here, the boxes
  /// say a tooltip, which Graphviz writes around a node's label as a link), headers are drawn as
  /// the graph's labels, a frame at a time: every frame is the bytes Graphviz draws for it whole.
  @Test func headersAreDrawnAsGraphLabelsWhereANodeDrawsThemOtherwise() throws {
    try withRenderer { renderer in
      let drawing = try drawnAhead(try replay(Self.pushesAndPops), in: renderer) { graph in
        graph.nodeDefaults.append(.init("tooltip", "a box"))
      }
      #expect(drawing.drawsHeadersAhead == false)
      #expect(drawing.aheadFrames == 0)
      #expect(drawing.graphsAhead == 1)
    }
  }

  /// A level whose last frame alone cannot fit the page (a wide hierarchy drawn unfolded) is ruled
  /// out before every frame is sketched at it: what that costs does not grow with the number of
  /// frames (issue 26).
  @Test func aLevelWhoseLastFrameCannotFitIsRuledOutByThatFrame() throws {
    let replay = try replay(wideHierarchy(screens: 160, pushPops: 4))
    try withRenderer { renderer in
      let ruledOut = FrameSearchCounts.levelsRuledOutByOneFrame
      let unfolded = FrameSearchCounts.framesSketched[.none] ?? 0
      let layout = try renderer.stableLayout(of: ReplayedScenario(replay), options: DrawingOptions())
      let run = try #require(layout.runs.first)
      #expect(layout.runs.count == 1)
      #expect(run.level > .none)
      #expect(FrameSearchCounts.levelsRuledOutByOneFrame - ruledOut == 1)
      // Unfolded, no frame is sketched to be laid out with the others (without the check, all 11 are).
      #expect((FrameSearchCounts.framesSketched[.none] ?? 0) - unfolded == 0)
      #expect((FrameSearchCounts.framesSketched[run.level] ?? 0) >= replay.frames.count)
    }
  }

  /// Without a sample measured first (no more frames than the sample), the frames sketched at a
  /// level are measured as they add up, 8, 16, 32…: once they are sure not to fit together, the
  /// level is given up without sketching the others (issue 26).
  @Test func aLevelTheFirstFramesOverflowIsGivenUpAfterThem() throws {
    let replay = try replay(wideHierarchy(screens: 160, pushPops: 30))
    try withRenderer { renderer in
      let cut = FrameSearchCounts.sketchingCut
      let runs = FrameSearchCounts.framesSketched[.runs] ?? 0
      let layout = try renderer.stableLayout(of: ReplayedScenario(replay), options: DrawingOptions())
      #expect(try #require(layout.runs.first).level > .runs)
      #expect(FrameSearchCounts.sketchingCut - cut == 1)
      #expect((FrameSearchCounts.framesSketched[.runs] ?? 0) - runs < replay.frames.count)
    }
  }

  /// A big hierarchy's scenario of not many more frames than the sample measures no sample: its
  /// sample's frames would each be planned whole, at the cost of the hierarchy's size, where every
  /// frame planned in order costs what its step changed. Every frame is sketched once at the level
  /// kept (a sample sketched first would make it more), and the frames are those a sample's search
  /// draws: the smaller hierarchy of the same steps, above the threshold, is measured by a sample.
  @Test func aBigHierarchyOfNotManyMoreFramesThanTheSampleSketchesEveryFrameOnce() throws {
    for (screens, skips) in [(400, true), (120, false)] {
      let replay = try replay(wideHierarchy(screens: screens, pushPops: 60))
      let members = try #require(replay.frames.last).hierarchy.members.count
      try #require(replay.frames.count > SketchedSearch<[Diagram]>.sampleSize)
      #expect((replay.frames.count <= SketchedSearch<[Diagram]>.sampleSize * members / 200) == skips)
      try withRenderer { renderer in
        let before = FrameSearchCounts.framesSketched
        let layout = try renderer.stableLayout(of: ReplayedScenario(replay), options: DrawingOptions())
        let run = try #require(layout.runs.first)
        #expect(layout.runs.count == 1)
        let sketched = (FrameSearchCounts.framesSketched[run.level] ?? 0) - (before[run.level] ?? 0)
        #expect(
          (sketched == replay.frames.count) == skips, "\(screens) screens: \(sketched) frames sketched at \(run.level)")
        // The frames drawn are those of the layout's sketches, each frame's own.
        let sketches = try #require(run.sketches)
        #expect(sketches.count == replay.frames.count)
      }
    }
  }

  /// A scenario of more frames than the sample is measured twice, its sample and then every
  /// frame; the second union takes the sizes the first measured, the sample frames' headers
  /// among them: each frame's header is measured once (issue 26).
  @Test func theWholeUnionTakesTheSizesTheSampleMeasured() throws {
    var yaml = Self.pushesAndPops
    for _ in 0..<12 { yaml += "  - push: a\n    on: nav\n  - push: b\n    on: nav\n  - pop: nav\n  - pop: nav\n" }
    let replay = try replay(yaml)
    try #require(replay.frames.count > SketchedSearch<[Diagram]>.sampleSize)
    try withRenderer { renderer in
      let measured = StableLayout.Measurements.measuredHeaders
      let layout = try renderer.stableLayout(of: ReplayedScenario(replay), options: DrawingOptions())
      #expect(try #require(layout.runs.first).level == .none)
      #expect(StableLayout.Measurements.measuredHeaders - measured == replay.frames.count)
    }
  }
}

/// What the searches for a scenario's stable layout lay out when no level fits every frame: no
/// union whose answer the search knows already, and each frame's header measured once (issue 26).
@Suite struct RunSearchCountTests {
  /// The counters these tests read, before a layout.
  struct Counts {
    var unions = StableLayout.unionsLaidOut
    var headers = StableLayout.Measurements.measuredHeaders
    var knownToOverflow = FrameSearchCounts.runsKnownToOverflow
    var atAnotherLevel = FrameSearchCounts.runsLaidOutAtAnotherLevel
    var ruledOutByLastFrame = FrameSearchCounts.levelsRuledOutByLastFrameLayout
    var ruledOutByFirstFrames = FrameSearchCounts.levelsRuledOutByFirstFramesLayout
    var alone = FrameSearchCounts.framesLaidOutAtAnotherLevel
    var laidOutBefore = FrameSearchCounts.runsLaidOutBefore

    /// What changed since `self`.
    var since: Counts {
      var now = Counts()
      now.unions -= unions
      now.headers -= headers
      now.knownToOverflow -= knownToOverflow
      now.atAnotherLevel -= atAnotherLevel
      now.ruledOutByLastFrame -= ruledOutByLastFrame
      now.ruledOutByFirstFrames -= ruledOutByFirstFrames
      now.alone -= alone
      now.laidOutBefore -= laidOutBefore
      return now
    }
  }

  /// journal-app (26 frames) fits no page at any level: the runs are those laying out every union
  /// chose (main at fde8e86), found with 36 unions laid out where that search laid out 52.
  @Test func journalAppFindsItsRunsWithFewerUnions() throws {
    let replay = try sampleReplay("journal-app.yaml")
    try withRenderer { renderer in
      let before = Counts()
      let layout = try renderer.stableLayout(of: ReplayedScenario(replay), options: DrawingOptions())
      let counts = before.since
      #expect(
        layout.runs.map { "\($0.frames) \($0.level)" } == [
          "0..<6 none", "6..<12 subtrees", "12..<24 subtrees", "24..<25 fewest", "25..<26 subtrees",
        ])
      #expect(counts.unions <= 36, "\(counts.unions) unions laid out")
      // A run ending past one that overflowed, a run whose graphs another level drew the same, a run
      // of the last frame or of the first frames the search for one layout laid out: none laid out.
      #expect(counts.knownToOverflow > 0)
      #expect(counts.atAnotherLevel > 0)
      #expect(counts.laidOutBefore > 0)
      // The last frame's boxes take three quarters of a page unfolded: laid out alone, it rules
      // `none` out, then `runs` and `stacks`; the first 8 frames the other levels (their union is
      // not laid out), taking their layout at `all` and past from `subtrees`, where their graphs
      // are the same.
      #expect(counts.ruledOutByLastFrame == 3)
      #expect(counts.ruledOutByFirstFrames == 4)
      #expect(counts.alone > 0)
      // Each header variant measured once, however many unions hold its frame (every union
      // measured its frames' headers: hundreds).
      #expect(counts.headers <= 2 * replay.frames.count, "\(counts.headers) headers measured")
    }
  }

  /// A scenario whose first level is ruled out by measures alone (a wide hierarchy drawn unfolded),
  /// and whose next levels fit, lays out one union: the search lays out frames alone or first frames
  /// only once a union of all of them overflowed.
  @Test func aScenarioThatFitsPastALevelRuledOutByMeasuresLaysOutOneUnion() throws {
    let replay = try replay(wideHierarchy(screens: 160, pushPops: 30))
    try withRenderer { renderer in
      let before = Counts()
      let layout = try renderer.stableLayout(of: ReplayedScenario(replay), options: DrawingOptions())
      #expect(layout.runs.count == 1)
      #expect(before.since.unions == 1)
    }
  }

  /// A long flow through a wide hierarchy on a narrow page (600 px) is laid out in runs: the
  /// search takes the runs another level draws the same from it, and measures each header once
  /// (the search that laid every union out, main at fde8e86, laid out 56 unions).
  @Test func aLongFlowOnANarrowPageLaysOutFewerUnions() throws {
    let replay = try replay(wideHierarchy(screens: 24, pushPops: 20))
    try withRenderer { renderer in
      let before = Counts()
      let layout = try renderer.stableLayout(
        of: ReplayedScenario(replay), options: DrawingOptions(pageBudget: PageBudget(pageWidth: 600)))
      let counts = before.since
      #expect(layout.runs.map { "\($0.frames) \($0.level)" }.suffix(2) == ["4..<5 fewest", "5..<26 subtrees"])
      #expect(counts.atAnotherLevel > 0)
      #expect(counts.unions <= 37, "\(counts.unions) unions laid out")
      #expect(counts.headers <= 2 * replay.frames.count, "\(counts.headers) headers measured")
    }
  }
}

extension RunSearchCountTests {
  /// A scenario that fits at its first level lays out its union alone: no frame's boxes take half a
  /// page, so neither the last frame nor the first frames are laid out apart.
  @Test func aScenarioThatFitsUnfoldedLaysOutOneUnion() throws {
    let replay = try sampleReplay("tab-bar.yaml")
    try withRenderer { renderer in
      let before = Counts()
      let layout = try renderer.stableLayout(of: ReplayedScenario(replay), options: DrawingOptions())
      #expect(layout.runs.count == 1)
      #expect(try #require(layout.runs.first).level == .none)
      #expect(before.since.unions == 1)
    }
  }
}
