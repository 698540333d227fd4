import VCGraph
import VCGraphviz

/// What one `vcgraph _render-worker` process renders for `render --jobs`, sent to it as JSON on its
/// standard input: the frames of one or more scenarios, and how to draw them.
struct WorkerPlan: Codable, Sendable {
  /// The frames of one scenario that a worker renders.
  struct Part: Codable, Sendable, Hashable {
    /// The scenario's position on the command line, which the worker's reports name.
    var scenario: Int
    /// The scenario file, as given on the command line (the worker runs in the same folder).
    var path: String
    /// The numbers of the steps to render, in order.
    var steps: [Int]
    /// The staging folder to write the frame files into, under their final names.
    var folder: String
  }

  /// Every format to render, SVGs drawn for `index.html` included.
  var formats: [OutputFormat]
  /// The themes, light first; decoding fails on one this vcgraph does not know, never drops it.
  var themes: [Theme]
  var events: Bool
  var layout: FrameLayout
  /// What folds, and what the frames focus on.
  var folding: Folding
  var parts: [Part]
}

/// One line a worker prints on its standard output, as JSON: a frame written, or a scenario it
/// could not render.
enum WorkerReport: Codable, Sendable, Equatable {
  /// A frame's files are written; `entry` lists them, as ``VCGraphviz/RenderedFrame/entry`` does.
  case frame(scenario: Int, entry: RenderIndex.Entry)
  /// The worker could not render the scenario; `message` is the line to print.
  case failed(scenario: Int, message: String)
  /// The worker is about to draw this step of the scenario (its stable layout is done): what it
  /// was doing if it dies before the frame's report.
  case drawing(scenario: Int, step: Int)
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
}

extension ScenarioFrames {
  /// Splits the frames of every scenario into at most `count` parts of about the same cost,
  /// keeping the command line's order: each part is a run of whole scenarios and pieces of big
  /// ones. A scenario is cut only when it costs more than a quarter of a part; a smaller one goes
  /// whole to the part that would have held most of it. Empty parts are left out.
  static func split(_ scenarios: [ScenarioFrames], into count: Int) -> [[ScenarioFrames]] {
    let scenarios = scenarios.filter { !$0.steps.isEmpty }
    let costs = scenarios.map { $0.steps.count * max(1, $0.frameCost) }
    let total = costs.reduce(0, +)
    guard count > 1, total > 0 else { return scenarios.isEmpty ? [] : [scenarios] }
    let smallest = total / (count * 4)
    // A cut at cost c starts a new part with the frame that starts at or after c.
    var cuts: [Int] = []
    for part in 1..<count {
      var cut = (total * part + count / 2) / count
      var start = 0
      for cost in costs {
        let end = start + cost
        if start < cut, cut < end, cost <= smallest {
          cut = cut - start <= end - cut ? start : end
        }
        start = end
      }
      cuts.append(cut)
    }
    var parts: [[ScenarioFrames]] = Array(repeating: [], count: count)
    var position = 0
    for scenario in scenarios {
      for step in scenario.steps {
        let part = cuts.filter { $0 <= position }.count
        if parts[part].last?.scenario == scenario.scenario {
          parts[part][parts[part].count - 1].steps.append(step)
        } else {
          parts[part].append(ScenarioFrames(scenario: scenario.scenario, steps: [step], frameCost: scenario.frameCost))
        }
        position += max(1, scenario.frameCost)
      }
    }
    return parts.filter { !$0.isEmpty }
  }
}
