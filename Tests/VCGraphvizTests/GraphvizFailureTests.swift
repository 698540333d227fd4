import Foundation
import Testing
import VCGraph

@testable import VCGraphviz

/// Graphviz's own failures as vcgraph reports them: a missing plugin says what to install or run,
/// and a graph Graphviz rejects does not fail the next one.
///
/// Graphviz reads `GVBINDIR` once per process, so the broken plugin setups themselves are run in a
/// `vcgraph` process of their own (`GraphvizFailureCommandTests`); here the diagnosis is checked on
/// folders made for it.
@Suite struct GraphvizFailureTests {
  // MARK: - Error state between graphs

  /// A label Graphviz cannot parse fails that graph in every format; the same renderer then draws a
  /// good graph exactly as a renderer that never failed does.
  @Test(arguments: [[OutputFormat.svg], [.png], [.pdf], [.svg, .png, .dot]])
  func aGraphGraphvizRejectsDoesNotFailTheNext(formats: [OutputFormat]) throws {
    var broken = GraphDescription()
    broken.nodes = [
      GraphDescription.Node(name: "a", attributes: [GraphDescription.Attribute("label", html: "<TABLE><TR>x</TABLE>")])
    ]
    let diagram = try lastDiagram(loginFlowScenario)
    let fresh = try withRenderer { try $0.render(diagram, formats: [.svg]) }
    let (failures, after) = try withRenderer { renderer -> ([RenderError], [OutputFormat: [UInt8]]) in
      var failures: [RenderError] = []
      for _ in 0..<2 {
        do {
          _ = try renderer.render(broken, formats: formats)
        } catch let error as RenderError {
          failures.append(error)
        }
      }
      return (failures, try renderer.render(diagram, formats: [.svg]))
    }
    #expect(failures.count == 2, "both renders of the broken graph fail")
    for failure in failures {
      // Graphviz parses HTML labels when it lays the graph out.
      guard case .layout(let detail) = failure else {
        Issue.record("expected a layout error, got \(failure)")
        continue
      }
      #expect(detail.contains("mismatched tag"), "\(detail)")
      #expect(detail.contains("in label of node a"), "\(detail)")
    }
    // The second failure says the same as the first: nothing of the first was carried over.
    #expect(failures.first == failures.last)
    #expect(after[.svg] == fresh[.svg])
  }

  /// A warning alone (an unknown color here) lets the diagram through and is not kept for the next.
  @Test func aWarningDoesNotFailTheGraphOrTheNext() throws {
    var warned = GraphDescription()
    warned.nodes = [
      GraphDescription.Node(name: "a", attributes: [GraphDescription.Attribute("color", "no-such-color")])
    ]
    let diagram = try lastDiagram(loginFlowScenario)
    let (first, after) = try withRenderer { renderer in
      (try renderer.render(warned, formats: [.svg]), try renderer.render(diagram, formats: [.svg]))
    }
    #expect(first[.svg]?.isEmpty == false)
    #expect(after[.svg]?.isEmpty == false)
  }

  // MARK: - Graphs dot cannot lay out

