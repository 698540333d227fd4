import Foundation
import Testing
import VCGraph

@testable import VCGraphviz

/// The diagram of a diff: the later hierarchy, with what was added outlined in blue, what changed
/// in orange with what it was, and what was removed drawn faded and dotted from the earlier one.
@Suite struct DiffDiagramTests {
  /// The diff diagram from step `from` to step `to` of a sample.
  static func diffDiagram(_ sample: String, _ from: Int, _ to: Int) throws -> Diagram {
    let replay = try sampleReplay(sample)
    let before = try #require(replay.frame(from)).hierarchy
    let after = try #require(replay.frame(to)).hierarchy
    return Diagram(diff: HierarchyDiff(before: before, after: after), headline: "\(sample) \(from) → \(to)")
  }

  /// The text of a node's label.
  static func labelText(_ node: GraphDescription.Node) -> String { plainText(ofHTML: node.attributes["label"] ?? "") }

  /// The styles of a node or edge (`rounded`, `filled`, `dotted`).
  static func styles(_ attributes: [GraphDescription.Attribute]) -> [Substring] {
    (attributes["style"] ?? "").split(separator: ",")
  }

  /// The text of the graph label: heading, caption and legend.
  static func headerText(_ graph: GraphDescription) -> String { plainText(ofHTML: graph.attributes["label"] ?? "") }

  // MARK: - Added and changed

  @Test func aPushOutlinesTheNewTopAndMarksTheOldTopChanged() throws {
    let diagram = try Self.diffDiagram("navigation.yaml", 2, 3)
    #expect(diagram.context == "DIFF")
    #expect(diagram.hierarchy == diagram.changes?.after)
    let graph = diagram.graph
    #expect(Set(graph.controllerIDs) == ["nav", "inbox", "message"])

    let added = try #require(graph.node(named: "vc:message"))
    #expect(added.attributes["color"] == DiagramStyle.light.added)
    #expect(added.attributes["penwidth"] == "3")
    #expect(Self.labelText(added).hasPrefix("+ ADDED "))
    #expect(Self.labelText(added).contains("on screen · appeared"), "drawn in its new state")
    #expect(!Self.styles(added.attributes).contains("dotted"))

    let changed = try #require(graph.node(named: "vc:inbox"))
    #expect(changed.attributes["color"] == DiagramStyle.light.changed)
    #expect(Self.labelText(changed).hasPrefix("~ CHANGED "))
    #expect(Self.labelText(changed).contains("off screen · disappeared"), "drawn in its new state")
    #expect(Self.labelText(changed).contains("~ appeared → disappeared"), "with what changed")

    // The navigation controller did not change: no mark, its usual on-screen border.
    let unchanged = try #require(graph.node(named: "vc:nav"))
    #expect(unchanged.attributes["color"] == DiagramStyle.light.onScreenBorder)
    #expect(!Self.labelText(unchanged).contains("ADDED") && !Self.labelText(unchanged).contains("CHANGED"))

    // The pushed controller hangs below the one it was pushed on; its role is on its node.
    let newEdge = try #require(graph.edges(from: "vc:inbox", to: "vc:message").first)
    #expect(newEdge.labelText == "+ ADDED")
    #expect(newEdge.attributes["id"] == "edge-child-nav~message")
    #expect(newEdge.attributes["penwidth"] == "2.6")
    #expect(graph.role(ofController: "message") == "stack[1] · top")
    let oldEdge = try #require(graph.edges(from: "vc:nav", to: "vc:inbox").first)
    // No longer the top, which the new edge already says: no mark.
    #expect(oldEdge.labelText == "")
    #expect(graph.role(ofController: "inbox") == "stack[0]")
    #expect(graph.edges(from: "window:main", to: "vc:nav").first?.labelText == "root")
    #expect(graph.drawnEdges.count == 3, "nothing was removed")
  }

  /// A state change alone (dismissing a full-screen presentation brings the presenter back).
  @Test func aStateChangeShowsWhatItWas() throws {
    let graph = try Self.diffDiagram("login-flow.yaml", 3, 4).graph
    for id in ["nav", "home"] {
      let node = try #require(graph.node(named: "vc:\(id)"))
      #expect(node.attributes["color"] == DiagramStyle.light.changed, "\(id)")
      #expect(Self.labelText(node).contains("~ disappeared → appeared"), "\(id)")
    }
  }

  // MARK: - Removed

