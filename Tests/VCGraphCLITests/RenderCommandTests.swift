import Foundation
import Testing

/// `vcgraph render`, run as a user runs it: the built executable in a temporary folder.
@Suite struct RenderCommandTests {
  /// A three-step flow: set a navigation controller as root, then push two controllers.
  static let pushTwice = """
    controllers:
      nav: UINavigationController
      a: A
      b: B
    steps:
      - setRoot: nav
      - push: a
        on: nav
      - push: b
        on: nav
    """

  /// The files of samples/navigation.yaml, one per step, in step order.
  static let navigationStems = [
    "01-setviewcontrollers-inbox-on-nav", "02-setroot-nav", "03-push-message-on-nav",
    "04-push-attachment-on-message", "05-pop-nav", "06-poptoroot-nav",
  ]

  /// The node groups each step of samples/navigation.yaml must draw: the attached controllers and the window.
  static let navigationNodes: [Set<String>] = [
    ["vc-nav", "vc-inbox"],
    ["window-main", "vc-nav", "vc-inbox"],
    ["window-main", "vc-nav", "vc-inbox", "vc-message"],
    ["window-main", "vc-nav", "vc-inbox", "vc-message", "vc-attachment"],
    ["window-main", "vc-nav", "vc-inbox", "vc-message"],
    ["window-main", "vc-nav", "vc-inbox"],
  ]

  @Test func writesAFilePerStepAndFormatAndAnIndex() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let output = folder("out").path
      let result = try folder.vcgraph("render", "samples/navigation.yaml", "-o", output, "--format", "svg,png")
      #expect(result.status == 0, "\(result)")
      #expect(result.standardOutput.contains("samples/navigation.yaml"))

      let expected = Self.navigationStems.flatMap { [$0 + ".png", $0 + ".svg"] } + ["index.json"]
      #expect(folder.contents(of: "out/navigation") == expected.sorted())
      // Zero-padded numbers: name order is step order.
      let svgs = folder.contents(of: "out/navigation").filter { $0.hasSuffix(".svg") }
      #expect(svgs == Self.navigationStems.map { $0 + ".svg" })

