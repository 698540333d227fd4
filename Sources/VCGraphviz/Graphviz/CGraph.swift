internal import CGraphviz
import Foundation
import VCGraph

/// Where a layout put the parts of a graph, in the attributes Graphviz's DOT output gives them:
/// `bb` (`llx,lly,urx,ury`) of the graph and of each cluster, `lp` (`x,y`) of each label, `pos` of
/// each node (its centre, `x,y`) and edge (its spline), and `width` and `height` of each node (in
/// inches). Coordinates are points, y upwards.
struct GraphLayout {
  var graph: [String: String] = [:]
  /// By cluster name.
  var clusters: [String: [String: String]] = [:]
  /// By node name.
  var nodes: [String: [String: String]] = [:]
  /// In the order of the description's edges.
  var edges: [[String: String]] = []

  /// The attributes read back from every object.
  static let attributeNames = ["bb", "lp", "pos", "width", "height"]
}

/// Where a layout put a label (its centre, points, y upwards) and how big it made it.
struct LabelPlace: Equatable {
  var x: Double
  var y: Double
  var size: LayoutSize
}

/// Owns an `Agraph_t` built from a ``GraphDescription``; `agclose` frees it and everything in it.
final class CGraph {
  let pointer: UnsafeMutablePointer<Agraph_t>
  /// The objects made from the description, by name (edges in its order), to read a layout back.
  /// They belong to the graph and are freed with it.
  private var clusters: [String: UnsafeMutablePointer<Agraph_t>] = [:]
  private var nodes: [String: UnsafeMutablePointer<Agnode_t>] = [:]
  private var edges: [UnsafeMutablePointer<Agedge_t>] = []

  init(_ description: GraphDescription) throws(RenderError) {
    guard let graph = withCString("vcgraph", { agopen($0, vcg_directed(), vcg_discipline()) }) else {
      throw .graphConstruction("agopen failed")
    }
    pointer = graph
    try build(description)
  }

  deinit {
    agclose(pointer)
  }

  /// The graph in DOT, written by cgraph's `agwrite` into a memory stream.
  func dotSource() throws(RenderError) -> [UInt8] {
    var buffer: UnsafeMutablePointer<CChar>?
    var size = 0
    guard let stream = open_memstream(&buffer, &size) else {
      throw .rendering(.dot, "open_memstream failed")
    }
    let status = agwrite(pointer, UnsafeMutableRawPointer(stream))
    fclose(stream)
    defer { free(buffer) }
    guard status == 0, let buffer else { throw .rendering(.dot, "agwrite failed") }
    return buffer.withMemoryRebound(to: UInt8.self, capacity: size) {
      Array(UnsafeBufferPointer(start: $0, count: size))
    }
  }

  private func build(_ description: GraphDescription) throws(RenderError) {
    set(description.attributes, on: UnsafeMutableRawPointer(pointer))
    for attribute in description.nodeDefaults { declare(attribute, kind: AGNODE) }
    for attribute in description.edgeDefaults { declare(attribute, kind: AGEDGE) }

    // Clusters come out in creation order: the graph's id discipline (vcg_discipline) numbers
    // named subgraphs as they are made.
    for cluster in description.clusters {
      let owner = cluster.parent.flatMap { clusters[$0] } ?? pointer
      guard let subgraph = withCString(cluster.name, { agsubg(owner, $0, 1) }) else {
        throw .graphConstruction("agsubg failed for \(cluster.name)")
      }
      set(cluster.attributes, on: UnsafeMutableRawPointer(subgraph))
      clusters[cluster.name] = subgraph
    }
    for node in description.nodes {
      let owner = node.cluster.flatMap { clusters[$0] } ?? pointer
      guard let created = withCString(node.name, { agnode(owner, $0, 1) }) else {
        throw .graphConstruction("agnode failed for \(node.name)")
      }
      set(node.attributes, on: UnsafeMutableRawPointer(created))
      nodes[node.name] = created
    }
    for edge in description.edges {
      guard let tail = nodes[edge.tail], let head = nodes[edge.head] else {
        throw .graphConstruction("an edge names a node that is not in the graph: \(edge.tail) → \(edge.head)")
      }
      guard let created = agedge(pointer, tail, head, nil, 1) else {
        throw .graphConstruction("agedge failed for \(edge.tail) → \(edge.head)")
      }
      // An edge that may join two nodes of one rank never gets a label: `dot` in Graphviz 2.42
      // places such a label by growing the rank's node list (`make_vn_slot`) and frees the old list
      // again when the layout is freed (`dot_cleanup`), which corrupts the heap.
      let mayBeFlat = edge.attributes["minlen"] == "0"
      set(mayBeFlat ? edge.attributes.removing(["label"]) : edge.attributes, on: UnsafeMutableRawPointer(created))
      edges.append(created)
    }
  }

