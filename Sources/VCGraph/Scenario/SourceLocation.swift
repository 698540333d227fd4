/// A position in a scenario file; lines and columns count from 1.
///
/// A problem with the file as a whole (it cannot be read: missing, a folder) has no position:
/// line and column 0, and its description is the path alone, as compilers print it
/// (`nowhere.yaml: error: cannot read the scenario: …`).
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
  public var file: String
  public var line: Int
  public var column: Int

  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// The file as a whole, for a problem with no position in it.
  public init(wholeFile file: String) {
    self.init(file: file, line: 0, column: 0)
  }

  /// True for a location that is the file as a whole, not a position in it.
  public var isWholeFile: Bool { line == 0 }

  /// `file:line:column`, the form compilers and editors understand; `file` for the whole file.
  public var description: String { isWholeFile ? file : "\(file):\(line):\(column)" }
}
