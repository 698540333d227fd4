/// A `.json` scenario read as JSON: its syntax checked by JSON's rules, with the line and column
/// of the first mistake, then handed to the scenario reader (JSON is YAML's flow style) in a form
/// libyaml takes, each value where it was, so that the reader's own errors keep their places.
///
/// Two things valid JSON writers emit that libyaml refuses are rewritten on the way:
/// - a UTF-16 surrogate pair escape (`"\ud83d\ude00"`, how most JSON writers escape an emoji)
///   becomes YAML's `\U0001F600` (two columns shorter: a later error on that line is reported two
///   columns to the left);
/// - a key longer than libyaml's 1,024 characters for a simple key is written as an explicit key
///   (`? "…": value`, two columns longer).
enum JSONScenarioText {
  /// libyaml's longest simple key, in characters; longer keys are made explicit.
  static let longestSimpleKey = 1_000

  /// The YAML text of JSON scenario text, or the first JSON syntax error, located.
  static func yamlText(of text: String, path: String) throws(ScenarioError) -> String {
    var scanner = Scanner(scalars: Array(text.unicodeScalars), path: path)
    try scanner.skipSpace()
    try scanner.value()
    try scanner.skipSpace()
    if scanner.position < scanner.scalars.count {
      throw scanner.error("more text after the JSON document")
    }
    var output = String.UnicodeScalarView()
    var cursor = 0
    for edit in scanner.edits {
      output.append(contentsOf: scanner.scalars[cursor..<edit.range.lowerBound])
      output.append(contentsOf: edit.replacement.unicodeScalars)
      cursor = edit.range.upperBound
    }
    output.append(contentsOf: scanner.scalars[cursor...])
    return String(output)
  }

  private struct Edit {
    var range: Range<Int>
    var replacement: String
  }

  /// A recursive-descent JSON scanner over Unicode scalars (libyaml counts columns in scalars).
  /// Nesting is bounded, so a hostile file cannot exhaust the stack.
  private struct Scanner {
    let scalars: [Unicode.Scalar]
    let path: String
    var position = 0
    var line = 1
    var column = 1
    var depth = 0
    var edits: [Edit] = []
    static let deepest = 512

    init(scalars: [Unicode.Scalar], path: String) {
      self.scalars = scalars
      self.path = path
    }

    func error(_ message: String) -> ScenarioError {
      ScenarioError(.jsonSyntax(message), at: SourceLocation(file: path, line: line, column: column))
    }

    var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    mutating func advance() {
      guard let scalar = current else { return }
      position += 1
      if scalar == "\n" {
        line += 1
        column = 1
      } else if scalar == "\r" {
        if current != "\n" {
          line += 1
          column = 1
        }
      } else {
        column += 1
      }
    }

    mutating func skipSpace() throws(ScenarioError) {
      while let scalar = current, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" { advance() }
    }

    mutating func expect(_ word: String) throws(ScenarioError) {
      for expected in word.unicodeScalars {
        guard current == expected else { throw error("expected '\(word)'") }
        advance()
      }
    }

    mutating func value() throws(ScenarioError) {
      guard let scalar = current else { throw error("the document ends where a value should be") }
      switch scalar {
      case "{": try object()
      case "[": try array()
      case "\"": _ = try string()
      case "t": try expect("true")
      case "f": try expect("false")
      case "n": try expect("null")
      case "-", "0"..."9": try number()
      default: throw error("'\(scalar.escaped(asASCII: true))' cannot start a JSON value")
      }
    }

    mutating func nested(_ body: (inout Scanner) throws(ScenarioError) -> Void) throws(ScenarioError) {
      depth += 1
      guard depth <= Self.deepest else { throw error("nested more than \(Self.deepest) deep") }
      try body(&self)
      depth -= 1
    }

