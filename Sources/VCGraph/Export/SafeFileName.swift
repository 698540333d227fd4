/// A name made from an input (a scenario's or a dump's file name, a storyboard's name) that is
/// safe to use as a file or folder name inside an output folder: it never leaves that folder.
///
/// The rules: `/` and `\` (path separators), control characters and Unicode noncharacters become
/// `-`; leading dots go (so no `.`, `..` or hidden name); trailing spaces and dots go; an empty
/// result takes `fallback`. Any other name is kept as it is, so `navigation` stays `navigation`.
public enum SafeFileName {
  /// The longest name kept, in UTF-8 bytes: file systems refuse names over 255 bytes, and the
  /// name gets a suffix and an extension (`~dark.svg`).
  public static let maximumBytes = 200

  /// `name`, made safe; `fallback` when nothing of it is left.
  public static func make(_ name: String, fallback: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in name.unicodeScalars {
      let value = scalar.value
      let isNoncharacter = (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
      if scalar == "/" || scalar == "\\" || value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value)
        || isNoncharacter
      {
        scalars.append("-")
      } else {
        scalars.append(scalar)
      }
    }
    var safe = Substring(String(scalars))
    while safe.first == "." { safe = safe.dropFirst() }
    while let last = safe.last, last == "." || last == " " { safe = safe.dropLast() }
    var result = String(safe)
    while result.utf8.count > maximumBytes { result.removeLast() }
    return result.isEmpty ? fallback : result
  }
}
