import Foundation
import VCGraph

/// A frame's header with its legend stood in for by an empty table of the legend's size: what a
/// stable layout measures and draws for each frame's header, the legend itself measured once and
/// drawn once a run.
///
/// Every frame of a scenario has a header, each its own (its step, its action), and nearly all of
/// them the same legend (``Diagram/legends``): a table of some twenty cells, three boxes and five
/// rows of text, most of what Graphviz parses, sizes and writes of a header. In a table, a cell's
/// content counts only by its size, so a header whose legend is replaced by an empty table exactly
/// as big is exactly as big, and its other cells sit where they did (Graphviz lays out an HTML
/// table in whole points, from its cells' sizes). The stand-in is filled with ``marker``, so it
/// writes one line of SVG, a polygon on the legend's box; the legend's own SVG, drawn once at that
/// box, takes that line's place (``PieceDrawing``).
///
/// The legend is found by its opening (``Diagram/legendTable(border:)``) right inside a cell
/// aligned to the top, as the header puts it, and taken with the tables nested in it.
enum LegendStandIn {
  /// The stand-in's fill: a colour no theme draws with.
  static let marker = "#fe01fd"

  /// A legend's text, compared and hashed by its bytes (a header is a few kilobytes: its
  /// characters' normal forms would cost more than drawing it).
  ///
  /// Every frame looks its legend up (twice: its size, its drawing), so both are cheap: equal
  /// legends are compared as memory, and a legend is hashed by its length and its first and last
  /// ``hashedEnds`` bytes (legends that differ in the middle alone are still told apart, by `==`).
  struct Legend: Hashable {
    var text: Substring

    static let hashedEnds = 128

    static func == (lhs: Legend, rhs: Legend) -> Bool {
      let (left, right) = (lhs.text.utf8, rhs.text.utf8)
      let same = left.withContiguousStorageIfAvailable { left in
        right.withContiguousStorageIfAvailable { right in
          left.count == right.count
            && (left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
        }
      }
      return (same ?? nil) ?? left.elementsEqual(right)
    }

    func hash(into hasher: inout Hasher) {
      func combine(_ bytes: UnsafeBufferPointer<UInt8>) {
        let ends = Self.hashedEnds
        hasher.combine(bytes.count)
        hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.prefix(ends))))
        let last = Swift.min(ends, Swift.max(0, bytes.count - ends))
        hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.suffix(last))))
      }
      if text.utf8.withContiguousStorageIfAvailable(combine) == nil {
        var copy = String(text)
        copy.withUTF8(combine)
      }
    }
  }

  /// A header's text around its legend, and the legend.
  struct Split {
    var before: Substring
    var legend: Substring
    var after: Substring
  }

  /// `header` cut around its legend; nil when it has none.
  static func split(_ header: String) -> Split? {
    var header = header
    let found = header.withUTF8 { bytes -> (start: Int, end: Int)? in
      guard let found = find(cellOpening, in: bytes, from: 0) else { return nil }
      let start = found + cellOpening.count - legendOpening.count
      return tableEnd(in: bytes, from: start).map { (start, $0) }
    }
    guard let found else { return nil }
    let utf8 = header.utf8
    let start = utf8.index(utf8.startIndex, offsetBy: found.start)
    let end = utf8.index(utf8.startIndex, offsetBy: found.end)
    return Split(before: header[..<start], legend: header[start..<end], after: header[end...])
  }

  private static let legendOpening = Array("<TABLE BORDER=\"1\" COLOR=\"".utf8)
  private static let cellOpening = Array("VALIGN=\"TOP\">".utf8) + legendOpening
  private static let tableOpening = Array("<TABLE".utf8)
  private static let tableClosing = Array("</TABLE>".utf8)

  /// Where `part` first occurs in `bytes` at or after `start`.
  private static func find(_ part: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard bytes.count >= part.count, start <= bytes.count - part.count else { return nil }
    var index = start
    while index <= bytes.count - part.count {
      if bytes[index] == part[0], matches(part, in: bytes, at: index) { return index }
      index += 1
    }
    return nil
  }

  private static func matches(_ part: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    guard index + part.count <= bytes.count else { return false }
    for offset in part.indices where bytes[index + offset] != part[offset] { return false }
    return true
  }

  /// Where the table that opens at `start` ends: after its `</TABLE>`, the tables nested in it
  /// counted.
  private static func tableEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    var depth = 0
    var index = start
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "<") {
        if matches(tableOpening, in: bytes, at: index) {
          depth += 1
        } else if matches(tableClosing, in: bytes, at: index) {
          depth -= 1
          if depth == 0 { return index + tableClosing.count }
        }
      }
      index += 1
    }
    return nil
  }

  /// The stand-in for a legend `width` by `height` points.
  static func standIn(width: Int, height: Int) -> String {
    "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"0\" BGCOLOR=\"\(marker)\">"
      + "<TR><TD FIXEDSIZE=\"TRUE\" WIDTH=\"\(width)\" HEIGHT=\"\(height)\"></TD></TR></TABLE>"
  }

  /// The header with its legend replaced by the stand-in of a legend `size` big; nil when the
  /// legend is not a whole number of points. (A size read back from Graphviz, in inches to five
  /// digits, is within 0.04 points of the whole number a table has.)
  static func header(_ split: Split, legendSize size: LayoutSize) -> String? {
    let (width, height) = (size.width.rounded(), size.height.rounded())
    guard abs(size.width - width) < 0.25, abs(size.height - height) < 0.25, width > 0, height > 0 else { return nil }
    return String(split.before) + standIn(width: Int(width), height: Int(height)) + String(split.after)
  }
}

extension GraphvizContext {
  /// The size of `legend` drawn with the graph's `font` attributes (`fontname`, `fontsize`), in
  /// points: measured once, in a node exactly as big as the label, as a header is.
  func legendSize(_ legend: Substring, font: [GraphDescription.Attribute]) throws(RenderError) -> LayoutSize {
    let key = LegendKey(legend: LegendStandIn.Legend(text: legend), font: font)
    if let known = legendSizes[key] { return known }
    var graph = GraphDescription()
    graph.nodes = [
      .init(
        name: "legend",
        attributes: font + [
          .init("shape", "plaintext"), .init("margin", "0"), .init("width", "0"), .init("height", "0"),
          .init("label", html: String(legend)), .init("pos", "0,0"),
        ])
    ]
    let layout = try self.layout(graph, engine: "nop2")
    guard let width = layout.nodes["legend"]?["width"].flatMap(Double.init),
      let height = layout.nodes["legend"]?["height"].flatMap(Double.init)
    else { throw .layout("Graphviz did not size a legend") }
    let size = LayoutSize(width: width * 72, height: height * 72)
    if legendSizes.count >= 64 { legendSizes.removeAll() }
    legendSizes[LegendKey(legend: LegendStandIn.Legend(text: Substring(String(legend))), font: font)] = size
    return size
  }
}
