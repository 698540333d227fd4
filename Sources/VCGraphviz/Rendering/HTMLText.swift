/// Text made safe for Graphviz's HTML-like labels: markup characters become entities,
/// so a name can never inject markup into a label or into the SVG written from it.
enum HTMLText {
  static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
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

  /// `<FONT …>text</FONT>` with the given size and colour, and bold or italic when asked.
  static func font(_ text: String, size: Double, color: String, bold: Bool = false, italic: Bool = false) -> String {
    var inner = escape(text)
    if bold { inner = "<B>\(inner)</B>" }
    if italic { inner = "<I>\(inner)</I>" }
    return "<FONT POINT-SIZE=\"\(size)\" COLOR=\"\(color)\">\(inner)</FONT>"
  }
}
