internal import CGraphviz
import Foundation
import VCGraph

/// The raw Graphviz calls: with `TextLayoutCache.swift` (vcgraph's text-measuring plugin) and
/// `GraphvizPlugins.swift` (what a missing plugin means), the only places vcgraph touches C.
///
/// A ``GraphDescription`` is built into a cgraph graph with `agopen`, `agsubg`, `agnode`, `agedge`
/// and `agsafeset`, laid out with `gvLayout` and rendered with `gvRenderData`; a layout is read back
/// with `agget`. Every C resource has one owner and is freed on every path; the time each phase
/// takes is added to ``GraphvizContext/times``.

/// Messages Graphviz reported through `agerr` while the current graph was built and drawn.
///
/// Graphviz is not thread-safe and vcgraph uses one context per process from one thread
/// (``Renderer`` is not `Sendable`), so this buffer is only touched serially.
/// Graphviz hands a message over in fragments ("Error", ": ", "…\n"); they are joined here.
nonisolated(unsafe) private var graphvizMessages = ""

private let collectGraphvizMessage: @convention(c) (UnsafeMutablePointer<CChar>?) -> Int32 = { message in
  if let message { graphvizMessages += String(cString: message) }
  return 0
}

/// Owns a `GVC_t`, Graphviz's context with its loaded plugins.
final class GraphvizContext {
  private let context: OpaquePointer
  /// A plain context whose text layout (pango) measures text for ``TextLayoutCache``.
  private let measuringContext: OpaquePointer?
  /// Time spent in Graphviz since the context was made or the times were reset.
  var times = GraphvizTimes()
  /// What Graphviz said while it read its plugin config (a config it could not read, a plugin
  /// library it could not load); told with the error when a plugin turns out to be missing.
  private let setupMessages: [String]

  init() throws(RenderError) {
    agseterr(AGWARN)
    _ = agseterrf(collectGraphvizMessage)
    graphvizMessages.removeAll()
    // Demand loading on, as gvContext() has it, and vcgraph's text-measuring plugin built in.
    guard let context = gvContextPlugins(TextLayoutCache.builtins, 1) else { throw .noContext }
    self.context = context
    measuringContext = gvContext()
    TextLayoutCache.measuringContext = measuringContext
    setupMessages = Self.messageLines()
    graphvizMessages.removeAll()
    _ = agreseterrors()
  }

  deinit {
    gvFreeContext(context)
    if TextLayoutCache.measuringContext == measuringContext { TextLayoutCache.measuringContext = nil }
    if let measuringContext { gvFreeContext(measuringContext) }
  }

  /// Builds `description` as a cgraph graph, lays it out once and renders it in every format.
  ///
  /// The graph is laid out by `dot`, or by the engine its `layout` attribute names (a frame of a
  /// stable layout says `nop2`: its positions are already set). When `fits` is given, it is asked
  /// first with the laid-out picture's width and height in points (its padding included), and
  /// nothing is rendered when it says no: the result is nil.
  func render(
    _ description: GraphDescription, formats: [OutputFormat], fits: ((_ width: Double, _ height: Double) -> Bool)? = nil
  ) throws(RenderError) -> [OutputFormat: [UInt8]]? {
    beginGraph()
    let graph = try build(description)
    var output: [OutputFormat: [UInt8]] = [:]
    // DOT is the graph as built, written by cgraph before layout adds positions.
    if formats.contains(.dot) {
      let written = GraphvizStopwatch()
      defer { times.rendering += written.elapsed }
      output[.dot] = try graph.dotSource()
    }
    let drawn = formats.filter { $0 != .dot }
    guard !drawn.isEmpty || fits != nil else { return output }
    // Cairo (PNG, PDF) draws the pango layout of each span, which a remembered measure has not.
    TextLayoutCache.isEnabled = drawn.allSatisfy { $0 == .svg }
    defer { TextLayoutCache.isEnabled = false }
    let engine = try layOut(graph.pointer)
    defer { freeLayout(graph.pointer, engine: engine) }
    if let fits, let size = graph.laidOutSize(), !fits(size.width, size.height) { return nil }
    for format in drawn {
      output[format] = try renderData(graph.pointer, format: format, adding: &times.rendering)
    }
    return output
  }

