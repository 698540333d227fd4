import Foundation
import Testing
import VCGraph
import VCGraphviz

/// The stable layout of a scenario's frames: one layout for every step, so a controller keeps its
/// place and every frame its size; and each frame marking what changed since the step before.
///
/// Positions are read back from the SVGs, as a reader sees them: the box of each node's shape.
@Suite struct StableLayoutTests {
  /// The SVG of every frame of a sample, in step order.
  static func frames(
    _ sample: String, layout: FrameLayout = .stable, showsEvents: Bool = false, folding: Folding = Folding()
  ) throws -> [SVGDocument] {
    let replay = try sampleReplay(sample)
    let rendered = try withRenderer {
      try $0.render(replay, formats: [.svg], showsEvents: showsEvents, layout: layout, folding: folding)
    }
    return try rendered.frames.map { try SVGDocument([UInt8]($0.contents)) }
  }

  // MARK: - Places and sizes

  /// Every controller keeps its place from frame to frame; a split view's column has a place as
  /// a column and another in the primary stack a collapse pushes it onto (so that the frames that
  /// expand the split view draw its columns side by side).
  @Test(arguments: sampleNames)
  func everyControllerKeepsItsPlaceAndEveryFrameItsSize(sample: String) throws {
    // Known: the journal app's frames do not fit 830 px together, and are laid out in runs (see
    // `LegibilityTests.expectReadable`).
    try withKnownIssue("frames laid out in runs at the 830-px page budget", isIntermittent: true) {
      try Self.placesStay(sample)
    } when: {
      sample == "journal-app.yaml"
    }
  }

