import Foundation
import Testing

/// A golden file: text a test's output must equal, kept in the repository so that a change shows
/// up as a readable diff (the DOT vcgraph builds, `state --json`, the event log).
///
/// Run the tests with `VCGRAPH_RECORD=1` to write the golden files instead of comparing: each one
/// written is then a failure that says so, as swift-argument-parser's `assertSnapshot` does, so a
/// run that records can never pass as green. Read the diff, then run the tests again without it.
public enum GoldenFile {
  /// True when `VCGRAPH_RECORD=1` asks to record.
  public static let isRecording = ProcessInfo.processInfo.environment["VCGRAPH_RECORD"] == "1"

  /// Checks `text` against the golden `file` (`what` names the output in the message), or writes
  /// it there when `recording` and fails, saying it was recorded.
  public static func check(
    _ text: String, against file: URL, what: String, recording: Bool = isRecording,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if recording {
      do {
        try FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        Issue.record(
          "recorded \(file.path) (VCGRAPH_RECORD=1): read the diff, then run the tests again without it",
          sourceLocation: sourceLocation)
      } catch {
        Issue.record("cannot record \(file.path): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
      Issue.record(
        "missing golden file \(file.path); run with VCGRAPH_RECORD=1 to record it", sourceLocation: sourceLocation)
      return
    }
    #expect(text == expected, "\(what) differs from \(file.lastPathComponent)", sourceLocation: sourceLocation)
  }
}
