import Foundation

/// Why a `_printHierarchy` dump could not be read, and where.
///
/// Its description is what the CLI prints:
/// `dump.txt:4:31: error: expected ", view: " after the state, found "view: <UIView: 0x7b3218d0>"`.
public struct DumpError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The line and column (from 1) where the problem starts.
  public var location: SourceLocation
  public var problem: Problem

  public init(_ problem: Problem, at location: SourceLocation) {
    self.problem = problem
    self.location = location
  }

  public var description: String { "\(location): error: \(problem.message)" }

  /// What is wrong.
  public enum Problem: Sendable, Hashable {
    /// The file could not be read.
    case unreadable(String)
    /// The text is not UTF-8: the first byte that is not (the start of) a valid UTF-8 sequence.
    case notUTF8(byte: UInt8)
    /// The line does not follow the grammar: what was expected, and the text found there
    /// (at most ``DumpError/Problem/quotedLength`` characters of it; empty at the end of the line).
    case expected(String, found: String)
    /// The state is not one of the four words `_printHierarchy` prints.
    case unknownState(String)
    /// A line is more than one level deeper than the controller line above it.
    case depthJump(from: Int, to: Int)
    /// A `+` marker that is not the last one before the `<`: only the presented controller's own
    /// level is marked `+`.
    case plusNotLast
    /// A line indented more than the dump's first controller line with no `|` or `+` marker: its
    /// depth cannot be told.
    case indentWithoutMarkers
    /// A controller line after text that is not part of the dump, which ended at `dumpEnd`:
    /// at depth 0 a second dump (`continues` false), deeper a dump the text on `textLine` cuts in two.
    case textInsideDump(textLine: Int, dumpEnd: Int, continues: Bool)
    /// The input is longer than ``HierarchyDump/maximumInputBytes``.
    case inputTooLong(limit: Int)
    /// A line is longer than ``HierarchyDump/maximumLineBytes``.
    case lineTooLong(limit: Int)
    /// More than ``HierarchyDump/maximumControllerLines`` controller lines.
    case tooManyControllers(limit: Int)
    /// More than ``HierarchyDump/maximumSkippedBytes`` of text came before any controller line.
    case noDumpInSkippedText(limit: Int)
    /// A child line (`   | `) says `presented with:`.
    case childWithPresentationController
    /// A window's root line (depth 0, no `+`) says `presented with:`.
    case rootWithPresentationController
    /// A `)`, `]` or `>` in a class name that closes no bracket (`opened` nil), or closes a bracket of
    /// another kind: `opened` is the bracket still open, at `openedColumn`. `name` says whose class
    /// name it is (`controller`, `view`, `presentation controller`).
    case unbalancedBracket(Character, name: String, opened: Character?, openedColumn: Int?)
    /// A second `   + ` line under the same controller.
    case presentedTwice(presenter: String, presenterLine: Int, firstPresentedLine: Int)
    /// Two controller lines print the same pointer.
    case duplicatePointer(String, firstLine: Int, secondLine: Int)
    /// The text holds no controller line.
    case noControllers

    /// `64 MiB`, `1 MiB`, or a number of bytes.
    static func size(_ bytes: Int) -> String {
      bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : bytes % 1024 == 0 ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
    }

    /// How many characters of the text found a message quotes.
    public static let quotedLength = 30

    public var message: String {
      switch self {
      case let .unreadable(reason):
        return "cannot read the dump: \(reason)"
      case let .notUTF8(byte):
        let hex = String(byte, radix: 16, uppercase: true)
        return "the text is not UTF-8: invalid byte 0x" + (hex.count < 2 ? "0" + hex : hex)
      case let .expected(expected, found):
        return "expected \(expected), found " + (found.isEmpty ? "the end of the line" : "\"\(found)\"")
      case let .unknownState(word):
        return "unknown state \"\(word)\"; expected one of: "
          + AppearanceState.allCases.map(\.rawValue).joined(separator: ", ")
      case let .depthJump(from, to):
        return
          "the depth jumps from \(from) to \(to); a line is at most one level deeper than the controller line above it"
      case .plusNotLast:
        return "a \"+\" marks the presented controller's own level and comes last before the \"<\""
      case .indentWithoutMarkers:
        return "this line is indented more than the dump's first line but has no \"|\" or \"+\" marker;"
          + " its depth cannot be told"
      case let .textInsideDump(textLine, dumpEnd, continues):
        if continues {
          return "line \(textLine) is not a controller line but cuts the dump in two; this line continues"
            + " the dump that ended on line \(dumpEnd) (give the dump without the text, or check line \(textLine))"
        }
        return "a second dump starts here, after the dump that ended on line \(dumpEnd) and the text on line"
          + " \(textLine); vcgraph reads one dump at a time: give each its own file"
      case let .inputTooLong(limit):
        return "the input is longer than \(Self.size(limit)), the most vcgraph reads; a dump is much shorter"
      case let .tooManyControllers(limit):
        return
          "more than \(limit.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))) controller lines,"
          + " the most vcgraph reads from one dump"
      case let .lineTooLong(limit):
        return "this line is longer than \(Self.size(limit)), the longest line vcgraph reads"
      case let .noDumpInSkippedText(limit):
        return "no controller line in the first \(Self.size(limit)) of text; vcgraph skips at most"
          + " \(Self.size(limit)) before a dump"
      case .childWithPresentationController:
        return
          "a child line (\"   | \") cannot say \"presented with:\"; only a presented controller (\"   + \") has one"
      case .rootWithPresentationController:
        return "a window's root line (depth 0, no \"+\") cannot say \"presented with:\";"
          + " a presented controller's line starts with \"+\""
      case let .unbalancedBracket(bracket, name, opened, openedColumn):
        let start = "unbalanced \"\(bracket)\" in the \(name)'s class name"
        guard let opened else { return start + "; no bracket before it is open" }
        let closer: Character = opened == "(" ? ")" : opened == "[" ? "]" : ">"
        let place = openedColumn.map { " at column \($0)" } ?? ""
        return start + "; the \"\(opened)\"\(place) must be closed first, with \"\(closer)\""
      case let .presentedTwice(presenter, presenterLine, firstPresentedLine):
        return "\(presenter) on line \(presenterLine) already presents the controller on line \(firstPresentedLine);"
          + " a controller presents at most one other"
      case let .duplicatePointer(pointer, firstLine, secondLine):
        return "the pointer \(pointer) is on two controller lines, \(firstLine) and \(secondLine);"
          + " a controller appears only once in a dump"
      case .noControllers:
        return "no controller lines found; expected lines like"
          + " `<UINavigationController: 0x…>, state: appeared, view: <…>`"
      }
    }
  }
}
