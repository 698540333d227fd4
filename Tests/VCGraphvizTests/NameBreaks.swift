/// What is wrong with the way `name` was broken into `lines` for a node `width` characters wide, as
/// sentences for a test failure; empty when every line break falls on a word boundary and nothing is
/// lost but through a middle ellipsis.
///
/// `lines` are the lines the name was drawn as, in order: the output of
/// `HTMLText.lines(name, width: width, maxLines: …)` for any name and any `maxLines`, or the same
/// lines read back from an SVG, one `<text>` element a line. What it accepts:
/// - Words one space apart (a U+00A0 NO-BREAK SPACE counts as a space) where the name has any run of
///   whitespace; a line may start or end where the name has whitespace.
/// - Pieces of one word on successive lines with no space between them, the line break on a word
///   boundary by the rules of `HTMLText.lines`: a camel-case hump (`Photo|Library`, `Level16|View`),
///   the end of an acronym (`URL|Session`), after `.` `_` `,` `/` `-` `:`, before `<` `(` `[`.
/// - One piece of a word longer than `width` (no boundary inside it) drawn as its head, `…` and its
///   tail, the ellipsis standing for its middle.
/// - A last line `… (N characters in all)`, N being `name.count`, after lines that show the start of
///   the name (a line like that which the name itself ends with is read as text).
/// - Text as Graphviz writes it into an SVG or as an XML reader decodes it: the entities `&lt;`,
///   `&gt;`, `&amp;`, `&quot;`, `&apos;`, `&#N;` and `&#xH;` are read either way (Graphviz writes `-`
///   as `&#45;`), a U+2060 WORD JOINER after a backslash (the guard `HTMLText.escape` adds) is
///   ignored, and a U+FFFD REPLACEMENT CHARACTER stands for a control character of the name.
///
/// Problems it reports: a break inside a word (the name goes on there with no word boundary); an
/// ellipsis where the piece would have fit in `width`, across a word boundary, or not in the middle of
/// a piece; characters lost, changed or added; a line wider than `width` (the `… (N characters in
/// all)` line excepted); a wrong N; a name that goes on after the last line.
func wordBreakProblems(of name: String, drawnAs lines: [String], width: Int) -> [String] {
  let asWritten = NameBreaks(name: name, width: width).problems(lines.map { withoutGuards($0, name: name) })
  guard !asWritten.isEmpty, lines.contains(where: { $0.contains("&") }) else { return asWritten }
  let decoded = NameBreaks(name: name, width: width).problems(
    lines.map { withoutGuards(decodingEntities($0), name: name) })
  return decoded.count <= asWritten.count ? decoded : asWritten
}

/// Reads drawn lines against the name they show; see ``wordBreakProblems(of:drawnAs:width:)``.
private struct NameBreaks {
  let name: [Character]
  let width: Int

  init(name: String, width: Int) {
    self.name = Array(name)
    self.width = max(width, 1)
  }

  func problems(_ lines: [String]) -> [String] {
    var problems: [String] = []
    var lines = lines
    var summary: Int?
    if let last = lines.last, let count = summaryCount(last), !String(name).hasSuffix(last) {
      summary = count
      lines.removeLast()
      if count != name.count {
        problems.append("the last line says \(count) characters in all, the name has \(name.count)")
      }
    }
    var i = 0  // where the next line goes on in the name
    for (number, text) in lines.enumerated() {
      let line = Array(text)
      let quoted = "line \(number + 1) “\(text)”"
      if line.count > width {
        problems.append("\(quoted) has \(line.count) characters, more than the width \(width)")
      }
      if number > 0 {
        let start = i
        while i < name.count, name[i].isWhitespace { i += 1 }
        if start == i, i < name.count, !isBoundary(at: i) {
          problems.append(
            "the break before \(quoted) is inside a word: “\(String(name[..<i].suffix(20)))” / "
              + "“\(String(name[i...].prefix(20)))”")
        }
      } else {
        while i < name.count, name[i].isWhitespace { i += 1 }
      }
      var segmentStart = i  // where the line's current run of characters without spaces began
      var k = 0
      while k < line.count {
        let character = line[k]
        if character == " " || character == "\u{A0}" {
          guard i < name.count, name[i].isWhitespace else {
            problems.append("\(quoted) has a space at \(k + 1) where the name has none (at \(i + 1))")
            return problems
          }
          while i < name.count, name[i].isWhitespace { i += 1 }
          k += 1
          segmentStart = i
        } else if i < name.count, matches(character, name[i]) {
          i += 1
          k += 1
        } else if character == "…", i < name.count {
          var end = k + 1
          while end < line.count, line[end] != " ", line[end] != "\u{A0}" { end += 1 }
          guard let problem = ellipsis(from: i, tail: Array(line[(k + 1)..<end]), segmentStart: segmentStart) else {
            return problems + ["\(quoted) has an ellipsis that stands for nothing of the name at \(i + 1)"]
          }
          if let message = problem.message { problems.append("\(quoted): \(message)") }
          i = problem.end
          k = end
        } else {
          let found = k < line.count ? "“\(String(line[k...]))”" : "its end"
          let expected = i < name.count ? "“\(String(name[i...].prefix(20)))”" : "the end of the name"
          problems.append(
            "\(quoted) has \(found) at \(k + 1) where the name has \(expected): characters lost or changed")
          return problems
        }
      }
    }
    if summary != nil, i < name.count, !isBoundary(at: i) {
      problems.append(
        "the lines before the last end inside a word: “\(String(name[..<i].suffix(20)))” / "
          + "“\(String(name[i...].prefix(20)))”")
    }
    while i < name.count, name[i].isWhitespace { i += 1 }
    if summary == nil, i < name.count {
      problems.append("the lines end but the name goes on: “\(String(name[i...].prefix(20)))”")
    } else if summary != nil, i == name.count {
      problems.append("the last line says the name did not fit, yet the lines before it show all of it")
    }
    return problems
  }

