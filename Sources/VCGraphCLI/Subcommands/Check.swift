import ArgumentParser
import VCGraph

extension VCGraphCommand {
  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Replay scenarios without rendering and report their errors.",
      discussion: """
        Prints each error as path:line:column: error: step N (action): message,
        and warnings the same way. Exits with status 0 when every scenario
        replays without a warning, except in steps that say `expect: warning`
        (which must then give one).

        Examples:
          vcgraph check samples/*.yaml
          vcgraph check samples/
        """ + VCGraphCommand.formatsDocumented
    )

    @Argument(help: "Scenario files (YAML or JSON), or folders of them.")
    var scenarios: [String]

    func run() throws {
      var failed = false
      for path in Scenario.paths(expanding: scenarios) {
        guard let replay = ScenarioLoading.replay(path) else {
          failed = true
          continue
        }
        let unexpected = replay.unexpectedWarnings
        for step in replay.missingWarnings {
          printError(
            "\(step.location): error: \(StepReference(step)): the step says 'expect: warning' but replayed without one")
        }
        if !unexpected.isEmpty || !replay.missingWarnings.isEmpty {
          let count = unexpected.count
          if count > 0 {
            printError(
              "\(path): error: \(count) warning\(count == 1 ? "" : "s") in steps without 'expect: warning'")
          }
          failed = true
          continue
        }
        let count = replay.frames.count
        let expected = replay.warnings.count
        let note = expected == 0 ? "" : ", \(expected) expected warning\(expected == 1 ? "" : "s")"
        print("\(path): ok (\(count) step\(count == 1 ? "" : "s")\(note))")
      }
      if failed { throw ExitCode.failure }
    }
  }
}
