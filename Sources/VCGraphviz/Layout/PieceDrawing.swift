import VCGraph

/// The SVG of a stable layout's frames, put together from pieces Graphviz drew before: byte for
/// byte what Graphviz writes for each whole frame, at the cost of drawing what is new in it.
///
/// Every frame of a run of the stable layout has the same extent, and each node and edge it draws
/// sits at the union's place for it (``StableLayout/positioned(_:frame:)``): a box drawn in one
/// frame is drawn again, the same bytes, wherever its label, state and marks are the same. So each
/// frame hands Graphviz only what it has not drawn yet: its header (its own), the clusters when
/// they changed, and the nodes and edges that are new, in a graph of their own with the same
/// extent; the pieces of Graphviz's SVG (``SVGPieces``) are kept, and the frame's SVG is put
/// together in the order Graphviz writes a whole frame (``GraphDescription/writingOrder``).
///
/// A header's legend is drawn once a run too: Graphviz draws each header with the legend stood in
/// for by an empty table of its size (``LegendStandIn``), whose one line of SVG, a polygon on the
/// legend's box, is replaced by the legend's own SVG at that box, drawn the first time the box came.
///
/// One drawing serves the frames of one run in one theme; its pieces are kept while they are
/// drawn again, and dropped when there are more than ``limit`` (a long flow draws a few hundred).
/// A frame whose pieces do not come out as expected is drawn whole by Graphviz.
final class PieceDrawing {
  private struct ClusterKey: Hashable {
    var attributes: [GraphDescription.Attribute]
    var clusters: [GraphDescription.Cluster]
  }

  /// The frames a drawing serves, by the numbers of their pieces in the sketches
  /// (``FrameSketches/Sketch``): a node or edge of one number draws the same wherever it is drawn
  /// on the same route, so that is what its piece is kept by, and a piece is dropped after the
  /// last frame that draws it.
  struct Frames {
    /// The frame after which each node, by number, is drawn no more.
    fileprivate var lastNodeUse: [Int32: Int] = [:]
    /// The frame after which each edge, by number, is drawn no more.
    fileprivate var lastEdgeUse: [Int32: Int] = [:]

    /// The frames of a run in one theme, in order: each frame's node and edge numbers.
    init(_ frames: some Sequence<(nodes: [Int32], edges: [Int32])>) {
      for (index, frame) in frames.enumerated() {
        for node in frame.nodes { lastNodeUse[node] = index }
        for edge in frame.edges { lastEdgeUse[edge] = index }
      }
    }
  }

  /// An edge's piece: its number in the sketches, and its route in the union.
  private struct EdgeKey: Hashable {
    var number: Int32
    var route: StableLayout.Union.EdgeKey
  }

  private let frames: Frames
  private var defaults: (nodes: [GraphDescription.Attribute], edges: [GraphDescription.Attribute])?
  private var prologue: ArraySlice<UInt8>?
  private var epilogue: ArraySlice<UInt8>?
  private var nodes: [Int32: ArraySlice<UInt8>] = [:]
  private var edges: [EdgeKey: ArraySlice<UInt8>] = [:]
  private var clusters: [ClusterKey: ArraySlice<UInt8>] = [:]
  /// The legends' SVG, by the legend and the line its stand-in wrote (its box).
  private var legends: [LegendKey: ArraySlice<UInt8>] = [:]
  /// The legends whose SVG cannot be cut from a header (stand-in lines not as expected): their
  /// headers are drawn whole.
  private var uncutLegends: Set<LegendStandIn.Legend> = []

  private struct LegendKey: Hashable {
    var legend: LegendStandIn.Legend
    var standIn: ArraySlice<UInt8>
  }

  /// The most pieces kept.
  static let limit = 4_096
  /// Frames drawn from pieces, and frames Graphviz drew whole because their pieces did not match
  /// (for tests).
  private(set) var piecedFrames = 0
  private(set) var wholeFrames = 0
  /// Headers drawn with their legend stood in for, and legends drawn (for tests).
  private(set) var standInHeaders = 0
  private(set) var drawnLegends = 0
  /// Nodes and edges Graphviz drew, over all frames, and those dropped after the last frame that
  /// draws them (for tests).
  private(set) var drawnPieces = 0
  private(set) var droppedPieces = 0
  /// How many node and edge pieces are kept now (for tests).
  var keptPieces: Int { nodes.count + edges.count }

  /// The name of the cluster every positioned frame has, which gives it the union's extent.
  private let extentCluster: String

  init(frames: Frames, extentCluster: String = StableLayout.extentCluster) {
    self.frames = frames
    self.extentCluster = extentCluster
  }

