import Foundation
import Testing
import VCGraph

@testable import VCGraphviz

/// Themes: every colour a diagram draws comes from its theme's palette; and the ids and CSS classes
/// its SVG carries, so a page can style or link nodes and edges.
@Suite struct ThemeTests {
  // MARK: - Diagrams that draw everything

  /// Diagrams that between them draw every element: each sample's every step, with its callbacks
  /// panel; diffs with added, changed and removed controllers, edges and windows; a dump with
  /// addresses and a view out of its window; controllers outside any window.
  static func everyKindOfDiagram() throws -> [Diagram] {
    var diagrams: [Diagram] = []
    for name in sampleNames {
      let replay = try sampleReplay(name)
      for frame in replay.frames {
        diagrams.append(
          Diagram(frame: frame, stepCount: replay.frames.count, title: replay.scenario.title, showsEvents: true))
      }
    }
    for (sample, from, to) in [
      ("navigation.yaml", 2, 3), ("navigation.yaml", 4, 5), ("login-flow.yaml", 3, 4), ("two-windows.yaml", 2, 3),
      ("two-windows.yaml", 3, 2),
    ] {
      diagrams.append(try DiffDiagramTests.diffDiagram(sample, from, to))
    }
    let dump = try HierarchyDump(
      contentsOfFile: packageRoot.appendingPathComponent("samples/dumps/mail-compose-sheet.txt").path,
      keepsPointers: true)
    diagrams.append(
      Diagram(snapshot: HierarchySnapshot(hierarchy: dump.hierarchy, name: "mail", source: .dump(text: dump.text))))
    return diagrams
  }

  /// The diagrams of ``everyKindOfDiagram()`` in `theme`.
  static func everyKindOfDiagram(in theme: Theme) throws -> [Diagram] {
    try everyKindOfDiagram().map {
      var diagram = $0
      diagram.theme = theme
      return diagram
    }
  }

  /// Every attribute of a graph: the graph's, the defaults, and each cluster's, node's and edge's.
  static func allAttributes(_ graph: GraphDescription) -> [GraphDescription.Attribute] {
    graph.attributes + graph.nodeDefaults + graph.edgeDefaults + graph.clusters.flatMap(\.attributes)
      + graph.nodes.flatMap(\.attributes) + graph.edges.flatMap(\.attributes)
  }