  static func placesStay(_ sample: String) throws {
    let frames = try Self.frames(sample)
    let replay = try sampleReplay(sample)
    try #require(frames.count > 1)
    let first = try #require(frames.first)
    var places: [String: (step: Int, box: ShapeBox)] = [:]
    for (offset, frame) in frames.enumerated() {
      let step = offset + 1
      #expect(frame.root.attributes["width"] == first.root.attributes["width"], "\(sample) step \(step)")
      #expect(frame.root.attributes["height"] == first.root.attributes["height"], "\(sample) step \(step)")
      #expect(frame.root.attributes["viewBox"] == first.root.attributes["viewBox"], "\(sample) step \(step)")
      let hierarchy = replay.frames[offset].hierarchy
      for id in frame.drawnNodeIDs {
        let box = try #require(frame.shapeBox(ofNode: id), "\(sample) step \(step): \(id) has no shape")
        let parent = hierarchy[String(id.dropFirst("vc-".count))]?.parent.flatMap { hierarchy[$0] }
        let place = parent?.kind == .splitView ? id + " as a column" : id
        if let earlier = places[place] {
          #expect(
            box.isClose(to: earlier.box),
            "\(sample): \(id) is at \(box) in step \(step) but at \(earlier.box) in step \(earlier.step)")
        } else {
          places[place] = (step, box)
        }
      }
    }
    // The samples are flows: most controllers are on several frames, so the comparison above bites.
    #expect(places.count >= 3, "\(sample)")
  }

  @Test func perStepFramesAreLaidOutOneByOne() throws {
    let frames = try Self.frames("navigation.yaml", layout: .perStep)
    #expect(frames.count == 6)
    // Step 1 has two controllers and no window; step 4 has a window and four controllers.
    let small = try #require(frames[0].viewBoxSize)
    let large = try #require(frames[3].viewBoxSize)
    #expect(small.height < large.height)
    // They are marked all the same.
    #expect(try frames[2].text(ofNode: "vc-message").hasPrefix("+ ADDED"))
  }

  /// What each frame draws does not depend on the layout: the same nodes, edges and words; with
  /// the callbacks panel too, whose height changes from step to step, the frames have one size.
  /// (Folded at one level: with ``FoldMode/auto``, the stable layout's frames, as big as all the
  /// steps together, may fold more than a step laid out alone.)
  @Test(arguments: ["navigation.yaml", "sheet-swipe-to-dismiss.yaml", "split-view-adaptive.yaml"])
  func aStableFrameDrawsWhatThePerStepFrameDraws(sample: String) throws {
    for showsEvents in [false, true] {
      let folding = Folding(mode: .runs)
      let stable = try Self.frames(sample, showsEvents: showsEvents, folding: folding)
      let perStep = try Self.frames(sample, layout: .perStep, showsEvents: showsEvents, folding: folding)
      try #require(stable.count == perStep.count)
      let sizes = Set(stable.map { $0.root.attributes["viewBox"] ?? "none" })
      #expect(sizes.count == 1, "\(sample)\(showsEvents ? " with events" : ""): frames of sizes \(sizes)")
      for (offset, (frame, expected)) in zip(stable, perStep).enumerated() {
        let step = "\(sample) step \(offset + 1)\(showsEvents ? " with events" : "")"
        #expect(frame.drawnNodeIDs.sorted() == expected.drawnNodeIDs.sorted(), "\(step)")
        #expect(frame.groups(ofClass: "edge").count == expected.groups(ofClass: "edge").count, "\(step)")
        // Nothing left behind by the union: no other text, no stray title.
        #expect(frame.texts.sorted() == expected.texts.sorted(), "\(step)")
        #expect(frame.titles.subtracting(expected.titles) == ["cluster_extent"], "\(step)")
      }
    }
  }

  /// Frames that put the same controllers side by side in opposite orders (a tab that later
  /// becomes a split view's primary column, left of a tab that was before it): one layout cannot
  /// keep both, so the union drops the later order's edges that close a cycle. Graphviz 2.42's
  /// `dot` never returned from laying out a union with both orders; this flow (found by a random
  /// sweep) hung at every fold level but `none`.
  @Test func framesThatOrderSiblingsBothWaysLayOut() throws {
    let replay = try replay(
      """
      controllers:
        tab3: UITabBarController
        spl5: {class: App.MysplitView6, kind: splitView}
        c6: Detail7ViewController
        c10: App.Detail11ViewController
        c14: App.X15ViewController
        c16: Photo17ViewController
        c19: Detail20ViewController
        c20: App.Home21ViewController
        c21: App.X22ViewController
        c28: VeryLongDescriptiveNameForAReplyThread29ViewController
        c29: VeryLongDescriptiveNameForAReplyThread30ViewController
        c36: Editor37ViewController
        c37: Mod.Sub.Detail38ViewController
        c42: Mod.Sub.X43ViewController
        c47: App.X48ViewController
      steps:
      - setRoot: c10
      - {setRoot: c47, window: win1}
      - {present: c37, from: c10}
      - {present: tab3, from: c37}
      - {setTabs: [c16, c21, c36, c19, c14, c29], on: tab3}
      - {selectTab: 2, on: tab3}
      - {addChild: c20, to: c28}
      - dismiss: c37
      - {setSplit: {primary: c36, secondary: c16}, on: spl5}
      - {present: spl5, from: c47}
      - {setSplit: {primary: c6}, on: spl5}
      - {addChild: c42, to: c36}
      """)
    for mode in [FoldMode.auto, .none, .runs, .all] {
      let rendered = try withRenderer {
        try $0.render(replay, formats: [.svg], layout: .stable, folding: Folding(mode: mode))
      }
      let frames = try rendered.frames.map { try SVGDocument([UInt8]($0.contents)) }
      #expect(frames.count == 12, "--fold \(mode)")
      // One size for every frame (with auto, frames that do not fit 830 px together are laid out
      // in runs: see `LegibilityTests.expectReadable`).
      withKnownIssue("frames laid out in runs at the 830-px page budget", isIntermittent: true) {
        #expect(Set(frames.map { $0.root.attributes["viewBox"] ?? "" }).count == 1, "--fold \(mode)")
      } when: {
        mode == .auto
      }
    }
  }

  // MARK: - Frames of windows

  /// Each window's frame (and the "Not in a window" frame) holds the boxes drawn in it, and the
  /// frames of one step do not overlap, also when controllers move from one to another. The one
  /// exception: controllers set up outside any window where a later step puts them inside one are
  /// drawn where they will be, without the "Not in a window" frame, when it would overlap the window's.
  @Test(arguments: sampleNames)
  func clustersHoldTheirNodesAndDoNotOverlap(sample: String) throws {
    let replay = try sampleReplay(sample)
    // Folded at the rules' level whatever the size, as the graphs below are.
    let graphs = Diagram.frames(of: replay).map { diagram in
      var folded = diagram
      folded.folding = Folding(mode: .runs)
      return folded.graph
    }
    let frames = try Self.frames(sample, folding: Folding(mode: .runs))
    for (offset, (graph, frame)) in zip(graphs, frames).enumerated() {
      let step = "\(sample) step \(offset + 1)"
      var boxes: [ShapeBox] = []
      for cluster in graph.clusters {
        let id = try #require(cluster.attributes["id"])
        guard let box = frame.shapeBox(ofCluster: id) else {
          #expect(id == "frame-detached", "\(step): \(id) is not drawn")
          for node in graph.nodes where node.cluster == cluster.name {
            #expect(frame.shapeBox(ofNode: node.attributes["id"] ?? "") != nil, "\(step): \(node.name)")
          }
          continue
        }
        for node in graph.nodes where node.cluster == cluster.name {
          let nodeID = try #require(node.attributes["id"])
          let nodeBox = try #require(frame.shapeBox(ofNode: nodeID))
          #expect(box.contains(nodeBox), "\(step): \(nodeID) is outside \(id)")
        }
        for other in boxes { #expect(!box.intersects(other), "\(step): \(id) overlaps another frame") }
        boxes.append(box)
      }
    }
  }

  @Test func aWindowKeepsItsFrameWhileItsControllersStayInIt() throws {
    // tab-bar: steps 4 to 8 all happen in the main window.
    let frames = try Self.frames("tab-bar.yaml")
    let window = try (3..<8).map { try #require(frames[$0].shapeBox(ofCluster: "frame-window-main")) }
    #expect(window.allSatisfy { $0.isClose(to: window[0]) })
  }

  // MARK: - Marks

  @Test func eachStepMarksWhatChangedSinceTheStepBefore() throws {
    let frames = try Self.frames("navigation.yaml")
    // Step 1 is not compared with anything: no marks, no diff rows in the legend.
    #expect(!frames[0].texts.contains { $0.contains("ADDED") || $0.contains("CHANGED") || $0.contains("REMOVED") })
    // Step 3 pushes message: it and its edge are new, the inbox left the screen.
    #expect(try frames[2].text(ofNode: "vc-message").hasPrefix("+ ADDED"))
    #expect(try frames[2].text(ofNode: "vc-inbox").hasPrefix("~ CHANGED"))
    #expect(try frames[2].text(ofNode: "vc-inbox").contains("~ appeared → disappeared"))
    #expect(try !frames[2].text(ofNode: "vc-nav").contains("ADDED"))
    #expect(frames[2].edgeTexts.contains { $0.hasPrefix("+ ADDED") })
    #expect(try frames[2].text(ofNode: "vc-message").contains("stack[1] · top"))
    // Step 5 pops attachment: it is drawn, faded, where it was in step 4.
    #expect(try frames[4].text(ofNode: "vc-attachment").hasPrefix("− REMOVED"))
    let was = try #require(frames[3].shapeBox(ofNode: "vc-attachment"))
    let ghost = try #require(frames[4].shapeBox(ofNode: "vc-attachment"))
    #expect(ghost.isClose(to: was))
    // Step 6 pops to the root: attachment is gone for good, message is drawn removed.
    #expect(!frames[5].drawnNodeIDs.contains("vc-attachment"))
    #expect(try frames[5].text(ofNode: "vc-message").hasPrefix("− REMOVED"))
  }

  @Test func oneStepAloneIsTheSameFrameAsInTheWholeScenario() throws {
    let replay = try sampleReplay("tab-bar.yaml")
    let (whole, alone) = try withRenderer { renderer in
      (
        try renderer.render(replay, formats: [.svg, .dot]),
        try renderer.render(replay, formats: [.svg, .dot], onlyStep: 5)
      )
    }
    #expect(alone.frames.map(\.name) == ["05-push-post-on-feed.svg", "05-push-post-on-feed.dot"])
    for file in alone.frames {
      #expect(whole.frames.first { $0.name == file.name }?.contents == file.contents, "\(file.name)")
    }
    let svg = try SVGDocument([UInt8](try #require(alone.frames.first).contents))
    #expect(try svg.text(ofNode: "vc-post").hasPrefix("+ ADDED"), "compared with step 4")
  }

  // MARK: - DOT

  @Test(.enabled(if: hasDotProgram, "needs /usr/bin/dot (scripts/install-deps installs graphviz)"))
  func theDOTOfAStableFrameRedrawsTheSameFrame() throws {
    let replay = try sampleReplay("sheet-swipe-to-dismiss.yaml")
    let rendered = try withRenderer { try $0.render(replay, formats: [.svg, .dot], onlyStep: 5) }
    let svg = try SVGDocument([UInt8](try #require(rendered.frames.first { $0.name.hasSuffix(".svg") }).contents))
    let dot = [UInt8](try #require(rendered.frames.first { $0.name.hasSuffix(".dot") }).contents)
    #expect(String(decoding: dot, as: UTF8.self).contains("layout=nop2"))
    let run = try redrawWithDot(dot)
    #expect(run.status == 0, "\(run.errors)")
    let redrawn = try SVGDocument(run.svg)
    #expect(redrawn.viewBoxSize?.width == svg.viewBoxSize?.width)
    #expect(redrawn.viewBoxSize?.height == svg.viewBoxSize?.height)
    #expect(redrawn.drawnNodeIDs.sorted() == svg.drawnNodeIDs.sorted())
    for id in svg.drawnNodeIDs {
      let box = try #require(svg.shapeBox(ofNode: id))
      #expect(redrawn.shapeBox(ofNode: id).map { $0.isClose(to: box) } == true, "\(id)")
    }
  }
}

// MARK: - Geometry in an SVG

/// The bounding box of a shape's coordinates, in SVG units.
struct ShapeBox: CustomStringConvertible {
  var minX: Double
  var minY: Double
  var maxX: Double
  var maxY: Double

  /// The box around every `x,y` pair in a `points` or `d` attribute.
  init?(coordinates: String) {
    let pairs = coordinates.matches(of: #/(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/#).compactMap { match in
      Double(match.output.1).flatMap { x in Double(match.output.2).map { (x, $0) } }
    }
    guard !pairs.isEmpty else { return nil }
    minX = pairs.map(\.0).min()!
    maxX = pairs.map(\.0).max()!
    minY = pairs.map(\.1).min()!
    maxY = pairs.map(\.1).max()!
  }

  func isClose(to other: ShapeBox) -> Bool {
    abs(minX - other.minX) < 0.01 && abs(minY - other.minY) < 0.01 && abs(maxX - other.maxX) < 0.01
      && abs(maxY - other.maxY) < 0.01
  }

  func contains(_ other: ShapeBox) -> Bool {
    minX <= other.minX && minY <= other.minY && maxX >= other.maxX && maxY >= other.maxY
  }

  func intersects(_ other: ShapeBox) -> Bool {
    minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
  }

  var description: String { "(\(minX), \(minY))–(\(maxX), \(maxY))" }
}

extension SVGDocument {
  /// The `<g>` elements with this class among theirs (`node`, `edge`, `cluster`).
  func groups(ofClass kind: String) -> [ParsedElement] {
    root.allElements.filter { element in
      element.name == "g" && (element.attributes["class"] ?? "").split(separator: " ").contains { $0 == kind }
    }
  }

  /// The ids of the nodes drawn (`vc-nav`, `window-main`).
  var drawnNodeIDs: [String] { groups(ofClass: "node").compactMap { $0.attributes["id"] } }

  /// The box of the first shape (`path` or `polygon`) of the `<g>` of this class and id.
  private func shapeBox(ofGroup id: String, class kind: String) -> ShapeBox? {
    let group = groups(ofClass: kind).first { $0.attributes["id"] == id }
    let shape = group?.allElements.first { $0.name == "path" || $0.name == "polygon" }
    return (shape?.attributes["d"] ?? shape?.attributes["points"]).flatMap(ShapeBox.init(coordinates:))
  }

  /// Where the node with this id (`vc-nav`) is drawn.
  func shapeBox(ofNode id: String) -> ShapeBox? { shapeBox(ofGroup: id, class: "node") }

  /// Where the cluster with this id (`frame-window-main`) is drawn.
  func shapeBox(ofCluster id: String) -> ShapeBox? { shapeBox(ofGroup: id, class: "cluster") }

  /// The text a node draws, its lines joined with spaces.
  func text(ofNode id: String) throws -> String {
    let group = try #require(groups(ofClass: "node").first { $0.attributes["id"] == id }, "no node \(id)")
    return group.allElements.filter { $0.name == "text" }.map(\.allText).joined(separator: " ")
  }

  /// The text of each edge's label, its lines joined with spaces.
  var edgeTexts: [String] {
    groups(ofClass: "edge").map { edge in
      edge.allElements.filter { $0.name == "text" }.map(\.allText).joined(separator: " ")
    }
  }

  /// The `<title>` of every node, edge and cluster.
  var titles: Set<String> { Set(root.allElements.filter { $0.name == "title" }.map(\.allText)) }
}
