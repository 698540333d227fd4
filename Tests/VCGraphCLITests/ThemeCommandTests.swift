import Foundation
import Testing

/// `--theme`: light, dark, or both as the `NAME.svg` / `NAME~dark.svg` pair DocC picks by appearance.
@Suite struct ThemeCommandTests {
  @Test func renderWithBothThemesWritesEachFrameTwiceAndListsThePair() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph(
        "render", "samples/login-flow.yaml", "-o", "out", "--theme", "both", "--format", "svg,png")
      try #require(result.status == 0, "\(result)")
      let names = folder.contents(of: "out/login-flow")
      #expect(names.filter { $0.hasSuffix("~dark.svg") }.count == 4)
      #expect(names.filter { $0.hasSuffix("~dark.png") }.count == 4)
      #expect(names.contains("03-present-login-from-home.svg"))
      #expect(names.contains("03-present-login-from-home~dark.svg"))
      let index = try parseJSONObject(try folder.bytes("out/login-flow/index.json"))
      let steps = try #require(index["steps"] as? [[String: Any]])
      let files = try #require(steps[2]["files"] as? [String: String])
      #expect(files["svg"] == "03-present-login-from-home.svg")
      #expect(files["svg~dark"] == "03-present-login-from-home~dark.svg")
      #expect(files["png~dark"] == "03-present-login-from-home~dark.png")
      // The dark frame is drawn on a dark background; the light one on white.
      let dark = String(decoding: try folder.bytes("out/login-flow/03-present-login-from-home~dark.svg"), as: UTF8.self)
      let light = String(decoding: try folder.bytes("out/login-flow/03-present-login-from-home.svg"), as: UTF8.self)
      // Graphviz writes the graph's class with its hyphen as an entity.
      #expect(dark.contains("theme&#45;dark") && dark.contains("<polygon fill=\"#000000\" stroke=\"transparent\""))
      #expect(light.contains("theme&#45;light") && light.contains("<polygon fill=\"#ffffff\" stroke=\"transparent\""))

      // A render with one theme afterwards removes the dark frames it no longer writes.
      let again = try folder.vcgraph("render", "samples/login-flow.yaml", "-o", "out")
      try #require(again.status == 0, "\(again)")
      #expect(!folder.contents(of: "out/login-flow").contains { $0.contains("~dark") })
    }
  }

  @Test func oneThemeAloneTakesThePlainNames() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph(
        "import", "samples/dumps/settings-after.txt", "-o", "out", "--theme", "dark", "--format", "svg")
      try #require(result.status == 0, "\(result)")
      #expect(folder.contents(of: "out") == ["settings-after.svg"])
      let svg = String(decoding: try folder.bytes("out/settings-after.svg"), as: UTF8.self)
      #expect(svg.contains("theme&#45;dark"))
    }
  }

  @Test func diffAndImportWriteThePairWithBoth() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let diff = try folder.vcgraph(
        "diff", "samples/dumps/settings-before.txt", "samples/dumps/settings-after.txt", "-o", "d", "--theme", "both")
      try #require(diff.status == 0, "\(diff)")
      #expect(folder.contents(of: "d") == ["diff.svg", "diff~dark.svg"])
      let imported = try folder.vcgraph(
        "import", "samples/dumps/settings-after.txt", "-o", "i", "--theme", "both", "--format", "png,text")
      try #require(imported.status == 0, "\(imported)")
      #expect(folder.contents(of: "i") == ["settings-after.png", "settings-after.txt", "settings-after~dark.png"])
    }
  }

  @Test func anUnknownThemeIsAUsageError() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("render", "samples/login-flow.yaml", "--theme", "sepia")
      #expect(result.status == 64, "\(result)")
      #expect(!folder.exists("diagrams"))
    }
  }
}

extension ThemeCommandTests {
  /// The SVG drawn only for `index.html` is not written, whichever theme drew it.
  @Test func aDarkFlipbookWritesOnlyTheFormatsAskedFor() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph(
        "render", "samples/login-flow.yaml", "-o", "out", "--format", "png", "--theme", "dark", "--html")
      try #require(result.status == 0, "\(result)")
      let names = folder.contents(of: "out/login-flow")
      #expect(!names.contains { $0.hasSuffix(".svg") }, "\(names)")
      #expect(names.filter { $0.hasSuffix(".png") }.count == 4)
      let index = try parseJSONObject(try folder.bytes("out/login-flow/index.json"))
      let steps = try #require(index["steps"] as? [[String: Any]])
      #expect(steps.allSatisfy { ($0["files"] as? [String: String])?.keys.sorted() == ["png"] })
      let page = String(decoding: try folder.bytes("out/login-flow/index.html"), as: UTF8.self)
      #expect(page.components(separatedBy: "<svg").count - 1 == 4)
    }
  }
}