  /// Every `#RRGGBB` in `text`, upper-cased.
  static func colors(in text: String) -> [String] {
    text.matches(of: #/#[0-9A-Fa-f]{6}/#).map { String($0.output).uppercased() }
  }

  /// The colours of `<FONT COLOR="…">` in HTML-like labels: the colours text is drawn in.
  static func textColors(in text: String) -> [String] {
    text.matches(of: #/<FONT POINT-SIZE="\d+" COLOR="(#[0-9A-Fa-f]{6})"/#).map { String($0.output.1).uppercased() }
  }

  // MARK: - Palettes

  @Test func lightIsTheDefaultAndOnlyDarkHasAFileNameSuffix() throws {
    let diagram = try lastDiagram(loginFlowScenario)
    #expect(diagram.theme == .light)
    #expect(diagram.graph.attributes["bgcolor"] == "#FFFFFF")
    #expect(Theme.light.fileNameSuffix == "")
    #expect(Theme.dark.fileNameSuffix == "~dark")
    #expect(Theme.allCases.map(\.rawValue) == ["light", "dark"])
    #expect(Theme(rawValue: "dark") == .dark)
  }

  @Test func thePalettesShareNoSurfaceOrTextColour() {
    let light = DiagramStyle.light
    let dark = DiagramStyle.dark
    #expect(light.colors.count > 25 && dark.colors.count > 25)
    let lightSurfaces = [
      light.background, light.controllerFill, light.offScreenFill, light.notLoadedFill, light.clusterFill,
    ]
    let darkSurfaces = [dark.background, dark.controllerFill, dark.offScreenFill, dark.notLoadedFill, dark.clusterFill]
    // Light text drawn on a dark surface, or a light surface left in the dark theme, would be the bug.
    #expect(Set(darkSurfaces).isDisjoint(with: lightSurfaces))
    #expect(dark.label != light.label && dark.secondaryLabel != light.secondaryLabel)
    // Windows stand out from the dark background and from the frames around them, by their fill or their outline.
    for (fill, border) in [(dark.windowFill, dark.windowBorder), (dark.otherWindowFill, dark.otherWindowBorder)] {
      #expect(max(Self.contrast(fill, dark.background), Self.contrast(border, dark.background)) >= 3, "\(fill)")
      #expect(max(Self.contrast(fill, dark.clusterFill), Self.contrast(border, dark.clusterFill)) >= 3, "\(fill)")
      #expect(Self.contrast(dark.windowLabel, fill) >= 4.5, "\(fill)")
      #expect(Self.contrast(dark.windowSecondaryLabel, fill) >= 4.5, "\(fill)")
    }
  }

  /// Text legible on the surfaces it is drawn on: WCAG's 4.5:1 for labels, 3:1 for the small
  /// coloured lines (kinds, states, marks) and the faded text of what a diff removed.
  @Test func darkTextHasEnoughContrast() {
    let dark = DiagramStyle.dark
    let surfaces = [dark.background, dark.controllerFill, dark.offScreenFill, dark.notLoadedFill, dark.clusterFill]
    for surface in surfaces {
      for text in [dark.label, dark.secondaryLabel] {
        #expect(Self.contrast(text, surface) >= 4.5, "\(text) on \(surface)")
      }
      for text in [
        dark.tertiaryLabel, dark.onScreenText, dark.added, dark.changed, dark.presentationEdge, dark.viewLoad,
        dark.deallocated, dark.childEdge, dark.shownChildEdge, dark.rootEdge, dark.segue,
      ] + ViewControllerKind.allCases.map(dark.color(for:)) {
        #expect(Self.contrast(text, surface) >= 3, "\(text) on \(surface)")
      }
    }
    #expect(Self.contrast(dark.removedText, dark.removedFill) >= 3)
    #expect(Self.contrast(dark.removed, dark.removedFill) >= 3)
  }

  // MARK: - Colours in the graph

  @Test func theDarkThemeDrawsOnlyDarkPaletteColours() throws {
    let palette = DiagramStyle.dark.colors
    let lightOnly = DiagramStyle.light.colors.subtracting(palette)
    let surfaces: Set = [
      DiagramStyle.dark.background, DiagramStyle.dark.controllerFill, DiagramStyle.dark.offScreenFill,
      DiagramStyle.dark.notLoadedFill, DiagramStyle.dark.clusterFill,
    ]
    var seen: Set<String> = []
    for diagram in try Self.everyKindOfDiagram(in: .dark) {
      let graph = diagram.graph
      #expect(graph.attributes["bgcolor"] == DiagramStyle.dark.background)
      for fill in Self.allAttributes(graph).filter({ $0.name == "fillcolor" }) {
        #expect(fill.value != DiagramStyle.light.background, "a white box in \(diagram.headline)")
      }
      for attribute in Self.allAttributes(graph) {
        let colors = Self.colors(in: attribute.value)
        seen.formUnion(colors)
        for color in colors {
          #expect(palette.contains(color), "\(color) in \(attribute.name) of \(diagram.headline) is not a dark colour")
          #expect(!lightOnly.contains(color), "\(color) of the light theme in \(diagram.headline)")
        }
        for color in Self.textColors(in: attribute.value) {
          #expect(!surfaces.contains(color), "text in \(color), a surface colour, in \(diagram.headline)")
        }
      }
    }
    // The diagrams drew the background, text, windows, diff marks and callbacks: the scan saw them.
    let dark = DiagramStyle.dark
    for color in [
      dark.background, dark.label, dark.windowFill, dark.clusterFill, dark.added, dark.removed, dark.changed,
      dark.viewLoad, dark.panelBorder, dark.offScreenFill,
    ] {
      #expect(seen.contains(color), "no diagram drew \(color)")
    }
  }

  @Test func theLightThemeDrawsOnlyLightPaletteColours() throws {
    let palette = DiagramStyle.light.colors
    for diagram in try Self.everyKindOfDiagram() {
      for attribute in Self.allAttributes(diagram.graph) {
        for color in Self.colors(in: attribute.value) {
          #expect(palette.contains(color), "\(color) in \(attribute.name) of \(diagram.headline)")
        }
      }
    }
  }

  /// A theme changes colours and nothing else: the same nodes, edges, clusters, ids and classes.
  @Test func themesDifferOnlyInColour() throws {
    for (light, dark) in zip(try Self.everyKindOfDiagram(), try Self.everyKindOfDiagram(in: .dark)) {
      let (lightGraph, darkGraph) = (light.graph, dark.graph)
      #expect(lightGraph.nodes.map(\.name) == darkGraph.nodes.map(\.name))
      #expect(lightGraph.nodes.map(\.cluster) == darkGraph.nodes.map(\.cluster))
      #expect(lightGraph.edges.map { [$0.tail, $0.head] } == darkGraph.edges.map { [$0.tail, $0.head] })
      #expect(lightGraph.clusters.map(\.name) == darkGraph.clusters.map(\.name))
      func structure(_ graph: GraphDescription) -> [[String?]] {
        (graph.nodes.map(\.attributes) + graph.edges.map(\.attributes)).map { [$0["id"], $0["class"], $0["style"]] }
      }
      #expect(structure(lightGraph) == structure(darkGraph))
      #expect(lightGraph.attributes["class"] == "theme-light")
      #expect(darkGraph.attributes["class"] == "theme-dark")
    }
  }

  // MARK: - Classes and ids in the graph

  /// The words of a `class` attribute, in order.
  static func classes(_ attributes: [GraphDescription.Attribute]) -> [String] {
    (attributes["class"] ?? "").split(separator: " ").map(String.init)
  }

  /// The classes of the node named `name`; empty when there is none.
  static func classes(_ graph: GraphDescription, node name: String) -> [String] {
    classes(graph.node(named: name)?.attributes ?? [])
  }

  /// The classes of the first edge from `tail` to `head`; empty when there is none.
  static func classes(_ graph: GraphDescription, from tail: String, to head: String) -> [String] {
    classes(graph.edges(from: tail, to: head).first?.attributes ?? [])
  }

  @Test func nodesAndEdgesCarryTheirClasses() throws {
    let graph = try lastDiagram(loginFlowScenario).graph
    #expect(Self.classes(graph, node: "window:main") == ["window", "key"])
    #expect(
      Self.classes(graph, node: "vc:nav") == [
        "vc", "kind-navigation", "state-disappeared", "loaded", "off-screen",
      ])
    #expect(
      Self.classes(graph, node: "vc:login") == ["vc", "kind-content", "state-appeared", "loaded", "on-screen"])
    let edges = Dictionary(
      uniqueKeysWithValues: graph.edges.map { ($0.attributes["id"] ?? "", Self.classes($0.attributes)) })
    #expect(
      edges == [
        "edge-root-main~nav": ["edge-root"], "edge-child-nav~home": ["edge-child", "shown"],
        "edge-presentation-nav~login": ["edge-presentation", "style-fullScreen"],
      ])
    #expect(graph.clusters.first?.attributes["class"] == "frame")

