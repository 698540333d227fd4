import Foundation
import VCGraph

/// Reads and replays a scenario, printing its error or warnings the way compilers do.
enum ScenarioLoading {
  /// The scenario files named on the command line: files as given, folders replaced by the
  /// `.yaml`, `.yml` and `.json` files directly inside them, in name order.
  static func expand(_ paths: [String]) -> [String] {
    paths.flatMap { path -> [String] in
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
        let names = try? FileManager.default.contentsOfDirectory(atPath: path)
      else { return [path] }
      return names.filter { ["yaml", "yml", "json"].contains(($0 as NSString).pathExtension.lowercased()) }
        .sorted()
        .map { (path as NSString).appendingPathComponent($0) }
    }
  }

  /// The replay of the scenario at `path`, or nil after printing why it failed.
  static func replay(_ path: String) -> Replay? {
    do {
      let replay = try Replay(try Scenario(contentsOfFile: path))
      for warning in replay.warnings { printError(warning.description) }
      return replay
    } catch {
      printError(error.description)
      return nil
    }
  }

  /// Checks that `step` is a step of the replayed scenario; prints why not.
  static func checkStep(_ step: Int?, in replay: Replay) -> Bool {
    guard let step, replay.frame(step) == nil else { return true }
    let count = replay.scenario.steps.count
    printError(
      "\(replay.scenario.path): error: --step \(step) is out of range; the scenario has \(count) step\(count == 1 ? "" : "s")"
    )
    return false
  }
}