  /// Lays `description` out with `engine` and reads back where everything went, as Graphviz's DOT
  /// output writes it (see ``GraphLayout``).
  func layout(_ description: GraphDescription, engine: String) throws(RenderError) -> GraphLayout {
    beginGraph()
    let graph = try build(description)
    // Only DOT is written: no renderer draws a pango layout.
    TextLayoutCache.isEnabled = true
    defer { TextLayoutCache.isEnabled = false }
    try layOut(graph.pointer, engine: engine)
    defer { freeLayout(graph.pointer, engine: engine) }
    // Rendering DOT stores the layout in the graph's attributes (`pos`, `lp`, `bb`, `width`, …);
    // the text itself is not needed.
    _ = try renderData(graph.pointer, format: .dot, adding: &times.rendering)
    return graph.layoutAttributes()
  }

  /// Reads each DOT source with `agmemread`, then lays it out and renders it in every format,
  /// timing only `gvLayout` and `gvRenderData`: what Graphviz alone costs for these graphs.
  func timeAlone(dotSources: [[UInt8]], formats: [OutputFormat]) throws(RenderError) -> Duration {
    var total = Duration.zero
    for (index, source) in dotSources.enumerated() {
      beginGraph()
      let read = (source.last == 0 ? source : source + [0]).withUnsafeBufferPointer { bytes in
        bytes.withMemoryRebound(to: CChar.self) { agmemread($0.baseAddress) }
      }
      guard let graph = read else {
        throw .unreadableDOT(source: index, takeMessages(or: "agmemread read no graph"))
      }
      defer { agclose(graph) }
      if let problem = reportedError() { throw .unreadableDOT(source: index, problem) }
      let laidOut = GraphvizStopwatch()
      let engine = layoutEngine(of: graph)
      let status = gvLayout(context, graph, engine)
      total += laidOut.elapsed
      guard status == 0 else { throw layoutFailure(engine: engine) }
      defer { Self.release(layoutOf: graph, by: engine, in: context) }
      if let problem = reportedError() { throw .layout(problem) }
      for format in formats {
        _ = try renderData(graph, format: format, adding: &total)
      }
    }
    return total
  }

  /// Starts a graph: no messages, and Graphviz's highest reported error level back to none, so a
  /// graph that failed does not fail the next.
  private func beginGraph() {
    graphvizMessages.removeAll(keepingCapacity: true)
    _ = agreseterrors()
  }

  /// Builds `description` as a cgraph graph, timed as building.
  private func build(_ description: GraphDescription) throws(RenderError) -> CGraph {
    let built = GraphvizStopwatch()
    defer { times.building += built.elapsed }
    let graph = try CGraph(description)
    if let problem = reportedError() { throw .graphConstruction(problem) }
    return graph
  }

  /// Lays `graph` out with `engine`, or with the engine its `layout` attribute names, else `dot`;
  /// returns the engine.
  @discardableResult
  private func layOut(_ graph: UnsafeMutablePointer<Agraph_t>, engine: String? = nil) throws(RenderError) -> String {
    let laidOut = GraphvizStopwatch()
    let engine = engine ?? layoutEngine(of: graph)
    let status = gvLayout(context, graph, engine)
    times.layout += laidOut.elapsed
    guard status == 0 else { throw layoutFailure(engine: engine) }
    if let problem = reportedError() {
      freeLayout(graph, engine: engine)
      throw .layout(problem)
    }
    return engine
  }

  /// Frees the layout `engine` made of `graph`, and what Graphviz 2.42 forgets to free with it
  /// (see `vcg_lost_collect` in the CGraphviz shim): without that, every frame leaves some 20 KB.
  private func freeLayout(_ graph: UnsafeMutablePointer<Agraph_t>, engine: String) {
    let freed = GraphvizStopwatch()
    Self.release(layoutOf: graph, by: engine, in: context)
    times.rendering += freed.elapsed
  }

