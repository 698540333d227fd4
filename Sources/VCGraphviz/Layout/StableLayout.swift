/// How the frames of a scenario are laid out.
public enum FrameLayout: String, Sendable, CaseIterable, Hashable, Codable {
  /// One layout for all the steps: a controller on two frames sits at the same place in both, and
  /// every frame of the scenario has the same size.
  case stable
  /// Each step laid out on its own, as compact as it can be; controllers may move between frames.
  case perStep = "per-step"
}

/// One layout for every frame of a scenario, so that what two frames share sits at the same place
/// in both, and every frame has the same size.
///
/// Graphviz's dot lays out one graph at a time and has no incremental layout, so:
/// 1. **Measure** every variant of every node, edge label, cluster label and header the frames
///    draw (engine `nop2` sizes what it is given and moves nothing), a batch at a time.
/// 2. **Lay out the union** of the frames' graphs once with `dot`: nodes merged by name, edges by
///    tail, head and how many edges between the two come before them in the frame. A node is as
///    big as its biggest variant and an edge label as its biggest, so nothing a frame draws overlaps.
/// 3. **Place each frame** (``positioned(_:frame:)``). A frame keeps its own graph (its labels,
///    states and marks, and nothing that is absent from it) and takes from the union its nodes'
///    positions and sizes, and its edges' splines and label positions; `nop2` (`neato -n2`) draws it
///    as it is. An empty, invisible cluster as big as the union gives every frame the same extent,
///    and each header is padded to the biggest one.
///
/// The frames' graphs are read once, in order, and not kept: the layout holds the union, the sizes
/// and, for each frame, which node sits in which cluster, so a scenario of thousands of steps needs
/// little more memory than one of a hundred. Each frame's graph is made again to be placed.
///
/// A cluster (a window's frame) gets the union's box when it holds exactly the nodes the union put
/// in it; otherwise (controllers outside any window until a `setRoot` puts them in one, say) it gets
/// the box around the nodes it holds in that frame.
struct StableLayout: Codable {
  /// The name of the invisible cluster that gives every frame the union's extent.
  static let extentCluster = "cluster_extent"

  private let union: Union
  private let geometry: Geometry
  /// What each frame holds, in frame order.
  private let frames: [FrameOutline]
  /// The box around the union and every cluster of every frame.
  private var extent: LayoutBox
  private var biggestHeader: LayoutSize?

  /// Unions laid out with `dot`, over all layouts (for tests).
  nonisolated(unsafe) static var unionsLaidOut = 0

  /// The least room `dot` leaves between two nodes one above the other, in points: `ranksep`
  /// (0.4 inch) shared out between the two ranks a labelled edge spans.
  static let minimumRankSeparation: Double = 28

  /// Lays out the frames' graphs, read once in order; nil, before anything is laid out, when the
  /// union is sure to be taller than `maximumHeight` points (its tallest chain of nodes is), or to
  /// cover more than `maximumArea` square points (``overflowBounds(frames:context:maximumHeight:maximumArea:known:)``).
  ///
  /// `known` holds sizes measured before (another union's of the same search); with
  /// `remembersHeaders`, the frames' headers are remembered there too (a sample's, whose frames
  /// the next union holds again). `headers` holds the headers' sizes a search measured before, and
  /// takes those measured now: the search for runs lays the same frames out many times.
  init?(
    frames graphs: some Sequence<GraphDescription>, context: GraphvizContext, maximumHeight: Double? = nil,
    maximumArea: Double? = nil, known: Measurements.KnownSizes? = nil, remembersHeaders: Bool = false,
    headers: Measurements.KnownSizes? = nil
  ) throws(RenderError) {
    let (union, frames) = try Self.measuredUnion(
      of: graphs,
      measurements: Measurements(context: context, known: known, remembersHeaders: remembersHeaders, headers: headers))
    self.union = union
    self.frames = frames
    guard !frames.isEmpty else {
      geometry = Geometry()
      extent = geometry.boundingBox
      biggestHeader = nil
      return
    }
    if union.isSureToOverflow(maximumHeight: maximumHeight, maximumArea: maximumArea) { return nil }
    Self.unionsLaidOut += 1
    let geometry = try Geometry(try context.layout(union.graph, engine: "dot"), union: union)
    self.geometry = geometry
    // Clusters first: a box around a frame's own nodes may reach past the union's bounding box.
    var extent = geometry.boundingBox
    for frame in frames {
      for box in Self.clusterBoxes(of: frame, union: union, geometry: geometry).values { extent = extent.union(box) }
    }
    self.extent = extent
    biggestHeader = frames.compactMap(\.header).reduce(nil) { $0?.expanded(to: $1) ?? $1 }?.roundedUp
  }