    mutating func object() throws(ScenarioError) {
      try nested { (scanner: inout Scanner) throws(ScenarioError) in
        scanner.advance()
        try scanner.skipSpace()
        if scanner.current == "}" { return scanner.advance() }
        while true {
          guard scanner.current == "\"" else { throw scanner.error("expected a key in double quotes") }
          let start = scanner.position
          let length = try scanner.string()
          if length > JSONScenarioText.longestSimpleKey {
            scanner.edits.append(Edit(range: start..<start, replacement: "? "))
          }
          try scanner.skipSpace()
          guard scanner.current == ":" else { throw scanner.error("expected ':' after the key") }
          scanner.advance()
          try scanner.skipSpace()
          try scanner.value()
          try scanner.skipSpace()
          if scanner.current == "," {
            scanner.advance()
            try scanner.skipSpace()
            continue
          }
          guard scanner.current == "}" else { throw scanner.error("expected ',' or '}' in the object") }
          return scanner.advance()
        }
      }
    }

    mutating func array() throws(ScenarioError) {
      try nested { (scanner: inout Scanner) throws(ScenarioError) in
        scanner.advance()
        try scanner.skipSpace()
        if scanner.current == "]" { return scanner.advance() }
        while true {
          try scanner.value()
          try scanner.skipSpace()
          if scanner.current == "," {
            scanner.advance()
            try scanner.skipSpace()
            continue
          }
          guard scanner.current == "]" else { throw scanner.error("expected ',' or ']' in the array") }
          return scanner.advance()
        }
      }
    }

    /// Reads a string; returns how many characters it holds.
    mutating func string() throws(ScenarioError) -> Int {
      advance()
      var length = 0
      while true {
        guard let scalar = current else { throw error("the string is not closed") }
        if scalar == "\"" {
          advance()
          return length
        }
        if scalar.value < 0x20 { throw error("a control character in a string; write it as an escape (\\n, \\t)") }
        if scalar == "\\" {
          let start = position
          advance()
          guard let escape = current else { throw error("the string is not closed") }
          switch escape {
          case "\"", "\\", "/", "b", "f", "n", "r", "t": advance()
          case "u":
            advance()
            let high = try hex()
            if (0xD800...0xDBFF).contains(high) {
              guard current == "\\" else { throw error("a lone UTF-16 surrogate \\u\(hexText(high))") }
              advance()
              guard current == "u" else { throw error("a lone UTF-16 surrogate \\u\(hexText(high))") }
              advance()
              let low = try hex()
              guard (0xDC00...0xDFFF).contains(low) else { throw error("a lone UTF-16 surrogate \\u\(hexText(high))") }
              let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
              edits.append(Edit(range: start..<position, replacement: "\\U" + hexText(combined, digits: 8)))
            } else if (0xDC00...0xDFFF).contains(high) {
              throw error("a lone UTF-16 surrogate \\u\(hexText(high))")
            }
          default: throw error("'\\\(escape.escaped(asASCII: true))' is not a JSON escape")
          }
        } else {
          advance()
        }
        length += 1
      }
    }

    mutating func hex() throws(ScenarioError) -> UInt32 {
      var value: UInt32 = 0
      for _ in 0..<4 {
        guard let scalar = current, let digit = Int(String(scalar), radix: 16) else {
          throw error("\\u needs four hexadecimal digits")
        }
        value = value * 16 + UInt32(digit)
        advance()
      }
      return value
    }

    func hexText(_ value: UInt32, digits: Int = 4) -> String {
      let text = String(value, radix: 16, uppercase: true)
      return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    mutating func number() throws(ScenarioError) {
      if current == "-" { advance() }
      guard let first = current, ("0"..."9").contains(first) else { throw error("a number needs a digit") }
      if first == "0" {
        advance()
      } else {
        while let digit = current, ("0"..."9").contains(digit) { advance() }
      }
      if current == "." {
        advance()
        guard let digit = current, ("0"..."9").contains(digit) else { throw error("a digit must follow '.'") }
        while let digit = current, ("0"..."9").contains(digit) { advance() }
      }
      if current == "e" || current == "E" {
        advance()
        if current == "+" || current == "-" { advance() }
        guard let digit = current, ("0"..."9").contains(digit) else { throw error("an exponent needs a digit") }
        while let digit = current, ("0"..."9").contains(digit) { advance() }
      }
    }
  }
}
