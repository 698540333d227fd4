import Foundation
import TestSupport
import Testing

@testable import VCGraph

/// The golden `state --json` and `events` output of every sample scenario.
///
/// Run with `VCGRAPH_RECORD=1` to write `Golden/<stem>.state.json` and `Golden/<stem>.events.txt`
/// (the run then fails, saying what it wrote; see ``GoldenFile``); read the diff before committing it.
@Suite("Golden state and events of the samples")
struct GoldenStateTests {
  /// The package root: this file is `Tests/VCGraphTests/GoldenStateTests.swift`.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let samples = packageRoot.appendingPathComponent("samples")
  static let golden = packageRoot.appendingPathComponent("Tests/VCGraphTests/Golden")

  /// The stems of `samples/*.yaml`, sorted.
  static let sampleStems: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: samples.path)) ?? []
    return names.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(".yaml".count)) }.sorted()
  }()

  @Test func theSamplesAreFound() {
    #expect(Self.sampleStems.count >= 7)
    #expect(Self.sampleStems.contains("login-flow"))
  }

  @Test(arguments: sampleStems)
  func stateJSONMatchesTheGoldenFile(stem: String) throws {
    let path = Self.samples.appendingPathComponent("\(stem).yaml").path
    let replay = try Replay(try Scenario(contentsOfFile: path))
    #expect(replay.unexpectedWarnings.isEmpty, "a sample warns only in steps that say 'expect: warning'")
    #expect(replay.missingWarnings.isEmpty, "every step of a sample that says 'expect: warning' warns")
    try compare(StateDocument(frames: replay.frames).jsonString(), golden: "\(stem).state.json", what: "state --json")
  }

  @Test(arguments: sampleStems)
  func eventsMatchTheGoldenFile(stem: String) throws {
    let path = Self.samples.appendingPathComponent("\(stem).yaml").path
    let replay = try Replay(try Scenario(contentsOfFile: path))
    try compare(EventLog(frames: replay.frames).text, golden: "\(stem).events.txt", what: "events")
  }

  private func compare(
    _ text: String, golden name: String, what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    GoldenFile.check(
      text, against: Self.golden.appendingPathComponent(name), what: "\(what) of a sample",
      sourceLocation: sourceLocation)
  }

  /// Recording writes the golden file and fails, so a run with `VCGRAPH_RECORD=1` is never green;
  /// the next run compares with what it wrote.
  @Test func recordingAGoldenFileFailsTheRun() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString)/a.txt")
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    withKnownIssue("recording is a failure") {
      GoldenFile.check("recorded text\n", against: file, what: "a test's output", recording: true)
    } matching: { issue in
      issue.description.contains("recorded \(file.path)")
    }
    #expect(try String(contentsOf: file, encoding: .utf8) == "recorded text\n")
    GoldenFile.check("recorded text\n", against: file, what: "a test's output", recording: false)
    withKnownIssue("a different output") {
      GoldenFile.check("other text\n", against: file, what: "a test's output", recording: false)
    }
  }

  @Test func everyGoldenFileBelongsToASample() throws {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: Self.golden.path)) ?? []
    let stems = names.compactMap { name in
      [".state.json", ".events.txt"].first(where: name.hasSuffix).map { String(name.dropLast($0.count)) }
    }
    #expect(Set(stems).subtracting(Self.sampleStems).isEmpty, "golden files without a sample: \(stems)")
  }
}
