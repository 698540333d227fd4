/// Text made safe for Graphviz's HTML-like labels: markup characters become entities,
/// so a name can never inject markup into a label or into the SVG written from it.
enum HTMLText {
  /// U+2060 WORD JOINER, invisible, put after every backslash: Graphviz expands `\N`, `\G`, `\L`, …
  /// in label text (after entities are decoded), and reads past the end of a text that ends in a
  /// backslash. With the joiner the backslash is drawn as it is.
  static let backslashGuard: Unicode.Scalar = "\u{2060}"

  static func escape(_ text: String) -> String {
    // Most text needs no escaping: printable ASCII without markup characters, or any other letter.
    if text.utf8.allSatisfy({ $0 >= 0x80 || (0x20..<0x7F).contains($0) && !Self.escapedBytes.contains($0) }) {
      return text
    }
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\":
        result.unicodeScalars.append(scalar)
        result.unicodeScalars.append(backslashGuard)
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\n", "\r", "\t": result += " "
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          result += "&#xFFFD;"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// `text` as a Graphviz identifier that no escape sequence can touch, and a valid SVG/HTML id:
  /// `%`, backslash, whitespace and control characters are percent-encoded (as UTF-8), everything
  /// else is kept, so ids stay readable and distinct.
  ///
  /// An identifier longer than 200 characters keeps its first 120 and a hash of the whole text, so it
  /// stays distinct and short enough for Graphviz and for a reader.
  static func identifier(_ text: String) -> String {
    // Printable ASCII other than `%` and `\` is kept as it is.
    if text.utf8.count <= 200, text.utf8.allSatisfy({ (0x21..<0x7F).contains($0) && $0 != 0x25 && $0 != 0x5C }) {
      return text
    }
    if text.utf8.count > 200 {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
      for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      return identifier(String(text.prefix(120))) + "…" + String(hash, radix: 16)
    }
    var result = ""
    for scalar in text.unicodeScalars {
      if scalar == "%" || scalar == "\\" || scalar.value < 0x20 || scalar.value == 0x7F
        || scalar.properties.isWhitespace
      {
        for byte in String(scalar).utf8 { result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2) }
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `text` broken into lines of at most `width` characters at spaces, a longer word cut into pieces,
  /// and at most `maxLines` lines, the last one saying how long the text was when it does not fit.
  ///
  /// Every text vcgraph draws goes through this: Graphviz cannot lay out a node or label wider than
  /// 65,535 points (it fails, or aborts on an assertion inside HTML tables), so no line may be long.
  static func lines(_ text: String, width: Int, maxLines: Int) -> [String] {
    // A short line, its words one space apart, is its own single line.
    if maxLines >= 1, text.utf8.count <= width, text.utf8.first != 0x20, text.utf8.last != 0x20,
      isSingleSpaced(text)
    {
      return text.isEmpty ? [] : [text]
    }
    var lines: [String] = []
    var line = ""
    var lineLength = 0
    words: for word in text.split(whereSeparator: \.isWhitespace) {
      var piece = Substring(word)
      while !piece.isEmpty {
        // Only `width` characters are looked at, so a huge word costs no more than its pieces.
        var head = piece.prefix(width)
        if head.count < piece.count, let cut = breakPoint(in: head) { head = head[..<cut] }
        if lineLength > 0, lineLength + 1 + head.count > width {
          lines.append(line)
          (line, lineLength) = ("", 0)
          if lines.count > maxLines { break words }
        }
        line += (lineLength == 0 ? "" : " ") + head
        lineLength += (lineLength == 0 ? 0 : 1) + head.count
        piece = piece.dropFirst(head.count)
      }
    }
    if lineLength > 0 { lines.append(line) }
    guard lines.count > maxLines else { return lines }
    return lines.prefix(maxLines - 1) + ["… (\(text.count) characters in all)"]
  }

  /// True when the only whitespace in `text` is single spaces: no two follow each other, and there
  /// is no other white space, ASCII or not.
  private static func isSingleSpaced(_ text: String) -> Bool {
    var previous: UInt8 = 0
    for byte in text.utf8 {
      // (A space followed by anything outside ASCII, a combining mark say, is left to the long way.)
      if byte < 0x20 || byte == 0x7F || previous == 0x20 && (byte == 0x20 || byte >= 0x80) { return false }
      previous = byte
    }
    return !text.unicodeScalars.contains { !$0.isASCII && $0.properties.isWhitespace }
  }

  /// The ASCII characters ``escape(_:)`` replaces.
  private static let escapedBytes: Set<UInt8> = Set("\\&<>\"'".utf8)

  /// Where to cut a word too long for its line so that the pieces still read as names: before a
  /// `<` or `(` (generic arguments go to the next line: `SwiftUI.UIHostingController` /
  /// `<Mail.SettingsView>`), else after a `.`, `,`, `_`, `/` or `-`; the last such place past the
  /// first third of `head`, nil when there is none.
  private static func breakPoint(in head: Substring) -> Substring.Index? {
    var beforeBracket: Substring.Index?
    var afterPunctuation: Substring.Index?
    var index = head.startIndex
    var offset = 0
    while index < head.endIndex {
      let character = head[index]
      let next = head.index(after: index)
      if offset * 3 >= head.count {
        if "<(".contains(character) { beforeBracket = index }
        if ".,_/-".contains(character), next < head.endIndex { afterPunctuation = next }
      }
      index = next
      offset += 1
    }
    return beforeBracket ?? afterPunctuation
  }

  /// `<FONT …>text</FONT>` with the given size and colour, bold or italic when asked, and the text
  /// broken into left-aligned lines as ``lines(_:width:maxLines:)`` does.
  static func font(
    _ text: String, size: Int, color: String, bold: Bool = false, italic: Bool = false, width: Int = 60,
    maxLines: Int = 8, face: String? = nil
  ) -> String {
    var inner = lines(text, width: width, maxLines: maxLines).map(escape).joined(separator: "<BR ALIGN=\"LEFT\"/>")
    if bold { inner = "<B>\(inner)</B>" }
    if italic { inner = "<I>\(inner)</I>" }
    let faceAttribute = face.map { " FACE=\"\($0)\"" } ?? ""
    return "<FONT POINT-SIZE=\"\(size)\" COLOR=\"\(color)\"\(faceAttribute)>\(inner)</FONT>"
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
