import Foundation
import Testing

/// `vcgraph events`: the lifecycle callbacks of each step, as text and as JSON.
@Suite struct EventsCommandTests {
  /// A push then a pop on a navigation controller, then a full-screen presentation and its dismissal.
  static let pushPopPresentDismiss = """
    controllers:
      nav: UINavigationController
      home: Home
      detail: Detail
      login: Login
    steps:
      - setViewControllers: [home]
        on: nav
      - setRoot: nav
      - push: detail
        on: nav
      - pop: nav
      - present: login
        from: home
        style: fullScreen
      - dismiss: login
    """

  /// What `vcgraph events` prints for ``pushPopPresentDismiss``, in the order the README documents.
  static let pushPopPresentDismissText = """
    step 1: setViewControllers [home] on nav
      home  willMove(toParent: nav)
      home  didMove(toParent: nav)
    step 2: setRoot nav
      nav   viewDidLoad()
      home  viewDidLoad()
      nav   viewWillAppear(animated: false)
      home  viewWillAppear(animated: false)
      nav   viewIsAppearing(animated: false)
      home  viewIsAppearing(animated: false)
      nav   viewDidAppear(animated: false)
      home  viewDidAppear(animated: false)
    step 3: push detail on nav
      detail  willMove(toParent: nav)
      detail  viewDidLoad()
      home    viewWillDisappear(animated: true)
      detail  viewWillAppear(animated: true)
      detail  viewIsAppearing(animated: true)
      home    viewDidDisappear(animated: true)
      detail  viewDidAppear(animated: true)
      detail  didMove(toParent: nav)
    step 4: pop nav
      detail  willMove(toParent: nil)
      detail  viewWillDisappear(animated: true)
      home    viewWillAppear(animated: true)
      home    viewIsAppearing(animated: true)
      detail  viewDidDisappear(animated: true)
      home    viewDidAppear(animated: true)
      detail  didMove(toParent: nil)
      detail  deinit
    step 5: present login from home
      login  viewDidLoad()
      nav    viewWillDisappear(animated: true)
      home   viewWillDisappear(animated: true)
      login  viewWillAppear(animated: true)
      login  viewIsAppearing(animated: true)
      login  viewDidAppear(animated: true)
      nav    viewDidDisappear(animated: true)
      home   viewDidDisappear(animated: true)
    step 6: dismiss login
      login  viewWillDisappear(animated: true)
      nav    viewWillAppear(animated: true)
      home   viewWillAppear(animated: true)
      nav    viewIsAppearing(animated: true)
      home   viewIsAppearing(animated: true)
      nav    viewDidAppear(animated: true)
      home   viewDidAppear(animated: true)
      login  viewDidDisappear(animated: true)
      login  deinit

    """

  /// The same callbacks as the JSON must give them: `controller event`, then `→ parent` for the events
  /// that carry a parent (`→ null` when the controller leaves) and `animated`/`unanimated` for the
  /// appearance callbacks, which carry the flag.
  static let pushPopPresentDismissJSON: [(action: String, events: [String])] = [
    ("setViewControllers [home] on nav", ["home willMove(toParent:) → nav", "home didMove(toParent:) → nav"]),
    (
      "setRoot nav",
      [
        "nav viewDidLoad", "home viewDidLoad", "nav viewWillAppear unanimated", "home viewWillAppear unanimated",
        "nav viewIsAppearing unanimated", "home viewIsAppearing unanimated", "nav viewDidAppear unanimated",
        "home viewDidAppear unanimated",
      ]
    ),
    (
      "push detail on nav",
      [
        "detail willMove(toParent:) → nav", "detail viewDidLoad", "home viewWillDisappear animated",
        "detail viewWillAppear animated", "detail viewIsAppearing animated", "home viewDidDisappear animated",
        "detail viewDidAppear animated", "detail didMove(toParent:) → nav",
      ]
    ),
    (
      "pop nav",
      [
        "detail willMove(toParent:) → null", "detail viewWillDisappear animated", "home viewWillAppear animated",
        "home viewIsAppearing animated", "detail viewDidDisappear animated", "home viewDidAppear animated",
        "detail didMove(toParent:) → null", "detail deinit",
      ]
    ),
    (
      "present login from home",
      [
        "login viewDidLoad", "nav viewWillDisappear animated", "home viewWillDisappear animated",
        "login viewWillAppear animated", "login viewIsAppearing animated", "login viewDidAppear animated",
        "nav viewDidDisappear animated", "home viewDidDisappear animated",
      ]
    ),
    (
      "dismiss login",
      [
        "login viewWillDisappear animated", "nav viewWillAppear animated", "home viewWillAppear animated",
        "nav viewIsAppearing animated", "home viewIsAppearing animated", "nav viewDidAppear animated",
        "home viewDidAppear animated", "login viewDidDisappear animated", "login deinit",
      ]
    ),
  ]

