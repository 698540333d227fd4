import VCGraph

extension Diagram {
  /// The diagram of every step of a replay, in step order, each marking what changed since the
  /// step before: what was added outlined in blue, what changed in orange, what was removed drawn
  /// faded where it was. Each diagram is made as it is read, from the replay's frames.
  ///
  /// The first step is not marked: everything on it is new, so marking it against the unattached
  /// controllers the scenario starts from would outline the whole diagram and tell nothing.
  public static func frames(of replay: Replay, showsEvents: Bool = false) -> some Sequence<Diagram> {
    let stepCount = replay.scenario.steps.count
    let title = replay.scenario.title
    return sequence(state: (frames: replay.frames.makeIterator(), previous: Hierarchy?.none)) { state in
      guard let frame = state.frames.next() else { return nil }
      var diagram = Diagram(frame: frame, stepCount: stepCount, title: title, showsEvents: showsEvents)
      // A scenario's hierarchies carry no addresses to match: the diff's `after` is the frame's.
      if let previous = state.previous { diagram.compare(since: previous) }
      state.previous = frame.hierarchy
      return diagram
    }
  }

  /// The diagrams of a replayed scenario's frames as `options` draw them, in step order, made one at
  /// a time as they are read: each step's callbacks when ``DrawingOptions/events`` says so, every
  /// side of a step side by side when the scenario has sides (``frames(of:showsEvents:)-(_:_)``),
  /// each folded as ``DrawingOptions/folding`` says.
  public static func frames(of scenario: ReplayedScenario, options: DrawingOptions) -> some Sequence<Diagram> {
    let frames =
      scenario.sides.isEmpty
      ? AnySequence(frames(of: scenario.replay, showsEvents: options.events))
      : AnySequence(frames(of: scenario.sides, showsEvents: options.events))
    return frames.lazy.map { diagram in
      var folded = diagram
      folded.folding = options.folding
      return folded
    }
  }
}
