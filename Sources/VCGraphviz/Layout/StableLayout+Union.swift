import VCGraph

extension StableLayout {
  /// The frames' graphs merged into one: each node and edge with the attributes of its last
  /// appearance and the size of its biggest, each node in the cluster of its last appearance.
  struct Union: Codable {
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
    var edges: [EdgeKey: GraphDescription.Edge] = [:]
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

    /// Merges frame number `frame`'s graph and hands what it draws to be measured: its nodes, and
    /// with `measuringLabels` its edges', clusters' and header's labels.
    mutating func add(
      _ frameGraph: GraphDescription, frame: Int, measurements: inout Measurements, measuringLabels: Bool = true
    ) {
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
        measurements.add(node: number, defaults: frameGraph.nodeDefaults, attributes: node.attributes)
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
        if measuringLabels {
          measurements.add(labelIn: edge.attributes, defaults: frameGraph.edgeDefaults, for: .edgeLabel(key))
        }
      }
      last = frameGraph
      guard measuringLabels else { return }
      for (index, cluster) in frameGraph.clusters.enumerated() {
        measurements.add(
          labelIn: frameGraph.attributes + cluster.attributes, for: .clusterLabel(frame: frame, index: index))
      }
      measurements.add(labelIn: frameGraph.attributes, for: .header(frame: frame))
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
}
