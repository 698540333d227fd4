import Foundation

/// The distinct nodes a scenario's frames draw (``FrameSketches``), each kept as the numbers of
/// its texts, every text stored once: what a long scenario's sketches hold for the whole drawing.
///
/// A long flow draws thousands of different boxes: every push of a controller popped before is a
/// new instance (`instance 2`, `instance 3`…), and each instance is drawn in several states. Two
/// such boxes share all their texts but a row of their label, so a node is kept as numbers: its
/// plain attributes as one list, which the boxes of a controller in one state share, and each HTML
/// attribute (its label) as its rows (each `<TR>` starts one), every text and row stored once, and
/// a new row kept as the bytes it does not share with the same row of another of the controller's
/// boxes (`instance 2` where that one says `instance 1`). A new instance costs a few dozen bytes,
/// not the kilobyte or two its whole label and attributes take.
///
/// A node is made again from its numbers each time it is read (``subscript(_:)``), the same bytes
/// as the node stored. While nodes are added, a node is found by its hash, and compared with
/// those of the same hash without being made again; ``forgetNumbers()`` drops what finds them.
struct NodeVariants: Codable, Sendable {
  /// Every text the nodes hold, once: names, clusters, attribute names and plain values.
  private var texts: [String] = []
  /// Every row of the nodes' HTML labels, once.
  private var rows: [Row] = []
  /// Each node's numbers, one node after the other: its name, its cluster and slot (-1 for none),
  /// the number of its list of plain attributes, how many HTML attributes it has, then each HTML
  /// attribute's place among the attributes, its name, how many rows its value has and their rows.
  private var codes: [Int32] = []
  /// Where each node's numbers start in ``codes``.
  private var starts: [Int32] = []
  /// The lists of plain attributes, one after the other: how many there are, then each one's
  /// name and value.
  private var lists: [Int32] = []
  /// Where each list starts in ``lists``.
  private var listStarts: [Int32] = []

  /// The number of each text, row and list, while nodes are added, and the last row kept in full
  /// of each node name and row index (the row a new one is kept against).
  private var textNumbers: [String: Int32] = [:]
  private var rowNumbers: [String: Int32] = [:]
  private var fullRows: [Int: Int32] = [:]
  private var listNumbers: [[Int32]: Int32] = [:]
  /// The first node of each hash, and for each node the next of the same hash (-1 for none),
  /// while nodes are added.
  private var firstWithHash: [Int: Int32] = [:]
  private var nextWithHash: [Int32] = []

  /// The node last made again at each place, with its number: read again, it is handed in the
  /// same storage, so that a union of frames passes over a node that did not change
  /// (``StableLayout/Measurements``). Shared by the copies of these variants.
  private let recent = Recent()

  private enum CodingKeys: String, CodingKey { case texts, rows, codes, starts, lists, listStarts }

  /// A row of an HTML label: in full (`middle`), or the first `prefix` bytes of the row in full
  /// numbered `base`, then `middle`, then its last `suffix` bytes.
  private struct Row: Codable, Sendable {
    var base: Int32 = -1
    var prefix: Int32 = 0
    var suffix: Int32 = 0
    var middle: String
  }

  /// The node last made again at each place (by the number of its slot's text, or its name's).
  private final class Recent: @unchecked Sendable {
    private let lock = NSLock()
    private var nodes: [Int32: (number: Int, node: GraphDescription.Node)] = [:]
    /// The most places remembered: a hierarchy drawn has fewer.
    private static let limit = 1_024

    func node(_ number: Int, at place: Int32, made: () -> GraphDescription.Node) -> GraphDescription.Node {
      lock.lock()
      defer { lock.unlock() }
      if let known = nodes[place], known.number == number { return known.node }
      let node = made()
      if nodes.count >= Self.limit { nodes.removeAll(keepingCapacity: true) }
      nodes[place] = (number, node)
      return node
    }
  }

  init() {}

  /// How many nodes are stored.
  var count: Int { starts.count }

  /// How many texts and rows the nodes share, the bytes those hold, and how many lists of plain
  /// attributes (for tests).
  var textCount: Int { texts.count + rows.count }
  var textBytes: Int { texts.reduce(0) { $0 + $1.utf8.count } + rows.reduce(0) { $0 + $1.middle.utf8.count } }
  var listCount: Int { listStarts.count }

