import Foundation
import VCGraph
import VCGraphviz

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension RenderJob {
  /// Serves as one of a job's worker processes (``run(_:worker:report:)`` starts them): reads the
  /// job's options on the first line of standard input, then a ``RenderTask`` a line at a time;
  /// draws each task's frames into its staging folder and prints a ``WorkerReport`` line on
  /// standard output for each frame written, for the layout kept, and for the task finished or
  /// failed. It returns at the end of its input; false when it could not read it.
  ///
  /// A worker keeps the last scenario it replayed and the last layout it read, for its next task.
  /// It ignores SIGINT, SIGTERM and SIGHUP: `render` kills it on an interruption. SIGPIPE ends it
  /// again: it dies on its next report once `render` is gone, and at the end of its input.
  public static func serveAsWorker() -> Bool {
    signal(SIGPIPE, SIG_DFL)
    // The user's Ctrl-C reaches the whole process group: the supervisor handles it (it kills the
    // workers itself), so a worker must not die of it first and be reported as a failure.
    for number in [SIGINT, SIGTERM, SIGHUP] { signal(number, SIG_IGN) }
    var input = LineReader(descriptor: 0)
    guard let first = input.next(), let options = try? JSONDecoder().decode(Options.self, from: first) else {
      return false
    }
    WorkerMemory.limit(gigabytes: options.graphvizMemory)
    let job = RenderJob(output: "", options: options)
    let fault = WorkerFault(ProcessInfo.processInfo.environment[WorkerFault.variable])
    var renderer: Renderer?
    var replayed: (path: String, replay: Replay, sides: [Replay.Side])?
    var layout: (path: String, layout: ScenarioLayout)?
    while let line = input.next() {
      guard let task = try? JSONDecoder().decode(RenderTask.self, from: line) else { return false }
      do {
        let drawer = try renderer ?? Renderer()
        renderer = drawer
        let (replay, sides) =
          try replayed.flatMap { $0.path == task.path ? ($0.replay, $0.sides) : nil }
          ?? job.replays(of: Scenario(contentsOfFile: task.path))
        replayed = (task.path, replay, sides)
        var stable: ScenarioLayout?
        switch task.layout {
        case .compute:
          break
        case .computeAndKeep(let path):
          fault?.strike(path: task.path, step: 0)
          let computed = try job.layOut(replay, sides: sides, with: drawer)
          try Self.keep(computed, at: path)
          stable = computed
          layout = (path, computed)
          report(.laidOut(task: task.id))
        case .read(let path):
          if let known = layout, known.path == path {
            stable = known.layout
          } else {
            let read = try Self.readLayout(at: path)
            stable = read
            layout = (path, read)
          }
        }
        try job.drawFrames(
          of: replay, sides: sides, steps: Set(task.steps), stableLayout: stable, with: drawer,
          into: URL(fileURLWithPath: task.folder, isDirectory: true),
          willDraw: { step in
            report(.drawing(task: task.id, step: step))
            fault?.strike(path: task.path, step: step)
          }
        ) { entry in report(.frame(task: task.id, entry: entry)) }
        report(.finished(task: task.id))
      } catch let error as RenderError {
        report(.failed(task: task.id, message: "\(task.path): error: \(error.description)"))
      } catch let error as OutputDirectory.WriteError {
        report(.failed(task: task.id, message: error.description))
      } catch let error as ScenarioError {
        report(.failed(task: task.id, message: error.description))
      } catch let error as Replay.SideError {
        report(.failed(task: task.id, message: error.description))
      } catch {
        report(.failed(task: task.id, message: "\(task.path): error: \(error)"))
      }
    }
    return true
  }

  /// Writes a scenario's layout for the other workers drawing its frames.
  private static func keep(_ layout: ScenarioLayout, at path: String) throws(OutputDirectory.WriteError) {
    do {
      try JSONEncoder().encode(layout).write(to: URL(fileURLWithPath: path))
    } catch {
      throw OutputDirectory.WriteError(path: path, reason: OutputDirectory.reason(error))
    }
  }

  /// Reads the layout another worker kept.
  private static func readLayout(at path: String) throws(RenderError) -> ScenarioLayout {
    do {
      return try JSONDecoder().decode(ScenarioLayout.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
      throw .inWorker("the layout another worker kept cannot be read (\(path)): \(error)")
    }
  }

  /// Prints one report line; standard output is a pipe to `render`, written to at once.
  private static func report(_ report: WorkerReport) {
    // JSON on one line: a newline inside a string is written as \n.
    let line = (try? JSONEncoder().encode(report)) ?? Data()
    FileHandle.standardOutput.write(line + Data("\n".utf8))
  }
}

/// Lines read from a file descriptor as they come: a task is read as soon as it is sent, while the
/// input stays open for the next.
private struct LineReader {
  let descriptor: Int32
  private var pending: [UInt8] = []
  private var isAtEnd = false

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// The next line, without its newline; nil at the end of the input (a last line without a
  /// newline is dropped: the supervisor ends every line).
  mutating func next() -> Data? {
    while true {
      if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = Data(pending[..<newline])
        pending.removeSubrange(...newline)
        return line
      }
      guard !isAtEnd else { return nil }
      var buffer = [UInt8](repeating: 0, count: 65536)
      var count: Int
      repeat { count = read(descriptor, &buffer, buffer.count) } while count < 0 && errno == EINTR
      if count <= 0 {
        isAtEnd = true
      } else {
        pending += buffer[..<count]
      }
    }
  }
}

/// What a test asks a worker to suffer before drawing one step of one scenario, as Graphviz might:
/// `VCGRAPH_TEST_WORKER_FAULT=segv:NAME:STEP` (or `abort:` or `hang:`), where NAME is the scenario
/// file's name; step 0 strikes while the scenario's layout is computed to be shared. It is how the
/// tests check that `render` survives a Graphviz crash or hang without one at hand; nothing else
/// sets it.
private struct WorkerFault {
  static let variable = "VCGRAPH_TEST_WORKER_FAULT"
  var kind: Substring
  var file: Substring
  var step: Int

  init?(_ text: String?) {
    let parts = text?.split(separator: ":") ?? []
    guard parts.count == 3, let step = Int(parts[2]) else { return nil }
    (kind, file, self.step) = (parts[0], parts[1], step)
  }

  func strike(path: String, step: Int) {
    guard step == self.step, (path as NSString).lastPathComponent == file else { return }
    sufferAsGraphvizMight(kind)
  }
}

/// For a test's fault: dies by SIGSEGV (`segv`) or SIGABRT (`abort`), without Swift's handlers,
/// never returns (`hang`), or takes memory until none is left and aborts (`oom`), as Graphviz
/// might; anything else does nothing.
public func sufferAsGraphvizMight(_ kind: Substring) {
  switch kind {
  case "segv":
    signal(SIGSEGV, SIG_DFL)
    raise(SIGSEGV)
  case "abort":
    signal(SIGABRT, SIG_DFL)
    abort()
  case "hang": while true { sleep(60) }
  case "oom":
    // Takes memory, touching every page, until an allocation fails; then dies as Graphviz does.
    while let block = malloc(64 << 20) { memset(block, 1, 64 << 20) }
    signal(SIGABRT, SIG_DFL)
    abort()
  default: return
  }
}