  /// What an ellipsis met at `i` in the name stands for: the middle of the piece it is in, which
  /// ends with `tail`. Nil when the tail is nowhere after `i` at the end of a piece.
  private func ellipsis(from i: Int, tail: [Character], segmentStart: Int) -> (end: Int, message: String?)? {
    guard
      let j = ((i + 1)...max(i + 1, name.count - tail.count)).first(where: { j in
        j + tail.count <= name.count && zip(tail, name[j...]).allSatisfy { matches($0.0, $0.1) }
          && endsPiece(at: j + tail.count)
      })
    else { return nil }
    let end = j + tail.count
    let pieceStart = (segmentStart...i).last(where: { $0 == segmentStart || isBoundary(at: $0) }) ?? segmentStart
    let piece = String(name[pieceStart..<end])
    if let inner = ((pieceStart + 1)..<max(pieceStart + 1, end)).first(where: isBoundary(at:)) {
      return (
        end,
        "the ellipsis hides a word boundary: “\(piece)” could break before “\(String(name[inner..<end].prefix(20)))”"
      )
    }
    if end - pieceStart <= width {
      return (end, "an ellipsis where “\(piece)” (\(end - pieceStart) characters) would have fit in \(width)")
    }
    return (end, nil)
  }

  /// True when the name may break before `name[i]`: at whitespace or a word boundary.
  private func isBoundary(at i: Int) -> Bool {
    guard i > 0, i < name.count else { return true }
    let (previous, character) = (name[i - 1], name[i])
    if previous.isWhitespace || character.isWhitespace { return true }
    let after: Set<Character> = [".", "_", ",", "/", "-", ":"]
    let before: Set<Character> = ["<", "(", "["]
    if after.contains(previous) { return !after.contains(character) }
    if before.contains(character) { return !before.contains(previous) }
    if !character.isUppercase { return false }
    if previous.isLowercase || previous.isNumber { return true }
    return previous.isUppercase && i + 1 < name.count && name[i + 1].isLowercase
  }

  /// True when a piece of a word ends before `name[i]`.
  private func endsPiece(at i: Int) -> Bool { i == name.count || isBoundary(at: i) }

  /// True when `drawn` shows the name's `character`.
  private func matches(_ drawn: Character, _ character: Character) -> Bool {
    if drawn == character { return true }
    return drawn == "\u{FFFD}" && character.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
  }

  /// N when `line` reads `… (N characters in all)`.
  private func summaryCount(_ line: String) -> Int? {
    let prefix = "… (", suffix = " characters in all)"
    guard line.hasPrefix(prefix), line.hasSuffix(suffix), line.count > prefix.count + suffix.count else { return nil }
    return Int(line.dropFirst(prefix.count).dropLast(suffix.count))
  }
}

/// `line` without the U+2060 WORD JOINER `HTMLText.escape` puts after a backslash, unless the name
/// has one there itself.
private func withoutGuards(_ line: String, name: String) -> String {
  guard line.contains("\\\u{2060}"), !name.contains("\\\u{2060}") else { return line }
  return line.replacingOccurrences(of: "\\\u{2060}", with: "\\")
}

/// `line` with XML's character references and predefined entities decoded; anything else is kept.
private func decodingEntities(_ line: String) -> String {
  let named: [Substring: String] = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
  var result = ""
  var rest = Substring(line)
  while let ampersand = rest.firstIndex(of: "&") {
    result += rest[..<ampersand]
    rest = rest[ampersand...]
    if let semicolon = rest.prefix(12).firstIndex(of: ";") {
      let body = rest[rest.index(after: ampersand)..<semicolon]
      var decoded = named[body]
      if decoded == nil, body.hasPrefix("#") {
        let number = body.dropFirst()
        let value =
          number.hasPrefix("x") || number.hasPrefix("X") ? UInt32(number.dropFirst(), radix: 16) : UInt32(number)
        decoded = value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
      }
      if let decoded {
        result += decoded
        rest = rest[rest.index(after: semicolon)...]
        continue
      }
    }
    result += "&"
    rest = rest.dropFirst()
  }
  return result + rest
}
