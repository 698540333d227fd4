/// Text made safe for Graphviz's HTML-like labels: markup characters become entities,
/// so a name can never inject markup into a label or into the SVG written from it.
enum HTMLText {
  /// U+2060 WORD JOINER, invisible, put after every backslash: Graphviz expands `\N`, `\G`, `\L`, …
  /// in label text (after entities are decoded), and reads past the end of a text that ends in a
  /// backslash. With the joiner the backslash is drawn as it is.
  static let backslashGuard: Unicode.Scalar = "\u{2060}"

  static func escape(_ text: String) -> String {
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

  /// `text` as a Graphviz identifier that no escape sequence can touch: `%`, backslash and control
  /// characters are percent-encoded (as UTF-8), everything else is kept, so ids stay readable and distinct.
  static func identifier(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if scalar == "%" || scalar == "\\" || scalar.value < 0x20 || scalar.value == 0x7F {
        for byte in String(scalar).utf8 { result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2) }
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `text` broken into lines of at most `width` characters at spaces (a longer word keeps its own line),
  /// so a long caption does not widen the whole diagram.
  static func wrapped(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(whereSeparator: \.isWhitespace) {
      if !line.isEmpty, line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  /// `<FONT …>text</FONT>` with the given size and colour, and bold or italic when asked.
  static func font(_ text: String, size: Int, color: String, bold: Bool = false, italic: Bool = false) -> String {
    var inner = escape(text)
    if bold { inner = "<B>\(inner)</B>" }
    if italic { inner = "<I>\(inner)</I>" }
    return "<FONT POINT-SIZE=\"\(size)\" COLOR=\"\(color)\">\(inner)</FONT>"
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
