import Testing

@testable import VCGraph

/// A tab bar root with a navigation stack in each tab; the first tab (feed) is selected and on screen.
/// `steps` is appended to the scenario's steps, indented by two spaces.
private func tabsScenario(_ steps: String) -> String {
  """
  controllers:
    tabs: UITabBarController
    feedNav: UINavigationController
    feed: FeedViewController
    profileNav: UINavigationController
    profile: ProfileViewController
    compose: ComposeViewController
    picker: PickerViewController
  steps:
    - setViewControllers: [feed]
      on: feedNav
    - setViewControllers: [profile]
      on: profileNav
    - setTabs: [feedNav, profileNav]
      on: tabs
    - setRoot: tabs

  """ + steps
}

@Suite("Presentation rules and errors")
struct PresentationRuleTests {
  @Test func presentingOnAControllerAlreadyPresentingIsLoggedWithUIKitsMessageAndChangesNothing() throws {
    let yaml = """
      title: Already presenting
      controllers:
        nav: UINavigationController
        home: HomeViewController
        login: LoginViewController
        alert: UIAlertController
      steps:
        - setRoot: nav
        - push: home
          on: nav
        - present: alert
          from: home
          style: overFullScreen
        - present: login
          from: home
      """
    let replayed = try replay(yaml)
    let warning = try #require(replayed.frames[3].warnings.first)
    #expect(
      warning.description
        == "test.yaml:14:5: warning: step 4 (present login from home): Attempt to present <LoginViewController: login> "
        + "on <UINavigationController: nav> (from <HomeViewController: home>) which is already presenting "
        + "<UIAlertController: alert>. To present login, dismiss alert first ('dismiss: alert'), or present from"
        + " alert ('from: alert').")
    #expect(warning.location == VCGraph.SourceLocation(file: "test.yaml", line: 14, column: 5))
    #expect(warning.step == StepReference(number: 4, summary: "present login from home"))
    // UIKit only logs it: nothing changes and no callback is made.
    #expect(replayed.frames[3].hierarchy == replayed.frames[2].hierarchy)
    #expect(replayed.frames[3].events.isEmpty)
  }

  @Test func presentingFromUnderAFullScreenPresentationIsAlreadyPresenting() {
    expectRefusal(
      tabsScenario(
        """
          - present: compose
            from: feed
            style: fullScreen
          - present: picker
            from: profile
        """),
      "Attempt to present <PickerViewController: picker> on <UITabBarController: tabs> (from <ProfileViewController: profile>) "
        + "which is already presenting <ComposeViewController: compose>. To present picker, dismiss compose first"
        + " ('dismiss: compose'), or present from compose ('from: compose').")
  }

  @Test func presentingFromAControllerOutsideAnyWindowIsNotInTheWindowHierarchy() {
    let yaml = """
      controllers:
        home: HomeViewController
        other: OtherViewController
        login: LoginViewController
      steps:
        - setRoot: home
        - present: login
          from: other
      """
    let warnings = (try? replay(yaml))?.warnings.map(\.description)
    #expect(
      warnings == [
        "test.yaml:7:5: warning: step 2 (present login from other): Attempt to present <LoginViewController: login> "
          + "on <OtherViewController: other> (from <OtherViewController: other>) whose view is not in the window hierarchy."
      ])
    expectRefusal(
      yaml,
      "Attempt to present <LoginViewController: login> on <OtherViewController: other> (from <OtherViewController: other>) "
        + "whose view is not in the window hierarchy.")
  }

  @Test func theMessageNamesTheControllerTheCallWasForwardedTo() {
    // `detail` is pushed on a navigation controller that is in no window: the presentation is
    // forwarded to `nav`, whose view is not in the window hierarchy.
    expectRefusal(
      """
      controllers:
        home: HomeViewController
        nav: UINavigationController
        detail: DetailViewController
        login: LoginViewController
      steps:
        - setRoot: home
        - push: detail
          on: nav
        - present: login
          from: detail
          style: fullScreen
      """,
      "Attempt to present <LoginViewController: login> on <UINavigationController: nav> (from <DetailViewController: detail>) "
        + "whose view is not in the window hierarchy.")
  }

  @Test func aReplacedRootIsNoLongerInTheWindowHierarchy() {
    expectRefusal(
      """
      controllers:
        first: FirstViewController
        second: SecondViewController
        login: LoginViewController
      steps:
        - setRoot: first
        - setRoot: second
        - present: login
          from: first
      """,
      "Attempt to present <LoginViewController: login> on <FirstViewController: first> (from <FirstViewController: first>) "
        + "whose view is not in the window hierarchy.")
  }

  @Test func currentContextFromAnUnselectedTabIsNotInTheWindowHierarchy() {
    // The context is profileNav, which is in the window but not on screen.
    expectRefusal(
      tabsScenario(
        """
          - present: compose
            from: profile
            style: currentContext
        """),
      "Attempt to present <ComposeViewController: compose> on <UINavigationController: profileNav> "
        + "(from <ProfileViewController: profile>) whose view is not in the window hierarchy.")
  }

  @Test func aFullScreenPresentationFromAnUnselectedTabIsMadeByTheRoot() throws {
    let hierarchy = try finalHierarchy(
      tabsScenario(
        """
          - present: compose
            from: profile
            style: fullScreen
        """))
    #expect(hierarchy.presentingViewController(of: "compose") == "tabs")
    #expect(hierarchy.state("compose") == .appeared)
  }

  @Test func presentingTheWindowsRootIsPresentingAnActiveController() {
    expectViolation(
      tabsScenario(
        """
          - present: tabs
            from: feed
        """),
      "Application tried to present modally an active controller <UITabBarController: tabs>.")
  }

  @Test func presentingTheRootOfAnotherWindowIsPresentingAnActiveController() {
    expectViolation(
      tabsScenario(
        """
          - setRoot: picker
            window: overlay
          - present: picker
            from: feed
        """),
      "Application tried to present modally an active controller <PickerViewController: picker>.")
  }

  @Test func presentingAControllerThatIsAlreadyPresentedIsPresentingAnActiveController() {
    expectViolation(
      tabsScenario(
        """
          - present: compose
            from: feed
          - present: picker
            from: compose
          - present: compose
            from: picker
        """),
      "Application tried to present modally an active controller <ComposeViewController: compose>.")
  }

  @Test func presentingAControllerThatHasAParentFails() throws {
    let yaml = tabsScenario(
      """
        - present: profile
          from: feed
      """)
    expectViolation(
      yaml,
      "Application tried to present modally a view controller <ProfileViewController: profile> "
        + "that has a parent view controller <UINavigationController: profileNav>.")
    // The failing step is the fifth; its action key is on line 17.
    #expect(scenarioError(yaml)?.step?.number == 5)
    #expect(scenarioError(yaml)?.location.line == 17)
    #expect(scenarioError(yaml)?.location.column == 5)
  }

  @Test func aPresentedControllerCannotBecomeAChildOrARoot() {
    let presented = """
        - present: compose
          from: feed

      """
    expectViolation(
      tabsScenario(presented + "  - push: compose\n    on: feed\n"),
      "<ComposeViewController: compose> is presented by <UITabBarController: tabs>; dismiss it first."
    )
    expectViolation(
      tabsScenario(presented + "  - setRoot: compose\n    window: other\n"),
      "<ComposeViewController: compose> is presented by <UITabBarController: tabs>; dismiss it first."
    )
  }

  @Test func aFailingStepLeavesTheEarlierFramesAndThrowsNoPartialReplay() throws {
    let yaml = tabsScenario(
      """
        - present: compose
          from: feed
        - push: compose
          on: feed
      """)
    let error = try #require(scenarioError(yaml))
    #expect(error.step?.number == 6)
    #expect(
      error.problem
        == .rule(.isPresented("<ComposeViewController: compose>", presenter: "<UITabBarController: tabs>")))
    // The same hierarchy accepts the first five steps.
    let accepted = tabsScenario("  - present: compose\n    from: feed\n")
    #expect(try replay(accepted).frames.count == 5)
  }
}

