import Testing

@testable import VCGraph

/// The path scenarios written inline in tests are read from; messages start with it.
let inlinePath = "test.yaml"

/// Parses scenario text as if it were read from ``inlinePath``.
func scenario(_ yaml: String) throws -> Scenario {
  try Scenario(yaml: yaml, path: inlinePath)
}

/// Parses and replays scenario text.
func replay(_ yaml: String) throws -> Replay {
  try Replay(try scenario(yaml))
}

/// The hierarchy after the last step of `yaml`.
func finalHierarchy(_ yaml: String) throws -> Hierarchy {
  try #require(try replay(yaml).frames.last).hierarchy
}

/// The error that reading or replaying `yaml` throws, or nil when both succeed.
func scenarioError(_ yaml: String) -> ScenarioError? {
  do {
    _ = try Replay(try Scenario(yaml: yaml, path: inlinePath))
    return nil
  } catch {
    return error
  }
}

/// Expects reading or replaying `yaml` to fail with exactly `description`
/// (`test.yaml:line:column: error: …`, as the CLI prints it).
func expectError(
  _ yaml: String, _ description: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  guard let error = scenarioError(yaml) else {
    Issue.record("the scenario was accepted; expected \(description)", sourceLocation: sourceLocation)
    return
  }
  #expect(error.description == description, sourceLocation: sourceLocation)
}

/// The UIKit rule that replaying `yaml` breaks, or nil when it breaks none.
func ruleViolation(_ yaml: String) -> RuleViolation? {
  guard case let .rule(violation)? = scenarioError(yaml)?.problem else { return nil }
  return violation
}

/// Expects replaying `yaml` to break a UIKit rule whose message is exactly `message`.
func expectViolation(
  _ yaml: String, _ message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  guard let error = scenarioError(yaml) else {
    Issue.record("the scenario was accepted; expected: \(message)", sourceLocation: sourceLocation)
    return
  }
  guard case let .rule(violation) = error.problem else {
    Issue.record("expected a rule violation, got \(error)", sourceLocation: sourceLocation)
    return
  }
  #expect(violation.message == message, sourceLocation: sourceLocation)
}

/// Expects the last step of `yaml` to be a misuse UIKit only logs: the step warns with exactly
/// `message`, makes no callback, and leaves the hierarchy as the step before left it.
func expectRefusal(
  _ yaml: String, _ message: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  let replayed: Replay
  do {
    replayed = try replay(yaml)
  } catch {
    Issue.record("expected a logged misuse (\(message)), got \(error)", sourceLocation: sourceLocation)
    return
  }
  guard let last = replayed.frames.last else { return }
  #expect(last.warnings.map(\.message) == [message], sourceLocation: sourceLocation)
  #expect(last.events.isEmpty, sourceLocation: sourceLocation)
  if replayed.frames.count > 1 {
    #expect(last.hierarchy == replayed.frames[replayed.frames.count - 2].hierarchy, sourceLocation: sourceLocation)
  }
}

extension Hierarchy {
  /// The appearance state of `id`.
  func state(_ id: String) -> AppearanceState? { self[id]?.appearance }

  /// The ids of the controllers whose appearance is `.appeared`, in declaration order.
  var appearedIDs: [String] { viewControllers.filter { $0.appearance == .appeared }.map(\.id) }

  /// The ids of the controllers whose view is loaded, in declaration order.
  var loadedIDs: [String] { viewControllers.filter(\.isViewLoaded).map(\.id) }
}
