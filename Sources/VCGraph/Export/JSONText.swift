import Foundation

/// vcgraph's JSON style: pretty-printed, keys sorted, slashes unescaped, empty arrays as `[]`,
/// and a final newline, so files diff cleanly and read well.
enum JSONText {
  static func encode(_ value: some Encodable) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // vcgraph only encodes plain values (strings, numbers, arrays), which cannot fail.
    let data = (try? encoder.encode(value)) ?? Data()
    // Foundation on Linux writes an empty array as "[", a blank line, "]".
    let text = String(decoding: data, as: UTF8.self)
      .replacingOccurrences(of: #"\[\s*\n\s*\]"#, with: "[]", options: .regularExpression)
    return text + "\n"
  }
}

/// A JSON value whose objects keep their keys in the order given: the app map's contract has a
/// fixed key order, which `JSONEncoder` does not promise.
enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case number(Int)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.text(indent: "") == rhs.text(indent: "") }
  func hash(into hasher: inout Hasher) { hasher.combine(text(indent: "")) }

  /// The value pretty-printed with two spaces a level; short arrays of scalars stay on one line.
  func text(indent: String) -> String {
    switch self {
    case .null: return "null"
    case let .bool(value): return value ? "true" : "false"
    case let .number(value): return String(value)
    case let .string(value): return Self.quoted(value)
    case let .array(values):
      if values.isEmpty { return "[]" }
      if values.allSatisfy(\.isScalar) {
        let line = "[" + values.map { $0.text(indent: "") }.joined(separator: ", ") + "]"
        if line.count <= 100 { return line }
      }
      let inner = indent + "  "
      return "[\n" + values.map { inner + $0.text(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
    case let .object(fields):
      if fields.isEmpty { return "{}" }
      let inner = indent + "  "
      return "{\n"
        + fields.map { inner + Self.quoted($0.0) + ": " + $0.1.text(indent: inner) }.joined(separator: ",\n")
        + "\n\(indent)}"
    }
  }

  private var isScalar: Bool {
    switch self {
    case .array, .object: return false
    default: return true
    }
  }

  /// A JSON string: quotes, backslashes and control characters escaped, everything else as is.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
        result += String(format: "\\u%04x", scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
