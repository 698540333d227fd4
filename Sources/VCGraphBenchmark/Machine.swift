import Foundation

/// The machine the numbers were measured on.
struct Machine {
  var processorCount: Int
  var processorModel: String
  var graphvizVersion: String

  /// Reads the processor from `/proc/cpuinfo` and asks `dot -V` for Graphviz's version.
  static func current(dot: String, scratch: URL) -> Machine {
    let cpuInfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let model = cpuInfo.split(separator: "\n").first { $0.hasPrefix("model name") }
      .flatMap { $0.split(separator: ":", maxSplits: 1).last }
      .map { $0.trimmingCharacters(in: .whitespaces) }
    let version = MeasuredRun.output(of: dot, ["-V"], scratch: scratch)?
      .trimmingCharacters(in: .whitespacesAndNewlines)
    return Machine(
      processorCount: ProcessInfo.processInfo.activeProcessorCount,
      processorModel: model ?? "unknown (no model name in /proc/cpuinfo)",
      graphvizVersion: version ?? "unknown (`dot -V` failed)")
  }

  /// The lines the report starts with.
  var description: [String] {
    [
      "Processors: \(processorCount) (nproc)",
      "CPU: \(processorModel)",
      "Graphviz: \(graphvizVersion)",
    ]
  }
}