  /// The size of the laid-out picture in points, padding included: the `bb` `gvLayout` sets (without
  /// padding, as `llx lly urx ury`) and the graph's `pad` (inches, 4 points unless set) on each side.
  func laidOutSize() -> (width: Double, height: Double)? {
    func value(_ name: String) -> String? {
      guard let value = withCString(name, { agget(UnsafeMutableRawPointer(pointer), $0) }), value.pointee != 0 else {
        return nil
      }
      return String(cString: value)
    }
    let box = (value("bb") ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
    guard box.count == 4 else { return nil }
    let pad = value("pad").flatMap { Double($0.split(separator: ",").first ?? "") }.map { $0 * 72 } ?? 4
    // Rounded up, and a point more: the files Graphviz writes round the box to whole points (a
    // picture measured 1,799.6 points high here is 1,800.4 in the SVG, 2,401 pixels in the PNG).
    return ((box[2] - box[0] + 2 * pad).rounded(.up) + 1, (box[3] - box[1] + 2 * pad).rounded(.up) + 1)
  }

  /// Where the layout put the graph's label (its centre) and its size, in points; nil when it has none.
  func labelPlace() -> LabelPlace? {
    var (x, y, width, height) = (0.0, 0.0, 0.0, 0.0)
    guard vcg_graph_label(pointer, &x, &y, &width, &height) != 0 else { return nil }
    return LabelPlace(x: x, y: y, size: LayoutSize(width: width, height: height))
  }

  /// The size the layout gave the label of the node named `name`, in points; nil without one.
  func labelSize(ofNode name: String) -> LayoutSize? {
    var (width, height) = (0.0, 0.0)
    guard let node = nodes[name], vcg_node_label_size(node, &width, &height) != 0 else { return nil }
    return LayoutSize(width: width, height: height)
  }

  /// The layout attributes of the graph and of everything in it, once a layout and a DOT rendering
  /// have set them; an attribute that is unset or empty is left out.
  func layoutAttributes() -> GraphLayout {
    func values(of object: UnsafeMutableRawPointer) -> [String: String] {
      var values: [String: String] = [:]
      for name in GraphLayout.attributeNames {
        guard let value = withCString(name, { agget(object, $0) }), value.pointee != 0 else { continue }
        values[name] = String(cString: value)
      }
      return values
    }
    var layout = GraphLayout()
    layout.graph = values(of: UnsafeMutableRawPointer(pointer))
    layout.clusters = clusters.mapValues { values(of: UnsafeMutableRawPointer($0)) }
    layout.nodes = nodes.mapValues { values(of: UnsafeMutableRawPointer($0)) }
    layout.edges = edges.map { values(of: UnsafeMutableRawPointer($0)) }
    return layout
  }

  /// Declares a default for every node or edge of the graph.
  private func declare(_ attribute: GraphDescription.Attribute, kind: Int32) {
    withValue(attribute) { value in
      withCString(attribute.name) { name in _ = agattr(pointer, kind, name, value) }
    }
  }

  private func set(_ attributes: [GraphDescription.Attribute], on object: UnsafeMutableRawPointer) {
    for attribute in attributes {
      withValue(attribute) { value in
        withCString(attribute.name) { name in
          withCString("") { empty in _ = agsafeset(object, name, value, empty) }
        }
      }
    }
  }

  /// Passes the attribute's value as a cgraph string: HTML-like values go through `agstrdup_html`
  /// so Graphviz parses them as markup; the temporary reference is released afterwards
  /// (`agxset` keeps its own).
  private func withValue(_ attribute: GraphDescription.Attribute, _ body: (UnsafeMutablePointer<CChar>) -> Void) {
    if attribute.isHTML {
      guard let html = withCString(attribute.value, { agstrdup_html(pointer, $0) }) else { return }
      body(html)
      agstrfree(pointer, html)
    } else {
      withCString(attribute.value, body)
    }
  }
}

/// Calls `body` with a C copy of `text`. cgraph's 2.42 API takes `char *` for strings it only reads
/// and copies into its own storage, so the pointer need not outlive the call.
func withCString<Result>(_ text: String, _ body: (UnsafeMutablePointer<CChar>) -> Result) -> Result {
  text.withCString { body(UnsafeMutablePointer(mutating: $0)) }
}
