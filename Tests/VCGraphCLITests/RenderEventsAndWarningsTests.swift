import Foundation
import Testing

/// `vcgraph render --events`: the callbacks panel and the callback numbers on the controllers.
@Suite struct RenderEventsTests {
  /// The calls of step 3 (push detail on nav) of ``EventsCommandTests/pushPopPresentDismiss``, in UIKit's order.
  static let pushCalls = [
    "willMove(toParent: nav)", "viewDidLoad()", "viewWillDisappear(animated: true)", "viewWillAppear(animated: true)",
    "viewIsAppearing(animated: true)", "viewDidDisappear(animated: true)", "viewDidAppear(animated: true)",
    "didMove(toParent: nav)",
  ]

  static let pushStem = "03-push-detail-on-nav"

  @Test func eventsDrawTheCallbacksPanelAndNumberEachControllersCallbacks() throws {
    try withTemporaryFolder { folder in
      try folder.write(EventsCommandTests.pushPopPresentDismiss, to: "flow.yaml")
      let result = try folder.vcgraph("render", "flow.yaml", "-o", "out", "--events", "--format", "svg", "--step", "3")
      #expect(result.status == 0, "\(result)")
      let texts = try svgTexts(try folder.bytes("out/flow/\(Self.pushStem).svg"))

      // The panel: its title, then each callback's number, controller and call, in UIKit's order.
      let panelStart = try #require(
        texts.graph.firstIndex(of: "CALLBACKS IN THIS STEP"), "no callbacks panel: \(texts.graph)")
      let panel = texts.graph[(panelStart + 1)...].map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty && $0 != "\u{A0}" }
      let controllers = ["detail", "detail", "home", "detail", "detail", "home", "detail", "detail"]
      let rows = zip(controllers, Self.pushCalls).enumerated().flatMap {
        ["\($0.offset + 1)", $0.element.0, $0.element.1]
      }
      #expect(Array(panel.prefix(rows.count)) == rows, "\(texts.graph)")
      #expect(texts.graph.contains("viewWillDisappear(animated: true)"))

      // Each controller lists the numbers of the callbacks it received; nav received none.
      #expect(texts.nodes["vc-detail"]?.contains("callbacks 1, 2, 4, 5, 7, 8") == true, "\(texts.nodes)")
      #expect(texts.nodes["vc-home"]?.contains("callbacks 3, 6") == true, "\(texts.nodes)")
      let nav = try #require(texts.nodes["vc-nav"], "\(texts.nodes)")
      #expect(!nav.contains { $0.hasPrefix("callback") }, "\(nav)")
      // No callback is drawn inside a node.
      #expect(!texts.nodes.values.joined().contains { Self.pushCalls.contains($0) }, "\(texts.nodes)")
    }
  }

  @Test func withoutEventsNoCallbackIsDrawn() throws {
    try withTemporaryFolder { folder in
      try folder.write(EventsCommandTests.pushPopPresentDismiss, to: "flow.yaml")
      let result = try folder.vcgraph("render", "flow.yaml", "-o", "out", "--format", "svg", "--step", "3")
      #expect(result.status == 0, "\(result)")
      let svg = try folder.bytes("out/flow/\(Self.pushStem).svg")
      let texts = try svgTexts(svg)
      #expect(!texts.all.contains("CALLBACKS IN THIS STEP"), "\(texts.all)")
      #expect(!texts.all.contains { $0.hasPrefix("callbacks ") || $0.hasPrefix("callback ") }, "\(texts.all)")
      #expect(!texts.all.contains { Self.pushCalls.contains($0) }, "\(texts.all)")
      let raw = String(decoding: svg, as: UTF8.self)
      #expect(!raw.localizedCaseInsensitiveContains("callbacks in this step"))
      #expect(!raw.contains("viewWillDisappear"))
      // The diagram itself is the same: the same controllers are drawn either way.
      #expect(Set(try svgNodeIDs(svg)) == ["window-main", "vc-nav", "vc-home", "vc-detail"])
    }
  }

  /// `--events` draws every step's own callbacks: the pop's panel lists the pop's, `deinit` included.
  @Test func everyStepDrawsItsOwnCallbacks() throws {
    try withTemporaryFolder { folder in
      try folder.write(EventsCommandTests.pushPopPresentDismiss, to: "flow.yaml")
      let result = try folder.vcgraph("render", "flow.yaml", "-o", "out", "--events", "--format", "svg")
      #expect(result.status == 0, "\(result)")
      let pop = try svgTexts(try folder.bytes("out/flow/04-pop-nav.svg"))
      #expect(pop.graph.contains("CALLBACKS IN THIS STEP"))
      #expect(pop.graph.contains("willMove(toParent: nil)"), "\(pop.graph)")
      #expect(pop.graph.contains("deinit"), "\(pop.graph)")
      #expect(!pop.graph.contains("willMove(toParent: nav)"), "the push's callbacks leaked into the pop: \(pop.graph)")

      let present = try svgTexts(try folder.bytes("out/flow/05-present-login-from-home.svg"))
      #expect(present.nodes["vc-login"]?.contains("callbacks 1, 4, 5, 6") == true, "\(present.nodes)")
      #expect(present.nodes["vc-nav"]?.contains("callbacks 2, 7") == true, "\(present.nodes)")
      #expect(present.nodes["vc-home"]?.contains("callbacks 3, 8") == true, "\(present.nodes)")
    }
  }

  /// The same step rendered with and without `--events` draws the same nodes.
  @Test func eventsDoNotChangeWhatIsDrawn() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let plain = try folder.vcgraph("render", "samples/login-flow.yaml", "-o", "plain")
      let events = try folder.vcgraph("render", "samples/login-flow.yaml", "-o", "events", "--events")
      try #require(plain.status == 0, "\(plain)")
      try #require(events.status == 0, "\(events)")
      #expect(folder.contents(of: "plain/login-flow") == folder.contents(of: "events/login-flow"))
      for file in folder.contents(of: "plain/login-flow") where file.hasSuffix(".svg") {
        #expect(
          try svgNodeIDs(try folder.bytes("plain/login-flow/\(file)"))
            == (try svgNodeIDs(try folder.bytes("events/login-flow/\(file)"))), "\(file)")
        #expect(try svgTexts(try folder.bytes("events/login-flow/\(file)")).graph.contains("CALLBACKS IN THIS STEP"))
      }
    }
  }
}