  @Test func textListsEachStepsCallbacksWithTheIDsInAColumn() throws {
    try withTemporaryFolder { folder in
      try folder.write(Self.pushPopPresentDismiss, to: "flow.yaml")
      let result = try folder.vcgraph("events", "flow.yaml")
      #expect(result.status == 0, "\(result)")
      #expect(result.standardError.isEmpty, "\(result)")
      #expect(result.standardOutput == Self.pushPopPresentDismissText, "\(result)")
    }
  }

  @Test func jsonListsEachStepsCallbacksWithParentsOnlyOnParentChanges() throws {
    try withTemporaryFolder { folder in
      try folder.write(Self.pushPopPresentDismiss, to: "flow.yaml")
      let result = try folder.vcgraph("events", "flow.yaml", "--json")
      #expect(result.status == 0, "\(result)")
      #expect(result.standardError.isEmpty, "\(result)")
      let document = try #require(try parseJSON(result.standardOutput) as? [String: Any], "\(result)")
      #expect(Set(document.keys) == ["steps"])
      let steps = try #require(document["steps"] as? [[String: Any]])
      #expect(steps.map { $0["number"] as? Int } == Array(1...6))
      #expect(steps.map { $0["action"] as? String } == Self.pushPopPresentDismissJSON.map(\.action))
      for (step, expected) in zip(steps, Self.pushPopPresentDismissJSON) {
        #expect(Set(step.keys) == ["number", "action", "events"], "\(expected.action)")
        let events = try #require(step["events"] as? [[String: Any]], "\(expected.action)")
        let described = events.map { event -> String in
          var text = "\(event["viewController"] as? String ?? "?") \(event["event"] as? String ?? "?")"
          if event.keys.contains("parent") {
            text += " → " + ((event["parent"] is NSNull) ? "null" : (event["parent"] as? String ?? "?"))
          }
          if let animated = event["animated"] as? Bool { text += animated ? " animated" : " unanimated" }
          return text
        }
        #expect(described == expected.events, "\(expected.action)")
        for event in events {
          let name = event["event"] as? String ?? ""
          let hasParent = name == "willMove(toParent:)" || name == "didMove(toParent:)"
          let isAppearance =
            name.hasPrefix("viewWill") || name.hasPrefix("viewIs")
            || name.hasPrefix("viewDid")
              && name != "viewDidLoad"
          let keys: Set<String> =
            hasParent
            ? ["viewController", "event", "parent"]
            : isAppearance ? ["viewController", "event", "animated"] : ["viewController", "event"]
          #expect(Set(event.keys) == keys, "\(expected.action): \(event)")
        }
      }
    }
  }

