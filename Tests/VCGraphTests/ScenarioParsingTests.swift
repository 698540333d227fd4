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
      "test.yaml:9:28: error: step 2 (push home): unknown controller 'navv'; did you mean 'nav'?")
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
      #expect(error.location == VCGraph.SourceLocation(wholeFile: missing))
      #expect(error.description.hasPrefix("\(missing): error: cannot read the scenario: "))
    }
  }

  @Test func theActionsForUIKitsOtherCallsAreRead() throws {
    let scenario = try scenario(
      """
      controllers:
        nav: UINavigationController
        home: HomeViewController
        detail: DetailViewController
        split: UISplitViewController
        listNav: UINavigationController
        list: ListViewController
        box: { class: BoxViewController, kind: container }
        a: AViewController
        b: BViewController
        pages: UIPageViewController
        p1: PageViewController
        p2: PageViewController
      steps:
        - makeKey: second
        - popTo: home
        - popTo: home
          on: nav
        - show: detail
          from: home
        - show: detail
          from: home
          style: formSheet
        - showDetail: detail
          from: list
        - showDetail: detail
          from: list
          style: .popover
        - interactiveDismiss: detail
        - transition: { from: a, to: b, in: box }
        - transition:
            from: b
            to: a
            in: box
        - setSplit: { primary: listNav, supplementary: list, secondary: detail }
          on: split
        - setSplit: { secondary: home }
          on: split
        - setPage: p1
          on: pages
        - setPage: [p1, p2]
          on: pages
        - setTraits: { horizontalSizeClass: compact }
        - setTraits: { horizontalSizeClass: regular }
          window: second
      """)
    #expect(
      scenario.steps.map(\.action) == [
        .makeKey(window: "second"),
        .popTo("home", on: nil),
        .popTo("home", on: "nav"),
        .show("detail", from: "home", style: .automatic),
        .show("detail", from: "home", style: .formSheet),
        .showDetail("detail", from: "list", style: .automatic),
        .showDetail("detail", from: "list", style: .popover),
        .interactiveDismiss("detail"),
        .transition(from: "a", to: "b", in: "box"),
        .transition(from: "b", to: "a", in: "box"),
        .setSplit(SplitColumns(primary: "listNav", supplementary: "list", secondary: "detail"), on: "split"),
        .setSplit(SplitColumns(secondary: "home"), on: "split"),
        .setPage(["p1"], on: "pages"),
        .setPage(["p1", "p2"], on: "pages"),
        .setTraits(horizontalSizeClass: .compact, window: "main"),
        .setTraits(horizontalSizeClass: .regular, window: "second"),
      ])
    #expect(
      scenario.steps.map(\.action.summary) == [
        "makeKey second",
        "popTo home",
        "popTo home on nav",
        "show detail from home",
        "show detail from home",
        "showDetail detail from list",
        "showDetail detail from list",
        "interactiveDismiss detail",
        "transition a to b in box",
        "transition b to a in box",
        "setSplit primary: listNav, supplementary: list, secondary: detail on split",
        "setSplit secondary: home on split",
        "setPage p1 on pages",
        "setPage [p1, p2] on pages",
        "setTraits compact",
        "setTraits regular in window second",
      ])
    #expect(
      scenario.steps.map(\.action.name) == [
        "makeKey", "popTo", "popTo", "show", "show", "showDetail", "showDetail", "interactiveDismiss", "transition",
        "transition", "setSplit", "setSplit", "setPage", "setPage", "setTraits", "setTraits",
      ])
    // A step whose action is a block mapping is located at its action key too.
    #expect(scenario.steps[9].location == VCGraph.SourceLocation(file: "test.yaml", line: 31, column: 5))
    #expect(scenario.steps[15].location == VCGraph.SourceLocation(file: "test.yaml", line: 44, column: 5))
    #expect(scenario.steps[10].slug == "setsplit-primary-listnav-supplementary-list-secondary-detail")
  }

  @Test func stepOptionsAreReadWithUIKitsDefaults() throws {
    let scenario = try scenario(
      """
      controllers:
        nav: UINavigationController
        home: HomeViewController
        detail: DetailViewController
      steps:
        - setRoot: nav
        - push: home
          on: nav
          animated: false
        - push: detail
          on: nav
          duringPreviousAnimation: true
          expect: warning
          caption: Too soon.
        - {pop: nav, animated: true, duringPreviousAnimation: false}
      """)
    #expect(scenario.steps.map(\.isAnimated) == [true, false, true, true])
    #expect(scenario.steps.map(\.isDuringPreviousAnimation) == [false, false, true, false])
    #expect(scenario.steps.map(\.expectsWarning) == [false, false, true, false])
    #expect(scenario.steps[2].caption == "Too soon.")
    // The options do not change the action or where the step is.
    #expect(scenario.steps[2].action == .push("detail", on: "nav"))
    #expect(scenario.steps[2].location == VCGraph.SourceLocation(file: "test.yaml", line: 10, column: 5))
    #expect(scenario.steps[3].action == .pop("nav"))
  }

  @Test func theControllerKeysForRetentionAndRestorationAreRead() throws {
    let scenario = try scenario(
      """
      controllers:
        home: { class: HomeViewController, modalInPresentation: true, retained: true, restorationIdentifier: HomeScene }
        sheet:
          class: SheetViewController
          modalInPresentation: false
          retained: false
          restorationIdentifier: "42"
        plain: PlainViewController
      steps:
        - setRoot: home
      """)
    #expect(
      scenario.viewControllers == [
        ViewController(
          id: "home", className: "HomeViewController", isModalInPresentation: true, isRetained: true,
          restorationIdentifier: "HomeScene"),
        ViewController(id: "sheet", className: "SheetViewController", restorationIdentifier: "42"),
        ViewController(id: "plain", className: "PlainViewController"),
      ])
    let plain = scenario.viewControllers[2]
    #expect(!plain.isModalInPresentation)
    #expect(!plain.isRetained)
    #expect(plain.restorationIdentifier == nil)
    #expect(scenario.viewControllers.map(\.instance) == [1, 1, 1])
  }
}

