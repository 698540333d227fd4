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
    /// How many frames the run has.
    fileprivate var count = 0

    /// The frames of a run in one theme, in order: each frame's node and edge numbers.
    init(_ frames: some Sequence<(nodes: [Int32], edges: [Int32])>) {
      for (index, frame) in frames.enumerated() {
        for node in frame.nodes { lastNodeUse[node] = index }
        for edge in frame.edges { lastEdgeUse[edge] = index }
        count = index + 1
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

  /// The headers drawn ahead (``drawAhead(from:_:upcoming:legendSize:draw:)``), by frame: each
  /// header's SVG as its graph's label, its legend stood in for (that legend), or nil.
  private var headers: [Int: (label: ArraySlice<UInt8>, legend: LegendStandIn.Legend?)] = [:]
  /// The first frame no drawing ahead took yet: a frame before it whose header was not drawn ahead
  /// (its label came out of another size) is drawn on its own, not ahead again.
  private var aheadUntil = 0

  /// A frame's header as Graphviz draws it as the graph's label: the frame's graph attributes
  /// besides the label, the header (its legend stood in for), where the label went and how big it
  /// is, and its SVG, for a header drawn as a node to be compared with.
  private struct HeaderCalibration {
    var attributes: [GraphDescription.Attribute]
    var html: String
    var place: LabelPlace
    var label: ArraySlice<UInt8>
  }

  /// Whether headers can be drawn as nodes of one graph (``drawAhead(from:_:upcoming:legendSize:draw:)``).
  private enum HeaderNodes {
    /// No header drawn yet.
    case unknown
    /// One header drawn as the graph's label: the next graph drawn ahead draws it as a node too.
    case calibrating(HeaderCalibration)
    /// A header drawn as a node, at the place of the graph's label, writes the same SVG: the
    /// headers whose labels come out as big as that one's (`size`) are drawn so.
    case drawn(attributes: [GraphDescription.Attribute], place: LabelPlace, size: LayoutSize)
    /// It does not (or Graphviz does not say where labels go): every frame is drawn on its own.
    case refused

    var mayDrawAhead: Bool {
      switch self {
      case .calibrating, .drawn: true
      case .unknown, .refused: false
      }
    }
  }
  private var headerNodes = HeaderNodes.unknown

  /// The most frames whose new pieces are drawn in one graph.
  static let framesAhead = 32
  /// The most pieces kept.
  static let limit = 4_096
  /// Frames drawn from pieces, and frames Graphviz drew whole because their pieces did not match
  /// (for tests).
  private(set) var piecedFrames = 0
  private(set) var wholeFrames = 0
  /// Frames put together from pieces drawn ahead, with other frames' (not counted in
  /// ``piecedFrames``), and the graphs drawn ahead (for tests).
  private(set) var aheadFrames = 0
  private(set) var graphsAhead = 0
  /// Whether headers are drawn as nodes of one graph, once known (for tests).
  var drawsHeadersAhead: Bool? {
    switch headerNodes {
    case .unknown, .calibrating: nil
    case .drawn: true
    case .refused: false
    }
  }
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

  /// What Graphviz drew of a graph: its SVG, where its layout put the graph's label and how big it
  /// made the labels of the nodes asked for (nil where it did not say: drawn elsewhere, or none).
  struct Drawn {
    var svg: [UInt8]
    var label: LabelPlace?
    var nodeLabels: [LayoutSize?]
  }

  /// Draws a graph with Graphviz, telling where the labels of the nodes named went.
  typealias Draw = (_ graph: GraphDescription, _ nodeLabels: [String]) throws(RenderError) -> Drawn

  /// A frame of the run the drawing may draw the new pieces of ahead, with the frame it is asked
  /// for: its placement, and its nodes' and edges' numbers in the sketches.
  struct Upcoming {
    var placement: StableLayout.Placement
    var nodeNumbers: [Int32]
    var edgeNumbers: [Int32]
  }

  /// The SVG of frame number `index` of the run this drawing serves, placed by the stable layout
  /// (`placement`), whose nodes are sketched as `nodeNumbers` and whose graph's edges as
  /// `edgeNumbers`; drawn by `draw` (Graphviz), its header's legend measured by `legendSize` (with
  /// the graph's font attributes).
  ///
  /// When the frame has something new to draw (its header, at least), the frames after it that
  /// `upcoming` gives (nil for a frame not drawn) have theirs drawn in the same graph
  /// (``drawAhead(from:_:upcoming:legendSize:draw:)``): one Graphviz graph for a few dozen frames.
  func svg(
    of placement: StableLayout.Placement, index: Int, nodeNumbers: [Int32], edgeNumbers: [Int32],
    legendSize: (Substring, [GraphDescription.Attribute]) throws(RenderError) -> LayoutSize,
    draw: Draw, upcoming: (Int) -> Upcoming? = { _ in nil }
  )
    throws(RenderError) -> [UInt8]
  {
    let frame = placement.frame
    let edgeKeys = Self.edgeKeys(of: placement, numbers: edgeNumbers)
    defer { dropPieces(after: index, nodeNumbers: nodeNumbers, edgeKeys: edgeKeys) }
    if let defaults, defaults.nodes != frame.nodeDefaults || defaults.edges != frame.edgeDefaults { forget() }
    defaults = (frame.nodeDefaults, frame.edgeDefaults)
    let clusterKey = Self.clusterKey(of: frame)
    if index >= aheadUntil, headerNodes.mayDrawAhead {
      try drawAhead(
        from: index, Upcoming(placement: placement, nodeNumbers: nodeNumbers, edgeNumbers: edgeNumbers),
        upcoming: upcoming, legendSize: legendSize, draw: draw)
    }
    // Drawn ahead: put together from pieces alone.
    if let header = headers.removeValue(forKey: index), let prologue, let epilogue,
      let knownClusters = clusters[clusterKey],
      nodeNumbers.allSatisfy({ nodes[$0] != nil }), edgeKeys.allSatisfy({ edges[$0] != nil })
    {
      var label = header.label
      if let legend = header.legend {
        guard let replaced = try self.label(label, legend: legend, of: frame, draw) else {
          return try whole(placement, draw)
        }
        label = replaced
        standInHeaders += 1
      }
      guard
        let svg = assembled(
          frame, prologue: prologue, label: label, clusters: knownClusters, epilogue: epilogue,
          node: { nodes[nodeNumbers[$0]] }, edge: { edges[edgeKeys[$0]] })
      else { return try whole(placement, draw) }
      aheadFrames += 1
      return svg
    }
    let knownClusters = clusters[clusterKey]
    var pieces = GraphDescription()
    pieces.attributes = frame.attributes
    // The header, its legend stood in for.
    let header = try standInHeader(of: frame, legendSize: legendSize)
    let legend = header?.legend
    if let header, legend != nil { pieces.attributes = pieces.attributes.setting(.init("label", html: header.html)) }
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
    let result = try draw(pieces, [])
    guard var drawn = SVGPieces(svg: result.svg, of: pieces), prologue.map({ $0 == drawn.prologue }) ?? true,
      epilogue.map({ $0 == drawn.epilogue }) ?? true
    else {
      return try whole(placement, draw)
    }
    // The first header drawn is the one a header drawn as a node must match.
    if case .unknown = headerNodes, let header, let place = result.label, prologue == nil || prologue == drawn.prologue
    {
      headerNodes = .calibrating(
        HeaderCalibration(
          attributes: frame.attributes.removing(["label"]), html: header.html, place: place,
          label: Self.copy(drawn.label)))
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
    guard
      let svg = assembled(
        frame, prologue: drawn.prologue, label: drawn.label, clusters: knownClusters ?? drawn.clusters,
        epilogue: drawn.epilogue, node: { nodes[nodeNumbers[$0]] }, edge: { edges[edgeKeys[$0]] })
    else { return try whole(placement, draw) }
    piecedFrames += 1
    return svg
  }

  /// The whole frame, in the order Graphviz writes it; nil when a node's or an edge's piece is
  /// missing.
  private func assembled(
    _ frame: GraphDescription, prologue: ArraySlice<UInt8>, label: ArraySlice<UInt8>, clusters: ArraySlice<UInt8>,
    epilogue: ArraySlice<UInt8>, node: (Int) -> ArraySlice<UInt8>?, edge: (Int) -> ArraySlice<UInt8>?
  ) -> [UInt8]? {
    var svg: [UInt8] = []
    svg.reserveCapacity(prologue.count + label.count + 16 * 1_024 + frame.nodes.count * 2_048)
    svg += prologue
    svg += label
    svg += clusters
    for object in frame.writingOrder {
      switch object {
      case .node(let number):
        guard let text = node(number) else { return nil }
        svg += text
      case .edge(let number):
        guard let text = edge(number) else { return nil }
        svg += text
      }
    }
    svg += epilogue
    return svg
  }

  private static func edgeKeys(of placement: StableLayout.Placement, numbers: [Int32]) -> [EdgeKey] {
    placement.edgeIndices.indices.map {
      EdgeKey(number: numbers[placement.edgeIndices[$0]], route: placement.edgeKeys[$0])
    }
  }

  /// What a frame's clusters look like: their attributes, and the graph's, which each starts from.
  private static func clusterKey(of frame: GraphDescription) -> ClusterKey {
    ClusterKey(
      attributes: frame.clusters.allSatisfy { $0.attributes["label"] != nil }
        ? frame.attributes.removing(["label"]) : frame.attributes,
      clusters: frame.clusters)
  }

  /// The frame's header (its graph's HTML label) with its legend stood in for, and the legend;
  /// the header as it is (no legend) when its legend cannot be cut from it; nil without a header.
  private func standInHeader(
    of frame: GraphDescription, legendSize: (Substring, [GraphDescription.Attribute]) throws(RenderError) -> LayoutSize
  ) throws(RenderError) -> (html: String, legend: LegendStandIn.Legend?)? {
    guard let label = frame.attributes.last(where: { $0.name == "label" && $0.isHTML }) else { return nil }
    guard let split = LegendStandIn.split(label.value), !uncutLegends.contains(.init(text: split.legend)),
      let header = LegendStandIn.header(split, legendSize: try legendSize(split.legend, Self.font(of: frame)))
    else { return (label.value, nil) }
    return (header, .init(text: split.legend))
  }

  /// Draws, in one Graphviz graph (rarely a few, ``Layer``), what frame `index` (`first`) and the
  /// frames after it that `upcoming` gives (up to ``framesAhead``) have new: their nodes and edges,
  /// as a frame drawn on its own draws them, and their headers, each a node of no shape at the
  /// place Graphviz puts a frame's label (``HeaderNodes``). A frame whose graph attributes,
  /// defaults or clusters differ from those of the frames drawn so ends them: it is drawn with the
  /// next.
  ///
  /// Graphviz draws a node's HTML label as it draws the graph's. So the first graphs drawn ahead
  /// draw the first frame's header, drawn before as its graph's label, as a node too, and headers
  /// are drawn as nodes only when both come out the same; then only a header whose label comes out
  /// as big as that one's is used, since the graph's label would go where that one's went.
  private func drawAhead(
    from index: Int, _ first: Upcoming, upcoming: (Int) -> Upcoming?,
    legendSize: (Substring, [GraphDescription.Attribute]) throws(RenderError) -> LayoutSize, draw: Draw
  ) throws(RenderError) {
    guard prologue != nil, epilogue != nil, let defaults else { return }
    let attributes: [GraphDescription.Attribute]
    let place: LabelPlace
    var calibration: HeaderCalibration?
    switch headerNodes {
    case .calibrating(let header): (attributes, place, calibration) = (header.attributes, header.place, header)
    case .drawn(let drawnAttributes, let drawnPlace, _): (attributes, place) = (drawnAttributes, drawnPlace)
    case .unknown, .refused: return
    }
    var layers = [Layer()]
    var numbers: Set<Int32> = []
    var edgeKeys: Set<EdgeKey> = []
    var extent: GraphDescription.Cluster?
    var headerCount = 0
    aheadUntil = index + 1
    for next in index..<min(index + Self.framesAhead, frames.count) {
      guard let frame = next == index ? first : upcoming(next) else {
        aheadUntil = next + 1
        continue
      }
      let description = frame.placement.frame
      guard description.nodeDefaults == defaults.nodes, description.edgeDefaults == defaults.edges,
        description.attributes.removing(["label"]) == attributes, clusters[Self.clusterKey(of: description)] != nil,
        let frameExtent = description.clusters.first(where: { $0.name == extentCluster }),
        Self.startsAtOrigin(frameExtent), extent.map({ $0 == frameExtent }) ?? true,
        let header = try standInHeader(of: description, legendSize: legendSize)
      else { break }
      // Its new nodes and edges, as no frame drew them yet; the pieces kept stay within the limit.
      let frameEdgeKeys = Self.edgeKeys(of: frame.placement, numbers: frame.edgeNumbers)
      let newNodes = description.nodes.indices.filter {
        nodes[frame.nodeNumbers[$0]] == nil && !numbers.contains(frame.nodeNumbers[$0])
      }
      let newEdges = description.edges.indices.filter {
        edges[frameEdgeKeys[$0]] == nil && !edgeKeys.contains(frameEdgeKeys[$0])
      }
      guard
        nodes.count + edges.count + numbers.count + edgeKeys.count + newNodes.count + newEdges.count <= Self.limit
      else { break }
      extent = frameExtent
      aheadUntil = next + 1
      for position in newNodes {
        let number = frame.nodeNumbers[position]
        guard numbers.insert(number).inserted else { continue }
        var drawn = frame.placement.node(position)
        drawn.cluster = nil
        Self.firstTaking(&layers) { $0.add(drawn, number: number) }
      }
      /// A node of the frame standing invisible for an edge's end.
      func standIn(_ name: String) -> GraphDescription.Node? {
        description.nodes.firstIndex { $0.name == name }.map {
          Self.standIn(for: frame.placement.node($0), clustered: false)
        }
      }
      for position in newEdges {
        guard edgeKeys.insert(frameEdgeKeys[position]).inserted else { continue }
        let placed = frame.placement.edge(position)
        Self.firstTaking(&layers) { $0.add(placed, key: frameEdgeKeys[position], standIn: standIn) }
      }
      let name = "vcgraph header \(next)"
      if layers[0].add(
        header: Self.headerNode(named: name, html: header.html, at: place, font: attributes),
        as: .header(frame: next, legend: header.legend))
      {
        headerCount += 1
      }
    }
    guard headerCount > 0, let extent else { return }
    if let calibration {
      _ = layers[0].add(
        header: Self.headerNode(
          named: "vcgraph header drawn as the graph's label", html: calibration.html, at: place, font: attributes),
        as: .calibration)
    }
    var labels: [(frame: Int, legend: LegendStandIn.Legend?, size: LayoutSize?, label: ArraySlice<UInt8>?)] = []
    var calibrated: (size: LayoutSize?, label: ArraySlice<UInt8>?)?
    for layer in layers {
      var graph = layer.graph
      graph.attributes = attributes.setting(.init("notranslate", "true"))
      graph.nodeDefaults = defaults.nodes
      graph.edgeDefaults = defaults.edges
      graph.clusters = [extent]
      let headerNames = layer.headerNames
      let drawn = try draw(graph, headerNames.map(\.name))
      graphsAhead += 1
      guard let pieces = SVGPieces(svg: drawn.svg, of: graph) else {
        // Drawn on their own, each frame's pieces are cut as expected, or it is drawn whole.
        headerNodes = .refused
        return
      }
      let sizes = Dictionary(uniqueKeysWithValues: zip(headerNames.map(\.position), drawn.nodeLabels))
      for (object, text) in zip(graph.writingOrder, pieces.objects) {
        switch object {
        case .node(let position):
          switch layer.roles[position] {
          case .piece(let number):
            nodes[number] = layer.renamedNodes.contains(position) ? Self.restoringNames(in: text) : Self.copy(text)
            drawnPieces += 1
          case .standIn: break
          case .header(let frame, let legend):
            labels.append((frame, legend, sizes[position] ?? nil, Self.nodeLabel(in: text)))
          case .calibration: calibrated = (sizes[position] ?? nil, Self.nodeLabel(in: text))
          }
        case .edge(let position):
          edges[layer.edgeKeys[position]] =
            layer.renamedEdges.contains(position) ? Self.restoringNames(in: text) : Self.copy(text)
          drawnPieces += 1
        }
      }
    }
    if let calibration {
      guard let calibrated, let label = calibrated.label, label.elementsEqual(calibration.label),
        let size = calibrated.size
      else {
        headerNodes = .refused
        return
      }
      headerNodes = .drawn(attributes: attributes, place: place, size: size)
    }
    guard case .drawn(_, _, let size) = headerNodes else { return }
    for header in labels {
      guard let label = header.label, header.size == size else { continue }
      headers[header.frame] = (Self.copy(label), header.legend)
    }
  }

  /// Adds to the first of `layers` that takes it (`add`), a new one when none does (a piece no
  /// graph takes is drawn with its frame, on its own).
  private static func firstTaking(_ layers: inout [Layer], _ add: (inout Layer) -> Bool) {
    for index in layers.indices where add(&layers[index]) { return }
    var layer = Layer()
    if add(&layer) { layers.append(layer) }
  }

  /// One of the graphs a drawing ahead draws (``drawAhead(from:_:upcoming:legendSize:draw:)``):
  /// new boxes, stand-ins for edges' ends drawn before, headers, and new edges.
  ///
  /// A graph has one node of a name, and one edge between two nodes. A second new box of a
  /// controller (its box changed again) goes in under a name made unique, its name followed by
  /// `\u{1}`, a number and `\u{2}`, and a second edge between two nodes leaves from a stand-in so
  /// named: Graphviz writes a node's name only in its comment and title (and an edge's ends' names
  /// in its), and the pieces cut from the graph have those marks taken out again
  /// (``restoringNames(in:)``). A node whose name has such a byte goes into the next graph.
  private struct Layer {
    enum Role {
      case piece(Int32)
      case standIn
      case header(frame: Int, legend: LegendStandIn.Legend?)
      case calibration
    }

    var graph = GraphDescription()
    /// Each node's role, in the graph's order.
    var roles: [Role] = []
    /// Each edge's key, in the graph's order.
    var edgeKeys: [EdgeKey] = []
    /// The nodes, and the edges, written under a name made unique, by position: their pieces'
    /// names are restored.
    private(set) var renamedNodes: Set<Int> = []
    private(set) var renamedEdges: Set<Int> = []
    private var named: [String: Int] = [:]
    private var ends: Set<[String]> = []
    private var serial = 0

    /// Adds a new box: in place of a stand-in of its name, under its name, or under a unique one;
    /// false when it cannot be.
    mutating func add(_ node: GraphDescription.Node, number: Int32) -> Bool {
      var node = node
      if let position = named[node.name] {
        if case .standIn = roles[position] {
          graph.nodes[position] = node
          roles[position] = .piece(number)
          return true
        }
        guard let unique = uniqueName(node.name) else { return false }
        node.name = unique
        renamedNodes.insert(graph.nodes.count)
      }
      append(node, as: .piece(number))
      return true
    }

    /// Adds a new edge, with stand-ins for its ends not in the graph (`standIn` makes one); from a
    /// stand-in of a unique name when an edge joins its ends already. False when it cannot be.
    mutating func add(
      _ edge: GraphDescription.Edge, key: EdgeKey, standIn: (String) -> GraphDescription.Node?
    ) -> Bool {
      var edge = edge
      for end in [edge.tail, edge.head] where named[end] == nil {
        guard let node = standIn(end) else { return false }
        append(node, as: .standIn)
      }
      if ends.contains([edge.tail, edge.head]) {
        guard let unique = uniqueName(edge.tail), var node = standIn(edge.tail) else { return false }
        node.name = unique
        append(node, as: .standIn)
        edge.tail = unique
        renamedEdges.insert(graph.edges.count)
      }
      ends.insert([edge.tail, edge.head])
      graph.edges.append(edge)
      edgeKeys.append(key)
      return true
    }

    /// Adds a header node; false when a node of its name is in already.
    mutating func add(header node: GraphDescription.Node, as role: Role) -> Bool {
      guard named[node.name] == nil else { return false }
      append(node, as: role)
      return true
    }

    private mutating func append(_ node: GraphDescription.Node, as role: Role) {
      named[node.name] = graph.nodes.count
      graph.nodes.append(node)
      roles.append(role)
    }

    /// `name` made unique in this graph; nil when it has a byte the marks are made of.
    private mutating func uniqueName(_ name: String) -> String? {
      guard !name.utf8.contains(where: { $0 == 1 || $0 == 2 }) else { return nil }
      var unique: String
      repeat {
        serial += 1
        unique = name + "\u{1}\(serial)\u{2}"
      } while named[unique] != nil
      return unique
    }

    /// The headers' node names (the calibration's too), and where they are in the graph.
    var headerNames: [(name: String, position: Int)] {
      roles.indices.compactMap { position in
        switch roles[position] {
        case .header, .calibration: (graph.nodes[position].name, position)
        case .piece, .standIn: nil
        }
      }
    }
  }

  /// A node's or an edge's SVG with the names made unique in its graph (``Layer``) restored: the
  /// marks taken out of its comment, group and title lines, where Graphviz writes names.
  private static func restoringNames(in piece: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var restored: [UInt8] = []
    restored.reserveCapacity(piece.count)
    var lines = 0
    var index = piece.startIndex
    var isMark = false
    while index < piece.endIndex, lines < 3 {
      let byte = piece[index]
      if byte == 1 {
        isMark = true
      } else if byte == 2, isMark {
        isMark = false
      } else if !isMark {
        restored.append(byte)
        if byte == UInt8(ascii: "\n") { lines += 1 }
      }
      index += 1
    }
    restored += piece[index...]
    return ArraySlice(restored)
  }

  /// A header drawn as a node named `name`: its label `html`, centred at `place`, in the graph's
  /// font (Graphviz's default font where the graph names none, as for the graph's label), the
  /// node no bigger than its label and without a shape.
  private static func headerNode(
    named name: String, html: String, at place: LabelPlace, font attributes: [GraphDescription.Attribute]
  ) -> GraphDescription.Node {
    GraphDescription.Node(
      name: name,
      attributes: [
        .init("shape", "plaintext"), .init("peripheries", "0"), .init("margin", "0"), .init("width", "0"),
        .init("height", "0"), .init("fontname", attributes["fontname"] ?? "Times-Roman"),
        .init("fontsize", attributes["fontsize"] ?? "14"), .init("fontcolor", attributes["fontcolor"] ?? "black"),
        .init("pos", "\(place.x),\(place.y)"), .init("label", html: html),
      ])
  }

  /// The SVG of a header node's label: what its group holds after its title (Graphviz writes the
  /// node's comment, its group and its title first, and the group's end last); nil otherwise.
  private static func nodeLabel(in node: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
    let lines = node.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    guard lines.count >= 5, lines[0].starts(with: Array("<!--".utf8)), lines[1].starts(with: Array("<g id=".utf8)),
      lines[2].starts(with: Array("<title>".utf8)), lines[lines.count - 2].elementsEqual(Array("</g>".utf8)),
      lines[lines.count - 1].isEmpty
    else { return nil }
    return node[lines[3].startIndex..<lines[lines.count - 2].startIndex]
  }

  /// Whether the frame's extent (its cluster of that name) starts at the origin, as a stable
  /// layout's does: Graphviz then moves nothing of a graph of pieces (`nop2` moves a drawing whose
  /// box starts elsewhere), whose headers, drawn as nodes, reach left of it.
  private static func startsAtOrigin(_ extent: GraphDescription.Cluster) -> Bool {
    let box = (extent.attributes["bb"] ?? "").split(separator: ",").compactMap { Double($0) }
    return box.count == 4 && box[0] == 0 && box[1] == 0
  }

  /// The header's SVG, `drawn` with `legend` stood in for: the stand-in's line replaced by the
  /// legend's SVG at its box, drawn now when its box is new. Nil when the stand-in did not write
  /// the one line expected.
  private func label(
    _ drawn: ArraySlice<UInt8>, legend: LegendStandIn.Legend, of frame: GraphDescription, _ draw: Draw
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
    guard let whole = SVGPieces(svg: try draw(header, []).svg, of: header)?.label,
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

  private func whole(_ placement: StableLayout.Placement, _ draw: Draw) throws(RenderError) -> [UInt8] {
    wholeFrames += 1
    return try draw(placement.positioned, []).svg
  }

  /// `piece` in storage of its own, the SVG it was cut from left to be freed.
  private static func copy(_ piece: ArraySlice<UInt8>) -> ArraySlice<UInt8> { ArraySlice(Array(piece)) }

  private func forget(keepingEnds: Bool = false) {
    nodes.removeAll(keepingCapacity: true)
    edges.removeAll(keepingCapacity: true)
    clusters.removeAll(keepingCapacity: true)
    legends.removeAll(keepingCapacity: true)
    headers.removeAll()
    aheadUntil = 0
    if !keepingEnds {
      prologue = nil
      epilogue = nil
      // Other defaults: the next header drawn is compared with a header drawn as a node again.
      if headerNodes.mayDrawAhead { headerNodes = .unknown }
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
