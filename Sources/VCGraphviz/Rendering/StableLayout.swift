/// How the frames of a scenario are laid out.
public enum FrameLayout: String, Sendable, CaseIterable, Hashable {
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
///    draw, in one pass (engine `nop2` sizes what it is given and moves nothing).
/// 2. **Lay out the union** of the frames' graphs once with `dot`: nodes merged by name, edges by
///    tail, head and how many edges between the two come before them in the frame. A node is as
///    big as its biggest variant and an edge label as its biggest, so nothing a frame draws overlaps.
/// 3. **Place each frame.** A frame keeps its own graph (its labels, states and marks, and nothing
///    that is absent from it) and takes from the union its nodes' positions and sizes, and its
///    edges' splines and label positions; `nop2` (`neato -n2`) draws it as it is. An empty,
///    invisible cluster as big as the union gives every frame the same extent, and each header is
///    padded to the biggest one.
///
/// A cluster (a window's frame) gets the union's box when it holds exactly the nodes the union put
/// in it; otherwise (controllers outside any window until a `setRoot` puts them in one, say) it gets
/// the box around the nodes it holds in that frame.
struct StableLayout {
  /// The frames' graphs, positioned, in the order given. Each says `layout=nop2`, so Graphviz (and
  /// `dot -Tsvg` reading its DOT) draws it where the union layout put it.
  let frames: [GraphDescription]

  /// The name of the invisible cluster that gives every frame the union's extent.
  static let extentCluster = "cluster_extent"

  init(frames graphs: [GraphDescription], context: GraphvizContext) throws(RenderError) {
    guard !graphs.isEmpty else {
      frames = []
      return
    }
    let sizes = try Measurements(graphs, context: context)
    let union = Union(graphs, sizes: sizes)
    let geometry = try Geometry(try context.layout(union.graph, engine: "dot"), union: union)

    // Clusters first: a box around a frame's own nodes may reach past the union's bounding box.
    var clusterBoxes: [[String: LayoutBox]] = []
    var extent = geometry.boundingBox
    for (frame, graph) in graphs.enumerated() {
      var boxes: [String: LayoutBox] = [:]
      for (index, cluster) in graph.clusters.enumerated() {
        let members = Set(graph.nodes.filter { $0.cluster == cluster.name }.map(\.name))
        let homed = Set(graph.nodes.filter { union.homes[$0.name] == cluster.name }.map(\.name))
        if members == homed, let box = geometry.clusters[cluster.name] {
          boxes[cluster.name] = box
        } else if let box = geometry.box(
          around: members, sizes: union.nodeSizes, cluster: cluster, label: sizes.clusterLabels[frame][index])
        {
          boxes[cluster.name] = box
          extent = extent.union(box)
        }
      }
      clusterBoxes.append(boxes)
    }
    let biggestHeader = sizes.headers.compactMap { $0 }.reduce(nil) { $0?.expanded(to: $1) ?? $1 }?.roundedUp

    frames = graphs.enumerated().map { frame, graph in
      var positioned = graph
      positioned.attributes = graph.attributes.setting(.init("layout", "nop2"))
      if let header = graph.attributes.last(where: { $0.name == "label" && $0.isHTML }), let biggestHeader,
        let size = sizes.headers[frame]
      {
        positioned.attributes = positioned.attributes.setting(
          .init("label", html: Self.padded(header: header.value, size: size, to: biggestHeader)))
      }
      positioned.clusters = graph.clusters.map { cluster in
        guard let box = clusterBoxes[frame][cluster.name] else { return cluster }
        return .init(name: cluster.name, attributes: cluster.attributes.setting(.init("bb", box.bb)))
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
        guard let position = geometry.nodes[node.name], let size = union.nodeSizes[node.name] else { return node }
        return .init(
          name: node.name, cluster: node.cluster,
          attributes: node.attributes.setting(.init("pos", position)).setting(size.nodeWidth)
            .setting(size.nodeHeight))
      }
      positioned.edges = zip(graph.edges, union.edgeKeys[frame]).map { edge, key in
        var attributes = edge.attributes
        for (name, value) in geometry.edges[key] ?? [:] { attributes = attributes.setting(.init(name, value)) }
        return .init(tail: edge.tail, head: edge.head, attributes: attributes)
      }
      return positioned
    }
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
    if extra > 0, let spacer = header.firstMatch(of: #/<TD WIDTH="(\d+)" ROWSPAN="2"></TD>/#),
      let width = Int(spacer.output.1)
    {
      header.replaceSubrange(spacer.range, with: "<TD WIDTH=\"\(width + extra)\" ROWSPAN=\"2\"></TD>")
    }
    // HTML tables are sized in whole points, so the header's height is a whole number.
    let fill = max(0, Int((target.height - size.height).rounded()))
    return "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"0\">"
      + "<TR><TD ALIGN=\"LEFT\" VALIGN=\"TOP\">\(header)</TD></TR>"
      + "<TR><TD WIDTH=\"\(Int(target.width))\" HEIGHT=\"\(fill)\"></TD></TR></TABLE>"
  }
}

// MARK: - Measuring

/// The size of everything the frames draw, in points: each frame's nodes, edge labels, cluster
/// labels and header, in the frame's order; nil for what has no label.
private struct Measurements {
  var nodes: [[LayoutSize]]
  var edgeLabels: [[LayoutSize?]]
  var clusterLabels: [[LayoutSize?]]
  var headers: [LayoutSize?]

