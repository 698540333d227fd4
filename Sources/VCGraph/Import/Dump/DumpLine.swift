import Foundation

/// A line of the dump that may hold a controller, with the column in the file of each character.
///
/// Columns differ from positions when a prefix was left out (lldb's wrapper `  - some : `, quote
/// marks `> `, a log prefix) or when the dump was one quoted string whose `\n` escapes were read
/// as line breaks.
struct DumpLine {
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
enum LineNote: Hashable {
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
enum DumpItem {
  /// Blank, an lldb or cycript command, lldb's wrapper: skipped wherever it is.
  case skipped(number: Int, note: LineNote?)
  /// A Markdown code fence: skipped, and the end of the dump when it follows one.
  case fence(number: Int)
  /// Text that is not part of a dump: left out (with a warning) before or after the dump. A line
  /// that starts like a controller line but is not one keeps its error, reported when the text
  /// holds no dump at all; `isBrokenController` when it also says what a controller line says (a
  /// state, a view), reported when the dump starts right after it with a child (it is the root).
  case text(number: Int, error: DumpError? = nil, isBrokenController: Bool = false)
  /// A line that reads as a controller line (or starts like one and fails, with its error).
  case controller(Result<ParsedLine, DumpError>, number: Int, notes: [LineNote])

  var number: Int {
    switch self {
    case let .skipped(number, _), let .fence(number), let .text(number, _, _), let .controller(_, number, _):
      return number
    }
  }
}
