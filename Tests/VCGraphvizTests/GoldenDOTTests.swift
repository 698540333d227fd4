import Foundation
import Testing
import VCGraph
import VCGraphviz

/// The golden DOT of the last step of every sample: the graph vcgraph builds, as cgraph writes it,
/// so a change to the visual encoding shows up as a readable diff.
///
/// Run with `VCGRAPH_RECORD=1` to write `Golden/<stem>.dot` instead of comparing; then read the diff
/// (and look at the rendered PNGs) before committing it.
@Suite("Golden DOT of the samples")
struct GoldenDOTTests {
  static let golden = packageRoot.appendingPathComponent("Tests/VCGraphvizTests/Golden")
  static let isRecording = ProcessInfo.processInfo.environment["VCGRAPH_RECORD"] == "1"

  @Test(arguments: sampleNames)
  func dotOfTheLastStepMatchesTheGoldenFile(sample: String) throws {
    let replay = try sampleReplay(sample)
    let last = try diagram(replay, step: replay.frames.count)
    let dot = String(decoding: try #require(try render(last, [.dot])[.dot]), as: UTF8.self)
    let goldenFile = Self.golden.appendingPathComponent(sample.replacingOccurrences(of: ".yaml", with: ".dot"))
    if Self.isRecording {
      try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
      try Data(dot.utf8).write(to: goldenFile)
      return
    }
    guard let expected = try? String(contentsOf: goldenFile, encoding: .utf8) else {
      Issue.record("missing golden file \(goldenFile.path); run with VCGRAPH_RECORD=1 to record it")
      return
    }
    #expect(dot == expected, "the DOT of samples/\(sample) differs from Golden/\(goldenFile.lastPathComponent)")
  }

  @Test func everyGoldenFileBelongsToASample() {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: Self.golden.path)) ?? []
    let samples = Set(sampleNames.map { $0.replacingOccurrences(of: ".yaml", with: ".dot") })
    #expect(Set(names).subtracting(samples).isEmpty, "golden files without a sample: \(names)")
  }
}