  /// The frames' graphs merged and measured, and what each frame holds: all but the union's layout.
  private static func measuredUnion(
    of graphs: some Sequence<GraphDescription>, measurements: Measurements
  ) throws(RenderError) -> (Union, [FrameOutline]) {
    var union = Union()
    var measurements = measurements
    var frames: [FrameOutline] = []
    // Frames that draw the same places share one list of them, and those whose clusters are the
    // same and measured alike one list of those: a long scenario's frames draw a few of each.
    var placings: Set<[FrameOutline.Member]> = []
    var clusterLists: Set<[FrameOutline.Cluster]> = []
    /// The frames whose clusters are measured and shared.
    var shared = 0
    func flush() throws(RenderError) {
      try measurements.flush(into: &union, frames: &frames)
      // The clusters' label sizes are all in now: no frame so far changes any more.
      for index in shared..<frames.count {
        if let known = clusterLists.firstIndex(of: frames[index].clusters) {
          frames[index].clusters = clusterLists[known]
        } else {
          clusterLists.insert(frames[index].clusters)
        }
      }
      shared = frames.count
    }
    for graph in graphs {
      union.add(graph, frame: frames.count, measurements: &measurements)
      var outline = union.outline(of: graph)
      if let known = placings.firstIndex(of: outline.nodes) {
        outline.nodes = placings[known]
      } else {
        placings.insert(outline.nodes)
      }
      frames.append(outline)
      if measurements.isBatchFull { try flush() }
    }
    try flush()
    union.finish()
    return (union, frames)
  }

  /// Whether the union of the frames' graphs is sure, once measured and before it is laid out, to
  /// be taller than `maximumHeight` points or to cover more than `maximumArea` square points, and
  /// the share of the page those bounds are sure it takes (more than 1 when it is sure to
  /// overflow). A union holds every node of each of its frames, as big as its biggest variant, so a
  /// frame alone that is sure to overflow tells that every union holding it does.
  static func overflowBounds(
    frames graphs: some Sequence<GraphDescription>, context: GraphvizContext, maximumHeight: Double,
    maximumArea: Double, known: Measurements.KnownSizes? = nil
  ) throws(RenderError) -> (isSure: Bool, pageShare: Double) {
    var union = GrowingUnion(context: context, known: known)
    return try union.overflowBounds(adding: graphs, maximumHeight: maximumHeight, maximumArea: maximumArea)
  }

  /// The union of frames that come a few at a time, for their
  /// ``overflowBounds(frames:context:maximumHeight:maximumArea:known:)`` asked as they add up: each
  /// frame is merged and its boxes measured once, however many times the bounds are asked.
  ///
  /// Sketching asks after 8 frames, 16, 32 and so on (``FrameSketches``): merged again from the
  /// first frame each time, the frames up to the n-th checkpoint would be merged and looked up
  /// about twice over, and a long scenario of big frames (a level that draws most of a big
  /// hierarchy) pays that on every frame it sketches.
  struct GrowingUnion {
    private var union = Union()
    private var measurements: Measurements
    /// How many frames were added.
    private(set) var count = 0

    init(context: GraphvizContext, known: Measurements.KnownSizes? = nil) {
      measurements = Measurements(context: context, known: known)
    }

    /// Adds `graphs`, the frames after those added before, and returns the bounds of all of them.
    mutating func overflowBounds(
      adding graphs: some Sequence<GraphDescription>, maximumHeight: Double, maximumArea: Double
    ) throws(RenderError) -> (isSure: Bool, pageShare: Double) {
      // Only the nodes count: neither bound reads the labels of edges, clusters or headers, so
      // no frame's outline takes a size.
      var outlines: [FrameOutline] = []
      for graph in graphs {
        union.add(graph, frame: count, measurements: &measurements, measuringLabels: false)
        count += 1
        if measurements.isBatchFull { try measurements.flush(into: &union, frames: &outlines) }
      }
      try measurements.flush(into: &union, frames: &outlines)
      // Finished as a copy: the next frames are added to the union as it was merged.
      var finished = union
      finished.finish()
      return finished.overflowBounds(maximumHeight: maximumHeight, maximumArea: maximumArea)
    }
  }

