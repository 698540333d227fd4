import Foundation
import Testing
import VCGraph

@testable import VCGraphviz

/// The time a renderer spends inside Graphviz, and Graphviz alone timed on DOT sources.
@Suite struct GraphvizTimesTests {
  @Test func aNewRendererHasSpentNoTimeInGraphviz() throws {
    let times = try withRenderer { $0.graphvizTimes }
    #expect(times == GraphvizTimes())
    #expect(times.total == .zero)
  }

  @Test func renderingAddsTimeToEveryPhaseAndResetStartsAgain() throws {
    let diagram = try lastDiagram(loginFlowScenario)
    let (first, second, reset, afterReset) = try withRenderer { renderer in
      _ = try renderer.render(diagram, formats: [.svg])
      let first = renderer.graphvizTimes
      _ = try renderer.render(diagram, formats: [.svg, .png])
      let second = renderer.graphvizTimes
      renderer.resetGraphvizTimes()
      let reset = renderer.graphvizTimes
      _ = try renderer.render(diagram, formats: [.svg])
      return (first, second, reset, renderer.graphvizTimes)
    }
    #expect(first.building > .zero)
    #expect(first.layout > .zero)
    #expect(first.rendering > .zero)
    #expect(first.total == first.building + first.layout + first.rendering)
    #expect(second.building > first.building)
    #expect(second.layout > first.layout)
    #expect(second.rendering > first.rendering)
    #expect(reset == GraphvizTimes())
    #expect(afterReset.layout > .zero)
    #expect(afterReset.total < second.total)
  }

  /// DOT output alone is cgraph's writer: the graph is built and written, never laid out, when the
  /// folding is given (``FoldMode/auto`` lays a graph out to see whether it fits its page).
  @Test func dotOutputIsBuildingAndRenderingWithoutLayout() throws {
    var diagram = try lastDiagram(loginFlowScenario)
    diagram.folding = Folding(mode: .runs)
    let times = try withRenderer { renderer in
      _ = try renderer.render(diagram, formats: [.dot])
      return renderer.graphvizTimes
    }
    #expect(times.building > .zero)
    #expect(times.layout == .zero)
    #expect(times.rendering > .zero)
  }

  @Test func graphvizAloneRendersRealDOTInEveryFormat() throws {
    let diagram = try lastDiagram(loginFlowScenario)
    let (elapsed, times) = try withRenderer { renderer in
      let source = try #require(try renderer.render(diagram, formats: [.dot])[.dot])
      renderer.resetGraphvizTimes()
      let elapsed = try renderer.timeGraphvizAlone(dotSources: [source, source], formats: [.svg, .png])
      return (elapsed, renderer.graphvizTimes)
    }
    #expect(elapsed > .zero)
    #expect(times == GraphvizTimes(), "Graphviz alone is not counted in the renderer's own times")
  }

  /// A frame with positions already set says `layout=nop2`: it is laid out by that engine.
  @Test func graphvizAloneUsesTheLayoutTheGraphNames() throws {
    let positioned = Array(
      """
      digraph { layout=nop2; bb="0,0,200,100"; node [shape=box];
        a [pos="50,50", width=1, height=0.5]; b [pos="150,50", width=1, height=0.5]; a -> b [pos="e,114,50 86,50"] }
      """.utf8)
    let elapsed = try withRenderer { try $0.timeGraphvizAlone(dotSources: [positioned], formats: [.svg, .dot]) }
    #expect(elapsed > .zero)
  }

  /// The benchmark's baseline lays every frame out with `dot`, whatever engine the frame names.
  @Test func graphvizAloneLaysOutWithTheEngineGivenOverTheOneTheGraphNames() throws {
    let source = Array("digraph { layout=nosuchengine; a -> b }".utf8)
    let (failure, given) = try withRenderer { renderer -> (RenderError?, Duration) in
      var failure: RenderError?
      do {
        _ = try renderer.timeGraphvizAlone(dotSources: [source], formats: [.svg])
      } catch let error as RenderError {
        failure = error
      }
      return (failure, try renderer.timeGraphvizAlone(dotSources: [source], formats: [.svg], engine: "dot"))
    }
    guard case .missingPlugin(let missing)? = failure else {
      Issue.record("expected the graph's own engine to be missing, got \(String(describing: failure))")
      return
    }
    #expect(missing.wanted == .layout("nosuchengine"))
    #expect(given > .zero)
  }

