import Foundation

/// A hierarchy read from the text of UIKit's `_printHierarchy`, as lldb prints it for
/// `po UIViewController.value(forKey: "_printHierarchy")`:
///
/// ```
/// <UINavigationController: 0x7b3218d0>, state: appeared, view: <UILayoutContainerView: 0x7b4e1a20>
///    | <MyApp.HomeViewController: 0x7b3254c0>, state: appeared, view: <UIView: 0x7b4e3b10>
///    + <MyApp.LoginViewController: 0x7b32a9e0>, state: appeared, view: <UIView: 0x7b4e5c00>, presented with: <_UIPageSheetPresentationController: 0x7b1f0e40>
/// ```
///
/// Each line at depth 0 is the root of a window (named `1`, `2`, … in dump order; none is
/// key, since a dump does not say which is), or with `+ ` a controller outside any window. UIKit prints
/// a presented or detached controller that `_printHierarchy` was called on with `   + ` (its children
/// `   | `): a `   + ` line before any other controller line is such a controller at depth 0, outside
/// any window; after it, `   + ` is presented by the line above, as usual. Controller
/// ids are class names without their module, numbered from the second of a name on
/// (`HomeViewController`, `HomeViewController-2`); what each line printed is kept in its ``DumpRecord``.
public struct HierarchyDump: Sendable {
  /// The hierarchy the dump describes.
  public let hierarchy: Hierarchy
  /// The text that was read, unchanged (up to where reading stopped, see ``maximumSkippedBytes``).
  public let text: String
  /// Where the text came from: a file path, or "<stdin>".
  public let path: String
  /// True when the addresses the dump prints were kept.
  public let keepsPointers: Bool
  /// What the reader assumed to read text that is not exactly as lldb prints it, in line order;
  /// empty for a dump as lldb prints it.
  public let warnings: [DumpWarning]

  /// The most bytes read from one input (a file or standard input): 64 MiB. A dump of 5,000
  /// controllers is under 1 MiB.
  public static let maximumInputBytes = 64 << 20
  /// The most controller lines read from one dump: 100,000 (reading stops with an error there).
  public static let maximumControllerLines = 100_000
  /// The longest line read: 1 MiB (a dump quoted as one string is one line).
  public static let maximumLineBytes = 1 << 20
  /// The most text skipped in a row outside a dump: 1 MiB. More before the first controller line is
  /// an error; more after the dump stops reading there, with a warning.
  public static let maximumSkippedBytes = 1 << 20

  /// The text as vcgraph shows it back (in a report): unchanged when pointers are kept, otherwise
  /// with the addresses of controllers, views and presentation controllers left out, as the text
  /// export prints them: `<Foo 0x7b3218d0>` and `<Foo: 0x7b3218d0>` become `<Foo>`.
  public var shownText: String {
    keepsPointers
      ? text : text.replacingOccurrences(of: ":? 0[xX][0-9a-fA-F]+>", with: ">", options: .regularExpression)
  }

  /// Reads dump text; `path` names it in messages. With `keepsPointers` false, every address
  /// (controller, view, presentation controller) is dropped from the records.
  public init(text: String, path: String, keepsPointers: Bool = false) throws(DumpError) {
    try self.init(data: Data(text.utf8), path: path, keepsPointers: keepsPointers)
  }

  /// Reads dump text encoded as UTF-8 (a file's or standard input's bytes); `path` names it in
  /// messages. Text that is not UTF-8 is rejected at the line and column of the first invalid byte.
  public init(data: Data, path: String, keepsPointers: Bool = false) throws(DumpError) {
    var chunk: Data? = data
    try self.init(path: path, keepsPointers: keepsPointers) {
      defer { chunk = nil }
      return chunk
    }
  }

  /// Reads the dump in a UTF-8 text file, line by line, within the limits ``maximumInputBytes``,
  /// ``maximumLineBytes`` and ``maximumSkippedBytes``.
  public init(contentsOfFile path: String, keepsPointers: Bool = false) throws(DumpError) {
    switch InputFile.handle(for: path, folderHint: "give the text file the dump was saved to") {
    case let .success(handle):
      defer { try? handle.close() }
      try self.init(reading: handle, path: path, keepsPointers: keepsPointers)
    case let .failure(problem):
      throw DumpError(.unreadable(problem.reason), at: SourceLocation(file: path, line: 1, column: 1))
    }
  }

