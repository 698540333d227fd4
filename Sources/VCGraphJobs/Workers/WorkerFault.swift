import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a test asks a worker to suffer, as Graphviz might, before it draws part of one input:
/// `VCGRAPH_TEST_WORKER_FAULT=KIND:NAME:STEP` strikes before step STEP of the input whose file is
/// named NAME (step 0: while a scenario's frames are laid out together, to be shared), and
/// `KIND:NAME` before every graph of that input (`import`, `storyboard`, `diff`: `diff` is the
/// name of a diff's picture).
///
/// KIND is `segv` or `abort` (a crash), `hang` (never returns), or `oom` (takes memory until
/// none is left, then aborts). It is the one hook through which the tests check that every command
/// survives a Graphviz crash, hang or memory bomb without one at hand; nothing else sets it.
struct WorkerFault {
  static let variable = "VCGRAPH_TEST_WORKER_FAULT"
  /// The name a worker hanging by this fault takes.
  static let hungName = "vcgraph-hung"
  var kind: Substring
  var name: Substring
  /// The step it strikes before; nil for every graph of the input.
  var step: Int?

  /// The fault the environment asks for, if any.
  static var current: WorkerFault? { WorkerFault(ProcessInfo.processInfo.environment[variable]) }

  init?(_ text: String?) {
    let parts = text?.split(separator: ":", omittingEmptySubsequences: false) ?? []
    guard parts.count == 2 || parts.count == 3, ["segv", "abort", "hang", "oom"].contains(parts[0]) else { return nil }
    (kind, name) = (parts[0], parts[1])
    if parts.count == 3 {
      guard let step = Int(parts[2]) else { return nil }
      self.step = step
    }
  }

  /// Strikes when `path` is the input's and `step` the step (nil: a graph of the input).
  func strike(path: String, step: Int?) {
    guard step == self.step, (path as NSString).lastPathComponent == name else { return }
    switch kind {
    case "segv":
      signal(SIGSEGV, SIG_DFL)
      raise(SIGSEGV)
    case "abort":
      signal(SIGABRT, SIG_DFL)
      abort()
    case "hang":
      // Named so, a test can tell the worker holds its task and hangs (`/proc/PID/stat`).
      Syscalls.nameThisThread(Self.hungName)
      while true { pause() }
    default:
      // Takes memory, touching every page, until an allocation fails; then dies as Graphviz does.
      while let block = malloc(64 << 20) { memset(block, 1, 64 << 20) }
      signal(SIGABRT, SIG_DFL)
      abort()
    }
  }
}
