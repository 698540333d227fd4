import Foundation
import Testing

/// `--fold` and `--focus`, end to end: what `render`, `import` and `storyboard` draw with them, and
/// how a focus that names nothing is refused.
@Suite struct FoldingCommandTests {
  /// A navigation stack forty screens deep in a tab bar with a second, short tab: drawn whole, it is
  /// more than three times as tall as a page may be wide (a twenty-deep one fits, and is drawn whole).
  static let deepStack: String = {
    var lines = ["title: Deep", "controllers:", "  tabs: UITabBarController", "  nav: UINavigationController"]
    lines += (0..<40).map { "  level\($0): { class: Level\($0)ViewController }" }
    lines += ["  other: UINavigationController", "  settings: SettingsViewController", "steps:"]
    lines += ["  - setViewControllers: [\((0..<40).map { "level\($0)" }.joined(separator: ", "))]", "    on: nav"]
    lines += ["  - setViewControllers: [settings]", "    on: other"]
    lines += ["  - setTabs: [nav, other]", "    on: tabs", "  - setRoot: tabs"]
    return lines.joined(separator: "\n") + "\n"
  }()

  /// The `vc-…` and `fold-…` node ids of an SVG.
  static func ids(_ bytes: [UInt8]) throws -> (controllers: Set<String>, folds: [String]) {
    let ids = try svgNodeIDs(bytes)
    return (Set(ids.filter { $0.hasPrefix("vc-") }), ids.filter { $0.hasPrefix("fold-") })
  }

  @Test func byDefaultTheMiddleOfADeepStackFoldsIntoOneCountedNode() throws {
    try withTemporaryFolder { folder in
      try folder.write(Self.deepStack, to: "deep.yaml")
      let result = try folder.vcgraph("render", "deep.yaml", "-o", "out", "--step", "4")
      #expect(result.status == 0, "\(result)")
      let svg = try folder.bytes("out/deep/04-setroot-tabs.svg")
      let (controllers, folds) = try Self.ids(svg)
      // The ends of the stack, the containers and what is on screen are drawn.
      #expect(controllers.isSuperset(of: ["vc-tabs", "vc-nav", "vc-level0", "vc-level39", "vc-other"]))
      #expect(!controllers.contains("vc-level5"))
      #expect(folds == ["fold-nav-level1"])
      let texts = try svgTexts(svg)
      let fold = (texts.nodes["fold-nav-level1"] ?? []).joined(separator: " ")
      #expect(fold.contains("stack[1…38]"), "\(fold)")
      #expect(fold.contains("38 controllers"), "\(fold)")
      #expect(fold.contains("Level1ViewController"), "\(fold)")
      #expect(fold.contains("… Level38ViewController"), "\(fold)")
    }
  }

  @Test func foldNoneDrawsEveryController() throws {
    try withTemporaryFolder { folder in
      try folder.write(Self.deepStack, to: "deep.yaml")
      let result = try folder.vcgraph("render", "deep.yaml", "-o", "out", "--step", "4", "--fold", "none")
      #expect(result.status == 0, "\(result)")
      let (controllers, folds) = try Self.ids(try folder.bytes("out/deep/04-setroot-tabs.svg"))
      #expect(controllers.count == 44)
      #expect(folds.isEmpty)
    }
  }

  @Test func aFocusDrawsItsSubtreeAndAncestorsAndFoldsTheRest() throws {
    try withTemporaryFolder { folder in
      try folder.write(Self.deepStack, to: "deep.yaml")
      let result = try folder.vcgraph("render", "deep.yaml", "-o", "out", "--step", "4", "--focus", "other")
      #expect(result.status == 0, "\(result)")
      let svg = try folder.bytes("out/deep/04-setroot-tabs.svg")
      let (controllers, folds) = try Self.ids(svg)
      #expect(controllers == ["vc-tabs", "vc-other", "vc-settings"])
      // The other tab, with its whole stack, is one counted node.
      #expect(folds == ["fold-tabs-nav"])
      let texts = try svgTexts(svg)
      #expect((texts.nodes["fold-tabs-nav"] ?? []).contains("41 controllers"), "\(texts.nodes)")
      #expect(texts.graph.joined(separator: " ").contains("FOCUS other"), "\(texts.graph)")
    }
  }

  @Test func aFocusThatNamesNoControllerIsAnErrorAndWritesNothing() throws {
    try withTemporaryFolder { folder in
      try folder.write(Self.deepStack, to: "deep.yaml")
      let result = try folder.vcgraph("render", "deep.yaml", "-o", "out", "--focus", "nowhere")
      #expect(result.status == 1, "\(result)")
      #expect(
        result.standardError.contains(
          "deep.yaml: error: --focus \"nowhere\": no controller of this scenario has that id or class name"),
        "\(result)")
      #expect(!folder.exists("out/deep"))
      let empty = try folder.vcgraph("render", "deep.yaml", "--focus", " ")
      #expect(empty.status == 64, "\(empty)")
      let mode = try folder.vcgraph("render", "deep.yaml", "--fold", "sometimes")
      #expect(mode.status == 64, "\(mode)")
      #expect(mode.standardError.contains("--fold"), "\(mode)")
    }
  }

  /// A dump names its controllers by class: `--focus` takes a class name, with or without its module.
  @Test func aDumpIsFocusedByClassName() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      for name in ["Mail.ComposeViewController", "ComposeViewController"] {
        let result = try folder.vcgraph(
          "import", "samples/dumps/mail-compose-sheet.txt", "-o", "out", "--format", "svg", "--focus", name)
        #expect(result.status == 0, "\(result)")
        let (controllers, folds) = try Self.ids(try folder.bytes("out/mail-compose-sheet.svg"))
        // The compose sheet, its navigation controller, and the tab bar that presents it.
        #expect(
          controllers == ["vc-UITabBarController", "vc-UINavigationController-3", "vc-ComposeViewController"],
          "\(controllers)")
        #expect(!folds.isEmpty)
      }
      let missing = try folder.vcgraph(
        "import", "samples/dumps/mail-compose-sheet.txt", "-o", "out2", "--focus", "NoSuchViewController")
      #expect(missing.status == 1, "\(missing)")
      #expect(missing.standardError.contains("no controller of the dump has that id or class name"), "\(missing)")
    }
  }

  /// `--jobs` workers fold as the command line says: the files are those of one process.
  @Test func workersFoldAsTheCommandSays() throws {
    try withTemporaryFolder { folder in
      try folder.write(Self.deepStack, to: "deep.yaml")
      for jobs in ["1", "2"] {
        let result = try folder.vcgraph(
          "render", "deep.yaml", "-o", "out\(jobs)", "--jobs", jobs, "--fold", "runs", "--focus", "nav")
        #expect(result.status == 0, "\(result)")
      }
      for name in folder.contents(of: "out1/deep") where name.hasSuffix(".svg") {
        #expect(try folder.bytes("out1/deep/" + name) == folder.bytes("out2/deep/" + name), "\(name)")
      }
    }
  }
}
