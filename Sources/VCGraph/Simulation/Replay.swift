/// A scenario played step by step: the hierarchy after each step.
public struct Replay: Sendable {
  public let scenario: Scenario
  /// One frame per step, in step order.
  public let frames: [Frame]

  /// Replays every step of `scenario` from unattached controllers.
  ///
  /// - Throws: ``ScenarioError`` for the first step that breaks one of UIKit's rules.
  public init(_ scenario: Scenario) throws(ScenarioError) {
    self.scenario = scenario
    var hierarchy = Hierarchy(viewControllers: scenario.viewControllers)
    var frames: [Frame] = []
    frames.reserveCapacity(scenario.steps.count)
    for step in scenario.steps {
      do {
        let messages = try hierarchy.apply(step.action)
        frames.append(
          Frame(step: step, hierarchy: hierarchy, warnings: messages.map { ReplayWarning($0, step: step) }))
      } catch {
        throw ScenarioError(.rule(error), at: step.location, step: StepReference(step))
      }
    }
    self.frames = frames
  }

  /// Every warning of every step, in step order.
  public var warnings: [ReplayWarning] { frames.flatMap(\.warnings) }

  /// The frame of step `number` (counting from 1).
  public func frame(_ number: Int) -> Frame? {
    frames.indices.contains(number - 1) ? frames[number - 1] : nil
  }
}

/// The hierarchy after one step, with what that step reported.
public struct Frame: Sendable {
  public let step: Step
  public let hierarchy: Hierarchy
  public let warnings: [ReplayWarning]
}
