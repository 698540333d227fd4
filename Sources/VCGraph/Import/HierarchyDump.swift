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
  /// The text that was read, unchanged.
  public let text: String
  /// Where the text came from: a file path, or "<stdin>".
  public let path: String
  /// True when the addresses the dump prints were kept.
  public let keepsPointers: Bool

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
    self.text = text
    self.path = path
    self.keepsPointers = keepsPointers
    var reader = DumpReader(path: path, keepsPointers: keepsPointers)
    hierarchy = try reader.read(text)
  }

  /// Reads dump text encoded as UTF-8 (a file's or standard input's bytes); `path` names it in
  /// messages. Text that is not UTF-8 is rejected at the line and column of the first invalid byte.
  public init(data: Data, path: String, keepsPointers: Bool = false) throws(DumpError) {
    var parser = Unicode.UTF8.ForwardParser()
    var bytes = data.makeIterator()
    var validCount = 0
    decoding: while true {
      switch parser.parseScalar(from: &bytes) {
      case let .valid(scalar): validCount += scalar.count
      case .emptyInput: break decoding
      case .error:
        let valid = data.prefix(validCount)
        let byte = data[data.startIndex + validCount]
        throw DumpError(
          .notUTF8(byte: byte), at: DumpLine.end(of: String(decoding: valid, as: UTF8.self), path: path))
      }
    }
    try self.init(text: String(decoding: data, as: UTF8.self), path: path, keepsPointers: keepsPointers)
  }

  /// Reads the dump in a UTF-8 text file.
  public init(contentsOfFile path: String, keepsPointers: Bool = false) throws(DumpError) {
    switch InputFile.contents(of: path, folderHint: "give the text file the dump was saved to") {
    case let .success(data): try self.init(data: data, path: path, keepsPointers: keepsPointers)
    case let .failure(problem):
      throw DumpError(.unreadable(problem.reason), at: SourceLocation(file: path, line: 1, column: 1))
    }
  }
}

// MARK: - Lines

