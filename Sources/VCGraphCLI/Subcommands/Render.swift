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
        --jobs N spreads the frames over N worker processes. On a terminal, a long
        run shows its progress on standard error. An interrupted run (SIGINT,
        SIGTERM, SIGHUP) leaves every earlier file as it was and exits with 128 +
        the signal's number.

        Examples:
          vcgraph render samples/navigation.yaml
          vcgraph render samples/*.yaml -o docs/diagrams --format svg,png
          vcgraph render flow.yaml --step 3 --format png
          vcgraph render flow.yaml --events --format png
          vcgraph render flow.yaml --html --markdown --format svg,png
          vcgraph render samples/ --jobs 2 --format svg,png
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

    @OptionGroup var folding: FoldingOptions

    @Flag(help: "Also write index.html: every step's diagram with its action, caption and callbacks, on one page.")
    var html = false

    @Flag(help: "Also write index.md: every step's action, caption, picture, callbacks and files.")
    var markdown = false

    @Option(
      name: [.short, .customLong("jobs")],
      help: ArgumentHelp(
        "Render with N worker processes (default 1); the files are the same whatever N is.", valueName: "N"))
    var jobs = 1

    @Option(
      help: ArgumentHelp(
        "Stop Graphviz when it has drawn nothing for this many seconds (a frame, or a scenario's frames laid "
          + "out together), and fail that scenario (default 120).", valueName: "SECONDS"))
    var graphvizTimeout = 120

    /// The formats asked for, each once, in the order given.
    var outputFormats: [OutputFormat] { FormatList.merged(formatLists) }

    /// The formats to render: those asked for, and SVG for `index.html`, which inlines it.
    var renderedFormats: [OutputFormat] {
      html && !outputFormats.contains(.svg) ? outputFormats + [.svg] : outputFormats
    }

    func validate() throws {
      if let step, step < 1 { throw ValidationError("--step counts from 1.") }
      if jobs < 1 { throw ValidationError("--jobs counts worker processes, from 1.") }
      if graphvizTimeout < 1 { throw ValidationError("--graphviz-timeout counts seconds, from 1.") }
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
      let progress = Progress()
      let workers = WorkerProcesses()
      // Workers are killed and reaped before the staging folders go, so none writes into one after.
      Interruption.handle { status in
        progress.clear()
        workers.stopAll()
        OutputDirectory.Staging.discardAllForInterruption()
        Foundation.exit(status)
      }
      var failed = false
      var loaded: [LoadedScenario] = []
      var folders: [String: String] = [:]
      for path in Scenario.paths(expanding: scenarios) {
        guard let replay = ScenarioLoading.replay(path), ScenarioLoading.checkStep(step, in: replay) else {
          failed = true
          continue
        }
        let unmatched = folding.folding.unmatchedFocus(in: replay.scenario.viewControllers)
        if !unmatched.isEmpty {
          printError("\(path): error: " + Folding.unmatchedFocusMessage(unmatched, in: "this scenario"))
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
        loaded.append(LoadedScenario(path: path, replay: replay, folder: folder))
      }
      progress.start(frames: loaded.reduce(0) { $0 + steps(of: $1.replay).count }, scenarios: loaded.count)
      if !renderWithWorkers(loaded, renderer: renderer, progress: progress, workers: workers) { failed = true }
      progress.clear()
      if failed { throw ExitCode.failure }
    }
  }
}

/// A scenario replayed by `render`, and the folder its frames go to.
struct LoadedScenario {
  var path: String
  var replay: Replay
  var folder: String
}

extension VCGraphCommand.Render {
  /// The numbers of the steps to render of a replayed scenario: `--step`'s, or every step.
  func steps(of replay: Replay) -> [Int] {
    step.map { [$0] } ?? replay.scenario.steps.map(\.number)
  }

  /// Prints the line that says where a scenario was written.
  func printWritten(_ scenario: LoadedScenario, steps: Int, files: Int) {
    print("\(scenario.path) → \(scenario.folder) (\(steps) step\(steps == 1 ? "" : "s"), \(files) files)")
  }

  /// Takes the SVGs drawn only for `index.html` (`--html` without `--format svg`) out of a frame's
  /// index entry, and returns their names: they are neither written nor listed in the index.
  func takePageOnlyFiles(from entry: inout RenderIndex.Entry) -> Set<String> {
    guard !outputFormats.contains(.svg) else { return [] }
    let themes = theme.themes
    // With one theme alone the files and keys have no suffix (see Renderer.render(_:formats:…)).
    let keys = themes.map { OutputFormat.svg.rawValue + $0.fileNameSuffix(among: themes) }
    let names = Set(keys.compactMap { entry.files[$0] })
    for key in keys { entry.files[key] = nil }
    return names
  }

  /// Adds `index.json` (the frames' `entries`, in step order) and the flipbook pages asked for to
  /// `staging`, and moves everything into place. `pageDrawing` gives the SVGs drawn only for
  /// `index.html`; the others are read back from the staging folder. Returns how many steps and
  /// files were written.
  func commit(
    _ replay: Replay, entries: [RenderIndex.Entry], into staging: OutputDirectory.Staging,
    pageDrawing: (String) -> Data?
  ) throws(OutputDirectory.WriteError) -> (steps: Int, files: Int) {
    let index = RenderIndex(scenario: replay.scenario.path, title: replay.scenario.title, steps: entries)
    if html || markdown {
      let flipbook = Flipbook(replay: replay, index: index) { pageDrawing($0) ?? staging.contents(of: $0) }
      if html { try staging.add(Flipbook.htmlFileName, contents: Data(flipbook.html.utf8)) }
      if markdown { try staging.add(Flipbook.markdownFileName, contents: Data(flipbook.markdown.utf8)) }
    }
    let files = staging.names.count + 1
    try staging.commitFrames(
      index: index, stepActions: step == nil ? nil : replay.scenario.steps.map(\.action.summary))
    return (entries.count, files)
  }
}
