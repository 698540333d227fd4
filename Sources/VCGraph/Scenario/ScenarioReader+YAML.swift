import Foundation
import Yams

// MARK: - YAML values

extension ScenarioReader {
  /// A mapping entry: its key node (for messages) and value node.
  struct Entry {
    var key: Node
    var node: Node
  }

  /// A mapping's entries by key, and in file order.
  struct Fields {
    var pairs: [(name: String, key: Node, value: Node)]
    var values: [String: Entry]
  }

  func compose(_ text: String) throws(ScenarioError) -> Node? {
    do {
      return try Yams.compose(yaml: text)
    } catch let yamlError as YamlError {
      if case let .duplicatedKeysInMapping(duplicates, context) = yamlError, duplicates.count == 1, markedKey == nil,
        let relocated = readAgain(text, marking: context.mark)
      {
        throw relocated
      }
      throw translate(yamlError, in: text)
    } catch {
      throw ScenarioError(.syntax(String(describing: error)), at: SourceLocation(file: path, line: 1, column: 1))
    }
  }

  /// Reads `text` again with the repeated key at `mark` marked, so the error names the later occurrence
  /// and the step it is in; nil when that read finds no error (Yams's location is used then).
  func readAgain(_ text: String, marking mark: Mark) -> ScenarioError? {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
    guard lines.indices.contains(mark.line - 1), (1...lines[mark.line - 1].count + 1).contains(mark.column) else {
      return nil
    }
    // Inside a quoted key (JSON's keys are all quoted), after its opening quote, so the marker is
    // part of the key's text, not a plain key beside a quoted one.
    var column = mark.column
    if let first = lines[mark.line - 1].dropFirst(column - 1).first, first == "\"" || first == "'" { column += 1 }
    lines[mark.line - 1].insert(contentsOf: String(Self.repeatedKeyMarker).unicodeScalars, at: column - 1)
    var reader = self
    reader.markedKey = (mark.line, column)
    do {
      _ = try reader.read(lines.map { String(String.UnicodeScalarView($0)) }.joined(separator: "\n"))
      return nil
    } catch {
      return error
    }
  }

  func translate(_ yamlError: YamlError, in text: String) -> ScenarioError {
    func at(_ mark: Mark) -> SourceLocation {
      // At the end of a text without a final line break, libyaml puts the mark on the line after the
      // last one: the end of the last line is where the text stops.
      let end = Self.end(of: text, path: path)
      guard mark.line <= end.line else { return end }
      return SourceLocation(file: path, line: mark.line, column: mark.column)
    }
    let start = SourceLocation(file: path, line: 1, column: 1)
    switch yamlError {
    case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
      let .composer(context, problem, mark, _):
      var detail = context.map { "\(problem) \($0.text)" } ?? problem
      if let hint = Self.indentationHint(for: problem, at: mark, in: text) { detail += "; " + hint }
      return ScenarioError(.syntax(detail), at: at(mark))
    case let .duplicatedKeysInMapping(duplicates, context):
      let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
      let problem: ScenarioError.Problem =
        duplicates.count == 1 ? .duplicateKey(duplicates[0]) : .syntax("the keys \(keys) appear more than once")
      return ScenarioError(problem, at: at(context.mark))
    case let .reader(problem, offset, _, _):
      // libyaml's reader (a NUL byte, a noncharacter such as U+FFFE) gives an offset, in characters.
      return ScenarioError(
        .syntax(problem), at: offset.map { Self.location(ofCharacter: $0, in: text, path: path) } ?? start)
    default:
      return ScenarioError(.syntax(String(describing: yamlError)), at: start)
    }
  }

  /// The line and column of the character at `offset` (counted in characters from the start), with
  /// lines counted as libyaml counts them and columns in Unicode scalars.
  static func location(ofCharacter offset: Int, in text: String, path: String) -> SourceLocation {
    let end = text.index(text.startIndex, offsetBy: offset, limitedBy: text.endIndex) ?? text.endIndex
    return Self.end(of: String(text[..<end]), path: path)
  }

