import ArgumentParser
import Foundation
import VCGraph
import VCGraphJobs
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
        size class and draws both results of every step side by side (one below the
        other when too wide for --page-width): a split
        view collapsed on the iPhone side, a popover shown as a sheet.
        The scenarios are drawn by one worker process a core, each scenario by one;
        --jobs N starts N (1 for one) and cuts a long scenario's frames into pieces
        for them to share. On a terminal, a long
        run shows its progress on standard error. An interrupted run (SIGINT,
        SIGTERM, SIGHUP) stops its workers, leaves every earlier file as it was
        and exits with 128 + the signal's number; Ctrl-Z suspends the workers
        with it, and the time suspended does not count against --graphviz-timeout.

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

    @Option(name: .customLong("format"), help: FormatList<RenderFormats>.help(byDefault: "svg"))
    var formatLists: [FormatList<RenderFormats>] = []

    @Option(
      help: ArgumentHelp("Render only this step (counting from 1).", valueName: "N"),
      transform: Bounds.count("steps", in: 1...Scenario.maximumSteps))
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

    @OptionGroup var drawing: DrawingOptions

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
          throw ValidationError("write a duration such as 2s, 1.5s or 800ms, from 100ms to 1h.")
        }
        return seconds
      })
    var animateInterval: Double = 2

    @Option(
      name: [.short, .customLong("jobs")],
      help: ArgumentHelp(
        "Render with N worker processes, a long scenario's frames shared out (default: one a core, each "
          + "scenario drawn whole by one; at most one a core); the files are the same whatever N is.",
        valueName: "N"),
      transform: Bounds.count("worker processes", in: RenderJob.Options.jobCounts))
    var jobs: Int?

    @Option(
      name: .customLong("size-classes"),
      help: ArgumentHelp(
        "Replay each scenario once per horizontal size class and draw the results side by side (one below the "
          + "other when too wide for --page-width), in the order given: compact,regular (iPhone left, iPad right), "
          + "regular,compact, or one alone.",
        valueName: "CLASSES"))
    var sizeClassList: String?

    /// The size classes `--size-classes` names, in order; empty without it (``validate()`` checks it).
    var sizeClasses: [SizeClass] { sizeClassList.flatMap { try? SizeClass.list($0) } ?? [] }

    /// What the flags ask for, as the library's render job takes it.
    var options: RenderJob.Options {
      RenderJob.Options(
        formats: (formatLists.isEmpty ? [.diagram(.svg)] : FormatList.merged(formatLists)).compactMap(\.diagramFormat),
        drawing: drawing.options(events: events, layout: layout), html: html, markdown: markdown, animate: animate,
        animationInterval: animateInterval, step: step, jobs: jobs, limits: drawing.workers.limits,
        sizeClasses: sizeClasses)
    }

    func validate() throws {
      if let sizeClassList {
        do {
          _ = try SizeClass.list(sizeClassList)
        } catch {
          throw ValidationError("--size-classes: \(error.description)")
        }
      }
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
      drawing.warnAbout([output])
      let job = RenderJob(output: output, options: options)
      let progress = Progress()
      Interruption.stopsJobs(before: progress.clear)
      let succeeded = job.run(scenarios) { report in
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
