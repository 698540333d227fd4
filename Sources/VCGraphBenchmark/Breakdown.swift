import Foundation
import VCGraph
import VCGraphviz

/// Where the time of one scenario's render goes, measured in process with vcgraph's library, the way
/// `vcgraph render` does it.
struct Breakdown {
  var frames: Int
  /// Reading the file and parsing the YAML into a ``Scenario``.
  var parsing: Duration
  /// Replaying the steps with UIKit's rules.
  var replay: Duration
  /// `Renderer.render(_:formats:…)`: diagrams, the stable layout and every frame through Graphviz.
  var rendering: Duration
  /// `OutputDirectory.writeFrames`: the frames and `index.json`, written all or nothing.
  var writing: Duration
  /// The part of `rendering` spent inside Graphviz.
  var graphviz: GraphvizTimes

  /// Everything, from reading the file to the last file written.
  var total: Duration { parsing + replay + rendering + writing }

  /// Graphviz's own work: layout and rendering. Building cgraph graphs is vcgraph's choice of how to
  /// hand a graph over, so it counts as vcgraph's work.
  var graphvizWork: Duration { graphviz.layout + graphviz.rendering }

  /// vcgraph's own work: parsing, replay, graph building and writing files.
  var ownWork: Duration { total - graphvizWork }

  /// Renders the scenario at `path` in `formats` into `folder` with `renderer`, timing each phase.
  static func measure(
    scenario path: String, formats: [OutputFormat], into folder: String, renderer: Renderer
  ) throws(BenchmarkError) -> Breakdown {
    let clock = ContinuousClock()
    do {
      let start = clock.now
      let scenario = try Scenario(contentsOfFile: path)
      let parsed = clock.now
      let replay = try Replay(scenario)
      let replayed = clock.now
      renderer.resetGraphvizTimes()
      let rendered = try render(replay, formats: formats, renderer: renderer)
      let drawn = clock.now
      let graphviz = renderer.graphvizTimes
      do {
        try OutputDirectory(path: folder).writeFrames(rendered.frames, index: rendered.index)
      } catch {
        throw BenchmarkError.output(error)
      }
      let written = clock.now
      return Breakdown(
        frames: replay.frames.count, parsing: start.duration(to: parsed), replay: parsed.duration(to: replayed),
        rendering: replayed.duration(to: drawn), writing: drawn.duration(to: written), graphviz: graphviz)
    } catch let error as ScenarioError {
      throw .scenario(error)
    } catch let error as BenchmarkError {
      throw error
    } catch {
      throw .unexpectedWorkload("\(error)")
    }
  }

  private static func render(
    _ replay: Replay, formats: [OutputFormat], renderer: Renderer
  ) throws(BenchmarkError) -> RenderedScenario {
    do {
      return try renderer.render(replay, formats: formats)
    } catch {
      throw .render(error)
    }
  }
}
