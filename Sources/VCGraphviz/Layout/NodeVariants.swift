import Foundation

/// The distinct nodes a scenario's frames draw (``FrameSketches``), each kept as the numbers of
/// its texts, every text stored once: what a long scenario's sketches hold for the whole drawing.
///
/// A long flow draws thousands of different boxes: every push of a controller popped before is a
/// new instance (`instance 2`, `instance 3`…), and each instance is drawn in several states. Two
/// such boxes share all their texts but a row of their label, so a node is kept as numbers of
/// texts, and an HTML label as its rows (each `<TR>` starts one), each stored once: a new instance
/// costs its one new row and a few hundred bytes of numbers, not the kilobyte or two its whole
/// label and attributes take.
///
/// A node is made again from its numbers each time it is read (``subscript(_:)``), the same bytes
/// as the node stored. While nodes are added, a node is found by its hash, and compared with
/// those of the same hash without being made again; ``forgetNumbers()`` drops what finds them.
struct NodeVariants: Codable, Sendable {
  /// Every text the nodes hold, once: names, clusters, attribute names and values, and the rows
  /// of HTML labels.
  private var texts: [String] = []
  /// Each node's numbers, one node after the other: its name, its cluster and slot (-1 for none),
  /// how many attributes it has, then each attribute's name, its shape (how many texts its value
  /// is made of, times two, plus one when it is HTML) and the texts of its value.
  private var codes: [Int32] = []
  /// Where each node's numbers start in ``codes``.
  private var starts: [Int32] = []

  /// The number of each text, while nodes are added.
  private var textNumbers: [String: Int32] = [:]
  /// The first node of each hash, and for each node the next of the same hash (-1 for none),
  /// while nodes are added.
  private var firstWithHash: [Int: Int32] = [:]
  private var nextWithHash: [Int32] = []

  private enum CodingKeys: String, CodingKey { case texts, codes, starts }

  init() {}

  /// How many nodes are stored.
  var count: Int { starts.count }

  /// How many texts the nodes share (for tests).
  var textCount: Int { texts.count }

  /// Node number `number`, made again from its texts: the same bytes as the node stored.
  subscript(number: Int) -> GraphDescription.Node {
    var at = Int(starts[number])
    func next() -> Int {
      defer { at += 1 }
      return Int(codes[at])
    }
    let name = texts[next()]
    let cluster = next()
    let slot = next()
    let attributeCount = next()
    var attributes: [GraphDescription.Attribute] = []
    attributes.reserveCapacity(attributeCount)
    for _ in 0..<attributeCount {
      let attributeName = texts[next()]
      let shape = next()
      let parts = shape >> 1
      var value: String
      if parts == 1 {
        value = texts[next()]
      } else {
        let first = at
        var length = 0
        for offset in 0..<parts { length += texts[Int(codes[first + offset])].utf8.count }
        value = String()
        value.reserveCapacity(length)
        for _ in 0..<parts { value += texts[next()] }
      }
      attributes.append(shape & 1 == 1 ? .init(attributeName, html: value) : .init(attributeName, value))
    }
    return GraphDescription.Node(
      name: name, cluster: cluster < 0 ? nil : texts[cluster], attributes: attributes,
      slot: slot < 0 ? nil : texts[slot])
  }

  /// The number of `node`, stored if it is new.
  mutating func number(of node: GraphDescription.Node) -> Int {
    let hash = node.hashValue
    var candidate = firstWithHash[hash] ?? -1
    while candidate >= 0 {
      if matches(node, Int(candidate)) { return Int(candidate) }
      candidate = nextWithHash[Int(candidate)]
    }
    let number = starts.count
    nextWithHash.append(firstWithHash[hash] ?? -1)
    firstWithHash[hash] = Int32(number)
    starts.append(Int32(codes.count))
    codes.append(textNumber(node.name))
    codes.append(node.cluster.map { textNumber($0) } ?? -1)
    codes.append(node.slot.map { textNumber($0) } ?? -1)
    codes.append(Int32(node.attributes.count))
    for attribute in node.attributes {
      codes.append(textNumber(attribute.name))
      let parts = attribute.isHTML ? Self.rows(of: attribute.value) : [attribute.value[...]]
      codes.append(Int32(parts.count << 1 | (attribute.isHTML ? 1 : 0)))
      for part in parts { codes.append(textNumber(String(part))) }
    }
    return number
  }