/// A call UIKit only logs is a warning: the step changes nothing, and `render` still renders it.
struct LoggedMisuseScenario: Sendable, CustomTestStringConvertible {
  var name: String
  var yaml: String
  /// The step that logs, its location and its warning.
  var step: Int
  var line: Int
  var column: Int
  var warning: String
  /// The files `render` writes.
  var files: [String]

  var testDescription: String { name }

  static let all: [LoggedMisuseScenario] = [
    LoggedMisuseScenario(
      name: "presenting from a controller outside the window",
      yaml: """
        controllers:
          a: A
          b: B
        steps:
          - present: b
            from: a
        """,
      step: 1, line: 5, column: 5,
      warning:
        "step 1 (present b from a): Attempt to present <B: b> on <A: a> (from <A: a>) whose view is not in the window hierarchy.",
      files: ["01-present-b-from-a.svg", "index.json"]),
    LoggedMisuseScenario(
      name: "presenting from a controller that is already presenting",
      yaml: """
        controllers:
          nav: UINavigationController
          home: Home
          alert: UIAlertController
          login: Login
        steps:
          - setViewControllers: [home]
            on: nav
          - setRoot: nav
          - present: alert
            from: home
          - present: login
            from: home
        """,
      step: 4, line: 12, column: 5,
      warning:
        "step 4 (present login from home): Attempt to present <Login: login> on <UINavigationController: nav> (from <Home: home>) which is already presenting <UIAlertController: alert>. To present login, dismiss alert first ('dismiss: alert'), or present from alert ('from: alert').",
      files: [
        "01-setviewcontrollers-home-on-nav.svg", "02-setroot-nav.svg", "03-present-alert-from-home.svg",
        "04-present-login-from-home.svg", "index.json",
      ]),
  ]
}

