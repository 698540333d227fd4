import Testing

@testable import VCGraph

/// The path that scenarios written inline in tests are read from; it appears in every message.
let inlinePath = "test.yaml"

/// Parses scenario text as if read from ``inlinePath``.
func scenario(_ yaml: String) throws -> Scenario {
  try Scenario(yaml: yaml, path: inlinePath)
}

/// Parses and replays scenario text.
func replay(_ yaml: String) throws -> Replay {
  try Replay(try scenario(yaml))
}

/// The hierarchy after the last step of `yaml`.
func finalHierarchy(_ yaml: String) throws -> Hierarchy {
  let frames = try replay(yaml).frames
  return try #require(frames.last).hierarchy
}

/// The error that reading or replaying `yaml` throws, or nil when it succeeds.
func scenarioError(_ yaml: String) -> ScenarioError? {
  do {
    _ = try Replay(try Scenario(yaml: yaml, path: inlinePath))
    return nil
  } catch {
    return error
  }
}

/// The UIKit rule that replaying `yaml` breaks, or nil when it is not a rule violation.
func ruleViolation(_ yaml: String) -> RuleViolation? {
  guard case let .rule(violation)? = scenarioError(yaml)?.problem else { return nil }
  return violation
}

extension Hierarchy {
  /// The appearance state of `id`; `nil` for an unknown id.
  func state(_ id: String) -> AppearanceState? { self[id]?.appearance }

  /// The ids whose appearance is `.appeared`, in declaration order.
  var appearedIDs: [String] { viewControllers.filter { $0.appearance == .appeared }.map(\.id) }
}