  /// Dismissing the login removes it (deallocated): it is drawn where it was, from the earlier
  /// hierarchy, faded and dotted, and so is its presentation edge.
  @Test func aDismissDrawsTheRemovedControllerFromTheEarlierHierarchy() throws {
    let diagram = try Self.diffDiagram("login-flow.yaml", 3, 4)
    #expect(diagram.hierarchy["login"]?.isViewLoaded == false, "the later hierarchy has a new, unloaded login")
    let graph = diagram.graph

    let removed = try #require(graph.node(named: "vc:login"))
    #expect(Self.styles(removed.attributes).contains("dotted"))
    #expect(removed.attributes["color"] == DiagramStyle.light.removed)
    #expect(removed.attributes["fillcolor"] == DiagramStyle.light.removedFill)
    let label = Self.labelText(removed)
    #expect(label.hasPrefix("− REMOVED "))
    #expect(label.contains("LoginViewController"))
    #expect(label.contains("on screen · appeared"), "drawn as it was before: \(label)")
    #expect(removed.cluster == "cluster_window_main", "where it was: in the main window")

    let edge = try #require(graph.edges(from: "vc:nav", to: "vc:login").first)
    #expect(Self.styles(edge.attributes).contains("dotted"))
    #expect(!edge.isDashed, "dotted replaces a presentation's dashes")
    #expect(edge.attributes["color"] == DiagramStyle.light.removed)
    // The removed box says it was presented full screen; the edge between two boxes of one rank
    // has no label.
    #expect(edge.labelText == "")
    #expect(graph.role(ofController: "login") == "presented · fullScreen")
  }

  /// A pop removes the top and its child edge.
  @Test func aPopDrawsTheRemovedChildEdgeDotted() throws {
    let graph = try Self.diffDiagram("navigation.yaml", 4, 5).graph
    let node = try #require(graph.node(named: "vc:attachment"))
    #expect(Self.labelText(node).hasPrefix("− REMOVED "))
    // Drawn where it was: below the controller it had been pushed on.
    let edge = try #require(graph.edges(from: "vc:message", to: "vc:attachment").first)
    #expect(Self.styles(edge.attributes) == ["dotted"])
    #expect(edge.labelText == "− REMOVED stack[2] · top")
    #expect(graph.nodes.filter { $0.name == "vc:attachment" }.count == 1)
  }

  /// Going back from two windows to one: the overlay window, its frame, its root and the root edge
  /// are drawn from the earlier hierarchy.
  @Test func aRemovedWindowIsDrawnWithItsRoot() throws {
    let graph = try Self.diffDiagram("two-windows.yaml", 3, 2).graph
    #expect(graph.windowIDs == ["main", "overlay"])
    let window = try #require(graph.node(named: "window:overlay"))
    #expect(Self.labelText(window).hasPrefix("− REMOVED UIWindow"))
    #expect(window.attributes["fillcolor"] == DiagramStyle.light.removed)
    let frame = try #require(graph.clusters.first { $0.name == "cluster_window_overlay" })
    #expect(Self.styles(frame.attributes).contains("dashed"))
    #expect(frame.attributes["color"] == DiagramStyle.light.removed)

    let root = try #require(graph.node(named: "vc:toast"))
    #expect(root.cluster == "cluster_window_overlay")
    #expect(Self.labelText(root).hasPrefix("− REMOVED "))
    let edge = try #require(graph.edges(from: "window:overlay", to: "vc:toast").first)
    #expect(Self.styles(edge.attributes).contains("dotted"))
    #expect(edge.labelText == "− REMOVED root")

    #expect(graph.node(named: "window:main")?.attributes["label"]?.contains("REMOVED") == false)
  }

  /// An added window is outlined; a window whose key status changed says what it was.
  @Test func windowsAreMarkedAddedAndChanged() throws {
    let added = try #require(try Self.diffDiagram("two-windows.yaml", 2, 3).graph.node(named: "window:overlay"))
    #expect(added.attributes["color"] == DiagramStyle.light.added)
    #expect(Self.labelText(added).hasPrefix("+ ADDED UIWindow"))

    let graph = try Self.diffDiagram("two-windows.yaml", 4, 5).graph
    let main = try #require(graph.node(named: "window:main"))
    #expect(Self.labelText(main).hasPrefix("~ CHANGED UIWindow"))
    #expect(main.attributes["color"] == DiagramStyle.light.changed)
    #expect(Self.labelText(main).contains("~ key → not key"))
    let overlay = try #require(graph.node(named: "window:overlay"))
    #expect(Self.labelText(overlay).contains("overlay · key window"))
    #expect(Self.labelText(overlay).contains("~ not key → key"))

    let compact = try Self.diffDiagram("split-view-adaptive.yaml", 3, 4).graph
    let window = try #require(compact.node(named: "window:main"))
    #expect(Self.labelText(window).contains("main · key window · compact width"))
    #expect(Self.labelText(window).contains("~ regular → compact width"))
    let split = try #require(compact.node(named: "vc:split"))
    #expect(Self.labelText(split).contains("SPLIT VIEW · COLLAPSED"))
    #expect(Self.labelText(split).contains("~ expanded → collapsed"))
  }