  /// Flat edges (`minlen` 0) that close a cycle with the ones before them are found, in order, so
  /// the stable layout's union leaves them out (`dot` 2.42 can loop for ever in `flat_rev` on them);
  /// edges that stack their ends (no `minlen` 0) may close cycles: `dot` reverses one of those.
  /// Graphviz 2.42 corrupts the heap (`malloc(): unaligned fastbin chunk detected`, or a double
  /// free in `gvFreeLayout`) when a *labelled* edge that may join two nodes of one rank (`minlen=0`)
  /// runs from a node in a cluster to one outside it, newrank or not: a C program that lays out and
  /// frees this graph three times with libgvc aborts on
  /// `digraph { newrank=true; subgraph cluster_w { r -> a; r -> b; r -> c } s -> d;
  /// a -> d [label="present", minlen=0] }`. vcgraph never draws such a label (roles and styles are
  /// on the boxes), and cgraph is handed none: the same graph draws, again and again, without it.
  @Test func aLabelledEdgeThatMayBeFlatDrawsWithoutItsLabel() throws {
    var graph = GraphDescription()
    graph.attributes = [.init("newrank", "true")]
    graph.clusters = [.init(name: "cluster_w", attributes: [])]
    graph.nodes =
      ["r", "a", "b", "c"].map { GraphDescription.Node(name: $0, cluster: "cluster_w", attributes: []) }
      + ["s", "d"].map { GraphDescription.Node(name: $0, attributes: []) }
    graph.edges =
      [("r", "a"), ("r", "b"), ("r", "c"), ("s", "d")].map {
        GraphDescription.Edge(tail: $0.0, head: $0.1, attributes: [])
      } + [.init(tail: "a", head: "d", attributes: [.init("label", "present"), .init("minlen", "0")])]
    try withRenderer { renderer in
      for _ in 0..<3 {
        let drawn = try renderer.render(graph, formats: [.svg, .png])
        let svg = String(decoding: try #require(drawn[.svg]), as: UTF8.self)
        #expect(svg.contains("<title>a&#45;&gt;d</title>"), "the edge is drawn")
        #expect(!svg.contains(">present<"), "its label is not")
        #expect(pngSize(try #require(drawn[.png])) != nil)
      }
    }
  }

  @Test func flatEdgesThatCloseACycleAreFound() {
    func edge(_ tail: String, _ head: String, flat: Bool = true) -> GraphDescription.Edge {
      .init(tail: tail, head: head, attributes: flat ? [.init("minlen", "0"), .init("style", "invis")] : [])
    }
    var graph = GraphDescription()
    graph.nodes = ["a", "b", "c", "d"].map { GraphDescription.Node(name: $0, attributes: []) }
    graph.edges = [
      edge("a", "b"), edge("b", "c"),
      edge("c", "a"),  // closes a → b → c
      edge("b", "a"),  // closes a → b
      edge("c", "d", flat: false), edge("d", "c", flat: false),  // stacked: dot reverses one
      edge("d", "d"),  // a loop
      edge("a", "c"),  // a second way, no cycle
    ]
    #expect(graph.flatCycleEdges() == [2, 3, 6])
  }

  // MARK: - Missing plugins

  @Test func aFolderThatDoesNotExistSaysToInstallThePlugins() throws {
    let plugins = GraphvizPlugins.inspect(
      folder: "/nonexistent/graphviz", isFromEnvironment: true, configName: "config6a", layouts: [], formats: [])
    #expect(plugins.config == .noFolder)
    let error = RenderError.missingPlugin(
      .init(wanted: .layout("dot"), plugins: plugins, detail: "Layout type: \"dot\" not recognized"))
    #expect(error.description.hasPrefix("Graphviz cannot lay out the diagram: it has no \"dot\" layout plugin."))
    #expect(error.description.contains("/nonexistent/graphviz (GVBINDIR names it) does not exist"))
    #expect(error.description.contains("apt-get install -y libgraphviz-dev"))
    #expect(error.description.contains("point GVBINDIR at"))
    #expect(error.description.hasSuffix("(Graphviz: Layout type: \"dot\" not recognized)"))
  }

  @Test func aFolderWithoutAConfigSaysToRunDotC() throws {
    try withFolder { folder in
      let plugins = GraphvizPlugins.inspect(
        folder: folder, isFromEnvironment: false, configName: "config6a", layouts: [], formats: [])
      #expect(plugins.config == .missing)
      #expect(plugins.configPath == folder + "/config6a")
      let advice = plugins.advice(for: .format(.png))
      #expect(advice.contains("\(folder)/config6a is missing"))
      #expect(advice.contains("run `dot -c` as root"))
      #expect(advice.contains("apt-get install -y libgraphviz-dev"))
      #expect(!advice.contains("GVBINDIR"))
    }
  }

  @Test func anEmptyConfigSaysToRunDotC() throws {
    try withFolder { folder in
      try Data().write(to: URL(fileURLWithPath: folder + "/config6a"))
      let plugins = GraphvizPlugins.inspect(
        folder: folder, isFromEnvironment: true, configName: "config6a", layouts: [], formats: [])
      #expect(plugins.config == .empty)
      #expect(
        plugins.advice(for: .layout("dot")).contains("config6a (GVBINDIR names it) is empty: run `dot -c` as root"))
    }
  }

  /// Plugins registered, but not the one asked for: which of vcgraph's formats Graphviz has, and
  /// what to install and run.
  @Test func aConfigWithoutTheFormatListsWhatThereIs() throws {
    try withFolder { folder in
      try Data("libgvplugin_core.so.6 core {}".utf8).write(to: URL(fileURLWithPath: folder + "/config6a"))
      let plugins = GraphvizPlugins.inspect(
        folder: folder, isFromEnvironment: true, configName: "config6a", layouts: ["dot", "nop2"],
        formats: ["canon", "dot", "svg", "xdot"])
      #expect(plugins.config == .present)
      let error = RenderError.missingPlugin(
        .init(wanted: .format(.png), plugins: plugins, detail: "renderer for png is unavailable"))
      #expect(error.description.hasPrefix("Graphviz cannot write png: it has no plugin for that format."))
      #expect(error.description.contains("formats they have: svg, dot)"))
      #expect(error.description.contains("apt-get install -y libgraphviz-dev"))
      #expect(error.description.contains("run `dot -c` as root"))
      // Listed in the config, but its library would not load.
      let listed = GraphvizPlugins.inspect(
        folder: folder, isFromEnvironment: false, configName: "config6a", layouts: ["dot"], formats: ["png", "svg"])
      #expect(listed.advice(for: .format(.png)).contains("lists it, but its plugin library did not load"))
    }
  }

  /// Graphviz's messages come out once each, without its empty "Use one of:" and its follow-ups.
  @Test func graphvizMessagesAreToldOnceAndClean() {
    let detail = GraphvizContext.pluginDetail([
      "Warning: Could not load \"/x/libgvplugin_pango.so.6\" - file not found",
      "Warning: Could not load \"/x/libgvplugin_pango.so.6\" - file not found",
      "Error: Layout type: \"dot\" not recognized. Use one of:",
      "Error: Layout was not done",
      "Error: Format: \"png\" not recognized. Use one of: svg dot",
    ])
    #expect(
      detail == "Could not load \"/x/libgvplugin_pango.so.6\" - file not found; Layout type: \"dot\" not recognized; "
        + "Format: \"png\" not recognized (it has: svg dot)")
  }

  /// The plugin folder of this process: GVBINDIR, else `graphviz/` beside the libgvc it loaded, which
  /// has the plugin config `dot -c` wrote.
  @Test func thePluginFolderIsBesideLibgvc() throws {
    let folder = GraphvizContext.systemPluginFolder()
    #expect(folder.hasSuffix("/graphviz"))
    let name = GraphvizPlugins.configName(systemFolder: folder)
    #expect(FileManager.default.fileExists(atPath: "\(folder)/\(name)"), "\(folder)/\(name)")
  }

  private func withFolder(_ body: (String) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vcgraph-plugins-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try body(folder.path)
  }
}