  /// Reads a dump from an open file or pipe (standard input) line by line, and stops reading as
  /// soon as the limits say it is not a dump: after ``maximumSkippedBytes`` of text without a
  /// controller line, or ``maximumInputBytes`` in all.
  public init(reading handle: FileHandle, path: String, keepsPointers: Bool = false) throws(DumpError) {
    try self.init(path: path, keepsPointers: keepsPointers) {
      guard let chunk = try? handle.read(upToCount: 64 * 1024), !chunk.isEmpty else { return nil }
      return chunk
    }
  }

  /// Reads the chunks `next` gives until it gives nil or the reader stops.
  private init(path: String, keepsPointers: Bool, chunks next: () -> Data?) throws(DumpError) {
    var lines = DumpLines(path: path)
    var read = Data()
    var line: [UInt8] = []
    var number = 1
    var afterCR = false
    var stopped = false
    reading: while let chunk = next() {
      read.append(chunk)
      for byte in chunk {
        if afterCR {
          afterCR = false
          if byte == 0x0A { continue }
        }
        if byte == 0x0A || byte == 0x0D {
          guard try lines.add(line, number: number) else {
            stopped = true
            break reading
          }
          line.removeAll(keepingCapacity: true)
          number += 1
          afterCR = byte == 0x0D
        } else {
          line.append(byte)
          if line.count > Self.maximumLineBytes {
            throw DumpError(
              .lineTooLong(limit: Self.maximumLineBytes), at: SourceLocation(file: path, line: number, column: 1))
          }
        }
      }
      if read.count > Self.maximumInputBytes {
        throw DumpError(
          .inputTooLong(limit: Self.maximumInputBytes), at: SourceLocation(file: path, line: number, column: 1))
      }
    }
    if !stopped { _ = try lines.add(line, number: number) }
    self.text = String(decoding: read, as: UTF8.self)
    self.path = path
    self.keepsPointers = keepsPointers
    var reader = DumpReader(path: path, keepsPointers: keepsPointers)
    hierarchy = try reader.read(lines.items)
    var warnings = reader.warnings
    if let line = lines.stoppedAt {
      warnings.append(
        DumpWarning(
          path: path, line: line,
          message: "stopped reading: \(DumpError.Problem.size(Self.maximumSkippedBytes)) of text without a"
            + " controller line after the dump; the rest of the input is left out"))
    }
    self.warnings = warnings
  }
}

// MARK: - Lines

/// A line of the dump that may hold a controller, with the column in the file of each character.
///
/// Columns differ from positions when a prefix was left out (lldb's wrapper `  - some : `, quote
/// marks `> `, a log prefix) or when the dump was one quoted string whose `\n` escapes were read
/// as line breaks.
private struct DumpLine {
  /// The line in the file, from 1.
  var number: Int
  var characters: [Character]
  /// The column of each character, from 1.
  var columns: [Int]
  /// The column just after the last character.
  var endColumn: Int

  init(number: Int, characters: [Character], firstColumn: Int) {
    self.number = number
    self.characters = characters
    columns = characters.indices.map { firstColumn + $0 }
    endColumn = firstColumn + characters.count
  }

  init(number: Int, characters: [Character], columns: [Int], endColumn: Int) {
    self.number = number
    self.characters = characters
    self.columns = columns
    self.endColumn = endColumn
  }

  func column(at offset: Int) -> Int {
    columns.indices.contains(offset) ? columns[offset] : endColumn
  }

  /// The line without its first `count` characters.
  func dropping(_ count: Int) -> DumpLine {
    let count = min(count, characters.count)
    return DumpLine(
      number: number, characters: Array(characters[count...]), columns: Array(columns[count...]),
      endColumn: endColumn)
  }

  /// The line without its last `count` characters.
  func droppingLast(_ count: Int) -> DumpLine {
    let end = characters.count - min(count, characters.count)
    return DumpLine(
      number: number, characters: Array(characters[..<end]), columns: Array(columns[..<end]),
      endColumn: column(at: end))
  }

  /// The line without trailing spaces, tabs or carriage returns.
  func trimmed() -> DumpLine {
    var end = characters.count
    while end > 0, characters[end - 1].isWhitespace { end -= 1 }
    return end < characters.count ? droppingLast(characters.count - end) : self
  }

