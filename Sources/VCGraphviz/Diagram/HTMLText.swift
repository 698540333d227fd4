/// Text made safe for Graphviz's HTML-like labels: markup characters become entities,
/// so a name can never inject markup into a label or into the SVG written from it.
enum HTMLText {
  /// U+2060 WORD JOINER, invisible, put after every backslash: Graphviz expands `\N`, `\G`, `\L`, …
  /// in label text (after entities are decoded), and reads past the end of a text that ends in a
  /// backslash. With the joiner the backslash is drawn as it is.
  static let backslashGuard: Unicode.Scalar = "\u{2060}"

  /// `text` for a label: markup characters as entities, a backslash guarded, line breaks and tabs
  /// as spaces, and what XML cannot hold (C0 controls, DEL, noncharacters such as U+FFFE and
  /// U+FFFF, which Graphviz's XML parser refuses with a syntax error) as U+FFFD, the replacement
  /// character. Swift strings hold no lone surrogates.
  static func escape(_ text: String) -> String {
    // Most text needs no escaping: printable ASCII without markup characters, or any other letter
    // (all of U+FDD0…U+FDEF and the U+…FFFE/U+…FFFF noncharacters are encoded with a byte 0xEF or above).
    if text.utf8.allSatisfy({ $0 >= 0x80 && $0 < 0xEF || (0x20..<0x7F).contains($0) && !Self.escapedBytes.contains($0) }
    ) {
      return text
    }
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\":
        result.unicodeScalars.append(scalar)
        result.unicodeScalars.append(backslashGuard)
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\n", "\r", "\t": result += " "
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.isNoncharacterCodePoint {
          result += "&#xFFFD;"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// `text` as a Graphviz identifier that no escape sequence can touch, and a valid SVG/HTML id:
  /// `%`, backslash, whitespace and control characters are percent-encoded (as UTF-8), everything
  /// else is kept, so ids stay readable and distinct.
  ///
  /// An identifier longer than 200 characters keeps its first 120 and a hash of the whole text, so it
  /// stays distinct and short enough for Graphviz and for a reader.
  static func identifier(_ text: String) -> String {
    // Printable ASCII other than `%` and `\` is kept as it is.
    if text.utf8.count <= 200, text.utf8.allSatisfy({ (0x21..<0x7F).contains($0) && $0 != 0x25 && $0 != 0x5C }) {
      return text
    }
    if text.utf8.count > 200 {
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
      for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
      return identifier(String(text.prefix(120))) + "…" + String(hash, radix: 16)
    }
    var result = ""
    for scalar in text.unicodeScalars {
      if scalar == "%" || scalar == "\\" || scalar.value < 0x20 || scalar.value == 0x7F
        || scalar.properties.isNoncharacterCodePoint
        || scalar.properties.isWhitespace
      {
        for byte in String(scalar).utf8 { result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2) }
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `text` broken into lines of at most `width` characters, a word too long for a line broken only
  /// at word boundaries, and at most `maxLines` lines, the last one saying how long the text was when
  /// it does not fit.
  ///
  /// - The text is split at whitespace; a line holds words one space apart.
  /// - A word that fits on a line of its own is never split: when it does not fit in the room left on
  ///   the current line it starts the next one (`UINavigationController` stays whole).
  /// - A longer word is split into pieces at word boundaries (see ``isWordBoundary(after:at:before:)``:
  ///   camel-case humps, the end of an acronym, after `.` `_` `,` `/` `-` `:`, before `<` `(` `[`), and
  ///   the lines are filled greedily with whole pieces, its first piece on the current line when it
  ///   fits there; a piece continues the previous piece of its word with no space:
  ///   `PhotoLibraryCropAndRotate` / `EditorViewController`. A bracketed group that fits on a line
  ///   (`<Mail.SettingsView>`, `(from:to:)`) counts as one piece, so generic arguments go to the next
  ///   line together: `SwiftUI.UIHostingController` / `<Mail.SettingsView>`. An acronym counts as one
  ///   piece with the piece after it when the two fit on a line (`SwiftUI.` / `UIHosting`, not
  ///   `SwiftUI.UI` / `Hosting`).
  /// - A piece longer than `width` (no boundary inside it: `Supercalifragilisticexpialidocious`, an
  ///   all-caps run, a mangled name) is shortened to exactly `width` characters with an ellipsis in the
  ///   middle: its first ⌈(width − 1) / 2⌉ and last ⌊(width − 1) / 2⌋ characters around `…`.
  /// - When the text needs more than `maxLines` lines, the first `maxLines − 1` are kept and the last
  ///   one reads `… (N characters in all)`, N being `text.count` (this line may be wider than `width`).
  ///
  /// Characters are grapheme clusters, never split. A `width` or `maxLines` below 1 counts as 1.
  /// The cost is linear in the text: the text is read once up to where the lines stop (a word is
  /// looked at no further than `width + 1` characters ahead before its pieces are read), plus one
  /// count of its characters for the last line when it does not fit.
  ///
  /// Every text vcgraph draws goes through this: Graphviz cannot lay out a node or label wider than
  /// 65,535 points (it fails, or aborts on an assertion inside HTML tables), so no line may be long.
  static func lines(_ text: String, width: Int, maxLines: Int) -> [String] {
    // A short line, its words one space apart, is its own single line.
    if maxLines >= 1, text.utf8.count <= width, text.utf8.first != 0x20, text.utf8.last != 0x20,
      isSingleSpaced(text)
    {
      return text.isEmpty ? [] : [text]
    }
    let width = max(width, 1)
    let maxLines = max(maxLines, 1)
    var lines: [String] = []
    var line = ""
    var lineLength = 0
    /// Puts `piece` (`length` characters) on the current line after `separator`, or starts the next
    /// line with it when it does not fit; false once there are more lines than `maxLines`.
    func place(_ piece: Substring, length: Int, after separator: String) -> Bool {
      if lineLength > 0, lineLength + separator.count + length > width {
        lines.append(line)
        (line, lineLength) = ("", 0)
        if lines.count > maxLines { return false }
      }
      if lineLength > 0 {
        line += separator
        lineLength += separator.count
      }
      line += piece
      lineLength += length
      return true
    }
    var index = text.startIndex
    words: while true {
      while index < text.endIndex, text[index].isWhitespace { index = text.index(after: index) }
      guard index < text.endIndex else { break }
      // Only `width + 1` characters are looked at to tell whether the word fits on a line of its own.
      var wordEnd = index
      var wordLength = 0
      while wordLength <= width, wordEnd < text.endIndex, !text[wordEnd].isWhitespace {
        wordEnd = text.index(after: wordEnd)
        wordLength += 1
      }
      if wordLength <= width {
        guard place(text[index..<wordEnd], length: wordLength, after: " ") else { break words }
        index = wordEnd
        continue
      }
      var separator = " "
      repeat {
        var (pieceEnd, pieceLength) =
          endOfGroup(in: text, from: index, within: width) ?? endOfPiece(in: text, from: index)
        // An acronym stays with the word after it when the two fit on a line: `SwiftUI.` /
        // `UIHosting`, not `SwiftUI.UI` / `Hosting`.
        if pieceLength < width, pieceEnd < text.endIndex, text[pieceEnd].isUppercase,
          text[index..<pieceEnd].allSatisfy(\.isUppercase)
        {
          let (nextEnd, nextLength) = endOfPiece(in: text, from: pieceEnd, limit: width - pieceLength)
          if pieceLength + nextLength <= width { (pieceEnd, pieceLength) = (nextEnd, pieceLength + nextLength) }
        }
        var piece = text[index..<pieceEnd]
        if pieceLength > width {
          // (A new string: appending to the piece would copy all of `text`.)
          piece = Substring(String(piece.prefix(width / 2)) + "…" + String(piece.suffix((width - 1) / 2)))
        }
        guard place(piece, length: min(pieceLength, width), after: separator) else { break words }
        separator = ""
        index = pieceEnd
      } while index < text.endIndex && !text[index].isWhitespace
    }
    if lineLength > 0 { lines.append(line) }
    guard lines.count > maxLines else { return lines }
    return lines.prefix(maxLines - 1) + ["… (\(text.count) characters in all)"]
  }

  /// Where the piece of a word that starts at `start` (not whitespace) ends: at the next word
  /// boundary, whitespace or the end of `text`; and how many characters it has. No more than
  /// `limit + 1` characters are looked at: a longer piece comes back as `limit + 1` characters.
  private static func endOfPiece(
    in text: String, from start: String.Index, limit: Int = .max
  ) -> (String.Index, Int) {
    var previous = Kind(text[start])
    var index = text.index(after: start)
    var current = index < text.endIndex ? Kind(text[index]) : nil
    var length = 1
    while length <= limit, let kind = current, kind != .whitespace {
      let nextIndex = text.index(after: index)
      let next = nextIndex < text.endIndex ? Kind(text[nextIndex]) : nil
      if isWordBoundary(after: previous, at: kind, before: next) { break }
      (previous, index, current) = (kind, nextIndex, next)
      length += 1
    }
    return (index, length)
  }

  /// Where a bracketed group that starts at `start` ends, `<Mail.SettingsView>` or `(from:to:)`, with
  /// the rest of the piece its closing bracket is in; and how many characters it has. Nil when
  /// `start` is no opening bracket, or the group is not closed within `width` characters or its word:
  /// a group that fits on a line is kept on one, so generic arguments go to the next line together.
  private static func endOfGroup(
    in text: String, from start: String.Index, within width: Int
  ) -> (String.Index, Int)? {
    guard Kind(text[start]) == .opening else { return nil }
    var depth = 0
    var index = start
    var length = 0
    while index < text.endIndex, length < width {
      let character = text[index]
      if character.isWhitespace { return nil }
      if Kind(character) == .opening {
        depth += 1
      } else if Self.closingBrackets.contains(character) {
        depth -= 1
        if depth == 0 {
          let (end, rest) = endOfPiece(in: text, from: index, limit: width - length)
          return length + rest <= width ? (end, length + rest) : nil
        }
      }
      index = text.index(after: index)
      length += 1
    }
    return nil
  }

  /// True when a long name may break between `previous` and `character` (`next` is the character
  /// after `character`, nil at the end of the word) and its pieces still read as names:
  /// - a camel-case hump, before an uppercase letter that follows a lowercase letter or a digit:
  ///   `Photo|Library`, `Level16|View`;
  /// - the end of an acronym, before the last capital of an uppercase run that is followed by a
  ///   lowercase letter: `URL|Session`, `UI|Navigation`, `ABCDEFGHIJKLMNOPQRSTUVWXYZ|View`;
  /// - after a `.` `_` `,` `/` `-` or `:` (not between two of them: `Swift::|Array`), the module's
  ///   dot included: `MyApp.|HomeViewController`;
  /// - before a `<` `(` or `[` (not between two of them), so generic arguments go to the next line.
  ///
  /// A digit run stays with the letters before it (`Level16`, `UI19`), an all-caps run stays whole,
  /// and a letter is uppercase or lowercase as Unicode says, so `Écran|Principal` breaks but scripts
  /// without case (Chinese, Japanese, …) have no humps.
  static func isWordBoundary(after previous: Character, at character: Character, before next: Character?) -> Bool {
    isWordBoundary(after: Kind(previous), at: Kind(character), before: next.map(Kind.init))
  }

  private static func isWordBoundary(after previous: Kind, at character: Kind, before next: Kind?) -> Bool {
    if previous == .separator { return character != .separator }
    if character == .opening { return previous != .opening }
    guard character == .uppercase else { return false }
    return previous == .lowercase || previous == .digit || previous == .uppercase && next == .lowercase
  }

  /// What a character is to ``isWordBoundary(after:at:before:)``; ASCII is told without Unicode's tables.
  private enum Kind {
    case whitespace, uppercase, lowercase, digit, other
    /// `.` `_` `,` `/` `-` `:`, that a name may break after.
    case separator
    /// `<` `(` `[`, that a name may break before.
    case opening

    init(_ character: Character) {
      guard let ascii = character.asciiValue else {
        self =
          character.isWhitespace
          ? .whitespace
          : character.isUppercase
            ? .uppercase
            : character.isLowercase ? .lowercase : character.isNumber ? .digit : .other
        return
      }
      switch ascii {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): self = .uppercase
      case UInt8(ascii: "a")...UInt8(ascii: "z"): self = .lowercase
      case UInt8(ascii: "0")...UInt8(ascii: "9"): self = .digit
      case UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: ","), UInt8(ascii: "/"), UInt8(ascii: "-"),
        UInt8(ascii: ":"):
        self = .separator
      case UInt8(ascii: "<"), UInt8(ascii: "("), UInt8(ascii: "["): self = .opening
      case 0x09...0x0D, 0x20: self = .whitespace
      default: self = .other
      }
    }
  }

  /// The brackets that close a group opened by a `<`, `(` or `[`.
  private static let closingBrackets: Set<Character> = [">", ")", "]"]

  /// True when the only whitespace in `text` is single spaces: no two follow each other, and there
  /// is no other white space, ASCII or not.
  private static func isSingleSpaced(_ text: String) -> Bool {
    var previous: UInt8 = 0
    for byte in text.utf8 {
      // (A space followed by anything outside ASCII, a combining mark say, is left to the long way.)
      if byte < 0x20 || byte == 0x7F || previous == 0x20 && (byte == 0x20 || byte >= 0x80) { return false }
      previous = byte
    }
    return !text.unicodeScalars.contains { !$0.isASCII && $0.properties.isWhitespace }
  }

  /// The ASCII characters ``escape(_:)`` replaces.
  private static let escapedBytes: Set<UInt8> = Set("\\&<>\"'".utf8)

  /// `<FONT …>text</FONT>` with the given size and colour, bold or italic when asked, and the text
  /// broken into left-aligned lines as ``lines(_:width:maxLines:)`` does.
  static func font(
    _ text: String, size: Int, color: String, bold: Bool = false, italic: Bool = false, width: Int = 60,
    maxLines: Int = 8, face: String? = nil
  ) -> String {
    var inner = lines(text, width: width, maxLines: maxLines).map(escape).joined(separator: "<BR ALIGN=\"LEFT\"/>")
    // A text of only whitespace has no lines, and Graphviz refuses an empty <B></B> or <FONT></FONT>
    // with a syntax error: it is drawn as one space.
    if inner.isEmpty { inner = " " }
    if bold { inner = "<B>\(inner)</B>" }
    if italic { inner = "<I>\(inner)</I>" }
    let faceAttribute = face.map { " FACE=\"\($0)\"" } ?? ""
    return "<FONT POINT-SIZE=\"\(size)\" COLOR=\"\(color)\"\(faceAttribute)>\(inner)</FONT>"
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