  /// Forgets what finds a node's number: no node is added any more.
  mutating func forgetNumbers() {
    textNumbers = [:]
    firstWithHash = [:]
    nextWithHash = []
    // Arrays grown by appending keep up to twice the room they need.
    texts = Self.exact(texts)
    codes = Self.exact(codes)
    starts = Self.exact(starts)
  }

  /// The number of `text`, stored if it is new, in storage no bigger than it needs.
  private mutating func textNumber(_ text: String) -> Int32 {
    if let known = textNumbers[text] { return known }
    let compact = Self.compacted(text)
    let number = Int32(texts.count)
    texts.append(compact)
    textNumbers[compact] = number
    return number
  }

  /// True when node number `number` is `node`, byte for byte.
  private func matches(_ node: GraphDescription.Node, _ number: Int) -> Bool {
    var at = Int(starts[number])
    func next() -> Int {
      defer { at += 1 }
      return Int(codes[at])
    }
    func same(_ text: String?, _ code: Int) -> Bool {
      guard let text else { return code < 0 }
      return code >= 0 && isText(text, madeOf: code..<code + 1, direct: true)
    }
    guard same(node.name, next()), same(node.cluster, next()), same(node.slot, next()),
      next() == node.attributes.count
    else { return false }
    for attribute in node.attributes {
      guard same(attribute.name, next()) else { return false }
      let shape = next()
      guard (shape & 1 == 1) == attribute.isHTML, isText(attribute.value, madeOf: at..<at + (shape >> 1)) else {
        return false
      }
      at += shape >> 1
    }
    return true
  }

  /// True when `text` is, byte for byte, the texts whose numbers are `codes[parts]` one after the
  /// other (with `direct`, the one text numbered `parts.lowerBound`).
  private func isText(_ text: String, madeOf parts: Range<Int>, direct: Bool = false) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      var offset = 0
      for part in parts {
        var piece = texts[direct ? part : Int(codes[part])]
        let same = piece.withUTF8 { piece in
          piece.count <= bytes.count - offset
            && (piece.isEmpty || memcmp(bytes.baseAddress! + offset, piece.baseAddress!, piece.count) == 0)
        }
        guard same else { return false }
        offset += piece.utf8.count
      }
      return offset == bytes.count
    }
  }

  /// An HTML label cut before each `<TR>`: the rows two instances of a controller share.
  static func rows(of text: String) -> [Substring] {
    let marker = Array("<TR>".utf8)
    let utf8 = text.utf8
    var parts: [Substring] = []
    var start = utf8.startIndex
    var index = utf8.startIndex
    var matched = 0
    var candidate = utf8.startIndex
    while index != utf8.endIndex {
      let byte = utf8[index]
      if byte == marker[matched] {
        if matched == 0 { candidate = index }
        matched += 1
        if matched == marker.count {
          if candidate != start {
            parts.append(text[start..<candidate])
            start = candidate
          }
          matched = 0
        }
      } else {
        matched = byte == marker[0] ? 1 : 0
        if matched == 1 { candidate = index }
      }
      index = utf8.index(after: index)
    }
    parts.append(text[start...])
    return parts
  }

  /// `array` in storage as big as it needs.
  private static func exact<Element>(_ array: [Element]) -> [Element] {
    var copy: [Element] = []
    copy.reserveCapacity(array.count)
    copy.append(contentsOf: array)
    return copy
  }

  /// `text` in storage of its own, as big as it needs: a part cut from a label, or text built by
  /// appending, would keep the whole it came from or the room it grew into.
  private static func compacted(_ text: String) -> String {
    let count = text.utf8.count
    // Up to 15 bytes a string holds its text itself.
    guard count > 15 else { return text }
    var text = text
    return text.withUTF8 { bytes in
      String(unsafeUninitializedCapacity: count) { buffer in
        _ = buffer.initialize(from: bytes)
        return count
      }
    }
  }
}