  /// How many spaces and tabs the line starts with.
  var leadingBlanks: Int { characters.prefix { $0 == " " || $0 == "\t" }.count }

  func starts(with literal: String, at offset: Int = 0) -> Bool {
    offset <= characters.count && characters[offset...].starts(with: literal)
  }

  var text: String { String(characters) }

  /// Where the text just after `text` starts: the line, and the column after its last character
  /// (a byte order mark at the start is not counted, as when the dump is read).
  static func end(of text: String, number: Int, path: String) -> SourceLocation {
    var column = text.count + 1
    if number == 1, text.first == "\u{FEFF}" { column -= 1 }
    return SourceLocation(file: path, line: number, column: column)
  }
}

/// Something the reader assumed about a line, reported once per kind if the line is part of the dump.
private enum LineNote: Hashable {
  /// The line was quoted with `> ` (Markdown, e-mail).
  case quoted
  /// Text before the controller (a log prefix: date, process and thread) was left out.
  case prefix(String)
  /// Markdown backticks around the line were left out.
  case backticks
  /// `lldb) ` read as lldb's prompt `(lldb) `.
  case promptTypo

  var message: String {
    switch self {
    case .quoted: return "the dump is quoted with \">\"; the quote marks are left out"
    case let .prefix(text):
      let quoted = text.count > 60 ? String(text.prefix(60)) + "…" : text
      return "text before the controller left out (a log prefix?): \"\(quoted)\""
    case .backticks: return "Markdown backticks (\"`\") around the dump left out"
    case .promptTypo: return "\"lldb)\" read as lldb's prompt \"(lldb)\""
    }
  }
}

/// One line of the input, or one line of a quoted string in it, as the reader sorted it.
private enum DumpItem {
  /// Blank, an lldb or cycript command, lldb's wrapper: skipped wherever it is.
  case skipped(number: Int, note: LineNote?)
  /// A Markdown code fence: skipped, and the end of the dump when it follows one.
  case fence(number: Int)
  /// Text that is not part of a dump: left out (with a warning) before or after the dump. A line
  /// that starts like a controller line but is not one keeps its error, reported when the text
  /// holds no dump at all.
  case text(number: Int, error: DumpError? = nil)
  /// A line that reads as a controller line (or starts like one and fails, with its error).
  case controller(Result<ParsedLine, DumpError>, number: Int, notes: [LineNote])

  var number: Int {
    switch self {
    case let .skipped(number, _), let .fence(number), let .text(number, _), let .controller(_, number, _):
      return number
    }
  }
}

/// The lines of the input as they come, sorted into ``DumpItem``s; says when to stop reading.
private struct DumpLines {
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
        items.append(.text(number: line.number, error: error))
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
    items.append(.text(number: line.number))
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

/// A reader of one dump line's characters, left to right.
private struct LineScanner {
  let line: DumpLine
  let path: String
  var offset = 0

  init(_ line: DumpLine, path: String) {
    self.line = line
    self.path = path
  }

  var isAtEnd: Bool { offset >= line.characters.count }
  var next: Character? { line.characters.indices.contains(offset) ? line.characters[offset] : nil }
  var column: Int { line.column(at: offset) }

  func location(at offset: Int) -> SourceLocation {
    SourceLocation(file: path, line: line.number, column: line.column(at: offset))
  }

  func startsWith(_ literal: String) -> Bool {
    line.characters[min(offset, line.characters.count)...].starts(with: literal)
  }

  mutating func take(_ literal: String) -> Bool {
    guard startsWith(literal) else { return false }
    offset += literal.count
    return true
  }

  /// The text from here on, cut to what a message quotes.
  var found: String {
    let rest = line.characters[min(offset, line.characters.count)...]
    let quoted = String(rest.prefix(DumpError.Problem.quotedLength))
    return rest.count > DumpError.Problem.quotedLength ? quoted + "…" : quoted
  }

  func expected(_ what: String) -> DumpError {
    DumpError(.expected(what, found: found), at: location(at: offset))
  }

  /// Takes `label` (like `", view:"`) and the run of spaces after it, at least one; takes nothing
  /// when they are not next. Older iOS versions print two spaces after some labels.
  mutating func takeLabel(_ label: String) -> Bool {
    guard startsWith(label + " ") else { return false }
    offset += label.count
    while next == " " { offset += 1 }
    return true
  }

