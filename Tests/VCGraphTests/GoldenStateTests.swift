import Foundation
import Testing

@testable import VCGraph

/// The golden `state --json` output of every sample scenario.
///
/// Run with `VCGRAPH_RECORD=1` to write `Golden/<stem>.state.json` instead of comparing;
/// then read the diff before committing it.
@Suite("Golden state of the samples")
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
    #expect(replay.warnings.isEmpty, "a sample should replay without warnings")
    let json = StateDocument(frames: replay.frames).jsonString()
    let goldenFile = Self.golden.appendingPathComponent("\(stem).state.json")
    if Self.isRecording {
      try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
      try Data(json.utf8).write(to: goldenFile)
      return
    }
    guard let expected = try? String(contentsOf: goldenFile, encoding: .utf8) else {
      Issue.record("missing golden file \(goldenFile.path); run with VCGRAPH_RECORD=1 to record it")
      return
    }
    #expect(json == expected, "state --json of samples/\(stem).yaml differs from Golden/\(stem).state.json")
  }

  @Test func everyGoldenFileBelongsToASample() throws {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: Self.golden.path)) ?? []
    let stems = names.filter { $0.hasSuffix(".state.json") }.map { String($0.dropLast(".state.json".count)) }
    #expect(Set(stems).subtracting(Self.sampleStems).isEmpty, "golden files without a sample: \(stems)")
  }
}
