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
        """ + VCGraphCommand.formatsDocumented
    )

    @OptionGroup var selection: StepSelection

    func run() throws {
      guard let frames = selection.frames() else { throw ExitCode.failure }
      if selection.json {
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