  /// Takes `label` and the spaces after it, or throws what was expected: the label and one space.
  mutating func expectLabel(_ label: String, _ context: String) throws(DumpError) {
    guard takeLabel(label) else { throw expected("\"\(label) \" \(context)") }
  }

  /// `<CLASS>`, `<CLASS POINTER>` or `<CLASS: POINTER>`; the class name may hold generic arguments
  /// with spaces (`<Box<A, B>: 0x…>`), tuples, arrays and function arrows (`<Box<(Int) -> ()>>`), with
  /// balanced brackets: a `)`, `]` or `>` that closes no bracket, or one of another kind, is an error there.
  mutating func reference(
    of what: String, example: String
  ) throws(DumpError) -> (className: String, address: String?, addressOffset: Int) {
    guard take("<") else { throw expected(example) }
    let nameStart = offset
    // The brackets open in the name, with their offsets.
    var open: [(bracket: Character, offset: Int)] = []
    scan: while let character = next {
      switch character {
      case "<", "(", "[": open.append((character, offset))
      case ">" where open.isEmpty: break scan
      case ">" where offset > nameStart && line.characters[offset - 1] == "-":
        break  // A function type's arrow.
      case ")", "]", ">":
        let opener: Character = character == ")" ? "(" : character == "]" ? "[" : "<"
        guard let last = open.last, last.bracket == opener else {
          throw DumpError(
            .unbalancedBracket(
              character, name: what, opened: open.last?.bracket,
              openedColumn: open.last.map { line.column(at: $0.offset) }
            ),
            at: location(at: offset))
        }
        open.removeLast()
      case " " where open.isEmpty: break scan
      case ":"
      where open.isEmpty && line.characters.indices.contains(offset + 1)
        && line.characters[offset + 1] == " ":
        break scan
      default: break
      }
      offset += 1
    }
    let className = String(line.characters[nameStart..<offset])
    guard !className.isEmpty else { throw expected("the \(what)'s class name after \"<\"") }
    guard !isAtEnd else { throw expected("\">\" to close the \(what)") }
    if take(">") { return (className, nil, offset) }
    _ = take(":")
    _ = take(" ")
    let addressOffset = offset
    guard take("0x") || take("0X") else { throw expected("a pointer like 0x7b3218d0 after the class name") }
    while let character = next, character.isHexDigit { offset += 1 }
    guard offset > addressOffset + 2 else {
      offset = addressOffset
      throw expected("a pointer like 0x7b3218d0 after the class name")
    }
    let address = String(line.characters[addressOffset..<offset])
    guard take(">") else { throw expected("\">\" after the pointer") }
    return (className, address, addressOffset)
  }
}

// MARK: - Reading

/// What one controller line says on its own, before its depth is known.
private struct ParsedLine {
  var number: Int
  /// The `|` and `+` before the `<`, in order.
  var markers: [Character]
  /// The column of each marker.
  var markerColumns: [Int]
  /// The column where each marker's level starts (`   | ` as lldb prints it): where a depth
  /// jump is reported.
  var levelColumns: [Int]
  /// The spaces, tabs and markers before the `<`.
  var indent: String
  /// The column of the line's first character.
  var firstColumn: Int
  var printedClassName: String
  var address: String?
  var addressColumn: Int
  var appearance: AppearanceState
  /// Nil for `(view not loaded)`.
  var view: DumpRecord.View?
  var presentationController: DumpRecord.PresentationController?

  /// True for a line whose last marker is `+`.
  var isPresented: Bool { markers.last == "+" }

  /// Reads one controller line: the indent, `<CLASS POINTER>, state: STATE, view: VIEW`, and for a
  /// presented controller `, presented with: PC`.
  static func parse(_ line: DumpLine, path: String) -> Result<ParsedLine, DumpError> {
    do throws(DumpError) {
      return .success(try parsed(line, path: path))
    } catch {
      return .failure(error)
    }
  }

