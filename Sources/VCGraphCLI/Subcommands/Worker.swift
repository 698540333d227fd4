import ArgumentParser
import Foundation
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

    /// The `--parent` of `arguments` when they are exactly what a job starts a worker with
    /// (`vcgraph _worker --parent PID`, ``VCGraphJobs/WorkerCommand``); nil for anything else.
    static func parent(startedAsBy arguments: [String]) -> Int32? {
      guard arguments.count == 4, arguments[1] == WorkerCommand.subcommand, arguments[2] == "--parent" else {
        return nil
      }
      return Int32(arguments[3])
    }
  }

  /// Runs the command the arguments name. A worker started as a job starts it is served at once,
  /// as ``WorkerSubcommand`` serves it: the argument parser first goes through every command's
  /// options, about 2 ms of the worker's start, and a job waits for its worker to read its first
  /// task. Any other arguments (`--help`, no `--parent`) go to the parser.
  static func main() {
    if let parent = WorkerSubcommand.parent(startedAsBy: CommandLine.arguments) {
      guard let refusal = WorkerServer.serve(parent: parent) else { return }
      printError(refusal)
      Foundation.exit(ExitCode.failure.rawValue)
    }
    main(nil)
  }
}
