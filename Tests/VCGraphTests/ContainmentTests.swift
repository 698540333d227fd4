import Testing

@testable import VCGraph

@Suite("Containment rules and errors")
struct ContainmentRuleTests {
  @Test func pushingTheSameInstanceTwiceFails() {
    let message =
      "Pushing the same view controller instance more than once is not supported (<HomeViewController: home>)."
    let pushed = """
      controllers:
        nav: UINavigationController
        home: HomeViewController
        detail: DetailViewController
      steps:
        - push: home
          on: nav

      """
    expectViolation(pushed + "  - push: home\n    on: nav\n", message)
    // Also when the instance is lower in the stack, and when the push names a child of the stack.
    expectViolation(pushed + "  - push: detail\n    on: nav\n  - push: home\n    on: detail\n", message)
  }

  @Test func pushingANavigationControllerFails() {
    let declarations = """
      controllers:
        nav: UINavigationController
        inner: UINavigationController
        picker: UIImagePickerController
        home: HomeViewController
      steps:

      """
    expectViolation(
      declarations + "  - push: inner\n    on: nav\n", "Pushing a navigation controller is not supported.")
    expectViolation(
      declarations + "  - push: picker\n    on: nav\n", "Pushing a navigation controller is not supported.")
    expectViolation(
      declarations + "  - setViewControllers: [home, inner]\n    on: nav\n",
      "Pushing a navigation controller is not supported.")
  }

  @Test func aStackActionOutsideAnyNavigationControllerFails() {
    let declarations = """
      controllers:
        home: HomeViewController
        detail: DetailViewController
      steps:
        - setRoot: home

      """
    expectViolation(
      declarations + "  - push: detail\n    on: home\n",
      "push needs a navigation controller, but <HomeViewController: home> is not one and has none among its parents.")
    expectViolation(
      declarations + "  - pop: home\n",
      "pop needs a navigation controller, but <HomeViewController: home> is not one and has none among its parents.")
    expectViolation(
      declarations + "  - popToRoot: home\n",
      "popToRoot needs a navigation controller, but <HomeViewController: home> is not one and has none among its parents."
    )
  }

  @Test func aChildWithAnotherParentFails() {
    let message =
      "<ListViewController: list> already has a parent view controller <LeftViewController: left>; "
      + "call removeFromParent first."
    let yaml = """
      controllers:
        left: { class: LeftViewController, kind: container }
        right: { class: RightViewController, kind: container }
        nav: UINavigationController
        list: ListViewController
      steps:
        - addChild: list
          to: left

      """
    expectViolation(yaml + "  - addChild: list\n    to: right\n", message)
    expectViolation(yaml + "  - push: list\n    on: nav\n", message)
    expectViolation(yaml + "  - setViewControllers: [list]\n    on: nav\n", message)
    expectViolation(yaml + "  - setRoot: list\n", message)
    // After removeFromParent the child can move.
    #expect(scenarioError(yaml + "  - removeFromParent: list\n  - addChild: list\n    to: right\n") == nil)
  }

  @Test func aCycleFails() {
    let yaml = """
      controllers:
        outer: { class: OuterViewController, kind: container }
        inner: { class: InnerViewController, kind: container }
        nav: UINavigationController
      steps:
        - addChild: inner
          to: outer

      """
    expectViolation(
      yaml + "  - addChild: outer\n    to: inner\n",
      "Adding <OuterViewController: outer> under <InnerViewController: inner> would make "
        + "<OuterViewController: outer> its own ancestor.")
    expectViolation(
      yaml + "  - addChild: outer\n    to: outer\n",
      "Adding <OuterViewController: outer> under <OuterViewController: outer> would make "
        + "<OuterViewController: outer> its own ancestor.")
    // A navigation controller pushed under its own child is a cycle too.
    expectViolation(
      yaml + "  - addChild: nav\n    to: inner\n  - push: outer\n    on: nav\n",
      "Adding <OuterViewController: outer> under <UINavigationController: nav> would make "
        + "<OuterViewController: outer> its own ancestor.")
  }

