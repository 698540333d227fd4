internal import CGraphviz
import Foundation
import VCGraph

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

/// Owns a `GVC_t`, Graphviz's context with its loaded plugins: the main type of the Graphviz
/// boundary, the last of the three stages of drawing, after what a diagram says (``Diagram``) and how
/// it is laid out (``FoldSearch``).
///
/// The boundary is the only code of vcgraph that touches C, and no C type leaves it: this context
/// and ``CGraph`` (a ``GraphDescription`` built into a cgraph graph with `agopen`, `agsubg`,
/// `agnode`, `agedge` and `agsafeset`, laid out with `gvLayout`, rendered with `gvRenderData`, and
/// a layout read back with `agget`), ``TextLayoutCache`` (vcgraph's text-measuring plugin),
/// ``GraphvizPlugins`` (what a missing plugin means), ``GraphvizTimes`` and ``RenderError``.
/// ``Renderer`` owns one context per process and draws in it, or in a supervised process
/// (``GraphDrawer``). Every C resource has one owner and is freed on every path; Graphviz's error
/// state is reset before each graph; the time each phase takes is added to ``times``.
final class GraphvizContext {
  /// Made by the initializer, or on the warm-up's thread (``init(makingInBackgroundWarmingUpWith:)``):
  /// read only once ``beginGraph()`` (or ``waitForWarmUp()``) returned.
  private var context: OpaquePointer!
  /// A plain context whose text layout (pango) measures text for ``TextLayoutCache``.
  private var measuringContext: OpaquePointer?
  /// Why the warm-up's thread could not make the context: every graph fails with it.
  private var creationFailure: RenderError?
  /// Time spent in Graphviz since the context was made or the times were reset.
  var times = GraphvizTimes()
  /// The sizes stable layouts measured of the boxes and labels they draw, by their attributes
  /// (``StableLayout/Measurements``): kept for the context's life, since the layouts of one
  /// scenario (its fold levels, the runs tried) and of the next measure the same boxes again.
  let knownSizes = StableLayout.Measurements.KnownSizes()
  /// How many boxes and labels stable layouts have had Graphviz measure (for tests).
  var measuredVariants = 0
  /// A header's legend, by its text and the graph's font attributes (``legendSize(_:font:)``).
  struct LegendKey: Hashable {
    var legend: LegendStandIn.Legend
    var font: [GraphDescription.Attribute]
  }
  /// The sizes of the legends measured (``LegendStandIn``): a scenario's headers draw one or two.
  var legendSizes: [LegendKey: LayoutSize] = [:]
  /// What Graphviz said while it read its plugin config (a config it could not read, a plugin
  /// library it could not load); told with the error when a plugin turns out to be missing.
  private var setupMessages: [String] = []

  init() throws(RenderError) {
    try makeContexts()
  }

  /// A context made on a thread of its own, then warmed up there with `graph` (as
  /// ``warmUp(inBackground:)`` does), while the caller goes on with work that needs no Graphviz:
  /// reading a scenario, replaying it, building its frames' graphs. Making it (Graphviz reading
  /// its plugin configuration, twice) takes a few milliseconds a worker would otherwise wait for
  /// before reading its first task. The first graph waits for both; a context that could not be
  /// made fails every graph, with the error the initializer would have thrown.
  init(makingInBackgroundWarmingUpWith graph: GraphDescription) {
    onWarmUpThread(named: "vcgraph Graphviz context") { made in
      do throws(RenderError) {
        try made.makeContexts()
        made.warmingLayout(graph)
      } catch {
        made.creationFailure = error
      }
    }
  }

  /// Makes the Graphviz contexts, with vcgraph's error handler and built-in plugins.
  private func makeContexts() throws(RenderError) {
    agseterr(AGWARN)
    _ = agseterrf(collectGraphvizMessage)
    graphvizMessages.removeAll()
    // Demand loading on, as gvContext() has it, and vcgraph's plugins (text measures, PNG) built in.
    guard let context = gvContextPlugins(GraphvizBuiltins.symbols, 1) else { throw .noContext }
    self.context = context
    measuringContext = gvContext()
    TextLayoutCache.measuringContext = measuringContext
    setupMessages = Self.messageLines()
    graphvizMessages.removeAll()
    _ = agreseterrors()
  }