    let tabs = try diagram(try sampleReplay("tab-bar.yaml"), step: 3).graph
    let hidden = tabs.edges.filter { Self.classes($0.attributes).contains("hidden") }
    #expect(!hidden.isEmpty)
    #expect(hidden.allSatisfy { !$0.labelText.contains("selected") }, "a hidden child is not the selected tab")

    let detached = try diagram(try sampleReplay("navigation.yaml"), step: 1).graph
    #expect(detached.clusters.map { $0.attributes["class"] } == ["frame detached"])
  }

  @Test func aDiffMarksItsElementsWithClasses() throws {
    let push = try DiffDiagramTests.diffDiagram("navigation.yaml", 2, 3).graph
    #expect(Self.classes(push, node: "vc:message").contains("added"))
    #expect(Self.classes(push, node: "vc:inbox").contains("changed"))
    #expect(Set(Self.classes(push, node: "vc:nav")).isDisjoint(with: ["added", "changed", "removed"]))
    #expect(Self.classes(push, from: "vc:inbox", to: "vc:message").contains("added"))

    let dismiss = try DiffDiagramTests.diffDiagram("login-flow.yaml", 3, 4).graph
    #expect(Set(Self.classes(dismiss, node: "vc:login")).isSuperset(of: ["vc", "removed", "state-appeared"]))
    #expect(
      Self.classes(dismiss, from: "vc:nav", to: "vc:login") == [
        "edge-presentation", "style-fullScreen", "removed",
      ])

    let windows = try DiffDiagramTests.diffDiagram("two-windows.yaml", 3, 2).graph
    #expect(Self.classes(windows, node: "window:overlay") == ["window", "removed"])
    #expect(windows.clusters.first { $0.name == "cluster_window_overlay" }?.attributes["class"] == "frame removed")
    let added = try DiffDiagramTests.diffDiagram("two-windows.yaml", 2, 3).graph
    #expect(Self.classes(added, node: "window:overlay").contains("added"))
  }

  /// Edge ids join the two ends with `~`, which is encoded inside an id, so ids that contain `-`
  /// or `~` cannot make two relations share an edge id.
  @Test func edgeIDsAreDistinctForAnyControllerIDs() {
    let ids = [
      Diagram.svgID(of: .child(parent: "a-b", child: "c")), Diagram.svgID(of: .child(parent: "a", child: "b-c")),
      Diagram.svgID(of: .child(parent: "a~b", child: "c")), Diagram.svgID(of: .child(parent: "a", child: "b~c")),
      Diagram.svgID(of: .presentation(presenter: "a-b", presented: "c")),
      Diagram.svgID(of: .root(window: "a-b", controller: "c")),
      Diagram.svgID(of: .child(parent: "100%", child: "x\\N")),
    ]
    #expect(Set(ids).count == ids.count)
    #expect(ids[0] == "edge-child-a-b~c")
    #expect(ids[2] == "edge-child-a%7Eb~c")
    #expect(ids[6] == "edge-child-100%25~x%5CN")
  }

  // MARK: - The SVG

  /// The `<g>` groups of an SVG Graphviz drew for nodes, edges or clusters: Graphviz writes `node`,
  /// `edge` or `cluster` first in `class`, then the classes vcgraph gave.
  static func groups(_ svg: SVGDocument, _ kind: String) -> [ParsedElement] {
    svg.root.allElements.filter {
      $0.name == "g" && $0.attributes["class"]?.split(separator: " ").first == Substring(kind)
    }
  }

  static func classes(_ element: ParsedElement?) -> [String] {
    (element?.attributes["class"] ?? "").split(separator: " ").map(String.init)
  }

  /// The text of the `<title>` directly inside a group: what Graphviz calls the node or edge.
  static func title(_ element: ParsedElement) -> String? {
    element.children.first { $0.name == "title" }?.allText
  }

  @Test(arguments: Theme.allCases)
  func theSVGCarriesClassesIDsAndTitles(theme: Theme) throws {
    var diagram = try lastDiagram(loginFlowScenario)
    diagram.theme = theme
    let svg = try SVGDocument(try #require(try render(diagram, [.svg])[.svg]))

    let graphGroup = try #require(svg.root.allElements.first { $0.attributes["id"] == "graph0" })
    #expect(Self.classes(graphGroup) == ["graph", "theme-\(theme.rawValue)"])

    let nodes = Dictionary(uniqueKeysWithValues: Self.groups(svg, "node").map { ($0.attributes["id"] ?? "", $0) })
    #expect(Set(nodes.keys) == ["window-main", "vc-nav", "vc-home", "vc-login"])
    #expect(Self.classes(nodes["window-main"]) == ["node", "window", "key"])
    #expect(
      Self.classes(nodes["vc-home"]) == ["node", "vc", "kind-content", "state-disappeared", "loaded", "off-screen"])
    #expect(nodes["vc-home"].map(Self.title) == "vc:home")
    #expect(nodes["window-main"].map(Self.title) == "window:main")

    let edges = Dictionary(uniqueKeysWithValues: Self.groups(svg, "edge").map { ($0.attributes["id"] ?? "", $0) })
    #expect(Set(edges.keys) == ["edge-root-main~nav", "edge-child-nav~home", "edge-presentation-nav~login"])
    #expect(Self.classes(edges["edge-root-main~nav"]) == ["edge", "edge-root"])
    #expect(Self.classes(edges["edge-child-nav~home"]) == ["edge", "edge-child", "shown"])
    #expect(Self.classes(edges["edge-presentation-nav~login"]) == ["edge", "edge-presentation", "style-fullScreen"])
    #expect(edges["edge-child-nav~home"].map(Self.title) == "vc:nav->vc:home")

    let frame = try #require(Self.groups(svg, "cluster").first)
    #expect(frame.attributes["id"] == "frame-window-main")
    #expect(Self.classes(frame) == ["cluster", "frame"])

    // The background is the theme's.
    let background = try #require(graphGroup.children.first { $0.name == "polygon" })
    #expect(background.attributes["fill"]?.uppercased() == (theme == .dark ? "#000000" : "#FFFFFF"))
  }

  /// Every element's id in an SVG is unique, across every kind of diagram, diffs included.
  @Test func idsAreUniqueInEverySVG() throws {
    // At the rules' level, whatever the size, so that the graph is the one drawn.
    let diagrams = try Self.everyKindOfDiagram(in: .dark).map { diagram in
      var folded = diagram
      folded.folding = Folding(mode: .runs)
      return folded
    }
    let svgs = try withRenderer { renderer in
      try diagrams.map { try SVGDocument(try #require(try renderer.render($0, formats: [.svg])[.svg])) }
    }
    for (diagram, svg) in zip(diagrams, svgs) {
      let ids = svg.root.allElements.compactMap { $0.attributes["id"] }
      #expect(Set(ids).count == ids.count, "\(diagram.headline): \(ids.sorted())")
      // Every node and edge has an id of its own, not Graphviz's `node3` or `edge2`.
      for group in Self.groups(svg, "node") + Self.groups(svg, "edge") {
        let id = group.attributes["id"] ?? ""
        #expect(
          id.hasPrefix("vc-") || id.hasPrefix("window-") || id.hasPrefix("edge-") || id.hasPrefix("fold-")
            || id.hasPrefix("segue-"), "\(id)")
        #expect(Self.classes(group).count >= 2, "\(id) has no class of its own")
      }
      #expect(Self.groups(svg, "edge").count == diagram.graph.drawnEdges.count)
    }
  }

  /// A light and dark pair, as DocC shows one or the other by appearance: the same drawing, the same
  /// size, only the colours differ (so switching appearance moves nothing).
  @Test func theDarkSVGIsTheLightSVGInOtherColours() throws {
    let diagrams =
      try Self.everyKindOfDiagram().filter { $0.context.hasPrefix("STEP") == false }
      + sampleNames.map { name in
        let replay = try sampleReplay(name)
        let last = try #require(replay.frames.last)
        return Diagram(frame: last, stepCount: replay.frames.count, title: replay.scenario.title, showsEvents: true)
      }
    func normalized(_ svg: [UInt8]) -> String {
      String(decoding: svg, as: UTF8.self).replacing(#/#[0-9A-Fa-f]{6}/#, with: "#")
        .replacingOccurrences(of: "theme&#45;dark", with: "theme&#45;light")
        .replacingOccurrences(of: DiagramStyle.dark.shownChildEdgeNote, with: DiagramStyle.light.shownChildEdgeNote)
    }
    try withRenderer { renderer in
      for light in diagrams {
        var dark = light
        dark.theme = .dark
        let lightSVG = try #require(try renderer.render(light, formats: [.svg])[.svg])
        let darkSVG = try #require(try renderer.render(dark, formats: [.svg])[.svg])
        #expect(lightSVG != darkSVG)
        #expect(normalized(lightSVG) == normalized(darkSVG), "\(light.headline)")
      }
    }
  }

  @Test func aDarkPNGRenders() throws {
    var diagram = try DiffDiagramTests.diffDiagram("two-windows.yaml", 2, 3)
    diagram.theme = .dark
    let png = try #require(try render(diagram, [.png])[.png])
    let size = try #require(pngSize(png))
    #expect(size.width > 200 && size.height > 200)
  }

  // MARK: - Contrast

  /// WCAG's contrast ratio of two `#RRGGBB` colours, from 1 to 21.
  static func contrast(_ first: String, _ second: String) -> Double {
    func luminance(_ hex: String) -> Double {
      let value = Int(hex.dropFirst(), radix: 16) ?? 0
      func linear(_ shift: Int) -> Double {
        let channel = Double((value >> shift) & 0xFF) / 255
        return channel <= 0.03928 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
      }
      return 0.2126 * linear(16) + 0.7152 * linear(8) + 0.0722 * linear(0)
    }
    let (a, b) = (luminance(first), luminance(second))
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }
}