  @Test func aWindowsRootCannotBecomeAChild() {
    let yaml = """
      controllers:
        home: HomeViewController
        nav: UINavigationController
        tabs: UITabBarController
        box: { class: BoxViewController, kind: container }
      steps:
        - setRoot: home

      """
    let message =
      "<HomeViewController: home> is the root view controller of window 'main'; "
      + "a root has no parent and is not presented."
    expectViolation(yaml + "  - push: home\n    on: nav\n", message)
    expectViolation(yaml + "  - addChild: home\n    to: box\n", message)
    expectViolation(yaml + "  - setTabs: [home]\n    on: tabs\n", message)
  }

  @Test func addChildOnASystemContainerFails() {
    let yaml = """
      controllers:
        nav: UINavigationController
        tabs: UITabBarController
        split: UISplitViewController
        pages: UIPageViewController
        home: HomeViewController
      steps:

      """
    expectViolation(
      yaml + "  - addChild: home\n    to: nav\n",
      "<UINavigationController: nav> is a navigation controller; it manages its children itself, "
        + "use push or setViewControllers instead of addChild.")
    expectViolation(
      yaml + "  - addChild: home\n    to: tabs\n",
      "<UITabBarController: tabs> is a tab bar controller; it manages its children itself, use setTabs instead of addChild."
    )
    expectViolation(
      yaml + "  - addChild: home\n    to: split\n",
      "<UISplitViewController: split> is a split view controller; it manages its children itself, "
        + "use setSplit instead of addChild.")
    expectViolation(
      yaml + "  - addChild: home\n    to: pages\n",
      "<UIPageViewController: pages> is a page view controller; it manages its children itself, "
        + "use setPage instead of addChild.")
  }

  @Test func aListNamingAControllerTwiceFails() {
    let yaml = """
      controllers:
        nav: UINavigationController
        tabs: UITabBarController
        a: AViewController
        b: BViewController
      steps:

      """
    expectViolation(
      yaml + "  - setTabs: [a, b, a]\n    on: tabs\n",
      "<AViewController: a> appears more than once in the list given to setTabs.")
    expectViolation(
      yaml + "  - setViewControllers: [a, b, a]\n    on: nav\n",
      "Pushing the same view controller instance more than once is not supported (<AViewController: a>).")
    // A tab bar's setViewControllers is setTabs.
    expectViolation(
      yaml + "  - setViewControllers: [b, b]\n    on: tabs\n",
      "<BViewController: b> appears more than once in the list given to setTabs.")
  }

  @Test func tabSelectionErrors() {
    let yaml = """
      controllers:
        tabs: UITabBarController
        nav: UINavigationController
        a: AViewController
        b: BViewController
        c: CViewController
      steps:
        - setTabs: [a, b]
          on: tabs

      """
    expectViolation(
      yaml + "  - selectTab: 2\n    on: tabs\n",
      "Tab index 2 is out of range: <UITabBarController: tabs> has 2 tabs.")
    expectViolation(
      yaml + "  - selectTab: -1\n    on: tabs\n",
      "Tab index -1 is out of range: <UITabBarController: tabs> has 2 tabs.")
    expectViolation(
      yaml + "  - setTabs: [a]\n    on: tabs\n  - selectTab: 1\n    on: a\n",
      "Tab index 1 is out of range: <UITabBarController: tabs> has 1 tab.")
    expectViolation(
      yaml + "  - selectTab: c\n    on: tabs\n",
      "<CViewController: c> is not one of the tabs of <UITabBarController: tabs>.")
    expectViolation(
      yaml + "  - selectTab: 0\n    on: nav\n",
      "selectTab needs a tab bar controller, but <UINavigationController: nav> is not one and has none among its parents."
    )
    expectViolation(
      yaml + "  - setTabs: [c]\n    on: nav\n",
      "setTabs needs a tab bar controller, but <UINavigationController: nav> is not one and has none among its parents."
    )
  }

  @Test func aSplitViewTakesAtMostTwoColumns() {
    expectViolation(
      """
      controllers:
        split: UISplitViewController
        a: AViewController
        b: BViewController
        c: CViewController
      steps:
        - setViewControllers: [a, b, c]
          on: split
      """,
      "A split view controller shows at most 2 view controllers; <UISplitViewController: split> was given 3.")
  }

