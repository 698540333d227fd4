import Foundation
import TestSupport
import Testing

/// The command-line cases of the slow tier (`VCGRAPH_TEST_SLOW=1`; `.ci/run` runs them after the
/// README's `swift test`): each checks again, at full size, what a cheaper test of the default run
/// checks on a smaller input.
@Suite(.slow) struct CLISlowTests {
  /// Every sample, with every output at once, drawn by 2 and by 3 workers: the files of one
  /// process (``JobsTests/jobsWriteTheSameFilesAsOneProcess()`` draws four samples with 2).
  @Test func jobsWriteTheSameFilesAsOneProcessForEverySample() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      try JobsTests.expectJobsWriteTheSameFiles(in: folder, scenarios: "samples", jobs: ["2", "3"])
    }
  }

  /// Every sample in SVG, PNG, PDF and DOT (``RenderCommandTests`` renders four).
  @Test func everySampleRendersInEveryFormat() throws {
    try RenderCommandTests.expectSamplesRenderInEveryFormat(sampleNames)
  }

  /// 5,000 levels (``HostileInputTests/aScenarioNested2000Deep()`` replays 2,000) take about a
  /// minute and a half in a debug build: each step walks every controller.
  @Test func aScenarioNested5000Deep() throws {
    try withTemporaryFolder { folder in
      try folder.write(HostileInputTests.nestedScenario(depth: 5_000), to: "deep.yaml")
      let result = try folder.vcgraph("check", "deep.yaml")
      #expect(result.status == 0, "\(result)")
      #expect(result.standardOutput == "deep.yaml: ok (5000 steps)\n", "\(result)")
    }
  }

  /// A million steps, 14 MB of YAML, are refused with the limit (``HostileInputTests`` refuses
  /// 20,001 steps): libyaml reads them all first, about 10 s of CPU in a debug build.
  @Test func aMillionStepsAreRefusedWithTheLimit() throws {
    try withTemporaryFolder { folder in
      try HostileInputTests.expectStepsRefused(1_000_000, in: folder)
    }
  }

  /// A dump 2,000 levels deep: 10 MB of indentation (``HostileInputTests`` imports 1,000 levels).
  @Test func aDump2000LevelsDeep() throws {
    try withTemporaryFolder { folder in
      try HostileInputTests.expectDeepDumpImported(depth: 2_000, in: folder)
    }
  }
}
