import Foundation
import TestSupport
import Testing
import VCGraph

@testable import VCGraphviz

/// Boxes measured on a second thread while the frames are sketched (``VariantMeasurer``): the
/// union laid out next measures none of them again, and comes out as if it had measured them.
@Suite struct VariantMeasurerTests {
  /// Every frame of a flow whose pushes add new boxes, sketched twice: with a measurer, and without.
  @Test func boxesMeasuredWhileSketchingAreNotMeasuredAgainByTheUnion() throws {
    let diagrams = Array(
      Diagram.frames(of: ReplayedScenario(try replay(SketchMemoryTests.flow(cycles: 12))), options: DrawingOptions()))
    func laidOut(
      measuringAhead: Bool
    ) throws -> (layout: StableLayout, union: Int, ahead: Int, graphs: [GraphDescription]) {
      try withRenderer { renderer in
        let context = renderer.context
        let measurer = measuringAhead ? VariantMeasurer(context: context) : nil
        let sketches = FrameSketches(diagrams, level: .all, pinned: [], themes: [.light], measuringWith: measurer)
        measurer?.finish()
        let ahead = context.measuredVariants
        let graphs = Array(sketches.graphs(theme: 0))
        let layout = try #require(try StableLayout(frames: graphs, context: context))
        return (layout, context.measuredVariants - ahead, measurer?.measured ?? 0, graphs)
      }
    }
    let measured = try laidOut(measuringAhead: true)
    let plain = try laidOut(measuringAhead: false)
    // Each distinct box measured once, ahead, and the union measuring only what is not a box.
    #expect(measured.ahead > 0)
    #expect(plain.ahead == 0)
    #expect(measured.union + measured.ahead == plain.union)
    #expect(measured.layout.frameSize == plain.layout.frameSize)
    for (frame, graph) in measured.graphs.enumerated() {
      // Two layouts of the same frames may list an edge's `pos` and `lp` in either order.
      #expect(
        ScenarioLayoutTests.sortingAttributes(measured.layout.positioned(graph, frame: frame))
          == ScenarioLayoutTests.sortingAttributes(plain.layout.positioned(graph, frame: frame)), "frame \(frame + 1)")
    }
  }

  /// Given where the headers' sizes go, the measurer measures each frame's header too, with its
  /// legend stood in for, as the union would: the union that looks headers up there measures none,
  /// and its frames' headers are the sizes it would have measured.
  @Test func headersMeasuredWhileSketchingAreNotMeasuredAgainByTheUnion() throws {
    let diagrams = Array(
      Diagram.frames(of: ReplayedScenario(try replay(SketchMemoryTests.flow(cycles: 12))), options: DrawingOptions()))
    func laidOut(measuringAhead: Bool) throws -> (layout: StableLayout, headersInUnion: Int) {
      try withRenderer { renderer in
        let headers = StableLayout.Measurements.KnownSizes()
        let measurer = VariantMeasurer(context: renderer.context, headers: measuringAhead ? headers : nil)
        let sketches = FrameSketches(diagrams, level: .all, pinned: [], themes: [.light], measuringWith: measurer)
        measurer.finish()
        let before = StableLayout.Measurements.measuredHeaders
        let layout = try #require(
          try StableLayout(frames: Array(sketches.graphs(theme: 0)), context: renderer.context, headers: headers))
        return (layout, StableLayout.Measurements.measuredHeaders - before)
      }
    }
    let ahead = try laidOut(measuringAhead: true)
    let plain = try laidOut(measuringAhead: false)
    #expect(ahead.headersInUnion == 0)
    #expect(plain.headersInUnion == diagrams.count)
    #expect(ahead.layout.headerSize == plain.layout.headerSize)
    #expect(ahead.layout.frameSize == plain.layout.frameSize)
  }

  /// Finishing with nothing handed over, or with fewer boxes than a batch, ends the thread and
  /// measures what was handed.
  @Test func finishingMeasuresWhatIsLeftAndEndsTheThread() throws {
    try withRenderer { renderer in
      let empty = VariantMeasurer(context: renderer.context)
      empty.finish()
      #expect(empty.measured == 0)
      let few = VariantMeasurer(context: renderer.context)
      few.add([[.init("label", "Home"), .init("shape", "box")], [.init("label", "Settings"), .init("shape", "box")]])
      few.finish()
      #expect(few.measured == 2)
      #expect(renderer.context.measuredVariants == 2)
    }
  }

}

/// Unions asked for their bounds as their frames add up (issue 26: sketching checks the frames
/// sketched so far after 8, 16, 32 and so on).
@Suite struct GrowingUnionTests {
  /// A union of frames that come a few at a time (``StableLayout/GrowingUnion``), asked for its
  /// bounds after each few: the bounds of all the frames so far, as a union of them made at once
  /// has them, though each frame was merged and measured once.
  @Test func aGrowingUnionHasTheBoundsOfAllItsFramesSoFar() throws {
    let diagrams = Array(
      Diagram.frames(of: ReplayedScenario(try replay(SketchMemoryTests.flow(cycles: 6))), options: DrawingOptions()))
    let graphs = FrameSketches(diagrams, level: .none, pinned: [], themes: [.light]).graphs(theme: 0).map { $0 }
    try withRenderer { renderer in
      var growing = StableLayout.GrowingUnion(context: renderer.context)
      var shares: [Double] = []
      for end in [1, 4, 5, 11, graphs.count] where end <= graphs.count {
        let start = growing.count
        let bounds = try growing.overflowBounds(
          adding: graphs[start..<end], maximumHeight: 1_000, maximumArea: 500_000)
        let whole = try StableLayout.overflowBounds(
          frames: graphs[..<end], context: renderer.context, maximumHeight: 1_000, maximumArea: 500_000)
        #expect(growing.count == end)
        #expect(bounds.pageShare == whole.pageShare, "\(end) frames")
        #expect(bounds.isSure == whole.isSure, "\(end) frames")
        shares.append(bounds.pageShare)
      }
      // More frames take more of the page: the frames' boxes add up.
      #expect(shares.first.map { $0 < shares[shares.count - 1] } == true, "\(shares)")
    }
  }

}
