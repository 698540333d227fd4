import VCGraph

/// Time spent inside Graphviz, by phase, measured on a monotonic clock.
///
/// ``Renderer/graphvizTimes`` adds up every graph a renderer has built, laid out and drawn, so a
/// benchmark can tell Graphviz's own cost from vcgraph's.
public struct GraphvizTimes: Sendable, Equatable {
  /// Building cgraph graphs: `agopen`, `agsubg`, `agnode`, `agedge`, `agattr`, `agsafeset`.
  public var building: Duration
  /// Laying graphs out: `gvLayout`.
  public var layout: Duration
  /// Drawing laid-out graphs: `gvRenderData` (and `agwrite` for DOT), and `gvFreeLayout`.
  public var rendering: Duration

  /// The three phases together.
  public var total: Duration { building + layout + rendering }

  public init(building: Duration = .zero, layout: Duration = .zero, rendering: Duration = .zero) {
    self.building = building
    self.layout = layout
    self.rendering = rendering
  }
}

extension Renderer {
  /// Time spent inside Graphviz since the renderer was made or since ``resetGraphvizTimes()``:
  /// building cgraph graphs (`agopen`/`agnode`/`agedge`/`agsafeset`…), `gvLayout`, and
  /// `gvRenderData` + `gvFreeLayout`.
  public var graphvizTimes: GraphvizTimes { context.times }

  /// Starts ``graphvizTimes`` again from zero.
  public func resetGraphvizTimes() {
    context.times = GraphvizTimes()
  }

  /// Reads each DOT source into a cgraph graph with `agmemread` (not timed), then times only
  /// `gvLayout` + `gvRenderData` (+ `gvFreeLayout`/`agclose` not timed) of each, in each format:
  /// Graphviz alone, for the benchmark.
  ///
  /// A graph is laid out by `engine` when one is given (`dot`: Graphviz laying out every frame
  /// itself, whatever positions the source sets), else by the engine its `layout` attribute names
  /// (`nop2` for a frame whose positions are set), else by `dot`. ``OutputFormat/dot`` asks
  /// Graphviz's own DOT writer, after layout. The time is not added to ``graphvizTimes``.
  public func timeGraphvizAlone(
    dotSources: [[UInt8]], formats: [OutputFormat], engine: String? = nil
  ) throws(RenderError) -> Duration {
    try context.timeAlone(dotSources: dotSources, formats: formats, engine: engine)
  }
}

/// Adds up the time of the calls it measures; a `ContinuousClock` reading costs tens of nanoseconds.
struct GraphvizStopwatch {
  private static let clock = ContinuousClock()
  private let start = GraphvizStopwatch.clock.now

  /// The time since this stopwatch was made.
  var elapsed: Duration { start.duration(to: GraphvizStopwatch.clock.now) }
}