  /// A hint in vcgraph's words for libyaml's errors about a key indented differently from its
  /// siblings: which key, and where the step it belongs to starts.
  static func indentationHint(for problem: String, at mark: Mark, in text: String) -> String? {
    guard problem.hasPrefix("mapping values are not allowed") || problem.hasPrefix("did not find expected '-'")
    else { return nil }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.indices.contains(mark.line - 1) else { return nil }
    let line = lines[mark.line - 1]
    let indentation = line.prefix { $0 == " " }.count
    guard let colon = line.firstIndex(of: ":") else { return nil }
    let key = line[..<colon].trimmingCharacters(in: .whitespaces)
    guard !key.isEmpty, !key.contains(where: { " -[]{},#\"'".contains($0) }) else { return nil }
    // The nearest line above that starts a list item less indented than the key: the step.
    for number in stride(from: mark.line - 1, through: 1, by: -1) {
      let above = lines[number - 1]
      let dash = above.prefix { $0 == " " }.count
      guard above.dropFirst(dash).hasPrefix("- "), dash < indentation else { continue }
      let column = dash + 3
      return "check the indentation of '\(key):' under the step at line \(number): its keys start in column \(column)"
    }
    return "check the indentation of '\(key):'"
  }

  /// Where `text` ends, counting lines as libyaml does: a break is LF, CR, CR LF, NEL, LS or PS.
  static func end(of text: String, path: String) -> SourceLocation {
    var line = 1
    var column = 1
    var previous: Unicode.Scalar?
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n" where previous == "\r": break
      case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}":
        line += 1
        column = 1
      default: column += 1
      }
      previous = scalar
    }
    return SourceLocation(file: path, line: line, column: column)
  }

  /// The entries of a mapping; `repeated` names the problem of a key written twice (YAML can tell `1` and `"1"` apart).
  func mapping(
    _ node: Node, context: String, expected: String,
    repeated: (String) -> ScenarioError.Problem = ScenarioError.Problem.duplicateKey
  ) throws(ScenarioError) -> Fields {
    guard case let .mapping(mapping) = node else {
      throw error(.wrongType(context: context, expected: expected), at: node)
    }
    var values: [String: Entry] = [:]
    var pairs: [(name: String, key: Node, value: Node)] = []
    for (key, value) in mapping {
      guard case let .scalar(scalar) = key else {
        throw error(.wrongType(context: "a key in \(context)", expected: "a plain word"), at: key)
      }
      let name = scalar.string.first == Self.repeatedKeyMarker ? String(scalar.string.dropFirst()) : scalar.string
      guard values[name] == nil else { throw error(repeated(name), at: key) }
      values[name] = Entry(key: key, node: value)
      pairs.append((name, key, value))
    }
    return Fields(pairs: pairs, values: values)
  }

  func checkKeys(_ fields: Fields, allowed: [String], context: String) throws(ScenarioError) {
    for (name, key, _) in fields.pairs where !allowed.contains(name) {
      throw error(.unknownKey(name, context: context, allowed: allowed), at: key)
    }
  }

  func string(_ node: Node, context: String) throws(ScenarioError) -> String {
    guard case let .scalar(scalar) = node, node.null == nil else {
      throw error(.wrongType(context: context, expected: "text"), at: node)
    }
    return scalar.string
  }

  func string(_ entry: Entry, context: String) throws(ScenarioError) -> String {
    try string(entry.node, context: context)
  }

  func nonEmptyString(_ entry: Entry, context: String) throws(ScenarioError) -> String {
    let text = try string(entry, context: context)
    guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw error(.wrongType(context: context, expected: "a non-empty name"), at: entry.node)
    }
    return text
  }

  /// The value of `key` in `fields` as true or false; nil when the key is absent.
  func bool(_ fields: Fields, _ key: String, context: String) throws(ScenarioError) -> Bool? {
    guard let entry = fields.values[key] else { return nil }
    return try bool(entry, context: context)
  }

  func bool(_ entry: Entry, context: String) throws(ScenarioError) -> Bool {
    guard case .scalar = entry.node, let value = entry.node.bool else {
      throw error(.wrongType(context: context, expected: "true or false"), at: entry.node)
    }
    return value
  }

  func location(of node: Node) -> SourceLocation {
    let line = node.mark?.line ?? 1
    var column = node.mark?.column ?? 1
    // Positions after the marker moved one column right when it was put in.
    if let markedKey, line == markedKey.line, column > markedKey.column { column -= 1 }
    return SourceLocation(file: path, line: line, column: column)
  }

  func error(_ problem: ScenarioError.Problem, at node: Node?) -> ScenarioError {
    ScenarioError(problem, at: node.map(location(of:)) ?? SourceLocation(file: path, line: 1, column: 1))
  }
}
