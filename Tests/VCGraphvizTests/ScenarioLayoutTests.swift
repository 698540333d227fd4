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
}
