import Foundation
import Testing

@testable import VCGraph

@Suite("Reading scenarios")
struct ScenarioReadingTests {
  @Test func everyFieldAndActionIsRead() throws {
    let scenario = try scenario(
      """
      # A comment before the title.
      title: Every action
      version: 1
      controllers:
        nav: UINavigationController
        home: { class: MyApp.HomeViewController, title: Home }
        tabs: { class: MainTabBarController, kind: tabBar }
        box: { class: BoxViewController, kind: container, definesPresentationContext: true }
        sheet: SheetViewController
      steps:
        - setRoot: nav
        - setRoot: tabs
          window: second
        - push: home
          on: nav
          caption: Pushed.
        - pop: home
        - popToRoot: nav
        - setViewControllers: [home, sheet]
          on: nav
        - present: box
          from: home
          style: .overFullScreen
        - dismiss: box
        - addChild: sheet
          to: box
        - removeFromParent: sheet
        - setTabs: []
          on: tabs
        - selectTab: 2
          on: tabs
        - {selectTab: home, on: tabs, caption: "flow style"}
        - present: box
          from: home
          caption: >-
            folded
            caption
      """)
    #expect(scenario.title == "Every action")
    #expect(scenario.path == "test.yaml")
    #expect(scenario.stem == "test")
    #expect(
      scenario.viewControllers == [
        ViewController(id: "nav", className: "UINavigationController"),
        ViewController(id: "home", className: "MyApp.HomeViewController", title: "Home"),
        ViewController(id: "tabs", className: "MainTabBarController", kind: .tabBar),
        ViewController(id: "box", className: "BoxViewController", kind: .container, definesPresentationContext: true),
        ViewController(id: "sheet", className: "SheetViewController"),
      ])
    #expect(scenario.viewControllers[0].kind == .navigation)
    #expect(scenario.viewControllers[0].definesPresentationContext)
    #expect(!scenario.viewControllers[2].definesPresentationContext)
    #expect(scenario.declarations["home"] == VCGraph.SourceLocation(file: "test.yaml", line: 6, column: 3))
    #expect(
      scenario.steps.map(\.action) == [
        .setRoot("nav", window: "main"),
        .setRoot("tabs", window: "second"),
        .push("home", on: "nav"),
        .pop("home"),
        .popToRoot("nav"),
        .setViewControllers(["home", "sheet"], on: "nav"),
        .present("box", from: "home", style: .overFullScreen),
        .dismiss("box"),
        .addChild("sheet", to: "box"),
        .removeFromParent("sheet"),
        .setTabs([], on: "tabs"),
        .selectTab(.index(2), on: "tabs"),
        .selectTab(.controller("home"), on: "tabs"),
        .present("box", from: "home", style: .automatic),
      ])
    #expect(scenario.steps.map(\.number) == Array(1...14))
    #expect(scenario.steps[2].caption == "Pushed.")
    #expect(scenario.steps[12].caption == "flow style")
    #expect(scenario.steps[13].caption == "folded caption")
    #expect(scenario.steps[0].caption == nil)
    // A step is located at its action key, in a flow mapping too.
    #expect(scenario.steps[0].location == VCGraph.SourceLocation(file: "test.yaml", line: 11, column: 5))
    #expect(scenario.steps[2].location == VCGraph.SourceLocation(file: "test.yaml", line: 14, column: 5))
    #expect(scenario.steps[12].location == VCGraph.SourceLocation(file: "test.yaml", line: 32, column: 6))
    #expect(scenario.steps[13].location.line == 33)
  }

  @Test func aScenarioWrittenAsJSONIsAccepted() throws {
    let json = """
      {
        "title": "JSON",
        "controllers": {
          "nav": "UINavigationController",
          "home": {"class": "HomeViewController", "title": "Home"}
        },
        "steps": [
          {"setRoot": "nav"},
          {"push": "home", "on": "nav", "caption": "Pushed"}
        ]
      }
      """
    let replay = try replay(json)
    #expect(replay.scenario.title == "JSON")
    #expect(replay.scenario.steps.map(\.action) == [.setRoot("nav", window: "main"), .push("home", on: "nav")])
    #expect(replay.scenario.steps[1].location == VCGraph.SourceLocation(file: "test.yaml", line: 9, column: 6))
    #expect(replay.frames.last?.hierarchy.appearedIDs == ["nav", "home"])
    // Errors in JSON point into the JSON too.
    expectError(
      json.replacingOccurrences(of: #""on": "nav""#, with: #""on": "navv""#),
      "test.yaml:9:28: error: step 2 (push home): unknown controller 'navv'; declare it under 'controllers:'")
  }

  @Test func theVersionMayBeOneWrittenEitherWay() throws {
    let body = "controllers:\n  home: HomeViewController\nsteps:\n  - setRoot: home\n"
    #expect(try scenario("version: 1\n" + body).steps.count == 1)
    #expect(try scenario("version: \"1\"\n" + body).steps.count == 1)
    expectError(
      "version: 2\n" + body, "test.yaml:1:10: error: unsupported scenario version '2'; this vcgraph reads version 1")
    expectError(
      "version: 1.1\n" + body, "test.yaml:1:10: error: unsupported scenario version '1.1'; this vcgraph reads version 1"
    )
  }

  @Test func aFileIsReadFromDisk() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vcgraph-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("flow.yaml")
    try "controllers:\n  home: HomeViewController\nsteps:\n  - setRoot: nowhere\n".write(
      to: file, atomically: true, encoding: .utf8)
    do {
      _ = try Scenario(contentsOfFile: file.path)
      Issue.record("an unknown controller was accepted")
    } catch {
      #expect(
        error.description
          == "\(file.path):4:14: error: step 1 (setRoot nowhere): unknown controller 'nowhere'; declare it under 'controllers:'"
      )
    }
    let missing = directory.appendingPathComponent("missing.yaml").path
    do {
      _ = try Scenario(contentsOfFile: missing)
      Issue.record("a missing file was read")
    } catch {
      #expect(error.location == VCGraph.SourceLocation(file: missing, line: 1, column: 1))
      #expect(error.description.hasPrefix("\(missing):1:1: error: cannot read the scenario: "))
    }
  }
}

