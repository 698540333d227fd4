import Testing

@testable import VCGraph

// `viewIsAppearing(_:)` (iOS 17 SDK, back-deployed to iOS 13) and the `animated` flag of every
// appearance callback. Apple's documentation: UIKit calls `viewIsAppearing(_:)` once per appearance,
// after `viewWillAppear(_:)`, once the view is in the hierarchy and laid out by its superview, in the
// same CATransaction as `viewWillAppear(_:)` (so before the transition animates), and before
// `viewDidAppear(_:)`. LifecycleTests pins the same orders for the iOS 16 SDK, without it.

/// The callbacks of step `number` (from 1; the last step when nil) of `yaml`, as `home viewDidLoad()`.
private func events(_ yaml: String, step number: Int? = nil) throws -> [String] {
  let replayed = try replay(yaml)
  let frame = try #require(number.map { replayed.frame($0) } ?? replayed.frames.last)
  #expect(frame.warnings.isEmpty)
  return frame.events.map(\.description)
}

/// A navigation controller `nav` holding `first` as the window's root, with `second`, `modal`,
/// `child` and a custom container `box` unattached. `steps` is appended, indented by two spaces.
private func onScreen(_ steps: String, header: String = "") -> String {
  header + """
    controllers:
      nav: UINavigationController
      first: FirstViewController
      second: SecondViewController
      modal: ModalViewController
      modalNav: UINavigationController
      box: { class: BoxViewController, kind: container }
      child: ChildViewController
    steps:
      - setViewControllers: [first]
        on: nav
      - setRoot: nav

    """ + steps
}

@Suite("Lifecycle: viewIsAppearing (iOS 17 SDK and later)")
struct ViewIsAppearingTests {
  @Test func settingTheRootCallsItParentsFirstWithoutAnimation() throws {
    #expect(
      try events(onScreen("")) == [
        "nav viewDidLoad()",
        "first viewDidLoad()",
        "nav viewWillAppear(animated: false)",
        "first viewWillAppear(animated: false)",
        "nav viewIsAppearing(animated: false)",
        "first viewIsAppearing(animated: false)",
        "nav viewDidAppear(animated: false)",
        "first viewDidAppear(animated: false)",
      ])
  }

  @Test func aPushCallsItBeforeTheTransitionAnimates() throws {
    // The new view is in the window before the animation; the old one leaves at its end.
    #expect(
      try events(onScreen("  - push: second\n    on: nav\n")) == [
        "second willMove(toParent: nav)",
        "second viewDidLoad()",
        "first viewWillDisappear(animated: true)",
        "second viewWillAppear(animated: true)",
        "second viewIsAppearing(animated: true)",
        "first viewDidDisappear(animated: true)",
        "second viewDidAppear(animated: true)",
        "second didMove(toParent: nav)",
      ])
  }

  @Test func aPopCallsItOnTheRevealedController() throws {
    let yaml = onScreen("  - push: second\n    on: nav\n  - pop: nav\n")
    #expect(
      try events(yaml) == [
        "second willMove(toParent: nil)",
        "second viewWillDisappear(animated: true)",
        "first viewWillAppear(animated: true)",
        "first viewIsAppearing(animated: true)",
        "second viewDidDisappear(animated: true)",
        "first viewDidAppear(animated: true)",
        "second didMove(toParent: nil)",
        "second deinit",
      ])
  }

  @Test func aFullScreenPresentationOfAContainerCallsItParentsFirst() throws {
    let yaml = onScreen(
      """
        - setViewControllers: [modal]
          on: modalNav
        - present: modalNav
          from: first
          style: fullScreen
          animated: false
      """)
    #expect(
      try events(yaml) == [
        "modalNav viewDidLoad()",
        "modal viewDidLoad()",
        "nav viewWillDisappear(animated: false)",
        "first viewWillDisappear(animated: false)",
        "modalNav viewWillAppear(animated: false)",
        "modal viewWillAppear(animated: false)",
        "modalNav viewIsAppearing(animated: false)",
        "modal viewIsAppearing(animated: false)",
        "modalNav viewDidAppear(animated: false)",
        "modal viewDidAppear(animated: false)",
        "nav viewDidDisappear(animated: false)",
        "first viewDidDisappear(animated: false)",
      ])
  }

  @Test func aDismissalCallsItOnlyOnWhatAppearsAgain() throws {
    let sheet = onScreen("  - present: modal\n    from: first\n  - dismiss: modal\n")
    #expect(
      try events(sheet) == [
        "modal viewWillDisappear(animated: true)",
        "modal viewDidDisappear(animated: true)",
        "modal deinit",
      ])
    let fullScreen = onScreen("  - present: modal\n    from: first\n    style: fullScreen\n  - dismiss: modal\n")
    #expect(
      try events(fullScreen) == [
        "modal viewWillDisappear(animated: true)",
        "nav viewWillAppear(animated: true)",
        "first viewWillAppear(animated: true)",
        "nav viewIsAppearing(animated: true)",
        "first viewIsAppearing(animated: true)",
        "nav viewDidAppear(animated: true)",
        "first viewDidAppear(animated: true)",
        "modal viewDidDisappear(animated: true)",
        "modal deinit",
      ])
  }

  @Test func aChildAddedToAContainerOnScreenGetsItAfterItsWillAppear() throws {
    let yaml = onScreen("  - push: box\n    on: nav\n  - addChild: child\n    to: box\n")
    #expect(
      try events(yaml) == [
        "child willMove(toParent: box)",
        "child viewDidLoad()",
        "child viewWillAppear(animated: true)",
        "child viewIsAppearing(animated: true)",
        "child viewDidAppear(animated: true)",
        "child didMove(toParent: box)",
      ])
  }

  @Test func aTabSwitchCallsItAfterTheViewsAreSwappedWithoutAnimation() throws {
    let yaml = """
      controllers:
        tabs: UITabBarController
        feed: FeedViewController
        search: SearchViewController
      steps:
        - setTabs: [feed, search]
          on: tabs
        - setRoot: tabs
        - selectTab: 1
          on: tabs
          animated: true
      """
    // Selecting a tab never animates the controllers' views, whatever the step says.
    #expect(
      try events(yaml) == [
        "search viewDidLoad()",
        "search viewWillAppear(animated: false)",
        "feed viewWillDisappear(animated: false)",
        "search viewIsAppearing(animated: false)",
        "feed viewDidDisappear(animated: false)",
        "search viewDidAppear(animated: false)",
      ])
  }

  @Test func replacingARootIsNotAnimatedEither() throws {
    let yaml = onScreen("  - setRoot: modal\n    animated: true\n")
    #expect(
      try events(yaml) == [
        "modal viewDidLoad()",
        "nav viewWillDisappear(animated: false)",
        "first viewWillDisappear(animated: false)",
        "modal viewWillAppear(animated: false)",
        "modal viewIsAppearing(animated: false)",
        "modal viewDidAppear(animated: false)",
        "nav viewDidDisappear(animated: false)",
        "first viewDidDisappear(animated: false)",
        "nav deinit",
        "first deinit",
      ])
  }

  @Test func aPageChangeCarriesItsAnimatedArgument() throws {
    let yaml = """
      controllers:
        pages: UIPageViewController
        one: OneViewController
        two: TwoViewController
      steps:
        - setPage: one
          on: pages
        - setRoot: pages
        - setPage: two
          on: pages
          animated: false
      """
    #expect(
      try events(yaml).filter { $0.contains("ppear") } == [
        "one viewWillDisappear(animated: false)",
        "two viewWillAppear(animated: false)",
        "two viewIsAppearing(animated: false)",
        "one viewDidDisappear(animated: false)",
        "two viewDidAppear(animated: false)",
      ])
  }

  @Test func aSplitViewCollapsingWithTheSizeClassIsNotAnimated() throws {
    let yaml = """
      controllers:
        split: UISplitViewController
        list: ListViewController
        detail: DetailViewController
      steps:
        - setSplit: { primary: list, secondary: detail }
          on: split
        - setRoot: split
        - setTraits: { horizontalSizeClass: compact }
        - setTraits: { horizontalSizeClass: regular }
      """
    // With a plain primary, collapsing hides the secondary and expanding shows it again.
    #expect(
      try events(yaml, step: 3) == [
        "detail viewWillDisappear(animated: false)", "detail viewDidDisappear(animated: false)",
      ])
    #expect(
      try events(yaml, step: 4) == [
        "detail viewWillAppear(animated: false)", "detail viewIsAppearing(animated: false)",
        "detail viewDidAppear(animated: false)",
      ])
  }
}

