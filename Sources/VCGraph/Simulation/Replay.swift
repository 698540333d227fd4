import Foundation

/// A scenario played step by step: the hierarchy after each step and the callbacks each step made.
///
/// A replay keeps the warnings of every step, not the hierarchies: ``frames`` plays the steps again
/// as it is read, one frame at a time, so a long scenario or a deep hierarchy needs the memory of
/// one hierarchy, not of one per step. Replaying is deterministic, so every reading gives the same
/// frames.
public struct Replay: Sendable {
  public let scenario: Scenario
  /// One frame per step, in step order, each made as it is read.
  public let frames: Frames
  /// The warnings of each step, in step order.
  private let stepWarnings: [[ReplayWarning]]

  /// Replays every step of `scenario` from unattached controllers.
  ///
  /// - Throws: ``ScenarioError`` for the first step that breaks one of UIKit's rules.
  public init(_ scenario: Scenario) throws(ScenarioError) {
    self.scenario = scenario
    var player = Player(scenario)
    var stepWarnings: [[ReplayWarning]] = []
    stepWarnings.reserveCapacity(scenario.steps.count)
    while let frame = try player.next() { stepWarnings.append(frame.warnings) }
    self.stepWarnings = stepWarnings
    frames = Frames(scenario: scenario)
  }

  /// Every warning of every step, in step order.
  public var warnings: [ReplayWarning] { stepWarnings.flatMap { $0 } }

  /// What `vcgraph check` reports beyond the warnings: a step that says `expect: warning` must give
  /// one, and a warning in a step that does not say so fails the check.
  public var unexpectedWarnings: [ReplayWarning] {
    zip(scenario.steps, stepWarnings).filter { !$0.0.expectsWarning }.flatMap(\.1)
  }

  /// The steps that say `expect: warning` but replayed without one.
  public var missingWarnings: [Step] {
    zip(scenario.steps, stepWarnings).filter { $0.0.expectsWarning && $0.1.isEmpty }.map(\.0)
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

extension Replay {
  /// Plays a scenario's steps one at a time from unattached controllers, keeping only the
  /// hierarchy of the step it is at.
  public struct Player: Sendable {
    private let steps: [Step]
    private var hierarchy: Hierarchy
    private var running: AppearanceTransition?
    /// True when the scenario's SDK has `viewIsAppearing(_:)`.
    private let callsViewIsAppearing: Bool
    /// How many steps have been played.
    public private(set) var position = 0

    public init(_ scenario: Scenario) {
      steps = scenario.steps
      callsViewIsAppearing = scenario.callsViewIsAppearing
      hierarchy = Hierarchy(viewControllers: scenario.viewControllers)
      hierarchy.fixedHorizontalSizeClass = scenario.fixedHorizontalSizeClass
      // Each frame is kept while the next step writes: a step then copies a few controllers, not all.
      hierarchy.controllers.spreadForSteps()
    }

    /// The frame of the next step, or nil after the last one.
    ///
    /// - Throws: ``ScenarioError`` when the step breaks one of UIKit's rules; the player stays
    ///   before that step.
    public mutating func next() throws(ScenarioError) -> Frame? {
      guard position < steps.count else { return nil }
      let step = steps[position]
      do {
        let outcome = try hierarchy.apply(
          step.action, animated: step.isAnimated, during: step.isDuringPreviousAnimation ? running : nil,
          callsViewIsAppearing: callsViewIsAppearing)
        running = outcome.transition
        position += 1
        return Frame(
          step: step, hierarchy: hierarchy, events: outcome.events,
          warnings: outcome.warnings.map { ReplayWarning($0, step: step) })
      } catch {
        throw ScenarioError(.rule(error), at: step.location, step: StepReference(step))
      }
    }
  }

  /// The frames of a replay, made as they are read: iterating plays the steps once, in order;
  /// reading one frame by its index plays up to it, from the frame read before when that is earlier.
  public struct Frames: RandomAccessCollection, Sendable {
    private let scenario: Scenario
    /// The player of the last frame read by index, so reading the frames in order by index plays
    /// each step once.
    private let cursor: Cursor

    init(scenario: Scenario) {
      self.scenario = scenario
      cursor = Cursor(Player(scenario))
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { scenario.steps.count }

    public subscript(position: Int) -> Frame {
      precondition(indices.contains(position), "frame index out of range")
      return cursor.frame(at: position, of: scenario)
    }

    public func makeIterator() -> Iterator { Iterator(player: Player(scenario)) }

    public struct Iterator: IteratorProtocol {
      var player: Player

      public mutating func next() -> Frame? {
        // The replay played every step without an error when it was made, and playing is
        // deterministic: a step cannot fail the second time.
        try? player.next()
      }
    }
  }
}

/// The player behind reading a replay's frames by index, shared by copies of the frames.
private final class Cursor: @unchecked Sendable {
  private let lock = NSLock()
  private var player: Player
  private var last: Frame?

  typealias Player = Replay.Player

  init(_ player: Player) {
    self.player = player
  }

  /// The frame at `position` (from 0); the scenario's steps replayed without an error before.
  func frame(at position: Int, of scenario: Scenario) -> Frame {
    lock.lock()
    defer { lock.unlock() }
    if let last, player.position == position + 1 { return last }
    if player.position > position { player = Player(scenario) }
    // The frame kept shares the player's hierarchy: let it go first, or the next step copies every controller.
    last = nil
    while player.position <= position {
      guard let frame = try? player.next() else {
        preconditionFailure("a step that replayed once failed the second time")
      }
      if player.position == position + 1 { last = frame }
    }
    guard let last else { preconditionFailure("no frame was played") }
    return last
  }
}