@Suite("Scenario errors point at the line and column")
struct ScenarioErrorTests {
  static let allActions =
    "setRoot, push, pop, popToRoot, setViewControllers, present, dismiss, addChild, removeFromParent, setTabs, selectTab"

  @Test func unknownTopLevelKey() {
    expectError(
      """
      title: Typo
      controller:
        home: HomeViewController
      steps:
        - setRoot: home
      """,
      "test.yaml:2:1: error: unknown key 'controller' in the scenario; expected one of: version, title, controllers, steps"
    )
  }

  @Test func missingTopLevelKeysAndEmptyDocuments() {
    expectError(
      "title: x\nsteps:\n  - setRoot: home\n", "test.yaml:1:1: error: the scenario needs 'controllers:'")
    expectError("controllers:\n  home: HomeViewController\n", "test.yaml:1:1: error: the scenario needs 'steps:'")
    expectError("", "test.yaml:1:1: error: a scenario must be a mapping with 'controllers' and 'steps'")
    expectError("# nothing\n", "test.yaml:1:1: error: a scenario must be a mapping with 'controllers' and 'steps'")
    expectError(
      "- setRoot: home\n", "test.yaml:1:1: error: a scenario must be a mapping with 'controllers' and 'steps'")
  }

  @Test func unknownStepKeys() {
    let header = "controllers:\n  nav: UINavigationController\n  home: HomeViewController\nsteps:\n  - setRoot: nav\n"
    // With an action, only that action's keys are allowed.
    expectError(
      header + "  - push: home\n    on: nav\n    animated: true\n",
      "test.yaml:8:5: error: step 2 (push home on nav): unknown key 'animated' in a push step; expected one of: push, on, caption"
    )
    expectError(
      header + "  - pop: nav\n    on: nav\n",
      "test.yaml:7:5: error: step 2 (pop nav on nav): unknown key 'on' in a pop step; expected one of: pop, caption")
    // Without one, a misspelt action is reported as unknown.
    expectError(
      header + "  - pusj: home\n    on: nav\n",
      "test.yaml:6:5: error: step 2: unknown key 'pusj' in the step; expected one of: \(Self.allActions), caption")
  }