  /// The SVG of frame number `index` of the run this drawing serves, placed by the stable layout
  /// (`placement`), whose nodes are sketched as `nodeNumbers` and whose graph's edges as
  /// `edgeNumbers`; drawn by `draw` (Graphviz, for a graph's SVG), its header's legend measured by
  /// `legendSize` (with the graph's font attributes).
  func svg(
    of placement: StableLayout.Placement, index: Int, nodeNumbers: [Int32], edgeNumbers: [Int32],
    legendSize: (Substring, [GraphDescription.Attribute]) throws(RenderError) -> LayoutSize,
    draw: (GraphDescription) throws(RenderError) -> [UInt8]
  )
    throws(RenderError) -> [UInt8]
  {
    let frame = placement.frame
    let edgeKeys = placement.edgeIndices.indices.map {
      EdgeKey(number: edgeNumbers[placement.edgeIndices[$0]], route: placement.edgeKeys[$0])
    }
    defer { dropPieces(after: index, nodeNumbers: nodeNumbers, edgeKeys: edgeKeys) }
    if let defaults, defaults.nodes != frame.nodeDefaults || defaults.edges != frame.edgeDefaults { forget() }
    defaults = (frame.nodeDefaults, frame.edgeDefaults)
    // What the clusters look like: their attributes, and the graph's, which each starts from.
    let clusterKey = ClusterKey(
      attributes: frame.clusters.allSatisfy { $0.attributes["label"] != nil }
        ? frame.attributes.removing(["label"]) : frame.attributes,
      clusters: frame.clusters)
    let knownClusters = clusters[clusterKey]
    var pieces = GraphDescription()
    pieces.attributes = frame.attributes
    // The header, its legend stood in for.
    var legend: LegendStandIn.Legend?
    if let label = frame.attributes.last(where: { $0.name == "label" && $0.isHTML }),
      let split = LegendStandIn.split(label.value), !uncutLegends.contains(.init(text: split.legend)),
      let header = LegendStandIn.header(split, legendSize: try legendSize(split.legend, Self.font(of: frame)))
    {
      legend = .init(text: split.legend)
      pieces.attributes = pieces.attributes.setting(.init("label", html: header))
    }
    pieces.nodeDefaults = frame.nodeDefaults
    pieces.edgeDefaults = frame.edgeDefaults
    pieces.clusters = knownClusters == nil ? frame.clusters : frame.clusters.filter { $0.name == extentCluster }
    /// The frame's nodes Graphviz draws, by index in the frame.
    var newNodes: [Int] = []
    var isNew = [Bool](repeating: false, count: frame.nodes.count)
    for index in frame.nodes.indices where nodes[nodeNumbers[index]] == nil {
      var drawn = placement.node(index)
      if knownClusters != nil { drawn.cluster = nil }
      pieces.nodes.append(drawn)
      newNodes.append(index)
      isNew[index] = true
    }
    let newEdges = frame.edges.indices.filter { edges[edgeKeys[$0]] == nil }
    if !newEdges.isEmpty {
      // An edge's ends must be in its graph: those already drawn stand there invisible.
      var ends: Set<String> = []
      for index in newEdges { ends.formUnion([frame.edges[index].tail, frame.edges[index].head]) }
      for (index, node) in frame.nodes.enumerated() where ends.contains(node.name) && !isNew[index] {
        pieces.nodes.append(Self.standIn(for: placement.node(index), clustered: knownClusters == nil))
      }
      pieces.edges = newEdges.map(placement.edge)
    }
    guard var drawn = SVGPieces(svg: try draw(pieces), of: pieces), prologue.map({ $0 == drawn.prologue }) ?? true,
      epilogue.map({ $0 == drawn.epilogue }) ?? true
    else {
      return try whole(placement, draw)
    }
    if let legend {
      guard let label = try label(drawn.label, legend: legend, of: frame, draw) else {
        return try whole(placement, draw)
      }
      drawn.label = label
      standInHeaders += 1
    }
    // Pieces are kept as copies: a slice would keep the whole SVG of the frame it was cut from.
    if prologue == nil { prologue = Self.copy(drawn.prologue) }
    if epilogue == nil { epilogue = Self.copy(drawn.epilogue) }
    if nodes.count + edges.count + clusters.count > Self.limit { forget(keepingEnds: true) }
    if knownClusters == nil { clusters[clusterKey] = Self.copy(drawn.clusters) }
    for (object, text) in zip(pieces.writingOrder, drawn.objects) {
      switch object {
      case .node(let number):
        // The new nodes come first, in the frame's order; the stand-ins after them.
        guard number < newNodes.count else { continue }
        nodes[nodeNumbers[newNodes[number]]] = Self.copy(text)
      case .edge(let number):
        edges[edgeKeys[newEdges[number]]] = Self.copy(text)
      }
    }
    drawnPieces += newNodes.count + newEdges.count
    // The whole frame, in the order Graphviz writes it.
    var svg: [UInt8] = []
    svg.reserveCapacity(drawn.prologue.count + drawn.label.count + 16 * 1_024 + frame.nodes.count * 2_048)
    svg += drawn.prologue
    svg += drawn.label
    svg += knownClusters ?? drawn.clusters
    for object in frame.writingOrder {
      switch object {
      case .node(let number):
        guard let text = nodes[nodeNumbers[number]] else { return try whole(placement, draw) }
        svg += text
      case .edge(let number):
        guard let text = edges[edgeKeys[number]] else { return try whole(placement, draw) }
        svg += text
      }
    }
    svg += drawn.epilogue
    piecedFrames += 1
    return svg
  }