/// A line of the dump that may hold a controller, with the column in the file of each character.
///
/// Columns differ from positions when lldb's wrapper prefixed the line (`  - some : `) or when the
/// dump was one quoted string whose `\n` escapes were read as line breaks.
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

  /// The line without trailing spaces, tabs or carriage returns.
  func trimmed() -> DumpLine {
    var end = characters.count
    while end > 0, characters[end - 1].isWhitespace { end -= 1 }
    guard end < characters.count else { return self }
    return DumpLine(
      number: number, characters: Array(characters[..<end]), columns: Array(columns[..<end]),
      endColumn: column(at: end))
  }

  /// True for a line with nothing to read: blank, an lldb command, or the first line of lldb's
  /// Swift wrapper (`▿ Optional<Any>`).
  var isSkipped: Bool {
    let text = String(characters.drop { $0 == " " || $0 == "\t" })
    if text.isEmpty || text.hasPrefix("(lldb)") || text.hasPrefix("▿ Optional<") { return true }
    let command = text.prefix { $0 != " " && $0 != "\t" }
    return Self.lldbCommands.contains(String(command))
  }

  private static let lldbCommands: Set<String> = ["po", "p", "print", "expr", "expression", "e", "call"]

  /// The lines of `text` that may hold controllers: blank lines, lldb prompts and lldb's wrapper
  /// are left out, and a wrapped quoted string becomes the lines it holds.
  static func lines(of text: String) -> [DumpLine] {
    var result: [DumpLine] = []
    for (index, raw) in rawLines(of: text).enumerated() {
      var characters = Array(raw)
      if index == 0, characters.first == "\u{FEFF}" { characters.removeFirst() }
      for line in unwrapped(DumpLine(number: index + 1, characters: characters, firstColumn: 1)) {
        let line = line.trimmed()
        if !line.isSkipped { result.append(line) }
      }
    }
    return result
  }

  /// The lines of `text`, split as a dump is read.
  private static func rawLines(of text: String) -> [Substring] {
    // "\r\n" is one Character, so CRLF endings split like "\n".
    text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
  }

  /// Where the text just after `text` starts: the line, and the column after its last character
  /// (a byte order mark at the start is not counted, as when the dump is read).
  static func end(of text: String, path: String) -> SourceLocation {
    let lines = rawLines(of: text)
    var column = (lines.last?.count ?? 0) + 1
    if lines.count == 1, lines[0].first == "\u{FEFF}" { column -= 1 }
    return SourceLocation(file: path, line: lines.count, column: column)
  }

  /// The line without lldb's `  - some : ` prefix; when what follows is one quoted string, the lines
  /// the string holds.
  private static func unwrapped(_ line: DumpLine) -> [DumpLine] {
    let marker = Array("- some : ")
    let indent = line.characters.prefix { $0 == " " }.count
    guard line.characters.dropFirst(indent).starts(with: marker) else { return [line] }
    let start = indent + marker.count
    let value = line.trimmed().characters
    guard value.count >= start + 2, value[start] == "\"", value.last == "\"" else {
      return [
        DumpLine(
          number: line.number, characters: Array(line.characters[start...]),
          columns: Array(line.columns[start...]), endColumn: line.endColumn)
      ]
    }
    return unescaped(line, from: start + 1, to: value.count - 1)
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

/// What one controller line says.
private struct ControllerLine {
  var number: Int
  var depth: Int
  /// True for a line whose last indent is `   + ` (or a line starting with `+ `).
  var isPresented: Bool
  var printedClassName: String
  var address: String?
  var appearance: AppearanceState
  /// Nil for `(view not loaded)`.
  var view: DumpRecord.View?
  var presentationController: DumpRecord.PresentationController?

  /// The controller that contains or presents this one, by its position in the dump.
  var parent: Int?
  var presenter: Int?
  var children: [Int] = []
  /// The window this line is the root of, from 1.
  var window: Int?
}

/// Reads the lines of a dump into controller lines, checks how they relate, and builds the hierarchy.
private struct DumpReader {
  let path: String
  let keepsPointers: Bool

  private static let indent = "   | "
  private static let presentedIndent = "   + "

  private var entries: [ControllerLine] = []
  /// `stack[d]`: the entry of the last line read at depth d.
  private var stack: [Int] = []
  /// The entry each presenting entry presents.
  private var presented: [Int: Int] = [:]
  /// The first line of each controller pointer, in lower case.
  private var pointerLines: [String: Int] = [:]
  private var windowCount = 0

  init(path: String, keepsPointers: Bool) {
    self.path = path
    self.keepsPointers = keepsPointers
  }

  mutating func read(_ text: String) throws(DumpError) -> Hierarchy {
    for line in DumpLine.lines(of: text) {
      try read(line)
    }
    guard !entries.isEmpty else {
      throw DumpError(.noControllers, at: SourceLocation(file: path, line: 1, column: 1))
    }
    return build()
  }

  private mutating func read(_ line: DumpLine) throws(DumpError) {
    var scanner = LineScanner(line, path: path)
    let index = entries.count

    // The indent: "   | " per level, the last one "   + " for a presented controller. A line
    // starting with "+ ", or with "   + " before any other controller line (UIKit's form for a
    // presented or detached controller `_printHierarchy` was called on), is at depth 0 outside any window.
    var depth = 0
    var isPresented = false
    var markerOffset = 0
    if scanner.take("+ ") {
      isPresented = true
    } else {
      while scanner.take(Self.indent) { depth += 1 }
      markerOffset = scanner.offset + 3
      if scanner.take(Self.presentedIndent) {
        isPresented = true
        if depth > 0 || !entries.isEmpty { depth += 1 }
      }
    }
    guard depth <= stack.count else {
      let location = scanner.location(at: stack.count * Self.indent.count)
      if stack.isEmpty { throw DumpError(.noControllerAbove(depth: depth), at: location) }
      throw DumpError(.depthJump(from: stack.count - 1, to: depth), at: location)
    }
    var entry = ControllerLine(
      number: line.number, depth: depth, isPresented: isPresented, printedClassName: "", appearance: .disappeared)
    if depth == 0 {
      if !isPresented {
        windowCount += 1
        entry.window = windowCount
      }
    } else if isPresented {
      let presenter = stack[depth - 1]
      if let first = presented[presenter] {
        throw DumpError(
          .presentedTwice(
            presenter: entries[presenter].printedClassName, presenterLine: entries[presenter].number,
            firstPresentedLine: entries[first].number),
          at: scanner.location(at: markerOffset))
      }
      entry.presenter = presenter
    } else {
      entry.parent = stack[depth - 1]
    }

    // <CLASS POINTER>
    if let next = scanner.next, next == " " || next == "|" || next == "+" {
      throw scanner.expected("an indent of \"\(Self.indent)\" or \"\(Self.presentedIndent)\" per level, then \"<\"")
    }
    let controller = try scanner.reference(of: "controller", example: "\"<\" to start a controller")
    entry.printedClassName = controller.className
    if let address = controller.address {
      // A null pointer (0x0) names no instance, so it may repeat.
      let isNull = address.dropFirst(2).allSatisfy { $0 == "0" }
      if !isNull, let first = pointerLines[address.lowercased()] {
        throw DumpError(
          .duplicatePointer(address, firstLine: first, secondLine: line.number),
          at: scanner.location(at: controller.addressOffset))
      }
      pointerLines[address.lowercased()] = line.number
      entry.address = kept(address)
    }

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
      entry.view = DumpRecord.View(className: view.className, address: kept(view.address), isInWindow: isInWindow)
    }

    // , presented with: PC
    if !scanner.isAtEnd {
      let presentedWithOffset = scanner.offset
      guard scanner.takeLabel(", presented with:") else {
        throw scanner.expected("\", presented with: \" or the end of the line after the view")
      }
      guard isPresented else {
        throw DumpError(
          depth == 0 ? .rootWithPresentationController : .childWithPresentationController,
          at: scanner.location(at: presentedWithOffset))
      }
      if scanner.take("(null)") {
        entry.presentationController = DumpRecord.PresentationController(className: nil)
      } else {
        let controller = try scanner.reference(
          of: "presentation controller",
          example: "\"(null)\" or a presentation controller like <_UIPageSheetPresentationController: 0x7b3218d0>")
        entry.presentationController = DumpRecord.PresentationController(
          className: controller.className, address: kept(controller.address))
      }
      guard scanner.isAtEnd else { throw scanner.expected("the end of the line after the presentation controller") }
    }

    if let parent = entry.parent { entries[parent].children.append(index) }
    if let presenter = entry.presenter { presented[presenter] = index }
    stack.removeSubrange(min(depth, stack.count)...)
    stack.append(index)
    entries.append(entry)
  }

  private func kept(_ address: String?) -> String? {
    keepsPointers ? address : nil
  }

  // MARK: Building

  private func build() -> Hierarchy {
    let classNames = entries.map { SwiftClassName.demangled($0.printedClassName) }
    let ids = Self.ids(for: classNames)
    let controllers = entries.indices.map { index in
      ViewController(
        id: ids[index], className: classNames[index],
        kind: Self.kind(
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
        let style = entry.presentationController?.className.flatMap {
          ModalPresentationStyle(presentationControllerClass: SwiftClassName.demangled($0))
        }
        hierarchy.attachPresentation(id, on: ids[presenter], style: style)
      }
      let record = DumpRecord(
        line: entry.number, printedClassName: entry.printedClassName, address: entry.address, view: entry.view,
        presentationController: entry.presentationController)
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
        let isCollapsed =
          entry.appearance.isOnScreen && children.count >= 2
          && children.enumerated().allSatisfy { $0.element.appearance.isOnScreen == ($0.offset == 0) }
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