  private static func parsed(_ line: DumpLine, path: String) throws(DumpError) -> ParsedLine {
    var scanner = LineScanner(line, path: path)
    var markers: [Character] = []
    var markerColumns: [Int] = []
    var levelColumns: [Int] = []
    while let character = scanner.next, [" ", "\t", "|", "+"].contains(character) {
      if character != " " && character != "\t" {
        levelColumns.append(
          markers.isEmpty ? line.column(at: 0) : min(line.column(at: scanner.offset), markerColumns.last! + 2))
        markers.append(character)
        markerColumns.append(scanner.column)
      }
      scanner.offset += 1
    }
    // A "+" that is not last is reported at the "+".
    if let plus = markers.dropLast().firstIndex(of: "+") {
      throw DumpError(.plusNotLast, at: SourceLocation(file: path, line: line.number, column: markerColumns[plus]))
    }
    let indent = String(line.characters[..<scanner.offset])
    let isPresented = markers.last == "+"

    // <CLASS POINTER>
    let controller = try scanner.reference(of: "controller", example: "\"<\" to start a controller")
    var entry = ParsedLine(
      number: line.number, markers: markers, markerColumns: markerColumns, levelColumns: levelColumns,
      indent: indent, firstColumn: line.column(at: 0), printedClassName: controller.className,
      address: controller.address, addressColumn: line.column(at: controller.addressOffset), appearance: .disappeared)

    // , state: STATE
    try scanner.expectLabel(", state:", "after the controller")
    let wordOffset = scanner.offset
    while let character = scanner.next, character != ",", character != " " { scanner.offset += 1 }
    let word = String(line.characters[wordOffset..<scanner.offset])
    guard !word.isEmpty else {
      throw scanner.expected("a state (" + AppearanceState.allCases.map(\.rawValue).joined(separator: ", ") + ")")
    }
    guard let appearance = AppearanceState(rawValue: word) else {
      throw DumpError(.unknownState(word), at: scanner.location(at: wordOffset))
    }
    entry.appearance = appearance

    // , view: VIEW
    try scanner.expectLabel(", view:", "after the state")
    if !scanner.take("(view not loaded)") {
      let view = try scanner.reference(
        of: "view", example: "\"(view not loaded)\" or a view like <UIView: 0x7b3218d0>")
      let isInWindow = !scanner.take(" not in the window")
      entry.view = DumpRecord.View(className: view.className, address: view.address, isInWindow: isInWindow)
    }

    // , presented with: PC
    if !scanner.isAtEnd {
      let presentedWithOffset = scanner.offset
      guard scanner.takeLabel(", presented with:") else {
        throw scanner.expected("\", presented with: \" or the end of the line after the view")
      }
      guard isPresented else {
        throw DumpError(
          markers.isEmpty ? .rootWithPresentationController : .childWithPresentationController,
          at: scanner.location(at: presentedWithOffset))
      }
      if scanner.take("(null)") {
        entry.presentationController = DumpRecord.PresentationController(className: nil)
      } else {
        let controller = try scanner.reference(
          of: "presentation controller",
          example: "\"(null)\" or a presentation controller like <_UIPageSheetPresentationController: 0x7b3218d0>")
        entry.presentationController = DumpRecord.PresentationController(
          className: controller.className, address: controller.address)
      }
      guard scanner.isAtEnd else { throw scanner.expected("the end of the line after the presentation controller") }
    }
    return entry
  }
}

/// A controller line of the dump, placed: its depth and relations.
private struct ControllerLine {
  var line: ParsedLine
  var depth: Int
  /// The controller that contains or presents this one, by its position in the dump.
  var parent: Int?
  var presenter: Int?
  var children: [Int] = []
  /// The window this line is the root of, from 1.
  var window: Int?

  var number: Int { line.number }
  var printedClassName: String { line.printedClassName }
  var appearance: AppearanceState { line.appearance }
  var view: DumpRecord.View? { line.view }
}

/// Finds the dump among the lines, gives each controller line its depth from its markers, checks how
/// the lines relate, and builds the hierarchy.
///
/// The depth of a line is the number of `|` and `+` markers before its `<`, whatever the spaces
/// around them; as lldb prints them (`   | ` per level) nothing is reported, otherwise one warning
/// per kind of change. Two exceptions keep UIKit's own forms: a `+ ` at the start of a line (when
/// the other lines keep their leading spaces) and a first line with one `+` are at depth 0.
private struct DumpReader {
  let path: String
  let keepsPointers: Bool
  private(set) var warnings: [DumpWarning] = []

