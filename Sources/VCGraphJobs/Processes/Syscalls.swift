import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C calls the jobs need that Swift's C library module does not bring: looked up once by name
/// in the C library, each with the signature of its manual page. Where there is none, each says so
/// and its caller does without.
enum Syscalls {
  /// `pipe2(2)`: a pipe whose two ends close on `exec`, made so atomically, so that a process
  /// another thread starts meanwhile inherits neither end. Falls back on `pipe` and `fcntl`.
  static func pipeClosingOnExec(_ ends: inout [Int32]) -> Int32 {
    typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    if let pipe2 = function(named: "pipe2", as: Pipe2.self) { return pipe2(&ends, O_CLOEXEC) }
    guard pipe(&ends) == 0 else { return -1 }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return 0
  }

  /// `prctl(PR_SET_PDEATHSIG, signal)` (Linux): the kernel sends `signal` to this process when the
  /// thread that started it ends. False where there is no such call.
  static func killWhenParentEnds(with signal: Int32) -> Bool {
    #if os(Linux)
      typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
      // PR_SET_PDEATHSIG in <linux/prctl.h>.
      let setParentDeathSignal: Int32 = 1
      guard let prctl = function(named: "prctl", as: Prctl.self) else { return false }
      return prctl(setParentDeathSignal, UInt(signal), 0, 0, 0) == 0
    #else
      return false
    #endif
  }

  /// Lets the calling thread run only on a core nothing else wants (Linux's `SCHED_IDLE`, 5, which
  /// the Glibc module does not export; no privilege needed to lower a thread's priority): for
  /// work that may as well wait for an idle core. Nothing elsewhere.
  static func runThisThreadOnlyWhenIdle() {
    #if os(Linux)
      var parameters = sched_param(sched_priority: 0)
      _ = sched_setscheduler(0, 5, &parameters)
    #endif
  }

  /// `prctl(PR_SET_NAME, name)` (Linux): the name `/proc` shows for this thread (15 bytes at
  /// most); nothing elsewhere.
  static func nameThisThread(_ name: String) {
    #if os(Linux)
      typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
      // PR_SET_NAME in <linux/prctl.h>.
      let setName: Int32 = 15
      guard let prctl = function(named: "prctl", as: Prctl.self) else { return }
      name.withCString { _ = prctl(setName, UInt(bitPattern: $0), 0, 0, 0) }
    #endif
  }

  private static func function<Function>(named name: String, as type: Function.Type) -> Function? {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
    return unsafeBitCast(symbol, to: type)
  }
}

extension Syscalls {
  /// Writes `bytes` into a new file at `path` (replacing any), with `open(2)` and `write(2)`:
  /// Foundation's `Data.write(to:)` also `fsync`s each file, which a frame, moved into place with
  /// the scenario's others once all are drawn, does not need. Nil when it worked, else the
  /// system's reason.
  static func writeFile(_ bytes: Data, to path: String) -> String? {
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard file >= 0 else { return String(cString: strerror(errno)) }
    defer { close(file) }
    return bytes.withUnsafeBytes { buffer -> String? in
      var offset = 0
      while offset < buffer.count {
        let written = write(file, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return String(cString: strerror(errno)) }
        offset += written
      }
      return nil
    }
  }

  /// Creates an empty file at `path` unless one is there (no `O_TRUNC`); a file that cannot be made
  /// is left to the write that needs it to report.
  static func createFile(_ path: String) {
    let file = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
    if file >= 0 { close(file) }
  }
}