  @Test func aRootOfOneWindowCannotBeTheRootOfAnother() throws {
    let yaml = """
      controllers:
        home: HomeViewController
      steps:
        - setRoot: home
        - setRoot: home
          window: second
      """
    let error = try #require(scenarioError(yaml))
    #expect(
      error.description
        == "test.yaml:5:5: error: step 2 (setRoot home in window second): "
        + "<HomeViewController: home> is already the root view controller of window 'main'.")
  }
}

@Suite("Navigation stacks")
struct NavigationTests {
  static let stack = """
    controllers:
      nav: UINavigationController
      a: AViewController
      b: BViewController
      c: CViewController
      d: DViewController
    steps:
      - setViewControllers: [a, b, c]
        on: nav
      - setRoot: nav
      - push: d
        on: c
      - pop: nav
      - popToRoot: b

    """

  @Test func onlyTheTopOfTheStackIsOnScreenAndLowerViewsLoadLazily() throws {
    let frames = try replay(Self.stack).frames
    let offScreen = frames[0].hierarchy
    #expect(offScreen["nav"]?.children == ["a", "b", "c"])
    #expect(offScreen.appearedIDs == [])
    #expect(offScreen.loadedIDs == [])

    let shown = frames[1].hierarchy
    #expect(shown.appearedIDs == ["nav", "c"])
    #expect(shown.loadedIDs == ["nav", "c"])
    #expect(shown.role(of: "a") == .stack(index: 0, isTop: false))
    #expect(shown.role(of: "c") == .stack(index: 2, isTop: true))
    #expect(shown.role(of: "nav") == nil)
  }

  @Test func pushingThroughAChildPushesOnItsNavigationController() throws {
    let pushed = try replay(Self.stack).frames[2].hierarchy
    #expect(pushed["nav"]?.children == ["a", "b", "c", "d"])
    #expect(pushed["d"]?.parent == "nav")
    #expect(pushed["c"]?.children == [])
    #expect(pushed.appearedIDs == ["nav", "d"])
    #expect(pushed.state("c") == .disappeared)
    #expect(pushed["c"]?.isViewLoaded == true)
    #expect(pushed.nearest(.navigation, from: "d") == "nav")
  }

  @Test func popRemovesTheTopAndPopToRootLeavesOnlyTheRoot() throws {
    let frames = try replay(Self.stack).frames
    let popped = frames[3].hierarchy
    #expect(popped["nav"]?.children == ["a", "b", "c"])
    #expect(popped["d"]?.parent == nil)
    #expect(popped.appearedIDs == ["nav", "c"])
    #expect(popped.isAttached("d") == false)

    let atRoot = frames[4].hierarchy
    #expect(atRoot["nav"]?.children == ["a"])
    #expect(atRoot["b"]?.parent == nil)
    #expect(atRoot["c"]?.parent == nil)
    #expect(atRoot.appearedIDs == ["nav", "a"])
    #expect(atRoot["a"]?.isViewLoaded == true)
    // b was never on screen: popping it did not load its view.
    #expect(atRoot["b"]?.isViewLoaded == false)
  }

  @Test func poppingAStackWithOnlyItsRootWarnsAndChangesNothing() throws {
    let replay = try replay(
      """
      controllers:
        nav: UINavigationController
        empty: UINavigationController
        home: HomeViewController
      steps:
        - push: home
          on: nav
        - setRoot: nav
        - pop: home
        - popToRoot: nav
        - pop: empty
      """)
    let frames = replay.frames
    #expect(frames[2].hierarchy == frames[1].hierarchy)
    #expect(frames[3].hierarchy == frames[1].hierarchy)
    #expect(
      frames[2].warnings.map(\.message) == [
        "<UINavigationController: nav> has only its root view controller; popViewController does nothing."
      ])
    #expect(
      frames[3].warnings.map(\.message) == [
        "<UINavigationController: nav> has only its root view controller; popToRootViewController does nothing."
      ])
    #expect(
      frames[4].warnings.map(\.message) == [
        "<UINavigationController: empty> has no view controllers; popViewController does nothing."
      ])
    #expect(frames[2].warnings.first?.location.line == 9)
    #expect(replay.warnings.count == 3)
  }

  @Test func setViewControllersReplacesTheStackAndDetachesWhatItLeavesOut() throws {
    let hierarchy = try finalHierarchy(
      Self.stack.replacingOccurrences(of: "  - popToRoot: b\n", with: "  - setViewControllers: [c, a]\n    on: nav\n"))
    #expect(hierarchy["nav"]?.children == ["c", "a"])
    #expect(hierarchy["b"]?.parent == nil)
    #expect(hierarchy["c"]?.parent == "nav")
    #expect(hierarchy.appearedIDs == ["nav", "a"])
  }
}