  private var entries: [ControllerLine] = []
  /// `stack[d]`: the entry of the last line read at depth d; nil for a level the dump leaves out
  /// (a dump that starts deeper than 0).
  private var stack: [Int?] = []
  /// The entry each presenting entry presents.
  private var presented: [Int: Int] = [:]
  /// The first line of each controller pointer, in lower case.
  private var pointerLines: [String: Int] = [:]
  private var windowCount = 0
  /// The kinds of warning already given.
  private var warned: Set<String> = []

  init(path: String, keepsPointers: Bool) {
    self.path = path
    self.keepsPointers = keepsPointers
  }

  private mutating func warn(_ line: Int, _ message: String, once kind: String? = nil) {
    if let kind, !warned.insert(kind).inserted { return }
    warnings.append(DumpWarning(path: path, line: line, message: message))
  }

  /// True when the item at `index` starts a dump: a controller line that reads, or one followed by
  /// a deeper controller line that reads (so its error is the dump's; `<details>` and `<summary>`
  /// lines of HTML before a dump are neither).
  private static func startsDump(_ items: [DumpItem], at index: Int) -> Bool {
    guard case let .controller(result, _, _) = items[index] else { return false }
    if case .success = result { return true }
    for item in items[(index + 1)...] {
      switch item {
      case .skipped: continue
      case let .controller(next, _, _): return (try? next.get())?.markers.isEmpty == false
      case .fence, .text: return false
      }
    }
    return false
  }

  mutating func read(_ items: [DumpItem]) throws(DumpError) -> Hierarchy {
    guard let start = items.indices.first(where: { Self.startsDump(items, at: $0) }) else {
      for case let .controller(.failure(error), _, _) in items { throw error }
      for case let .text(_, error?) in items { throw error }
      throw DumpError(.noControllers, at: SourceLocation(file: path, line: 1, column: 1))
    }
    let end =
      items[start...].firstIndex { if case .text = $0 { true } else if case .fence = $0 { true } else { false } }
      ?? items.count
    let region = items[start..<end]
    let lastLine = region.last { if case .controller = $0 { true } else { false } }?.number ?? items[start].number

    // After the dump: text, then perhaps another dump, which is ambiguous.
    for index in end..<items.count where Self.startsDump(items, at: index) {
      guard case let .controller(result, number, _) = items[index] else { continue }
      let markers = (try? result.get())?.markers ?? []
      throw DumpError(
        .textInsideDump(textLine: items[end].number, dumpEnd: lastLine, continues: !markers.isEmpty),
        at: SourceLocation(file: path, line: number, column: (try? result.get())?.firstColumn ?? 1))
    }

    // Notes of skipped lines anywhere, then the text left out before the dump.
    for case let .skipped(number, note?) in items[..<end] { warn(number, note.message, once: "\(note)") }
    let textBefore = items[..<start].compactMap { item -> Int? in
      switch item {
      case let .text(number, _), let .controller(_, number, _): return number
      default: return nil
      }
    }
    if let first = textBefore.first, let last = textBefore.last {
      warn(first, "text before the dump left out" + Self.lines(first, last))
    }

    let lines = region.compactMap { item -> (ParsedLine, [LineNote])? in
      guard case let .controller(result, _, notes) = item else { return nil }
      return (try? result.get()).map { ($0, notes) }
    }
    // The region's first error, in line order.
    for case let .controller(.failure(error), _, _) in region { throw error }
    try place(lines.map(\.0))
    for (line, notes) in lines {
      for note in notes { warn(line.number, note.message, once: "\(note)") }
    }

    let textAfter = items[end...].compactMap { item -> Int? in
      switch item {
      case let .text(number, _), let .controller(_, number, _): return number
      default: return nil
      }
    }
    if let first = textAfter.first, let last = textAfter.last {
      warn(first, "text after the dump left out" + Self.lines(first, last))
    }
    warnings.sort { $0.line < $1.line }
    return build()
  }

  /// Nothing for one line, ` (lines 3–9)` for several.
  private static func lines(_ first: Int, _ last: Int) -> String {
    first == last ? "" : " (lines \(first)–\(last))"
  }

