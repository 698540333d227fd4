extension Replay {
  /// Each warning as the line to print, in step order: `FILE:LINE:COLUMN: warning: step N (…):
  /// MESSAGE`, and for a step that says `expect: warning` (a mistake shown on purpose, as in
  /// `samples/logged-mistakes.yaml`) the same line ending in `(expected: the step says 'expect:
  /// warning')`, so that a reader tells it from a real problem.
  public var warningLines: [String] {
    let expecting = Set(scenario.steps.filter(\.expectsWarning).map(\.number))
    return warnings.map { warning in
      expecting.contains(warning.step.number)
        ? warning.description + " (expected: the step says 'expect: warning')" : warning.description
    }
  }
}
