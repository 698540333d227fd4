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
  /// staging folder, reporting each frame written, the layout kept, and the task finished or failed.
  ///
  /// The session keeps the last scenario replayed and the last layout read, for the next task.
  func serve(_ task: RenderTask, in session: WorkerSession) {
    func report(_ report: WorkerReport) { session.report(report) }
    do {
      let drawer = try session.drawer()
      let (replay, sides) =
        try session.replayed.flatMap { $0.path == task.path ? ($0.replay, $0.sides) : nil }
        ?? replays(of: Scenario(contentsOfFile: task.path))
      session.replayed = (task.path, replay, sides)
      var stable: ScenarioLayout?
      switch task.layout {
      case .compute:
        break
      case .computeAndKeep(let path):
        session.fault?.strike(path: task.path, step: 0)
        let computed = try layOut(replay, sides: sides, with: drawer)
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
      try drawFrames(
        of: replay, sides: sides, steps: Set(task.steps), stableLayout: stable, with: drawer,
        into: URL(fileURLWithPath: task.folder, isDirectory: true),
        willDraw: { step in
          report(.drawing(task: task.id, step: step))
          session.fault?.strike(path: task.path, step: step)
        }
      ) { entry in report(.frame(task: task.id, entry: entry)) }
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
      report(.failed(task: task.id, message: "\(task.path): error: \(error)"))
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
