import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How to start a worker: this program with the hidden subcommand that serves
/// (``WorkerServer/serve(parent:)``).
public struct WorkerCommand: Sendable, Hashable {
  /// The hidden subcommand of `vcgraph` that serves as a worker.
  public static let subcommand = "_worker"

  public var executable: String
  public var arguments: [String]

  public init(executable: String = ChildProcess.currentExecutable, arguments: [String] = [Self.subcommand]) {
    self.executable = executable
    self.arguments = arguments
  }
}

/// A worker process of a job: the task it holds, and how long it has said nothing.
final class Worker {
  let process: ChildProcess
  /// Its reports, cut into lines as they come.
  fileprivate var reader = LineReader(limit: WorkerWire.messageLimit)
  fileprivate var clock: SilenceClock
  /// The task it holds; nil while it waits for one.
  fileprivate(set) var task: WorkerTask?
  /// True once its input is closed (or could not be written to): it gets no other task.
  fileprivate(set) var isLeaving = false
  /// True once it was killed for saying nothing for longer than the time limit.
  fileprivate(set) var timedOut = false
  /// The step of its task it said it was drawing last (a render job's).
  var drawing: Int?

  fileprivate init(process: ChildProcess, limit: Duration) {
    self.process = process
    clock = SilenceClock(limit: limit)
  }

  /// Whether it waits for a task.
  var isIdle: Bool { task == nil && !isLeaving }
}

/// What happened in a job's workers, in the order it happened.
enum WorkerEvent {
  case report(Worker, WorkerReport)
  /// A line that is not a report: something the worker printed, for the user.
  case said(Worker, String)
  /// The worker ended and was reaped; the task it held, if any, is not done (``Worker/timedOut``
  /// says whether it was stopped for its silence).
  case ended(Worker, ChildProcess.Ending)
}

/// The worker processes of one job, the one pool every job uses: started, handed tasks, heard,
/// timed, stopped and reaped.
///
/// A worker leads a process group of its own, so a terminal's Ctrl-C or Ctrl-Z reaches only the
/// job's process, which stops (``ChildProcess/stopAll()``) or suspends
/// (``ChildProcess/suspendAll()``) its workers; a worker dies with the job's process
/// (``WorkerServer``). A worker holding a task that says nothing for ``WorkerLimits/timeout``
/// seconds in which it could run (``SilenceClock``) is killed. Every worker is reaped: when it
/// ends, on ``close()``, or when the pool goes.
///
/// Start workers from a thread that lives as long as the job, the main thread: Linux kills a
/// worker when the thread that started it ends (`PR_SET_PDEATHSIG` follows the thread).
final class WorkerPool {
  let command: WorkerCommand
  let header: WorkerHeader
  private(set) var workers: [Worker] = []
  /// When the pool last looked at its workers' clocks. The suspending clock stands still while the
  /// machine sleeps.
  private var lastLook = SuspendingClock.now

  init(command: WorkerCommand, header: WorkerHeader) {
    self.command = command
    self.header = header
    // A write to a worker that died must fail, not end this process: its end is read next.
    signal(SIGPIPE, SIG_IGN)
  }

  deinit {
    close()
  }

  /// Starts a worker and sends it its header.
  func start() throws(ChildProcess.StartError) -> Worker {
    let process = try ChildProcess(
      command.executable, arguments: command.arguments + ["--parent", "\(getpid())"],
      // Without Swift's backtracer: a worker that Graphviz crashes dies at once, and the job says
      // what happened in one line, instead of a page of registers.
      environment: ["SWIFT_BACKTRACE": "enable=no"], standardInput: .pipe, standardOutput: .pipe, group: .own,
      isWorker: true)
    // A worker that died at once makes this fail; its end is read next.
    process.send(WorkerWire.opening(header))
    let worker = Worker(process: process, limit: header.limits.timeLimit)
    workers.append(worker)
    return worker
  }

  /// Hands `task` to an idle worker; its silence counts from now. False when the task could not
  /// be written (the worker died: its end comes next).
  @discardableResult
  func hand(_ task: WorkerTask, to worker: Worker) -> Bool {
    if !workers.contains(where: { $0.task != nil }) { lastLook = .now }
    worker.task = task
    worker.drawing = nil
    worker.clock.heard()
    guard worker.process.send(WorkerWire.line(task)) else {
      worker.isLeaving = true
      return false
    }
    return true
  }

  /// Closes a worker's input: it gets no other task, and ends once it has read the end.
  func release(_ worker: Worker) {
    worker.isLeaving = true
    worker.process.closeInput()
  }

  /// Waits until a worker says something or ends, or the silence of one holding a task reaches
  /// the time limit (it is then killed, and its end comes at a later call); returns what
  /// happened. Returns at once when there is no worker.
  func next() -> [WorkerEvent] {
    guard !workers.isEmpty else { return [] }
    let wait = workers.filter { $0.task != nil && !$0.timedOut }.map(\.clock.wait).min()
    let ready = ChildProcess.waitForOutput(workers.map(\.process), timeout: wait)
    let now = SuspendingClock.now
    let elapsed = now - lastLook
    lastLook = now
    for worker in workers where worker.task != nil && !worker.timedOut {
      // Reading the worker's state costs a file read: only for a wait long enough to matter.
      worker.clock.pass(elapsed, workerSuspended: elapsed > .milliseconds(50) && worker.process.isSuspended)
    }
    var events: [WorkerEvent] = []
    for process in ready {
      guard let worker = workers.first(where: { $0.process === process }) else { continue }
      events += read(worker)
    }
    for worker in workers where worker.task != nil && !worker.timedOut && worker.clock.isOver {
      worker.timedOut = true
      worker.process.signal(SIGKILL)
    }
    return events
  }

  /// What `worker` wrote since the last read, as events; its end when its output ended.
  private func read(_ worker: Worker) -> [WorkerEvent] {
    guard let bytes = worker.process.read() else { return [reap(worker)] }
    worker.clock.heard()
    worker.reader.append(bytes)
    var events: [WorkerEvent] = []
    do {
      while let line = try worker.reader.next() {
        guard let report = try? JSONDecoder().decode(WorkerReport.self, from: Data(line)) else {
          events.append(.said(worker, String(decoding: line, as: UTF8.self)))
          continue
        }
        if report.endsTask { worker.task = nil }
        events.append(.report(worker, report))
      }
    } catch {
      // Not the wire any more: the worker is stopped, and its end is read next.
      worker.process.signal(SIGKILL)
    }
    return events
  }

  /// Reaps a worker whose output ended.
  private func reap(_ worker: Worker) -> WorkerEvent {
    let ending = worker.process.wait()
    workers.removeAll { $0 === worker }
    return .ended(worker, ending)
  }

  /// Closes every worker's input and reaps them all: an idle worker ends at the end of its input,
  /// one still holding a task is killed.
  func close() {
    for worker in workers { worker.process.closeInput() }
    for worker in workers {
      if worker.task != nil { worker.process.signal(SIGKILL) }
      worker.process.wait()
    }
    workers.removeAll()
  }
}
