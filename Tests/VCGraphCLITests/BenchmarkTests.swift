import Testing
import VCGraph

@testable import VCGraphBenchmark

/// The benchmark's workloads are what its report says they are. (The benchmark itself takes minutes
/// and measures time, so it is a program, not a test; see `vcgraph-bench --quick` for a smoke run.)
@Suite struct BenchmarkTests {
  @Test(arguments: [20, 100, 200])
  func longFlowHasTheStepsAskedForAndReplays(steps: Int) throws {
    let scenario = try Scenario(yaml: Workload.longFlow(steps: steps), path: "flow.yaml")
    #expect(scenario.steps.count == steps)
    #expect(scenario.viewControllers.count == 31)
    let replay = try Replay(scenario)
    #expect(replay.frames.count == steps)
    #expect(replay.warnings.isEmpty)
    // Past the 6 steps that build the tab bar, the flow pushes, pops, switches tabs and presents a sheet.
    let actions = Set(scenario.steps.dropFirst(6).map { $0.action.summary.split(separator: " ").first ?? "" })
    #expect(actions.isSuperset(of: ["push", "pop", "selectTab", "present", "dismiss"]))
  }

  @Test(arguments: [2, 3, 500])
  func pushPopFlowHasTheStepsAskedForOverThreeControllers(steps: Int) throws {
    let scenario = try Scenario(yaml: Workload.pushPopFlow(steps: steps), path: "push-pop.yaml")
    #expect(scenario.steps.count == steps)
    #expect(scenario.viewControllers.count == 3)
    let replay = try Replay(scenario)
    #expect(replay.warnings.isEmpty)
    #expect(scenario.steps.dropFirst(2).allSatisfy { ["push b on nav", "pop nav"].contains($0.action.summary) })
  }

  @Test func longFlowIsTheSameEveryTime() {
    #expect(Workload.longFlow(steps: 200) == Workload.longFlow(steps: 200))
  }

  @Test(arguments: [10, 100, 1_000])
  func wideHierarchyHasTheControllersAskedForInAFewSteps(controllers: Int) throws {
    let scenario = try Scenario(yaml: Workload.wideHierarchy(controllers: controllers), path: "hierarchy.yaml")
    #expect(scenario.steps.count == Workload.wideStepCount)
    let replay = try Replay(scenario)
    let last = try #require(replay.frames.last)
    #expect(last.hierarchy.members.count == controllers)
    // Wide, not deep: every screen is a child of one of the 4 navigation controllers under the tab bar.
    #expect(last.hierarchy.descendants(of: "tabs").count == controllers - 1)
    let deepest = last.hierarchy.members.map { last.hierarchy.ancestors(of: $0).count }.max() ?? 0
    #expect(deepest <= 2)
  }

  @Test func reportTablesAlignAndEscapeMarkdown() {
    var section = Report.Section(title: "Sizes", columns: ["name", "time"])
    section.rows = [["a|b", "1.5 ms"], ["longer name", "12.0 ms"]]
    section.notes = ["a note"]
    #expect(
      section.text.split(separator: "\n").map(String.init) == [
        "== Sizes ==",
        "name         time",
        "-----------  -------",
        "a|b           1.5 ms",
        "longer name  12.0 ms",
        "  * a note",
      ])
    #expect(section.markdown.contains("| a\\|b | 1.5 ms |"))
  }

  @Test func formatsNumbers() {
    #expect(Format.count(5_000) == "5,000")
    #expect(Format.count(100) == "100")
    #expect(Format.ratio(23.44) == "23.4×")
    #expect(Format.ratio(1.234) == "1.23×")
    #expect(Format.time(.milliseconds(1_500)) == "1.50 s")
    #expect(Format.time(.microseconds(2_500)) == "2.50 ms")
    #expect(Format.memory(3 * 1_048_576) == "3.0 MiB")
  }
}