  @Test func aStepWithoutAnActionOrWithTwo() {
    let header = "controllers:\n  nav: UINavigationController\n  home: HomeViewController\nsteps:\n"
    expectError(
      header + "  - caption: nothing\n", "test.yaml:5:5: error: step 1: a step needs one action key: \(Self.allActions)"
    )
    expectError(
      header + "  - on: nav\n", "test.yaml:5:5: error: step 1: a step needs one action key: \(Self.allActions)")
    expectError(
      header + "  - setRoot: nav\n  - push: home\n    pop: nav\n    on: nav\n",
      "test.yaml:6:5: error: step 2 (push home on nav): a step makes one UIKit call, but this one names push and pop")
    expectError(
      header + "  - setRoot: nav\n  - dismiss\n",
      "test.yaml:6:5: error: step 2: a step must be a mapping such as 'push: home' with 'on: nav'")
  }

  @Test func aMissingTargetKeyPointsAtTheStep() {
    let header =
      "controllers:\n  nav: UINavigationController\n  home: HomeViewController\n  box: { class: Box, kind: container }\nsteps:\n"
    expectError(header + "  - push: home\n", "test.yaml:6:5: error: step 1 (push home): push needs 'on:'")
    expectError(header + "  - present: home\n", "test.yaml:6:5: error: step 1 (present home): present needs 'from:'")
    expectError(header + "  - addChild: home\n", "test.yaml:6:5: error: step 1 (addChild home): addChild needs 'to:'")
    expectError(header + "  - setTabs: [home]\n", "test.yaml:6:5: error: step 1 (setTabs [home]): setTabs needs 'on:'")
    expectError(header + "  - selectTab: 0\n", "test.yaml:6:5: error: step 1 (selectTab 0): selectTab needs 'on:'")
    expectError(
      header + "  - setViewControllers: [home]\n",
      "test.yaml:6:5: error: step 1 (setViewControllers [home]): setViewControllers needs 'on:'")
  }

  @Test func anUnknownControllerPointsAtTheValue() {
    let header = "controllers:\n  nav: UINavigationController\n  home: HomeViewController\nsteps:\n"
    expectError(
      header + "  - push: detail\n    on: nav\n",
      "test.yaml:5:11: error: step 1 (push detail on nav): unknown controller 'detail'; declare it under 'controllers:'"
    )
    expectError(
      header + "  - push: home\n    on: navv\n",
      "test.yaml:6:9: error: step 1 (push home on navv): unknown controller 'navv'; declare it under 'controllers:'")
    expectError(
      header + "  - setViewControllers: [home, gone]\n    on: nav\n",
      "test.yaml:5:32: error: step 1 (setViewControllers [home, gone] on nav): unknown controller 'gone'; declare it under 'controllers:'"
    )
    expectError(
      header + "  - setRoot: nav\n  - present: home\n    from: Home\n",
      "test.yaml:7:11: error: step 2 (present home from Home): unknown controller 'Home'; declare it under 'controllers:'"
    )
    // A quoted number is an id, not a tab index.
    expectError(
      header + "  - selectTab: \"0\"\n    on: nav\n",
      "test.yaml:5:16: error: step 1 (selectTab 0 on nav): unknown controller '0'; declare it under 'controllers:'")
  }

