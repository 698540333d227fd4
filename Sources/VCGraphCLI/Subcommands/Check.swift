import ArgumentParser
import VCGraph

extension VCGraphCommand {
  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Replay scenarios without rendering and report their errors.",
      discussion: """
        Prints each error as path:line:column: error: step N (action): message,
        and warnings the same way. Exits with status 0 when every scenario
        replays.

        Examples:
          vcgraph check samples/*.yaml
          vcgraph check samples/
        """
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
        let count = replay.frames.count
        print("\(path): ok (\(count) step\(count == 1 ? "" : "s"))")
      }
      if failed { throw ExitCode.failure }
    }
  }
}
