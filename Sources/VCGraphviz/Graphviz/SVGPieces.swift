/// The SVG Graphviz writes for a graph, cut into the pieces it writes one after the other: what
/// comes before the drawing (the document's head, the graph's group, its title and background),
/// the graph's label, its clusters, each node and edge, and the end.
///
/// Graphviz 2.42's SVG renderer (`emit_view` in `lib/common/emit.c`) writes the background and the
/// graph's label, then every cluster, then the nodes and edges in a breadth-first walk
/// (``GraphDescription/writingOrder``): each node in the graph's order, each of its out-edges in
/// theirs, the edge's head before the edge when it is not written yet. Each node and edge starts
/// with a comment of its name (`<!-- vc:home -->`, `<!-- vc:nav&#45;&gt;vc:home -->`), also an
/// invisible one, which writes nothing more. So a frame whose nodes and edges were written before
/// at the same places, with the same attributes, can be put together from those pieces:
/// byte for byte what Graphviz writes for the whole frame.
struct SVGPieces {
  /// Up to and including the graph's background.
  var prologue: ArraySlice<UInt8>
  /// The graph's label: a frame's header.
  var label: ArraySlice<UInt8>
  /// Every cluster's group, in the order written.
  var clusters: ArraySlice<UInt8>
  /// Each node and edge, in the graph's ``GraphDescription/writingOrder``.
  var objects: [ArraySlice<UInt8>]
  /// The end of the graph's group and of the document.
  var epilogue: ArraySlice<UInt8>

  /// Cuts `svg`, Graphviz's SVG of `graph`; nil when it is not written as expected.
  init?(svg: [UInt8], of graph: GraphDescription) {
    // Where each line starts, and where the text ends.
    var starts: [Int] = [0]
    for (offset, byte) in svg.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
    if starts.last != svg.count { starts.append(svg.count) }
    let lineCount = starts.count - 1
    func line(_ index: Int) -> ArraySlice<UInt8> { svg[starts[index]..<starts[index + 1]] }
    func text(_ range: Range<Int>) -> ArraySlice<UInt8> { svg[starts[range.lowerBound]..<starts[range.upperBound]] }
    func begins(_ index: Int, with prefix: [UInt8]) -> Bool { line(index).starts(with: prefix) }
    func isGroupEnd(_ index: Int) -> Bool { line(index).elementsEqual(Self.groupEnd) }
    func contains(_ index: Int, _ part: [UInt8]) -> Bool {
      let bytes = line(index)
      guard bytes.count >= part.count else { return false }
      return (bytes.startIndex...(bytes.endIndex - part.count)).contains {
        bytes[$0..<$0 + part.count].elementsEqual(part)
      }
    }

    guard
      let root = (0..<lineCount).first(where: { begins($0, with: Self.groupStart) && contains($0, Self.graphClass) }),
      root + 1 < lineCount, begins(root + 1, with: Self.title)
    else { return nil }
    var index = root + 2
    if graph.attributes["bgcolor"] != nil {
      guard index < lineCount, begins(index, with: Self.polygon) else { return nil }
      index += 1
    }
    prologue = text(0..<index)
    // The label: until the first cluster, node or edge, or the graph's end.
    let labelStart = index
    func isCluster(_ index: Int) -> Bool { begins(index, with: Self.groupStart) && contains(index, Self.clusterClass) }
    while index < lineCount, !isCluster(index), !begins(index, with: Self.comment), !isGroupEnd(index) { index += 1 }
    label = text(labelStart..<index)
    // The clusters, each a group, until the first node or edge, or the graph's end.
    let clustersStart = index
    var depth = 0
    while index < lineCount {
      if depth == 0, begins(index, with: Self.comment) || isGroupEnd(index) { break }
      if begins(index, with: Self.group) { depth += 1 } else if isGroupEnd(index) { depth -= 1 }
      index += 1
    }
    clusters = text(clustersStart..<index)
    // Each node and edge: its comment and what follows, up to the next at the same depth.
    var objects: [ArraySlice<UInt8>] = []
    var objectStart: Int?
    depth = 0
    while index < lineCount {
      if depth == 0, begins(index, with: Self.comment) || isGroupEnd(index) {
        if let start = objectStart { objects.append(text(start..<index)) }
        if isGroupEnd(index) { break }
        objectStart = index
      } else if begins(index, with: Self.group) {
        depth += 1
      } else if isGroupEnd(index) {
        depth -= 1
      }
      index += 1
    }
    guard index < lineCount else { return nil }
    epilogue = svg[starts[index]...]
    // Each piece must be the one the writing order says, by its comment.
    let order = graph.writingOrder
    guard objects.count == order.count else { return nil }
    for (object, written) in zip(objects, order) {
      let name: String
      switch written {
      case .node(let number): name = graph.nodes[number].name
      case .edge(let number): name = graph.edges[number].tail + "->" + graph.edges[number].head
      }
      guard object.starts(with: Array(("<!-- " + Self.escaped(name) + " -->\n").utf8)) else { return nil }
    }
    self.objects = objects
  }

