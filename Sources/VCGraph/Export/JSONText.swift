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
