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
        --html adds index.html, a page that flips through the steps (self-contained,
        works opened from disk); --markdown adds index.md for a docs folder.

        Examples:
          vcgraph render samples/navigation.yaml
          vcgraph render samples/*.yaml -o docs/diagrams --format svg,png
          vcgraph render flow.yaml --step 3 --format png
          vcgraph render flow.yaml --events --format png
          vcgraph render flow.yaml --html --markdown --format svg,png
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

    @Option(
      help: ArgumentHelp(
        "stable (default): lay out every step together, so a controller keeps its place and every frame its size; "
          + "per-step: lay out each step on its own.",
        valueName: "LAYOUT"),
      transform: { value in
        guard let layout = FrameLayout(rawValue: value) else {
          throw ValidationError("use stable or per-step.")
        }
        return layout
      })
    var layout: FrameLayout = .stable

    @Option(help: ThemeChoice.help)
    var theme: ThemeChoice = .light

    @Flag(help: "Also write index.html: every step's diagram with its action, caption and callbacks, on one page.")
    var html = false

    @Flag(help: "Also write index.md: every step's action, caption, picture, callbacks and files.")
    var markdown = false

    /// The formats asked for, each once, in the order given.
    var outputFormats: [OutputFormat] { FormatList.merged(formatLists) }

    /// The formats to render: those asked for, and SVG for `index.html`, which inlines it.
    var renderedFormats: [OutputFormat] {
      html && !outputFormats.contains(.svg) ? outputFormats + [.svg] : outputFormats
    }

    func validate() throws {
      if let step, step < 1 { throw ValidationError("--step counts from 1.") }
      if step != nil, html || markdown {
        throw ValidationError("--html and --markdown show every step; leave out --step.")
      }
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
          let rendered = try renderer.render(
            replay, formats: renderedFormats, onlyStep: step, showsEvents: events, layout: layout,
            themes: theme.themes)
          let files = files(of: rendered, replay: replay)
          try OutputDirectory(path: folder).writeFrames(
            files.frames, index: files.index,
            stepActions: step == nil ? nil : replay.scenario.steps.map(\.action.summary), extraFiles: files.pages)
          let count = files.index.steps.count
          let fileCount = files.frames.count + 1 + files.pages.count
          print("\(path) → \(folder) (\(count) step\(count == 1 ? "" : "s"), \(fileCount) files)")
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

extension VCGraphCommand.Render {
  /// What rendering a scenario writes: the frames of the formats asked for and the index listing them
  /// (an SVG drawn only for `index.html` is left out of both), and the flipbook pages asked for.
  fileprivate func files(
    of rendered: RenderedScenario, replay: Replay
  ) -> (frames: [(name: String, contents: Data)], index: RenderIndex, pages: [(name: String, contents: Data)]) {
    var frames = rendered.frames
    var index = rendered.index
    if !outputFormats.contains(.svg) {
      // With one theme alone the files and keys have no suffix (see Renderer.render(_:formats:…)).
      let themes = theme.themes
      let keys = themes.map { OutputFormat.svg.rawValue + (themes.count > 1 ? $0.fileNameSuffix : "") }
      let drawnForPage = Set(index.steps.flatMap { step in keys.compactMap { step.files[$0] } })
      frames.removeAll { drawnForPage.contains($0.name) }
      for entry in index.steps.indices {
        for key in keys { index.steps[entry].files[key] = nil }
      }
    }
    var pages: [(name: String, contents: Data)] = []
    if html || markdown {
      let flipbook = Flipbook(replay: replay, index: index, drawings: rendered.frames)
      if html { pages.append((Flipbook.htmlFileName, Data(flipbook.html.utf8))) }
      if markdown { pages.append((Flipbook.markdownFileName, Data(flipbook.markdown.utf8))) }
    }
    return (frames, index, pages)
  }
}