      let index = try parseJSONObject(try folder.bytes("out/navigation/index.json"))
      #expect(Set(index.keys) == ["scenario", "title", "steps"])
      // Relative to the output folder, however it was typed.
      #expect(index["scenario"] as? String == "../samples/navigation.yaml")
      #expect(index["title"] as? String == "Browsing a list with a navigation stack")
      let steps = try #require(index["steps"] as? [[String: Any]])
      #expect(steps.count == 6)
      for (offset, step) in steps.enumerated() {
        #expect(Set(step.keys) == ["number", "action", "caption", "files"], "step \(offset + 1)")
        #expect(step["number"] as? Int == offset + 1)
        #expect(step["caption"] is String || step["caption"] is NSNull, "step \(offset + 1)")
        let stem = Self.navigationStems[offset]
        #expect(step["files"] as? [String: String] == ["svg": stem + ".svg", "png": stem + ".png"])
      }
      #expect(
        steps.map { $0["action"] as? String } == [
          "setViewControllers [inbox] on nav", "setRoot nav", "push message on nav", "push attachment on message",
          "pop nav", "popToRoot nav",
        ])
      #expect(
        steps[2]["caption"] as? String == "Pushing covers the inbox; it stays on the stack but leaves the screen.")
    }
  }

  @Test func eachSVGParsesAndDrawsEveryAttachedControllerAndEachPNGIsAPNG() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("render", "samples/navigation.yaml", "-o", "out", "--format", "svg,png")
      try #require(result.status == 0, "\(result)")
      for (stem, nodes) in zip(Self.navigationStems, Self.navigationNodes) {
        let ids = try svgNodeIDs(try folder.bytes("out/navigation/\(stem).svg"))
        #expect(Set(ids) == nodes, "\(stem)")
        #expect(ids.count == nodes.count, "\(stem): a node is drawn twice")

        let png = try folder.bytes("out/navigation/\(stem).png")
        #expect(Array(png.prefix(8)) == pngSignature, "\(stem)")
        let size = try #require(pngSize(png), "\(stem).png has no IHDR")
        #expect(size.width > 0 && size.height > 0, "\(stem)")
      }
    }
  }

  @Test func stepOptionWritesOnlyThatStep() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("render", "samples/navigation.yaml", "-o", "out", "--step", "3")
      #expect(result.status == 0, "\(result)")
      #expect(folder.contents(of: "out/navigation") == ["03-push-message-on-nav.svg", "index.json"])
      let index = try parseJSONObject(try folder.bytes("out/navigation/index.json"))
      let steps = try #require(index["steps"] as? [[String: Any]])
      #expect(steps.map { $0["number"] as? Int } == [3])
      #expect(
        Set(try svgNodeIDs(try folder.bytes("out/navigation/03-push-message-on-nav.svg"))) == Self.navigationNodes[2])
    }
  }

  @Test func stepOptionOutOfRangeIsAnErrorAndWritesNothing() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("render", "samples/navigation.yaml", "-o", "out", "--step", "7")
      #expect(result.status != 0, "\(result)")
      #expect(result.standardError.contains("samples/navigation.yaml: error:"), "\(result)")
      #expect(!folder.exists("out/navigation"))
    }
  }

  @Test(.enabled(if: hasDotProgram, "needs /usr/bin/dot (scripts/install-deps installs graphviz)"))
  func pdfAndDotFormats() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("render", "samples/login-flow.yaml", "-o", "out", "--format", "pdf,dot")
      #expect(result.status == 0, "\(result)")
      let stems = ["01-setroot-nav", "02-push-home-on-nav", "03-present-login-from-home", "04-dismiss-login"]
      #expect(
        folder.contents(of: "out/login-flow")
          == (stems.flatMap { [$0 + ".dot", $0 + ".pdf"] } + ["index.json"]).sorted())
      let index = try parseJSONObject(try folder.bytes("out/login-flow/index.json"))
      let steps = try #require(index["steps"] as? [[String: Any]])
      #expect(steps.map { $0["files"] as? [String: String] } == stems.map { ["pdf": $0 + ".pdf", "dot": $0 + ".dot"] })
      for stem in stems {
        let pdf = try folder.bytes("out/login-flow/\(stem).pdf")
        #expect(pdf.starts(with: Array("%PDF-".utf8)), "\(stem).pdf")
        #expect(String(decoding: pdf.suffix(64), as: UTF8.self).contains("%%EOF"), "\(stem).pdf")
        let dot = try folder.bytes("out/login-flow/\(stem).dot")
        #expect(String(decoding: dot, as: UTF8.self).hasPrefix("digraph"), "\(stem).dot")
        #expect(try dotStatus(readingFile: folder("out/login-flow/\(stem).dot")) == 0, "dot cannot read \(stem).dot")
      }
    }
  }

  @Test func anUnknownFormatIsAUsageErrorAndWritesNothing() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("render", "samples/navigation.yaml", "-o", "out", "--format", "svg,gif")
      #expect(result.status == 64, "\(result)")  // EX_USAGE, as ArgumentParser exits on a validation error
      #expect(result.standardError.contains("gif"), "\(result)")
      #expect(result.standardError.contains("Usage:"), "\(result)")
      #expect(!folder.exists("out"))

      let zero = try folder.vcgraph("render", "samples/navigation.yaml", "-o", "out", "--step", "0")
      #expect(zero.status == 64, "\(zero)")
      #expect(!folder.exists("out"))
    }
  }

  /// Every sample renders in one command, in every format, and every file its index lists is there.
  /// Four samples in every format (every sample in the slow tier, ``CLISlowTests``; every sample is
  /// drawn in SVG by ``eachSampleSVGDrawsTheControllersTheStateReports(sample:)``).
  @Test func someSamplesRenderInEveryFormat() throws {
    try Self.expectSamplesRenderInEveryFormat(JobsTests.someSamples)
  }

  /// Renders the samples `names` in SVG, PNG, PDF and DOT: each step lists a file of each format, and
  /// the folder holds those and `index.json`, nothing else.
  static func expectSamplesRenderInEveryFormat(_ names: [String]) throws {
    try #require(!names.isEmpty)
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try runVCGraph(
        ["render"] + names.map { "samples/\($0)" } + ["-o", "out", "--format", "svg,png,pdf,dot"], in: folder.url)
      #expect(result.status == 0, "\(result)")
      for name in names {
        let stem = String(name.dropLast(".yaml".count))
        let index = try parseJSONObject(try folder.bytes("out/\(stem)/index.json"))
        #expect(index["scenario"] as? String == "../samples/\(name)")
        let steps = try #require(index["steps"] as? [[String: Any]], "\(name)")
        #expect(!steps.isEmpty, "\(name)")
        var listed: Set<String> = ["index.json"]
        for step in steps {
          let files = try #require(step["files"] as? [String: String], "\(name)")
          #expect(Set(files.keys) == ["svg", "png", "pdf", "dot"], "\(name)")
          listed.formUnion(files.values)
          for file in files.values {
            #expect(try !folder.bytes("out/\(stem)/\(file)").isEmpty, "\(name): \(file)")
          }
        }
        #expect(Set(folder.contents(of: "out/\(stem)")) == listed, "\(name)")
      }
    }
  }

  /// Each sample's SVGs draw, or count in a fold, exactly what `vcgraph state --json` says is in a
  /// relation.
  @Test(arguments: sampleNames)
  func eachSampleSVGDrawsTheControllersTheStateReports(sample: String) throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let rendered = try folder.vcgraph("render", "samples/\(sample)", "-o", "out")
      try #require(rendered.status == 0, "\(rendered)")
      let stateRun = try folder.vcgraph("state", "samples/\(sample)", "--json")
      try #require(stateRun.status == 0, "\(stateRun)")
      let state = try #require(try parseJSON(stateRun.standardOutput) as? [String: Any])

      let stem = String(sample.dropLast(".yaml".count))
      let index = try parseJSONObject(try folder.bytes("out/\(stem)/index.json"))
      let steps = try #require(index["steps"] as? [[String: Any]])
      #expect(steps.count == (state["steps"] as? [Any])?.count)
      for step in steps {
        let number = try #require(step["number"] as? Int)
        let file = try #require((step["files"] as? [String: String])?["svg"])
        let svg = try folder.bytes("out/\(stem)/\(file)")
        let ids = Set(try svgNodeIDs(svg))
        let expected = try expectedNodeIDs(state, step: number)
        let drawn = ids.filter { !$0.hasPrefix("fold-") }
        #expect(drawn.isSubset(of: expected), "\(sample) step \(number): \(drawn.subtracting(expected))")
        #expect(
          expected.filter { $0.hasPrefix("window-") }.isSubset(of: drawn),
          "\(sample) step \(number): a window is missing")
        let folded = try foldCounts(svg)
        #expect(
          drawn.count + folded.reduce(0, +) == expected.count,
          "\(sample) step \(number): \(drawn.count) drawn and \(folded) folded for \(expected.count)")
      }
    }
  }

  // MARK: - Failing scenarios

  @Test(arguments: BrokenScenario.all)
  func aFailingScenarioWritesNothingWhileTheOthersRender(_ broken: BrokenScenario) throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      try folder.write(broken.yaml, to: "broken.yaml")
      let result = try folder.vcgraph("render", "broken.yaml", "samples/login-flow.yaml", "-o", "out")

      #expect(result.status == 1, "\(result)")
      let line = result.standardError.split(separator: "\n").first { $0.hasPrefix("broken.yaml:") }
      #expect(line?.hasPrefix("broken.yaml:\(broken.line):\(broken.column): error: ") == true, "\(result)")
      #expect(line?.contains(broken.message) == true, "\(result)")
      #expect(!folder.exists("out/broken"), "files were written for a scenario that failed")

      let index = try parseJSONObject(try folder.bytes("out/login-flow/index.json"))
      #expect((index["steps"] as? [Any])?.count == 4)
      #expect(folder.contents(of: "out/login-flow").count == 5)
      #expect(folder.contents(of: "out") == ["login-flow"])
    }
  }

  @Test func aFailingReRenderLeavesThePreviousFilesAlone() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let first = try folder.vcgraph("render", "samples/login-flow.yaml", "-o", "out")
      try #require(first.status == 0, "\(first)")
      let before = try folder.contents(of: "out/login-flow").map { try folder.bytes("out/login-flow/\($0)") }

      // The same scenario, now broken at its last step.
      try folder.write(
        try String(contentsOf: folder("samples/login-flow.yaml"), encoding: .utf8) + "  - dismiss: ghost\n",
        to: "samples/login-flow.yaml")
      let second = try folder.vcgraph("render", "samples/login-flow.yaml", "-o", "out")
      #expect(second.status == 1, "\(second)")
      #expect(second.standardError.contains("samples/login-flow.yaml:16:14: error: "), "\(second)")
      let after = try folder.contents(of: "out/login-flow").map { try folder.bytes("out/login-flow/\($0)") }
      #expect(after == before, "a failed run changed the files of the previous one")
    }
  }

  @Test func aReRenderWithFewerStepsRemovesTheFilesTheOldIndexListed() throws {
    let before = """
      controllers:
        nav: UINavigationController
        a: A
        b: B
        c: C
      steps:
        - setRoot: nav
        - push: a
          on: nav
        - push: b
          on: nav
        - push: c
          on: nav
      """
    let after = """
      controllers:
        nav: UINavigationController
        a: A
        b: B
        c: C
      steps:
        - setRoot: nav
        - push: b
          on: nav
      """
    try withTemporaryFolder { folder in
      try folder.write(before, to: "flow.yaml")
      let first = try folder.vcgraph("render", "flow.yaml", "-o", "out", "--format", "svg,png")
      try #require(first.status == 0, "\(first)")
      #expect(folder.contents(of: "out/flow").count == 9)
      try folder.write("my notes\n", to: "out/flow/notes.txt")

      try folder.write(after, to: "flow.yaml")
      let second = try folder.vcgraph("render", "flow.yaml", "-o", "out", "--format", "svg")
      #expect(second.status == 0, "\(second)")
      // The old PNGs and steps 2–4 go; a file vcgraph never wrote stays; no temporary file is left.
      #expect(
        folder.contents(of: "out/flow") == ["01-setroot-nav.svg", "02-push-b-on-nav.svg", "index.json", "notes.txt"])
      let index = try parseJSONObject(try folder.bytes("out/flow/index.json"))
      #expect(index["title"] is NSNull, "a scenario without a title has \"title\": null")
      #expect((index["steps"] as? [[String: Any]])?.map { $0["number"] as? Int } == [1, 2])
    }
  }

  /// The README's first command: a folder argument renders every scenario in it, with its
  /// flipbook and its animation.
  @Test func aFolderArgumentRendersEveryScenarioInIt() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph(
        "render", "samples/", "-o", "samples/rendered", "--format", "svg", "--html", "--animate")
      #expect(result.status == 0, "\(result)")
      // Every sample's animation is well-formed and passes an image sanitizer's rules.
      for name in sampleNames.map({ String($0.dropLast(".yaml".count)) }) {
        let animation = try SVGDocument(try folder.bytes("samples/rendered/\(name)/animated.svg"))
        #expect(animation.unsafeParts.isEmpty, "\(name): \(animation.unsafeParts)")
        #expect(Set(animation.ids).count == animation.ids.count, "\(name): ids repeat")
        for reference in animation.references { #expect(animation.ids.contains(reference), "\(name): \(reference)") }
      }
      // Sorted by folder name: "split-view" comes before "split-view-adaptive" (but "split-view.yaml" after).
      #expect(
        folder.contents(of: "samples/rendered") == sampleNames.map { String($0.dropLast(".yaml".count)) }.sorted())
      let index = try parseJSONObject(try folder.bytes("samples/rendered/navigation/index.json"))
      #expect(index["scenario"] as? String == "../navigation.yaml")

      // Run again: the rendered folder inside samples/ is not taken for a scenario.
      let again = try folder.vcgraph("render", "samples/", "-o", "samples/rendered", "--format", "dot")
      #expect(again.status == 0, "\(again)")
      #expect(folder.contents(of: "samples/rendered").count == sampleNames.count)
    }
  }

  /// A full re-render removes only files vcgraph names itself, whatever an earlier index.json lists.
  @Test func aReRenderNeverRemovesFilesItDidNotName() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      try folder.write("mine", to: "out/keep.txt")
      try folder.write("mine", to: "out/login-flow/notes.md")
      try folder.write(
        #"{"scenario": "samples/login-flow.yaml", "title": null, "steps": [{"number": 1, "action": "x", "caption": null, "#
          + #""files": {"svg": "..", "png": "../keep.txt", "pdf": "notes.md", "dot": "/etc/hostname"}}]}"#,
        to: "out/login-flow/index.json")
      let run = try folder.vcgraph("render", "samples/login-flow.yaml", "-o", "out")
      #expect(run.status == 0, "\(run)")
      #expect(folder.exists("out/keep.txt"))
      #expect(folder.exists("out/login-flow/notes.md"))
      #expect(folder.exists("out/login-flow/01-setroot-nav.svg"))
    }
  }

  /// After the scenario changed, rendering one step drops the earlier index's steps whose action changed,
  /// and their files, rather than mixing two versions of the scenario.
  @Test func aStepRunAfterTheScenarioChangedDropsStepsThatNoLongerMatch() throws {
    let before = Self.pushTwice
    let after = before.replacingOccurrences(of: "push: b", with: "pop: nav").replacingOccurrences(
      of: "pop: nav\n    on: nav", with: "pop: nav")
    try withTemporaryFolder { folder in
      try folder.write(before, to: "flow.yaml")
      try #require(try folder.vcgraph("render", "flow.yaml", "-o", "out").status == 0)
      try folder.write(after, to: "flow.yaml")
      let run = try folder.vcgraph("render", "flow.yaml", "-o", "out", "--step", "2")
      #expect(run.status == 0, "\(run)")
      #expect(
        folder.contents(of: "out/flow") == ["01-setroot-nav.svg", "02-push-a-on-nav.svg", "index.json"])
      let index = try parseJSONObject(try folder.bytes("out/flow/index.json"))
      let steps = try #require(index["steps"] as? [[String: Any]])
      #expect(steps.compactMap { $0["number"] as? Int } == [1, 2])
    }
  }

  /// A folder with no scenario in it is an error, not a silent success.
  @Test func aFolderWithoutScenariosIsAnError() throws {
    try withTemporaryFolder { folder in
      try folder.write("not a scenario", to: "empty/readme.txt")
      for command in ["render", "check"] {
        let run = try folder.vcgraph(command, "empty")
        #expect(run.status == 1, "\(run)")
        #expect(run.standardError.contains("empty: error: cannot read the scenario: it is a folder with no .yaml"))
      }
    }
  }

  /// Rendering one step again keeps the other steps in index.json, so the index still lists every file on disk.
  @Test func aStepRunKeepsTheOtherStepsInTheIndex() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      try #require(try folder.vcgraph("render", "samples/login-flow.yaml", "-o", "out").status == 0)
      let step = try folder.vcgraph("render", "samples/login-flow.yaml", "-o", "out", "--step", "2", "--format", "png")
      #expect(step.status == 0, "\(step)")
      let index = try parseJSONObject(try folder.bytes("out/login-flow/index.json"))
      let steps = try #require(index["steps"] as? [[String: Any]])
      #expect(steps.compactMap { $0["number"] as? Int } == [1, 2, 3, 4])
      #expect(steps[1]["files"] as? [String: String] == ["png": "02-push-home-on-nav.png"])
      #expect(steps[0]["files"] as? [String: String] == ["svg": "01-setroot-nav.svg"])
      #expect(folder.contents(of: "out/login-flow").contains("01-setroot-nav.svg"))
    }
  }

  @Test
  func aStepRunDoesNotMakeTheNextFullRenderForgetStaleFrames() throws {
    let before = Self.pushTwice
    let after = Self.pushTwice.components(separatedBy: "  - push: a")[0]
    try withTemporaryFolder { folder in
      try folder.write(before, to: "flow.yaml")
      try #require(try folder.vcgraph("render", "flow.yaml", "-o", "out").status == 0)
      try #require(try folder.vcgraph("render", "flow.yaml", "-o", "out", "--step", "1").status == 0)
      try folder.write(after, to: "flow.yaml")
      try #require(try folder.vcgraph("render", "flow.yaml", "-o", "out").status == 0)
      #expect(folder.contents(of: "out/flow") == ["01-setroot-nav.svg", "index.json"])
    }
  }

  @Test func twoScenariosWithTheSameNameDoNotOverwriteEachOther() throws {
    let yaml = """
      controllers:
        a: A
      steps:
        - setRoot: a
      """
    try withTemporaryFolder { folder in
      try folder.write(yaml, to: "one/flow.yaml")
      try folder.write(yaml, to: "two/flow.yaml")
      let result = try folder.vcgraph("render", "one/flow.yaml", "two/flow.yaml", "-o", "out")
      #expect(result.status != 0, "\(result)")
      #expect(result.standardError.contains("two/flow.yaml: error:"), "\(result)")
      let index = try parseJSONObject(try folder.bytes("out/flow/index.json"))
      #expect(index["scenario"] as? String == "../one/flow.yaml")
    }
  }
}

