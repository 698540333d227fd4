import Foundation
import VCGraph

/// A rendered scenario: one file per step and format, and the index that lists them.
public struct RenderedScenario: Sendable {
  /// The frame files, in step order, formats in ``OutputFormat`` order within a step.
  public var frames: [(name: String, contents: Data)]
  public var index: RenderIndex
}

extension Renderer {
  /// Renders the frames of a replayed scenario, every step or only `onlyStep`, with each step's
  /// lifecycle callbacks on its diagram when `showsEvents` is true.
  public func render(
    _ replay: Replay, formats: [OutputFormat], onlyStep: Int? = nil, showsEvents: Bool = false
  ) throws(RenderError) -> RenderedScenario {
    let scenario = replay.scenario
    let stepCount = scenario.steps.count
    let frames = replay.frames.filter { onlyStep == nil || $0.step.number == onlyStep }
    let ordered = formats.sorted()
    var files: [(name: String, contents: Data)] = []
    var entries: [RenderIndex.Entry] = []
    for frame in frames {
      let diagram = Diagram(frame: frame, stepCount: stepCount, title: scenario.title, showsEvents: showsEvents)
      let rendered = try render(diagram, formats: ordered)
      var names: [String: String] = [:]
      for format in ordered {
        let name = RenderIndex.fileName(for: frame.step, stepCount: stepCount, fileExtension: format.fileExtension)
        names[format.rawValue] = name
        files.append((name, Data(rendered[format] ?? [])))
      }
      entries.append(
        .init(number: frame.step.number, action: frame.step.action.summary, caption: frame.step.caption, files: names))
    }
    let index = RenderIndex(scenario: scenario.path, title: scenario.title, steps: entries)
    return RenderedScenario(frames: files, index: index)
  }
}
