import Foundation
import TestSupport
import Testing
import VCGraph

@testable import VCGraphviz

/// Drawing through libgraphviz in process: SVG, PNG, PDF and DOT output of real diagrams.
@Suite struct RendererTests {
  @Test func svgIsXMLWithANodeGroupPerDrawnControllerAndWindow() throws {
    let diagram = try lastDiagram(loginFlowScenario)
    let output = try render(diagram, [.svg])
    let svg = try SVGDocument(try #require(output[.svg]))

    #expect(svg.root.name == "svg")
    #expect(Set(svg.nodeIDs) == ["window-main", "vc-nav", "vc-home", "vc-login"])
    #expect(svg.nodeIDs.count == 4)
    #expect(svg.edgeCount == 3)
    let login = try #require(svg.node(id: "vc-login"))
    #expect(login.allText.contains("LoginViewController"))
    let texts = svg.texts.joined(separator: "\n")
    #expect(texts.contains("stack[0] · top"))
    #expect(texts.contains("fullScreen"))
    #expect(texts.lowercased().contains("step 3 of 3"))
    #expect(!texts.contains("UnusedViewController"))
  }

  /// Every frame of every sample, drawn as SVG: every attached controller is drawn or counted in a
  /// fold, every window drawn, and there is one edge group per drawn edge of the graph.
  @Test(arguments: sampleNames)
  func everySampleFrameDrawsItsControllersInSVG(sample: String) throws {
    let replay = try sampleReplay(sample)
    let svgs = try withRenderer { renderer in
      try replay.frames.map { frame in
        // At the rules' level, whatever the size, so that the graph is the one drawn.
        var diagram = Diagram(frame: frame, stepCount: replay.scenario.steps.count, title: replay.scenario.title)
        diagram.folding = Folding(mode: .runs)
        return (diagram, try #require(try renderer.render(diagram, formats: [.svg])[.svg]))
      }
    }
    for (diagram, bytes) in svgs {
      let svg = try SVGDocument(bytes)
      let step = "\(sample) \(diagram.context)"
      #expect(drawnOrCountedProblems(svg, diagram.hierarchy) == [], "\(step)")
      #expect(svg.nodeIDs.count == Set(svg.nodeIDs).count, "\(step): a node is drawn twice")
      #expect(svg.edgeCount == diagram.graph.drawnEdges.count, "\(step)")
    }
  }

  /// A warm-up on a thread of its own (a worker's, while it reads its task) and a diagram asked for
  /// at once: the diagram waits for it and comes out as a renderer that never warmed up draws it;
  /// a renderer freed while it warms up waits for it too, so that no other renderer (another test's)
  /// uses Graphviz at the same time.
  @Test func aDiagramAskedForDuringABackgroundWarmUpIsDrawnAsWithout() throws {
    let diagram = try lastDiagram(loginFlowScenario)
    let cold = try render(diagram, [.svg, .dot])
    try GraphvizLock.withGraphviz {
      let warming = try Renderer()
      warming.warmUp(inBackground: true)
      #expect(try warming.render(diagram, formats: [.svg, .dot]) == cold)
      var freed: Renderer? = try Renderer()
      let context = try #require(freed?.context)
      freed?.warmUp(inBackground: true)
      freed = nil
      #expect(!context.isWarmingUp)
    }
  }

  /// A renderer whose Graphviz context is made on a thread of its own (a worker's, while it reads
  /// its first task): a diagram asked for at once waits for it and comes out as a renderer made
  /// the plain way draws it; one freed while its context is made waits for it too.
  @Test func aDiagramAskedForWhileTheContextIsMadeIsDrawnAsWithout() throws {
    let diagram = try lastDiagram(loginFlowScenario)
    let plain = try render(diagram, [.svg, .dot])
    try GraphvizLock.withGraphviz {
      let making = Renderer(makingContextInBackground: ())
      #expect(try making.render(diagram, formats: [.svg, .dot]) == plain)
      var freed: Renderer? = Renderer(makingContextInBackground: ())
      let context = try #require(freed?.context)
      freed = nil
      #expect(!context.isWarmingUp)
    }
  }

  @Test func pngHasTheSignatureAndASizeInItsHeader() throws {
    let output = try render(try lastDiagram(loginFlowScenario), [.png, .svg])
    let png = try #require(output[.png])
    #expect(Array(png.prefix(8)) == pngSignature)
    let size = try #require(pngSize(png), "no IHDR chunk first")
    #expect(size.width > 0)
    #expect(size.height > 0)
    // Same picture as the SVG: the aspect ratios agree.
    let svg = try SVGDocument(try #require(output[.svg]))
    let box = try #require(svg.viewBoxSize)
    let ratio = Double(size.width) / Double(size.height)
    #expect(
      abs(ratio - box.width / box.height) < 0.05, "PNG \(size.width)×\(size.height), SVG \(box.width)×\(box.height)")
    #expect(png.count > 2_000, "a PNG of a four-box diagram should not be this small")
  }

  @Test func pdfStartsWithItsHeaderAndEndsWithEOF() throws {
    let output = try render(try lastDiagram(loginFlowScenario), [.pdf])
    let pdf = try #require(output[.pdf])
    #expect(pdf.starts(with: Array("%PDF-".utf8)))
    #expect(looksLikePDF(pdf))
  }

  @Test func renderReturnsExactlyTheFormatsAskedFor() throws {
    let diagram = try lastDiagram(loginFlowScenario)
    let output = try render(diagram, [.dot, .svg])
    #expect(Set(output.keys) == [.dot, .svg])
    #expect(output.values.allSatisfy { !$0.isEmpty })
    let all = try render(diagram, OutputFormat.allCases)
    #expect(Set(all.keys) == Set(OutputFormat.allCases))
  }

  @Test(.enabled(if: hasDotProgram, "needs /usr/bin/dot (scripts/install-deps installs graphviz)"))
  func dotOutputIsReadBackByDot() throws {
    let diagram = try lastDiagram(loginFlowScenario)
    let dot = try #require(try render(diagram, [.dot])[.dot])
    let text = String(decoding: dot, as: UTF8.self)
    #expect(text.hasPrefix("digraph"))
    #expect(text.contains("\"vc:login\""))

    let run = try redrawWithDot(dot)
    #expect(run.status == 0, "dot -Tsvg failed: \(run.errors)")
    let redrawn = try SVGDocument(run.svg)
    #expect(Set(redrawn.nodeIDs) == ["window-main", "vc-nav", "vc-home", "vc-login"])
    #expect(redrawn.edgeCount == 3)
  }

  @Test(.enabled(if: hasDotProgram, "needs /usr/bin/dot (scripts/install-deps installs graphviz)"))
  func dotOutputOfEverySampleFrameIsReadBackByDot() throws {
    let diagrams = try allSampleDiagrams()
    let sources = try withRenderer { renderer in
      try diagrams.map { try #require(try renderer.render($0, formats: [.dot])[.dot]) }
    }
    for (diagram, source) in zip(diagrams, sources) {
      let run = try redrawWithDot(source)
      #expect(run.status == 0, "\(diagram.context) \(diagram.headline): \(run.errors)")
    }
  }

  // MARK: - Untrusted text

  static let hostileID = "<script>alert(1)</script>"
  static let hostileTitle = "Tom & \"Jerry\" 'quoted' 😀 <img src=x onerror=alert(2)>"

  @Test func markupInIDsTitlesAndCaptionsIsShownLiterally() throws {
    let diagram = try lastDiagram(
      """
      title: "<b>bold</b> & co"
      controllers:
        "<script>alert(1)</script>": { class: "Evil&Controller", title: "Tom & \\"Jerry\\" 'quoted' 😀 <img src=x onerror=alert(2)>" }
      steps:
        - setRoot: "<script>alert(1)</script>"
          caption: "<script>alert(3)</script> & more"
      """)
    #expect(diagram.hierarchy[Self.hostileID]?.title == Self.hostileTitle)
    let svgBytes = try #require(try render(diagram, [.svg])[.svg])
    let raw = String(decoding: svgBytes, as: UTF8.self)
    let svg = try SVGDocument(svgBytes)

    #expect(!svg.elementNames.contains("script"))
    #expect(!svg.elementNames.contains("img"))
    #expect(!svg.elementNames.contains("b"))
    #expect(!raw.lowercased().contains("<script"))
    #expect(raw.contains("&lt;script&gt;"))

    #expect(Set(svg.nodeIDs) == ["window-main", "vc-" + Self.hostileID])
    let node = try #require(svg.node(id: "vc-" + Self.hostileID))
    #expect(node.allText.contains(Self.hostileID))
    // Long text is broken into lines (separate SVG text elements), so compare without whitespace.
    func squashed(_ text: String) -> String { text.filter { !$0.isWhitespace } }
    #expect(squashed(node.allText).contains(squashed(Self.hostileTitle)))
    #expect(node.allText.contains("Evil&Controller"))
    let texts = svg.texts.joined(separator: "\n")
    #expect(texts.contains("<script>alert(3)</script> & more"))
    #expect(texts.contains("<b>bold</b> & co"))
  }

  /// What the model accepts, the renderer draws: a caption of spaces, noncharacters (U+FFFE, U+FFFF,
  /// U+FDD0) and control characters in titles, class names and captions, a class name of one space
  /// (a storyboard's `customClass=" "`). Graphviz's HTML labels cannot hold them, and an empty
  /// `<B></B>` or `<FONT></FONT>` is a syntax error to it.
  @Test func textGraphvizLabelsCannotHoldIsDrawnSanitized() throws {
    let diagram = try lastDiagram(
      #"""
      title: "A\uFFFEB"
      controllers:
        home: { class: "Home\uFFFFViewController", title: "Ta\uFDD0ble\u0001" }
        blank: { class: C, title: " " }
      steps:
        - setRoot: home
          caption: "   "
        - addChild: blank
          to: home
          caption: "\uFFFF"
      """#)
    let svg = try SVGDocument(try #require(try render(diagram, [.svg])[.svg]))
    let texts = svg.texts.joined(separator: "\n")
    #expect(texts.contains("A\u{FFFD}B"))
    #expect(texts.contains("Home\u{FFFD}ViewController"))
    #expect(texts.contains("Ta\u{FFFD}ble\u{FFFD}"))
    #expect(!texts.unicodeScalars.contains { $0.properties.isNoncharacterCodePoint })

    var hierarchy = Hierarchy(viewControllers: [ViewController(id: "s", className: " ", title: "\u{FFFE}")])
    _ = try hierarchy.apply(.setRoot("s", window: "main"))
    for caption in ["   ", "\u{FFFF}", "\t\n"] {
      let blank = Diagram(hierarchy: hierarchy, context: " ", headline: " ", caption: caption)
      let drawn = try SVGDocument(try #require(try render(blank, [.svg])[.svg]))
      #expect(drawn.nodeIDs.contains("vc-s"))
    }
  }

  /// Graphviz expands `\N`, `\G`, … in labels and ids; vcgraph guards backslashes in text with an
  /// invisible word joiner and percent-encodes them in ids.
  @Test func backslashEscapesInNamesAreShownLiterally() throws {
    let diagram = try lastDiagram(
      #"""
      controllers:
        'a\Nb': { class: Foo, title: 'x \N \G \L \E \T \H y' }
      steps:
        - setRoot: 'a\Nb'
          window: 'w\N'
      """#)
    let svg = try SVGDocument(try #require(try render(diagram, [.svg])[.svg]))
    #expect(Set(svg.nodeIDs) == ["window-w%5CN", "vc-a%5CNb"])
    let node = try #require(svg.node(id: "vc-a%5CNb"))
    let shown = node.allText.replacingOccurrences(of: "\u{2060}", with: "")
    #expect(shown.contains(#"a\Nb"#))
    #expect(shown.contains(#"x \N \G \L \E \T \H y"#))
    #expect(!shown.contains("avc:") && !shown.contains("vcgraph"))
    let window = svg.node(id: "window-w%5CN")?.allText.replacingOccurrences(of: "\u{2060}", with: "")
    #expect(window?.contains(#"w\N"#) == true)
  }

  @Test(.enabled(if: hasDotProgram, "needs /usr/bin/dot (scripts/install-deps installs graphviz)"))
  func dotOutputOfAnIDEndingInABackslashIsReadBackByDot() throws {
    let diagram = try lastDiagram(
      #"""
      controllers:
        'back\': Back
      steps:
        - setRoot: 'back\'
      """#)
    let run = try redrawWithDot(try #require(try render(diagram, [.dot])[.dot]))
    #expect(run.status == 0, "dot -Tsvg failed: \(run.errors)")
    #expect(Set(try SVGDocument(run.svg).nodeIDs) == ["window-main", "vc-back%5C"])
  }

  @Test(.enabled(if: hasDotProgram, "needs /usr/bin/dot (scripts/install-deps installs graphviz)"))
  func dotOutputOfMarkupInNamesIsReadBackByDot() throws {
    let diagram = try lastDiagram(
      """
      controllers:
        "<script>alert(1)</script>": { class: "A&B", title: "say \\"hi\\" 😀" }
      steps:
        - setRoot: "<script>alert(1)</script>"
          window: "w \\"1\\""
      """)
    let run = try redrawWithDot(try #require(try render(diagram, [.dot])[.dot]))
    #expect(run.status == 0, "dot -Tsvg failed: \(run.errors)")
    #expect(Set(try SVGDocument(run.svg).nodeIDs) == ["window-w%20\"1\"", "vc-" + Self.hostileID])
  }

  // MARK: - One renderer, many graphs

  /// The CLI renders every step with one renderer, so the Graphviz context is reused:
  /// fifty diagrams in a row all come out whole, and the first one comes out the same again at the end.
  @Test func oneRendererDrawsFiftyDiagramsInARow() throws {
    let all = try allSampleDiagrams()
    try #require(!all.isEmpty)
    let diagrams = (0..<50).map { all[$0 % all.count] } + [all[0]]
    let outputs = try withRenderer { renderer in
      try diagrams.map { try renderer.render($0, formats: [.svg, .png]) }
    }
    #expect(outputs.count == 51)
    for (index, (diagram, output)) in zip(diagrams, outputs).enumerated() {
      let svg = try SVGDocument(try #require(output[.svg], "diagram \(index)"))
      #expect(drawnOrCountedProblems(svg, diagram.hierarchy) == [], "diagram \(index)")
      let size = pngSize(output[.png] ?? [])
      #expect(size != nil && size!.width > 0 && size!.height > 0, "diagram \(index)")
    }
    #expect(outputs.first?[.svg] == outputs.last?[.svg], "the same diagram drew differently after 49 others")
  }

  @Test func aGraphGraphvizCannotBuildThrowsAndTheRendererStillWorks() throws {
    var broken = GraphDescription()
    broken.nodes = [GraphDescription.Node(name: "vc:a", cluster: nil, attributes: [])]
    broken.edges = [GraphDescription.Edge(tail: "vc:a", head: "vc:missing", attributes: [])]
    let diagram = try lastDiagram(loginFlowScenario)

    let (failure, after) = try withRenderer { renderer -> (RenderError?, [OutputFormat: [UInt8]]) in
      var failure: RenderError?
      do {
        _ = try renderer.render(broken, formats: [.svg])
      } catch let error as RenderError {
        failure = error
      }
      return (failure, try renderer.render(diagram, formats: [.svg]))
    }
    guard case .graphConstruction(let detail)? = failure else {
      Issue.record("expected graphConstruction, got \(String(describing: failure))")
      return
    }
    #expect(detail.contains("vc:missing"))
    let svg = try SVGDocument(try #require(after[.svg]))
    #expect(Set(svg.nodeIDs) == ["window-main", "vc-nav", "vc-home", "vc-login"])
  }

  /// An error Graphviz reports through agerr (here, a label it cannot parse) fails the diagram instead
  /// of drawing it with the text silently missing, and is not carried over to the next graph.
  @Test func anErrorGraphvizReportsFailsTheDiagramAndIsResetForTheNext() throws {
    var broken = GraphDescription()
    broken.nodes = [
      GraphDescription.Node(name: "vc:a", attributes: [GraphDescription.Attribute("label", html: "<B>unclosed")])
    ]
    let diagram = try lastDiagram(loginFlowScenario)
    let (failure, after) = try withRenderer { renderer -> (RenderError?, [OutputFormat: [UInt8]]) in
      var failure: RenderError?
      do {
        _ = try renderer.render(broken, formats: [.svg])
      } catch let error as RenderError {
        failure = error
      }
      return (failure, try renderer.render(diagram, formats: [.svg]))
    }
    let failed = try #require(failure)
    #expect(failed.description.contains("Error"), "\(failed)")
    let svg = try SVGDocument(try #require(after[.svg]))
    #expect(Set(svg.nodeIDs) == ["window-main", "vc-nav", "vc-home", "vc-login"])
  }

  /// Graphviz cannot draw a line wider than 65,535 points (it fails, or aborts inside HTML tables):
  /// long names and captions are broken into lines and cut with a note of their length, a word too
  /// long for its line is shortened in the middle, and long ids are shortened with a hash, so any
  /// input still draws; the node's tooltip keeps the whole class name.
  @Test func tenThousandCharacterNamesAndCaptionsStillDraw() throws {
    let long = String(repeating: "A", count: 10_000)
    let window = String(repeating: "w", count: 5_000)
    let diagram = try lastDiagram(
      """
      controllers:
        big: { class: "\(long)", title: "\(long)" }
      steps:
        - setRoot: big
          window: "\(window)"
          caption: "\(long)"
      """)
    let output = try render(diagram, [.svg, .png])
    let size = try #require(pngSize(output[.png] ?? []))
    #expect(size.width < 4_000 && size.height < 4_000)
    let svg = try SVGDocument(try #require(output[.svg]))
    #expect(svg.nodeIDs.count == 2)
    #expect(svg.nodeIDs.allSatisfy { $0.count < 200 })
    let node = try #require(svg.node(id: "vc-big"))
    // The class name is one word: shortened in the middle to the class name's width.
    let shortened = String(repeating: "A", count: 11) + "…" + String(repeating: "A", count: 10)
    #expect(node.allText.contains(shortened))
    #expect(!node.allText.contains(String(repeating: "A", count: 23)))
    let tooltip = node.allElements.compactMap { $0.attributes["xlink:title"] ?? $0.attributes["title"] }.first
    #expect(tooltip?.hasPrefix(long) == true)
  }

  /// Windows are framed in the order they got their root, in every run: cgraph orders named
  /// subgraphs by the address of their name, so frames are anonymous subgraphs marked as clusters.
  @Test func windowFramesKeepTheOrderOfTheWindows() throws {
    let diagram = try lastDiagram(
      """
      controllers:
        first: First
        second: Second
        third: Third
      steps:
        - setRoot: first
          window: zeta
        - setRoot: second
          window: alpha
        - setRoot: third
          window: mu
      """)
    for _ in 0..<20 {
      let output = try render(diagram, [.dot, .svg])
      for format in [OutputFormat.dot, .svg] {
        let text = String(decoding: try #require(output[format]), as: UTF8.self)
        let frames = ["zeta", "alpha", "mu"].map {
          text.range(of: "frame&#45;window&#45;\($0)")?.lowerBound
            ?? text.range(of: "frame-window-\($0)")?.lowerBound
        }
        let positions = try frames.map { try #require($0, "a frame is missing in \(format)") }
        #expect(positions == positions.sorted(), "frames out of window order in \(format)")
      }
    }
  }

  // MARK: - A whole scenario

  @Test func aReplayRendersToFilesNamedByStepAndAnIndex() throws {
    let replay = try sampleReplay("navigation.yaml")
    let rendered = try withRenderer { try $0.render(replay, formats: [.svg, .dot]) }
    let stems = [
      "01-setviewcontrollers-inbox-on-nav", "02-setroot-nav", "03-push-message-on-nav",
      "04-push-attachment-on-message", "05-pop-nav", "06-poptoroot-nav",
    ]
    // Formats in OutputFormat order whatever order they were asked in.
    #expect(rendered.frames.map(\.name) == stems.flatMap { [$0 + ".svg", $0 + ".dot"] })
    #expect(rendered.frames.allSatisfy { !$0.contents.isEmpty })
    #expect(rendered.index.steps.map(\.number) == Array(1...6))
    #expect(rendered.index.steps.map(\.files) == stems.map { ["svg": $0 + ".svg", "dot": $0 + ".dot"] })
    #expect(rendered.index.title == "Browsing a list with a navigation stack")

    let only = try withRenderer { try $0.render(replay, formats: [.png], onlyStep: 3) }
    #expect(only.frames.map(\.name) == ["03-push-message-on-nav.png"])
    #expect(pngSize([UInt8](only.frames[0].contents)) != nil)
    #expect(only.index.steps.map(\.number) == [3])
  }

  @Test func fileNumbersArePaddedToTheWidthOfTheStepCount() throws {
    let steps = (0..<99).map { $0 % 2 == 0 ? "  - push: a\n    on: nav" : "  - pop: nav" }
    let yaml = """
      controllers:
        nav: UINavigationController
        root: Root
        a: A
      steps:
        - setViewControllers: [root]
          on: nav
      \(steps.joined(separator: "\n"))
      """
    let replay = try replay(yaml)
    #expect(replay.frames.count == 100)
    let rendered = try withRenderer { try $0.render(replay, formats: [.dot]) }
    let names = rendered.frames.map(\.name)
    #expect(names.first == "001-setviewcontrollers-root-on-nav.dot")
    #expect(names.last == "100-push-a-on-nav.dot")
    #expect(names == names.sorted(), "file names do not sort in step order")
  }
}