@Suite("Who presents")
struct PresentingControllerTests {
  /// The styles that are not forwarded to a presentation context.
  static let rootStyles: [ModalPresentationStyle] = ModalPresentationStyle.allCases.filter {
    !$0.usesPresentationContext
  }

  @Test(arguments: rootStyles)
  func aPresentationFromANestedChildIsMadeByTheRootOfItsContainmentTree(style: ModalPresentationStyle) throws {
    let hierarchy = try finalHierarchy(
      tabsScenario(
        """
          - present: compose
            from: feed
            style: \(style.rawValue)
        """))
    #expect(hierarchy["tabs"]?.presentation == Presentation(presented: "compose", style: style, source: "feed"))
    #expect(hierarchy["feedNav"]?.presentation == nil)
    #expect(hierarchy["feed"]?.presentation == nil)
    #expect(hierarchy["compose"]?.presenter == "tabs")
    #expect(hierarchy.presentingViewController(of: "compose") == "tabs")
    // UIKit's presentedViewController is set on the source and every controller under the presenter.
    #expect(hierarchy.presentedViewController(of: "feed") == "compose")
    #expect(hierarchy.presentedViewController(of: "feedNav") == "compose")
    #expect(hierarchy.presentedViewController(of: "tabs") == "compose")
    #expect(hierarchy.presentedViewController(of: "profile") == "compose")
    #expect(hierarchy.presentedViewController(of: "compose") == nil)
    #expect(hierarchy.window(of: "compose")?.id == "main")
  }