@Suite("Scenario errors point at the line and column")
struct ScenarioErrorTests {
  static let allActions =
    "setRoot, makeKey, push, pop, popTo, popToRoot, setViewControllers, present, show, showDetail, dismiss, "
    + "interactiveDismiss, selectDetent, addChild, removeFromParent, transition, setTabs, selectTab, setSidebar, setSplit, setPage, setTraits"
  /// The keys any step may hold besides its action and the action's parameters.
  static let stepOptions = "caption, animated, duringPreviousAnimation, expect"

  @Test func unknownTopLevelKey() {
    expectError(
      """
      title: Typo
      controller:
        home: HomeViewController
      steps:
        - setRoot: home
      """,
      "test.yaml:2:1: error: unknown key 'controller' in the scenario; did you mean 'controllers'?"
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
    // With an action, only that action's keys and the step options are allowed.
    expectError(
      header + "  - push: home\n    on: nav\n    style: fullScreen\n",
      "test.yaml:8:5: error: step 2 (push home on nav): unknown key 'style' in a push step; "
        + "expected one of: push, on, \(Self.stepOptions)")
    expectError(
      header + "  - pop: nav\n    on: nav\n",
      "test.yaml:7:5: error: step 2 (pop nav on nav): unknown key 'on' in a pop step; expected one of: pop, \(Self.stepOptions)"
    )
    // Without one, a misspelt action is reported as unknown.
    expectError(
      header + "  - pusj: home\n    on: nav\n",
      "test.yaml:6:5: error: step 2: unknown key 'pusj' in the step; did you mean 'push'?")
    // Too far from every key for a guess: the keys are listed.
    expectError(
      header + "  - shove: home\n    on: nav\n",
      "test.yaml:6:5: error: step 2: unknown key 'shove' in the step; expected one of: \(Self.allActions), \(Self.stepOptions)"
    )
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
      "test.yaml:6:9: error: step 1 (push home on navv): unknown controller 'navv'; did you mean 'nav'?")
    expectError(
      header + "  - setViewControllers: [home, gone]\n    on: nav\n",
      "test.yaml:5:32: error: step 1 (setViewControllers [home, gone] on nav): unknown controller 'gone'; declare it under 'controllers:'"
    )
    expectError(
      header + "  - setRoot: nav\n  - present: home\n    from: Home\n",
      "test.yaml:7:11: error: step 2 (present home from Home): unknown controller 'Home'; did you mean 'home'?"
    )
    // A quoted number is an id, not a tab index.
    expectError(
      header + "  - selectTab: \"0\"\n    on: nav\n",
      "test.yaml:5:16: error: step 1 (selectTab 0 on nav): unknown controller '0'; declare it under 'controllers:'")
  }

