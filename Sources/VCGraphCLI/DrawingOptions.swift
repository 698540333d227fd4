import ArgumentParser
import VCGraph
import VCGraphJobs
import VCGraphviz

/// The flags every command that draws takes, the same for each: `--theme`, `--fold`, `--focus`,
/// `--page-width`, `--graphviz-timeout` and `--graphviz-memory`; and the one place they become a
/// job's options.
struct DrawingOptions: ParsableArguments {
  @Option(help: Theme.Choice.help)
  var theme: Theme.Choice = .light

  @OptionGroup var folding: FoldingOptions

  @OptionGroup var workers: WorkerOptions

  /// How these flags, with a command's own `--events` and `--layout`, say to draw: the one value
  /// the job and the renderer read them from.
  func options(events: Bool = false, layout: FrameLayout = .stable) -> VCGraphviz.DrawingOptions {
    VCGraphviz.DrawingOptions(
      themes: theme.themes, events: events, layout: layout, folding: folding.folding, pageBudget: folding.pageBudget)
  }

  /// The job of `import`, `storyboard` or `diff` these flags and the command's `plan` ask for, its
  /// workers stopped on an interruption and what they print shown; first warns about the output
  /// paths that mislead.
  func snapshotJob(_ command: ExportingCommand, plan: ExportPlan, outputs: [String?]) -> SnapshotJob {
    warnAbout(outputs)
    Interruption.stopsJobs()
    let job = SnapshotJob(
      options: .init(
        command: command, plan: plan, themes: theme.themes, folding: folding.folding, pageBudget: folding.pageBudget,
        limits: workers.limits))
    job.said = { printError($0) }
    job.startDrawing()
    return job
  }

  /// Prints the warnings about output paths (`-o`, `--report`) a reader or a later command would
  /// misread.
  func warnAbout(_ outputs: [String?]) {
    for path in outputs.compactMap({ $0 }) {
      for warning in OutputName.warnings(about: path) { printError(warning) }
    }
  }
}

extension Theme.Choice: ExpressibleByArgument {
  /// The help of `--theme`, the same for every subcommand that draws.
  static let help = ArgumentHelp(
    "The colours to draw in; both writes NAME.svg and NAME~dark.svg, the pair DocC shows by appearance.",
    valueName: "THEME")
}

extension FoldMode: ExpressibleByArgument {}

/// `--fold`, `--focus` and `--page-width`: what a diagram folds into counted nodes, what it focuses
/// on, and the page it must read on.
struct FoldingOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "auto: fold by the rules, then more, then wrap, until the picture fits a docs page; none: draw every "
        + "controller; runs, stacks, subtrees or all: fold that much, whatever the size.",
      valueName: "MODE"))
  var fold: FoldMode = .auto

  @Option(
    help: ArgumentHelp(
      "Draw this controller's subtree, presentations and ancestors, and fold the rest; a controller id, or a "
        + "class name (with or without its module). Repeat it to focus on several.",
      valueName: "ID"))
  var focus: [String] = []

  @Option(
    name: .customLong("page-width"),
    help: ArgumentHelp(
      "The width, in pixels, of the column the pictures are shown in (default \(Int(PageBudget.defaultPageWidth)): a "
        + "README on GitHub). A picture may be as wide as keeps its class names 10 px tall there, and no more than 3 "
        + "times as long as it is wide.", valueName: "PX"),
    transform: Bounds.count("pixels", in: PageBudget.pageWidths))
  var pageWidth = Int(PageBudget.defaultPageWidth)

  /// The folding these flags ask for.
  var folding: Folding { Folding(mode: fold, focus: focus) }

  /// The page the pictures must read on.
  var pageBudget: PageBudget { PageBudget(pageWidth: Double(pageWidth)) }

  func validate() throws {
    if let empty = focus.first(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
      throw ValidationError("--focus \"\(empty)\" names no controller: give an id or a class name.")
    }
  }
}

/// `--graphviz-timeout` and `--graphviz-memory`: the limits of the workers that draw, the same for
/// every command that draws.
struct WorkerOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Stop Graphviz when it has drawn nothing for this many seconds (a frame, or a scenario's frames laid out "
        + "together), not counting time it was suspended (Ctrl-Z), and fail what it was drawing (default "
        + "\(WorkerLimits().timeout)).", valueName: "SECONDS"),
    transform: Bounds.count("seconds", in: WorkerLimits.timeouts))
  var graphvizTimeout = WorkerLimits().timeout

  @Option(
    help: ArgumentHelp(
      "The memory, in gigabytes, a worker drawing with Graphviz may take; past it, what it draws fails (default "
        + "\(WorkerLimits().memory)).", valueName: "GB"),
    transform: Bounds.count("gigabytes", in: WorkerLimits.memories))
  var graphvizMemory = WorkerLimits().memory

  /// The limits these flags set.
  var limits: WorkerLimits { WorkerLimits(timeout: graphvizTimeout, memory: graphvizMemory) }
}
