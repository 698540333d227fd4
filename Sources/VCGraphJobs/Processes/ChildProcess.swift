import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process started with `posix_spawn`: the one place vcgraph starts a process, for the
/// jobs' workers (``WorkerPool``) and for `vcgraph-bench`'s measured runs.
///
/// Its standard input is a pipe this object writes, or `/dev/null`; its standard output a pipe
/// this object reads, or a file; its standard error the parent's, or a file. It starts with a
/// shell's signal dispositions and an empty signal mask, whatever the parent ignores or blocks,
/// and may lead a process group (or a session) of its own.
///
/// It is always reaped: by ``wait()``, by ``stopAll()`` on an interruption, or, when it is
/// released unwaited, killed and reaped then.
public final class ChildProcess {
  /// Where the child's standard input comes from.
  public enum Input: Sendable {
    /// A pipe written with ``send(_:)`` until ``closeInput()``.
    case pipe
    /// `/dev/null`.
    case nothing
  }

  /// Where the child's standard output or error goes.
  public enum Output: Sendable {
    /// A pipe read with ``read()``; for standard output only.
    case pipe
    /// A file, created or truncated.
    case file(String)
    /// The parent's.
    case inherited
  }

  /// The process group the child runs in.
  public enum Group: Sendable {
    /// Its parent's: a terminal's signals reach both.
    case parents
    /// One it leads: a terminal's Ctrl-C and Ctrl-Z reach only the parent, which stops or
    /// suspends it (``stopAll()``, ``suspendAll()``).
    case own
    /// A new session it leads, with no controlling terminal: every process it starts stays in
    /// that session, whatever their groups (for tests that look for what a command left behind).
    case newSession
  }

