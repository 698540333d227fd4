import Foundation
import VCGraph
import VCGraphviz

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The worker's side of the wire: what `vcgraph _worker` runs, started by a job's
/// ``WorkerPool``, for every job.
public enum WorkerServer {
  /// Serves as a worker: reads the wire's greeting and header on standard input, applies the
  /// header's limits, then does each task it reads and reports on standard output, until its
  /// input ends.
  ///
  /// It dies with its parent: on Linux the kernel kills it when the process that started it ends
  /// (`PR_SET_PDEATHSIG`), also when that happened before it could ask (its parent is then not
  /// `parent` any more); everywhere, it ends at the end of its input. It keeps the usual
  /// dispositions of SIGINT, SIGTERM, SIGHUP and SIGPIPE, so any of them ends it, quietly (a write
  /// to a parent that is gone ends it by SIGPIPE, without a word); it ignores SIGTTOU, so that
  /// Graphviz's warnings reach a terminal where its parent is in the foreground. Its parent puts it
  /// in a process group of its own: a terminal's Ctrl-C reaches only the parent, which stops it.
  ///
  /// - Parameter parent: The process id of the job that started it (`--parent`), when it says.
  /// - Returns: nil when its input ended; the one line to print (and to exit non-zero with) when
  ///   what it read is not the wire: it stops at the first byte that is not its parent's greeting,
  ///   reads a header of at most a megabyte, and a task only once it starts as one.
  public static func serve(parent: Int32?) -> String? {
    diesWithParent(parent)
    for number in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT] { signal(number, SIG_DFL) }
    signal(SIGTTOU, SIG_IGN)
    var input = DescriptorLines(descriptor: 0, limit: WorkerWire.headerLimit)
    let refusal =
      "error: vcgraph \(WorkerCommand.subcommand) draws for render, import, storyboard and diff, which start it; "
      + "it reads their worker protocol on standard input"
    guard readGreeting(&input) else { return refusal + ", not this" }
    guard let headerLine = try? input.next(),
      let header = try? JSONDecoder().decode(WorkerHeader.self, from: Data(headerLine))
    else { return refusal + "; its header is not one" }
    // Before any task is read: a big task is read within the limit.
    header.limits.limitThisProcess()
    input.limit = WorkerWire.messageLimit
    let session = WorkerSession(header: header, fault: WorkerFault.current)
    // Graphviz's context is made, and Graphviz and the fonts load, on a thread of their own, while
    // the job still reads the scenarios or this worker reads, replays and sketches its first
    // task's: its first graph waits for them.
    _ = try? session.drawer()
    while true {
      // A task is a JSON object: anything else is refused at its first byte.
      while input.pending.isEmpty, input.fill() {}
      if input.pending.isEmpty {
        // The session (its Graphviz context, plugins and fonts) is left for the process's end to
        // free: freeing it took a few milliseconds its job waited for.
        _ = Unmanaged.passRetained(session)
        return nil
      }
      guard input.pending.first == UInt8(ascii: "{"), let line = try? input.next(),
        let task = try? JSONDecoder().decode(WorkerTask.self, from: Data(line))
      else { return refusal + "; a task is not one" }
      session.run(task)
    }
  }

  /// Asks the kernel to kill this process when its parent ends, and ends it at once when the parent
  /// ended before (it was then given to another process).
  private static func diesWithParent(_ parent: Int32?) {
    _ = Syscalls.killWhenParentEnds(with: SIGKILL)
    if let parent, getppid() != parent { _exit(1) }
  }

  /// Reads the greeting line; false at the first byte that differs from it, or when the input ends
  /// before it.
  private static func readGreeting(_ input: inout DescriptorLines) -> Bool {
    let expected = Array((WorkerWire.greeting + "\n").utf8)
    while true {
      let pending = input.pending
      let count = min(pending.count, expected.count)
      guard pending.prefix(count).elementsEqual(expected.prefix(count)) else { return false }
      if count == expected.count { return (try? input.next()) != nil }
      guard input.fill() else { return false }
    }
  }
}

/// What a worker keeps from one task to the next: its Graphviz context, and a render job's last
/// scenario and layout.
final class WorkerSession {
  let header: WorkerHeader
  let fault: WorkerFault?
  private var renderer: Renderer?
  /// The last scenario a render task read, and the last it replayed.
  private var read: (path: String, scenario: Scenario)?
  var replayed: (path: String, scenario: ReplayedScenario)?
  /// The last layout a render task computed or read.
  var layout: (path: String, layout: ScenarioLayout)?

  init(header: WorkerHeader, fault: WorkerFault?) {
    self.header = header
    self.fault = fault
  }

  /// The scenario at `path`, read once for the tasks that draw it.
  ///
  /// - Throws: ``ScenarioError`` when it cannot be read.
  func scenario(at path: String) throws -> Scenario {
    if let read, read.path == path { return read.scenario }
    let scenario = try Scenario(contentsOfFile: path)
    read = (path, scenario)
    return scenario
  }

  /// The worker's one renderer, made the first time: it draws here, in this process. Its Graphviz
  /// context is made and warmed up on a thread of its own (``Renderer/init(makingContextInBackground:)``).
  func drawer() throws(RenderError) -> Renderer {
    if let renderer { return renderer }
    let made = Renderer(makingContextInBackground: ())
    renderer = made
    return made
  }

  func run(_ task: WorkerTask) {
    switch task {
    case .frames(let frames):
      guard let options = header.render else {
        report(.failed(task: frames.id, message: "error: a render task without the render job's options"))
        return
      }
      RenderJob(output: "", options: options).serve(frames, in: self)
    case .graph(let graph):
      fault?.strike(path: graph.input, step: nil)
      do {
        let drawing = try drawer().drawHere(graph.graph, formats: graph.formats, comfortable: graph.budget)
        report(.drawn(task: graph.id, drawing: WireDrawing(drawing)))
      } catch {
        report(.failed(task: graph.id, message: error.description))
      }
    }
  }

  /// Prints one report line on standard output, a pipe to the job, at once. A job that is gone ends
  /// this process by SIGPIPE.
  func report(_ report: WorkerReport) {
    let line = WorkerWire.line(report)
    line.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(1, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0, errno == EINTR { continue }
        // Standard output is not a pipe to a job any more: nothing to say it to.
        guard written > 0 else { _exit(1) }
        offset += written
      }
    }
  }
}
