import Foundation
import Testing

@testable import VCGraphJobs

/// One vocabulary of formats for every command, and the one place that decides where a command's
/// exports go and what each input's files are called.
@Suite struct ExportPlanTests {
  @Test func eachCommandTakesItsFormatsAndItsHelpListsThem() {
    #expect(ExportingCommand.render.formats.map(\.rawValue) == ["svg", "png", "pdf", "dot"])
    #expect(ExportingCommand.import.formats.map(\.rawValue) == ["svg", "png", "pdf", "dot", "json", "mermaid", "text"])
    #expect(ExportingCommand.diff.printedFormats == [.diagram(.dot)])
    #expect(
      ExportingCommand.storyboard.formatHelp(byDefault: "svg")
        == "Formats, comma-separated (default: svg).")
    for format in ExportFormat.allCases { #expect(ExportFormat(rawValue: format.rawValue) == format) }
    #expect(ExportFormat.mermaid.fileName(stem: "dump", theme: .dark, among: [.light, .dark]) == "dump.mmd")
    #expect(ExportFormat.diagram(.svg).fileName(stem: "dump", theme: .dark, among: [.light, .dark]) == "dump~dark.svg")
    #expect(ExportFormat.diagram(.svg).fileName(stem: "dump", theme: .dark, among: [.dark]) == "dump.svg")
  }

  @Test func oneTextExportOfOneInputGoesToStandardOutput() throws {
    let plan = try ExportingCommand.import.plan(output: nil, formats: [.mermaid], inputs: 1)
    #expect(plan == ExportPlan(destination: .standardOutput, formats: [.mermaid]))
    #expect(
      try ExportingCommand.storyboard.plan(output: nil, formats: [], inputs: 1)
        == ExportPlan(destination: .folder("diagrams"), formats: [.diagram(.svg)]))
    #expect(
      try ExportingCommand.import.plan(output: nil, formats: [], inputs: 1, report: "r.md")
        == ExportPlan(destination: .folder("diagrams"), formats: []))
    #expect(try ExportingCommand.diff.plan(output: nil, formats: [], inputs: 1) == nil)
    #expect(
      try ExportingCommand.diff.plan(output: "-", formats: [], inputs: 1)
        == ExportPlan(destination: .standardOutput, formats: [.diagram(.dot)]))
  }

  @Test(arguments: [
    (ExportingCommand.import, [ExportFormat.diagram(.png)], 1, "-o - prints text; png needs a folder to write into."),
    (.storyboard, [.json], 2, "-o - prints the export of one storyboard; give one."),
    (.import, [.json, .text], 1, "-o - prints one export; name one of dot, json, mermaid, text with --format."),
    (.diff, [.diagram(.svg)], 1, "-o - prints text; svg needs a folder to write into."),
  ])
  func minusOIsRefusedWhatItCannotPrint(
    command: ExportingCommand, formats: [ExportFormat], inputs: Int, message: String
  ) {
    #expect(throws: ExportPlanError(description: message)) {
      try command.plan(output: "-", formats: formats, inputs: inputs)
    }
  }

  @Test func twoInputsOfOneNameAreRefusedTheSecond() throws {
    let stems = ExportingCommand.import.stems(
      of: ["a/dump.txt", "-", "b/dump.log", ".."], standardInput: "hierarchy", fallback: "dump-1", folder: "out")
    #expect(try stems[0].stem.get() == "dump")
    #expect(try stems[1].stem.get() == "hierarchy")
    #expect(
      throws: ExportPlanError(
        description: "b/dump.log: error: a/dump.txt already writes dump.* in out; import them into different folders")
    ) { try stems[2].stem.get() }
    // A name with nothing safe left gets the fallback.
    #expect(try stems[3].stem.get() == "dump-1")
  }

  /// Paths name the same file by what they are on disk: through a link to a folder, and through a
  /// link to a folder not made yet.
  @Test func pathsAreComparedByWhatTheyName() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("vcgraph-identity-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(at: root.appendingPathComponent("out"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: root.appendingPathComponent("link").path, withDestinationPath: "out")
    try FileManager.default.createSymbolicLink(
      atPath: root.appendingPathComponent("later").path, withDestinationPath: "made/later")
    let path = { (relative: String) in root.appendingPathComponent(relative).path }
    #expect(FileIdentity.same(path("link/x.mmd"), path("out/x.mmd")))
    #expect(FileIdentity.same(path("out/../out/x.mmd"), path("out/x.mmd")))
    #expect(FileIdentity.same(path("later/x.mmd"), path("made/later/x.mmd")))
    #expect(!FileIdentity.same(path("link/x.mmd"), path("out/y.mmd")))
    try Data().write(to: URL(fileURLWithPath: path("out/x.mmd")))
    #expect(FileIdentity.same(path("link/x.mmd"), path("out/x.mmd")))
  }

  @Test func misleadingOutputPathsAreNamed() {
    #expect(OutputName.warnings(about: "diagrams").isEmpty)
    #expect(OutputName.warnings(about: "-").isEmpty)
    #expect(OutputName.warnings(about: "docs/ünïcödé 图").isEmpty)
    #expect(OutputName.warnings(about: "-rf").count == 1)
    let bidi = OutputName.warnings(about: "a\u{2066}b\u{2069}\u{2066}")
    #expect(bidi.count == 2)
    #expect(bidi[0].contains("U+2066 LEFT-TO-RIGHT ISOLATE"))
    #expect(!bidi.joined().unicodeScalars.contains { OutputName.isBidirectionalControl($0) })
  }
}