@Suite("Tab bars")
struct TabBarTests {
  static let tabs = """
    controllers:
      tabs: UITabBarController
      a: AViewController
      b: BViewController
      c: CViewController
      d: DViewController
      e: EViewController
    steps:
      - setTabs: [a, b, c]
        on: tabs
      - setRoot: tabs

    """

  @Test func onlyTheSelectedTabIsOnScreenAndOtherTabsLoadWhenFirstShown() throws {
    let replay = try replay(Self.tabs + "  - selectTab: c\n    on: tabs\n  - selectTab: 0\n    on: tabs\n")
    let frames = replay.frames
    #expect(frames[0].hierarchy["tabs"]?.selectedChild == "a")
    #expect(frames[0].hierarchy.loadedIDs == [])

    #expect(frames[1].hierarchy.appearedIDs == ["tabs", "a"])
    #expect(frames[1].hierarchy.loadedIDs == ["tabs", "a"])
    #expect(frames[1].hierarchy.role(of: "a") == .tab(index: 0, isSelected: true))
    #expect(frames[1].hierarchy.role(of: "b") == .tab(index: 1, isSelected: false))

    #expect(frames[2].hierarchy["tabs"]?.selectedChild == "c")
    #expect(frames[2].hierarchy.appearedIDs == ["tabs", "c"])
    #expect(frames[2].hierarchy.loadedIDs == ["tabs", "a", "c"])

    #expect(frames[3].hierarchy["tabs"]?.selectedChild == "a")
    #expect(frames[3].hierarchy.appearedIDs == ["tabs", "a"])
    #expect(frames[3].hierarchy.state("c") == .disappeared)
    #expect(frames[3].hierarchy.loadedIDs == ["tabs", "a", "c"])
    #expect(frames[3].hierarchy["b"]?.isViewLoaded == false)
  }

  @Test func setTabsKeepsTheSelectionWhenItIsStillATab() throws {
    let hierarchy = try finalHierarchy(
      Self.tabs + "  - selectTab: b\n    on: tabs\n  - setTabs: [d, b]\n    on: tabs\n")
    #expect(hierarchy["tabs"]?.children == ["d", "b"])
    #expect(hierarchy["tabs"]?.selectedChild == "b")
    #expect(hierarchy.appearedIDs == ["tabs", "b"])
    #expect(hierarchy["a"]?.parent == nil)
    #expect(hierarchy["c"]?.parent == nil)
    #expect(hierarchy["d"]?.isViewLoaded == false)
  }

  @Test func setTabsWithoutTheSelectionSelectsTheSameIndexElseTheFirst() throws {
    // UITabBarController.viewControllers: "If the selected view controller is no longer present, it attempts to
    // select the view controller at the same index in the array as the previous selection. If that index is
    // invalid, it selects the view controller at index 0."
    let sameIndex = try finalHierarchy(
      Self.tabs + "  - selectTab: 1\n    on: tabs\n  - setTabs: [d, e, a]\n    on: tabs\n")
    #expect(sameIndex["tabs"]?.selectedChild == "e")
    #expect(sameIndex.appearedIDs == ["tabs", "e"])
    let first = try finalHierarchy(Self.tabs + "  - selectTab: 2\n    on: tabs\n  - setTabs: [d, e]\n    on: tabs\n")
    #expect(first["tabs"]?.selectedChild == "d")
    let none = try finalHierarchy(Self.tabs + "  - setTabs: []\n    on: tabs\n")
    #expect(none["tabs"]?.selectedChild == nil)
    #expect(none.appearedIDs == ["tabs"])
  }

