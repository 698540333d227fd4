import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process started with `posix_spawn`: its standard input is written once and closed, its
/// standard output read a line at a time, its standard error is the parent's.
///
/// The raw C calls of the supervised workers (``RenderJob``'s, and the drawing processes of
/// `import`, `storyboard` and `diff`) live here.
public final class WorkerProcess {
  /// How a process ended.
  public enum Termination: Equatable, Sendable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)
    /// Killed by its parent for saying nothing for this many seconds.
    case stopped(after: Int)

    public var description: String {
      switch self {
      case .exited(let status): return "exited with status \(status)"
      case .signaled(let signal): return "was killed by signal \(signal) (\(String(cString: strsignal(signal))))"
      case .stopped(let seconds): return "was stopped after \(seconds) s without a word"
      }
    }
  }

  /// Why a process could not be started.
  public struct StartError: Error, CustomStringConvertible {
    public var executable: String
    public var code: Int32
    public var description: String { "cannot start \(executable): \(String(cString: strerror(code)))" }
  }

  public let pid: pid_t
  /// The read end of the pipe on the process's standard output; -1 once it is closed.
  private(set) var output: Int32
  private var pending: [UInt8] = []

  /// The running executable: `/proc/self/exe` where there is one, else the first argument.
  public static var currentExecutable: String {
    if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
    return URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
  }

  /// Starts `executable` with `arguments`, writes `input` to its standard input and closes it.
  ///
  /// The process is registered with `processes` before its input is written, so an interruption
  /// can stop it from then on.
  ///
  /// With `keepsInputOpen`, its standard input stays open for ``send(_:)`` until ``closeInput()``.
  public init(
    _ executable: String, arguments: [String], input: Data, registeringWith processes: WorkerProcesses,
    keepsInputOpen: Bool = false
  ) throws {
    var inputPipe: [Int32] = [-1, -1]
    var outputPipe: [Int32] = [-1, -1]
    guard pipe(&inputPipe) == 0 else { throw StartError(executable: executable, code: errno) }
    guard pipe(&outputPipe) == 0 else {
      let code = errno
      close(inputPipe[0])
      close(inputPipe[1])
      throw StartError(executable: executable, code: code)
    }
    // Only the main thread starts processes: no other can start one before close-on-exec is set.
    for descriptor in inputPipe + outputPipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // dup2 clears close-on-exec on the copies; every other pipe end closes in the child.
    posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
    posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    // Without Swift's backtracer: a worker that Graphviz crashes dies at once, and its parent says
    // what happened in one line, instead of a page of registers.
    var variables = ProcessInfo.processInfo.environment
    variables["SWIFT_BACKTRACE"] = "enable=no"
    let environment = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + environment { free(pointer) } }
    var pid: pid_t = 0
    let code = processes.register {
      let code = posix_spawn(&pid, executable, &actions, nil, argv, environment)
      return (code, code == 0 ? pid : nil)
    }
    close(inputPipe[0])
    close(outputPipe[1])
    guard code == 0 else {
      close(inputPipe[1])
      close(outputPipe[0])
      throw StartError(executable: executable, code: code)
    }
    self.pid = pid
    output = outputPipe[0]
    self.input = inputPipe[1]
    // A worker that dies before reading its plan makes this write fail (EPIPE, SIGPIPE being
    // ignored); its end is reported by wait().
    _ = send(input)
    if !keepsInputOpen { closeInput() }
  }

  deinit {
    if output >= 0 { close(output) }
    closeInput()
  }

  /// The write end of the pipe on the process's standard input; -1 once it is closed.
  private var input: Int32

  /// Writes `data` to the process's standard input; false when it could not (the process ended).
  public func send(_ data: Data) -> Bool {
    guard input >= 0 else { return false }
    return data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(input, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return false }
        offset += written
      }
      return true
    }
  }

  /// Closes the process's standard input: it reads the end of it.
  public func closeInput() {
    if input >= 0 { close(input) }
    input = -1
  }

  /// Reads what the process wrote since the last call (call it when ``output`` is readable): the
  /// complete lines, or nil at the end of its output, after which the pipe is closed.
  public func readLines() -> [String]? {
    guard let bytes = readBytes() else { return nil }
    pending += bytes
    var lines: [String] = []
    while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
      lines.append(String(decoding: pending[..<newline], as: UTF8.self))
      pending.removeSubrange(...newline)
    }
    return lines
  }

  /// Reads what the process wrote since the last call, as bytes: nil at the end of its output,
  /// after which the pipe is closed.
  public func readBytes() -> Data? {
    var buffer = [UInt8](repeating: 0, count: 65536)
    var count: Int
    repeat { count = read(output, &buffer, buffer.count) } while count < 0 && errno == EINTR
    guard count > 0 else {
      close(output)
      output = -1
      return nil
    }
    return Data(buffer[..<count])
  }

  /// The most memory the process held at once (its peak resident set), in bytes, once ``wait()``
  /// has reaped it.
  public private(set) var peakMemory: Int?

  /// Waits for the process to end and reaps it.
  public func wait() -> Termination {
    var status: Int32 = 0
    var result: pid_t
    var usage = rusage()
    repeat { result = wait4(pid, &status, 0, &usage) } while result < 0 && errno == EINTR
    if result == pid { peakMemory = Int(usage.ru_maxrss) * 1024 }
    // Reaped already by an interruption, which exits the process next.
    guard result == pid else { return .signaled(SIGKILL) }
    return status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signaled(status & 0x7f)
  }

  /// Waits until at least one of `processes` has output to read (or has ended), or `timeout` has
  /// passed; returns those that have (none after a timeout).
  public static func waitForOutput(_ processes: [WorkerProcess], timeout: Duration? = nil) -> [WorkerProcess] {
    var descriptors = processes.map { pollfd(fd: $0.output, events: Int16(POLLIN), revents: 0) }
    // Rounded up to the next millisecond, so that a deadline is never polled for just before it.
    let milliseconds =
      timeout.map {
        Int32(clamping: $0.components.seconds * 1000 + $0.components.attoseconds / 1_000_000_000_000_000 + 1)
      }
      ?? -1
    while poll(&descriptors, nfds_t(descriptors.count), milliseconds) < 0 {
      guard errno == EINTR else { return processes }
    }
    return zip(processes, descriptors).filter { $0.1.revents != 0 }.map(\.0)
  }
}