  /// `gvFreeLayout`, and what it leaves behind.
  private static func release(
    layoutOf graph: UnsafeMutablePointer<Agraph_t>, by engine: String, in context: OpaquePointer
  ) {
    var lost = vcg_lost()
    vcg_lost_collect(&lost, context, graph, engine)
    gvFreeLayout(context, graph)
    vcg_lost_free(&lost)
  }

  /// The engine the graph's `layout` attribute names, else `dot`.
  private func layoutEngine(of graph: UnsafeMutablePointer<Agraph_t>) -> String {
    guard let value = withCString("layout", { agget(UnsafeMutableRawPointer(graph), $0) }), value.pointee != 0 else {
      return "dot"
    }
    return String(cString: value)
  }

  /// Renders a laid-out graph in `format`, adding the time `gvRenderData` took to `elapsed`.
  private func renderData(
    _ graph: UnsafeMutablePointer<Agraph_t>, format: OutputFormat, adding elapsed: inout Duration
  ) throws(RenderError) -> [UInt8] {
    var data: UnsafeMutablePointer<CChar>?
    var length: UInt32 = 0
    let rendered = GraphvizStopwatch()
    let status = gvRenderData(context, graph, format.rawValue, &data, &length)
    elapsed += rendered.elapsed
    defer { if let data { gvFreeRenderData(data) } }
    guard status == 0, let data else {
      // libgvc says "renderer for png is unavailable"; the dot program, "Format: "png" not recognized".
      let messages = Self.messageLines()
      if messages.contains(where: { $0.contains("not recognized") || $0.contains("is unavailable") }) {
        throw missingPlugin(.format(format))
      }
      throw .rendering(format, takeMessages(or: "gvRenderData failed"))
    }
    if let problem = reportedError() { throw .rendering(format, problem) }
    return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
      Array(UnsafeBufferPointer(start: $0, count: Int(length)))
    }
  }

  /// Graphviz's messages when one of them is an error (a label it could not parse, say), else nil;
  /// warnings alone let the diagram through.
  private func reportedError() -> String? {
    // agerrors() is the highest level reported since agreseterrors(): AGWARN or AGERR.
    guard agerrors() >= Int32(AGERR.rawValue) else { return nil }
    return takeMessages(or: "Graphviz reported an error")
  }

  private func takeMessages(or fallback: String) -> String {
    defer { graphvizMessages = "" }
    let lines = Self.messageLines()
    return lines.isEmpty ? fallback : lines.joined(separator: "; ")
  }

  /// The messages Graphviz reported since they were last taken, one a line, trimmed.
  private static func messageLines() -> [String] {
    graphvizMessages.split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }

  /// Why `gvLayout` failed: a missing layout plugin ("Layout type: "dot" not recognized"), or
  /// Graphviz's messages.
  private func layoutFailure(engine: String) -> RenderError {
    if Self.messageLines().contains(where: { $0.contains("Layout type:") && $0.contains("not recognized") }) {
      return missingPlugin(.layout(engine))
    }
    return .layout(takeMessages(or: "gvLayout failed"))
  }

  /// The error for a plugin Graphviz does not have, saying where it looked and what to install or
  /// run; takes Graphviz's messages.
  private func missingPlugin(_ wanted: MissingGraphvizPlugin.Wanted) -> RenderError {
    let detail = Self.pluginDetail(setupMessages + Self.messageLines())
    graphvizMessages.removeAll()
    let folder = Self.pluginFolder()
    let plugins = GraphvizPlugins.inspect(
      folder: folder.path, isFromEnvironment: folder.isFromEnvironment,
      configName: GraphvizPlugins.configName(systemFolder: Self.systemPluginFolder()), layouts: pluginNames("layout"),
      formats: pluginNames("device"))
    return .missingPlugin(MissingGraphvizPlugin(wanted: wanted, plugins: plugins, detail: detail))
  }

  /// The plugins of one kind (`layout`, `device`, …) Graphviz's config lists, each once.
  private func pluginNames(_ kind: String) -> [String] {
    var count: Int32 = 0
    guard let list = gvPluginList(context, kind, &count, nil) else { return [] }
    defer { free(list) }
    var names: [String] = []
    for index in 0..<Int(count) {
      guard let name = list[index] else { continue }
      names.append(String(cString: name))
      free(name)
    }
    return names
  }
}

