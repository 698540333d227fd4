import Foundation

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
  ///
  /// Two attributes are equal when Graphviz reads the same bytes: their values are compared and
  /// hashed as UTF-8, not as Swift compares text (canonical equivalence, which normalizes a label's
  /// `·` and `●` each time it is hashed, and would take two spellings Graphviz draws differently
  /// for one).
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

    public static func == (lhs: Attribute, rhs: Attribute) -> Bool {
      lhs.isHTML == rhs.isHTML && sameBytes(lhs.name, rhs.name) && sameBytes(lhs.value, rhs.value)
    }

    /// True when the two texts are the same bytes.
    private static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
      var (lhs, rhs) = (lhs, rhs)
      return lhs.withUTF8 { left in
        rhs.withUTF8 { right in
          left.count == right.count
            && (left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
        }
      }
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(isHTML)
      for text in [name, value] {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        // Where one ends: `ab` + `c` and `a` + `bc` hash apart.
        hasher.combine(0xFF as UInt8)
      }
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