/// A scenario that fails, and where and how vcgraph must say so.
struct BrokenScenario: Sendable, CustomTestStringConvertible {
  var name: String
  var yaml: String
  var line: Int
  var column: Int
  var message: String

  var testDescription: String { name }

  static let all: [BrokenScenario] = [
    BrokenScenario(
      name: "unknown key in a step",
      yaml: """
        title: Bad
        controllers:
          nav: UINavigationController
          home: HomeViewController
        steps:
          - setRoot: nav
          - push: home
            on: nav
            animate: false
        """,
      line: 9, column: 5,
      message:
        "step 2 (push home on nav): unknown key 'animate' in a push step; did you mean 'animated'?"
    ),
    BrokenScenario(
      name: "misspelt action",
      yaml: """
        controllers:
          nav: UINavigationController
          home: HomeViewController
        steps:
          - setRoot: nav
          - pusj: home
            on: nav
        """,
      line: 6, column: 5,
      message:
        "step 2: unknown key 'pusj' in the step; did you mean 'push'?"
    ),
    BrokenScenario(
      name: "expect names something other than a warning",
      yaml: """
        controllers:
          nav: UINavigationController
          home: HomeViewController
        steps:
          - setRoot: nav
          - push: home
            on: nav
            expect: error
        """,
      line: 8, column: 13,
      message: "step 2 (push home on nav): 'error' is not a valid expectation; expected one of: warning"),
    BrokenScenario(
      name: "animated is not true or false",
      yaml: """
        controllers:
          nav: UINavigationController
          home: HomeViewController
        steps:
          - setRoot: nav
          - push: home
            on: nav
            animated: maybe
        """,
      line: 8, column: 15, message: "step 2 (push home on nav): 'animated' must be true or false"),
    BrokenScenario(
      name: "misspelt top-level key",
      yaml: """
        title: Bad
        controlers:
          a: A
        steps:
          - setRoot: a
        """,
      line: 2, column: 1, message: "unknown key 'controlers'"),
    BrokenScenario(
      name: "unknown controller",
      yaml: """
        controllers:
          nav: UINavigationController
        steps:
          - setRoot: nav
          - push: ghost
            on: nav
        """,
      line: 5, column: 11, message: "unknown controller 'ghost'"),
    BrokenScenario(
      name: "presenting a child breaks UIKit's rule",
      yaml: """
        controllers:
          nav: UINavigationController
          home: HomeViewController
        steps:
          - setRoot: nav
          - push: home
            on: nav
          - present: home
            from: nav
        """,
      line: 8, column: 5,
      message:
        "step 3 (present home from nav): Application tried to present modally a view controller <HomeViewController: home> that has a parent view controller <UINavigationController: nav>."
    ),
    BrokenScenario(
      name: "pushing a navigation controller",
      yaml: """
        controllers:
          nav: UINavigationController
          other: UINavigationController
        steps:
          - setRoot: nav
          -   push: other
              on: nav
        """,
      line: 6, column: 7, message: "Pushing a navigation controller is not supported."),
    BrokenScenario(
      name: "YAML syntax error",
      yaml: """
        controllers:
          a: A
        steps:
          - setRoot: a
           caption: x
        """,
      line: 5, column: 4, message: "invalid YAML"),
  ]
}
