import ArgumentParser
import Foundation
import VCGraph
import VCGraphviz

extension VCGraphCommand {
  struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Render a diagram of every step of each scenario.",
      discussion: """
        Writes DIR/<scenario name>/NN-<action>.<format> for every step and format,
        and DIR/<scenario name>/index.json listing them. A scenario that fails to
        replay or render writes nothing, and the command exits with status 1.

        Examples:
          vcgraph render samples/navigation.yaml
          vcgraph render samples/*.yaml -o docs/diagrams --format svg,png
          vcgraph render flow.yaml --step 3 --format png
          vcgraph render flow.yaml --events --format png
        """
    )

    @Argument(help: "Scenario files (YAML or JSON), or folders of them.")
    var scenarios: [String]

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The folder to write into.", valueName: "DIR"))
    var output = "diagrams"

    @Option(
      name: .customLong("format"),
      help: ArgumentHelp("Formats, comma-separated: svg, png, pdf, dot.", valueName: "FORMATS"))
    var formatLists: [FormatList<OutputFormat>] = [FormatList(formats: [.svg])]

    @Option(help: ArgumentHelp("Render only this step (counting from 1).", valueName: "N"))
    var step: Int?

    @Flag(help: "Show each step's lifecycle callbacks on its diagram, numbered in UIKit's order.")
    var events = false

    /// The formats asked for, each once, in the order given.
    var outputFormats: [OutputFormat] { FormatList.merged(formatLists) }

    func validate() throws {
      if let step, step < 1 { throw ValidationError("--step counts from 1.") }
    }

    func run() throws {
      let renderer: Renderer
      do {
        renderer = try Renderer()
      } catch {
        printError("error: \(error.description)")
        throw ExitCode.failure
      }
      var failed = false
      var folders: [String: String] = [:]
      for path in Scenario.paths(expanding: scenarios) {
        guard let replay = ScenarioLoading.replay(path), ScenarioLoading.checkStep(step, in: replay) else {
          failed = true
          continue
        }
        let folder = (output as NSString).appendingPathComponent(replay.scenario.stem)
        if let other = folders[folder] {
          printError("\(path): error: \(other) already writes to \(folder); render them into different folders")
          failed = true
          continue
        }
        folders[folder] = path
        do {
          let rendered = try renderer.render(replay, formats: outputFormats, onlyStep: step, showsEvents: events)
          try OutputDirectory(path: folder).writeFrames(
            rendered.frames, index: rendered.index,
            stepActions: step == nil ? nil : replay.scenario.steps.map(\.action.summary))
          let count = rendered.index.steps.count
          print("\(path) → \(folder) (\(count) step\(count == 1 ? "" : "s"), \(rendered.frames.count + 1) files)")
        } catch let error as RenderError {
          printError("\(path): error: \(error.description)")
          failed = true
        } catch let error as OutputDirectory.WriteError {
          printError(error.description)
          failed = true
        }
      }
      if failed { throw ExitCode.failure }
    }
  }
}
