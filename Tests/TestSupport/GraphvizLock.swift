import Foundation

/// Graphviz is not thread-safe, and every test target runs in one test process: a test that uses
/// Graphviz in process (a renderer, a Graphviz context) holds this one lock, whichever target it is
/// in, so that no two tests use Graphviz at once (two locks, one a target, let an atlas test and a
/// renderer test draw together and crash the process).
public enum GraphvizLock {
  private static let lock = NSLock()

  /// Runs `body` while no other test uses Graphviz.
  public static func withGraphviz<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }
}