  /// The header's SVG, `drawn` with `legend` stood in for: the stand-in's line replaced by the
  /// legend's SVG at its box, drawn now when its box is new. Nil when the stand-in did not write
  /// the one line expected.
  private func label(
    _ drawn: ArraySlice<UInt8>, legend: LegendStandIn.Legend, of frame: GraphDescription,
    _ draw: (GraphDescription) throws(RenderError) -> [UInt8]
  ) throws(RenderError) -> ArraySlice<UInt8>? {
    guard let line = Self.standInLine(in: drawn) else {
      uncutLegends.insert(legend)
      return nil
    }
    let key = LegendKey(legend: legend, standIn: Self.copy(drawn[line]))
    if let known = legends[key] { return drawn[..<line.lowerBound] + known + drawn[line.upperBound...] }
    // The header drawn whole once, alone with the frame's extent: the legend is what it has in
    // place of the stand-in's line.
    var header = GraphDescription()
    header.attributes = frame.attributes
    header.clusters = frame.clusters.filter { $0.name == extentCluster }
    guard let whole = SVGPieces(svg: try draw(header), of: header)?.label,
      whole.count > drawn.count - line.count,
      whole.starts(with: drawn[..<line.lowerBound]), whole.reversed().starts(with: drawn[line.upperBound...].reversed())
    else {
      uncutLegends.insert(legend)
      return nil
    }
    drawnLegends += 1
    let start = whole.startIndex + (line.lowerBound - drawn.startIndex)
    let end = whole.endIndex - (drawn.endIndex - line.upperBound)
    legends[key] = Self.copy(whole[start..<end])
    return whole
  }

  /// The range of the one line of `label` the legend's stand-in wrote (a polygon filled with
  /// ``LegendStandIn/marker``); nil when there is not exactly one.
  private static func standInLine(in label: ArraySlice<UInt8>) -> Range<Int>? {
    let marker = Array("<polygon fill=\"\(LegendStandIn.marker)\"".utf8)
    var found: Range<Int>?
    var start = label.startIndex
    while start < label.endIndex {
      let end = label[start...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? label.endIndex
      if label[start..<end].starts(with: marker) {
        guard found == nil else { return nil }
        found = start..<end
      }
      start = end
    }
    return found
  }

  /// The graph's font attributes, which a legend is measured with.
  private static func font(of graph: GraphDescription) -> [GraphDescription.Attribute] {
    graph.attributes.filter { $0.name == "fontname" || $0.name == "fontsize" }
  }

  /// Drops the pieces of frame number `index` that no later frame draws.
  private func dropPieces(after index: Int, nodeNumbers: [Int32], edgeKeys: [EdgeKey]) {
    for number in nodeNumbers where frames.lastNodeUse[number] == index {
      if nodes.removeValue(forKey: number) != nil { droppedPieces += 1 }
    }
    for key in edgeKeys where frames.lastEdgeUse[key.number] == index {
      if edges.removeValue(forKey: key) != nil { droppedPieces += 1 }
    }
  }

  private func whole(
    _ placement: StableLayout.Placement, _ draw: (GraphDescription) throws(RenderError) -> [UInt8]
  ) throws(RenderError) -> [UInt8] {
    wholeFrames += 1
    return try draw(placement.positioned)
  }

  /// `piece` in storage of its own, the SVG it was cut from left to be freed.
  private static func copy(_ piece: ArraySlice<UInt8>) -> ArraySlice<UInt8> { ArraySlice(Array(piece)) }

  private func forget(keepingEnds: Bool = false) {
    nodes.removeAll(keepingCapacity: true)
    edges.removeAll(keepingCapacity: true)
    clusters.removeAll(keepingCapacity: true)
    legends.removeAll(keepingCapacity: true)
    if !keepingEnds {
      prologue = nil
      epilogue = nil
    }
  }

  /// A node drawn before, standing at its place only so that a new edge has its end: invisible
  /// (Graphviz writes only its comment).
  private static func standIn(for node: GraphDescription.Node, clustered: Bool) -> GraphDescription.Node {
    .init(
      name: node.name, cluster: clustered ? node.cluster : nil,
      attributes: [
        .init("shape", "point"), .init("style", "invis"), .init("width", "0.01"), .init("height", "0.01"),
        .init("label", ""), .init("pos", node.attributes["pos"] ?? "0,0"),
      ])
  }
}