  private static let groupStart = Array("<g id=\"".utf8)
  private static let group = Array("<g ".utf8)
  private static let groupEnd = Array("</g>\n".utf8)
  private static let graphClass = Array(" class=\"graph".utf8)
  private static let clusterClass = Array(" class=\"cluster".utf8)
  private static let title = Array("<title>".utf8)
  private static let polygon = Array("<polygon".utf8)
  private static let comment = Array("<!-- ".utf8)

  /// `text` as Graphviz writes it in a comment (`xml_string` of `lib/common/xml.c`): `&` that
  /// starts no entity, `<`, `>`, `-`, quotes and each space after a space escaped.
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    let scalars = Array(text.unicodeScalars)
    var previousWasSpace = false
    for (index, scalar) in scalars.enumerated() {
      switch scalar {
      case "&" where !Self.startsEntity(scalars[(index + 1)...]): result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "-": result += "&#45;"
      case " " where previousWasSpace: result += "&#160;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.unicodeScalars.append(scalar)
      }
      previousWasSpace = scalar == " "
    }
    return result
  }

  /// True when what follows an `&` makes an entity: `#` and digits, `#x` and hex digits, or letters,
  /// then `;`.
  private static func startsEntity(_ rest: ArraySlice<Unicode.Scalar>) -> Bool {
    var rest = rest[...]
    func take(while matches: (Unicode.Scalar) -> Bool) {
      while let first = rest.first, matches(first) { rest = rest.dropFirst() }
    }
    if rest.first == "#" {
      rest = rest.dropFirst()
      if rest.first == "x" || rest.first == "X" {
        rest = rest.dropFirst()
        take { $0.properties.isASCIIHexDigit }
      } else {
        take { ("0"..."9").contains($0) }
      }
    } else {
      take { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
    }
    return rest.first == ";"
  }
}

extension GraphDescription {
  /// A node or an edge, by its index in the description.
  enum WrittenObject: Hashable {
    case node(Int)
    case edge(Int)
  }

  /// The order Graphviz 2.42 writes nodes and edges in (``SVGPieces``): each node in the order of
  /// ``nodes``, then each edge whose tail it is, after the edge's head when that is not written
  /// yet. (cgraph numbers nodes and edges as ``CGraph`` makes them, in the description's order, and
  /// walks a node's out-edges by their head's number, then by their own: `agedgeseqcmpf`.)
  var writingOrder: [WrittenObject] {
    var numbers: [String: Int] = [:]
    for (number, node) in nodes.enumerated() where numbers[node.name] == nil { numbers[node.name] = number }
    var outEdges: [Int: [(head: Int, edge: Int)]] = [:]
    for (number, edge) in edges.enumerated() {
      guard let tail = numbers[edge.tail], let head = numbers[edge.head] else { continue }
      outEdges[tail, default: []].append((head, number))
    }
    var written = [Bool](repeating: false, count: nodes.count)
    var order: [WrittenObject] = []
    order.reserveCapacity(nodes.count + edges.count)
    func write(_ node: Int) {
      guard !written[node] else { return }
      written[node] = true
      order.append(.node(node))
    }
    for node in nodes.indices {
      write(node)
      for (head, edge) in (outEdges[node] ?? []).sorted(by: { ($0.head, $0.edge) < ($1.head, $1.edge) }) {
        write(head)
        order.append(.edge(edge))
      }
    }
    return order
  }
}
