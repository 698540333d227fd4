import ArgumentParser
import VCGraphJobs

extension VCGraphCommand {
  /// `vcgraph _worker`: one of the processes a job starts to draw with Graphviz
  /// (``VCGraphJobs/WorkerServer``), for `render`, `import`, `storyboard` and `diff`.
  struct WorkerSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: WorkerCommand.subcommand,
      abstract: "Draw for render, import, storyboard and diff (their worker protocol on standard input).",
      shouldDisplay: false
    )

    @Option(help: .hidden)
    var parent: Int32?

    func run() throws {
      guard let refusal = WorkerServer.serve(parent: parent) else { return }
      printError(refusal)
      throw ExitCode.failure
    }
  }
}