  /// How a process ended.
  public enum Termination: Equatable, Sendable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)

    public var description: String {
      switch self {
      case .exited(let status): return "exited with status \(status)"
      case .signaled(let signal): return "was killed by signal \(signal) (\(Self.name(of: signal)))"
      }
    }

    /// The system's name of a signal: `Segmentation fault`, `Killed`.
    public static func name(of signal: Int32) -> String { String(cString: strsignal(signal)) }
  }

  /// How a process ended and what it used, from `wait4`.
  public struct Ending: Sendable {
    public var termination: Termination
    /// The processor time it used (user and system).
    public var cpuTime: Duration
    /// Its peak resident memory, in bytes; nil when it was reaped elsewhere (``stopAll()``).
    public var peakMemory: Int?
  }

  /// Why a process could not be started.
  public struct StartError: Error, Sendable, CustomStringConvertible {
    public var executable: String
    public var reason: String
    public var description: String { "cannot start \(executable): \(reason)" }
  }

  public let pid: pid_t
  /// The command line, for messages.
  public let command: String
  /// Whether the child leads its own process group: signals for it go to the group.
  private let leadsGroup: Bool
  /// The write end of the pipe on the child's standard input; -1 when there is none or it is closed.
  private var input: Int32 = -1
  /// The read end of the pipe on the child's standard output; -1 when there is none or it is closed.
  private var output: Int32 = -1
  private var ending: Ending?

  /// The running executable: `/proc/self/exe` where there is one, else the first argument.
  public static var currentExecutable: String {
    if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
    return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
  }

  /// Starts `executable` with `arguments`.
  ///
  /// - Parameters:
  ///   - environment: Variables added to (or replacing) the parent's.
  ///   - isWorker: A job's worker: ``stopAll()`` kills it and ``suspendAll()`` suspends it; once
  ///     ``stopAll()`` has run, no worker starts.
  public init(
    _ executable: String, arguments: [String], environment: [String: String] = [:], standardInput: Input = .nothing,
    standardOutput: Output = .inherited, standardError: Output = .inherited, group: Group = .parents,
    isWorker: Bool = false
  ) throws(StartError) {
    command = ([executable] + arguments).joined(separator: " ")
    leadsGroup = group != .parents
    func failure(_ code: Int32) -> StartError {
      StartError(executable: executable, reason: String(cString: strerror(code)))
    }
    var inputPipe: [Int32] = [-1, -1]
    var outputPipe: [Int32] = [-1, -1]
    defer { for end in [inputPipe[0], outputPipe[1]] where end >= 0 { close(end) } }
    if case .pipe = standardInput, Syscalls.pipeClosingOnExec(&inputPipe) != 0 { throw failure(errno) }
    if case .pipe = standardOutput, Syscalls.pipeClosingOnExec(&outputPipe) != 0 {
      let code = errno
      for end in inputPipe where end >= 0 { close(end) }
      throw failure(code)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // dup2 clears close-on-exec on the copy; every other end closes in the child.
    if inputPipe[0] >= 0 {
      posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    for (descriptor, destination) in [(Int32(1), standardOutput), (2, standardError)] {
      switch destination {
      case .pipe where descriptor == 1: posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
      case .file(let path):
        posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
      case .pipe, .inherited: break
      }
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A shell's dispositions: the parent ignores SIGPIPE and, while it handles interruptions,
    // SIGINT, SIGTERM and SIGHUP; a child must not inherit that.
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in Self.resetSignals { sigaddset(&defaults, number) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
    switch group {
    case .parents: break
    case .own:
      flags |= Int32(POSIX_SPAWN_SETPGROUP)
      posix_spawnattr_setpgroup(&attributes, 0)
    case .newSession:
      // POSIX_SPAWN_SETSID (glibc 2.26), which Swift does not import.
      flags |= 0x80
    }
    posix_spawnattr_setflags(&attributes, Int16(flags))
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let environ = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + environ { free(pointer) } }
    var pid: pid_t = 0
    let code = Self.register(isWorker: isWorker, leadsGroup: leadsGroup) {
      let code = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
      return (code, code == 0 ? pid : nil)
    }
    guard code == 0 else {
      for end in [inputPipe[1], outputPipe[0]] where end >= 0 { close(end) }
      throw failure(code)
    }
    self.pid = pid
    input = inputPipe[1]
    output = outputPipe[0]
    (inputPipe[1], outputPipe[0]) = (-1, -1)
  }

  deinit {
    closeInput()
    if output >= 0 { close(output) }
    if ending == nil {
      signal(SIGKILL)
      _ = wait()
    }
  }

  /// The signals a child starts with at their default action.
  private static let resetSignals = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU, SIGCHLD, SIGUSR1, SIGUSR2, SIGALRM,
  ]

  // MARK: - Talking to it

  /// Writes `data` to the child's standard input; false when it could not (it ended, or its input
  /// is closed). The parent ignores SIGPIPE (see ``WorkerPool``), so a child that died makes the
  /// write fail instead of ending the parent.
  @discardableResult
  public func send(_ data: Data) -> Bool {
    guard input >= 0 else { return false }
    return data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(input, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return false }
        offset += written
      }
      return true
    }
  }

  /// Closes the child's standard input: it reads the end of it.
  public func closeInput() {
    if input >= 0 { close(input) }
    input = -1
  }

  /// What the child wrote since the last call (call it when ``waitForOutput(_:timeout:)`` says it
  /// is readable): nil at the end of its output, after which the pipe is closed.
  public func read() -> [UInt8]? {
    guard output >= 0 else { return nil }
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var count: Int
    repeat { count = Glibc.read(output, &buffer, buffer.count) } while count < 0 && errno == EINTR
    guard count > 0 else {
      close(output)
      output = -1
      return nil
    }
    buffer.removeSubrange(count...)
    return buffer
  }

  /// Waits until at least one of `processes` has output to read (or has ended), or `timeout` has
  /// passed; returns those that have (none after a timeout).
  public static func waitForOutput(_ processes: [ChildProcess], timeout: Duration? = nil) -> [ChildProcess] {
    var descriptors = processes.map { pollfd(fd: $0.output, events: Int16(POLLIN), revents: 0) }
    // Rounded up to the next millisecond, so that a deadline is never polled for just before it.
    let milliseconds =
      timeout.map { timeout -> Int32 in
        let (seconds, attoseconds) = timeout.components
        guard seconds < 86_400 * 365 else { return Int32.max }
        return Int32(clamping: max(0, seconds) * 1000 + max(0, attoseconds) / 1_000_000_000_000_000 + 1)
      } ?? -1
    while poll(&descriptors, nfds_t(descriptors.count), milliseconds) < 0 {
      guard errno == EINTR else { return processes }
    }
    return zip(processes, descriptors).filter { $0.1.revents != 0 }.map(\.0)
  }

  /// Sends `signal` to the child, and to its process group when it leads one; nothing once it is
  /// reaped (its number may be another process's by then).
  public func signal(_ number: Int32) {
    guard ending == nil else { return }
    kill(leadsGroup ? -pid : pid, number)
  }

  /// Whether the child is stopped (Ctrl-Z, SIGSTOP): the time it spends so is not time it could
  /// work. From Linux's `/proc/PID/stat`; false elsewhere.
  public var isSuspended: Bool {
    guard ending == nil, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    // `PID (NAME) STATE …`: the name may hold spaces and parentheses, the state follows the last ")".
    let state = stat[stat.index(after: close)...].drop { $0 == " " }.first
    return state == "T" || state == "t"
  }

  // MARK: - Reaping

  /// Waits for the child to end, reaps it, and returns how it ended (the same answer again on
  /// later calls).
  @discardableResult
  public func wait() -> Ending {
    if let ending { return ending }
    var status: Int32 = 0
    var usage = rusage()
    var result: pid_t
    repeat { result = wait4(pid, &status, 0, &usage) } while result < 0 && errno == EINTR
    Self.forget(pid)
    let ended: Ending
    if result == pid {
      // Linux reports ru_maxrss in kibibytes, macOS in bytes.
      #if os(Linux)
        let peak = Int(usage.ru_maxrss) * 1024
      #else
        let peak = Int(usage.ru_maxrss)
      #endif
      ended = Ending(
        termination: status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signaled(status & 0x7f),
        cpuTime: Self.duration(usage.ru_utime) + Self.duration(usage.ru_stime), peakMemory: peak)
    } else {
      // Reaped already by an interruption (stopAll), which exits the process next.
      ended = Ending(termination: .signaled(SIGKILL), cpuTime: .zero, peakMemory: nil)
    }
    ending = ended
    return ended
  }

  private static func duration(_ time: timeval) -> Duration {
    .seconds(Int64(time.tv_sec)) + .microseconds(Int64(time.tv_usec))
  }

  // MARK: - Every worker of the process

  private static let lock = NSLock()
  /// The running workers, each with whether it leads its process group.
  nonisolated(unsafe) private static var workers: [pid_t: Bool] = [:]
  nonisolated(unsafe) private static var isStopped = false

  /// Runs `spawn` (unless the workers are stopped, for a worker) and remembers the worker it started.
  private static func register(
    isWorker: Bool, leadsGroup: Bool, _ spawn: () -> (code: Int32, pid: pid_t?)
  ) -> Int32 {
    lock.lock()
    defer { lock.unlock() }
    guard !isWorker || !isStopped else { return ECANCELED }
    let (code, pid) = spawn()
    if isWorker, let pid { workers[pid] = leadsGroup }
    return code
  }

  private static func forget(_ pid: pid_t) {
    lock.lock()
    defer { lock.unlock() }
    workers[pid] = nil
  }

  /// Kills every worker process and reaps it, so that none writes another file, and lets no other
  /// start: for an interruption, which exits next.
  public static func stopAll() {
    lock.lock()
    isStopped = true
    let running = workers
    workers.removeAll()
    lock.unlock()
    // A worker that leads its process group takes what it may have started with it.
    for (pid, leadsGroup) in running { kill(leadsGroup ? -pid : pid, SIGKILL) }
    for pid in running.keys {
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
  }

  /// Suspends every worker (SIGSTOP to its group), for a Ctrl-Z that reached only the parent.
  public static func suspendAll() { signalAll(SIGSTOP) }

  /// Lets every worker go on (SIGCONT to its group), once the parent is continued.
  public static func resumeAll() { signalAll(SIGCONT) }

  private static func signalAll(_ number: Int32) {
    lock.lock()
    defer { lock.unlock() }
    for (pid, leadsGroup) in workers { kill(leadsGroup ? -pid : pid, number) }
  }
}
