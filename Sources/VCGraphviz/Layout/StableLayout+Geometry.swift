import VCGraph

extension StableLayout {
  /// Where dot put the union's parts. Coded without the centres, which are read again from the
  /// positions.
  struct Geometry: Codable {
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
      box = LayoutBox(
        minX: box.minX - margin, minY: box.minY - margin, maxX: box.maxX + margin, maxY: box.maxY + margin)
      if let label {
        box.maxY += label.height + 8
        box.maxX = max(box.maxX, box.minX + label.width + 16)
      }
      return box
    }
  }
}

/// A width and height in points.
struct LayoutSize: Hashable, Codable {
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
