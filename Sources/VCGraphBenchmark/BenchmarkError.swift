import VCGraph
import VCGraphviz

/// Why the benchmark could not measure something.
enum BenchmarkError: Error, CustomStringConvertible {
  /// A program it needs is not installed, or not where it looked.
  case missingProgram(name: String, looked: String, fix: String)
  /// A child process could not be started or waited for.
  case cannotStart(command: String, reason: String)
  /// A child process exited with an error.
  case childFailed(command: String, status: String, output: String)
  /// A file of the workload could not be written or read.
  case file(path: String, reason: String)
  /// A generated workload did not give what it should have.
  case unexpectedWorkload(String)
  /// vcgraph's library failed on a generated scenario.
  case scenario(ScenarioError)
  /// Graphviz failed while measured in process.
  case render(RenderError)
  /// The results could not be written where `--output` said.
  case output(OutputDirectory.WriteError)

  var description: String {
    switch self {
    case .missingProgram(let name, let looked, let fix):
      "error: cannot find `\(name)` (looked \(looked)); \(fix)"
    case .cannotStart(let command, let reason):
      "error: cannot run `\(command)`: \(reason)"
    case .childFailed(let command, let status, let output):
      "error: `\(command)` failed with \(status)\(output.isEmpty ? "" : ":\n\(output)")"
    case .file(let path, let reason):
      "\(path): error: \(reason)"
    case .unexpectedWorkload(let what):
      "error: unexpected workload: \(what)"
    case .scenario(let error):
      error.description
    case .render(let error):
      "error: \(error.description)"
    case .output(let error):
      error.description
    }
  }
}