  @Test func valuesOfTheWrongType() {
    let header = "controllers:\n  nav: UINavigationController\n  home: HomeViewController\nsteps:\n"
    expectError(
      header + "  - push: [home]\n    on: nav\n",
      "test.yaml:5:11: error: step 1 (push [home] on nav): 'push' must be a controller id")
    expectError(
      header + "  - push: home\n    on: [nav]\n",
      "test.yaml:6:9: error: step 1 (push home on [nav]): 'on' of push must be a controller id")
    expectError(
      header + "  - dismiss: {home: nav}\n",
      "test.yaml:5:14: error: step 1 (dismiss): 'dismiss' must be a controller id")
    expectError(header + "  - dismiss:\n", "test.yaml:5:13: error: step 1 (dismiss): 'dismiss' must be a controller id")
    expectError(
      header + "  - selectTab: [home]\n    on: nav\n",
      "test.yaml:5:16: error: step 1 (selectTab [home] on nav): 'selectTab' must be a controller id")
    expectError(
      header + "  - setTabs: home\n    on: nav\n",
      "test.yaml:5:14: error: step 1 (setTabs home on nav): 'setTabs' must be a list of controller ids such as [home, settings]"
    )
    expectError(
      header + "  - setViewControllers: [[home]]\n    on: nav\n",
      "test.yaml:5:26: error: step 1 (setViewControllers […] on nav): an item of 'setViewControllers' must be a controller id"
    )
    expectError(
      header + "  - setRoot: nav\n    window: [a]\n",
      "test.yaml:6:13: error: step 1 (setRoot nav in window [a]): 'window' must be text")
    expectError(
      header + "  - setRoot: nav\n    window: \"\"\n",
      "test.yaml:6:13: error: step 1 (setRoot nav in window): 'window' must be a non-empty name")
    expectError(
      header + "  - setRoot: nav\n    caption: [a]\n",
      "test.yaml:6:14: error: step 1 (setRoot nav): 'caption' must be text")
    expectError(
      "title: [a]\n" + header + "  - setRoot: nav\n", "test.yaml:1:8: error: 'title' must be text")
    expectError(
      "controllers: [nav, home]\nsteps:\n  - setRoot: nav\n",
      "test.yaml:1:14: error: 'controllers' must be a mapping of controller ids to class names")
    expectError(
      "controllers:\n  nav: UINavigationController\nsteps:\n  setRoot: nav\n",
      "test.yaml:4:3: error: 'steps' must be a list of steps")
    expectError(
      "controllers:\n  nav: UINavigationController\nsteps:\n", "test.yaml:3:7: error: 'steps' must be a list of steps")
  }

  @Test func controllerDeclarationsOfTheWrongShape() {
    let steps = "steps:\n  - setRoot: home\n"
    expectError(
      "controllers:\n  home: [HomeViewController]\n" + steps,
      "test.yaml:2:9: error: controller 'home' must be a class name or a mapping with 'class'")
    expectError(
      "controllers:\n  home:\n" + steps,
      "test.yaml:2:8: error: controller 'home' must be a class name such as UINavigationController")
    expectError(
      "controllers:\n  home: { title: Home }\n" + steps, "test.yaml:2:9: error: controller 'home' needs 'class:'")
    expectError(
      "controllers:\n  home: { class: [A] }\n" + steps,
      "test.yaml:2:18: error: 'class' of controller 'home' must be a class name such as UINavigationController")
    expectError(
      "controllers:\n  home: { class: Home, style: plain }\n" + steps,
      "test.yaml:2:24: error: unknown key 'style' in controller 'home'; expected one of: class, kind, title, definesPresentationContext"
    )
    expectError(
      "controllers:\n  home: { class: Home, definesPresentationContext: maybe }\n" + steps,
      "test.yaml:2:52: error: 'definesPresentationContext' of controller 'home' must be true or false")
    expectError(
      "controllers:\n  \" \": Home\n" + steps,
      "test.yaml:2:3: error: ' ' is not a valid controller id; use a non-empty name")
  }

