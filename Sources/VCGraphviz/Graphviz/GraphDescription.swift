/// A graph to draw, described in Swift before any Graphviz call: nodes, edges and clusters
/// with Graphviz attributes.
///
/// ``Diagram`` makes one from a hierarchy; ``Renderer`` turns it into a cgraph graph.
public struct GraphDescription: Sendable, Hashable, Codable {
  public var attributes: [Attribute] = []
  public var nodeDefaults: [Attribute] = []
  public var edgeDefaults: [Attribute] = []
  public var clusters: [Cluster] = []
  public var nodes: [Node] = []
  public var edges: [Edge] = []

  public init() {}

  /// A Graphviz attribute; HTML-like values (labels) are marked so Graphviz parses them as such.
  public struct Attribute: Sendable, Hashable, Codable {
    public var name: String
    public var value: String
    public var isHTML: Bool

    public init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
      self.isHTML = false
    }

    public init(_ name: String, html: String) {
      self.name = name
      self.value = html
      self.isHTML = true
    }
  }

  public struct Node: Sendable, Hashable, Codable {
    /// The cgraph node name; unique in the graph.
    public var name: String
    /// The cluster holding the node, by cluster name.
    public var cluster: String?
    public var attributes: [Attribute]
    /// The name the stable layout places the node by, when it is not ``name``: nodes that are never
    /// drawn together may share a place (the top of a navigation stack, whichever controller it is).
    public var slot: String?

    public init(name: String, cluster: String? = nil, attributes: [Attribute], slot: String? = nil) {
      self.name = name
      self.cluster = cluster
      self.attributes = attributes
      self.slot = slot
    }

    /// The name the stable layout places the node by: ``slot``, else ``name``.
    public var place: String { slot ?? name }
  }

  public struct Edge: Sendable, Hashable, Codable {
    public var tail: String
    public var head: String
    public var attributes: [Attribute]

    public init(tail: String, head: String, attributes: [Attribute]) {
      self.tail = tail
      self.head = head
      self.attributes = attributes
    }
  }

  /// A subgraph whose name starts with `cluster`, drawn as a box around its nodes; clusters are
  /// laid out and written in the order they are listed.
  public struct Cluster: Sendable, Hashable, Codable {
    public var name: String
    public var attributes: [Attribute]
    /// The cluster this one is drawn inside, by name, listed before it; nil for the graph itself.
    public var parent: String?

    public init(name: String, attributes: [Attribute], parent: String? = nil) {
      self.name = name
      self.attributes = attributes
      self.parent = parent
    }
  }

  /// The node with this name.
  public func node(named name: String) -> Node? { nodes.first { $0.name == name } }

  /// The indexes of the edges that may be flat (`minlen` 0) and close a cycle of such edges with
  /// the ones listed before them. `dot` in Graphviz 2.42 never returns from `flat_rev` (it loops in
  /// `merge_oneway`) on some cycles of flat edges, so a graph hands it none: the stable layout's
  /// union, where one frame orders two siblings one way and a later frame the other way, leaves
  /// these out.
  func flatCycleEdges() -> Set<Int> {
    var next: [String: [String]] = [:]
    var closing: Set<Int> = []
    for (index, edge) in edges.enumerated() where edge.attributes["minlen"] == "0" {
      if edge.tail == edge.head || reaches(from: edge.head, to: edge.tail, through: next) {
        closing.insert(index)
      } else {
        next[edge.tail, default: []].append(edge.head)
      }
    }
    return closing
  }

  /// True when `target` is `start` or can be reached from it along `next`.
  private func reaches(from start: String, to target: String, through next: [String: [String]]) -> Bool {
    var seen: Set<String> = [start]
    var pending = [start]
    while let node = pending.popLast() {
      if node == target { return true }
      for head in next[node] ?? [] where seen.insert(head).inserted { pending.append(head) }
    }
    return false
  }

  /// The height of the tallest chain of nodes that `dot` must put one below the other: the largest
  /// sum, over a path of edges whose `minlen` is not 0, of each node's `height(name)` and
  /// `separation` between two of them. An edge that closes a cycle is left out, as `dot` reverses
  /// one. A lower bound of a layout's height, found without laying anything out.
  func tallestChain(height: (String) -> Double, separation: Double) -> Double {
    var next: [String: [String]] = [:]
    for edge in edges where edge.attributes["minlen"] != "0" && edge.tail != edge.head {
      next[edge.tail, default: []].append(edge.head)
    }
    // Depth first, iteratively: 0 unvisited, 1 on the path, 2 done.
    var state: [String: Int] = [:]
    var below: [String: Double] = [:]
    for start in nodes.map(\.name) where state[start] == nil {
      var stack: [(node: String, child: Int)] = [(start, 0)]
      state[start] = 1
      while let (node, child) = stack.last {
        let children = next[node] ?? []
        if child < children.count {
          stack[stack.count - 1].child += 1
          let head = children[child]
          if state[head] == nil {
            state[head] = 1
            stack.append((head, 0))
          }
        } else {
          stack.removeLast()
          state[node] = 2
          let deepest = children.compactMap { state[$0] == 2 ? below[$0] : nil }.max()
          below[node] = height(node) + (deepest.map { $0 + separation } ?? 0)
        }
      }
    }
    return below.values.max() ?? 0
  }
}

extension Array where Element == GraphDescription.Attribute {
  /// The value of the attribute with this name.
  public subscript(name: String) -> String? { last { $0.name == name }?.value }

  /// These attributes with `attribute` instead of any of the same name, at the end.
  func setting(_ attribute: GraphDescription.Attribute) -> [GraphDescription.Attribute] {
    filter { $0.name != attribute.name } + [attribute]
  }

  /// These attributes without any of these names.
  func removing(_ names: Set<String>) -> [GraphDescription.Attribute] {
    filter { !names.contains($0.name) }
  }
}
