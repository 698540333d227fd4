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
        """ + VCGraphCommand.formatsDocumented
    )

    @OptionGroup var selection: StepSelection

    func run() throws {
      guard let frames = selection.frames() else { throw ExitCode.failure }
      let log = EventLog(frames: frames)
      print(selection.json ? log.jsonString() : log.text, terminator: "")
    }
  }
}
