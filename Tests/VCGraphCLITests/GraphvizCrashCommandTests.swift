import Foundation
import Testing

/// `vcgraph render` when Graphviz dies or hangs: Graphviz draws in a supervised worker process, so
/// a crash or an endless loop costs only the scenario it was drawing. That scenario fails with a
/// line naming the step, the formats and the signal, its frame's graph is kept for a bug report,
/// nothing of it is written, every other scenario is drawn, and the exit status is 1.
///
/// The worker is made to crash or hang before drawing one step by `VCGRAPH_TEST_WORKER_FAULT`
/// (`segv:FILE:STEP`, `abort:FILE:STEP`, `hang:FILE:STEP`; `KIND:FILE` for every picture of an
/// input of `import`, `storyboard` or `diff`), which only tests set.
@Suite struct GraphvizCrashCommandTests {
  /// Runs `vcgraph render` on three samples with a fault in one of them.
  static func render(
    fault: String, in folder: TemporaryFolder, extra: [String] = []
  ) throws -> CommandResult {
    try folder.copySamples()
    let executable = try #require(vcgraphExecutable)
    return try runProgram(
      executable,
      [
        "render", "samples/navigation.yaml", "samples/tab-bar.yaml", "samples/login-flow.yaml", "-o", "out", "--format",
        "svg,png",
      ] + extra,
      in: folder.url, environment: ["VCGRAPH_TEST_WORKER_FAULT": fault])
  }