  @Test func setTabsNamesTheTabBarThroughAChild() throws {
    let hierarchy = try finalHierarchy(Self.tabs + "  - setTabs: [c, d]\n    on: c\n")
    #expect(hierarchy["tabs"]?.children == ["c", "d"])
  }
}

@Suite("Split views, page views and custom containers")
struct OtherContainerTests {
  @Test func bothColumnsOfASplitViewAreOnScreen() throws {
    let hierarchy = try finalHierarchy(
      """
      controllers:
        split: UISplitViewController
        primaryNav: UINavigationController
        folders: FoldersViewController
        detail: DetailViewController
      steps:
        - setViewControllers: [folders]
          on: primaryNav
        - setViewControllers: [primaryNav, detail]
          on: split
        - setRoot: split
      """)
    #expect(hierarchy.appearedIDs == ["split", "primaryNav", "folders", "detail"])
    #expect(hierarchy.role(of: "primaryNav") == .column("primary", isShown: true))
    #expect(hierarchy.role(of: "detail") == .column("secondary", isShown: true))
  }

  @Test func thePagesOfAPageViewAreOnScreen() throws {
    let hierarchy = try finalHierarchy(
      """
      controllers:
        pages: UIPageViewController
        one: PageViewController
        two: PageViewController
      steps:
        - setRoot: pages
        - setViewControllers: [one]
          on: pages
      """)
    #expect(hierarchy.appearedIDs == ["pages", "one"])
    #expect(hierarchy.role(of: "one") == .page(index: 0))
  }

  @Test func aCustomContainersChildrenAreOnScreenWithTheirParent() throws {
    let frames = try replay(
      """
      controllers:
        player: { class: PlayerViewController, kind: container }
        artwork: ArtworkViewController
        lyrics: LyricsViewController
      steps:
        - addChild: artwork
          to: player
        - setRoot: player
        - addChild: lyrics
          to: player
        - removeFromParent: artwork
        - removeFromParent: artwork
        - addChild: lyrics
          to: player
      """
    ).frames
    // A child of a container in no window is not on screen, but `container.view.addSubview(child.view)`
    // loads both views.
    #expect(frames[0].hierarchy.appearedIDs == [])
    #expect(frames[0].hierarchy.loadedIDs == ["player", "artwork"])
    #expect(
      frames[0].events == [
        LifecycleEvent("artwork", .willMove(toParent: "player")),
        LifecycleEvent("player", .viewDidLoad),
        LifecycleEvent("artwork", .viewDidLoad),
        LifecycleEvent("artwork", .didMove(toParent: "player")),
      ])
    #expect(frames[1].hierarchy.appearedIDs == ["player", "artwork"])
    #expect(frames[2].hierarchy.appearedIDs == ["player", "artwork", "lyrics"])
    #expect(frames[2].hierarchy.role(of: "lyrics") == .child(index: 1))

    let removed = frames[3].hierarchy
    #expect(removed["player"]?.children == ["lyrics"])
    #expect(removed["artwork"]?.parent == nil)
    #expect(removed.state("artwork") == .disappeared)
    #expect(removed.appearedIDs == ["player", "lyrics"])
    // Its parent held it last: it is deallocated, and the hierarchy holds a fresh, unloaded instance.
    #expect(removed["artwork"]?.instance == 2)
    #expect(removed["artwork"]?.isViewLoaded == false)
    #expect(frames[3].events.last == LifecycleEvent("artwork", .deinit))

    #expect(frames[4].hierarchy == removed)
    #expect(
      frames[4].warnings.map(\.message) == [
        "<ArtworkViewController: artwork> has no parent; removeFromParent does nothing."
      ])
    #expect(frames[5].hierarchy == removed)
    #expect(
      frames[5].warnings.map(\.message) == [
        "<LyricsViewController: lyrics> is already a child of <PlayerViewController: player>; nothing changes."
      ])
  }

  @Test func anyControllerCanContainChildrenThroughAddChild() throws {
    // A content controller that adds a child acts as a custom container.
    let hierarchy = try finalHierarchy(
      """
      controllers:
        home: HomeViewController
        banner: BannerViewController
      steps:
        - setRoot: home
        - addChild: banner
          to: home
      """)
    #expect(hierarchy["home"]?.kind == .content)
    #expect(hierarchy.appearedIDs == ["home", "banner"])
  }
}

