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

  /// The type of the file system `path` is on (`ext4`, `tmpfs`), from the longest mount point of
  /// `/proc/mounts` it lies under; nil when it cannot be read.
  static func fileSystem(of path: String) -> String? {
    let mounts = (try? String(contentsOfFile: "/proc/mounts", encoding: .utf8)) ?? ""
    var best: (point: String, type: String)?
    for line in mounts.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count >= 3 else { continue }
      // Spaces in a mount point are written `\040`.
      let point = String(fields[1]).replacingOccurrences(of: "\\040", with: " ")
      let inside = point == "/" || path == point || path.hasPrefix(point + "/")
      if inside, point.count >= (best?.point.count ?? -1) { best = (point, String(fields[2])) }
    }
    return best?.type
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