  /// Gives each line its depth and relations.
  private mutating func place(_ lines: [ParsedLine]) throws(DumpError) {
    guard let first = lines.first else { return }
    // Spaces every line starts with (a dump pasted inside a comment or a list): the first line's,
    // when it is at depth 0.
    let common = first.markers.isEmpty ? first.indent : ""
    if !common.isEmpty {
      let count = common.count
      warn(
        first.number,
        "the dump is indented by \(count) \(count == 1 ? "character" : "characters") more than lldb prints it;"
          + " they are left out", once: "common")
    }
    let indents = lines.map { $0.indent.hasPrefix(common) ? String($0.indent.dropFirst(common.count)) : $0.indent }
    // Leading spaces stripped: a "|" at the start of a line.
    let isStripped = indents.contains { $0.hasPrefix("|") }

    for (position, line) in lines.enumerated() {
      let indent = indents[position]
      var depth = line.markers.count
      if line.markers.isEmpty {
        if !line.indent.hasPrefix(common) || line.indent.count > common.count {
          guard line.indent.count <= common.count else {
            throw DumpError(
              .indentWithoutMarkers, at: SourceLocation(file: path, line: line.number, column: line.firstColumn))
          }
          warn(line.number, "indentation differs from the other lines; depth taken from the markers", once: "changed")
        }
      } else if line.markers == ["+"], position == 0 {
        // UIKit prints the presented controller `_printHierarchy` was called on with "   + ", its
        // children with "   | ". Children with "   |    | " say the dump leaves out its presenter.
        depth = lines.count > 1 && lines[1].markers.count == 2 ? 1 : 0
      } else if line.markers == ["+"], !isStripped, indent.hasPrefix("+") {
        depth = 0
      }
      if !line.markers.isEmpty {
        let lldbIndent = line.markers.map { "   \($0) " }.joined()
        if indent == lldbIndent || (depth == 0 && indent == "+ ") {
          // As lldb prints it.
        } else if indent == String(lldbIndent.dropFirst(3)) {
          warn(line.number, "leading spaces stripped; depth taken from the \"|\" markers", once: "stripped")
        } else if indent.count < lldbIndent.count {
          warn(line.number, "indentation collapsed; depth taken from the \"|\" markers", once: "collapsed")
        } else {
          warn(
            line.number, "indentation differs from lldb's (\"   | \" per level); depth taken from the \"|\" markers",
            once: "changed")
        }
      }
      try add(line, depth: depth)
    }
  }

  private mutating func add(_ line: ParsedLine, depth: Int) throws(DumpError) {
    let index = entries.count
    var entry = ControllerLine(line: line, depth: depth)
    if depth > stack.count && !stack.isEmpty {
      throw DumpError(
        .depthJump(from: stack.count - 1, to: depth),
        at: SourceLocation(file: path, line: line.number, column: line.levelColumns[stack.count]))
    }
    if depth == 0 {
      if !line.isPresented {
        windowCount += 1
        entry.window = windowCount
      }
    } else if depth <= stack.count, let container = stack[depth - 1] {
      if line.isPresented {
        if let first = presented[container] {
          throw DumpError(
            .presentedTwice(
              presenter: entries[container].printedClassName, presenterLine: entries[container].number,
              firstPresentedLine: entries[first].number),
            at: SourceLocation(file: path, line: line.number, column: line.markerColumns.last!))
        }
        entry.presenter = container
      } else {
        entry.parent = container
      }
    } else {
      // The dump leaves out the controller that contains or presents this one.
      let relation = line.isPresented ? "presents" : "contains"
      warn(
        line.number,
        (entries.isEmpty ? "the dump starts at depth \(depth), without" : "the dump leaves out")
          + " the controller that \(relation) this one; read as a controller outside any window")
    }

    if let address = line.address {
      // A null pointer (0x0) names no instance, so it may repeat.
      let isNull = address.dropFirst(2).allSatisfy { $0 == "0" }
      if !isNull, let first = pointerLines[address.lowercased()] {
        throw DumpError(
          .duplicatePointer(address, firstLine: first, secondLine: line.number),
          at: SourceLocation(file: path, line: line.number, column: line.addressColumn))
      }
      pointerLines[address.lowercased()] = line.number
    }
    if !keepsPointers {
      entry.line.address = nil
      entry.line.view?.address = nil
      entry.line.presentationController?.address = nil
    }

    if let parent = entry.parent { entries[parent].children.append(index) }
    if let presenter = entry.presenter { presented[presenter] = index }
    stack.removeSubrange(min(depth, stack.count)...)
    while stack.count < depth { stack.append(nil) }
    stack.append(index)
    entries.append(entry)
  }