  @Test(arguments: [ModalPresentationStyle.currentContext, .overCurrentContext])
  func aCurrentContextPresentationIsMadeByTheNearestNavigationController(style: ModalPresentationStyle) throws {
    let hierarchy = try finalHierarchy(
      tabsScenario(
        """
          - present: compose
            from: feed
            style: \(style.rawValue)
        """))
    #expect(hierarchy["feedNav"]?.presentation == Presentation(presented: "compose", style: style, source: "feed"))
    #expect(hierarchy["tabs"]?.presentation == nil)
    #expect(hierarchy.presentingViewController(of: "compose") == "feedNav")
    #expect(hierarchy.presentedViewController(of: "feed") == "compose")
    // The tab bar is above the context: it presents nothing.
    #expect(hierarchy.presentedViewController(of: "tabs") == nil)
    #expect(hierarchy.presentedViewController(of: "profile") == nil)
  }

  @Test func aNavigationControllerThatDoesNotDefineAContextIsSkipped() throws {
    let hierarchy = try finalHierarchy(
      """
      controllers:
        tabs: UITabBarController
        feedNav: { class: UINavigationController, definesPresentationContext: false }
        feed: FeedViewController
        compose: ComposeViewController
      steps:
        - setViewControllers: [feed]
          on: feedNav
        - setTabs: [feedNav]
          on: tabs
        - setRoot: tabs
        - present: compose
          from: feed
          style: currentContext
      """)
    #expect(hierarchy["feedNav"]?.definesPresentationContext == false)
    #expect(hierarchy.presentingViewController(of: "compose") == "tabs")
  }

  @Test func aControllerThatDefinesAContextPresentsForItsDescendantsAndItself() throws {
    let yaml = """
      controllers:
        home: { class: HomeViewController, kind: container }
        card: { class: CardViewController, kind: container, definesPresentationContext: true }
        list: ListViewController
        sheet: SheetViewController
      steps:
        - setRoot: home
        - addChild: card
          to: home
        - addChild: list
          to: card
        - present: sheet
          from: list
          style: overCurrentContext
        - dismiss: sheet
        - present: sheet
          from: card
          style: currentContext
        - dismiss: sheet
        - present: sheet
          from: list
          style: fullScreen
      """
    let frames = try replay(yaml).frames
    #expect(frames[3].hierarchy.presentingViewController(of: "sheet") == "card")
    #expect(frames[5].hierarchy.presentingViewController(of: "sheet") == "card")
    // Only the current-context styles look for a context; the others go to the root.
    #expect(frames[7].hierarchy.presentingViewController(of: "sheet") == "home")
  }

  @Test func withoutAnyContextACurrentContextPresentationIsMadeByTheRoot() throws {
    let hierarchy = try finalHierarchy(
      """
      controllers:
        home: { class: HomeViewController, kind: container }
        list: ListViewController
        sheet: SheetViewController
      steps:
        - setRoot: home
        - addChild: list
          to: home
        - present: sheet
          from: list
          style: currentContext
      """)
    #expect(hierarchy.presentingViewController(of: "sheet") == "home")
    #expect(hierarchy.presentedViewController(of: "list") == "sheet")
  }

