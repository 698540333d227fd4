import ArgumentParser

/// `vcgraph`: draws UIKit view-controller hierarchies from scenarios.
@main
struct VCGraphCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "vcgraph",
    abstract: "Draw UIKit view-controller hierarchies and replay navigation flows step by step.",
    discussion: """
      A scenario is a YAML file naming controllers and the UIKit calls made on
      them, one per step. vcgraph replays it with UIKit's rules and draws the
      hierarchy after every step. It also draws the hierarchy a _printHierarchy
      dump describes, and compares two hierarchies.

      Examples:
        vcgraph render samples/navigation.yaml -o diagrams --format svg,png
        vcgraph check samples/*.yaml
        vcgraph state samples/navigation.yaml --step 2 --json
        vcgraph events samples/presentation-styles.yaml
        pbpaste | vcgraph import - --report report.md
        vcgraph diff before.txt after.txt
      """ + VCGraphCommand.formatsDocumented,
    version: "0.1.0",
    subcommands: [
      Render.self, Check.self, State.self, Events.self, Import.self, Diff.self, Storyboard.self, Map.self,
      WorkerSubcommand.self,
    ]
  )
}

extension VCGraphCommand {
  /// The last paragraph of every command's help: where the formats it reads are documented.
  static let formatsDocumented =
    "\n\n"
      + """

      The scenario format, and the dumps, storyboards and Swift sources vcgraph
      reads, are documented in README.md ("Scenario format", "import",
      "storyboard", "map") and in the DocC catalog (the ScenarioFormat,
      ImportingDumps and MappingAnApp articles).
      """
}
