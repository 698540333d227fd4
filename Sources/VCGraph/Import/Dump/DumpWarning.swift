/// Something the tolerant reader assumed to read a dump that is not exactly as lldb prints it, with
/// the line it starts at.
///
/// Its description is what the CLI prints:
/// `dump.txt: warning: line 3: indentation collapsed; depth taken from the "|" markers`.
public struct DumpWarning: Sendable, Hashable, CustomStringConvertible {
  /// Where the dump came from: a file path, or "<stdin>".
  public var path: String
  /// The line (from 1) the assumption is first made on.
  public var line: Int
  public var message: String

  public init(path: String, line: Int, message: String) {
    self.path = path
    self.line = line
    self.message = message
  }

  public var description: String { "\(path): warning: line \(line): \(message)" }
}
