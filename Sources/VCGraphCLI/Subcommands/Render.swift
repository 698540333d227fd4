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
        --animate adds animated.svg, every step in one SVG that plays in a loop
        where an SVG shows as an image (a README, an issue, DocC).
        --size-classes compact,regular replays each scenario once per horizontal
        size class and draws both results of every step side by side: a split
        view collapsed on the iPhone side, a popover shown as a sheet.
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
          vcgraph render flow.yaml --animate --animate-interval 1.5s --theme both
          vcgraph render samples/ --jobs 2 --format svg,png
          vcgraph render samples/adaptive.yaml --size-classes compact,regular --format png
        """ + VCGraphCommand.formatsDocumented
    )

    @Argument(help: "Scenario files (YAML or JSON), or folders of them.")
    var scenarios: [String]

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The folder to write into.", valueName: "DIR"))
    var output = "diagrams"

    @Option(
      name: .customLong("format"),
      help: ArgumentHelp("Formats, comma-separated.", valueName: "FORMATS"))
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

    @Option(help: Theme.Choice.help)
    var theme: Theme.Choice = .light

    @OptionGroup var folding: FoldingOptions

    @Flag(help: "Also write index.html: every step's diagram with its action, caption and callbacks, on one page.")
    var html = false

    @Flag(help: "Also write index.md: every step's action, caption, picture, callbacks and files.")
    var markdown = false

    @Flag(
      help: "Also write animated.svg: every step in one SVG that plays them in a loop (CSS only, no script).")
    var animate = false

    @Option(
      help: ArgumentHelp(
        "How long --animate shows each step: 2s (default), 1.5s, 800ms.", valueName: "DURATION"),
      transform: { value in
        guard let seconds = RenderJob.Options.seconds(value) else {
          throw ValidationError("write a duration such as 2s, 1.5s or 800ms.")
        }
        return seconds
      })
    var animateInterval: Double = 2

    @Option(
      name: [.short, .customLong("jobs")],
      help: ArgumentHelp(
        "Render with N worker processes, at most one a core; the files are the same whatever N is.",
        valueName: "N"))
    var jobs = 1

    @Option(
      help: ArgumentHelp(
        "Stop Graphviz when it has drawn nothing for this many seconds (a frame, or a scenario's frames laid "
          + "out together), and fail that scenario.", valueName: "SECONDS"))
    var graphvizTimeout = 120

    @Option(
      help: ArgumentHelp(
        "The memory, in gigabytes, a worker drawing with Graphviz may take; past it, the scenario it draws fails.",
        valueName: "GB"))
    var graphvizMemory = WorkerMemory.defaultGigabytes

    @Option(
      name: .customLong("size-classes"),
      help: ArgumentHelp(
        "Replay each scenario once per horizontal size class and draw the results side by side, in the order "
          + "given: compact,regular (iPhone left, iPad right), regular,compact, or one alone.",
        valueName: "CLASSES"))
    var sizeClassList: String?

    /// The size classes `--size-classes` names, in order; empty without it (``validate()`` checks it).
    var sizeClasses: [SizeClass] { sizeClassList.flatMap { try? SizeClass.list($0) } ?? [] }

    /// What the flags ask for, as the library's render job takes it.
    var options: RenderJob.Options {
      RenderJob.Options(
        formats: FormatList.merged(formatLists), themes: theme.themes, events: events, layout: layout,
        folding: folding.folding, html: html, markdown: markdown, animate: animate,
        animationInterval: animateInterval, step: step, jobs: jobs,
        graphvizTimeout: graphvizTimeout, graphvizMemory: graphvizMemory, sizeClasses: sizeClasses)
    }

    func validate() throws {
      if let sizeClassList {
        do {
          _ = try SizeClass.list(sizeClassList)
        } catch {
          throw ValidationError("--size-classes: \(error.description)")
        }
      }
      if let step, step < 1 { throw ValidationError("--step counts from 1.") }
      if jobs < 1 { throw ValidationError("--jobs counts worker processes, from 1.") }
      if graphvizTimeout < 1 { throw ValidationError("--graphviz-timeout counts seconds, from 1.") }
      if graphvizMemory < 1 { throw ValidationError("--graphviz-memory counts gigabytes, from 1.") }
      if step != nil, html || markdown {
        throw ValidationError("--html and --markdown show every step; leave out --step.")
      }
      if animate, step != nil { throw ValidationError("--animate plays every step; leave out --step.") }
      if animate, layout == .perStep {
        throw ValidationError(
          "--animate needs the stable layout, where every frame has the same size and nothing moves; "
            + "leave out --layout per-step.")
      }
    }

    func run() throws {
      let job = RenderJob(output: output, options: options)
      let progress = Progress()
      let processes = job.processes
      // Workers are killed and reaped before the staging folders go, so none writes into one after.
      Interruption.handle { status in
        progress.clear()
        processes.stopAll()
        OutputDirectory.Staging.discardAllForInterruption()
        Foundation.exit(status)
      }
      // A failure may only be the interruption's doing (a worker killed): it is not reported.
      job.beforeFailure = Interruption.waitIfUnderway
      job.interrupted = Interruption.interrupt
      let worker = WorkerCommand(arguments: [VCGraphCommand.RenderWorker.configuration.commandName ?? ""])
      let succeeded = job.run(scenarios, worker: worker) { report in
        switch report {
        case .warning(let line), .error(let line):
          progress.withLineErased { printError(line) }
        case .started(let frames, let scenarios):
          progress.start(frames: frames, scenarios: scenarios)
        case .frameDrawn:
          progress.frameDone()
        case .failed(_, let message):
          progress.withLineErased { printError(message) }
          progress.scenarioDone()
        case .written(let path, let folder, let steps, let files):
          progress.withLineErased {
            print("\(path) → \(folder) (\(steps) step\(steps == 1 ? "" : "s"), \(files) files)")
          }
          progress.scenarioDone()
        }
      }
      progress.clear()
      if !succeeded { throw ExitCode.failure }
    }
  }
}

extension Theme.Choice: ExpressibleByArgument {
  /// The help of `--theme`, the same for every subcommand that draws.
  static let help = ArgumentHelp(
    "The colours to draw in; both writes NAME.svg and NAME~dark.svg, the pair DocC shows by appearance.",
    valueName: "THEME")
}
