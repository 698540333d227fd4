import Foundation
import VCGraph
import VCGraphviz

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension RenderJob {
  /// Draws one task of the job in a worker process (``WorkerServer``): the task's frames into its
  /// staging folder, reporting the replay's warnings (its scenario's first task), each frame
  /// written, the layout kept, and the task finished or failed.
  ///
  /// The scenario is replayed here, once: the parent only read it. A task that reads a layout
  /// another task kept draws from the layout's sketches (``ScenarioLayout/isSketched``) without
  /// any replay. The session keeps the last scenario replayed and the last layout read, for the
  /// next task.
  func serve(_ task: RenderTask, in session: WorkerSession) {
    func report(_ report: WorkerReport) { session.report(report) }
    do {
      let drawer = try session.drawer()
      let scenario = try session.scenario(at: task.path)
      /// The scenario replayed, as the options draw it; its warnings told when the task asks.
      func replayed() throws -> ReplayedScenario {
        if let known = session.replayed, known.path == task.path { return known.scenario }
        let replayed =
          options.sizeClasses.isEmpty
          ? ReplayedScenario(try Replay(scenario))
          : ReplayedScenario(sides: try Replay.sides(of: scenario, sizeClasses: options.sizeClasses))
        session.replayed = (task.path, replayed)
        if task.reportsReplay {
          report(.replayed(task: task.id, warnings: warningLines(of: replayed.replay, sides: replayed.sides)))
        }
        return replayed
      }
      var stable: ScenarioLayout?
      switch task.layout {
      case .compute:
        _ = try replayed()
      case .computeAndKeep(let path):
        let replayed = try replayed()
        session.fault?.strike(path: task.path, step: 0)
        let computed = try layOut(replayed, with: drawer)
        try Self.keep(computed, at: path)
        stable = computed
        session.layout = (path, computed)
        report(.laidOut(task: task.id))
      case .read(let path):
        if let known = session.layout, known.path == path {
          stable = known.layout
        } else {
          let read = try Self.readLayout(at: path)
          stable = read
          session.layout = (path, read)
        }
      }
      let folder = URL(fileURLWithPath: task.folder, isDirectory: true)
      func willDraw(_ step: Int) {
        report(.drawing(task: task.id, step: step))
        session.fault?.strike(path: task.path, step: step)
      }
      if let stable, stable.isSketched {
        try drawFrames(
          of: scenario, layout: stable, steps: Set(task.steps), with: drawer, into: folder, willDraw: willDraw
        ) { entry in report(.frame(task: task.id, entry: entry)) }
      } else {
        try drawFrames(
          of: try replayed(), steps: Set(task.steps), stableLayout: stable, with: drawer, into: folder,
          willDraw: willDraw
        ) { entry in report(.frame(task: task.id, entry: entry)) }
      }
      report(.finished(task: task.id))
    } catch let error as RenderError {
      report(.failed(task: task.id, message: "\(task.path): error: \(error.description)"))
    } catch let error as OutputDirectory.WriteError {
      report(.failed(task: task.id, message: error.description))
    } catch let error as ScenarioError {
      report(.failed(task: task.id, message: error.description))
    } catch let error as Replay.SideError {
      report(.failed(task: task.id, message: error.description))
    } catch {
      report(.failed(task: task.id, message: String(describing: error)))
    }
  }

  /// Writes a scenario's layout for the other workers drawing its frames.
  private static func keep(_ layout: ScenarioLayout, at path: String) throws(OutputDirectory.WriteError) {
    do {
      try JSONEncoder().encode(layout).write(to: URL(fileURLWithPath: path))
    } catch {
      throw OutputDirectory.WriteError(path: path, reason: OutputDirectory.reason(error))
    }
  }

  /// Reads the layout another worker kept.
  private static func readLayout(at path: String) throws(RenderError) -> ScenarioLayout {
    do {
      return try JSONDecoder().decode(ScenarioLayout.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
      throw .inWorker("the layout another worker kept cannot be read (\(path)): \(error)")
    }
  }
}