  /// Node number `number`, made again from its texts: the same bytes as the node stored (in the
  /// storage it was last handed in, when it was the last node read at its place).
  subscript(number: Int) -> GraphDescription.Node {
    let start = Int(starts[number])
    // Its place: its slot, else its name.
    let place = codes[start + 2] >= 0 ? codes[start + 2] : codes[start]
    return recent.node(number, at: place) { made(number) }
  }

  /// Node number `number` made again from its texts.
  private func made(_ number: Int) -> GraphDescription.Node {
    var at = Int(starts[number])
    func next() -> Int {
      defer { at += 1 }
      return Int(codes[at])
    }
    let name = texts[next()]
    let cluster = next()
    let slot = next()
    var plain = Int(listStarts[next()])
    let plainCount = Int(lists[plain])
    plain += 1
    let htmlCount = next()
    var attributes: [GraphDescription.Attribute] = []
    attributes.reserveCapacity(plainCount + htmlCount)
    for _ in 0..<htmlCount {
      let position = next()
      while attributes.count < position {
        attributes.append(.init(texts[Int(lists[plain])], texts[Int(lists[plain + 1])]))
        plain += 2
      }
      let attributeName = texts[next()]
      let parts = next()
      var length = 0
      for offset in 0..<parts { length += rowLength(Int(codes[at + offset])) }
      var bytes: [UInt8] = []
      bytes.reserveCapacity(length)
      for _ in 0..<parts { appendRow(next(), to: &bytes) }
      attributes.append(.init(attributeName, html: String(decoding: bytes, as: UTF8.self)))
    }
    while attributes.count < plainCount + htmlCount {
      attributes.append(.init(texts[Int(lists[plain])], texts[Int(lists[plain + 1])]))
      plain += 2
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
    var plain: [Int32] = [0]
    var html: [Int32] = []
    var htmlCount: Int32 = 0
    for (position, attribute) in node.attributes.enumerated() {
      if attribute.isHTML {
        let parts = Self.rows(of: attribute.value)
        html += [Int32(position), textNumber(attribute.name), Int32(parts.count)]
        let name = textNumber(node.name)
        for (index, part) in parts.enumerated() { html.append(rowNumber(String(part), of: name, index: index)) }
        htmlCount += 1
      } else {
        plain += [textNumber(attribute.name), textNumber(attribute.value)]
      }
    }
    plain[0] = Int32(plain.count / 2)
    let list: Int32
    if let known = listNumbers[plain] {
      list = known
    } else {
      list = Int32(listStarts.count)
      listStarts.append(Int32(lists.count))
      lists += plain
      listNumbers[plain] = list
    }
    starts.append(Int32(codes.count))
    codes += [
      textNumber(node.name), node.cluster.map { textNumber($0) } ?? -1, node.slot.map { textNumber($0) } ?? -1, list,
      htmlCount,
    ]
    codes += html
    return number
  }

  /// Forgets what finds a node's number: no node is added any more.
  mutating func forgetNumbers() {
    textNumbers = [:]
    rowNumbers = [:]
    fullRows = [:]
    listNumbers = [:]
    firstWithHash = [:]
    nextWithHash = []
    // Arrays grown by appending keep up to twice the room they need.
    texts = Self.exact(texts)
    rows = Self.exact(rows)
    codes = Self.exact(codes)
    starts = Self.exact(starts)
    lists = Self.exact(lists)
    listStarts = Self.exact(listStarts)
  }

  /// The number of `text`, stored if it is new, in storage no bigger than it needs.
  private mutating func textNumber(_ text: String) -> Int32 {
    if let known = textNumbers[text] { return known }
    let compact = text.compacted
    let number = Int32(texts.count)
    texts.append(compact)
    textNumbers[compact] = number
    return number
  }

  /// The number of `row`, row number `index` of an HTML label of a node named by text `name`,
  /// stored if it is new: against the last row in full of that name and index when it shares at
  /// least half of its bytes with it, else in full.
  private mutating func rowNumber(_ row: String, of name: Int32, index: Int) -> Int32 {
    if let known = rowNumbers[row] { return known }
    let number = Int32(rows.count)
    rowNumbers[row] = number
    let key = Int(name) << 8 | min(index, 255)
    if let base = fullRows[key] {
      let bytes = Array(row.utf8)
      let (prefix, suffix) = String.sharedEnds(of: bytes, with: Array(rows[Int(base)].middle.utf8))
      if 2 * (prefix + suffix) >= bytes.count {
        let middle = String(decoding: bytes[prefix..<(bytes.count - suffix)], as: UTF8.self)
        rows.append(Row(base: base, prefix: Int32(prefix), suffix: Int32(suffix), middle: middle.compacted))
        return number
      }
    }
    rows.append(Row(middle: row.compacted))
    fullRows[key] = number
    return number
  }

  /// How many bytes row number `number` has.
  private func rowLength(_ number: Int) -> Int {
    let row = rows[number]
    return Int(row.prefix) + row.middle.utf8.count + Int(row.suffix)
  }

  /// Appends the bytes of row number `number`.
  private func appendRow(_ number: Int, to bytes: inout [UInt8]) {
    let row = rows[number]
    guard row.base >= 0 else {
      var text = row.middle
      text.withUTF8 { bytes.append(contentsOf: $0) }
      return
    }
    var base = rows[Int(row.base)].middle
    var middle = row.middle
    base.withUTF8 { bytes.append(contentsOf: $0[..<Int(row.prefix)]) }
    middle.withUTF8 { bytes.append(contentsOf: $0) }
    base.withUTF8 { bytes.append(contentsOf: $0[($0.count - Int(row.suffix))...]) }
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
      return code >= 0 && isText(text, number: code)
    }
    guard same(node.name, next()), same(node.cluster, next()), same(node.slot, next()) else { return false }
    var plain = Int(listStarts[next()])
    let plainCount = Int(lists[plain])
    plain += 1
    let htmlCount = next()
    guard plainCount + htmlCount == node.attributes.count else { return false }
    var (htmlLeft, plainLeft) = (htmlCount, plainCount)
    for (position, attribute) in node.attributes.enumerated() {
      if attribute.isHTML {
        guard htmlLeft > 0, next() == position, same(attribute.name, next()) else { return false }
        htmlLeft -= 1
        let parts = next()
        guard isRows(attribute.value, at..<at + parts) else { return false }
        at += parts
      } else {
        guard plainLeft > 0, same(attribute.name, Int(lists[plain])), same(attribute.value, Int(lists[plain + 1]))
        else { return false }
        plainLeft -= 1
        plain += 2
      }
    }
    return htmlLeft == 0
  }