@Suite("Scenario option: sdk")
struct SDKOptionTests {
  @Test func anOlderSDKHasNoViewIsAppearing() throws {
    for sdk in ["16", "16.4", "13", "\"15.0\""] {
      let log = try events(onScreen("  - push: second\n    on: nav\n", header: "sdk: \(sdk)\n"))
      #expect(!log.contains { $0.contains("viewIsAppearing") }, "sdk: \(sdk)")
      #expect(log.contains("second viewWillAppear(animated: true)"))
    }
  }

  @Test func theSeventeenthSDKAndLaterHaveIt() throws {
    for sdk in ["17", "17.0", "18", "26"] {
      let log = try events(onScreen("  - push: second\n    on: nav\n", header: "sdk: \(sdk)\n"))
      #expect(log.contains("second viewIsAppearing(animated: true)"), "sdk: \(sdk)")
    }
  }

  @Test func aScenarioWithoutItIsBuiltWithTodaysSDK() throws {
    let parsed = try scenario(onScreen(""))
    #expect(parsed.sdk == Scenario.currentSDK)
    #expect(parsed.callsViewIsAppearing)
    #expect(try scenario(onScreen("", header: "sdk: 16\n")).callsViewIsAppearing == false)
  }

  @Test func anSDKThatIsNotAVersionIsRefusedWhereItIsWritten() {
    for value in ["latest", "-1", "1", "16.x", "100", "true"] {
      let error = scenarioError(onScreen("", header: "sdk: \(value)\n"))
      #expect(error?.location.line == 1, "sdk: \(value)")
      #expect(error?.location.column == 6, "sdk: \(value)")
      #expect(
        error?.problem.message
          == "'sdk' must be an iOS SDK version such as 16 or 17.0 (the SDK the app is built with)",
        "sdk: \(value)")
    }
  }
}
