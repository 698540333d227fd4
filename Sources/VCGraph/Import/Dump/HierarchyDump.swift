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
  /// The text that was read, unchanged (up to where reading stopped, see ``maximumSkippedBytes``).
  public let text: String
  /// Where the text came from: a file path, or "<stdin>".
  public let path: String
  /// True when the addresses the dump prints were kept.
  public let keepsPointers: Bool
  /// What the reader assumed to read text that is not exactly as lldb prints it, in line order;
  /// empty for a dump as lldb prints it.
  public let warnings: [DumpWarning]

  /// The most bytes read from one input (a file or standard input): 64 MiB. A dump of 5,000
  /// controllers is under 1 MiB.
  public static let maximumInputBytes = 64 << 20
  /// The most controller lines read from one dump: 100,000 (reading stops with an error there).
  public static let maximumControllerLines = 100_000
  /// The longest line read: 1 MiB (a dump quoted as one string is one line).
  public static let maximumLineBytes = 1 << 20
  /// The most text skipped in a row outside a dump: 1 MiB. More before the first controller line is
  /// an error; more after the dump stops reading there, with a warning.
  public static let maximumSkippedBytes = 1 << 20

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
    try self.init(data: Data(text.utf8), path: path, keepsPointers: keepsPointers)
  }

  /// Reads dump text encoded as UTF-8 (a file's or standard input's bytes); `path` names it in
  /// messages. Text that is not UTF-8 is rejected at the line and column of the first invalid byte.
  public init(data: Data, path: String, keepsPointers: Bool = false) throws(DumpError) {
    var chunk: Data? = data
    try self.init(path: path, keepsPointers: keepsPointers) {
      defer { chunk = nil }
      return chunk
    }
  }

  /// Reads the dump in a UTF-8 text file, line by line, within the limits ``maximumInputBytes``,
  /// ``maximumLineBytes`` and ``maximumSkippedBytes``.
  public init(contentsOfFile path: String, keepsPointers: Bool = false) throws(DumpError) {
    switch InputFile.handle(for: path, folderHint: "give the text file the dump was saved to") {
    case let .success(handle):
      defer { try? handle.close() }
      try self.init(reading: handle, path: path, keepsPointers: keepsPointers)
    case let .failure(problem):
      throw DumpError(.unreadable(problem.reason), at: SourceLocation(wholeFile: path))
    }
  }

  /// Reads a dump from an open file or pipe (standard input) line by line, and stops reading as
  /// soon as the limits say it is not a dump: after ``maximumSkippedBytes`` of text without a
  /// controller line, or ``maximumInputBytes`` in all.
  public init(reading handle: FileHandle, path: String, keepsPointers: Bool = false) throws(DumpError) {
    try self.init(path: path, keepsPointers: keepsPointers) {
      guard let chunk = try? handle.read(upToCount: 64 * 1024), !chunk.isEmpty else { return nil }
      return chunk
    }
  }

  /// Reads the chunks `next` gives until it gives nil or the reader stops.
  private init(path: String, keepsPointers: Bool, chunks next: () -> Data?) throws(DumpError) {
    var lines = DumpLines(path: path)
    var read = Data()
    var line: [UInt8] = []
    var number = 1
    var afterCR = false
    var stopped = false
    reading: while let chunk = next() {
      read.append(chunk)
      for byte in chunk {
        if afterCR {
          afterCR = false
          if byte == 0x0A { continue }
        }
        if byte == 0x0A || byte == 0x0D {
          guard try lines.add(line, number: number) else {
            stopped = true
            break reading
          }
          line.removeAll(keepingCapacity: true)
          number += 1
          afterCR = byte == 0x0D
        } else {
          line.append(byte)
          if line.count > Self.maximumLineBytes {
            throw DumpError(
              .lineTooLong(limit: Self.maximumLineBytes), at: SourceLocation(file: path, line: number, column: 1))
          }
        }
      }
      if read.count > Self.maximumInputBytes {
        throw DumpError(
          .inputTooLong(limit: Self.maximumInputBytes), at: SourceLocation(file: path, line: number, column: 1))
      }
    }
    if !stopped { _ = try lines.add(line, number: number) }
    self.text = String(decoding: read, as: UTF8.self)
    self.path = path
    self.keepsPointers = keepsPointers
    var reader = DumpReader(path: path, keepsPointers: keepsPointers)
    hierarchy = try reader.read(lines.items)
    var warnings = reader.warnings
    if let line = lines.stoppedAt {
      warnings.append(
        DumpWarning(
          path: path, line: line,
          message: "stopped reading: \(DumpError.Problem.size(Self.maximumSkippedBytes)) of text without a"
            + " controller line after the dump; the rest of the input is left out"))
    }
    self.warnings = warnings
  }
}