  /// A misspelt controller id gets a did-you-mean, as misspelt keys and actions do: the declared
  /// id nearest to it, when only one is that near.
  @Test func aMisspeltControllerIDGetsADidYouMean() {
    let header = """
      controllers:
        tabs: UITabBarController
        searchNav: UINavigationController
        settingsNav: UINavigationController
      steps:
        - setTabs: [searchNav, settingsNav]
          on: tabs

      """
    expectError(
      header + "  - selectTab: serchNav\n    on: tabs\n",
      "test.yaml:8:16: error: step 2 (selectTab serchNav on tabs): unknown controller 'serchNav'; did you mean"
        + " 'searchNav'?")
    expectError(
      header + "  - selectTab: searchNav\n    on: tab\n",
      "test.yaml:9:9: error: step 2 (selectTab searchNav on tab): unknown controller 'tab'; did you mean 'tabs'?")
    // Two ids as near: no guess.
    expectError(
      header.replacingOccurrences(of: "settingsNav", with: "searchNaw") + "  - selectTab: searchNa\n    on: tabs\n",
      "test.yaml:8:16: error: step 2 (selectTab searchNa on tabs): unknown controller 'searchNa'; declare it under"
        + " 'controllers:'")
    // With iOS 18 tabs, a misspelt tab identifier.
    let tabs = """
      controllers:
        tabs: UITabBarController
        home: HomeViewController
      steps:
        - setTabs: [{ tab: homeTab, viewController: home }]
          on: tabs
        - selectTab: homeTap
          on: tabs

      """
    expectError(
      tabs,
      "test.yaml:7:16: error: step 2 (selectTab homeTap on tabs): 'homeTap' is neither a controller nor a tab"
        + " identifier given by an earlier setTabs; did you mean 'homeTab'?")
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
      "test.yaml:5:14: error: step 1 (dismiss {home: nav}): 'dismiss' must be a controller id")
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
      "test.yaml:2:24: error: unknown key 'style' in controller 'home'; expected one of: class, kind, title, "
        + "definesPresentationContext, modalInPresentation, retained, restorationIdentifier, mode, sidebarHidden")
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
        + "container, content, hosting")
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
      "test.yaml:5:4: error: invalid YAML: did not find expected '-' indicator while parsing a block collection;"
        + " check the indentation of 'on:' under the step at line 4: its keys start in column 5")
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

  @Test func aMisspeltActionOrValueSuggestsTheNearestName() {
    let header = "controllers:\n  nav: UINavigationController\n  home: HomeViewController\nsteps:\n  - setRoot: nav\n"
    expectError(
      header + "  - presnt: home\n    from: nav\n",
      "test.yaml:6:5: error: step 2: unknown key 'presnt' in the step; did you mean 'present'?")
    expectError(
      header + "  - Present: home\n    from: nav\n",
      "test.yaml:6:5: error: step 2: unknown key 'Present' in the step; did you mean 'present'?")
    expectError(
      header + "  - present: home\n    from: nav\n    style: fullscren\n",
      "test.yaml:8:12: error: step 2 (present home from nav): 'fullscren' is not a valid presentation style;"
        + " did you mean 'fullScreen'?")
    #expect(ScenarioError.Problem.nearest(to: "sho", in: ["show", "shoe"]) == nil, "two equally near: no guess")
  }

  @Test func aKeyIndentedUnderTheWrongParentGetsAHintNamingTheStep() {
    let header = "controllers:\n  nav: UINavigationController\n  home: HomeViewController\nsteps:\n  - setRoot: nav\n"
    let error = scenarioError(header + "  - push: home\n      on: nav\n")
    #expect(error?.location.line == 7)
    #expect(
      error?.problem.message
        == "invalid YAML: mapping values are not allowed in this context;"
        + " check the indentation of 'on:' under the step at line 6: its keys start in column 5")
  }

  @Test func charactersYAMLRefusesAreReportedWhereTheyAre() {
    let nul =
      "controllers:\n  home: HomeViewController\nsteps:\n  - setRoot: home\n    caption: x\n  - dismiss: h\u{0}me\n"
    let error = scenarioError(nul)
    #expect(error?.location == SourceLocation(file: "test.yaml", line: 6, column: 15))
    guard case .syntax? = error?.problem else {
      Issue.record("a NUL byte is a syntax error, got \(String(describing: error))")
      return
    }
    let noncharacter = "title: Caf\u{E9}\ncontrollers: { a\u{FFFE}: A }\nsteps:\n  - setRoot: a\n"
    #expect(scenarioError(noncharacter)?.location == SourceLocation(file: "test.yaml", line: 2, column: 17))
    let crlf = "title: x\r\ncontrollers:\r\n  a: A\u{0}\r\n"
    #expect(scenarioError(crlf)?.location == SourceLocation(file: "test.yaml", line: 3, column: 7))
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

  /// Controllers for the steps added for UIKit's other calls; the first step is on line 11.
  static let containersHeader = """
    controllers:
      nav: UINavigationController
      home: HomeViewController
      box: { class: BoxViewController, kind: container }
      a: AViewController
      b: BViewController
      split: UISplitViewController
      listNav: UINavigationController
      detail: DetailViewController
    steps:

    """

  @Test func unknownKeysInsideAnActionMapping() {
    let header = Self.containersHeader
    expectError(
      header + "  - transition: { from: a, to: b, inside: box }\n",
      "test.yaml:11:35: error: step 1 (transition {from: a, to: b, inside: box}): unknown key 'inside' in 'transition'; "
        + "expected one of: from, to, in")
    expectError(
      header + "  - setSplit: { primary: listNav, detail: detail }\n    on: split\n",
      "test.yaml:11:35: error: step 1 (setSplit {primary: listNav, detail: detail} on split): unknown key 'detail' "
        + "in 'setSplit'; expected one of: primary, supplementary, secondary, compact")
    expectError(
      header + "  - setTraits: { verticalSizeClass: compact }\n",
      "test.yaml:11:18: error: step 1 (setTraits {verticalSizeClass: compact}): unknown key 'verticalSizeClass' "
        + "in 'setTraits'; expected one of: horizontalSizeClass")
    // The step's own keys are checked too: `in` belongs inside the transition mapping.
    expectError(
      header + "  - transition: { from: a, to: b }\n    in: box\n",
      "test.yaml:12:5: error: step 1 (transition {from: a, to: b}): unknown key 'in' in a transition step; "
        + "expected one of: transition, \(Self.stepOptions)")
  }

  @Test func aTransitionNeedsFromToAndIn() {
    let header = Self.containersHeader
    expectError(
      header + "  - transition: { to: b, in: box }\n",
      "test.yaml:11:17: error: step 1 (transition {to: b, in: box}): 'transition' needs 'from:'")
    expectError(
      header + "  - transition: { from: a, in: box }\n",
      "test.yaml:11:17: error: step 1 (transition {from: a, in: box}): 'transition' needs 'to:'")
    expectError(
      header + "  - transition: { from: a, to: b }\n",
      "test.yaml:11:17: error: step 1 (transition {from: a, to: b}): 'transition' needs 'in:'")
    // A block mapping starts at its first key.
    expectError(
      header + "  - transition:\n      from: a\n      to: b\n",
      "test.yaml:12:7: error: step 1 (transition {from: a, to: b}): 'transition' needs 'in:'")
    expectError(
      header + "  - transition: a\n",
      "test.yaml:11:17: error: step 1 (transition a): 'transition' must be a mapping such as { from: a, to: b, in: container }"
    )
    expectError(
      header + "  - transition: { from: a, to: c, in: box }\n",
      "test.yaml:11:32: error: step 1 (transition {from: a, to: c, in: box}): unknown controller 'c'; "
        + "declare it under 'controllers:'")
  }

  @Test func setSplitNeedsAColumnAndATarget() {
    let header = Self.containersHeader
    expectError(
      header + "  - setSplit: {}\n    on: split\n",
      "test.yaml:11:15: error: step 1 (setSplit {} on split): 'setSplit' needs 'primary:'")
    expectError(
      header + "  - setSplit: { secondary: detail }\n",
      "test.yaml:11:5: error: step 1 (setSplit {secondary: detail}): setSplit needs 'on:'")
    expectError(
      header + "  - setSplit: listNav\n    on: split\n",
      "test.yaml:11:15: error: step 1 (setSplit listNav on split): 'setSplit' must be a mapping such as "
        + "{ primary: listNav, secondary: detail }")
  }

  @Test func setTraitsNeedsAValidSizeClass() {
    let header = Self.containersHeader
    expectError(
      header + "  - setTraits: { horizontalSizeClass: wide }\n    window: second\n",
      "test.yaml:11:39: error: step 1 (setTraits {horizontalSizeClass: wide} in window second): 'wide' is not a valid "
        + "size class; expected one of: compact, regular")
    expectError(
      header + "  - setTraits: {}\n",
      "test.yaml:11:16: error: step 1 (setTraits {}): 'setTraits' needs 'horizontalSizeClass:'")
    expectError(
      header + "  - setTraits: compact\n",
      "test.yaml:11:16: error: step 1 (setTraits compact): 'setTraits' must be a mapping such as "
        + "{ horizontalSizeClass: compact }")
  }

  @Test func stepOptionsOfTheWrongValue() {
    let header = Self.containersHeader
    expectError(
      header + "  - setRoot: home\n    expect: error\n",
      "test.yaml:12:13: error: step 1 (setRoot home): 'error' is not a valid expectation; expected one of: warning")
    expectError(
      header + "  - setRoot: home\n    animated: maybe\n",
      "test.yaml:12:15: error: step 1 (setRoot home): 'animated' must be true or false")
    expectError(
      header + "  - setRoot: home\n    duringPreviousAnimation: [x]\n",
      "test.yaml:12:30: error: step 1 (setRoot home): 'duringPreviousAnimation' must be true or false")
  }

  @Test func theNewActionsCheckTheirValues() {
    let header = Self.containersHeader
    expectError(
      header + "  - makeKey: \"\"\n", "test.yaml:11:14: error: step 1 (makeKey): 'makeKey' must be a non-empty name")
    expectError(
      header + "  - popTo: home\n    on: navv\n",
      "test.yaml:12:9: error: step 1 (popTo home on navv): unknown controller 'navv'; did you mean 'nav'?")
    expectError(header + "  - show: home\n", "test.yaml:11:5: error: step 1 (show home): show needs 'from:'")
    expectError(
      header + "  - showDetail: home\n    from: nav\n    style: sheet\n",
      "test.yaml:13:12: error: step 1 (showDetail home from nav): 'sheet' is not a valid presentation style; "
        + "expected one of: automatic, fullScreen, pageSheet, formSheet, currentContext, custom, overFullScreen, "
        + "overCurrentContext, popover")
    expectError(
      header + "  - setPage: [a, zz]\n    on: box\n",
      "test.yaml:11:18: error: step 1 (setPage [a, zz] on box): unknown controller 'zz'; declare it under 'controllers:'"
    )
    expectError(
      header + "  - interactiveDismiss: [a]\n",
      "test.yaml:11:25: error: step 1 (interactiveDismiss [a]): 'interactiveDismiss' must be a controller id")
  }

  @Test func theNewControllerKeysTakeTheirTypes() {
    let steps = "steps:\n  - setRoot: home\n"
    expectError(
      "controllers:\n  home: { class: Home, retained: 3 }\n" + steps,
      "test.yaml:2:34: error: 'retained' of controller 'home' must be true or false")
    expectError(
      "controllers:\n  home:\n    class: Home\n    retained: \"true\"\n" + steps,
      "test.yaml:4:15: error: 'retained' of controller 'home' must be true or false")
    expectError(
      "controllers:\n  home: { class: Home, modalInPresentation: maybe }\n" + steps,
      "test.yaml:2:45: error: 'modalInPresentation' of controller 'home' must be true or false")
    expectError(
      "controllers:\n  home: { class: Home, restorationIdentifier: [a] }\n" + steps,
      "test.yaml:2:47: error: 'restorationIdentifier' of controller 'home' must be text")
  }
}