/// Where a layout put the parts of a graph, in the attributes Graphviz's DOT output gives them:
/// `bb` (`llx,lly,urx,ury`) of the graph and of each cluster, `lp` (`x,y`) of each label, `pos` of
/// each node (its centre, `x,y`) and edge (its spline), and `width` and `height` of each node (in
/// inches). Coordinates are points, y upwards.
struct GraphLayout {
  var graph: [String: String] = [:]
  /// By cluster name.
  var clusters: [String: [String: String]] = [:]
  /// By node name.
  var nodes: [String: [String: String]] = [:]
  /// In the order of the description's edges.
  var edges: [[String: String]] = []

  /// The attributes read back from every object.
  static let attributeNames = ["bb", "lp", "pos", "width", "height"]
}

/// Owns an `Agraph_t` built from a ``GraphDescription``; `agclose` frees it and everything in it.
private final class CGraph {
  let pointer: UnsafeMutablePointer<Agraph_t>
  /// The objects made from the description, by name (edges in its order), to read a layout back.
  /// They belong to the graph and are freed with it.
  private var clusters: [String: UnsafeMutablePointer<Agraph_t>] = [:]
  private var nodes: [String: UnsafeMutablePointer<Agnode_t>] = [:]
  private var edges: [UnsafeMutablePointer<Agedge_t>] = []

  init(_ description: GraphDescription) throws(RenderError) {
    guard let graph = withCString("vcgraph", { agopen($0, vcg_directed(), vcg_discipline()) }) else {
      throw .graphConstruction("agopen failed")
    }
    pointer = graph
    try build(description)
  }

  deinit {
    agclose(pointer)
  }

  /// The graph in DOT, written by cgraph's `agwrite` into a memory stream.
  func dotSource() throws(RenderError) -> [UInt8] {
    var buffer: UnsafeMutablePointer<CChar>?
    var size = 0
    guard let stream = open_memstream(&buffer, &size) else {
      throw .rendering(.dot, "open_memstream failed")
    }
    let status = agwrite(pointer, UnsafeMutableRawPointer(stream))
    fclose(stream)
    defer { free(buffer) }
    guard status == 0, let buffer else { throw .rendering(.dot, "agwrite failed") }
    return buffer.withMemoryRebound(to: UInt8.self, capacity: size) {
      Array(UnsafeBufferPointer(start: $0, count: size))
    }
  }

  private func build(_ description: GraphDescription) throws(RenderError) {
    set(description.attributes, on: UnsafeMutableRawPointer(pointer))
    for attribute in description.nodeDefaults { declare(attribute, kind: AGNODE) }
    for attribute in description.edgeDefaults { declare(attribute, kind: AGEDGE) }

    // Clusters come out in creation order: the graph's id discipline (vcg_discipline) numbers
    // named subgraphs as they are made.
    for cluster in description.clusters {
      let owner = cluster.parent.flatMap { clusters[$0] } ?? pointer
      guard let subgraph = withCString(cluster.name, { agsubg(owner, $0, 1) }) else {
        throw .graphConstruction("agsubg failed for \(cluster.name)")
      }
      set(cluster.attributes, on: UnsafeMutableRawPointer(subgraph))
      clusters[cluster.name] = subgraph
    }
    for node in description.nodes {
      let owner = node.cluster.flatMap { clusters[$0] } ?? pointer
      guard let created = withCString(node.name, { agnode(owner, $0, 1) }) else {
        throw .graphConstruction("agnode failed for \(node.name)")
      }
      set(node.attributes, on: UnsafeMutableRawPointer(created))
      nodes[node.name] = created
    }
    for edge in description.edges {
      guard let tail = nodes[edge.tail], let head = nodes[edge.head] else {
        throw .graphConstruction("an edge names a node that is not in the graph: \(edge.tail) → \(edge.head)")
      }
      guard let created = agedge(pointer, tail, head, nil, 1) else {
        throw .graphConstruction("agedge failed for \(edge.tail) → \(edge.head)")
      }
      // An edge that may join two nodes of one rank never gets a label: `dot` in Graphviz 2.42
      // places such a label by growing the rank's node list (`make_vn_slot`) and frees the old list
      // again when the layout is freed (`dot_cleanup`), which corrupts the heap.
      let mayBeFlat = edge.attributes["minlen"] == "0"
      set(mayBeFlat ? edge.attributes.removing(["label"]) : edge.attributes, on: UnsafeMutableRawPointer(created))
      edges.append(created)
    }
  }