  deinit {
    // No warm-up runs here: its owner (``Renderer``) waited for it before letting the context go.
    if let context { gvFreeContext(context) }
    if TextLayoutCache.measuringContext == measuringContext { TextLayoutCache.measuringContext = nil }
    if let measuringContext { gvFreeContext(measuringContext) }
  }

  /// Builds `description` as a cgraph graph, lays it out once and renders it in every format.
  ///
  /// The graph is laid out by `dot`, or by the engine its `layout` attribute names (a frame of a
  /// stable layout says `nop2`: its positions are already set). When `fits` is given, it is asked
  /// first with the laid-out picture's width and height in points (its padding included), and
  /// nothing is rendered when it says no: the result is nil. `inspect` is given the graph once laid
  /// out, to read where things went.
  func render(
    _ description: GraphDescription, formats: [OutputFormat],
    fits: ((_ width: Double, _ height: Double) -> Bool)? = nil,
    inspecting inspect: ((CGraph) -> Void)? = nil
  ) throws(RenderError) -> [OutputFormat: [UInt8]]? {
    try beginGraph()
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
    inspect?(graph)
    if let fits, let size = graph.laidOutSize(), !fits(size.width, size.height) { return nil }
    for format in drawn {
      output[format] = try renderData(graph.pointer, format: format, adding: &times.rendering)
    }
    return output
  }

  /// The SVG of `description` (laid out as ``render(_:formats:fits:)`` lays it out), with where the
  /// layout put the graph's label and how big it made the labels of the nodes named `nodeLabels`
  /// (nil for a node without one): what ``PieceDrawing`` needs to draw frames' headers as nodes.
  func inspectedSVG(
    _ description: GraphDescription, nodeLabels: [String]
  ) throws(RenderError) -> (svg: [UInt8], label: LabelPlace?, nodeLabels: [LayoutSize?]) {
    var label: LabelPlace?
    var sizes: [LayoutSize?] = nodeLabels.map { _ in nil }
    let svg = try render(
      description, formats: [.svg],
      inspecting: { graph in
        label = graph.labelPlace()
        sizes = nodeLabels.map { graph.labelSize(ofNode: $0) }
      })
    return (svg?[.svg] ?? [], label, sizes)
  }