  // MARK: Building

  private func build() -> Hierarchy {
    let classNames = entries.map { SwiftClassName.demangled($0.printedClassName) }
    let ids = Self.ids(for: classNames)
    let controllers = entries.indices.map { index in
      ViewController(
        id: ids[index], className: classNames[index],
        kind: ViewControllerKind.isHostingControllerName(classNames[index])
          ? .hosting
          : Self.kind(
            unqualifiedName: SwiftClassName.unqualified(classNames[index]),
            hasChildren: !entries[index].children.isEmpty))
    }
    var hierarchy = Hierarchy(viewControllers: controllers)
    for (index, entry) in entries.enumerated() {
      let id = ids[index]
      if let window = entry.window {
        hierarchy.addWindow(Window(id: "\(window)", isKey: false, rootViewController: id))
      }
      if let parent = entry.parent {
        hierarchy.attachChild(id, to: ids[parent])
      }
      if let presenter = entry.presenter {
        let style = entry.line.presentationController?.className.flatMap {
          ModalPresentationStyle(presentationControllerClass: SwiftClassName.demangled($0))
        }
        hierarchy.attachPresentation(id, on: ids[presenter], style: style)
      }
      let record = DumpRecord(
        line: entry.number, printedClassName: entry.printedClassName, address: entry.line.address, view: entry.view,
        presentationController: entry.line.presentationController)
      hierarchy.setState(of: id, appearance: entry.appearance, isViewLoaded: entry.view != nil, dumpRecord: record)
    }
    for (index, entry) in entries.enumerated() {
      switch controllers[index].kind {
      case .tabBar:
        // The tab on screen, else the one whose view is still in the window.
        let selected =
          entry.children.first { entries[$0].appearance.isOnScreen }
          ?? entry.children.first { entries[$0].view?.isInWindow == true }
        hierarchy.setContainerDetails(of: ids[index], selectedChild: selected.map { ids[$0] })
      case .splitView:
        let children = entry.children.map { entries[$0] }
        // A dump prints no collapse: only what is on screen tells. Two columns or more on screen
        // are expanded (collapsed, a split view shows one); the primary alone among two or three
        // is collapsed (expanded, the secondary always shows). Anything else the dump does not
        // say: off screen; one child (an expanded split view with only a primary, or a collapsed
        // one whose other columns went onto the primary's stack); or only the last column on
        // screen (expanded with the primary hidden, `secondaryOnly`, or collapsed onto a compact
        // column, which a dump prints as a column like the others).
        let onScreen = children.map(\.appearance.isOnScreen)
        let shownCount = onScreen.filter { $0 }.count
        let isCollapsed: Bool?
        if !entry.appearance.isOnScreen || children.count < 2 || shownCount == 0 {
          isCollapsed = nil
        } else if shownCount >= 2 {
          isCollapsed = false
        } else {
          isCollapsed = onScreen[0] ? true : nil
        }
        hierarchy.setContainerDetails(
          of: ids[index], hasSupplementaryColumn: children.count == 3, isCollapsed: isCollapsed)
      default:
        break
      }
    }
    return hierarchy
  }

  /// Ids from class names: the name without its module, then `-2`, `-3`, … for the later controllers
  /// of the same name; never one already taken.
  private static func ids(for classNames: [String]) -> [String] {
    var ids = UniqueIDs()
    return classNames.map { ids.make(from: SwiftClassName.unqualified($0)) }
  }

  /// UIKit's kind for its own classes; for an app's class, the kind its name ends with, else a
  /// container when the dump shows children and content when it does not.
  private static func kind(unqualifiedName name: String, hasChildren: Bool) -> ViewControllerKind {
    let inferred = ViewControllerKind.inferred(fromClassName: name)
    // A subclass is only taken for a container by its name when it holds children: a content
    // controller can be called `WelcomePageViewController` too.
    guard inferred == .content, hasChildren else { return inferred }
    let base = name.prefix { $0 != "<" }
    let suffixes: [(String, ViewControllerKind)] = [
      ("NavigationController", .navigation), ("TabBarController", .tabBar),
      ("SplitViewController", .splitView), ("PageViewController", .pageView),
    ]
    if let match = suffixes.first(where: { base.hasSuffix($0.0) }) { return match.1 }
    return .container
  }
}
