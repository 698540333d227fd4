import Foundation
import TestSupport
import Testing
import VCGraph
import VCGraphviz

/// The golden DOT of the last step of every sample: the graph vcgraph builds, as cgraph writes it,
/// so a change to the visual encoding shows up as a readable diff.
///
/// Run with `VCGRAPH_RECORD=1` to write `Golden/<stem>.dot` (the run then fails, saying what it
/// wrote; see ``GoldenFile``); read the diff, and look at the rendered PNGs, before committing it.
@Suite("Golden DOT of the samples")
struct GoldenDOTTests {
  static let golden = packageRoot.appendingPathComponent("Tests/VCGraphvizTests/Golden")

  @Test(arguments: sampleNames)
  func dotOfTheLastStepMatchesTheGoldenFile(sample: String) throws {
    let replay = try sampleReplay(sample)
    let last = try diagram(replay, step: replay.frames.count)
    let dot = String(decoding: try #require(try render(last, [.dot])[.dot]), as: UTF8.self)
    let goldenFile = Self.golden.appendingPathComponent(sample.replacingOccurrences(of: ".yaml", with: ".dot"))
    GoldenFile.check(dot, against: goldenFile, what: "the DOT of samples/\(sample)")
  }

  @Test func everyGoldenFileBelongsToASample() {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: Self.golden.path)) ?? []
    // And the sample app's map (`AppMapDiagramTests`).
    let samples = Set(sampleNames.map { $0.replacingOccurrences(of: ".yaml", with: ".dot") })
      .union([AppMapDiagramTests.goldenName])
    #expect(Set(names).subtracting(samples).isEmpty, "golden files without a sample: \(names)")
  }
}
