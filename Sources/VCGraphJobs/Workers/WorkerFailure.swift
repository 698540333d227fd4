import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a worker failed its input, in the one wording every job prints: what Graphviz was doing,
/// how its process ended, what to do about it, and where the graph it was drawing is kept.
///
/// ```
/// flow.yaml: error: Graphviz crashed while drawing step 3 as svg, png (signal 11, Segmentation fault); the frame's graph, for a Graphviz bug report: out/flow-step-3.crash.dot
/// Shop.storyboard: error: Graphviz did not finish drawing it as svg within 120 s and was stopped (--graphviz-timeout); draw less of it: …
/// ```
struct WorkerFailure {
  /// What the worker was doing: `drawing step 3 as svg, png`, `laying out the frames of its steps
  /// together`, `drawing it as svg`.
  var what: String
  var ending: ChildProcess.Ending
  /// True when the worker was stopped for saying nothing for longer than the time limit.
  var timedOut: Bool
  var limits: WorkerLimits
  /// What to do when Graphviz takes too long or too much memory (``advice(offeringJSON:)``).
  var advice: String

  /// Whether the graph Graphviz was drawing is worth keeping for a bug report: not when it merely
  /// needed more memory than it may take.
  var keepsGraph: Bool { timedOut || !limits.ranOut(peak: ending.peakMemory) }

  /// The message, without the input's path in front.
  var message: String {
    if timedOut {
      return
        "Graphviz did not finish \(what) within \(limits.timeout) s and was stopped (--graphviz-timeout); \(advice)"
    }
    if limits.ranOut(peak: ending.peakMemory) {
      return "Graphviz ran out of memory while \(what) (it may take \(limits.memory) GB, --graphviz-memory); \(advice)"
    }
    switch ending.termination {
    case .signaled(SIGKILL):
      // Not Graphviz's doing: someone, or the kernel short of memory, killed the worker.
      return "the worker process rendering it was killed by signal 9 (Killed) while \(what)"
    case .signaled(let signal):
      return "Graphviz crashed while \(what) (signal \(signal), \(ChildProcess.Termination.name(of: signal)))"
    case .exited(0):
      return "the worker process ended while \(what), before it was done"
    case .exited(let status):
      return "the worker process exited with status \(status) while \(what)"
    }
  }

  /// What to do when Graphviz takes too long or too much memory: draw less, by the means the
  /// command has (`--format json` for a command that writes it).
  static func advice(offeringJSON: Bool) -> String {
    offeringJSON
      ? "draw less of it: fold more (--fold all), focus on a part (--focus ID), or write --format json"
      : "draw less of it: fold more (--fold all) or focus on a part (--focus ID)"
  }

  /// Keeps the graph Graphviz was handed, as DOT written by cgraph alone in this process (no
  /// layout), in `folder` as `NAME.crash.dot`, beside the output; returns what the message adds:
  /// `; the frame's graph, for a Graphviz bug report: PATH` (`noun` is "the frame's graph", "the
  /// graph"), or why it could not be kept.
  static func keep(_ noun: String, named name: String, in folder: String, source: () throws -> [UInt8]) -> String {
    let path = (folder as NSString).appendingPathComponent("\(name).crash.dot")
    do {
      let dot = try source()
      if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
      try Data(dot).write(to: URL(fileURLWithPath: path))
      return "; \(noun), for a Graphviz bug report: \(path)"
    } catch {
      return "; \(noun) could not be kept: \(error)"
    }
  }
}