  /// Lays `description` out with `engine` and reads back where everything went, as Graphviz's DOT
  /// output writes it (see ``GraphLayout``).
  func layout(_ description: GraphDescription, engine: String) throws(RenderError) -> GraphLayout {
    try beginGraph()
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
  /// timing only `gvLayout` and `gvRenderData`: what Graphviz alone costs for these graphs. `engine`,
  /// when given, lays out every graph whatever its `layout` attribute says.
  func timeAlone(dotSources: [[UInt8]], formats: [OutputFormat], engine: String?) throws(RenderError) -> Duration {
    var total = Duration.zero
    for (index, source) in dotSources.enumerated() {
      try beginGraph()
      let read = (source.last == 0 ? source : source + [0]).withUnsafeBufferPointer { bytes in
        bytes.withMemoryRebound(to: CChar.self) { agmemread($0.baseAddress) }
      }
      guard let graph = read else {
        throw .unreadableDOT(source: index, takeMessages(or: "agmemread read no graph"))
      }
      defer { agclose(graph) }
      if let problem = reportedError() { throw .unreadableDOT(source: index, problem) }
      // gvLayout lays a graph out by the engine its `layout` attribute names over the one it is given.
      if let engine {
        withCString("layout") { name in
          withCString(engine) { value in
            withCString("") { _ = agsafeset(UnsafeMutableRawPointer(graph), name, value, $0) }
          }
        }
      }
      let engine = engine ?? layoutEngine(of: graph)
      let laidOut = GraphvizStopwatch()
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
  /// graph that failed does not fail the next. Waits for a warm-up under way on another thread
  /// (``warmUp(inBackground:)``), or the context being made there, first.
  ///
  /// - Throws: Why the context could not be made, when it was made on another thread.
  private func beginGraph() throws(RenderError) {
    waitForWarmUp()
    if let creationFailure { throw creationFailure }
    graphvizMessages.removeAll(keepingCapacity: true)
    _ = agreseterrors()
  }

  // MARK: - Warming up on another thread

  /// Set while the warm-up's thread (``warmUp(inBackground:)``) uses Graphviz: every graph waits.
  /// An object of its own, so that the thread can say it is done without holding the context.
  private final class WarmUpGate: @unchecked Sendable {
    let condition = NSCondition()
    var isWarming = false
  }
  private let warming = WarmUpGate()

  /// Lays `graph` out (the warm-up's one-box graph) on a thread of its own, while this thread goes
  /// on with work that needs no Graphviz (reading a scenario, replaying it, building its frames'
  /// graphs): the first graph this context is asked for waits for it to end, and so does its
  /// owner's end (``Renderer``'s `deinit`). Graphviz is then used by one thread at a time, as it
  /// must be.
  ///
  /// The thread does not hold the context: the owner, waiting for the warm-up before it lets the
  /// context go, keeps it alive, and the context is never freed on the warm-up's thread, after its
  /// owner moved on.
  func warmUp(inBackground graph: GraphDescription) {
    onWarmUpThread(named: "vcgraph Graphviz warm-up") { $0.warmingLayout(graph) }
  }

  /// Runs `work` on a thread of its own, given this context, every graph waiting for it to end
  /// (``waitForWarmUp()``, which ``beginGraph()`` calls).
  private func onWarmUpThread(named name: String, _ work: @escaping @Sendable (GraphvizContext) -> Void) {
    let gate = warming
    gate.condition.lock()
    gate.isWarming = true
    gate.condition.unlock()
    let context = UncheckedSendable(Unmanaged.passUnretained(self))
    let thread = Thread {
      work(context.value.takeUnretainedValue())
      gate.condition.lock()
      gate.isWarming = false
      gate.condition.broadcast()
      gate.condition.unlock()
    }
    thread.name = name
    thread.start()
  }

  /// Lays out a graph for the warm-up's thread: as ``layout(_:engine:)``, without waiting for itself.
  private func warmingLayout(_ description: GraphDescription) {
    graphvizMessages.removeAll(keepingCapacity: true)
    _ = agreseterrors()
    guard let graph = try? build(description) else { return }
    TextLayoutCache.isEnabled = true
    defer { TextLayoutCache.isEnabled = false }
    guard let engine = try? layOut(graph.pointer, engine: "dot") else { return }
    freeLayout(graph.pointer, engine: engine)
  }

  /// Whether a warm-up uses this context now (for tests).
  var isWarmingUp: Bool {
    warming.condition.lock()
    defer { warming.condition.unlock() }
    return warming.isWarming
  }

  /// Returns once no warm-up uses this context (``warmUp(inBackground:)``).
  func waitForWarmUp() {
    warming.condition.lock()
    while warming.isWarming { warming.condition.wait() }
    warming.condition.unlock()
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

  /// The plugins of one kind (`layout`, `device`, …) Graphviz's config lists, each once: asked of
  /// the plain context, whose list has none of vcgraph's built-in plugins (its PNG device needs
  /// cairo's renderer all the same).
  private func pluginNames(_ kind: String) -> [String] {
    var count: Int32 = 0
    guard let list = gvPluginList(measuringContext ?? context, kind, &count, nil) else { return [] }
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

/// A value handed to another thread that uses it alone meanwhile, while its owner waits or does
/// other work (``GraphvizContext/warmUp(inBackground:)``, ``VariantMeasurer``).
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