  @Test func malformedDOTIsAClearErrorAndTheNextSourceStillReads() throws {
    let good = Array("digraph { a -> b }".utf8)
    let bad = Array("digraph { a -> ; }".utf8)
    let (failure, after) = try withRenderer { renderer -> (RenderError?, Duration) in
      var failure: RenderError?
      do {
        _ = try renderer.timeGraphvizAlone(dotSources: [good, bad], formats: [.svg])
      } catch let error as RenderError {
        failure = error
      }
      return (failure, try renderer.timeGraphvizAlone(dotSources: [good], formats: [.svg]))
    }
    guard case .unreadableDOT(let source, let detail)? = failure else {
      Issue.record("expected unreadableDOT, got \(String(describing: failure))")
      return
    }
    #expect(source == 1)
    #expect(detail.contains("syntax error"), "\(detail)")
    #expect(failure?.description.hasPrefix("Graphviz could not read DOT source 2: ") == true)
    #expect(after > .zero)
  }
}

/// Text measured once per distinct span (``TextLayoutCache``): the same output, cold or warm, and
/// never a remembered measure where cairo needs pango's layout.
@Suite struct TextLayoutCacheTests {
  @Test func aWarmCacheDrawsTheSameSVGWithoutMeasuringAgain() throws {
    let diagram = try lastDiagram(loginFlowScenario)
    let (cold, warm, missesWhenWarm, hitsWhenWarm) = try withRenderer { renderer in
      TextLayoutCache.removeAll()
      let cold = try renderer.render(diagram, formats: [.svg])
      let (misses, hits) = (TextLayoutCache.misses, TextLayoutCache.hits)
      let warm = try renderer.render(diagram, formats: [.svg])
      return (cold, warm, TextLayoutCache.misses - misses, TextLayoutCache.hits - hits)
    }
    #expect(cold[.svg] != nil)
    #expect(warm[.svg] == cold[.svg])
    #expect(missesWhenWarm == 0)
    #expect(hitsWhenWarm > 10, "every span of the second render comes from the cache")
  }

  /// PNG and PDF draw each span's pango layout: a warm cache must not answer for them, and they come
  /// out as they do cold.
  @Test(arguments: [[OutputFormat.png], [.pdf], [.svg, .png]])
  func cairoFormatsAreMeasuredEveryTime(formats: [OutputFormat]) throws {
    let diagram = try lastDiagram(loginFlowScenario)
    let (cold, warm, hitsWhenWarm) = try withRenderer { renderer in
      TextLayoutCache.removeAll()
      let cold = try renderer.render(diagram, formats: formats)
      _ = try renderer.render(diagram, formats: [.svg])
      let hits = TextLayoutCache.hits
      let warm = try renderer.render(diagram, formats: formats)
      return (cold, warm, TextLayoutCache.hits - hits)
    }
    #expect(hitsWhenWarm == 0)
    for format in formats where format != .pdf {
      #expect(warm[format] == cold[format], "\(format)")
    }
    // A PDF carries its creation date; its size tells the text is there.
    if formats.contains(.pdf) { #expect(warm[.pdf]?.count == cold[.pdf]?.count) }
  }

  /// Every frame of a sample as SVG, with the cache warm from the stable layout and earlier frames,
  /// is what it is cold.
  @Test func everyFrameOfASampleIsTheSameColdAndWarm() throws {
    let replay = try sampleReplay("tab-bar.yaml")
    let (cold, warm) = try withRenderer { renderer in
      TextLayoutCache.removeAll()
      var cold: [[UInt8]] = []
      for diagram in Diagram.frames(of: replay) {
        TextLayoutCache.removeAll()
        cold.append(try renderer.render(diagram, formats: [.svg])[.svg] ?? [])
      }
      let warm = try renderer.render(replay, formats: [.svg], layout: .perStep).frames.map { [UInt8]($0.contents) }
      return (cold, warm)
    }
    #expect(warm.count == cold.count)
    for (index, (a, b)) in zip(cold, warm).enumerated() { #expect(a == b, "frame \(index + 1)") }
  }
}