  @Test(arguments: [
    ("segv", "signal 11, Segmentation fault", [String]()), ("abort", "signal 6, Aborted", []),
    ("segv", "signal 11, Segmentation fault", ["--jobs", "2"]),
  ])
  func aCrashCostsOnlyTheScenarioItWasDrawing(kind: String, signal: String, extra: [String]) throws {
    try withTemporaryFolder { folder in
      let result = try Self.render(fault: "\(kind):tab-bar.yaml:3", in: folder, extra: extra)
      #expect(result.status == 1, "\(result)")
      #expect(
        result.standardError.contains(
          "samples/tab-bar.yaml: error: Graphviz crashed while drawing step 3 as svg, png (\(signal)); the frame's "
            + "graph, for a Graphviz bug report: out/tab-bar-step-3.crash.dot"),
        "\(result)")
      // One line, not a backtrace.
      #expect(result.standardError.split(separator: "\n").count == 1, "\(result)")
      // The other scenarios, before and after it on the command line, are drawn whole.
      #expect(result.standardOutput.contains("samples/navigation.yaml → out/navigation (6 steps, 13 files)"))
      #expect(result.standardOutput.contains("samples/login-flow.yaml → out/login-flow (4 steps, 9 files)"))
      #expect(folder.exists("out/navigation/index.json"))
      #expect(folder.exists("out/login-flow/index.json"))
      // Nothing of the crashed one, not even a staging folder.
      #expect(!folder.exists("out/tab-bar"))
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: folder("out").path).sorted() == [
          "login-flow", "navigation", "tab-bar-step-3.crash.dot",
        ])
      // The kept graph is the step's, as vcgraph built it: dot draws it.
      let dot = try String(contentsOf: folder("out/tab-bar-step-3.crash.dot"), encoding: .utf8)
      #expect(dot.hasPrefix("digraph"))
      #expect(dot.contains("vc:"), "\(dot.prefix(200))")
      let drawn = try runProgram(
        URL(fileURLWithPath: dotProgram), ["-Tsvg", "out/tab-bar-step-3.crash.dot", "-o", "out/redrawn.svg"],
        in: folder.url)
      #expect(drawn.status == 0, "\(drawn)")
    }
  }

  /// A crash on the last scenario's first frame: the scenarios before it are drawn whole.
  @Test func aCrashOnTheFirstStepOfTheLastScenarioStillDrawsTheOthers() throws {
    try withTemporaryFolder { folder in
      let result = try Self.render(fault: "segv:login-flow.yaml:1", in: folder)
      #expect(result.status == 1, "\(result)")
      #expect(result.standardError.contains("samples/login-flow.yaml: error: Graphviz crashed while drawing step 1"))
      #expect(folder.exists("out/navigation/index.json"))
      #expect(folder.exists("out/tab-bar/index.json"))
      #expect(!folder.exists("out/login-flow"))
    }
  }

  /// Graphviz that never returns is stopped after `--graphviz-timeout` seconds without a frame (a
  /// run that is not stopped is ended by the suite's ``hangLimit``, and fails).
  @Test func aHungGraphvizIsStoppedAfterTheTimeLimit() throws {
    try withTemporaryFolder { folder in
      let result = try Self.render(fault: "hang:navigation.yaml:2", in: folder, extra: ["--graphviz-timeout", "2"])
      #expect(result.status == 1, "\(result)")
      #expect(
        result.standardError.contains(
          "samples/navigation.yaml: error: Graphviz did not finish drawing step 2 as svg, png within 2 s and was "
            + "stopped (--graphviz-timeout)"),
        "\(result)")
      #expect(folder.exists("out/tab-bar/index.json"))
      #expect(folder.exists("out/login-flow/index.json"))
      #expect(!folder.exists("out/navigation"))
    }
  }

  /// A storyboard too big for one page is one atlas: a crash while its pages are laid out costs the
  /// whole atlas (no page is written), says so, and keeps the graph beside the output.
  @Test func aCrashInAnAtlasCostsTheAtlasAndKeepsItsGraph() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try runProgram(
        try #require(vcgraphExecutable),
        ["storyboard", "samples/storyboards/Shop.storyboard", "-o", "sb", "--format", "svg,json"],
        in: folder.url, environment: ["VCGRAPH_TEST_WORKER_FAULT": "segv:Shop.storyboard"])
      #expect(result.status == 1, "\(result)")
      #expect(
        result.standardError
          == "samples/storyboards/Shop.storyboard: error: Graphviz crashed while laying it out (signal 11, "
          + "Segmentation fault); the graph, for a Graphviz bug report: sb/atlas.crash.dot\n", "\(result)")
      #expect(try String(contentsOf: folder("sb/atlas.crash.dot"), encoding: .utf8).hasPrefix("digraph"))
      // The JSON export is the storyboard's own; no page, overview or index of the atlas.
      #expect(folder.contents(of: "sb") == ["Shop.json", "atlas.crash.dot"])
    }
  }

  /// `storyboard`, `import` and `diff` draw with the same workers (the fault names the input's
  /// file): a crash costs the input it was drawing, with the signal, and its graph kept beside the
  /// output for a bug report, in the words `render` uses; the other inputs are written.
  @Test(arguments: [("segv", "signal 11, Segmentation fault"), ("abort", "signal 6, Aborted")])
  func aCrashInStoryboardOrImportCostsOneInput(kind: String, signal: String) throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let executable = try #require(vcgraphExecutable)
      let storyboard = try runProgram(
        executable,
        [
          // Each storyboard its own picture (a fold other than auto), not one atlas of both.
          "storyboard", "samples/storyboards/Shop.storyboard", "samples/storyboards/Settings.storyboard", "-o", "sb",
          "--format", "svg,json", "--fold", "subtrees",
        ],
        in: folder.url, environment: ["VCGRAPH_TEST_WORKER_FAULT": "\(kind):Shop.storyboard"])
      #expect(storyboard.status == 1, "\(storyboard)")
      #expect(
        storyboard.standardError
          == "samples/storyboards/Shop.storyboard: error: Graphviz crashed while drawing it as svg (\(signal)); the "
          + "graph, for a Graphviz bug report: sb/Shop.crash.dot\n", "\(storyboard)")
      #expect(try String(contentsOf: folder("sb/Shop.crash.dot"), encoding: .utf8).hasPrefix("digraph"))
      #expect(storyboard.standardOutput.contains("samples/storyboards/Settings.storyboard → sb (2 files)"))
      #expect(folder.contents(of: "sb") == ["Settings.json", "Settings.svg", "Shop.crash.dot"])

      let dumps = try runProgram(
        executable,
        [
          "import", "samples/dumps/settings-before.txt", "samples/dumps/settings-after.txt", "-o", "im", "--format",
          "svg,json",
        ],
        in: folder.url, environment: ["VCGRAPH_TEST_WORKER_FAULT": "\(kind):settings-after.txt"])
      #expect(dumps.status == 1, "\(dumps)")
      #expect(
        dumps.standardError.contains(
          "samples/dumps/settings-after.txt: error: Graphviz crashed while drawing it as svg (\(signal))"))
      #expect(dumps.standardOutput.contains("samples/dumps/settings-before.txt → im (2 files)"))
      #expect(
        folder.contents(of: "im") == ["settings-after.crash.dot", "settings-before.json", "settings-before.svg"])

      // A diff's picture is named diff, its graph kept in its folder.
      let diff = try runProgram(
        executable,
        ["diff", "samples/dumps/settings-before.txt", "samples/dumps/settings-after.txt", "-o", "df"],
        in: folder.url, environment: ["VCGRAPH_TEST_WORKER_FAULT": "\(kind):diff"])
      #expect(diff.status == 2, "\(diff)")
      #expect(
        diff.standardError
          == "error: Graphviz crashed while drawing it as svg (\(signal)); the graph, for a Graphviz bug report: "
          + "df/diff.crash.dot\n", "\(diff)")
    }
  }

  /// `import` stops a hung Graphviz after `--graphviz-timeout` seconds too, and says so as
  /// `render` does, with advice that fits the command.
  @Test func aHungGraphvizInImportIsStoppedAfterTheTimeLimit() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try runProgram(
        try #require(vcgraphExecutable),
        [
          "import", "samples/dumps/settings-after.txt", "samples/dumps/settings-before.txt", "--graphviz-timeout", "1",
          "-o", "im",
        ],
        in: folder.url, environment: ["VCGRAPH_TEST_WORKER_FAULT": "hang:settings-after.txt"])
      #expect(result.status == 1, "\(result)")
      #expect(
        result.standardError
          == "samples/dumps/settings-after.txt: error: Graphviz did not finish drawing it as svg within 1 s and was "
          + "stopped (--graphviz-timeout); draw less of it: fold more (--fold all), focus on a part (--focus ID), or "
          + "write --format json; the graph, for a Graphviz bug report: im/settings-after.crash.dot\n", "\(result)")
      #expect(folder.contents(of: "im") == ["settings-after.crash.dot", "settings-before.svg"])
    }
  }

  @Test func theTimeLimitCountsSecondsFromOne() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("render", "samples/navigation.yaml", "--graphviz-timeout", "0")
      #expect(result.status == 64, "\(result)")
      #expect(
        result.standardError.contains(
          "The value '0' is invalid for '--graphviz-timeout <SECONDS>': give a number of seconds from 1 to 86400."),
        "\(result)")
    }
  }

  /// A worker may take `--graphviz-memory` gigabytes: Graphviz taking more fails the scenario it
  /// draws with advice on drawing less, not the machine; the other scenarios are drawn.
  @Test func runningOutOfMemoryCostsOnlyThatScenarioAndSaysWhatToDo() throws {
    try withTemporaryFolder { folder in
      let result = try Self.render(fault: "oom:tab-bar.yaml:2", in: folder, extra: ["--graphviz-memory", "2"])
      #expect(result.status == 1, "\(result)")
      #expect(
        result.standardError
          == "samples/tab-bar.yaml: error: Graphviz ran out of memory while drawing step 2 as svg, png (it may take "
          + "2 GB, --graphviz-memory); draw less of it: fold more (--fold all) or focus on a part (--focus ID)\n",
        "\(result)")
      #expect(folder.contents(of: "out") == ["login-flow", "navigation"])
    }
  }

  /// The scenario shape that made Graphviz 2.42 double-free in the stable layout (a navigation
  /// controller out of any window that once held today's root, with presentations from the root)
  /// draws in every layout and fold mode, as SVG and PNG, with each presentation's style on the
  /// presented box.
  @Test(arguments: [["--layout", "stable"], ["--layout", "per-step"], ["--fold", "none"], ["--fold", "all"]])
  func theRetainedNavigationShapeDraws(_ options: [String]) throws {
    try withTemporaryFolder { folder in
      let scenario = packageRoot.appendingPathComponent("Tests/VCGraphCLITests/Fixtures/retained-navigation.yaml")
      let result = try runVCGraph(
        ["render", scenario.path, "--format", "svg,png", "-o", "out"] + options, in: folder.url)
      #expect(result.status == 0, "\(result)")
      #expect(folder.contents(of: "out/retained-navigation").count == 17)
      let texts = try svgTexts(try folder.bytes("out/retained-navigation/06-present-alert-from-sheet.svg"))
      #expect(texts.all.contains("presented · formSheet"), "\(texts.all)")
      #expect(texts.all.contains("presented · overFullScreen"), "\(texts.all)")
    }
  }
}
