import Foundation
import Testing

/// Hostile input given to `check`, `render`, `import` and `storyboard`: each gives a clear error or a
/// correct diagram, and nothing else (no crash, no markup from a name, no exhausted machine).
@Suite struct HostileInputTests {
  /// Names that break naive escaping in DOT, HTML labels, SVG or YAML.
  static let hostileNames = [
    #"say "hi""#, #"back\slash"#, #"\N \G \L"#, "{a|b}<c>", "<script>alert(1)</script>", "fish & chips",
    "two\nlines", "👩‍👩‍👧 🚀", "שלום עולם", "مرحبا",
  ]

  /// Writes a scenario as JSON (a scenario may be JSON), so any text survives exactly.
  @discardableResult
  static func writeJSONScenario(_ object: [String: Any], to name: String, in folder: TemporaryFolder) throws -> URL {
    let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    return try folder.write(String(decoding: data, as: UTF8.self), to: name)
  }

  /// A process that crashed exits through a signal, which `Process` reports as a status above 128 or
  /// as an uncaught signal; a clear error is status 1 with a `path:line:column: error:` message.
  static func expectCleanExit(_ result: CommandResult, _ comment: String = "") {
    #expect(result.status == 0 || result.status == 1, "\(comment)\n\(result)")
    if result.status == 1 { #expect(result.standardError.contains("error:"), "\(comment)\n\(result)") }
  }

  // MARK: - Names

  @Test func hostileIDsAndTitlesAreDrawnLiterallyAndTheDOTParsesBack() throws {
    try withTemporaryFolder { folder in
      var controllers: [String: Any] = ["nav": "UINavigationController"]
      var steps: [[String: Any]] = [["setRoot": "nav"]]
      for (index, name) in Self.hostileNames.enumerated() {
        let id = "c\(index) " + name
        controllers[id] = ["class": "C\(index)", "title": name]
        steps.append(["push": id, "on": "nav"])
      }
      let long = String(repeating: "x<&\"", count: 2_500)
      // libyaml reads keys of at most 1,024 characters, so the 10,000-character name is a title.
      controllers["long"] = ["class": "Long", "title": long]
      steps.append(["push": "long", "on": "nav"])
      try Self.writeJSONScenario(
        ["title": "<b>bold</b> & \\N", "controllers": controllers, "steps": steps],
        to: "names.json", in: folder)

      let check = try folder.vcgraph("check", "names.json")
      #expect(check.status == 0, "\(check)")
      // Nothing folded: every name is drawn.
      let result = try folder.vcgraph(
        "render", "names.json", "--format", "svg,dot", "-o", "out", "--step", "12", "--fold", "none")
      #expect(result.status == 0, "\(result)")
      let frames = folder.contents(of: "out/names")
      let svgName = try #require(frames.first { $0.hasSuffix(".svg") }, "\(frames)")
      let dotName = try #require(frames.first { $0.hasSuffix(".dot") }, "\(frames)")
      let svg = try folder.bytes("out/names/" + svgName)
      let texts = try svgTexts(svg)  // a real XML parser: markup from a name would break it or add elements
      let all = texts.all.joined(separator: "\n").replacingOccurrences(of: "\u{2060}", with: "")
      for name in Self.hostileNames {
        for line in name.split(separator: "\n") {
          #expect(all.contains(line), "'\(line)' is not drawn literally")
        }
      }
      #expect(all.contains("<b>bold</b> & \\N"))
      let raw = String(decoding: svg, as: UTF8.self)
      #expect(!raw.contains("<script"), "a name's markup reached the SVG")
      #expect(!raw.contains("<b>"), "a name's markup reached the SVG")
      // The long name is cut by design, but what is drawn of it is its own text.
      #expect(texts.all.contains { $0.contains("x<&\"x<&\"") }, "\(texts.all)")
      if hasDotProgram { #expect(try dotStatus(readingFile: folder("out/names/" + dotName)) == 0) }
    }
  }

  @Test func hostileNamesInADumpAndAStoryboard() throws {
    try withTemporaryFolder { folder in
      try folder.write(
        """
        <UINavigationController 0x1>, state: appeared, view: <UIView 0x2>
           | <App.Say"Hi"\\N{a|b}<script>&ViewController 0x3>, state: appeared, view: <UIView 0x4>

        """, to: "names.txt")
      let imported = try folder.vcgraph("import", "names.txt", "--format", "svg,dot", "-o", "out")
      Self.expectCleanExit(imported, "import")
      if imported.status == 0 {
        let raw = String(decoding: try folder.bytes("out/names.svg"), as: UTF8.self)
        _ = try svgTexts(try folder.bytes("out/names.svg"))
        #expect(!raw.contains("<script"))
        if hasDotProgram { #expect(try dotStatus(readingFile: folder("out/names.dot")) == 0) }
      }

      let title = "<script>x</script> & \\N \"q\" 🚀 שלום"
      let escaped = title.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
      try folder.write(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="a1">
          <scenes>
            <scene sceneID="s1">
              <objects>
                <viewController id="a1" title="\(escaped)" customClass="\(escaped)" storyboardIdentifier="\(escaped)" sceneMemberID="viewController"/>
              </objects>
            </scene>
          </scenes>
        </document>
        """, to: "Names.storyboard")
      let drawn = try folder.vcgraph("storyboard", "Names.storyboard", "--format", "svg,dot", "-o", "sb")
      #expect(drawn.status == 0, "\(drawn)")
      let svg = try folder.bytes("sb/Names.svg")
      // A word joiner after a backslash keeps Graphviz from expanding `\N`; it draws nothing.
      let all = try svgTexts(svg).all.joined(separator: "\n").replacingOccurrences(of: "\u{2060}", with: "")
      #expect(all.contains("<script>x</script> & \\N"), "\(all)")
      #expect(!String(decoding: svg, as: UTF8.self).contains("<script"))
      if hasDotProgram { #expect(try dotStatus(readingFile: folder("sb/Names.dot")) == 0) }
    }
  }

  /// What `check` accepts, `render` draws: noncharacters in a title, a caption and a class name, a
  /// caption of spaces, and a storyboard's `customClass=" "` and `storyboardIdentifier=" "` (each of
  /// which Graphviz refused with `syntax error in line 1`).
  @Test func namesGraphvizCannotHoldAreDrawnWhereCheckAcceptsThem() throws {
    try withTemporaryFolder { folder in
      try folder.write(
        #"""
        title: "Title \uFFFE"
        controllers:
          home: { class: "Home\uFFFFViewController", title: "\uFFFF" }
        steps:
          - setRoot: home
            caption: "   "
        """#, to: "odd.yaml")
      let check = try folder.vcgraph("check", "odd.yaml")
      #expect(check.status == 0, "\(check)")
      let render = try folder.vcgraph("render", "odd.yaml", "--format", "svg", "-o", "out")
      #expect(render.status == 0, "\(render)")
      let frames = folder.contents(of: "out/odd").filter { $0.hasSuffix(".svg") }
      let svg = try folder.bytes("out/odd/" + (try #require(frames.first, "\(frames)")))
      #expect(try svgTexts(svg).all.contains { $0.contains("Home\u{FFFD}ViewController") })

      try folder.write(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="a1">
          <scenes>
            <scene sceneID="s1"><objects>
              <viewController id="a1" customClass=" " storyboardIdentifier=" " title="&#xFFFD;" sceneMemberID="viewController"/>
            </objects></scene>
          </scenes>
        </document>
        """, to: "Blank.storyboard")
      let drawn = try folder.vcgraph("storyboard", "Blank.storyboard", "--format", "svg", "-o", "sb")
      #expect(drawn.status == 0, "\(drawn)")
    }
  }

  // MARK: - Depth and size

  /// 2,000 levels, every step an `addChild` to the level before: the replay keeps one hierarchy, not
  /// one per step, and walks the tree without recursion.
  @Test func aScenarioNested2000Deep() throws {
    try withTemporaryFolder { folder in
      try folder.write(Self.nestedScenario(depth: 2_000), to: "deep.yaml")
      let result = try folder.vcgraph("check", "deep.yaml")
      Self.expectCleanExit(result)
      #expect(result.standardOutput == "deep.yaml: ok (2000 steps)\n", "\(result)")
    }
  }

  /// Controllers `c0` … nested `depth` deep, one `addChild` a step under a window's root.
  static func nestedScenario(depth: Int) -> String {
    var yaml = "controllers:\n"
    for i in 0..<depth { yaml += "  c\(i): { class: C, kind: container }\n" }
    yaml += "steps:\n  - setRoot: c0\n"
    for i in 1..<depth { yaml += "  - addChild: c\(i)\n    to: c\(i - 1)\n" }
    return yaml
  }

  /// 1,000 levels (2,000 in the slow tier, ``CLISlowTests``): a dump's size grows with the square of
  /// its depth (2,000 levels are 10 MB of indentation, 5,000 are 62 MB, a minute to import).
  @Test func aDump1000LevelsDeep() throws {
    try withTemporaryFolder { folder in
      try Self.expectDeepDumpImported(depth: 1_000, in: folder)
    }
  }

  /// Imports a dump `depth` levels deep, a controller a level: every level is read.
  static func expectDeepDumpImported(depth: Int, in folder: TemporaryFolder) throws {
    var dump = "<UINavigationController 0x1>, state: appeared, view: <UIView 0x2>\n"
    for level in 1..<depth {
      dump +=
        String(repeating: "   | ", count: level)
        + "<C\(level) 0x\(level + 16)>, state: appeared, view: <UIView 0x2>\n"
    }
    try folder.write(dump, to: "deep.txt")
    let result = try folder.vcgraph("import", "deep.txt", "--format", "json", "-o", "out")
    #expect(result.status == 0, "\(result)")
    let json = String(decoding: try folder.bytes("out/deep.json"), as: UTF8.self)
    #expect(json.contains("\"C\(depth - 1)\""), "the deepest level is missing")
  }

  @Test func aDumpWith20000Siblings() throws {
    try withTemporaryFolder { folder in
      var dump = "<UINavigationController 0x1>, state: appeared, view: <UIView 0x2>\n"
      for i in 0..<20_000 {
        dump += "   | <C\(i) 0x\(i + 16)>, state: disappeared, view: <UIView 0x3> not in the window\n"
      }
      try folder.write(dump, to: "wide.txt")
      // How fast: `vcgraph-bench` (importing a dump of many siblings); here, that it is read whole.
      let result = try folder.vcgraph("import", "wide.txt", "--format", "json", "-o", "out")
      #expect(result.status == 0, "\(result)")
      let json = String(decoding: try folder.bytes("out/wide.json"), as: UTF8.self)
      #expect(json.contains("\"C19999\""), "the last sibling is missing")
    }
  }

  @Test func twentyThousandControllersAreRefusedWithTheLimit() throws {
    try withTemporaryFolder { folder in
      var yaml = "controllers:\n"
      for i in 0..<20_000 { yaml += "  c\(i): C\(i)\n" }
      yaml += "steps:\n  - setRoot: c0\n"
      try folder.write(yaml, to: "many.yaml")
      let result = try folder.vcgraph("check", "many.yaml")
      #expect(result.status == 1, "\(result)")
      #expect(result.standardError.contains("20000 controllers; vcgraph reads at most 10000"), "\(result)")
    }
  }

  /// One step more than the limit is refused with it (a million steps too, in the slow tier).
  @Test func stepsPastTheLimitAreRefusedWithTheLimit() throws {
    try withTemporaryFolder { folder in
      try Self.expectStepsRefused(10_001, in: folder)
    }
  }

  /// Checks that a scenario of `count` one-line steps is refused, naming the limit.
  static func expectStepsRefused(_ count: Int, in folder: TemporaryFolder) throws {
    try folder.write(
      "controllers:\n  a: A\nsteps: [" + String(repeating: "{setRoot: a},", count: count) + "]\n",
      to: "many-steps.yaml")
    let result = try folder.vcgraph("check", "many-steps.yaml")
    #expect(result.status == 1, "\(result)")
    #expect(result.standardError.contains("\(count) steps; vcgraph reads at most 10000"), "\(result)")
  }

  // MARK: - Not a scenario

  @Test func emptyGarbageAliasBombAndDuplicateKeysAreClearErrors() throws {
    try withTemporaryFolder { folder in
      try folder.write("", to: "empty.yaml")
      try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }).write(to: folder("garbage.yaml"))
      var bomb = "controllers:\n  a: A\nsteps:\n  - caption: &l0 [x, x, x, x, x, x, x, x, x, x]\n    setRoot: a\n"
      for level in 1...9 {
        bomb +=
          "  - caption: &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ")
          + "]\n    setRoot: a\n"
      }
      try folder.write(bomb, to: "bomb.yaml")
      try folder.write("controllers:\n  a: A\n  a: B\nsteps:\n  - setRoot: a\n", to: "duplicate.yaml")
      for name in ["empty.yaml", "garbage.yaml", "bomb.yaml", "duplicate.yaml"] {
        let result = try folder.vcgraph("check", name)
        #expect(result.status == 1, "\(name)\n\(result)")
        #expect(result.standardError.hasPrefix(name + ":"), "\(name)\n\(result)")
        #expect(result.standardError.contains("error:"), "\(name)\n\(result)")
      }
      for name in ["empty.yaml", "garbage.yaml"] {
        let imported = try folder.vcgraph("import", name, "-o", "out")
        #expect(imported.status == 1, "\(name)\n\(imported)")
        let storyboard = try folder.vcgraph("storyboard", name, "-o", "out")
        #expect(storyboard.status == 1, "\(name)\n\(storyboard)")
      }
      #expect(folder.contents(of: "out").isEmpty)
    }
  }
}