/// The worker processes of a run, for an interruption to stop: once ``stopAll()`` has run, no other
/// starts.
public final class WorkerProcesses: @unchecked Sendable {
  private let lock = NSLock()
  private var pids: Set<pid_t> = []
  private var isStopped = false

  public init() {}

  /// Runs `spawn` unless the run is stopped, and remembers the process it started.
  fileprivate func register(_ spawn: () -> (code: Int32, pid: pid_t?)) -> Int32 {
    lock.lock()
    defer { lock.unlock() }
    guard !isStopped else { return ECANCELED }
    let (code, pid) = spawn()
    if let pid { pids.insert(pid) }
    return code
  }

  /// Forgets a process that has ended.
  public func remove(_ pid: pid_t) {
    lock.lock()
    defer { lock.unlock() }
    pids.remove(pid)
  }

  /// Kills every worker process and waits for each to end, so none writes another file.
  public func stopAll() {
    lock.lock()
    isStopped = true
    let running = pids
    pids.removeAll()
    lock.unlock()
    for pid in running { kill(pid, SIGKILL) }
    for pid in running {
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
  }
}

/// The memory a worker process may take, for Graphviz: past it, an allocation fails and the
/// worker dies, instead of the whole machine running short (a storyboard of 5,000 scenes drawn
/// without folding took 16.5 GB).
public enum WorkerMemory {
  /// The default limit, in gigabytes.
  public static let defaultGigabytes = 4

  /// Limits this process's address space to `gigabytes` (`RLIMIT_AS`); a worker calls it first.
  public static func limit(gigabytes: Int) {
    let bytes = rlim_t(gigabytes) * 1024 * 1024 * 1024
    var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
    _ = setrlimit(Int32(RLIMIT_AS.rawValue), &limit)
  }

  /// Whether a worker that died having held `peak` bytes at most most likely ran out of its
  /// `gigabytes`: it held more than half of them (the rest is address space it had reserved).
  public static func ranOut(peak: Int?, gigabytes: Int) -> Bool {
    guard let peak else { return false }
    return peak * 2 > gigabytes * 1024 * 1024 * 1024
  }

  /// What to do when Graphviz takes too long or too much memory: draw less.
  public static let advice =
    "draw less of it: fold more (--fold all), focus on a part (--focus ID), or write --format json"
}
