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
/// One drawing serves the frames of one run in one theme; its pieces are kept while they are
/// drawn again, and dropped when there are more than ``limit`` (a long flow draws a few hundred).
/// A frame whose pieces do not come out as expected is drawn whole by Graphviz.
final class PieceDrawing {
  private struct NodeKey: Hashable {
    var name: String
    var attributes: [GraphDescription.Attribute]
  }

  private struct ClusterKey: Hashable {
    var attributes: [GraphDescription.Attribute]
    var clusters: [GraphDescription.Cluster]
  }

  private var defaults: (nodes: [GraphDescription.Attribute], edges: [GraphDescription.Attribute])?
  private var prologue: ArraySlice<UInt8>?
  private var epilogue: ArraySlice<UInt8>?
  private var nodes: [NodeKey: ArraySlice<UInt8>] = [:]
  private var edges: [GraphDescription.Edge: ArraySlice<UInt8>] = [:]
  private var clusters: [ClusterKey: ArraySlice<UInt8>] = [:]
  /// The most pieces kept.
  static let limit = 4_096
  /// Frames drawn from pieces, and frames Graphviz drew whole because their pieces did not match
  /// (for tests).
  private(set) var piecedFrames = 0
  private(set) var wholeFrames = 0
  /// Nodes and edges Graphviz drew, over all frames (for tests).
  private(set) var drawnPieces = 0

  /// The name of the cluster every positioned frame has, which gives it the union's extent.
  private let extentCluster: String

  init(extentCluster: String = StableLayout.extentCluster) {
    self.extentCluster = extentCluster
  }

  /// The SVG of `frame`, a positioned frame of the run this drawing serves, drawn by `draw`
  /// (Graphviz, for a graph's SVG).
  func svg(
    of frame: GraphDescription, draw: (GraphDescription) throws(RenderError) -> [UInt8]
  )
    throws(RenderError) -> [UInt8]
  {
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
    pieces.nodeDefaults = frame.nodeDefaults
    pieces.edgeDefaults = frame.edgeDefaults
    pieces.clusters = knownClusters == nil ? frame.clusters : frame.clusters.filter { $0.name == extentCluster }
    var newNodes: Set<String> = []
    for node in frame.nodes where nodes[NodeKey(name: node.name, attributes: node.attributes)] == nil {
      var drawn = node
      if knownClusters != nil { drawn.cluster = nil }
      pieces.nodes.append(drawn)
      newNodes.insert(node.name)
    }
    let newEdges = frame.edges.filter { edges[$0] == nil }
    if !newEdges.isEmpty {
      // An edge's ends must be in its graph: those already drawn stand there invisible.
      var ends: Set<String> = []
      for edge in newEdges { ends.formUnion([edge.tail, edge.head]) }
      for node in frame.nodes where ends.contains(node.name) && !newNodes.contains(node.name) {
        pieces.nodes.append(Self.standIn(for: node, clustered: knownClusters == nil))
      }
      pieces.edges = newEdges
    }
    guard let drawn = SVGPieces(svg: try draw(pieces), of: pieces), prologue.map({ $0 == drawn.prologue }) ?? true,
      epilogue.map({ $0 == drawn.epilogue }) ?? true
    else {
      wholeFrames += 1
      return try draw(frame)
    }
    // Pieces are kept as copies: a slice would keep the whole SVG of the frame it was cut from.
    if prologue == nil { prologue = Self.copy(drawn.prologue) }
    if epilogue == nil { epilogue = Self.copy(drawn.epilogue) }
    if nodes.count + edges.count + clusters.count > Self.limit { forget(keepingEnds: true) }
    if knownClusters == nil { clusters[clusterKey] = Self.copy(drawn.clusters) }
    for (object, text) in zip(pieces.writingOrder, drawn.objects) {
      switch object {
      case .node(let number):
        let node = pieces.nodes[number]
        guard newNodes.contains(node.name) else { continue }
        nodes[NodeKey(name: node.name, attributes: node.attributes)] = Self.copy(text)
      case .edge(let number):
        edges[pieces.edges[number]] = Self.copy(text)
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
        let node = frame.nodes[number]
        guard let text = nodes[NodeKey(name: node.name, attributes: node.attributes)] else {
          return try whole(frame, draw)
        }
        svg += text
      case .edge(let number):
        guard let text = edges[frame.edges[number]] else { return try whole(frame, draw) }
        svg += text
      }
    }
    svg += drawn.epilogue
    piecedFrames += 1
    return svg
  }

  private func whole(
    _ frame: GraphDescription, _ draw: (GraphDescription) throws(RenderError) -> [UInt8]
  ) throws(RenderError) -> [UInt8] {
    wholeFrames += 1
    return try draw(frame)
  }

  /// `piece` in storage of its own, the SVG it was cut from left to be freed.
  private static func copy(_ piece: ArraySlice<UInt8>) -> ArraySlice<UInt8> { ArraySlice(Array(piece)) }

  private func forget(keepingEnds: Bool = false) {
    nodes.removeAll(keepingCapacity: true)
    edges.removeAll(keepingCapacity: true)
    clusters.removeAll(keepingCapacity: true)
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
