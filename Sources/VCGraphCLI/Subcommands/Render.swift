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
          let written = try render(replay, into: OutputDirectory(path: folder), with: renderer)
          let count = written.steps
          print("\(path) → \(folder) (\(count) step\(count == 1 ? "" : "s"), \(written.files) files)")
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
  /// Renders a replayed scenario into `directory`, all or nothing: each frame is written into a
  /// staging folder as soon as it is drawn, and everything is moved into place at the end with the
  /// index and the flipbook pages asked for. Returns how many steps and files were written.
  ///
  /// An SVG drawn only for `index.html` (`--html` without `--format svg`) is neither written nor
  /// listed in the index.
  fileprivate func render(
    _ replay: Replay, into directory: OutputDirectory, with renderer: Renderer
  ) throws -> (steps: Int, files: Int) {
    let staging = try OutputDirectory.Staging(directory)
    let themes = theme.themes
    // With one theme alone the files and keys have no suffix (see Renderer.render(_:formats:…)).
    let pageOnlyKeys =
      outputFormats.contains(.svg)
      ? [] : Set(themes.map { OutputFormat.svg.rawValue + (themes.count > 1 ? $0.fileNameSuffix : "") })
    var pageDrawings: [String: Data] = [:]
    var entries: [RenderIndex.Entry] = []
    try renderer.renderFrames(
      replay, formats: renderedFormats, steps: step.map { [$0] }, showsEvents: events, layout: layout, themes: themes
    ) { frame in
      var entry = frame.entry
      let pageOnly = Set(pageOnlyKeys.compactMap { entry.files[$0] })
      for key in pageOnlyKeys { entry.files[key] = nil }
      for file in frame.files {
        if pageOnly.contains(file.name) {
          pageDrawings[file.name] = file.contents
        } else {
          try staging.add(file.name, contents: file.contents)
        }
      }
      entries.append(entry)
    }
    let index = RenderIndex(scenario: replay.scenario.path, title: replay.scenario.title, steps: entries)
    if html || markdown {
      let flipbook = Flipbook(replay: replay, index: index) { pageDrawings[$0] ?? staging.contents(of: $0) }
      if html { try staging.add(Flipbook.htmlFileName, contents: Data(flipbook.html.utf8)) }
      if markdown { try staging.add(Flipbook.markdownFileName, contents: Data(flipbook.markdown.utf8)) }
    }
    let files = staging.names.count + 1
    try staging.commitFrames(
      index: index, stepActions: step == nil ? nil : replay.scenario.steps.map(\.action.summary))
    return (entries.count, files)
  }
}
