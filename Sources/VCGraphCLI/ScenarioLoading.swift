import VCGraph

/// Reads and replays a scenario, printing its error or warnings the way compilers do.
enum ScenarioLoading {
  /// The replay of the scenario at `path`, or nil after printing why it failed.
  static func replay(_ path: String) -> Replay? {
    do {
      let replay = try Replay(try Scenario(contentsOfFile: path))
      for line in replay.warningLines { printError(line) }
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