  init(_ graphs: [GraphDescription], context: GraphvizContext) throws(RenderError) {
    var sizer = Sizer()
    let nodes = graphs.map { graph in graph.nodes.map { sizer.add(graph.nodeDefaults + $0.attributes) } }
    let edgeLabels = graphs.map { graph in
      graph.edges.map { sizer.add(labelIn: graph.edgeDefaults + $0.attributes) }
    }
    let clusterLabels = graphs.map { graph in
      graph.clusters.map { sizer.add(labelIn: graph.attributes + $0.attributes) }
    }
    let headers = graphs.map { sizer.add(labelIn: $0.attributes) }
    let sizes = try sizer.measure(with: context)
    self.nodes = nodes.map { $0.map { sizes[$0] } }
    self.edgeLabels = edgeLabels.map { $0.map { $0.map { sizes[$0] } } }
    self.clusterLabels = clusterLabels.map { $0.map { $0.map { sizes[$0] } } }
    self.headers = headers.map { $0.map { sizes[$0] } }
  }
}

/// Collects the distinct things to measure, each once, and sizes them all in one Graphviz layout.
private struct Sizer {
  private var variants: [[GraphDescription.Attribute]] = []
  private var indices: [[GraphDescription.Attribute]: Int] = [:]

  /// A node drawn with these attributes (its defaults first); returns its index among the variants.
  mutating func add(_ attributes: [GraphDescription.Attribute]) -> Int {
    if let index = indices[attributes] { return index }
    variants.append(attributes)
    indices[attributes] = variants.count - 1
    return variants.count - 1
  }

  /// The label among these attributes (of an edge, a cluster or the graph), in a node exactly as
  /// big as the label; nil when there is no label to draw.
  mutating func add(labelIn attributes: [GraphDescription.Attribute]) -> Int? {
    guard let label = attributes.last(where: { $0.name == "label" }), label.isHTML || !label.value.isEmpty else {
      return nil
    }
    // Only the font decides how big the text is.
    let font = attributes.filter { $0.name == "fontname" || $0.name == "fontsize" }
    return add(
      font + [.init("shape", "plaintext"), .init("margin", "0"), .init("width", "0"), .init("height", "0"), label])
  }

