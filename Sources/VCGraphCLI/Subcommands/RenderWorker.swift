import ArgumentParser
import VCGraphJobs
import VCGraphviz

extension VCGraphCommand {
  /// `vcgraph _render-worker`: one of the processes `render` starts to draw its frames
  /// (``VCGraphviz/RenderJob/serveAsWorker()``): the job's options, then its tasks, a line of JSON
  /// each on standard input; a report line for each frame on standard output.
  struct RenderWorker: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "_render-worker",
      abstract: "Draw frames for render (options and tasks as JSON lines on standard input).",
      shouldDisplay: false
    )

    func run() throws {
      guard RenderJob.serveAsWorker() else {
        printError("error: _render-worker reads its options and tasks from vcgraph render")
        throw ExitCode.failure
      }
    }
  }
}
