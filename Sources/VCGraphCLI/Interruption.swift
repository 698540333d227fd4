import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SIGINT, SIGTERM and SIGHUP handled on a background queue, while the main thread is busy.
enum Interruption {
  /// The signals handled, each with the exit status of a shell's job killed by it (128 + its number).
  static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
  private static let queue = DispatchQueue(label: "vcgraph.interruption")
  private static let lock = NSLock()
  nonisolated(unsafe) private static var isUnderway = false
  nonisolated(unsafe) private static var stop: (@Sendable (Int32) -> Void)?

  /// Stops as SIGINT, SIGTERM or SIGHUP (`number`) would, from the calling thread: for a child
  /// process found killed by one of them, which means the user's Ctrl-C (or a `kill` of the
  /// process group) reached it, maybe before it reached this process. Does nothing for another
  /// signal, or before ``handle(_:)``.
  static func interrupt(_ number: Int32) {
    guard signals.contains(number) else { return }
    lock.lock()
    isUnderway = true
    let stop = self.stop
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
  /// the status to exit with (130, 143, 129); `stop` is expected to exit.
  ///
  /// The signals are ignored first, so the process is not ended before `stop` runs; child
  /// processes started later inherit them ignored.
  static func handle(_ stop: @escaping @Sendable (_ status: Int32) -> Void) {
    lock.lock()
    self.stop = stop
    lock.unlock()
    for number in signals {
      _ = signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler {
        lock.lock()
        isUnderway = true
        lock.unlock()
        stop(128 + number)
      }
      source.resume()
      sources.append(source)
    }
  }
}