@Suite struct LoggedMisuseTests {
  @Test(arguments: LoggedMisuseScenario.all)
  func renderWritesTheFilesAndPrintsTheWarning(_ scenario: LoggedMisuseScenario) throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      try folder.write(scenario.yaml, to: "flow.yaml")
      let result = try folder.vcgraph("render", "flow.yaml", "samples/login-flow.yaml", "-o", "out")
      #expect(result.status == 0, "\(result)")
      #expect(
        result.standardError == "flow.yaml:\(scenario.line):\(scenario.column): warning: \(scenario.warning)\n",
        "\(result)")
      #expect(!result.standardError.contains("error:"), "\(result)")
      #expect(result.standardOutput.contains("flow.yaml → out/flow"), "\(result)")
      #expect(folder.contents(of: "out/flow") == scenario.files)
      #expect(folder.contents(of: "out") == ["flow", "login-flow"])
      let index = try parseJSONObject(try folder.bytes("out/flow/index.json"))
      #expect((index["steps"] as? [[String: Any]])?.map { $0["number"] as? Int } == Array(1...scenario.step))
    }
  }

  /// The step changes nothing: its diagram draws what the step before drew (or nothing at all), and it
  /// makes no callback.
  @Test(arguments: LoggedMisuseScenario.all)
  func theStepChangesNothing(_ scenario: LoggedMisuseScenario) throws {
    try withTemporaryFolder { folder in
      try folder.write(scenario.yaml, to: "flow.yaml")
      try #require(try folder.vcgraph("render", "flow.yaml", "-o", "out").status == 0)
      let svgs = folder.contents(of: "out/flow").filter { $0.hasSuffix(".svg") }
      let drawn = try #require(svgs.last.map { try svgNodeIDs(try folder.bytes("out/flow/\($0)")) })
      let before = try svgs.dropLast().last.map { Set(try svgNodeIDs(try folder.bytes("out/flow/\($0)"))) } ?? []
      #expect(Set(drawn) == before)

      let state = try folder.vcgraph("state", "flow.yaml", "--json")
      let document = try #require(try parseJSON(state.standardOutput) as? [String: Any], "\(state)")
      let steps = try #require(document["steps"] as? [[String: Any]])
      if scenario.step > 1 {
        #expect(
          try stateControllers(document, step: scenario.step).mapValues { NSDictionary(dictionary: $0) }
            == (try stateControllers(document, step: scenario.step - 1)).mapValues { NSDictionary(dictionary: $0) })
      } else {
        let controllers = try stateControllers(document, step: 1)
        #expect(controllers.values.allSatisfy { $0["presentedViewController"] is NSNull }, "\(controllers)")
        #expect(controllers.values.allSatisfy { $0["presentingViewController"] is NSNull }, "\(controllers)")
      }
      #expect(steps.count == scenario.step)

      let events = try folder.vcgraph("events", "flow.yaml", "--step", "\(scenario.step)")
      #expect(events.status == 0, "\(events)")
      let action = scenario.warning.dropFirst("step \(scenario.step) (".count).prefix { $0 != ")" }
      #expect(events.standardOutput == "step \(scenario.step): \(action)\n  (no callbacks)\n", "\(events)")
    }
  }

  /// `check` fails on the warning unless the step expects it.
  @Test(arguments: LoggedMisuseScenario.all)
  func checkPassesOnlyWhenTheStepExpectsTheWarning(_ scenario: LoggedMisuseScenario) throws {
    try withTemporaryFolder { folder in
      try folder.write(scenario.yaml, to: "flow.yaml")
      try folder.write(scenario.yaml + "\n    expect: warning", to: "expected.yaml")
      let failing = try folder.vcgraph("check", "flow.yaml")
      #expect(failing.status == 1, "\(failing)")
      #expect(failing.standardOutput.isEmpty, "\(failing)")
      #expect(
        failing.standardError.hasPrefix(
          "flow.yaml:\(scenario.line):\(scenario.column): warning: \(scenario.warning)\n"),
        "\(failing)")

      let passing = try folder.vcgraph("check", "expected.yaml")
      #expect(passing.status == 0, "\(passing)")
      let steps = "\(scenario.step) step\(scenario.step == 1 ? "" : "s")"
      #expect(passing.standardOutput == "expected.yaml: ok (\(steps), 1 expected warning)\n", "\(passing)")
      #expect(
        passing.standardError
          == "expected.yaml:\(scenario.line):\(scenario.column): warning: \(scenario.warning)"
          + " (expected: the step says 'expect: warning')\n",
        "\(passing)")
    }
  }
}
