import ArgumentParser
import VCGraph
import VCGraphJobs

/// The flags every command that draws takes, the same for each: `--theme`, `--fold`, `--focus`,
/// `--graphviz-timeout` and `--graphviz-memory`; and the one place they become a job's options.
struct DrawingOptions: ParsableArguments {
  @Option(help: Theme.Choice.help)
  var theme: Theme.Choice = .light

  @OptionGroup var folding: FoldingOptions

  @OptionGroup var workers: WorkerOptions

  /// The job of `import`, `storyboard` or `diff` these flags and the command's `plan` ask for, its
  /// workers stopped on an interruption and what they print shown; first warns about the output
  /// paths that mislead.
  func snapshotJob(_ command: ExportingCommand, plan: ExportPlan, outputs: [String?]) -> SnapshotJob {
    warnAbout(outputs)
    Interruption.stopsJobs()
    let job = SnapshotJob(
      options: .init(
        command: command, plan: plan, themes: theme.themes, folding: folding.folding, limits: workers.limits))
    job.said = { printError($0) }
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
