import Dispatch
import Foundation
import VCGraph

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a terminal's signals do to a command that runs jobs, handled on a background queue while
/// the main thread works.
///
/// SIGINT, SIGTERM and SIGHUP (Ctrl-C, `kill`, a closed terminal) stop the workers and reap them,
/// remove every staging folder (``OutputDirectory/Staging/discardAllForInterruption()``) and exit
/// with 128 + the signal's number, as a shell does. SIGTSTP (Ctrl-Z), SIGTTIN and SIGTTOU suspend
/// the workers, then this process; once it is continued (`fg`, `bg`), the workers go on. The
/// workers lead process groups of their own, so a terminal's signals reach this process only.
public enum Interruption {
  /// The signals that end the command, each with the exit status of a shell's job killed by it
  /// (128 + its number).
  static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
  /// The signals that suspend it.
  static let suspensions: [Int32] = [SIGTSTP, SIGTTIN, SIGTTOU]

  nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
  private static let queue = DispatchQueue(label: "vcgraph.interruption")
  private static let lock = NSLock()
  nonisolated(unsafe) private static var isUnderway = false
  nonisolated(unsafe) private static var stop: (@Sendable (Int32) -> Void)?

  /// From now on, SIGINT, SIGTERM and SIGHUP run `before` (to erase a progress line, say), stop
  /// and reap every worker, remove every staging folder and exit with 130, 143 or 129; Ctrl-Z
  /// suspends the workers with this process.
  public static func stopsJobs(before: @escaping @Sendable () -> Void = {}) {
    handle { status in
      before()
      ChildProcess.stopAll()
      OutputDirectory.Staging.discardAllForInterruption()
      exit(status)
    }
  }

  /// Stops as SIGINT, SIGTERM or SIGHUP (`number`) would, from the calling thread: for a worker
  /// found killed by one of them, which means someone is stopping vcgraph, maybe before it reached
  /// this process. Does nothing for another signal, or before ``stopsJobs(before:)``.
  static func interrupt(_ number: Int32) {
    guard signals.contains(number) else { return }
    lock.lock()
    let stop = self.stop
    if stop != nil { isUnderway = true }
    lock.unlock()
    stop?(128 + number)
  }

  /// Waits for an interruption under way to end the process, and returns at once when there is
  /// none: for the main thread before it reports a failure, which may only be the interruption's
  /// doing (a worker killed, a staging folder removed under a write).
  static func waitIfUnderway() {
    lock.lock()
    let underway = isUnderway
    lock.unlock()
    guard underway else { return }
    while true { pause() }
  }

  /// From now on, SIGINT, SIGTERM and SIGHUP run `stop` on a background queue, one at a time, with
  /// the status to exit with; `stop` is expected to exit. The stop signals suspend the workers and
  /// this process.
  ///
  /// The signals are ignored first, so the process is not ended (or stopped) before the handler
  /// runs; a worker starts with the default dispositions all the same (``ChildProcess``).
  private static func handle(_ stop: @escaping @Sendable (_ status: Int32) -> Void) {
    lock.lock()
    self.stop = stop
    lock.unlock()
    for number in signals {
      listen(to: number) {
        lock.lock()
        isUnderway = true
        lock.unlock()
        stop(128 + number)
      }
    }
    for number in suspensions {
      listen(to: number) {
        ChildProcess.suspendAll()
        // Stops here, as the terminal asked, until a SIGCONT (`fg`); then the workers go on. Sent to
        // this thread (raise), so that it stops before the call returns: sent to the process, another
        // thread could take it while this one went on to resume the workers.
        raise(SIGSTOP)
        ChildProcess.resumeAll()
      }
    }
  }

  private static func listen(to number: Int32, _ handler: @escaping @Sendable () -> Void) {
    _ = signal(number, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
    source.setEventHandler(handler: handler)
    source.resume()
    sources.append(source)
  }
}