@Suite("Windows")
struct WindowTests {
  @Test func replacingAWindowsRootTakesTheOldHierarchyOffScreen() throws {
    let frames = try replay(
      """
      controllers:
        nav: UINavigationController
        home: HomeViewController
        login: LoginViewController
        welcome: WelcomeViewController
      steps:
        - setRoot: nav
        - push: home
          on: nav
        - present: login
          from: home
        - setRoot: welcome
      """
    ).frames
    let before = frames[2].hierarchy
    #expect(before.appearedIDs == ["nav", "home", "login"])
    let after = frames[3].hierarchy
    #expect(after.windows == [Window(id: "main", isKey: true, rootViewController: "welcome")])
    #expect(after.appearedIDs == ["welcome"])
    #expect(after.window(of: "home") == nil)
    #expect(after.window(of: "login") == nil)
    // The old hierarchy keeps its own relations.
    #expect(after["nav"]?.children == ["home"])
    #expect(after.presentingViewController(of: "login") == "nav")
  }

  @Test func severalWindowsAreOnScreenAndTheFirstIsKey() throws {
    let hierarchy = try finalHierarchy(
      """
      controllers:
        home: HomeViewController
        overlay: OverlayViewController
        sheet: SheetViewController
      steps:
        - setRoot: home
        - setRoot: overlay
          window: status
        - present: sheet
          from: overlay
      """)
    #expect(
      hierarchy.windows == [
        Window(id: "main", isKey: true, rootViewController: "home"),
        Window(id: "status", isKey: false, rootViewController: "overlay"),
      ])
    #expect(hierarchy.keyWindow?.id == "main")
    #expect(hierarchy.window(named: "status")?.rootViewController == "overlay")
    #expect(hierarchy.window(of: "sheet")?.id == "status")
    #expect(hierarchy.window(of: "home")?.id == "main")
    #expect(hierarchy.appearedIDs == ["home", "overlay", "sheet"])
  }

  @Test func theFirstWindowToGetARootIsKeyWhateverItsName() throws {
    let hierarchy = try finalHierarchy(
      """
      controllers:
        home: HomeViewController
        other: OtherViewController
      steps:
        - setRoot: other
          window: secondary
        - setRoot: home
      """)
    #expect(hierarchy.keyWindow?.id == "secondary")
    #expect(hierarchy.window(named: "main")?.isKey == false)
  }

  @Test func settingTheSameRootAgainWarnsAndChangesNothing() throws {
    let frames = try replay(
      """
      controllers:
        home: HomeViewController
      steps:
        - setRoot: home
        - setRoot: home
      """
    ).frames
    #expect(frames[1].hierarchy == frames[0].hierarchy)
    #expect(
      frames[1].warnings.map(\.message) == [
        "<HomeViewController: home> is already the root view controller of window 'main'; nothing changes."
      ])
  }
}

@Suite("Applying actions to a hierarchy")
struct HierarchyApplyTests {
  @Test func aRejectedActionLeavesTheHierarchyUnchanged() throws {
    var hierarchy = Hierarchy(viewControllers: [
      ViewController(id: "nav", className: "UINavigationController"),
      ViewController(id: "home", className: "HomeViewController"),
    ])
    #expect(hierarchy.order == ["nav", "home"])
    #expect(try hierarchy.apply(.setRoot("nav", window: "main")).warnings == [])
    #expect(try hierarchy.apply(.push("home", on: "nav")).warnings == [])
    #expect(hierarchy.appearedIDs == ["nav", "home"])
    let before = hierarchy
    #expect(throws: RuleViolation.pushingSameInstance("<HomeViewController: home>")) {
      try hierarchy.apply(.push("home", on: "nav"))
    }
    #expect(throws: RuleViolation.unknownController("ghost")) {
      try hierarchy.apply(.push("ghost", on: "nav"))
    }
    #expect(hierarchy == before)
    #expect(
      try hierarchy.apply(.pop("nav")).warnings == [
        "<UINavigationController: nav> has only its root view controller; popViewController does nothing."
      ])
    #expect(hierarchy == before)
  }
}
