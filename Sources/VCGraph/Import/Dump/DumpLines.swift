import Foundation

/// The lines of the input as they come, sorted into ``DumpItem``s; says when to stop reading.
struct DumpLines {
  let path: String
  private(set) var items: [DumpItem] = []
  /// The line reading stopped at, after too much text following the dump.
  private(set) var stoppedAt: Int?
  /// Bytes since the last controller line.
  private var skippedBytes = 0
  private var sawController = false
  private var controllerCount = 0

  init(path: String) {
    self.path = path
  }

  /// Sorts one line; false when reading should stop here.
  mutating func add(_ bytes: [UInt8], number: Int) throws(DumpError) -> Bool {
    var characters = Array(try Self.decoded(bytes, number: number, path: path))
    if number == 1, characters.first == "\u{FEFF}" { characters.removeFirst() }
    let before = items.count
    sort(DumpLine(number: number, characters: characters, firstColumn: 1))
    let controllers = items[before...].count { if case .controller = $0 { true } else { false } }
    if controllers > 0 {
      controllerCount += controllers
      if controllerCount > HierarchyDump.maximumControllerLines {
        throw DumpError(
          .tooManyControllers(limit: HierarchyDump.maximumControllerLines),
          at: SourceLocation(file: path, line: number, column: 1))
      }
      sawController = true
      skippedBytes = 0
      return true
    }
    skippedBytes += bytes.count + 1
    guard skippedBytes > HierarchyDump.maximumSkippedBytes else { return true }
    guard sawController else {
      throw DumpError(
        .noDumpInSkippedText(limit: HierarchyDump.maximumSkippedBytes),
        at: SourceLocation(file: path, line: number, column: 1))
    }
    stoppedAt = number
    return false
  }

