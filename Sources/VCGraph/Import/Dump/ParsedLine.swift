import Foundation

/// A reader of one dump line's characters, left to right.
struct LineScanner {
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
///
/// Nothing here grows with the line's depth but its indent, as written: a dump thousands of levels
/// deep is held in a small multiple of its size (markers and their columns are found again in the
/// indent when a message needs them).
struct ParsedLine {
  var number: Int
  /// How many `|` and `+` markers come before the `<`: the line's depth as written.
  var markerCount: Int
  /// The last marker, `|` or `+`; nil for a line without markers.
  var lastMarker: Character?
  /// The column of the last marker.
  var lastMarkerColumn: Int
  /// The spaces, tabs and markers before the `<`.
  var indent: String
  /// The column of each of the indent's characters, when they are not one apart from
  /// `firstColumn` (a line unescaped from a quoted string); nil when they are.
  var indentColumns: [Int]?
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
  var isPresented: Bool { lastMarker == "+" }
  /// True for a line with no marker before its `<`.
  var hasNoMarkers: Bool { markerCount == 0 }
  /// True for a line whose only marker is `+`.
  var isOnlyPlus: Bool { markerCount == 1 && lastMarker == "+" }

  /// The markers, in order, as lldb indents them: `   | ` per level.
  var lldbIndent: String {
    var text = ""
    text.reserveCapacity(markerCount * 5)
    for character in indent where character == "|" || character == "+" { text += "   \(character) " }
    return text
  }

  /// The column where the level of marker `level` (from 0) starts, `   | ` as lldb prints it:
  /// where a depth jump is reported. The first level starts at the line; a later one two columns
  /// after the previous marker, or at its own marker when that is nearer.
  func levelColumn(_ level: Int) -> Int {
    var markerIndex = 0
    var previousMarkerColumn = firstColumn
    for (offset, character) in indent.enumerated() where character == "|" || character == "+" {
      let column = indentColumns?[offset] ?? firstColumn + offset
      if markerIndex == level { return level == 0 ? firstColumn : min(column, previousMarkerColumn + 2) }
      previousMarkerColumn = column
      markerIndex += 1
    }
    return firstColumn
  }

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
    var markerCount = 0
    var lastMarker: Character?
    var lastMarkerColumn = line.column(at: 0)
    var isContiguous = true
    while let character = scanner.next, [" ", "\t", "|", "+"].contains(character) {
      if character != " " && character != "\t" {
        // A "+" that is not last is reported at the "+".
        if lastMarker == "+" {
          throw DumpError(.plusNotLast, at: SourceLocation(file: path, line: line.number, column: lastMarkerColumn))
        }
        markerCount += 1
        lastMarker = character
        lastMarkerColumn = scanner.column
      }
      if scanner.column != line.column(at: 0) + scanner.offset { isContiguous = false }
      scanner.offset += 1
    }
    let indent = String(line.characters[..<scanner.offset])
    let isPresented = lastMarker == "+"

    // <CLASS POINTER>
    let controller = try scanner.reference(of: "controller", example: "\"<\" to start a controller")
    var entry = ParsedLine(
      number: line.number, markerCount: markerCount, lastMarker: lastMarker, lastMarkerColumn: lastMarkerColumn,
      indent: indent, indentColumns: isContiguous ? nil : (0..<indent.count).map { line.column(at: $0) },
      firstColumn: line.column(at: 0), printedClassName: controller.className,
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
          markerCount == 0 ? .rootWithPresentationController : .childWithPresentationController,
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
