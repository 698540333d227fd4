import Foundation
import Testing

/// One text export of one input goes to standard output when no folder is given, as `dot -Tsvg`
/// prints: `import --format mermaid`, `storyboard --format json`, `diff --format dot`; images, and
/// several exports or inputs, keep the folder default.
@Suite struct TextOnStandardOutputTests {
  static let dump = "samples/dumps/settings-after.txt"
  static let storyboard = "samples/storyboards/Settings.storyboard"

  @Test(arguments: [
    ("mermaid", "flowchart TD\n"), ("json", "{\n"), ("text", "<UINavigationController"), ("dot", "digraph vcgraph {"),
  ])
  func oneTextExportOfADumpIsPrinted(format: String, start: String) throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("import", Self.dump, "--format", format)
      #expect(result.status == 0, "\(result)")
      #expect(result.standardOutput.hasPrefix(start), "\(result)")
      #expect(!folder.exists("diagrams"), "nothing is written")
    }
  }

  @Test func imagesSeveralFormatsOrSeveralDumpsKeepTheFolder() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let image = try folder.vcgraph("import", Self.dump, "--format", "svg")
      #expect(image.status == 0, "\(image)")
      #expect(image.standardOutput == "samples/dumps/settings-after.txt → diagrams (1 file)\n", "\(image)")
      let two = try folder.vcgraph("import", Self.dump, "--format", "json,text", "-o", "two")
      #expect(two.status == 0, "\(two)")
      #expect(folder.contents(of: "two") == ["settings-after.json", "settings-after.txt"])
      let both = try folder.vcgraph("import", Self.dump, "samples/dumps/journal-app.txt", "--format", "json")
      #expect(both.status == 0, "\(both)")
      #expect(folder.contents(of: "diagrams").contains("journal-app.json"))
    }
  }

  @Test func oneTextExportOfAStoryboardIsPrinted() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("storyboard", Self.storyboard, "--format", "json")
      #expect(result.status == 0, "\(result)")
      let document = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
      #expect(document?["steps"] != nil, "\(result)")
      #expect(!folder.exists("diagrams"))
      let dashed = try folder.vcgraph("storyboard", Self.storyboard, "--format", "text", "-o", "-")
      #expect(dashed.status == 0, "\(dashed)")
      #expect(dashed.standardOutput.hasPrefix("<UINavigationController>, state: appeared"), "\(dashed)")
      let image = try folder.vcgraph("storyboard", Self.storyboard, "--format", "png", "-o", "-")
      #expect(image.status == 64, "\(image)")
      #expect(image.standardError.contains("-o - prints text; png needs a folder to write into."), "\(image)")
    }
  }

  @Test func diffPrintsItsDiagramsDOTWithFormatDot() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph(
        "diff", "samples/login-flow.yaml#3", "samples/login-flow.yaml#4", "--format", "dot", "--exit-code")
      #expect(result.status == 1, "the sides differ: \(result)")
      #expect(result.standardOutput.hasPrefix("digraph vcgraph {"), "\(result)")
      #expect(result.standardOutput.contains("vc-"), "\(result)")
      #expect(!folder.exists("diagrams"))
      let refused = try folder.vcgraph(
        "diff", "samples/login-flow.yaml#3", "samples/login-flow.yaml#4", "--format", "png")
      #expect(refused.status == 64, "\(refused)")
      #expect(refused.standardError.contains("give -o DIR too (only dot prints without it)"), "\(refused)")
    }
  }
}
