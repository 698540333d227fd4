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
  private let extent: LayoutBox
  private let biggestHeader: LayoutSize?

  /// The least room `dot` leaves between two nodes one above the other, in points: `ranksep`
  /// (0.4 inch) shared out between the two ranks a labelled edge spans.
  static let minimumRankSeparation: Double = 28

  /// Lays out the frames' graphs, read once in order; nil, before anything is laid out, when the
  /// union is sure to be taller than `maximumHeight` points (its tallest chain of nodes is).
  init?(
    frames graphs: some Sequence<GraphDescription>, context: GraphvizContext, maximumHeight: Double? = nil
  ) throws(RenderError) {
    var union = Union()
    var measurements = Measurements(context: context)
    var frames: [FrameOutline] = []
    for graph in graphs {
      union.add(graph, frame: frames.count, measurements: &measurements)
      frames.append(union.outline(of: graph))
      if measurements.isBatchFull { try measurements.flush(into: &union, frames: &frames) }
    }
    try measurements.flush(into: &union, frames: &frames)
    union.finish()
    self.union = union
    self.frames = frames
    guard !frames.isEmpty else {
      geometry = Geometry()
      extent = geometry.boundingBox
      biggestHeader = nil
      return
    }
    if let maximumHeight {
      let sizes = union
      let chain = union.graph.tallestChain(
        height: { sizes.size(ofNode: $0)?.height ?? 0 }, separation: Self.minimumRankSeparation)
      if chain > maximumHeight { return nil }
    }
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

  /// The size of every frame, in points, padding included: the union's extent under the biggest
  /// header, and Graphviz's padding (the graph's `pad`) around them.
  var frameSize: LayoutSize {
    let pad = 2 * 0.35 * 72
    let width = max(extent.maxX - extent.minX, biggestHeader?.width ?? 0)
    return LayoutSize(width: width + pad, height: extent.maxY - extent.minY + (biggestHeader?.height ?? 0) + pad)
  }

  /// Frame number `frame` (from 0, in the order the frames were laid out), positioned: it says
  /// `layout=nop2`, so Graphviz (and `dot -Tsvg` reading its DOT) draws it where the union layout
  /// put it. `graph` must be that frame's graph again.
  func positioned(_ graph: GraphDescription, frame: Int) -> GraphDescription {
    let outline = frames[frame]
    var positioned = graph
    positioned.attributes = graph.attributes.setting(.init("layout", "nop2"))
    if let header = graph.attributes.last(where: { $0.name == "label" && $0.isHTML }), let biggestHeader,
      let size = outline.header
    {
      positioned.attributes = positioned.attributes.setting(
        .init("label", html: Self.padded(header: header.value, size: size, to: biggestHeader)))
    }
    let boxes = Self.clusterBoxes(of: outline, union: union, geometry: geometry)
    // A frame that would overlap another (controllers set up outside any window where a later step
    // puts them inside one) is not drawn: its boxes stay where they are, unframed.
    let unframed = Set(graph.clusters.map(\.name).filter { boxes[$0] == nil && union.hasCluster(named: $0) })
    /// The cluster a node or cluster drawn in `name` goes in: `name`, or the nearest cluster around
    /// it that is framed.
    func framed(_ name: String?) -> String? {
      guard let name, unframed.contains(name) else { return name }
      return union.ancestors(ofCluster: name).first { !unframed.contains($0) }
    }
    positioned.clusters = graph.clusters.compactMap { cluster in
      guard !unframed.contains(cluster.name) else { return nil }
      var placed = cluster
      placed.parent = framed(cluster.parent)
      if let box = boxes[cluster.name] { placed.attributes = cluster.attributes.setting(.init("bb", box.bb)) }
      return placed
    }
    // A subgraph starts with its parent's attributes: the header and the class are taken off it.
    positioned.clusters.append(
      .init(
        name: Self.extentCluster,
        attributes: [
          .init("id", "frame-extent"), .init("class", ""), .init("label", ""), .init("style", "invis"),
          .init("bb", extent.bb),
        ]
      ))
    positioned.nodes = graph.nodes.map { node in
      guard let position = geometry.nodes[node.place], let size = union.size(ofNode: node.place) else { return node }
      return .init(
        name: node.name, cluster: framed(node.cluster),
        attributes: node.attributes.setting(.init("pos", position)).setting(size.nodeWidth)
          .setting(size.nodeHeight), slot: node.slot)
    }
    // Invisible edges only shaped the union's layout: a placed frame draws without them (their
    // routes would stretch the frame past the union's extent).
    positioned.edges = zip(graph.edges, Union.edgeKeys(of: graph)).compactMap { edge, key in
      guard !key.isInvisible else { return nil }
      var attributes = edge.attributes
      for (name, value) in geometry.edges[key] ?? [:] { attributes = attributes.setting(.init(name, value)) }
      return .init(tail: edge.tail, head: edge.head, attributes: attributes)
    }
    return positioned
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
  /// The first `<TD WIDTH="N" ROWSPAN="2"></TD>` of a header, and its width.
  fileprivate static func spacerCell(in header: String) -> (range: Range<String.Index>, width: Int)? {
    let opening = "<TD WIDTH=\""
    let closing = "\" ROWSPAN=\"2\"></TD>"
    var searchStart = header.startIndex
    while let start = header.range(of: opening, range: searchStart..<header.endIndex) {
      let digits = header[start.upperBound...].prefix { $0.isASCII && $0.isNumber }
      if !digits.isEmpty, let width = Int(digits), header[digits.endIndex...].hasPrefix(closing) {
        return (start.lowerBound..<header.index(digits.endIndex, offsetBy: closing.count), width)
      }
      searchStart = start.upperBound
    }
    return nil
  }
}

/// What a frame holds, by the union's numbers for its nodes and clusters: all a frame's placing
/// needs besides its own graph.
private struct FrameOutline: Codable {
  struct Member: Codable {
    var node: Int
    /// The cluster the node is in, in this frame; -1 for none.
    var cluster: Int
  }

  struct Cluster: Codable {
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

// MARK: - Measuring

/// Sizes everything the frames draw, in points, a batch of variants at a time in one Graphviz
/// layout each (engine `nop2`), and remembers the sizes of variants seen recently so that what
/// repeats from frame to frame is measured once.
private struct Measurements {
  /// Where a measured size goes.
  enum Destination {
    case node(Int)
    case edgeLabel(Union.EdgeKey)
    case clusterLabel(frame: Int, index: Int)
    case header(frame: Int)
  }

  private let context: GraphvizContext
  private var pending: [[GraphDescription.Attribute]] = []
  /// Whether each waiting variant's size is worth remembering: not a header, which is a frame's own.
  private var pendingCacheable: [Bool] = []
  private var pendingIndices: [[GraphDescription.Attribute]: Int] = [:]
  private var destinations: [(variant: Int, destination: Destination)] = []
  private var known: [[GraphDescription.Attribute]: LayoutSize] = [:]

  /// Variants measured together; the cache of known sizes is emptied when it grows past
  /// `knownLimit`, so neither grows with the number of frames.
  private static let batchSize = 256
  private static let knownLimit = 1_024

  init(context: GraphvizContext) {
    self.context = context
  }

  /// A node drawn with these attributes (its defaults first).
  mutating func add(_ attributes: [GraphDescription.Attribute], for destination: Destination) {
    if let size = known[attributes] {
      destinations.append((-1, destination))
      resolved.append(size)
      return
    }
    let variant: Int
    if let index = pendingIndices[attributes] {
      variant = index
    } else {
      pending.append(attributes)
      if case .header = destination { pendingCacheable.append(false) } else { pendingCacheable.append(true) }
      variant = pending.count - 1
      pendingIndices[attributes] = variant
    }
    destinations.append((variant, destination))
    resolved.append(nil)
  }

  /// Sizes already known, by destination (nil for those waiting for the batch).
  private var resolved: [LayoutSize?] = []

  /// The label among these attributes (of an edge, a cluster or the graph), in a node exactly as
  /// big as the label; nothing when there is no label to draw.
  mutating func add(labelIn attributes: [GraphDescription.Attribute], for destination: Destination) {
    guard let label = attributes.last(where: { $0.name == "label" }), label.isHTML || !label.value.isEmpty else {
      return
    }
    // Only the font decides how big the text is.
    let font = attributes.filter { $0.name == "fontname" || $0.name == "fontsize" }
    add(
      font + [.init("shape", "plaintext"), .init("margin", "0"), .init("width", "0"), .init("height", "0"), label],
      for: destination)
  }

  /// True when enough variants wait to be measured.
  var isBatchFull: Bool { pending.count >= Self.batchSize || destinations.count >= 16 * Self.batchSize }

  /// Measures the waiting variants and hands every size to its destination.
  mutating func flush(into union: inout Union, frames: inout [FrameOutline]) throws(RenderError) {
    let sizes = try measure(pending)
    if known.count + pending.count > Self.knownLimit { known.removeAll(keepingCapacity: true) }
    for (variant, attributes) in pending.enumerated() where pendingCacheable[variant] {
      known[attributes] = sizes[variant]
    }
    for ((variant, destination), already) in zip(destinations, resolved) {
      guard let size = already ?? (variant >= 0 ? sizes[variant] : nil) else { continue }
      switch destination {
      case let .node(node): union.nodeSizes[node] = union.nodeSizes[node]?.expanded(to: size) ?? size
      case let .edgeLabel(key): union.labelSizes[key] = union.labelSizes[key]?.expanded(to: size) ?? size
      case let .clusterLabel(frame, index): frames[frame].clusters[index].label = size
      case let .header(frame): frames[frame].header = size
      }
    }
    pending.removeAll(keepingCapacity: true)
    pendingCacheable.removeAll(keepingCapacity: true)
    pendingIndices.removeAll(keepingCapacity: true)
    destinations.removeAll(keepingCapacity: true)
    resolved.removeAll(keepingCapacity: true)
  }

  /// The size of each variant, in points, by index.
  private func measure(_ variants: [[GraphDescription.Attribute]]) throws(RenderError) -> [LayoutSize] {
    guard !variants.isEmpty else { return [] }
    var graph = GraphDescription()
    graph.nodes = variants.enumerated().map { index, attributes in
      .init(name: "m\(index)", attributes: attributes.setting(.init("pos", "0,0")))
    }
    let layout = try context.layout(graph, engine: "nop2")
    return try variants.indices.map { index throws(RenderError) in
      let node = layout.nodes["m\(index)"]
      guard let width = node?["width"].flatMap(Double.init), let height = node?["height"].flatMap(Double.init) else {
        throw .layout("Graphviz did not size a label")
      }
      return LayoutSize(width: width * 72, height: height * 72)
    }
  }
}

// MARK: - The union

/// The frames' graphs merged into one: each node and edge with the attributes of its last
/// appearance and the size of its biggest, each node in the cluster of its last appearance.
private struct Union: Codable {
  /// The union's graph, once ``finish()`` has made it.
  var graph = GraphDescription()
  /// Nodes and clusters by number, in the order they first appeared.
  var nodeNames: [String] = []
  var clusterNames: [String] = []
  private(set) var nodeNumbers: [String: Int] = [:]
  private var clusterNumbers: [String: Int] = [:]
  /// The union edges in the order they first appeared.
  var edgeOrder: [EdgeKey] = []
  /// The cluster each node is in, in the union (its last appearance), by number; -1 for none.
  var homes: [Int] = []
  /// Each node's size in every frame, by number: at least its biggest variant (in whole points
  /// once ``finish()`` has rounded them).
  var nodeSizes: [LayoutSize?] = []
  /// Each edge's biggest label.
  var labelSizes: [EdgeKey: LayoutSize] = [:]

  private var nodes: [GraphDescription.Node] = []
  private var clusters: [GraphDescription.Cluster] = []
  private var edges: [EdgeKey: GraphDescription.Edge] = [:]
  private var last: GraphDescription?

  /// An edge of the union: from `tail` to `head`, the `occurrence`th (from 0) of a frame's edges
  /// between the two.
  struct EdgeKey: Hashable, Codable {
    var tail: String
    var head: String
    /// Invisible edges (that order children or wrap rows) are counted apart from drawn ones: an
    /// edge that orders two columns in one frame must not stand for the edge that stacks one below
    /// the other in another.
    var isInvisible: Bool
    var occurrence: Int
  }

  /// The union edge of each of a graph's edges, in its order: its ends by the places of its nodes.
  static func edgeKeys(of graph: GraphDescription) -> [EdgeKey] {
    var places: [String: String] = [:]
    for node in graph.nodes where node.slot != nil { places[node.name] = node.slot }
    var seen: [EdgeKey: Int] = [:]
    return graph.edges.map { edge in
      var key = EdgeKey(
        tail: places[edge.tail] ?? edge.tail, head: places[edge.head] ?? edge.head,
        isInvisible: edge.attributes["style"] == "invis", occurrence: 0)
      let occurrence = seen[key, default: 0]
      seen[key] = occurrence + 1
      key.occurrence = occurrence
      return key
    }
  }

  /// The size of the node with this name in every frame.
  func size(ofNode name: String) -> LayoutSize? {
    nodeNumbers[name].flatMap { nodeSizes[$0] }
  }

  /// Merges frame number `frame`'s graph and hands what it draws to be measured.
  mutating func add(_ frameGraph: GraphDescription, frame: Int, measurements: inout Measurements) {
    for cluster in frameGraph.clusters {
      let number = clusterNumber(cluster.name)
      clusters[number] = cluster
    }
    for node in frameGraph.nodes {
      let number: Int
      let place = node.place
      if let known = nodeNumbers[place] {
        number = known
        nodes[number] = node
      } else {
        number = nodeNames.count
        nodeNumbers[place] = number
        nodeNames.append(place)
        nodes.append(node)
        homes.append(-1)
        nodeSizes.append(nil)
      }
      homes[number] = node.cluster.map { clusterNumber($0) } ?? -1
      measurements.add(frameGraph.nodeDefaults + node.attributes, for: .node(number))
    }
    for (edge, key) in zip(frameGraph.edges, Self.edgeKeys(of: frameGraph)) {
      if let earlier = edges[key] {
        // The strictest separation any frame asks for: an edge that may be flat in one frame and
        // stacks its ends in another stacks them.
        var merged = edge
        let minlen = max(Int(earlier.attributes["minlen"] ?? "1") ?? 1, Int(edge.attributes["minlen"] ?? "1") ?? 1)
        if minlen != 1 || edge.attributes["minlen"] != nil {
          merged.attributes = merged.attributes.setting(.init("minlen", "\(minlen)"))
        }
        edges[key] = merged
      } else {
        edgeOrder.append(key)
        edges[key] = edge
      }
      measurements.add(labelIn: frameGraph.edgeDefaults + edge.attributes, for: .edgeLabel(key))
    }
    for (index, cluster) in frameGraph.clusters.enumerated() {
      measurements.add(
        labelIn: frameGraph.attributes + cluster.attributes, for: .clusterLabel(frame: frame, index: index))
    }
    measurements.add(labelIn: frameGraph.attributes, for: .header(frame: frame))
    last = frameGraph
  }

  /// The outline of a graph just added.
  mutating func outline(of frameGraph: GraphDescription) -> FrameOutline {
    FrameOutline(
      nodes: frameGraph.nodes.map { node in
        .init(node: nodeNumbers[node.place] ?? -1, cluster: node.cluster.flatMap { clusterNumbers[$0] } ?? -1)
      },
      clusters: frameGraph.clusters.map { cluster in
        // Graphviz's default cluster margin is 8 points.
        .init(
          cluster: clusterNumber(cluster.name), margin: cluster.attributes["margin"].flatMap(Double.init) ?? 8,
          label: nil)
      })
  }

  /// True when a frame drew a cluster of this name.
  func hasCluster(named name: String) -> Bool { clusterNumbers[name] != nil }

  /// The clusters a cluster is drawn inside, by name, the nearest first.
  func ancestors(ofCluster name: String) -> [String] {
    var found: [String] = []
    var current = clusterNumbers[name].flatMap { clusters[$0].parent }
    while let parent = current, !found.contains(parent) {
      found.append(parent)
      current = clusterNumbers[parent].flatMap { clusters[$0].parent }
    }
    return found
  }

  private mutating func clusterNumber(_ name: String) -> Int {
    if let number = clusterNumbers[name] { return number }
    clusterNumbers[name] = clusterNames.count
    clusterNames.append(name)
    clusters.append(.init(name: name, attributes: []))
    return clusterNames.count - 1
  }

  /// Moves a node last drawn outside any window (``Diagram/detachedClusterName``) into the window
  /// of the node it hangs from, when that one is in a window: a controller a scenario's first steps
  /// draw before the window holds its container, and later steps fold, belongs with its container.
  private mutating func rehomeDetachedNodes() {
    guard let detached = clusterNumbers[Diagram.detachedClusterName] else { return }
    var moved = true
    while moved {
      moved = false
      for key in edgeOrder {
        guard let tail = nodeNumbers[key.tail], let head = nodeNumbers[key.head] else { continue }
        if homes[head] == detached, homes[tail] >= 0, homes[tail] != detached {
          homes[head] = homes[tail]
          moved = true
        }
      }
    }
  }

  /// Rounds the sizes and makes the union's graph, once every frame is added and measured.
  mutating func finish() {
    nodeSizes = nodeSizes.map { $0?.roundedUp }
    guard let last else { return }
    graph.attributes = last.attributes.removing(["label", "labelloc", "labeljust"])
    graph.nodeDefaults = last.nodeDefaults
    graph.edgeDefaults = last.edgeDefaults
    rehomeDetachedNodes()
    // The clusters nodes are in, and those they are drawn inside (a side of `--size-classes`).
    var kept = Set(homes)
    for number in Set(homes) where number >= 0 {
      var parent = clusters[number].parent
      while let name = parent, let above = clusterNumbers[name], kept.insert(above).inserted {
        parent = clusters[above].parent
      }
    }
    graph.clusters = clusters.indices.filter(kept.contains).map { clusters[$0] }
    graph.nodes = nodes.indices.compactMap { number in
      guard let size = nodeSizes[number] else { return nil }
      let node = nodes[number]
      // Only a box of the biggest size the node has in any frame, named by its place, in its home.
      let attributes = node.attributes.setting(.init("label", "")).setting(size.nodeWidth)
        .setting(size.nodeHeight)
      let home = homes[number] >= 0 ? clusterNames[homes[number]] : nil
      return .init(name: nodeNames[number], cluster: home, attributes: attributes)
    }
    let known = edgeOrder.compactMap { key in edges[key].map { (key: key, edge: $0) } }
    edgeOrder = known.map(\.key)
    graph.edges = known.map { key, edge in
      var attributes = edge.attributes.removing(["label"])
      if let size = labelSizes[key]?.roundedUp { attributes.append(.init("label", html: size.emptyTable)) }
      return .init(tail: key.tail, head: key.head, attributes: attributes)
    }
    // Frames that order the same siblings differently: the first order wins, the edges that would
    // close a cycle go (see ``GraphDescription/flatCycleEdges()``).
    let closing = graph.flatCycleEdges()
    if !closing.isEmpty {
      graph.edges = graph.edges.indices.filter { !closing.contains($0) }.map { graph.edges[$0] }
      edgeOrder = edgeOrder.indices.filter { !closing.contains($0) }.map { edgeOrder[$0] }
    }
  }
}

/// Where dot put the union's parts. Coded without the centres, which are read again from the
/// positions.
private struct Geometry: Codable {
  var boundingBox: LayoutBox
  /// Each cluster's box.
  var clusters: [String: LayoutBox] = [:]
  /// Each node's `pos`, as Graphviz wrote it, and its centre.
  var nodes: [String: String] = [:]
  var centers: [String: (x: Double, y: Double)] = [:]
  /// Each edge's `pos` (its spline) and `lp` (its label's centre).
  var edges: [Union.EdgeKey: [String: String]] = [:]

  /// The geometry of no frame at all.
  init() {
    boundingBox = LayoutBox(minX: 0, minY: 0, maxX: 0, maxY: 0)
  }

  private enum CodingKeys: String, CodingKey {
    case boundingBox, clusters, nodes, edges
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    boundingBox = try container.decode(LayoutBox.self, forKey: .boundingBox)
    clusters = try container.decode([String: LayoutBox].self, forKey: .clusters)
    nodes = try container.decode([String: String].self, forKey: .nodes)
    edges = try container.decode([Union.EdgeKey: [String: String]].self, forKey: .edges)
    for (name, pos) in nodes {
      let numbers = pos.split(separator: ",").compactMap { Double($0) }
      if numbers.count == 2 { centers[name] = (numbers[0], numbers[1]) }
    }
  }

  init(_ layout: GraphLayout, union: Union) throws(RenderError) {
    guard let box = layout.graph["bb"].flatMap(LayoutBox.init(bb:)) else {
      throw .layout("the union of the frames has no bounding box")
    }
    boundingBox = box
    for cluster in union.graph.clusters {
      if let box = layout.clusters[cluster.name]?["bb"].flatMap(LayoutBox.init(bb:)) { clusters[cluster.name] = box }
    }
    for node in union.graph.nodes {
      let pos = layout.nodes[node.name]?["pos"] ?? ""
      let numbers = pos.split(separator: ",").compactMap { Double($0) }
      guard numbers.count == 2 else { throw .layout("no position for \(node.name) in the union of the frames") }
      nodes[node.name] = pos
      centers[node.name] = (numbers[0], numbers[1])
    }
    for (key, attributes) in zip(union.edgeOrder, layout.edges) {
      edges[key] = attributes.filter { $0.key == "pos" || $0.key == "lp" }
    }
  }

  /// The box a cluster draws around `members`: their boxes, the cluster's margin around them, and
  /// room for its label on top.
  func box(
    around members: [String], sizes: (String) -> LayoutSize?, margin: Double, label: LayoutSize?
  ) -> LayoutBox? {
    let boxes = members.compactMap { name in
      centers[name].flatMap { center in sizes(name).map { LayoutBox(center: center, size: $0) } }
    }
    guard var box = boxes.dropFirst().reduce(boxes.first, { $0?.union($1) }) else { return nil }
    // A label takes its height and 8 points more.
    box = LayoutBox(minX: box.minX - margin, minY: box.minY - margin, maxX: box.maxX + margin, maxY: box.maxY + margin)
    if let label {
      box.maxY += label.height + 8
      box.maxX = max(box.maxX, box.minX + label.width + 16)
    }
    return box
  }
}

// MARK: - Sizes and boxes

/// A width and height in points.
struct LayoutSize: Equatable, Codable {
  var width: Double
  var height: Double

  /// The larger width and the larger height of the two.
  func expanded(to other: LayoutSize) -> LayoutSize {
    LayoutSize(width: max(width, other.width), height: max(height, other.height))
  }

  /// Whole points, rounded up past the last digits Graphviz writes, so a box of this size holds
  /// every label it was measured from (Graphviz rounds a node's `width` and `height` to whole points).
  var roundedUp: LayoutSize { LayoutSize(width: (width + 0.01).rounded(.up), height: (height + 0.01).rounded(.up)) }

  /// The `width` attribute of a node this wide (Graphviz takes inches).
  var nodeWidth: GraphDescription.Attribute { .init("width", "\(width / 72)") }

  /// The `height` attribute of a node this high.
  var nodeHeight: GraphDescription.Attribute { .init("height", "\(height / 72)") }

  /// An empty HTML label of this size, which takes the place of the labels it was measured from.
  var emptyTable: String {
    "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"0\"><TR>"
      + "<TD WIDTH=\"\(Int(width))\" HEIGHT=\"\(Int(height))\"></TD></TR></TABLE>"
  }
}

/// A rectangle in Graphviz's points, y upwards.
struct LayoutBox: Equatable, Codable {
  var minX: Double
  var minY: Double
  var maxX: Double
  var maxY: Double

  init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
    (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
  }

  /// The box of this size around `center`.
  init(center: (x: Double, y: Double), size: LayoutSize) {
    self.init(
      minX: center.x - size.width / 2, minY: center.y - size.height / 2, maxX: center.x + size.width / 2,
      maxY: center.y + size.height / 2)
  }

  /// A `bb` attribute: `llx,lly,urx,ury`.
  init?(bb: String) {
    let numbers = bb.split(separator: ",").compactMap { Double($0) }
    guard numbers.count == 4 else { return nil }
    self.init(minX: numbers[0], minY: numbers[1], maxX: numbers[2], maxY: numbers[3])
  }

  /// As a `bb` attribute.
  var bb: String { "\(minX),\(minY),\(maxX),\(maxY)" }

  func intersects(_ other: LayoutBox) -> Bool {
    minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
  }

  func union(_ other: LayoutBox) -> LayoutBox {
    LayoutBox(
      minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX),
      maxY: max(maxY, other.maxY))
  }
}
