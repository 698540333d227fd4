import ArgumentParser
import VCGraph

extension VCGraphCommand {
  struct State: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print the hierarchy after each step of a scenario.",
      discussion: """
        With --json, prints {"steps": [{"number", "action", "windows",
        "viewControllers"}]}, listing every declared controller with UIKit's view
        of its relations and appearance state. Without it, prints an indented
        tree per step.

        Examples:
          vcgraph state samples/navigation.yaml
          vcgraph state samples/navigation.yaml --step 2 --json
        """
    )

    @Argument(help: "A scenario file (YAML or JSON).")
    var scenario: String

    @Option(help: ArgumentHelp("Only the hierarchy after this step (counting from 1).", valueName: "N"))
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
      let frames = replay.frames.filter { step == nil || $0.step.number == step }
      if json {
        print(StateDocument(frames: frames).jsonString(), terminator: "")
      } else {
        for frame in frames {
          print("step \(frame.step.number): \(frame.step.action.summary)")
          print(HierarchyOutline(frame.hierarchy).text)
        }
      }
    }
  }
}