  /// The line's text, or an error at its first byte that is not UTF-8.
  private static func decoded(_ bytes: [UInt8], number: Int, path: String) throws(DumpError) -> String {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var validCount = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case let .valid(scalar): validCount += scalar.count
      case .emptyInput: return String(decoding: bytes, as: UTF8.self)
      case .error:
        let valid = String(decoding: bytes.prefix(validCount), as: UTF8.self)
        throw DumpError(
          .notUTF8(byte: bytes[validCount]), at: DumpLine.end(of: valid, number: number, path: path))
      }
    }
  }

  /// Sorts `line`: quote marks, lldb's wrapper and quoted strings are taken off first.
  private mutating func sort(_ line: DumpLine) {
    var line = line.trimmed()
    var notes: [LineNote] = []
    // Markdown or e-mail quotes: "> ", "> > ".
    while true {
      let spaces = line.characters.prefix { $0 == " " }.count
      guard spaces <= 3, line.starts(with: ">", at: spaces) else { break }
      line = line.dropping(spaces + 1)
      if line.characters.first == " " { line = line.dropping(1) }
      notes = [.quoted]
    }
    for part in Self.unwrapped(line) {
      sortPart(part.trimmed(), notes: notes)
    }
  }

  private mutating func sortPart(_ line: DumpLine, notes: [LineNote]) {
    var line = line
    var notes = notes
    let content = line.dropping(line.leadingBlanks)
    let text = content.text
    if text.isEmpty {
      items.append(.skipped(number: line.number, note: nil))
      return
    }
    if text.hasPrefix("```") || text.hasPrefix("~~~") {
      guard text.contains("<") else {
        items.append(.fence(number: line.number))
        return
      }
    }
    if let note = Self.command(text) {
      items.append(.skipped(number: line.number, note: note))
      return
    }
    // Inline code: "`<A>, state: …`", or a fence on the dump's own line.
    let leading = content.characters.prefix { $0 == "`" }.count
    let trailing = content.characters.reversed().prefix { $0 == "`" }.count
    if leading > 0 || trailing > 0, leading < content.characters.count {
      line = (leading > 0 ? content.dropping(leading) : line).droppingLast(trailing)
      notes.append(.backticks)
    }
    // "   |    | <" (any spaces, tabs and markers before a "<").
    let indent = line.characters.prefix { $0 == " " || $0 == "\t" || $0 == "|" || $0 == "+" }.count
    if line.characters.indices.contains(indent), line.characters[indent] == "<" {
      let parsed = ParsedLine.parse(line, path: path)
      // An HTML tag (`</details>`) is text; a line with a marker or a state is a broken controller line.
      if case let .failure(error) = parsed, !line.characters[..<indent].contains(where: { $0 == "|" || $0 == "+" }),
        !line.text.contains(", state:")
      {
        items.append(
          .text(number: line.number, error: error, isBrokenController: Self.saysWhatAControllerLineSays(line.text)))
        return
      }
      items.append(.controller(parsed, number: line.number, notes: notes))
      return
    }
    // "2026-03-01 10:22:33.123456+0100 App[4242:1234567] <UITabBarController …>, state: …"
    if let start = Self.controllerAfterPrefix(in: line) {
      let prefix = String(line.characters[..<start]).trimmingCharacters(in: .whitespaces)
      notes.append(.prefix(prefix))
      items.append(
        .controller(ParsedLine.parse(line.dropping(start), path: path), number: line.number, notes: notes))
      return
    }
    let hasMarkers = line.characters[..<indent].contains { $0 == "|" || $0 == "+" }
    // Markers right after a controller line, then something else than "<": a controller line of the
    // tree that cannot be read (`   | Inbox.MessageViewController state=appeared`), not text after it.
    if hasMarkers, indent < line.characters.count, case .controller? = items.last {
      items.append(.controller(ParsedLine.parse(line, path: path), number: line.number, notes: notes))
      return
    }
    if Self.saysWhatAControllerLineSays(line.text), case let .failure(error) = ParsedLine.parse(line, path: path) {
      items.append(.text(number: line.number, error: error, isBrokenController: true))
      return
    }
    items.append(.text(number: line.number))
  }

  /// True for text that says what a controller line says: a state or a view.
  private static func saysWhatAControllerLineSays(_ text: String) -> Bool {
    ["state:", "state=", "view:", "(view not loaded)", "presented with:"].contains { text.contains($0) }
  }

  /// Where the indent of a controller line starts after other text: the line holds `<CLASS…>, state:`
  /// after something that is not an indent.
  private static func controllerAfterPrefix(in line: DumpLine) -> Int? {
    let characters = line.characters
    guard let state = line.text.range(of: ", state:") else { return nil }
    let stateOffset = line.text.distance(from: line.text.startIndex, to: state.lowerBound)
    // A log prefix is short: the first few "<" are tried (each try may read to the end of the line).
    for start in (1..<max(1, stateOffset)).lazy.filter({ characters[$0] == "<" }).prefix(8) {
      var scanner = LineScanner(line, path: "")
      scanner.offset = start
      guard (try? scanner.reference(of: "controller", example: "")) != nil, scanner.offset == stateOffset else {
        continue
      }
      // The indent starts at its first marker, or at the "<": spaces after the prefix are not indent.
      var indentStart = start
      while indentStart > 0, [" ", "\t", "|", "+"].contains(characters[indentStart - 1]) { indentStart -= 1 }
      guard indentStart > 0 else { return nil }
      while characters[indentStart] == " " || characters[indentStart] == "\t" { indentStart += 1 }
      return indentStart
    }
    return nil
  }

  /// Nil when `text` is not a debugger's command line; the note it needs when it is.
  private static func command(_ text: String) -> LineNote?? {
    if text.hasPrefix("(lldb)") || text.hasPrefix("▿ Optional<") || text.hasPrefix("cy#") { return .some(nil) }
    if text.hasPrefix("lldb)") { return .some(.promptTypo) }
    let command = text.prefix { $0 != " " && $0 != "\t" }
    return lldbCommands.contains(String(command)) ? .some(nil) : nil
  }

  private static let lldbCommands: Set<String> = ["po", "p", "print", "expr", "expression", "e", "call", "pvc"]

  /// The line without lldb's `  - some : ` prefix; when what follows is one quoted string (lldb's
  /// wrapper, cycript's `"…"` or `@"…"`, Swift's `Optional("…")`), the lines the string holds.
  private static func unwrapped(_ line: DumpLine) -> [DumpLine] {
    var line = line
    let marker = Array("- some : ")
    let indent = line.characters.prefix { $0 == " " }.count
    var isWrapped = false
    if line.characters.dropFirst(indent).starts(with: marker) {
      line = line.dropping(indent + marker.count)
      isWrapped = true
    }
    var start = line.leadingBlanks
    var end = line.characters.count
    if line.starts(with: "Optional(", at: start), line.characters.last == ")" {
      start += "Optional(".count
      end -= 1
    }
    if line.starts(with: "@\"", at: start) { start += 1 }
    guard end - start >= 2, line.characters[start] == "\"", line.characters[end - 1] == "\"" else {
      return [line]
    }
    let inner = String(line.characters[(start + 1)..<(end - 1)]).drop { $0 == " " || $0 == "|" || $0 == "+" }
    guard isWrapped || inner.hasPrefix("<") else { return [line] }
    return unescaped(line, from: start + 1, to: end - 1)
  }

  /// The lines of the Swift string literal between `start` and `end` of `line`, unescaped.
  private static func unescaped(_ line: DumpLine, from start: Int, to end: Int) -> [DumpLine] {
    var lines: [DumpLine] = []
    var characters: [Character] = []
    var columns: [Int] = []
    var offset = start
    func breakLine(at offset: Int) {
      lines.append(
        DumpLine(number: line.number, characters: characters, columns: columns, endColumn: line.column(at: offset)))
      characters = []
      columns = []
    }
    while offset < end {
      let character = line.characters[offset]
      let column = line.column(at: offset)
      guard character == "\\", offset + 1 < end else {
        characters.append(character)
        columns.append(column)
        offset += 1
        continue
      }
      let escaped = line.characters[offset + 1]
      offset += 2
      switch escaped {
      case "n": breakLine(at: offset - 2)
      case "r", "0": break
      case "t": characters.append("\t")
      case "u":
        // \u{1F600}
        let rest = line.characters[offset..<end]
        if rest.first == "{", let close = rest.firstIndex(of: "}"),
          let value = UInt32(String(rest[(offset + 1)..<close]), radix: 16), let scalar = Unicode.Scalar(value)
        {
          characters.append(Character(scalar))
          offset = close + 1
        } else {
          characters.append(contentsOf: ["\\", "u"])
        }
      default: characters.append(escaped)
      }
      while columns.count < characters.count { columns.append(column) }
    }
    breakLine(at: end)
    return lines
  }
}
