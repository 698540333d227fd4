/// A scenario replayed as its frames are drawn: once, or once per horizontal size class, each frame
/// then drawing every side (`vcgraph render --size-classes compact,regular`).
///
/// It is what the frames of a scenario are drawn from (`Renderer.renderFrames(of:formats:options:…)`
/// in VCGraphviz), so the replay and its sides travel as one value.
public struct ReplayedScenario: Sendable {
  /// The scenario replayed; with ``sides``, the first side's replay.
  public let replay: Replay
  /// The scenario replayed once per horizontal size class, in the order the sides are drawn
  /// (``Replay/sides(of:sizeClasses:)``); empty to draw the replay as it is.
  public let sides: [Replay.Side]

  /// The scenario drawn as it replays.
  public init(_ replay: Replay) {
    self.replay = replay
    sides = []
  }

  /// The scenario drawn once per side, side by side, in the order given; `sides` must not be empty.
  public init(sides: [Replay.Side]) {
    precondition(!sides.isEmpty, "a scenario drawn by sides has at least one side")
    replay = sides[0].replay
    self.sides = sides
  }

  /// `scenario` replayed, once per size class of `sizeClasses` when there are any.
  ///
  /// - Throws: ``ScenarioError`` when a step breaks one of UIKit's rules, or ``Replay/SideError``
  ///   when it does on one side.
  public init(_ scenario: Scenario, sizeClasses: [SizeClass] = []) throws {
    if sizeClasses.isEmpty {
      self.init(try Replay(scenario))
    } else {
      self.init(sides: try Replay.sides(of: scenario, sizeClasses: sizeClasses))
    }
  }

  /// The scenario replayed.
  public var scenario: Scenario { replay.scenario }
}
