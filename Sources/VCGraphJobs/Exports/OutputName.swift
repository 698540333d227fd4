/// What a reader of an output path should be warned about: a name a shell command would read as
/// options (`-rf`), and characters that hide or reorder what it shows (a right-to-left override,
/// a control character).
public enum OutputName {
  /// The warnings about `path` (`-o DIR`, `--report FILE`), one line each: a path that starts
  /// with `-`, and each bidirectional control or control character it holds, named.
  public static func warnings(about path: String) -> [String] {
    guard path != "-" else { return [] }
    let shown = escaped(path)
    var lines: [String] = []
    if path.hasPrefix("-") {
      lines.append(
        "warning: the output path \(shown) starts with \"-\", so a command such as rm or cp given it reads it as "
          + "options; ./\(shown.dropFirst().dropLast()) names the same path safely")
    }
    var named: Set<Unicode.Scalar> = []
    for scalar in path.unicodeScalars where !named.contains(scalar) {
      if isBidirectionalControl(scalar) {
        named.insert(scalar)
        lines.append(
          "warning: the output path \(shown) holds \(code(scalar)) \(scalar.properties.name ?? ""), which shows "
            + "the text around it in another order than it is written")
      } else if scalar.properties.generalCategory == .control {
        named.insert(scalar)
        lines.append("warning: the output path \(shown) holds \(code(scalar)), a control character")
      }
    }
    return lines
  }

  /// The characters that change the order text is shown in: the marks and the embeddings,
  /// overrides and isolates of Unicode's bidirectional algorithm.
  static func isBidirectionalControl(_ scalar: Unicode.Scalar) -> Bool {
    [0x061C, 0x200E, 0x200F].contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
      || (0x2066...0x2069).contains(scalar.value)
  }

  /// `U+202E`.
  private static func code(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// The path in quotes, each control and bidirectional control written as `\u{202E}`, so the
  /// warning itself shows in order.
  private static func escaped(_ path: String) -> String {
    var text = "\""
    for scalar in path.unicodeScalars {
      if isBidirectionalControl(scalar) || scalar.properties.generalCategory == .control {
        text += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        text.unicodeScalars.append(scalar)
      }
    }
    return text + "\""
  }
}
