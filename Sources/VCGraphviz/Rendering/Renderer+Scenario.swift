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
  ///
  /// Each frame after the first marks what changed since the step before (see
  /// ``Diagram/frames(of:showsEvents:)``). With the ``FrameLayout/stable`` layout, every step is laid
  /// out together, also when only one is rendered, so a frame is the same whichever steps are asked for.
  ///
  /// Each theme of `themes` draws every frame once. With both themes, the light theme's files are
  /// named `NN-action.svg` and the dark theme's `NN-action~dark.svg` (the pair DocC picks by
  /// appearance), listed in the index under `svg` and `svg~dark`; one theme alone takes the plain names.
  public func render(
    _ replay: Replay, formats: [OutputFormat], onlyStep: Int? = nil, showsEvents: Bool = false,
    layout: FrameLayout = .stable, themes: [Theme] = [.light]
  ) throws(RenderError) -> RenderedScenario {
    let scenario = replay.scenario
    let stepCount = scenario.steps.count
    let ordered = formats.sorted()
    var graphsByTheme: [[GraphDescription]] = []
    for theme in themes {
      let diagrams = Diagram.frames(of: replay, showsEvents: showsEvents).map { diagram in
        var themed = diagram
        themed.theme = theme
        return themed
      }
      switch layout {
      case .stable: graphsByTheme.append(try StableLayout(frames: diagrams.map(\.graph), context: context).frames)
      case .perStep: graphsByTheme.append(diagrams.map(\.graph))
      }
    }
    var files: [(name: String, contents: Data)] = []
    var entries: [RenderIndex.Entry] = []
    for (offset, frame) in replay.frames.enumerated() where onlyStep == nil || frame.step.number == onlyStep {
      var names: [String: String] = [:]
      for (theme, graphs) in zip(themes, graphsByTheme) {
        let rendered = try render(graphs[offset], formats: ordered)
        for format in ordered {
          let suffix = themes.count > 1 ? theme.fileNameSuffix : ""
          let name = RenderIndex.fileName(
            for: frame.step, stepCount: stepCount, fileExtension: format.fileExtension, suffix: suffix)
          names[format.rawValue + suffix] = name
          files.append((name, Data(rendered[format] ?? [])))
        }
      }
      entries.append(
        .init(number: frame.step.number, action: frame.step.action.summary, caption: frame.step.caption, files: names))
    }
    let index = RenderIndex(scenario: scenario.path, title: scenario.title, steps: entries)
    return RenderedScenario(frames: files, index: index)
  }
}

extension Diagram {
  /// The diagram of every step of a replay, in step order, each marking what changed since the
  /// step before: what was added outlined in blue, what changed in orange, what was removed drawn
  /// faded where it was.
  ///
  /// The first step is not marked: everything on it is new, so marking it against the unattached
  /// controllers the scenario starts from would outline the whole diagram and tell nothing.
  public static func frames(of replay: Replay, showsEvents: Bool = false) -> [Diagram] {
    let stepCount = replay.scenario.steps.count
    var previous: Hierarchy?
    return replay.frames.map { frame in
      var diagram = Diagram(frame: frame, stepCount: stepCount, title: replay.scenario.title, showsEvents: showsEvents)
      if let previous {
        let changes = HierarchyDiff(before: previous, after: frame.hierarchy)
        diagram.hierarchy = changes.after
        diagram.changes = changes
      }
      previous = frame.hierarchy
      return diagram
    }
  }
}