  /// The size of the laid-out picture in points, padding included: the `bb` `gvLayout` sets (without
  /// padding, as `llx lly urx ury`) and the graph's `pad` (inches, 4 points unless set) on each side.
  func laidOutSize() -> (width: Double, height: Double)? {
    func value(_ name: String) -> String? {
      guard let value = withCString(name, { agget(UnsafeMutableRawPointer(pointer), $0) }), value.pointee != 0 else {
        return nil
      }
      return String(cString: value)
    }
    let box = (value("bb") ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
    guard box.count == 4 else { return nil }
    let pad = value("pad").flatMap { Double($0.split(separator: ",").first ?? "") }.map { $0 * 72 } ?? 4
    // Rounded up, and a point more: the files Graphviz writes round the box to whole points (a
    // picture measured 1,799.6 points high here is 1,800.4 in the SVG, 2,401 pixels in the PNG).
    return ((box[2] - box[0] + 2 * pad).rounded(.up) + 1, (box[3] - box[1] + 2 * pad).rounded(.up) + 1)
  }

  /// The layout attributes of the graph and of everything in it, once a layout and a DOT rendering
  /// have set them; an attribute that is unset or empty is left out.
  func layoutAttributes() -> GraphLayout {
    func values(of object: UnsafeMutableRawPointer) -> [String: String] {
      var values: [String: String] = [:]
      for name in GraphLayout.attributeNames {
        guard let value = withCString(name, { agget(object, $0) }), value.pointee != 0 else { continue }
        values[name] = String(cString: value)
      }
      return values
    }
    var layout = GraphLayout()
    layout.graph = values(of: UnsafeMutableRawPointer(pointer))
    layout.clusters = clusters.mapValues { values(of: UnsafeMutableRawPointer($0)) }
    layout.nodes = nodes.mapValues { values(of: UnsafeMutableRawPointer($0)) }
    layout.edges = edges.map { values(of: UnsafeMutableRawPointer($0)) }
    return layout
  }

  /// Declares a default for every node or edge of the graph.
  private func declare(_ attribute: GraphDescription.Attribute, kind: Int32) {
    withValue(attribute) { value in
      withCString(attribute.name) { name in _ = agattr(pointer, kind, name, value) }
    }
  }

  private func set(_ attributes: [GraphDescription.Attribute], on object: UnsafeMutableRawPointer) {
    for attribute in attributes {
      withValue(attribute) { value in
        withCString(attribute.name) { name in
          withCString("") { empty in _ = agsafeset(object, name, value, empty) }
        }
      }
    }
  }

  /// Passes the attribute's value as a cgraph string: HTML-like values go through `agstrdup_html`
  /// so Graphviz parses them as markup; the temporary reference is released afterwards
  /// (`agxset` keeps its own).
  private func withValue(_ attribute: GraphDescription.Attribute, _ body: (UnsafeMutablePointer<CChar>) -> Void) {
    if attribute.isHTML {
      guard let html = withCString(attribute.value, { agstrdup_html(pointer, $0) }) else { return }
      body(html)
      agstrfree(pointer, html)
    } else {
      withCString(attribute.value, body)
    }
  }
}

/// Calls `body` with a C copy of `text`. cgraph's 2.42 API takes `char *` for strings it only reads
/// and copies into its own storage, so the pointer need not outlive the call.
private func withCString<Result>(_ text: String, _ body: (UnsafeMutablePointer<CChar>) -> Result) -> Result {
  text.withCString { body(UnsafeMutablePointer(mutating: $0)) }
}
