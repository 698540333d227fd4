import ArgumentParser
import VCGraph

extension VCGraphCommand {
  struct Events: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print the lifecycle callbacks each step of a scenario makes, in UIKit's order.",
      discussion: """
        Without --json, prints a header per step and one callback a line:
          step 3: push message on nav
            message  willMove(toParent: nav)
            message  viewDidLoad()
            inbox    viewWillDisappear(animated: true)
        With --json, prints {"steps": [{"number", "action", "events":
        [{"viewController", "event", "parent"}]}]}; "parent" is only on
        willMove(toParent:) and didMove(toParent:), null when leaving.

        Examples:
          vcgraph events samples/presentation-styles.yaml
          vcgraph events samples/navigation.yaml --step 2 --json
        """
    )

    @Argument(help: "A scenario file (YAML or JSON).")
    var scenario: String

    @Option(help: ArgumentHelp("Only the callbacks of this step (counting from 1).", valueName: "N"))
    var step: Int?

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
      if let step, step < 1 { throw ValidationError("--step counts from 1.") }
    }

    func run() throws {
      guard let replay = ScenarioLoading.replay(scenario), ScenarioLoading.checkStep(step, in: replay) else {
        throw ExitCode.failure
      }
      let log = EventLog(frames: replay.frames.filter { step == nil || $0.step.number == step })
      print(json ? log.jsonString() : log.text, terminator: "")
    }
  }
}
