import Foundation

/// A controller line of the dump, placed: its depth and relations.
struct ControllerLine {
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
struct DumpReader {
  let path: String
  let keepsPointers: Bool
  private(set) var warnings: [DumpWarning] = []

  private(set) var entries: [ControllerLine] = []
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
      case let .controller(next, _, _): return (try? next.get())?.hasNoMarkers == false
      case .fence, .text: return false
      }
    }
    return false
  }

  mutating func read(_ items: [DumpItem]) throws(DumpError) -> Hierarchy {
    guard let start = items.indices.first(where: { Self.startsDump(items, at: $0) }) else {
      for case let .controller(.failure(error), _, _) in items { throw error }
      for case let .text(_, error?, _) in items { throw error }
      throw DumpError(.noControllers, at: SourceLocation(file: path, line: 1, column: 1))
    }
    // A dump that starts with a child right after a line that says what a controller line says
    // (after lldb's prompt, say) but cannot be read: that line is the dump's root, and its error
    // is the dump's, not a warning about text before it and a child without a parent.
    if case let .controller(.success(first), _, _) = items[start], !first.hasNoMarkers,
      case let .text(_, error?, true)? = items[..<start].last(where: {
        if case .skipped = $0 { false } else { true }
      })
    {
      throw error
    }
    let end =
      items[start...].firstIndex { if case .text = $0 { true } else if case .fence = $0 { true } else { false } }
      ?? items.count
    let region = items[start..<end]
    let lastLine = region.last { if case .controller = $0 { true } else { false } }?.number ?? items[start].number

    // After the dump: text, then perhaps another dump, which is ambiguous.
    for index in end..<items.count where Self.startsDump(items, at: index) {
      guard case let .controller(result, number, _) = items[index] else { continue }
      let hasMarkers = (try? result.get())?.hasNoMarkers == false
      throw DumpError(
        .textInsideDump(textLine: items[end].number, dumpEnd: lastLine, continues: hasMarkers),
        at: SourceLocation(file: path, line: number, column: (try? result.get())?.firstColumn ?? 1))
    }

    // Notes of skipped lines anywhere, then the text left out before the dump.
    for case let .skipped(number, note?) in items[..<end] { warn(number, note.message, once: "\(note)") }
    let textBefore = items[..<start].compactMap { item -> Int? in
      switch item {
      case let .text(number, _, _), let .controller(_, number, _): return number
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
      case let .text(number, _, _), let .controller(_, number, _): return number
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
    let common = first.hasNoMarkers ? first.indent : ""
    if !common.isEmpty {
      let count = common.count
      warn(
        first.number,
        "the dump is indented by \(count) \(count == 1 ? "character" : "characters") more than lldb prints it;"
          + " they are left out", once: "common")
    }
    // Each line's indent without the spaces all lines start with (a view, not a copy: a deep dump's
    // indents are most of its text).
    func indent(of line: ParsedLine) -> Substring {
      line.indent.hasPrefix(common) ? line.indent.dropFirst(common.count) : line.indent[...]
    }
    // Leading spaces stripped: a "|" at the start of a line.
    let isStripped = lines.contains { indent(of: $0).hasPrefix("|") }

    for (position, line) in lines.enumerated() {
      let indent = indent(of: line)
      var depth = line.markerCount
      if line.hasNoMarkers {
        if !line.indent.hasPrefix(common) || line.indent.count > common.count {
          guard line.indent.count <= common.count else {
            throw DumpError(
              .indentWithoutMarkers, at: SourceLocation(file: path, line: line.number, column: line.firstColumn))
          }
          warn(line.number, "indentation differs from the other lines; depth taken from the markers", once: "changed")
        }
      } else if line.isOnlyPlus, position == 0 {
        // UIKit prints the presented controller `_printHierarchy` was called on with "   + ", its
        // children with "   | ". Children with "   |    | " say the dump leaves out its presenter.
        depth = lines.count > 1 && lines[1].markerCount == 2 ? 1 : 0
      } else if line.isOnlyPlus, !isStripped, indent.hasPrefix("+") {
        depth = 0
      }
      if !line.hasNoMarkers {
        let lldbIndent = line.lldbIndent
        if indent == lldbIndent || (depth == 0 && indent == "+ ") {
          // As lldb prints it.
        } else if indent == lldbIndent.dropFirst(3) {
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
        at: SourceLocation(file: path, line: line.number, column: line.levelColumn(stack.count)))
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
            at: SourceLocation(file: path, line: line.number, column: line.lastMarkerColumn))
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
}
