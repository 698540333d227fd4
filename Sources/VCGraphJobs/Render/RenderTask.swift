import VCGraph
import VCGraphviz

/// A piece of a ``RenderJob`` that one worker process draws: some frames of one scenario.
///
/// A render job's workers get the job's ``RenderJob/Options`` in their ``WorkerHeader``, then a
/// task a line at a time (``WorkerTask/frames(_:)``), and answer each with ``WorkerReport`` lines.
struct RenderTask: Codable, Sendable, Hashable {
  /// Where the stable layout of the task's scenario comes from.
  enum Layout: Codable, Sendable, Hashable {
    /// Lay the scenario out here (it has no other task, or lays out each step on its own).
    case compute
    /// Lay the scenario out here and keep the layout in this file for its other tasks, then say so
    /// (``WorkerReport/laidOut(task:)``) before drawing.
    case computeAndKeep(String)
    /// Read it from this file, which another task wrote.
    case read(String)
  }

  /// The task's number in the job.
  var id: Int
  /// The scenario's position on the command line.
  var scenario: Int
  /// The scenario file, as given on the command line (the worker runs in the same folder).
  var path: String
  /// The numbers of the steps to draw, in order.
  var steps: [Int]
  /// The staging folder to write the frame files into, under their final names.
  var folder: String
  var layout: Layout
  /// True for the scenario's first task: it tells the replay's warnings (``WorkerReport/replayed(task:warnings:)``).
  var reportsReplay = true
}

/// The frames of one scenario to render, by step number, and what each costs.
struct ScenarioFrames: Hashable, Sendable {
  /// The scenario's position on the command line.
  var scenario: Int
  var steps: [Int]
  /// What drawing one frame costs, relative to the other scenarios' frames: Graphviz's time grows
  /// with the controllers a frame draws (with the stable layout, every frame is as big as the
  /// union of all the scenario's steps), so the number of the scenario's controllers does.
  var frameCost: Int = 1

  /// What drawing all the frames costs, relative to other scenarios: frames × ``frameCost``.
  var cost: Int { steps.count * max(1, frameCost) }
}

extension ScenarioFrames {
  /// The scenarios' frames in the order `workers` processes take them: each scenario whole, or
  /// cut into ``pieces(_:workers:)`` when `cutting`; with several workers the costliest scenarios
  /// first (of the same cost, in their order), so that the last drawn is a small one, not the
  /// biggest alone while the other workers have nothing left to draw.
  static func queue(_ scenarios: [ScenarioFrames], workers: Int, cutting: Bool) -> [[ScenarioFrames]] {
    let ordered = workers > 1 ? scenarios.sorted { $0.cost > $1.cost } : scenarios
    return pieces(ordered, workers: cutting ? workers : 1)
  }

  /// Cuts each scenario's frames into pieces for `workers` processes to share: whole scenarios,
  /// and pieces of those that cost more than half of a worker's share, so that a big scenario keeps
  /// every worker busy. Each piece is a run of consecutive steps; the pieces of a scenario are about
  /// the same size. With one worker, every scenario stays whole.
  ///
  /// A scenario is laid out once, by its first piece (see ``RenderTask/Layout``), so cutting it
  /// costs its other pieces only reading that layout.
  static func pieces(_ scenarios: [ScenarioFrames], workers: Int) -> [[ScenarioFrames]] {
    let scenarios = scenarios.filter { !$0.steps.isEmpty }
    let costs = scenarios.map(\.cost)
    let total = costs.reduce(0, +)
    guard workers > 1, total > 0 else { return scenarios.map { [$0] } }
    let largest = max(1, total / (workers * 2))
    return zip(scenarios, costs).map { scenario, cost in
      let count = min(scenario.steps.count, (cost + largest - 1) / largest)
      guard count > 1 else { return [scenario] }
      return (0..<count).map { piece in
        let start = scenario.steps.count * piece / count
        let end = scenario.steps.count * (piece + 1) / count
        return ScenarioFrames(
          scenario: scenario.scenario, steps: Array(scenario.steps[start..<end]), frameCost: scenario.frameCost)
      }
    }
  }
}