  @Test func invalidStyleAndKindValues() {
    expectError(
      """
      controllers:
        home: HomeViewController
        login: LoginViewController
      steps:
        - setRoot: home
        - present: login
          from: home
          style: sheet
      """,
      "test.yaml:8:12: error: step 2 (present login from home): 'sheet' is not a valid presentation style; "
        + "expected one of: automatic, fullScreen, "
        + "pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover")
    expectError(
      """
      controllers:
        box: { class: Box, kind: stack }
      steps:
        - setRoot: box
      """,
      "test.yaml:2:28: error: 'stack' is not a valid kind; expected one of: navigation, tabBar, splitView, pageView, "
        + "container, content")
  }

  @Test func aRepeatedKeyIsReportedAtItsSecondOccurrence() {
    expectError(
      """
      controllers:
        home: HomeViewController
      steps:
        - setRoot: home
          setRoot: home
      """,
      "test.yaml:5:5: error: step 1 (setRoot home): the key 'setRoot' appears more than once")
    expectError(
      """
      title: One
      controllers:
        home: HomeViewController
      title: Two
      steps:
        - setRoot: home
      """,
      "test.yaml:4:1: error: the key 'title' appears more than once")
    expectError(
      """
      controllers:
        home: { class: HomeViewController, title: Home, class: Other }
      steps:
        - setRoot: home
      """,
      "test.yaml:2:51: error: the key 'class' appears more than once")
  }

  @Test func aControllerIDDeclaredTwiceIsReportedAtTheSecondDeclaration() {
    expectError(
      """
      controllers:
        home: HomeViewController
        other: OtherViewController
        home: AnotherViewController
      steps:
        - setRoot: home
      """,
      "test.yaml:4:3: error: the controller 'home' is declared twice")
    // Keys that YAML tells apart by quoting but that name the same controller.
    expectError(
      """
      controllers:
        1: HomeViewController
        "1": OtherViewController
      steps:
        - setRoot: 1
      """,
      "test.yaml:3:3: error: the controller '1' is declared twice")
    expectError(
      """
      controllers: { home: HomeViewController, home: Other }
      steps:
        - setRoot: home
      """,
      "test.yaml:1:42: error: the controller 'home' is declared twice")
  }

  @Test func emptySteps() {
    expectError(
      "controllers:\n  home: HomeViewController\nsteps: []\n",
      "test.yaml:3:8: error: the scenario has no steps; 'steps:' needs at least one")
  }

  @Test func malformedYAMLIsReportedWhereTheParserStopped() {
    let header = "controllers:\n  home: HomeViewController\nsteps:\n"
    expectError(
      header + "  - setRoot: home\n   on: x\n",
      "test.yaml:5:4: error: invalid YAML: did not find expected '-' indicator while parsing a block collection")
    expectError(
      header + "  - setTabs: [home, home\n    on: home\n",
      "test.yaml:5:7: error: invalid YAML: did not find expected ',' or ']' while parsing a flow sequence")
    expectError(
      header + "\t- setRoot: home\n",
      "test.yaml:4:1: error: invalid YAML: found character that cannot start any token while scanning for the next token"
    )
    let error = scenarioError("controllers:\n  home: \"Home\nsteps:\n  - setRoot: home\n")
    #expect(error?.location.line == 5)
    guard case .syntax? = error?.problem else {
      Issue.record("an unterminated string is a syntax error, got \(String(describing: error))")
      return
    }
  }

  @Test func aRuleViolationNamesTheStepAndPointsAtIt() throws {
    let yaml = """
      title: Push twice
      controllers:
        nav: UINavigationController
        home: HomeViewController
      steps:
        - setRoot: nav
        - push: home
          on: nav
        - caption: Pushing again
          push: home
          on: nav
      """
    expectError(
      yaml,
      "test.yaml:10:5: error: step 3 (push home on nav): Pushing the same view controller instance more than once "
        + "is not supported (<HomeViewController: home>).")
  }
}