  /// Pretty-printed, keys sorted, and `"parent": null` written out when a controller leaves its parent.
  @Test func jsonOfOneStepIsPrettyPrintedWithSortedKeys() throws {
    try withTemporaryFolder { folder in
      try folder.write(Self.pushPopPresentDismiss, to: "flow.yaml")
      let result = try folder.vcgraph("events", "flow.yaml", "--step", "4", "--json")
      #expect(result.status == 0, "\(result)")
      let expected = """
        {
          "steps" : [
            {
              "action" : "pop nav",
              "events" : [
                {
                  "event" : "willMove(toParent:)",
                  "parent" : null,
                  "viewController" : "detail"
                },
                {
                  "animated" : true,
                  "event" : "viewWillDisappear",
                  "viewController" : "detail"
                },
                {
                  "animated" : true,
                  "event" : "viewWillAppear",
                  "viewController" : "home"
                },
                {
                  "animated" : true,
                  "event" : "viewIsAppearing",
                  "viewController" : "home"
                },
                {
                  "animated" : true,
                  "event" : "viewDidDisappear",
                  "viewController" : "detail"
                },
                {
                  "animated" : true,
                  "event" : "viewDidAppear",
                  "viewController" : "home"
                },
                {
                  "event" : "didMove(toParent:)",
                  "parent" : null,
                  "viewController" : "detail"
                },
                {
                  "event" : "deinit",
                  "viewController" : "detail"
                }
              ],
              "number" : 4
            }
          ]
        }
        """
      #expect(
        result.standardOutput.trimmingCharacters(in: .newlines) == expected, "\(result)")
    }
  }

  @Test func stepOptionPrintsOnlyThatStep() throws {
    try withTemporaryFolder { folder in
      try folder.write(Self.pushPopPresentDismiss, to: "flow.yaml")
      let result = try folder.vcgraph("events", "flow.yaml", "--step", "5")
      #expect(result.status == 0, "\(result)")
      #expect(
        result.standardOutput == """
          step 5: present login from home
            login  viewDidLoad()
            nav    viewWillDisappear(animated: true)
            home   viewWillDisappear(animated: true)
            login  viewWillAppear(animated: true)
            login  viewIsAppearing(animated: true)
            login  viewDidAppear(animated: true)
            nav    viewDidDisappear(animated: true)
            home   viewDidDisappear(animated: true)

          """, "\(result)")

      let json = try folder.vcgraph("events", "flow.yaml", "--step", "3", "--json")
      #expect(json.status == 0, "\(json)")
      let steps = try #require((try parseJSON(json.standardOutput) as? [String: Any])?["steps"] as? [[String: Any]])
      #expect(steps.map { $0["number"] as? Int } == [3])
      #expect(steps.map { $0["action"] as? String } == ["push detail on nav"])
      #expect((steps.first?["events"] as? [Any])?.count == 8)
    }
  }

  /// A step UIKit makes no callback in says so rather than printing nothing.
  @Test func aStepWithoutCallbacksSaysSo() throws {
    try withTemporaryFolder { folder in
      try folder.write(
        """
        controllers:
          nav: UINavigationController
          home: Home
        steps:
          - setViewControllers: [home]
            on: nav
          - setRoot: nav
          - pop: nav
            expect: warning
        """, to: "flow.yaml")
      let result = try folder.vcgraph("events", "flow.yaml", "--step", "3")
      #expect(result.status == 0, "\(result)")
      #expect(result.standardOutput == "step 3: pop nav\n  (no callbacks)\n", "\(result)")
      // The step's warning is still printed, where the step is.
      #expect(result.standardError.hasPrefix("flow.yaml:8:5: warning: step 3 (pop nav): "), "\(result)")

      let json = try folder.vcgraph("events", "flow.yaml", "--step", "3", "--json")
      let steps = try #require((try parseJSON(json.standardOutput) as? [String: Any])?["steps"] as? [[String: Any]])
      #expect(steps.count == 1, "\(json)")
      #expect((steps.first?["events"] as? [Any])?.isEmpty == true, "\(json)")
    }
  }

  @Test(arguments: BrokenScenario.all)
  func aBrokenScenarioFailsWithItsLocationAndPrintsNoEvents(_ broken: BrokenScenario) throws {
    try withTemporaryFolder { folder in
      try folder.write(broken.yaml, to: "broken.yaml")
      for arguments in [["events", "broken.yaml"], ["events", "broken.yaml", "--json"]] {
        let result = try runVCGraph(arguments, in: folder.url)
        #expect(result.status == 1, "\(result)")
        #expect(result.standardOutput.isEmpty, "\(result)")
        let prefix = "broken.yaml:\(broken.line):\(broken.column): error: "
        #expect(
          result.standardError.split(separator: "\n").contains { $0.hasPrefix(prefix) && $0.contains(broken.message) },
          "\(result)")
      }
    }
  }

  @Test func aStepOutOfRangeIsAnErrorAndAStepOfZeroAUsageError() throws {
    try withTemporaryFolder { folder in
      try folder.write(Self.pushPopPresentDismiss, to: "flow.yaml")
      let result = try folder.vcgraph("events", "flow.yaml", "--step", "7")
      #expect(result.status == 1, "\(result)")
      #expect(result.standardOutput.isEmpty, "\(result)")
      #expect(
        result.standardError.contains("flow.yaml: error: --step 7 is out of range; the scenario has 6 steps"),
        "\(result)")

      let zero = try folder.vcgraph("events", "flow.yaml", "--step", "0")
      #expect(zero.status == 64, "\(zero)")
      #expect(zero.standardOutput.isEmpty, "\(zero)")
    }
  }

  @Test func aMissingFileIsAnError() throws {
    try withTemporaryFolder { folder in
      let result = try folder.vcgraph("events", "nowhere.yaml")
      #expect(result.status == 1, "\(result)")
      #expect(result.standardOutput.isEmpty, "\(result)")
      #expect(result.standardError.hasPrefix("nowhere.yaml: error: "), "\(result)")
    }
  }

  /// Every sample's callbacks, as JSON, are the same steps in the same order as `vcgraph state` reports,
  /// and the text lists the same number of callbacks.
  @Test(arguments: sampleNames)
  func eachSampleListsEveryStep(sample: String) throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let json = try folder.vcgraph("events", "samples/\(sample)", "--json")
      #expect(json.status == 0, "\(json)")
      let steps = try #require((try parseJSON(json.standardOutput) as? [String: Any])?["steps"] as? [[String: Any]])
      let state = try folder.vcgraph("state", "samples/\(sample)", "--json")
      let stateSteps = try #require(
        (try parseJSON(state.standardOutput) as? [String: Any])?["steps"] as? [[String: Any]])
      #expect(steps.map { $0["number"] as? Int } == stateSteps.map { $0["number"] as? Int })
      #expect(steps.map { $0["action"] as? String } == stateSteps.map { $0["action"] as? String })

      let text = try folder.vcgraph("events", "samples/\(sample)")
      #expect(text.status == 0, "\(text)")
      let lines = text.standardOutput.split(separator: "\n").map(String.init)
      #expect(text.standardOutput.hasSuffix("\n"), "\(text)")
      let headers = lines.filter { $0.hasPrefix("step ") }
      #expect(headers == steps.map { "step \($0["number"] as? Int ?? 0): \($0["action"] as? String ?? "")" })
      let callbackLines = lines.filter { $0.hasPrefix("  ") && $0 != "  (no callbacks)" }
      let eventCounts = steps.map { ($0["events"] as? [Any])?.count ?? 0 }
      #expect(callbackLines.count == eventCounts.reduce(0, +), "\(text)")
      let quietSteps = eventCounts.filter { $0 == 0 }.count
      #expect(lines.filter { $0 == "  (no callbacks)" }.count == quietSteps, "\(text)")
      #expect(lines.count == headers.count + callbackLines.count + quietSteps, "\(text)")
    }
  }
}