  /// The size of every frame, in points, padding included: the union's extent under the biggest
  /// header, and Graphviz's padding (the graph's `pad`) around them.
  var frameSize: LayoutSize {
    let pad = 2 * 0.35 * 72
    let width = max(extent.maxX - extent.minX, biggestHeader?.width ?? 0)
    return LayoutSize(width: width + pad, height: extent.maxY - extent.minY + (biggestHeader?.height ?? 0) + pad)
  }

  /// The size of the union's extent and of the biggest header, which ``frameSize`` adds up.
  var extentSize: LayoutSize { LayoutSize(width: extent.maxX - extent.minX, height: extent.maxY - extent.minY) }
  var headerSize: LayoutSize? { biggestHeader }

  /// This layout with its frames drawn at least `extentSize` big under a header at least `header`
  /// big, so that the frames of a scenario laid out in several runs all have one size: the extent
  /// grows on both sides alike and downwards (the picture stays centred under its header), the
  /// header is padded as ``padded(header:size:to:)`` pads a smaller one.
  func growing(extentTo extentSize: LayoutSize, headerTo header: LayoutSize?) -> StableLayout {
    var grown = self
    let extra = (
      width: max(0, extentSize.width - self.extentSize.width),
      height: max(0, extentSize.height - self.extentSize.height)
    )
    grown.extent = LayoutBox(
      minX: extent.minX - extra.width / 2, minY: extent.minY - extra.height, maxX: extent.maxX + extra.width / 2,
      maxY: extent.maxY)
    if let header { grown.biggestHeader = biggestHeader?.expanded(to: header) ?? header }
    return grown
  }

  /// Frame number `frame` (from 0, in the order the frames were laid out), positioned: it says
  /// `layout=nop2`, so Graphviz (and `dot -Tsvg` reading its DOT) draws it where the union layout
  /// put it. `graph` must be that frame's graph again.
  func positioned(_ graph: GraphDescription, frame: Int) -> GraphDescription {
    placement(of: graph, frame: frame).positioned
  }

  /// Frame number `frame` placed as ``positioned(_:frame:)`` places it, its nodes and edges placed
  /// one at a time as they are asked for: a frame drawn from pieces (``PieceDrawing``) places only
  /// what it has not drawn before.
  func placement(of graph: GraphDescription, frame: Int) -> Placement {
    let outline = frames[frame]
    var placed = graph
    placed.attributes = graph.attributes.setting(.init("layout", "nop2"))
    if let header = graph.attributes.last(where: { $0.name == "label" && $0.isHTML }), let biggestHeader,
      let size = outline.header
    {
      placed.attributes = placed.attributes.setting(
        .init("label", html: Self.padded(header: header.value, size: size, to: biggestHeader)))
    }
    let boxes = Self.clusterBoxes(of: outline, union: union, geometry: geometry)
    // A frame that would overlap another (controllers set up outside any window where a later step
    // puts them inside one) is not drawn: its boxes stay where they are, unframed.
    let unframed = Set(graph.clusters.map(\.name).filter { boxes[$0] == nil && union.hasCluster(named: $0) })
    placed.clusters = graph.clusters.compactMap { cluster in
      guard !unframed.contains(cluster.name) else { return nil }
      var framedCluster = cluster
      framedCluster.parent = Self.framed(cluster.parent, unframed: unframed, union: union)
      if let box = boxes[cluster.name] { framedCluster.attributes = cluster.attributes.setting(.init("bb", box.bb)) }
      return framedCluster
    }
    // A subgraph starts with its parent's attributes: the header and the class are taken off it.
    placed.clusters.append(
      .init(
        name: Self.extentCluster,
        attributes: [
          .init("id", "frame-extent"), .init("class", ""), .init("label", ""), .init("style", "invis"),
          .init("bb", extent.bb),
        ]
      ))
    // Invisible edges only shaped the union's layout: a placed frame draws without them (their
    // routes would stretch the frame past the union's extent).
    var edges: [GraphDescription.Edge] = []
    var keys: [Union.EdgeKey] = []
    var indices: [Int] = []
    for (index, (edge, key)) in zip(graph.edges, Union.edgeKeys(of: graph)).enumerated() where !key.isInvisible {
      edges.append(edge)
      keys.append(key)
      indices.append(index)
    }
    placed.edges = edges
    return Placement(frame: placed, edgeKeys: keys, edgeIndices: indices, unframed: unframed, layout: self)
  }