  // MARK: - Legend

  @Test func theLegendHasTheDiffRowsOnlyInADiffDiagram() throws {
    let step = try diagram(try sampleReplay("navigation.yaml"), step: 3)
    #expect(step.changes == nil)
    let plain = Self.headerText(step.graph)
    #expect(plain.contains("window → root view controller"))
    #expect(!plain.contains("ADDED") && !plain.contains("REMOVED") && !plain.contains("~ changed"))

    let diff = Self.headerText(try Self.diffDiagram("navigation.yaml", 2, 3).graph)
    #expect(diff.contains("+ ADDED new since before (blue outline)"))
    #expect(diff.contains("~ changed (what it was below)"))
    #expect(diff.contains("− REMOVED gone since before (faded, dotted)"))
    #expect(diff.hasPrefix("DIFF navigation.yaml 2 → 3"))

    // A diff with no changes marks nothing, so its legend has nothing to explain.
    let unchanged = try Self.diffDiagram("navigation.yaml", 3, 3)
    #expect(unchanged.changes?.isEmpty == true)
    let none = Self.headerText(unchanged.graph)
    #expect(none.contains("window → root view controller"))
    #expect(!none.contains("ADDED") && !none.contains("REMOVED") && !none.contains("~ changed"))
  }

  /// Without a diff nothing is marked, even in a hierarchy a step changed.
  @Test func aStepDiagramMarksNothing() throws {
    let graph = try diagram(try sampleReplay("navigation.yaml"), step: 3).graph
    for node in graph.nodes {
      let text = Self.labelText(node)
      #expect(!text.contains("ADDED") && !text.contains("REMOVED") && !text.contains("CHANGED"), "\(node.name)")
    }
    #expect(!graph.edges.contains { $0.labelText.contains("ADDED") || Self.styles($0.attributes).contains("dotted") })
  }

  // MARK: - Rendering

  /// Every kind of diff diagram goes through Graphviz; the SVG has a node for every controller and
  /// window drawn, removed ones included.
  @Test(arguments: [
    ("navigation.yaml", 2, 3), ("navigation.yaml", 4, 5), ("login-flow.yaml", 3, 4), ("two-windows.yaml", 3, 2),
    ("two-windows.yaml", 4, 5), ("split-view-adaptive.yaml", 3, 4), ("tab-bar.yaml", 5, 6),
  ])
  func diffDiagramsRenderAsSVG(sample: String, from: Int, to: Int) throws {
    let diagram = try Self.diffDiagram(sample, from, to)
    let graph = diagram.graph
    let outputs = try render(diagram, [.svg])
    let svg = try SVGDocument(try #require(outputs[.svg]))
    let expected = Set(graph.controllerIDs.map { "vc-" + $0 } + graph.windowIDs.map { "window-" + $0 })
    #expect(Set(svg.nodeIDs) == expected)
    #expect(svg.edgeCount == graph.drawnEdges.count)
  }

  /// The heading `vcgraph diff` draws: the two snapshots' names and the counts.
  @Test func theSnapshotHeadingCountsTheChanges() throws {
    let replay = try sampleReplay("login-flow.yaml")
    let before = HierarchySnapshot(
      hierarchy: try #require(replay.frame(3)).hierarchy, name: "samples/login-flow.yaml#3", source: .scenario(step: 3))
    let after = HierarchySnapshot(
      hierarchy: try #require(replay.frame(4)).hierarchy, name: "samples/login-flow.yaml#4", source: .scenario(step: 4))
    let diagram = Diagram(
      diff: HierarchyDiff(before: before.hierarchy, after: after.hierarchy), before: before, after: after)
    #expect(diagram.headline == "login-flow.yaml#3 → login-flow.yaml#4")
    #expect(diagram.caption == "1 controller removed · 2 controllers changed")
    let same = Diagram(
      diff: HierarchyDiff(before: before.hierarchy, after: before.hierarchy), before: before, after: before)
    #expect(same.caption == "no changes")
  }
}
