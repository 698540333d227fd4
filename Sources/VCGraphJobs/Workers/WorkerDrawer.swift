import Foundation
import VCGraph
import VCGraphviz

/// Lays graphs out and renders them in a worker of a ``WorkerPool``, for a ``Renderer`` whose
/// ``Renderer/drawer`` it is: whatever Graphviz does there (a segfault, an abort, an endless loop,
/// a memory bomb) fails that drawing with ``WorkerFailure``'s line, and the command goes on with its
/// next input. The graph is then kept as DOT beside the output (``WorkerFailure/keep(_:named:in:source:)``).
///
/// It holds the pool, never the renderer, so the renderer, the drawer and the pool go when the job
/// lets them go, and the worker is reaped.
final class WorkerDrawer: GraphDrawer {
  let pool: WorkerPool
  /// The command's means of drawing less, for the advice.
  let advice: String
  /// The input being drawn: its file name (for a test's fault), the stem of its files and the
  /// folder a crash's graph is kept in.
  var input = (name: "", stem: "", crashFolder: "")
  /// What to do with a line a worker printed that is not a report.
  var said: (String) -> Void = { _ in }
  private var lastTask = 0

  init(pool: WorkerPool, advice: String) {
    self.pool = pool
    self.advice = advice
  }

  func draw(
    _ graph: GraphDescription, formats: [OutputFormat], comfortable budget: PageBudget?
  ) throws(RenderError) -> GraphDrawing {
    let worker: Worker
    if let idle = pool.workers.first(where: \.isIdle) {
      worker = idle
    } else {
      do {
        worker = try pool.start()
      } catch {
        throw .inWorker(error.description)
      }
    }
    lastTask += 1
    let id = lastTask
    pool.hand(
      .graph(GraphTask(id: id, input: input.name, graph: graph, formats: formats, budget: budget)), to: worker)
    while pool.workers.contains(where: { $0 === worker }) {
      for event in pool.next() {
        switch event {
        case .report(_, .drawn(id, let drawing)):
          return drawing.drawing
        case .report(_, .failed(id, let message)):
          throw .inWorker(message)
        case .report:
          continue
        case .said(_, let line):
          said(line)
        case .ended(let ended, let ending):
          guard ended === worker else { continue }
          // Someone stopping vcgraph (a `kill` of every vcgraph process) stops it here too; an
          // interruption under way kills the workers: nothing to report, and no graph to keep.
          if case .signaled(let signal) = ending.termination { Interruption.interrupt(signal) }
          Interruption.waitIfUnderway()
          throw .inWorker(failure(ending, timedOut: worker.timedOut, drawing: graph, as: formats))
        }
      }
    }
    throw .inWorker("the worker process drawing it is gone")
  }

  /// The line that says why the worker did not draw `graph`, with the graph kept beside the output.
  private func failure(
    _ ending: ChildProcess.Ending, timedOut: Bool, drawing graph: GraphDescription, as formats: [OutputFormat]
  ) -> String {
    let failure = WorkerFailure(
      // A graph laid out only to measure it (does it fit the page?) has no format to name.
      what: formats.isEmpty ? "laying it out" : "drawing it as \(formats.map(\.rawValue).joined(separator: ", "))",
      ending: ending, timedOut: timedOut,
      limits: pool.header.limits, advice: advice)
    guard failure.keepsGraph else { return failure.message }
    // Written by cgraph alone, in this process: no layout runs here.
    return failure.message
      + WorkerFailure.keep("the graph", named: input.stem, in: input.crashFolder) {
        try Renderer().unlaidSource(of: graph)
      }
  }
}
