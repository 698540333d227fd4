import Testing

@testable import VCGraphJobs

/// The render job's pieces that need no worker process: how frames are cut into tasks.
@Suite struct RenderJobTests {
  @Test func aBigScenarioIsCutIntoPiecesAndSmallOnesStayWhole() {
    let scenarios = [
      ScenarioFrames(scenario: 0, steps: Array(1...1000)),
      ScenarioFrames(scenario: 1, steps: Array(1...6)),
      ScenarioFrames(scenario: 2, steps: Array(1...8)),
    ]
    let pieces = ScenarioFrames.pieces(scenarios, workers: 2)
    #expect(pieces.map { $0.map(\.scenario) } == [[0, 0, 0, 0], [1], [2]])
    // Runs of consecutive steps, about the same size, every step once.
    #expect(pieces[0].map(\.steps.count) == [250, 250, 250, 250])
    #expect(pieces[0].flatMap(\.steps) == Array(1...1000))
    #expect(pieces[1][0].steps == Array(1...6))

    // Many scenarios of the same size keep every worker busy whole: none is cut.
    let batch = (0..<8).map { ScenarioFrames(scenario: $0, steps: Array(1...200)) }
    #expect(ScenarioFrames.pieces(batch, workers: 2).allSatisfy { $0.count == 1 })
    // One worker never cuts.
    #expect(ScenarioFrames.pieces(scenarios, workers: 1).allSatisfy { $0.count == 1 })
    // A scenario is never cut into more pieces than it has steps; empty ones are left out.
    #expect(ScenarioFrames.pieces([ScenarioFrames(scenario: 0, steps: [1, 2])], workers: 4).map(\.count) == [2])
    #expect(ScenarioFrames.pieces([ScenarioFrames(scenario: 0, steps: [])], workers: 2).isEmpty)
  }

  /// Frames that cost more weigh more: a scenario of big frames is cut into more pieces.
  @Test func piecesAreCutByCost() {
    let scenarios = [
      ScenarioFrames(scenario: 0, steps: Array(1...200), frameCost: 30),
      ScenarioFrames(scenario: 1, steps: Array(1...120), frameCost: 6),
    ]
    let pieces = ScenarioFrames.pieces(scenarios, workers: 2)
    // 6,720 in all, at most 1,680 a piece: 6,000 in four pieces, 720 whole.
    #expect(pieces.map(\.count) == [4, 1])
    #expect(pieces[0].map(\.steps.count) == [50, 50, 50, 50])
  }
}

/// Without `--jobs`, one worker a core shares the scenarios whole; the costliest go first.
@Suite struct RenderJobQueueTests {
  @Test func withoutJobsEveryCoreDrawsAndNoScenarioIsCut() {
    let automatic = RenderJob(output: "out", options: .init())
    #expect(automatic.workerCount == RenderJob.maximumJobs)
    #expect(!automatic.cutsScenarios)
    let asked = RenderJob(output: "out", options: .init(jobs: 1))
    #expect(asked.workerCount == 1)
    #expect(asked.cutsScenarios)
  }

  @Test func theCostliestScenariosAreQueuedFirstAndCutOnlyWhenAsked() {
    let scenarios = [
      ScenarioFrames(scenario: 0, steps: Array(1...6), frameCost: 4),
      ScenarioFrames(scenario: 1, steps: Array(1...1000), frameCost: 10),
      ScenarioFrames(scenario: 2, steps: Array(1...8), frameCost: 3),
      ScenarioFrames(scenario: 3, steps: Array(1...12), frameCost: 2),
    ]
    // Whole, the costliest first; 24 and 24 keep their order.
    let whole = ScenarioFrames.queue(scenarios, workers: 2, cutting: false)
    #expect(whole.map { $0.map(\.scenario) } == [[1], [0], [2], [3]])
    // Cut with `--jobs 2`: the big one's pieces first, in step order.
    let cut = ScenarioFrames.queue(scenarios, workers: 2, cutting: true)
    #expect(cut.map { $0.map(\.scenario) } == [[1, 1, 1, 1], [0], [2], [3]])
    #expect(cut[0].flatMap(\.steps) == Array(1...1000))
    // One worker takes them in their order, whole.
    #expect(
      ScenarioFrames.queue(scenarios, workers: 1, cutting: true).map { $0.map(\.scenario) } == [[0], [1], [2], [3]])
  }
}
