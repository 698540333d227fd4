/// A scenario played step by step: the hierarchy after each step and the callbacks each step made.
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
    var running: AppearanceTransition?
    for step in scenario.steps {
      do {
        let outcome = try hierarchy.apply(
          step.action, animated: step.isAnimated, during: step.isDuringPreviousAnimation ? running : nil)
        running = outcome.transition
        frames.append(
          Frame(
            step: step, hierarchy: hierarchy, events: outcome.events,
            warnings: outcome.warnings.map { ReplayWarning($0, step: step) }))
      } catch {
        throw ScenarioError(.rule(error), at: step.location, step: StepReference(step))
      }
    }
    self.frames = frames
  }

  /// Every warning of every step, in step order.
  public var warnings: [ReplayWarning] { frames.flatMap(\.warnings) }

  /// What `vcgraph check` reports beyond the warnings: a step that says `expect: warning` must give
  /// one, and a warning in a step that does not say so fails the check.
  public var unexpectedWarnings: [ReplayWarning] {
    frames.filter { !$0.step.expectsWarning }.flatMap(\.warnings)
  }

  /// The steps that say `expect: warning` but replayed without one.
  public var missingWarnings: [Step] {
    frames.filter { $0.step.expectsWarning && $0.warnings.isEmpty }.map(\.step)
  }

  /// The frame of step `number` (counting from 1).
  public func frame(_ number: Int) -> Frame? {
    frames.indices.contains(number - 1) ? frames[number - 1] : nil
  }
}

/// The hierarchy after one step, with what that step did and reported.
public struct Frame: Sendable {
  public let step: Step
  public let hierarchy: Hierarchy
  /// The callbacks UIKit made during the step, in order.
  public let events: [LifecycleEvent]
  public let warnings: [ReplayWarning]
}
