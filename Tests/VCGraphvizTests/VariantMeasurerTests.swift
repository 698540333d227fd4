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