  /// The size of each variant, in points, by index.
  func measure(with context: GraphvizContext) throws(RenderError) -> [LayoutSize] {
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
private struct Union {
  var graph = GraphDescription()
  /// The union edge of each frame's edges, in the frame's order.
  var edgeKeys: [[EdgeKey]]
  /// The union edge of each of the union graph's edges, in its order.
  var edgeOrder: [EdgeKey] = []
  /// The cluster each node is in, in the union.
  var homes: [String: String] = [:]
  /// Each node's size in every frame: whole points, at least its biggest variant.
  var nodeSizes: [String: LayoutSize] = [:]

  /// An edge of the union: from `tail` to `head`, the `occurrence`th (from 0) of a frame's edges
  /// between the two.
  struct EdgeKey: Hashable {
    var tail: String
    var head: String
    var occurrence: Int
  }

  init(_ graphs: [GraphDescription], sizes: Measurements) {
    edgeKeys = graphs.map { graph in
      var seen: [String: [String: Int]] = [:]
      return graph.edges.map { edge in
        let occurrence = seen[edge.tail, default: [:]][edge.head, default: 0]
        seen[edge.tail, default: [:]][edge.head] = occurrence + 1
        return EdgeKey(tail: edge.tail, head: edge.head, occurrence: occurrence)
      }
    }
    var nodes: [String: GraphDescription.Node] = [:]
    var nodeOrder: [String] = []
    var clusters: [String: GraphDescription.Cluster] = [:]
    var clusterOrder: [String] = []
    var edges: [EdgeKey: GraphDescription.Edge] = [:]
    var labelSizes: [EdgeKey: LayoutSize] = [:]
    for (frame, graph) in graphs.enumerated() {
      for cluster in graph.clusters {
        if clusters[cluster.name] == nil { clusterOrder.append(cluster.name) }
        clusters[cluster.name] = cluster
      }
      for (node, size) in zip(graph.nodes, sizes.nodes[frame]) {
        if nodes[node.name] == nil { nodeOrder.append(node.name) }
        nodes[node.name] = node
        nodeSizes[node.name] = nodeSizes[node.name]?.expanded(to: size) ?? size
      }
      for (index, (edge, key)) in zip(graph.edges, edgeKeys[frame]).enumerated() {
        if edges[key] == nil { edgeOrder.append(key) }
        edges[key] = edge
        if let size = sizes.edgeLabels[frame][index] { labelSizes[key] = labelSizes[key]?.expanded(to: size) ?? size }
      }
    }
    nodeSizes = nodeSizes.mapValues(\.roundedUp)
    homes = nodes.compactMapValues(\.cluster)

    let last = graphs[graphs.count - 1]
    graph.attributes = last.attributes.removing(["label", "labelloc", "labeljust"])
    graph.nodeDefaults = last.nodeDefaults
    graph.edgeDefaults = last.edgeDefaults
    let homeClusters = Set(homes.values)
    graph.clusters = clusterOrder.filter(homeClusters.contains).compactMap { clusters[$0] }
    graph.nodes = nodeOrder.compactMap { name in
      guard let node = nodes[name], let size = nodeSizes[name] else { return nil }
      // Only a box of the biggest size the node has in any frame.
      let attributes = node.attributes.setting(.init("label", "")).setting(size.nodeWidth)
        .setting(size.nodeHeight)
      return .init(name: name, cluster: node.cluster, attributes: attributes)
    }
    graph.edges = edgeOrder.compactMap { key in
      guard let edge = edges[key] else { return nil }
      var attributes = edge.attributes.removing(["label"])
      if let size = labelSizes[key]?.roundedUp { attributes.append(.init("label", html: size.emptyTable)) }
      return .init(tail: edge.tail, head: edge.head, attributes: attributes)
    }
  }
}

/// Where dot put the union's parts.
private struct Geometry {
  var boundingBox: LayoutBox
  /// Each cluster's box.
  var clusters: [String: LayoutBox] = [:]
  /// Each node's `pos`, as Graphviz wrote it, and its centre.
  var nodes: [String: String] = [:]
  var centers: [String: (x: Double, y: Double)] = [:]
  /// Each edge's `pos` (its spline) and `lp` (its label's centre).
  var edges: [Union.EdgeKey: [String: String]] = [:]

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
    around members: Set<String>, sizes: [String: LayoutSize], cluster: GraphDescription.Cluster, label: LayoutSize?
  ) -> LayoutBox? {
    let boxes = members.compactMap { name in
      centers[name].flatMap { center in sizes[name].map { LayoutBox(center: center, size: $0) } }
    }
    guard var box = boxes.dropFirst().reduce(boxes.first, { $0?.union($1) }) else { return nil }
    // Graphviz's default cluster margin is 8 points; a label takes its height and 8 points more.
    let margin = cluster.attributes["margin"].flatMap(Double.init) ?? 8
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
struct LayoutSize: Equatable {
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
struct LayoutBox: Equatable {
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

  func union(_ other: LayoutBox) -> LayoutBox {
    LayoutBox(
      minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX),
      maxY: max(maxY, other.maxY))
  }
}
