import Foundation

// MARK: - Inlining SVG

extension Flipbook {
  /// SVG text as Graphviz writes it, ready to sit inside an HTML page beside other drawings: the XML
  /// declaration, processing instructions, doctype and comments left out, and every `id` prefixed
  /// with `idPrefix`, together with what refers to one (`href="#…"`, `xlink:href="#…"`, `url(#…)` in
  /// an attribute), since Graphviz gives every drawing the same ids (`graph0`, `clust1`, `edge1`, …).
  ///
  /// The text is read as XML markup, not parsed: quoted attribute values and CDATA sections are kept
  /// as they are, apart from the rewritten references.
  static func inlineSVG(_ svg: String, idPrefix: String) -> String {
    let bytes = Array(svg.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + 1024)
    var index = 0

    func starts(with text: String, at position: Int) -> Bool {
      let pattern = text.utf8
      return position + pattern.count <= bytes.count
        && bytes[position..<position + pattern.count].elementsEqual(pattern)
    }
    /// The position just after the first `terminator` from `position`, or the end.
    func end(of terminator: String, from position: Int) -> Int {
      var position = position
      while position < bytes.count, !starts(with: terminator, at: position) { position += 1 }
      return min(bytes.count, position + terminator.utf8.count)
    }

    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "<") else {
        output.append(bytes[index])
        index += 1
        continue
      }
      if starts(with: "<?", at: index) {
        index = end(of: "?>", from: index)
      } else if starts(with: "<!--", at: index) {
        index = end(of: "-->", from: index + 4)
      } else if starts(with: "<![CDATA[", at: index) {
        let after = end(of: "]]>", from: index)
        output += bytes[index..<after]
        index = after
      } else if starts(with: "<!", at: index) {
        index = endOfDeclaration(bytes, from: index)
      } else if starts(with: "</", at: index) {
        let after = end(of: ">", from: index)
        output += bytes[index..<after]
        index = after
      } else {
        index = copyStartTag(bytes, from: index, into: &output, idPrefix: Array(idPrefix.utf8))
      }
    }
    return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The position after a `<!DOCTYPE …>` declaration, past its quoted strings and `[…]` internal subset.
  private static func endOfDeclaration(_ bytes: [UInt8], from start: Int) -> Int {
    var position = start + 2
    var quote: UInt8?
    var depth = 0
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: "[") {
        depth += 1
      } else if byte == UInt8(ascii: "]") {
        depth -= 1
      } else if byte == UInt8(ascii: ">"), depth <= 0 {
        break
      }
    }
    return position
  }

  /// Copies a start tag from `start` into `output`, its id and id references prefixed; returns the
  /// position after it.
  private static func copyStartTag(
    _ bytes: [UInt8], from start: Int, into output: inout [UInt8], idPrefix: [UInt8]
  ) -> Int {
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    var position = start + 1
    // The element name.
    while position < bytes.count, !isSpace(bytes[position]), bytes[position] != UInt8(ascii: ">"),
      bytes[position] != UInt8(ascii: "/")
    {
      position += 1
    }
    output += bytes[start..<position]
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: ">") {
        output.append(byte)
        return position + 1
      }
      if isSpace(byte) || byte == UInt8(ascii: "/") {
        output.append(byte)
        position += 1
        continue
      }
      // An attribute: name, `=`, quoted value.
      let nameStart = position
      while position < bytes.count, !isSpace(bytes[position]), bytes[position] != UInt8(ascii: "="),
        bytes[position] != UInt8(ascii: ">"), bytes[position] != UInt8(ascii: "/")
      {
        position += 1
      }
      let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
      output += bytes[nameStart..<position]
      while position < bytes.count, isSpace(bytes[position]) {
        output.append(bytes[position])
        position += 1
      }
      guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else { continue }
      output.append(bytes[position])
      position += 1
      while position < bytes.count, isSpace(bytes[position]) {
        output.append(bytes[position])
        position += 1
      }
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'")
      else { continue }
      let quote = bytes[position]
      var valueEnd = position + 1
      while valueEnd < bytes.count, bytes[valueEnd] != quote { valueEnd += 1 }
      let value = Array(bytes[(position + 1)..<valueEnd])
      output.append(quote)
      output += rewrittenValue(value, attribute: name, idPrefix: idPrefix)
      if valueEnd < bytes.count { output.append(quote) }
      position = min(bytes.count, valueEnd + 1)
    }
    return position
  }

  /// An attribute's value with its id, or the ids it refers to, prefixed.
  private static func rewrittenValue(_ value: [UInt8], attribute: String, idPrefix: [UInt8]) -> [UInt8] {
    if attribute == "id" { return idPrefix + value }
    if attribute == "href" || attribute.hasSuffix(":href") {
      return value.first == UInt8(ascii: "#") ? [UInt8(ascii: "#")] + idPrefix + value.dropFirst() : value
    }
    // `url(#id)`, `url('#id')` in presentation attributes (fill, stroke, clip-path, marker-end, …).
    let function = Array("url(".utf8)
    var result: [UInt8] = []
    result.reserveCapacity(value.count)
    var position = 0
    while position < value.count {
      result.append(value[position])
      position += 1
      guard position >= function.count, value[(position - function.count)..<position].elementsEqual(function) else {
        continue
      }
      if position < value.count, value[position] == UInt8(ascii: "'") || value[position] == UInt8(ascii: "\"") {
        result.append(value[position])
        position += 1
      }
      if position < value.count, value[position] == UInt8(ascii: "#") {
        result.append(value[position])
        result += idPrefix
        position += 1
      }
    }
    return result
  }
}