  /// True when `text` is, byte for byte, text number `number`.
  private func isText(_ text: String, number: Int) -> Bool {
    var text = text
    var piece = texts[number]
    return text.withUTF8 { bytes in
      piece.withUTF8 { piece in
        piece.count == bytes.count
          && (piece.isEmpty || memcmp(bytes.baseAddress!, piece.baseAddress!, piece.count) == 0)
      }
    }
  }

  /// True when `text` is, byte for byte, the rows whose numbers are `codes[parts]` one after the
  /// other.
  private func isRows(_ text: String, _ parts: Range<Int>) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      var offset = 0
      /// True when `piece` comes next in `text`, and moves past it.
      func follows(_ piece: UnsafeBufferPointer<UInt8>) -> Bool {
        guard piece.count <= bytes.count - offset,
          piece.isEmpty || memcmp(bytes.baseAddress! + offset, piece.baseAddress!, piece.count) == 0
        else { return false }
        offset += piece.count
        return true
      }
      for part in parts {
        let row = rows[Int(codes[part])]
        var middle = row.middle
        guard row.base >= 0 else {
          guard middle.withUTF8(follows) else { return false }
          continue
        }
        var base = rows[Int(row.base)].middle
        let same = base.withUTF8 { base in
          follows(UnsafeBufferPointer(rebasing: base[..<Int(row.prefix)]))
            && middle.withUTF8(follows)
            && follows(UnsafeBufferPointer(rebasing: base[(base.count - Int(row.suffix))...]))
        }
        guard same else { return false }
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
}