  /// A frame placed by the stable layout (``placement(of:frame:)``).
  struct Placement {
    /// The frame with its attributes and clusters placed, and its nodes and drawn edges as the
    /// frame's graph has them: ``node(_:)`` and ``edge(_:)`` place them.
    let frame: GraphDescription
    /// The union edge of each of ``frame``'s edges.
    let edgeKeys: [Union.EdgeKey]
    /// The number of each of ``frame``'s edges among the edges of the frame's graph (the
    /// invisible ones are left out).
    let edgeIndices: [Int]
    fileprivate let unframed: Set<String>
    fileprivate let layout: StableLayout

    /// Node number `index` of ``frame``, at its place and of its size in the union.
    func node(_ index: Int) -> GraphDescription.Node {
      let node = frame.nodes[index]
      guard let position = layout.geometry.nodes[node.place], let size = layout.union.size(ofNode: node.place) else {
        return node
      }
      return .init(
        name: node.name, cluster: StableLayout.framed(node.cluster, unframed: unframed, union: layout.union),
        attributes: node.attributes.setting(.init("pos", position)).setting(size.nodeWidth).setting(size.nodeHeight),
        slot: node.slot)
    }

    /// Edge number `index` of ``frame``, on its route in the union.
    func edge(_ index: Int) -> GraphDescription.Edge {
      let edge = frame.edges[index]
      var attributes = edge.attributes
      for (name, value) in layout.geometry.edges[edgeKeys[index]] ?? [:] {
        attributes = attributes.setting(.init(name, value))
      }
      return .init(tail: edge.tail, head: edge.head, attributes: attributes)
    }

    /// The whole frame placed.
    var positioned: GraphDescription {
      var positioned = frame
      positioned.nodes = frame.nodes.indices.map(node)
      positioned.edges = frame.edges.indices.map(edge)
      return positioned
    }
  }

  /// The cluster a node or cluster drawn in `name` goes in: `name`, or the nearest cluster around
  /// it that is framed.
  fileprivate static func framed(_ name: String?, unframed: Set<String>, union: Union) -> String? {
    guard let name, unframed.contains(name) else { return name }
    return union.ancestors(ofCluster: name).first { !unframed.contains($0) }
  }

  /// The margin of a frame drawn around some of the nodes of one of the union's frames: two such
  /// frames around neighbours `nodesep` (18 points) apart must not overlap.
  static let tightMargin: Double = 8

  /// The box of each cluster of a frame: the union's when the cluster holds exactly the nodes the
  /// union put in it, else the box around the nodes it holds, with a margin of at most ``tightMargin``.
  private static func clusterBoxes(of frame: FrameOutline, union: Union, geometry: Geometry) -> [String: LayoutBox] {
    var boxes: [String: LayoutBox] = [:]
    var computed: [(name: String, box: LayoutBox)] = []
    for cluster in frame.clusters {
      let name = union.clusterNames[cluster.cluster]
      let members = Set(frame.nodes.filter { $0.cluster == cluster.cluster }.map(\.node))
      let homed = Set(frame.nodes.filter { union.homes[$0.node] == cluster.cluster }.map(\.node))
      if members == homed, let box = geometry.clusters[name] {
        boxes[name] = box
      } else if let box = geometry.box(
        around: members.map { union.nodeNames[$0] }, sizes: union.size(ofNode:),
        margin: min(cluster.margin, Self.tightMargin), label: cluster.label)
      {
        computed.append((name, box))
      }
    }
    // A box around some of a union cluster's nodes is kept when it overlaps no other: one that
    // does is left out, and its frame drawn without a box.
    // A cluster drawn inside another (a window inside its side) overlaps it by design.
    for (name, box) in computed {
      let nested = Set(union.ancestors(ofCluster: name))
      let overlaps = boxes.contains { other, otherBox in
        !nested.contains(other) && !union.ancestors(ofCluster: other).contains(name) && otherBox.intersects(box)
      }
      guard !overlaps else { continue }
      boxes[name] = box
    }
    return boxes
  }

  /// A frame's header (`size`) over an empty cell that makes it as big as the biggest header
  /// (`target`). The gap before the legend (the header's first `ROWSPAN="2"` spacer cell) is
  /// widened by the difference in width, so the legend keeps its place at the right.
  ///
  /// Graphviz stretches a table to fill the cell it is in, spreading the extra space over its rows
  /// and columns: the empty cell below takes the extra height, so the header's lines keep their
  /// spacing, and the widened gap takes the extra width.
  static func padded(header: String, size: LayoutSize, to target: LayoutSize) -> String {
    var header = header
    let extra = Int((target.width - size.width).rounded(.down))
    if extra > 0, let spacer = spacerCell(in: header) {
      header.replaceSubrange(spacer.range, with: "<TD WIDTH=\"\(spacer.width + extra)\" ROWSPAN=\"2\"></TD>")
    }
    // HTML tables are sized in whole points, so the header's height is a whole number.
    let fill = max(0, Int((target.height - size.height).rounded()))
    return "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"0\">"
      + "<TR><TD ALIGN=\"LEFT\" VALIGN=\"TOP\">\(header)</TD></TR>"
      + "<TR><TD WIDTH=\"\(Int(target.width))\" HEIGHT=\"\(fill)\"></TD></TR></TABLE>"
  }
}

