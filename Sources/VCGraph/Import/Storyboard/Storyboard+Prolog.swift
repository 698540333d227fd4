import Foundation

// MARK: - Checks made before the XML is parsed

extension Storyboard {
  static func isXMLSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// Where the document's `<!DOCTYPE` is, or nil when its prolog (the XML declaration, comments and
  /// processing instructions before the root element) has none: the only place XML lets a document
  /// declare entities. Comments and processing instructions are skipped, so `<!DOCTYPE` inside one
  /// is not taken for a declaration.
  static func documentTypeDeclaration(in data: Data, path: String) -> SourceLocation? {
    let text: String
    switch (data.first, data.dropFirst().first) {
    case (0xFE, 0xFF), (0x00, 0x3C): text = String(decoding: utf16Units(data, bigEndian: true), as: UTF16.self)
    case (0xFF, 0xFE), (0x3C, 0x00): text = String(decoding: utf16Units(data, bigEndian: false), as: UTF16.self)
    // UTF-8, or an encoding an XML declaration names: all of them spell markup in ASCII.
    default: text = String(decoding: data, as: UTF8.self)
    }
    let scalars = text.unicodeScalars
    var index = scalars.startIndex
    if index < scalars.endIndex, scalars[index] == "\u{FEFF}" { index = scalars.index(after: index) }
    func skip(past end: String) -> Bool {
      let terminator = Array(end.unicodeScalars)
      while index < scalars.endIndex {
        if scalars[index...].starts(with: terminator) {
          index = scalars.index(index, offsetBy: terminator.count)
          return true
        }
        index = scalars.index(after: index)
      }
      return false
    }
    while index < scalars.endIndex {
      let scalar = scalars[index]
      if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
        index = scalars.index(after: index)
      } else if scalars[index...].starts(with: "<!--".unicodeScalars) {
        guard skip(past: "-->") else { return nil }
      } else if scalars[index...].starts(with: "<?".unicodeScalars) {
        guard skip(past: "?>") else { return nil }
      } else if scalars[index...].starts(with: "<!DOCTYPE".unicodeScalars) {
        var line = 1
        var column = 1
        for scalar in scalars[..<index] {
          if scalar == "\n" {
            line += 1
            column = 1
          } else if scalar != "\u{FEFF}" || line > 1 || column > 1 {
            column += 1
          }
        }
        return SourceLocation(file: path, line: line, column: column)
      } else {
        return nil
      }
    }
    return nil
  }

  /// The UTF-16 code units of `data`, without its byte order mark.
  static func utf16Units(_ data: Data, bigEndian: Bool) -> [UInt16] {
    var units: [UInt16] = []
    units.reserveCapacity(data.count / 2)
    var bytes = data.makeIterator()
    while let first = bytes.next(), let second = bytes.next() {
      units.append(bigEndian ? UInt16(first) << 8 | UInt16(second) : UInt16(second) << 8 | UInt16(first))
    }
    if units.first == 0xFEFF { units.removeFirst() }
    return units
  }

  /// Where the first byte that is not UTF-8 is, for a document libxml2 reads as UTF-8: one with no
  /// UTF-16 byte order mark and no other encoding in its XML declaration (libxml2 converts those).
  static func firstInvalidUTF8(in data: Data, path: String) -> SourceLocation? {
    if data.starts(with: [0xFE, 0xFF]) || data.starts(with: [0xFF, 0xFE]) { return nil }
    let prolog = String(decoding: data.prefix(200), as: UTF8.self).lowercased()
    if let declaration = prolog.range(of: "encoding="),
      !prolog[declaration.upperBound...].dropFirst().lowercased().hasPrefix("utf-8")
    {
      return nil
    }
    var parser = Unicode.UTF8.ForwardParser()
    var bytes = data.makeIterator()
    var line = 1
    var column = 1
    while true {
      switch parser.parseScalar(from: &bytes) {
      case let .valid(scalar):
        if scalar.count == 1, scalar.first == 0x0A {
          line += 1
          column = 1
        } else {
          column += 1
        }
      case .emptyInput: return nil
      case .error: return SourceLocation(file: path, line: line, column: column)
      }
    }
  }
}
