import Foundation
import VCGraph
import VCGraphJobs
import VCGraphviz

/// Where the time of one scenario's render goes, measured in process with vcgraph's library, the way
/// `vcgraph render` does it.
struct Breakdown {
  var frames: Int
  /// Reading the file and parsing the YAML into a ``Scenario``.
  var parsing: Duration
  /// Replaying the steps with UIKit's rules.
  var replay: Duration
  /// `Renderer.renderFrames(of:formats:options:…)`: diagrams, the stable layout and every frame through Graphviz.
  var rendering: Duration
  /// Writing each frame into the staging folder, and moving everything into place with `index.json`.
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

  /// Renders the scenario at `path` in `formats` into `folder` with `renderer`, timing each phase:
  /// in this process, with the pieces of ``VCGraphviz/RenderJob`` that `vcgraph render`'s workers and
  /// supervisor use (each frame written into the staging folder as soon as it is drawn, then
  /// everything moved into place with the index).
  static func measure(
    scenario path: String, formats: [OutputFormat], into folder: String, renderer: Renderer
  ) throws(BenchmarkError) -> Breakdown {
    let clock = ContinuousClock()
    let job = RenderJob(output: (folder as NSString).deletingLastPathComponent, options: .init(formats: formats))
    do {
      let start = clock.now
      let scenario = try Scenario(contentsOfFile: path)
      let parsed = clock.now
      let replay = try Replay(scenario)
      let replayed = clock.now
      renderer.resetGraphvizTimes()
      var entries: [RenderIndex.Entry] = []
      let staging: OutputDirectory.Staging
      do {
        staging = try OutputDirectory.Staging(OutputDirectory(path: folder))
      } catch {
        throw BenchmarkError.output(error)
      }
      let writing: Duration
      do {
        writing = try job.drawFrames(
          of: ReplayedScenario(replay), steps: nil, with: renderer, into: staging.newFiles
        ) { entry in
          entries.append(try job.adopt(entry, into: staging))
        }
      } catch let error as RenderError {
        throw BenchmarkError.render(error)
      } catch let error as OutputDirectory.WriteError {
        throw BenchmarkError.output(error)
      }
      let drawn = clock.now
      let graphviz = renderer.graphvizTimes
      do {
        _ = try job.commit(scenario, entries: entries, into: staging)
      } catch {
        throw BenchmarkError.output(error)
      }
      let committed = drawn.duration(to: clock.now)
      return Breakdown(
        frames: replay.frames.count, parsing: start.duration(to: parsed), replay: parsed.duration(to: replayed),
        rendering: replayed.duration(to: drawn) - writing, writing: writing + committed, graphviz: graphviz)
    } catch let error as ScenarioError {
      throw .scenario(error)
    } catch let error as BenchmarkError {
      throw error
    } catch {
      throw .unexpectedWorkload("\(error)")
    }
  }
}