extension StableLayout {
  /// The first `<TD WIDTH="N" ROWSPAN="2"></TD>` of a header, and its width. (Looked for in the
  /// header's bytes: a header is a few kilobytes, and every frame's is padded.)
  fileprivate static func spacerCell(in header: String) -> (range: Range<String.Index>, width: Int)? {
    let opening = Array("<TD WIDTH=\"".utf8)
    let closing = Array("\" ROWSPAN=\"2\"></TD>".utf8)
    let utf8 = header.utf8
    var header = header
    let found = header.withUTF8 { bytes -> (start: Int, end: Int, width: Int)? in
      func matches(_ part: [UInt8], at index: Int) -> Bool {
        index + part.count <= bytes.count && part.indices.allSatisfy { bytes[index + $0] == part[$0] }
      }
      var index = 0
      while index + opening.count <= bytes.count {
        defer { index += 1 }
        guard bytes[index] == opening[0], matches(opening, at: index) else { continue }
        var end = index + opening.count
        var width = 0
        while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]), width < 1_000_000_000 {
          width = width * 10 + Int(bytes[end] - UInt8(ascii: "0"))
          end += 1
        }
        if end > index + opening.count, matches(closing, at: end) { return (index, end + closing.count, width) }
      }
      return nil
    }
    guard let found else { return nil }
    return (
      utf8.index(utf8.startIndex, offsetBy: found.start)..<utf8.index(utf8.startIndex, offsetBy: found.end), found.width
    )
  }
}

/// What a frame holds, by the union's numbers for its nodes and clusters: all a frame's placing
/// needs besides its own graph.
struct FrameOutline: Codable {
  struct Member: Codable, Hashable {
    var node: Int
    /// The cluster the node is in, in this frame; -1 for none.
    var cluster: Int
  }

  struct Cluster: Codable, Hashable {
    var cluster: Int
    var margin: Double
    /// The size of its label; nil when it has none (or until it is measured).
    var label: LayoutSize?
  }

  var nodes: [Member]
  var clusters: [Cluster]
  /// The size of the frame's header; nil when it has none (or until it is measured).
  var header: LayoutSize?
}

extension StableLayout.Union {
  /// The two bounds a measured union is sure to reach once laid out: its tallest chain of nodes,
  /// in points (`dot` puts them one below the other), and its nodes' area, in square points (`dot`
  /// never lays two nodes over each other).
  private var bounds: (chain: Double, area: Double) {
    (
      graph.tallestChain(height: { size(ofNode: $0)?.height ?? 0 }, separation: StableLayout.minimumRankSeparation),
      nodeSizes.reduce(0.0) { $0 + ($1.map { $0.width * $0.height } ?? 0) }
    )
  }

  /// True when this measured union is sure to be taller than `maximumHeight` points (its tallest
  /// chain of nodes is) or to cover more than `maximumArea` square points (its nodes do).
  func isSureToOverflow(maximumHeight: Double?, maximumArea: Double?) -> Bool {
    guard maximumHeight != nil || maximumArea != nil else { return false }
    return Self.overflows(bounds, maximumHeight: maximumHeight, maximumArea: maximumArea)
  }

  /// Whether this measured union is sure to overflow (``isSureToOverflow(maximumHeight:maximumArea:)``),
  /// and the share of a page it is sure to take by the same bounds: its tallest chain over
  /// `maximumHeight`, or its nodes' area over `maximumArea`, the larger.
  func overflowBounds(maximumHeight: Double, maximumArea: Double) -> (isSure: Bool, pageShare: Double) {
    let bounds = bounds
    return (
      Self.overflows(bounds, maximumHeight: maximumHeight, maximumArea: maximumArea),
      max(bounds.chain / maximumHeight, bounds.area / maximumArea)
    )
  }

  private static func overflows(
    _ bounds: (chain: Double, area: Double), maximumHeight: Double?, maximumArea: Double?
  ) -> Bool {
    bounds.chain > (maximumHeight ?? .infinity) || bounds.area > (maximumArea ?? .infinity)
  }
}
