import Foundation

// MARK: - Checks made before the XML is parsed

extension Storyboard {
  /// The encodings vcgraph reads a storyboard in.
  enum Encoding: Equatable {
    case utf8
    case utf16(bigEndian: Bool)
  }

  /// The document's encoding, from its first bytes (a byte order mark, or `<` in UTF-16) and the
  /// `encoding` its XML declaration names; an error for any other than UTF-8 and UTF-16.
  ///
  /// libxml2 honours the declared encoding: in UTF-7, `<!DOCTYPE` is written `<+ACE-DOCTYPE`, so
  /// no check of the bytes before parsing could find a document type declaration (and the
  /// entities it declares) in every encoding libxml2 converts. Xcode writes UTF-8.
  static func encoding(of data: Data, path: String) throws(StoryboardError) -> Encoding {
    let start = SourceLocation(file: path, line: 1, column: 1)
    let bytes = Array(data.prefix(4))
    let encoding: Encoding
    switch bytes {
    case [0x00, 0x00, 0xFE, 0xFF], [0xFF, 0xFE, 0x00, 0x00], [0x00, 0x00, 0x00, 0x3C], [0x3C, 0x00, 0x00, 0x00]:
      throw StoryboardError(.unsupportedEncoding("UTF-32"), at: start)
    case [0x4C, 0x6F, 0xA7, 0x94]:
      throw StoryboardError(.unsupportedEncoding("EBCDIC"), at: start)
    case _ where bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0x00, 0x3C]):
      encoding = .utf16(bigEndian: true)
    case _ where bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0x3C, 0x00]):
      encoding = .utf16(bigEndian: false)
    default:
      encoding = .utf8
    }
    // The XML declaration comes first, after a byte order mark only.
    let head = data.prefix(2048)
    var prolog: String
    switch encoding {
    case .utf8: prolog = String(decoding: head, as: UTF8.self)
    case let .utf16(bigEndian): prolog = String(decoding: utf16Units(head, bigEndian: bigEndian), as: UTF16.self)
    }
    if prolog.hasPrefix("\u{FEFF}") { prolog.removeFirst() }
    guard prolog.hasPrefix("<?xml"), let end = prolog.range(of: "?>") else { return encoding }
    let declaration = prolog[..<end.lowerBound]
    guard
      let name = declaration.range(of: #"encoding\s*=\s*["']([^"']*)["']"#, options: .regularExpression)
        .map({
          declaration[$0].split(whereSeparator: { $0 == "\"" || $0 == "'" }).dropFirst().first.map(String.init) ?? ""
        })
    else { return encoding }
    // A UTF-16 document (a byte order mark, or `<` in UTF-16) may say UTF-8: libxml2 keeps reading
    // it as UTF-16. A document in bytes may not say UTF-16: libxml2 refuses that mismatch.
    let accepted: Set<String> =
      encoding == .utf8 ? ["utf-8", "utf8"] : ["utf-16", "utf16", "utf-16le", "utf-16be", "utf-8", "utf8"]
    guard accepted.contains(name.lowercased()) else {
      let column = declaration.distance(from: declaration.startIndex, to: declaration.range(of: "encoding")!.lowerBound)
      throw StoryboardError(
        .unsupportedEncoding(name.isEmpty ? "an encoding with no name" : "the encoding \"\(name)\""),
        at: SourceLocation(file: path, line: 1, column: column + 1))
    }
    return encoding
  }

  static func isXMLSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// Where the document's `<!DOCTYPE` is, or nil when its prolog (the XML declaration, comments and
  /// processing instructions before the root element) has none: the only place XML lets a document
  /// declare entities. Comments and processing instructions are skipped, so `<!DOCTYPE` inside one
  /// is not taken for a declaration.
  /// The text is decoded as libxml2 decodes it (``encoding(of:path:)`` refuses the encodings
  /// where that could differ).
  static func documentTypeDeclaration(in data: Data, encoding: Encoding, path: String) -> SourceLocation? {
    let text: String
    switch encoding {
    case let .utf16(bigEndian): text = String(decoding: utf16Units(data, bigEndian: bigEndian), as: UTF16.self)
    case .utf8: text = String(decoding: data, as: UTF8.self)
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

  /// Where the first byte that is not UTF-8 is, for a document libxml2 reads as UTF-8.
  static func firstInvalidUTF8(in data: Data, path: String) -> SourceLocation? {
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