  @Test func aControllerInsideAPresentedControllerPresentsThroughIt() throws {
    let hierarchy = try finalHierarchy(
      """
      controllers:
        home: HomeViewController
        modalNav: UINavigationController
        form: FormViewController
        picker: PickerViewController
      steps:
        - setRoot: home
        - setViewControllers: [form]
          on: modalNav
        - present: modalNav
          from: home
          style: fullScreen
        - present: picker
          from: form
      """)
    #expect(hierarchy.presentingViewController(of: "modalNav") == "home")
    #expect(hierarchy.presentingViewController(of: "picker") == "modalNav")
    // The form's presentingViewController is its presented parent's presenter.
    #expect(hierarchy.presentingViewController(of: "form") == "home")
    #expect(hierarchy.presentedViewController(of: "form") == "picker")
    #expect(hierarchy.presentationChain(above: "home") == ["modalNav", "picker"])
    #expect(hierarchy.window(of: "picker")?.id == "main")
    #expect(hierarchy.window(of: "form")?.id == "main")
    #expect(hierarchy.appearedIDs == ["modalNav", "form", "picker"])
  }
}

@Suite("Dismissal")
struct DismissTests {
  static let chain = """
    controllers:
      root: RootViewController
      a: AViewController
      b: BViewController
      c: CViewController
    steps:
      - setRoot: root
      - present: a
        from: root
        style: fullScreen
      - present: b
        from: a
        style: pageSheet
      - present: c
        from: b
        style: overFullScreen

    """

  @Test func theChainIsBuiltOnePresenterAtATime() throws {
    let hierarchy = try finalHierarchy(Self.chain)
    #expect(hierarchy.presentationChain(above: "root") == ["a", "b", "c"])
    #expect(hierarchy.presentingViewController(of: "c") == "b")
    #expect(hierarchy.appearedIDs == ["a", "b", "c"])
    #expect(hierarchy.state("root") == .disappeared)
  }

  @Test func dismissOnAPresentedControllerAsksItsPresenterToDismissIt() throws {
    let hierarchy = try finalHierarchy(Self.chain + "  - dismiss: c\n")
    #expect(hierarchy.presentationChain(above: "root") == ["a", "b"])
    #expect(hierarchy["b"]?.presentation == nil)
    #expect(hierarchy["c"]?.presenter == nil)
    #expect(hierarchy.state("c") == .disappeared)
    #expect(hierarchy.window(of: "c") == nil)
  }

  @Test func dismissLowerInTheChainDismissesEverythingAboveIt() throws {
    let replay = try replay(Self.chain + "  - dismiss: a\n  - dismiss: a\n")
    let afterFirst = replay.frames[4].hierarchy
    #expect(afterFirst.presentationChain(above: "root") == ["a"])
    #expect(afterFirst["b"]?.presenter == nil)
    #expect(afterFirst["c"]?.presenter == nil)
    #expect(afterFirst.appearedIDs == ["a"])
    #expect(replay.frames[4].warnings.isEmpty)
    let afterSecond = replay.frames[5].hierarchy
    #expect(afterSecond.presentationChain(above: "root") == [])
    #expect(afterSecond.appearedIDs == ["root"])
  }

  @Test func dismissOnTheWindowsRootDismissesTheWholeChain() throws {
    let hierarchy = try finalHierarchy(Self.chain + "  - dismiss: root\n")
    #expect(hierarchy.presentationChain(above: "root") == [])
    #expect(["a", "b", "c"].allSatisfy { hierarchy[$0]?.presenter == nil })
    #expect(hierarchy.appearedIDs == ["root"])
  }

  @Test func dismissOnTheSourceDismissesWhatItsPresentingParentPresents() throws {
    // feed called present; tabs presents. feed.presentedViewController is compose, so feed.dismiss dismisses it.
    let hierarchy = try finalHierarchy(
      tabsScenario(
        """
          - present: compose
            from: feed
            style: fullScreen
          - dismiss: feed
        """))
    #expect(hierarchy["tabs"]?.presentation == nil)
    #expect(hierarchy.appearedIDs == ["tabs", "feedNav", "feed"])
  }

