import Foundation

/// Where a value is in JSON text, for the messages of content errors: `JSONDecoder` names the
/// value by its coding path only.
enum JSONPosition {
  /// The line and column (from 1, columns in characters) where the value at `codingPath` starts in
  /// `data`; nil when the data does not have it. Reads the text once, without recursion.
  static func start(of codingPath: [any CodingKey], in data: Data) -> (line: Int, column: Int)? {
    let bytes = [UInt8](data)
    var index = 0
    func skipSpace() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }
    /// The string starting at `index` (a quote), its escapes decoded; `index` moves past it.
    func string() -> String? {
      let start = index
      index += 1
      while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
        index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
      }
      guard index < bytes.count else { return nil }
      index += 1
      let literal = Data(bytes[start..<index])
      return (try? JSONSerialization.jsonObject(with: literal, options: [.fragmentsAllowed])) as? String
    }
    /// Moves `index` past the value starting there.
    func skipValue() {
      var depth = 0
      repeat {
        guard index < bytes.count else { return }
        switch bytes[index] {
        case UInt8(ascii: "\""): _ = string()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          depth += 1
          index += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          index += 1
        case UInt8(ascii: ","), UInt8(ascii: " "), 0x09, 0x0A, 0x0D, UInt8(ascii: ":"):
          index += 1
        default:
          while index < bytes.count, !Set(",}] \t\n\r".utf8).contains(bytes[index]) { index += 1 }
        }
      } while depth > 0
    }
    skipSpace()
    for key in codingPath {
      guard index < bytes.count else { return nil }
      if bytes[index] == UInt8(ascii: "{") {
        index += 1
        var found = false
        while !found {
          skipSpace()
          guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let name = string() else { return nil }
          skipSpace()
          guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
          index += 1
          skipSpace()
          if name == key.stringValue {
            found = true
          } else {
            skipValue()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
            index += 1
          }
        }
      } else if bytes[index] == UInt8(ascii: "["), let wanted = key.intValue {
        index += 1
        for _ in 0..<wanted {
          skipSpace()
          skipValue()
          skipSpace()
          guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
          index += 1
        }
        skipSpace()
      } else {
        return nil
      }
    }
    let before = bytes[..<min(index, bytes.count)]
    let line = before.lazy.filter { $0 == 0x0A }.count + 1
    let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    return (line, String(decoding: before[lineStart...], as: UTF8.self).count + 1)
  }
}

/// A key of a path into JSON text: an object's key or an array's index.
struct JSONKey: CodingKey, Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
  var stringValue: String
  var intValue: Int?

  init(stringValue: String) {
    self.stringValue = stringValue
    intValue = nil
  }

  init(intValue: Int) {
    stringValue = "\(intValue)"
    self.intValue = intValue
  }

  init(stringLiteral value: String) { self.init(stringValue: value) }
  init(integerLiteral value: Int) { self.init(intValue: value) }
}
