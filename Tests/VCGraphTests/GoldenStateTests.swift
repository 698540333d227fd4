import Foundation
import Testing

@testable import VCGraph

/// The golden `state --json` and `events` output of every sample scenario.
///
/// Run with `VCGRAPH_RECORD=1` to write `Golden/<stem>.state.json` and `Golden/<stem>.events.txt`
/// instead of comparing; then read the diff before committing it.
@Suite("Golden state and events of the samples")
struct GoldenStateTests {
  /// The package root: this file is `Tests/VCGraphTests/GoldenStateTests.swift`.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  static let samples = packageRoot.appendingPathComponent("samples")
  static let golden = packageRoot.appendingPathComponent("Tests/VCGraphTests/Golden")
  static let isRecording = ProcessInfo.processInfo.environment["VCGRAPH_RECORD"] == "1"

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
    let goldenFile = Self.golden.appendingPathComponent(name)
    if Self.isRecording {
      try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: goldenFile)
      return
    }
    guard let expected = try? String(contentsOf: goldenFile, encoding: .utf8) else {
      Issue.record(
        "missing golden file \(goldenFile.path); run with VCGRAPH_RECORD=1 to record it", sourceLocation: sourceLocation
      )
      return
    }
    #expect(text == expected, "\(what) of a sample differs from Golden/\(name)", sourceLocation: sourceLocation)
  }

  @Test func everyGoldenFileBelongsToASample() throws {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: Self.golden.path)) ?? []
    let stems = names.compactMap { name in
      [".state.json", ".events.txt"].first(where: name.hasSuffix).map { String(name.dropLast($0.count)) }
    }
    #expect(Set(stems).subtracting(Self.sampleStems).isEmpty, "golden files without a sample: \(stems)")
  }
}