  @Test func dismissOnAChildOfAPresentedControllerDismissesThePresentedController() throws {
    let replay = try replay(
      """
      controllers:
        home: HomeViewController
        modalNav: UINavigationController
        form: FormViewController
      steps:
        - setRoot: home
        - setViewControllers: [form]
          on: modalNav
        - present: modalNav
          from: home
        - dismiss: form
      """)
    let hierarchy = try #require(replay.frames.last).hierarchy
    #expect(hierarchy["home"]?.presentation == nil)
    #expect(hierarchy["modalNav"]?.presenter == nil)
    #expect(hierarchy.appearedIDs == ["home"])
    // Nothing holds the dismissed navigation controller any more: it is deallocated with its stack,
    // and the hierarchy holds fresh, unloaded instances of both.
    #expect(hierarchy["modalNav"]?.children == [])
    #expect(hierarchy["modalNav"]?.instance == 2)
    #expect(hierarchy["modalNav"]?.isViewLoaded == false)
    #expect(hierarchy["form"]?.parent == nil)
    #expect(hierarchy["form"]?.instance == 2)
    #expect(hierarchy["form"]?.isViewLoaded == false)
    #expect(hierarchy["home"]?.instance == 1)
    #expect(
      replay.frames[3].events.suffix(2) == [LifecycleEvent("modalNav", .deinit), LifecycleEvent("form", .deinit)])
  }

  @Test func dismissWithNothingPresentedWarnsAndChangesNothing() throws {
    let replay = try replay(
      """
      controllers:
        nav: UINavigationController
        home: HomeViewController
      steps:
        - setRoot: nav
        - push: home
          on: nav
        - dismiss: home
      """)
    #expect(replay.frames[2].hierarchy == replay.frames[1].hierarchy)
    let warning = try #require(replay.frames[2].warnings.first)
    #expect(replay.warnings == [warning])
    #expect(warning.message == "<HomeViewController: home> is not presenting or presented; dismiss does nothing.")
    #expect(
      warning.description
        == "test.yaml:8:5: warning: step 3 (dismiss home): <HomeViewController: home> is not presenting or presented; "
        + "dismiss does nothing.")
  }

  @Test func aDismissedControllerCanBePresentedAgain() throws {
    let hierarchy = try finalHierarchy(
      tabsScenario(
        """
          - present: compose
            from: feed
          - dismiss: compose
          - present: compose
            from: profile
            style: fullScreen
        """))
    #expect(
      hierarchy["tabs"]?.presentation == Presentation(presented: "compose", style: .fullScreen, source: "profile"))
  }
}

@Suite("Appearance after a presentation")
struct PresentationAppearanceTests {
  /// What is on screen after `compose` is presented from `feed` in each style.
  static let expectations: [(ModalPresentationStyle, [String])] = [
    (.fullScreen, ["compose"]),
    (.currentContext, ["tabs", "compose"]),
    (.automatic, ["tabs", "feedNav", "feed", "compose"]),
    (.pageSheet, ["tabs", "feedNav", "feed", "compose"]),
    (.formSheet, ["tabs", "feedNav", "feed", "compose"]),
    (.overFullScreen, ["tabs", "feedNav", "feed", "compose"]),
    (.overCurrentContext, ["tabs", "feedNav", "feed", "compose"]),
    (.popover, ["tabs", "feedNav", "feed", "compose"]),
    (.custom, ["tabs", "feedNav", "feed", "compose"]),
  ]

  @Test func everyStyleHasAnExpectation() {
    #expect(Set(Self.expectations.map(\.0)) == Set(ModalPresentationStyle.allCases))
  }

  @Test(arguments: expectations)
  func onlyFullScreenAndCurrentContextRemoveThePresentersViews(style: ModalPresentationStyle, onScreen: [String]) throws
  {
    let replay = try replay(
      tabsScenario(
        """
          - present: compose
            from: feed
            style: \(style.rawValue)
          - dismiss: compose
        """))
    let presented = replay.frames[4].hierarchy
    #expect(presented.appearedIDs == onScreen)
    #expect(presented.onScreenControllers() == Set(onScreen))
    #expect(presented["compose"]?.isViewLoaded == true)
    // The unselected tab stays off screen, its view never loaded.
    #expect(presented.state("profileNav") == .disappeared)
    #expect(presented["profile"]?.isViewLoaded == false)
    let dismissed = replay.frames[5].hierarchy
    #expect(dismissed.appearedIDs == ["tabs", "feedNav", "feed"])
    #expect(dismissed.state("compose") == .disappeared)
    // Nothing holds the dismissed controller: it is deallocated, and the hierarchy holds a fresh instance.
    #expect(dismissed["compose"]?.isViewLoaded == false)
    #expect(dismissed["compose"]?.instance == 2)
    #expect(replay.frames[5].events.last == LifecycleEvent("compose", .deinit))
  }

