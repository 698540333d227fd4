import Foundation
import Testing

@testable import VCGraphJobs

/// `vcgraph` started in a session of its own, as a shell starts a job, without a terminal: every
/// process it starts stays in that session whatever its process group, so what it leaves behind
/// is found by session id in Linux's `/proc`. The session's id is the command's process id, and so
/// is its process group's: a "terminal" signal goes to `-session`.
final class SessionRun {
  let process: ChildProcess
  private let capture: URL

  init(_ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws {
    capture = FileManager.default.temporaryDirectory.appendingPathComponent("vcgraph-session-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
    let executable = try #require(vcgraphExecutable, "the vcgraph executable is not built")
    // The shell goes into the folder and becomes vcgraph (exec): the same process, the session's leader.
    process = try ChildProcess(
      "/bin/sh", arguments: ["-c", "cd \"$0\" && exec \"$@\"", directory.path, executable.path] + arguments,
      environment: environment, standardOutput: .file(capture.appendingPathComponent("stdout").path),
      standardError: .file(capture.appendingPathComponent("stderr").path), group: .newSession)
  }

  deinit {
    try? FileManager.default.removeItem(at: capture)
  }

  var session: pid_t { process.pid }

  /// Sends `signal` to the command's process group, as a terminal sends Ctrl-C or Ctrl-Z.
  func signalGroup(_ signal: Int32) {
    kill(-session, signal)
  }

  /// Waits for the command to end and reaps it; what it printed and how it ended (128 + the
  /// signal's number for a signal, as a shell says).
  func wait() throws -> CommandResult {
    let status: Int32
    switch process.wait().termination {
    case .exited(let code): status = code
    case .signaled(let signal): status = 128 + signal
    }
    return CommandResult(
      status: status,
      standardOutput: try String(contentsOf: capture.appendingPathComponent("stdout"), encoding: .utf8),
      standardError: try String(contentsOf: capture.appendingPathComponent("stderr"), encoding: .utf8))
  }

  /// The processes of the session now (the command's and every one it started, in any state).
  var processes: [SessionProcess] { SessionProcess.all(inSession: session) }

  /// Polls until `condition` holds of the session's processes, or `tries` looks have failed (10 ms
  /// apart: a cap that only stops a hang, never a measure of time); returns them, or nil.
  func poll(tries: Int = 3000, until condition: ([SessionProcess]) -> Bool) -> [SessionProcess]? {
    for _ in 0..<tries {
      let now = processes
      if condition(now) { return now }
      usleep(10_000)
    }
    return nil
  }

  /// Polls until a worker hangs in its task by the `hang` fault (`VCGRAPH_TEST_WORKER_FAULT`),
  /// which names it so; returns its process id.
  func waitForHungWorker() -> pid_t? {
    poll { $0.contains(where: \.isHung) }?.first(where: \.isHung)?.pid
  }
}

/// A process as Linux's `/proc` shows it.
struct SessionProcess: CustomStringConvertible {
  var pid: pid_t
  /// Its name (`comm`): its executable's, unless it named itself.
  var name: Substring
  /// `R`, `S`, `T` (stopped), `Z` (ended, not reaped)…
  var state: Character
  var session: pid_t
  var commandLine: String

  var isStopped: Bool { state == "T" || state == "t" }
  var isHung: Bool { name == WorkerFault.hungName }
  var description: String { "\(pid) \(state) \(commandLine)" }

  /// Every process whose session is `session`.
  static func all(inSession session: pid_t) -> [SessionProcess] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.compactMap { name -> SessionProcess? in
      guard let pid = pid_t(name), let process = read(pid), process.session == session else { return nil }
      return process
    }
  }

  private static func read(_ pid: pid_t) -> SessionProcess? {
    // `PID (NAME) STATE PPID PGRP SESSION …`: the name may hold spaces and parentheses.
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
    else { return nil }
    let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
    guard fields.count > 3, let state = fields[0].first, let session = pid_t(fields[3]) else { return nil }
    let arguments = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
    let commandLine = String(decoding: arguments.map { $0 == 0 ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
    return SessionProcess(
      pid: pid, name: stat[stat.index(after: open)..<close], state: state, session: session, commandLine: commandLine)
  }
}
