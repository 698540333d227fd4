import TestSupport
import Testing
import VCGraphviz

/// The drawing cases of the slow tier (`VCGRAPH_TEST_SLOW=1`; `.ci/run` runs them after the
/// README's `swift test`): each checks again, on every input, what a cheaper test of the default
/// run checks on some.
@Suite(.slow) struct RenderingSlowTests {
  /// Every real-size app in both layouts (``LegibilityTests`` draws two of them, one per layout).
  @Test(arguments: RealisticApps.shapes.indices, FrameLayout.allCases)
  func everyFrameOfARealSizeAppReadsOnAPage(shape: Int, layout: FrameLayout) throws {
    try LegibilityTests.expectEveryFrameReads(shape: shape, layout: layout)
  }
}