  @Test func aPresentedNavigationControllerShowsOnlyTheTopOfItsStack() throws {
    let hierarchy = try finalHierarchy(
      """
      controllers:
        home: HomeViewController
        modalNav: UINavigationController
        first: FirstViewController
        second: SecondViewController
      steps:
        - setRoot: home
        - setViewControllers: [first, second]
          on: modalNav
        - present: modalNav
          from: home
          style: fullScreen
      """)
    #expect(hierarchy.appearedIDs == ["modalNav", "second"])
    #expect(hierarchy["first"]?.isViewLoaded == false)
    #expect(hierarchy["home"]?.isViewLoaded == true)
  }

  @Test func theControllersBelowASheetInAChainStayOnScreen() throws {
    let hierarchy = try finalHierarchy(DismissTests.chain)
    // root is covered by a (full screen); b is a sheet over a; c is over full screen over b.
    #expect(hierarchy.state("root") == .disappeared)
    #expect(hierarchy.state("a") == .appeared)
    #expect(hierarchy.state("b") == .appeared)
    #expect(hierarchy.state("c") == .appeared)
  }

  /// Dismissing a presented container also dismisses what its children present in their own
  /// context: everything above the dismissed controller goes.
  @Test func dismissingAContainerDismissesTheContextPresentationsOfItsChildren() throws {
    let hierarchy = try finalHierarchy(
      """
      controllers:
        root: RootViewController
        tabs: UITabBarController
        nav: UINavigationController
        list: ListViewController
        filter: FilterViewController
      steps:
        - setViewControllers: [list]
          on: nav
        - setTabs: [nav]
          on: tabs
        - setRoot: root
        - present: tabs
          from: root
          style: fullScreen
        - present: filter
          from: list
          style: currentContext
        - dismiss: tabs
      """)
    #expect(hierarchy["nav"]?.presentation == nil)
    #expect(hierarchy["filter"]?.presenter == nil)
    #expect(hierarchy["tabs"]?.presenter == nil)
    #expect(hierarchy["root"]?.presentation == nil)
    #expect(hierarchy["root"]?.appearance == .appeared)
    #expect(hierarchy["filter"]?.appearance == .disappeared)
  }

  /// UIKit forwards a presentation called on a controller whose view is not in the window (an
  /// unselected tab), and logs that this is discouraged.
  @Test func presentingFromADetachedControllerWarnsButPresents() throws {
    let replay = try replay(
      """
      controllers:
        tabs: UITabBarController
        feed: FeedViewController
        profile: ProfileViewController
        editor: EditorViewController
      steps:
        - setTabs: [feed, profile]
          on: tabs
        - setRoot: tabs
        - present: editor
          from: profile
      """)
    let last = try #require(replay.frames.last)
    #expect(last.hierarchy["tabs"]?.presentation?.presented == "editor")
    #expect(
      last.warnings.map(\.message) == [
        "Presenting view controllers on detached view controllers is discouraged <ProfileViewController: profile>."
      ])
    #expect(
      last.warnings.first?.description.hasPrefix("test.yaml:10:5: warning: step 3 (present editor from profile): ")
        == true)
  }

  /// A UIAlertController presented with the default style uses its own custom presentation, which
  /// leaves the presenter on screen; other controllers get a page sheet.
  @Test func anAlertControllerPresentsWithItsOwnCustomStyle() throws {
    let hierarchy = try finalHierarchy(
      """
      controllers:
        root: RootViewController
        alert: UIAlertController
      steps:
        - setRoot: root
        - present: alert
          from: root
      """)
    #expect(hierarchy["root"]?.presentation?.style == .custom)
    #expect(hierarchy["root"]?.appearance == .appeared)
    #expect(hierarchy["alert"]?.appearance == .appeared)
  }
}
