import Foundation
import VCGraph

/// A rendered scenario: one file per step and format, and the index that lists them.
public struct RenderedScenario: Sendable {
  /// The frame files, in step order, formats in ``OutputFormat`` order within a step.
  public var frames: [(name: String, contents: Data)]
  public var index: RenderIndex
}

/// One rendered step: its files, formats in ``OutputFormat`` order within a theme, and its entry in
/// the scenario's index.
public struct RenderedFrame: Sendable {
  public var files: [(name: String, contents: Data)]
  public var entry: RenderIndex.Entry
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
  ///
  /// This keeps every file in memory; ``renderFrames(_:formats:steps:showsEvents:layout:themes:each:)``
  /// hands over one frame at a time.
  public func render(
    _ replay: Replay, formats: [OutputFormat], onlyStep: Int? = nil, showsEvents: Bool = false,
    layout: FrameLayout = .stable, themes: [Theme] = [.light]
  ) throws(RenderError) -> RenderedScenario {
    var files: [(name: String, contents: Data)] = []
    var entries: [RenderIndex.Entry] = []
    do {
      try renderFrames(
        replay, formats: formats, steps: onlyStep.map { [$0] }, showsEvents: showsEvents, layout: layout,
        themes: themes
      ) { frame in
        files += frame.files
        entries.append(frame.entry)
      }
    } catch let error as RenderError {
      throw error
    } catch {
      preconditionFailure("only Graphviz can fail here: \(error)")
    }
    let scenario = replay.scenario
    return RenderedScenario(
      frames: files, index: RenderIndex(scenario: scenario.path, title: scenario.title, steps: entries))
  }

  /// Renders the frames of a replayed scenario one at a time, in step order, and hands each to
  /// `body` as soon as it is drawn: every step, or those whose numbers are in `steps`.
  ///
  /// Frames are the same as ``render(_:formats:onlyStep:showsEvents:layout:themes:)`` draws, whichever
  /// steps are asked for. Nothing is kept from one frame to the next but the stable layout, so the
  /// memory needed does not grow with the number of steps.
  ///
  /// - Throws: ``RenderError`` when Graphviz fails, or what `body` throws.
  public func renderFrames(
    _ replay: Replay, formats: [OutputFormat], steps: Set<Int>? = nil, showsEvents: Bool = false,
    layout: FrameLayout = .stable, themes: [Theme] = [.light],
    each body: (RenderedFrame) throws -> Void
  ) throws {
    let ordered = formats.sorted()
    func graphs(_ theme: Theme) -> some Sequence<GraphDescription> {
      Diagram.frames(of: replay, showsEvents: showsEvents).lazy.map { diagram in
        var themed = diagram
        themed.theme = theme
        return themed.graph
      }
    }
    let layouts: [StableLayout?] = try themes.map { theme throws(RenderError) in
      layout == .stable ? try StableLayout(frames: graphs(theme), context: context) : nil
    }
    let stepCount = replay.scenario.steps.count
    for (offset, diagram) in Diagram.frames(of: replay, showsEvents: showsEvents).enumerated() {
      let step = replay.scenario.steps[offset]
      guard steps?.contains(step.number) ?? true else { continue }
      var files: [(name: String, contents: Data)] = []
      var names: [String: String] = [:]
      for (theme, stableLayout) in zip(themes, layouts) {
        var themed = diagram
        themed.theme = theme
        let graph = stableLayout.map { $0.positioned(themed.graph, frame: offset) } ?? themed.graph
        let rendered = try render(graph, formats: ordered)
        for format in ordered {
          let suffix = themes.count > 1 ? theme.fileNameSuffix : ""
          let name = RenderIndex.fileName(
            for: step, stepCount: stepCount, fileExtension: format.fileExtension, suffix: suffix)
          names[format.rawValue + suffix] = name
          files.append((name, Data(rendered[format] ?? [])))
        }
      }
      try body(
        RenderedFrame(
          files: files,
          entry: .init(number: step.number, action: step.action.summary, caption: step.caption, files: names)))
    }
  }
}

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
      if let previous = state.previous {
        let changes = HierarchyDiff(before: previous, after: frame.hierarchy)
        diagram.hierarchy = changes.after
        diagram.changes = changes
      }
      state.previous = frame.hierarchy
      return diagram
    }
  }
}
