import Testing

@testable import VCGraph

// The lifecycle callbacks each kind of step makes, pinned to the orders of the UIKit reference
// (../shared/uikit-reference.md, "Callback orders") and seed 003, which wins where they disagree.

/// Replays `yaml` built with the iOS 16 SDK (`sdk: 16`), the log the seeds recorded: no
/// `viewIsAppearing(_:)`. `ViewIsAppearingTests` pins where the iOS 17 SDK and later put it.
func replayOnIOS16SDK(_ yaml: String) throws -> Replay {
  try replay("sdk: 16\n" + yaml)
}

/// The frame of step `number` (from 1) of `yaml`, or of its last step.
private func lifecycleFrame(
  _ yaml: String, step number: Int? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> Frame {
  let replayed = try replayOnIOS16SDK(yaml)
  if let number {
    return try #require(replayed.frame(number), sourceLocation: sourceLocation)
  }
  return try #require(replayed.frames.last, sourceLocation: sourceLocation)
}

/// The callbacks step `number` of `yaml` (or its last step) makes, as `home viewDidLoad()` lines.
private func lifecycleEvents(
  _ yaml: String, step number: Int? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> [String] {
  try lifecycleFrame(yaml, step: number, sourceLocation: sourceLocation).events.map(\.description)
}

/// Expects the last step of `yaml` to make exactly `expected`, in order, without any warning.
private func expectLifecycle(
  _ yaml: String, _ expected: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
  let frame = try lifecycleFrame(yaml, sourceLocation: sourceLocation)
  #expect(frame.events.map(\.description) == expected, sourceLocation: sourceLocation)
  #expect(frame.warnings.map(\.message) == [], sourceLocation: sourceLocation)
}

/// `home` as the window's root, with `modal` and `other` unattached. `steps` is appended, indented by two spaces.
private func rootScenario(_ steps: String, modal: String = "ModalViewController") -> String {
  """
  controllers:
    home: HomeViewController
    modal: \(modal)
    other: OtherViewController
  steps:
    - setRoot: home

  """ + steps
}

/// A navigation controller root whose stack is `first` (on screen); `second`, `third` and `fourth`
/// are unattached. `steps` is appended, indented by two spaces.
private func navigationScenario(_ steps: String, second: String = "SecondViewController") -> String {
  """
  controllers:
    nav: UINavigationController
    first: FirstViewController
    second: \(second)
    third: ThirdViewController
    fourth: FourthViewController
    loose: LooseViewController
  steps:
    - setViewControllers: [first]
      on: nav
    - setRoot: nav

  """ + steps
}

// MARK: - Presentation

@Suite("Lifecycle: presentation and dismissal")
struct PresentationLifecycleTests {
  @Test func presentingFullScreen() throws {
    try expectLifecycle(
      rootScenario(
        """
          - present: modal
            from: home
            style: fullScreen
        """),
      [
        "modal viewDidLoad()",
        "home viewWillDisappear(animated: true)",
        "modal viewWillAppear(animated: true)",
        "modal viewDidAppear(animated: true)",
        "home viewDidDisappear(animated: true)",
      ])
  }

  @Test func dismissingAFullScreenPresentation() throws {
    try expectLifecycle(
      rootScenario(
        """
          - present: modal
            from: home
            style: fullScreen
          - dismiss: modal
        """),
      [
        "modal viewWillDisappear(animated: true)",
        "home viewWillAppear(animated: true)",
        "home viewDidAppear(animated: true)",
        "modal viewDidDisappear(animated: true)",
        "modal deinit",
      ])
  }

  @Test func dismissingFromThePresenterGivesTheSameCallbacks() throws {
    try expectLifecycle(
      rootScenario(
        """
          - present: modal
            from: home
            style: fullScreen
          - dismiss: home
        """),
      [
        "modal viewWillDisappear(animated: true)",
        "home viewWillAppear(animated: true)",
        "home viewDidAppear(animated: true)",
        "modal viewDidDisappear(animated: true)",
        "modal deinit",
      ])
  }

  static let sheetStyles: [ModalPresentationStyle] = [.automatic, .pageSheet, .formSheet]
  static let nonCoveringStyles: [ModalPresentationStyle] = [.overFullScreen, .overCurrentContext, .popover, .custom]

  @Test(arguments: sheetStyles + nonCoveringStyles)
  func aStyleThatDoesNotCoverTheScreenGivesThePresenterNoCallbacks(style: ModalPresentationStyle) throws {
    let yaml = rootScenario(
      """
        - present: modal
          from: home
          style: \(style.rawValue)
        - dismiss: modal
      """)
    #expect(
      try lifecycleEvents(yaml, step: 2) == [
        "modal viewDidLoad()",
        "modal viewWillAppear(animated: true)",
        "modal viewDidAppear(animated: true)",
      ])
    #expect(
      try lifecycleEvents(yaml, step: 3) == [
        "modal viewWillDisappear(animated: true)",
        "modal viewDidDisappear(animated: true)",
        "modal deinit",
      ])
    #expect(try replayOnIOS16SDK(yaml).warnings.isEmpty)
  }

  @Test func aSheetWithoutAStyleIsAutomatic() throws {
    // `style` left out: `automatic`, a page sheet since iOS 13 (seed 003: the presenter gets nothing).
    try expectLifecycle(
      rootScenario(
        """
          - present: modal
            from: home
        """),
      [
        "modal viewDidLoad()",
        "modal viewWillAppear(animated: true)",
        "modal viewDidAppear(animated: true)",
      ])
  }

  @Test func aFullScreenPresentationOfANavigationControllerReachesItsTopChild() throws {
    let yaml = """
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
          style: fullScreen
        - dismiss: form
      """
    #expect(
      try lifecycleEvents(yaml, step: 3) == [
        "modalNav viewDidLoad()",
        "form viewDidLoad()",
        "home viewWillDisappear(animated: true)",
        "modalNav viewWillAppear(animated: true)",
        "form viewWillAppear(animated: true)",
        "modalNav viewDidAppear(animated: true)",
        "form viewDidAppear(animated: true)",
        "home viewDidDisappear(animated: true)",
      ])
    // Dismissed, the navigation controller is deallocated first, then the child it held.
    #expect(
      try lifecycleEvents(yaml, step: 4) == [
        "modalNav viewWillDisappear(animated: true)",
        "form viewWillDisappear(animated: true)",
        "home viewWillAppear(animated: true)",
        "home viewDidAppear(animated: true)",
        "modalNav viewDidDisappear(animated: true)",
        "form viewDidDisappear(animated: true)",
        "modalNav deinit",
        "form deinit",
      ])
  }

  @Test func currentContextHidesOnlyTheContextDefinersSubtree() throws {
    // The navigation controller defines the context (UIKit's default for it); the sidebar beside it
    // stays on screen and gets nothing.
    let yaml = """
      controllers:
        root: { class: RootViewController, kind: container }
        sidebar: SidebarViewController
        nav: UINavigationController
        list: ListViewController
        modal: ModalViewController
      steps:
        - setViewControllers: [list]
          on: nav
        - addChild: sidebar
          to: root
        - addChild: nav
          to: root
        - setRoot: root
        - present: modal
          from: list
          style: currentContext
        - dismiss: modal
      """
    let presented = try lifecycleFrame(yaml, step: 5)
    #expect(
      presented.events.map(\.description) == [
        "modal viewDidLoad()",
        "nav viewWillDisappear(animated: true)",
        "list viewWillDisappear(animated: true)",
        "modal viewWillAppear(animated: true)",
        "modal viewDidAppear(animated: true)",
        "nav viewDidDisappear(animated: true)",
        "list viewDidDisappear(animated: true)",
      ])
    #expect(presented.hierarchy["modal"]?.presenter == "nav")
    #expect(presented.hierarchy.appearedIDs == ["root", "sidebar", "modal"])
    #expect(
      try lifecycleEvents(yaml, step: 6) == [
        "modal viewWillDisappear(animated: true)",
        "nav viewWillAppear(animated: true)",
        "list viewWillAppear(animated: true)",
        "nav viewDidAppear(animated: true)",
        "list viewDidAppear(animated: true)",
        "modal viewDidDisappear(animated: true)",
        "modal deinit",
      ])
  }

  @Test func dismissingAChainDeallocatesTopFirst() throws {
    let yaml = rootScenario(
      """
        - present: modal
          from: home
          style: fullScreen
        - present: other
          from: modal
        - dismiss: home
      """)
    let frame = try lifecycleFrame(yaml)
    #expect(
      frame.events.map(\.description) == [
        "modal viewWillDisappear(animated: true)",
        "other viewWillDisappear(animated: true)",
        "home viewWillAppear(animated: true)",
        "home viewDidAppear(animated: true)",
        "modal viewDidDisappear(animated: true)",
        "other viewDidDisappear(animated: true)",
        "modal deinit",
        "other deinit",
      ])
    #expect(frame.hierarchy.appearedIDs == ["home"])
  }
}

// MARK: - Interactive dismissal

@Suite("Lifecycle: interactive dismissal")
struct InteractiveDismissLifecycleTests {
  @Test func swipingASheetAwayAsksTheDelegateThenDismisses() throws {
    let yaml = rootScenario(
      """
        - present: modal
          from: home
          style: pageSheet
        - interactiveDismiss: modal
      """)
    let frame = try lifecycleFrame(yaml)
    #expect(
      frame.events.map(\.description) == [
        "modal presentationControllerShouldDismiss(_:)",
        "modal presentationControllerWillDismiss(_:)",
        "modal viewWillDisappear(animated: true)",
        "modal viewDidDisappear(animated: true)",
        "modal presentationControllerDidDismiss(_:)",
        "modal deinit",
      ])
    #expect(frame.warnings.isEmpty)
    #expect(frame.hierarchy["home"]?.presentation == nil)
    #expect(frame.hierarchy["modal"]?.instance == 2)
  }

  @Test(arguments: ["automatic", "formSheet", "popover"])
  func everySwipeableStyleCanBeDismissedInteractively(style: String) throws {
    let events = try lifecycleEvents(
      rootScenario(
        """
          - present: modal
            from: home
            style: \(style)
          - interactiveDismiss: modal
        """))
    #expect(
      events == [
        "modal presentationControllerShouldDismiss(_:)",
        "modal presentationControllerWillDismiss(_:)",
        "modal viewWillDisappear(animated: true)",
        "modal viewDidDisappear(animated: true)",
        "modal presentationControllerDidDismiss(_:)",
        "modal deinit",
      ])
  }

  @Test func aModalInPresentationSheetOnlyReportsTheAttempt() throws {
    let yaml = """
      controllers:
        home: HomeViewController
        modal: { class: ModalViewController, modalInPresentation: true }
      steps:
        - setRoot: home
        - present: modal
          from: home
        - interactiveDismiss: modal
      """
    let replayed = try replayOnIOS16SDK(yaml)
    let attempt = replayed.frames[2]
    #expect(attempt.events.map(\.description) == ["modal presentationControllerDidAttemptToDismiss(_:)"])
    #expect(attempt.warnings.isEmpty)
    #expect(attempt.hierarchy == replayed.frames[1].hierarchy)
    #expect(attempt.hierarchy["modal"]?.presenter == "home")
  }

  @Test func modalInPresentationOnTheTopChildOfAPresentedNavigationControllerBlocksTheSwipe() throws {
    let yaml = """
      controllers:
        home: HomeViewController
        modalNav: UINavigationController
        form: { class: FormViewController, modalInPresentation: true }
      steps:
        - setRoot: home
        - setViewControllers: [form]
          on: modalNav
        - present: modalNav
          from: home
        - interactiveDismiss: form
      """
    let replayed = try replayOnIOS16SDK(yaml)
    let attempt = replayed.frames[3]
    // The presentation controller belongs to the presented navigation controller.
    #expect(attempt.events.map(\.description) == ["modalNav presentationControllerDidAttemptToDismiss(_:)"])
    #expect(attempt.hierarchy == replayed.frames[2].hierarchy)
  }

  @Test func aSwipedAwayNavigationControllerDisappearsWithItsTopChild() throws {
    let yaml = """
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
        - interactiveDismiss: modalNav
      """
    #expect(
      try lifecycleEvents(yaml) == [
        "modalNav presentationControllerShouldDismiss(_:)",
        "modalNav presentationControllerWillDismiss(_:)",
        "modalNav viewWillDisappear(animated: true)",
        "form viewWillDisappear(animated: true)",
        "modalNav viewDidDisappear(animated: true)",
        "form viewDidDisappear(animated: true)",
        "modalNav presentationControllerDidDismiss(_:)",
        "modalNav deinit",
        "form deinit",
      ])
  }

  @Test func aFullScreenPresentationCannotBeSwipedAway() {
    expectViolation(
      rootScenario(
        """
          - present: modal
            from: home
            style: fullScreen
          - interactiveDismiss: modal
        """),
      "<ModalViewController: modal> is presented with style fullScreen; only sheets (automatic, pageSheet, formSheet) "
        + "and popovers can be dismissed interactively.")
  }

  @Test func aControllerThatIsNotPresentedCannotBeSwipedAway() {
    expectViolation(
      rootScenario("  - interactiveDismiss: home\n"),
      "<HomeViewController: home> is not presented; only a presented sheet or popover can be dismissed interactively.")
  }

  @Test func onlyTheTopmostSheetCanBeSwipedAway() {
    expectViolation(
      rootScenario(
        """
          - present: modal
            from: home
          - present: other
            from: modal
          - interactiveDismiss: modal
        """),
      "<ModalViewController: modal> is presenting <OtherViewController: other>; "
        + "only the topmost presentation can be dismissed interactively.")
  }
}

// MARK: - Navigation

@Suite("Lifecycle: navigation stacks")
struct NavigationLifecycleTests {
  @Test func pushing() throws {
    try expectLifecycle(
      navigationScenario(
        """
          - push: second
            on: nav
        """),
      [
        "second willMove(toParent: nav)",
        "second viewDidLoad()",
        "first viewWillDisappear(animated: true)",
        "second viewWillAppear(animated: true)",
        "first viewDidDisappear(animated: true)",
        "second viewDidAppear(animated: true)",
        "second didMove(toParent: nav)",
      ])
  }

  @Test func popping() throws {
    let yaml = navigationScenario(
      """
        - push: second
          on: nav
        - pop: nav
      """)
    let frame = try lifecycleFrame(yaml)
    #expect(
      frame.events.map(\.description) == [
        "second willMove(toParent: nil)",
        "second viewWillDisappear(animated: true)",
        "first viewWillAppear(animated: true)",
        "second viewDidDisappear(animated: true)",
        "first viewDidAppear(animated: true)",
        "second didMove(toParent: nil)",
        "second deinit",
      ])
    #expect(frame.hierarchy["nav"]?.children == ["first"])
  }

  @Test func poppingFromTheTopChildPopsIt() throws {
    let events = try lifecycleEvents(
      navigationScenario(
        """
          - push: second
            on: nav
          - pop: second
        """))
    #expect(
      events == [
        "second willMove(toParent: nil)",
        "second viewWillDisappear(animated: true)",
        "first viewWillAppear(animated: true)",
        "second viewDidDisappear(animated: true)",
        "first viewDidAppear(animated: true)",
        "second didMove(toParent: nil)",
        "second deinit",
      ])
  }

  @Test func poppingToAControllerPopsEveryControllerAboveIt() throws {
    let yaml = navigationScenario(
      """
        - push: second
          on: nav
        - push: third
          on: nav
        - push: fourth
          on: nav
        - popTo: first
          on: nav
      """)
    let frame = try lifecycleFrame(yaml)
    // Only the top controller was on screen: it alone disappears; every popped one leaves the stack.
    #expect(
      frame.events.map(\.description) == [
        "second willMove(toParent: nil)",
        "third willMove(toParent: nil)",
        "fourth willMove(toParent: nil)",
        "fourth viewWillDisappear(animated: true)",
        "first viewWillAppear(animated: true)",
        "fourth viewDidDisappear(animated: true)",
        "first viewDidAppear(animated: true)",
        "second didMove(toParent: nil)",
        "third didMove(toParent: nil)",
        "fourth didMove(toParent: nil)",
        "second deinit",
        "third deinit",
        "fourth deinit",
      ])
    #expect(frame.hierarchy["nav"]?.children == ["first"])
  }

  @Test func poppingToAControllerWithoutNamingTheNavigationController() throws {
    let frame = try lifecycleFrame(
      navigationScenario(
        """
          - push: second
            on: nav
          - push: third
            on: nav
          - popTo: second
        """))
    #expect(
      frame.events.map(\.description) == [
        "third willMove(toParent: nil)",
        "third viewWillDisappear(animated: true)",
        "second viewWillAppear(animated: true)",
        "third viewDidDisappear(animated: true)",
        "second viewDidAppear(animated: true)",
        "third didMove(toParent: nil)",
        "third deinit",
      ])
    #expect(frame.hierarchy["nav"]?.children == ["first", "second"])
  }

  @Test func poppingToTheRoot() throws {
    let frame = try lifecycleFrame(
      navigationScenario(
        """
          - push: second
            on: nav
          - push: third
            on: nav
          - popToRoot: third
            animated: false
        """))
    #expect(
      frame.events.map(\.description) == [
        "second willMove(toParent: nil)",
        "third willMove(toParent: nil)",
        "third viewWillDisappear(animated: false)",
        "first viewWillAppear(animated: false)",
        "third viewDidDisappear(animated: false)",
        "first viewDidAppear(animated: false)",
        "second didMove(toParent: nil)",
        "third didMove(toParent: nil)",
        "second deinit",
        "third deinit",
      ])
    #expect(frame.hierarchy["nav"]?.children == ["first"])
  }

  @Test func poppingToAControllerThatIsNotInTheStackFails() {
    let message = "Tried to pop to a view controller that doesn't exist."
    expectViolation(
      navigationScenario(
        """
          - push: second
            on: nav
          - popTo: third
            on: nav
        """),
      message + " (<ThirdViewController: third> is not on the stack of <UINavigationController: nav>.)")
    // Without `on`, a controller outside any navigation controller has no stack to pop to.
    expectViolation(
      navigationScenario("  - popTo: loose\n"),
      message + " (<LooseViewController: loose> is not in a navigation controller.)")
  }

  @Test func poppingTheOnlyControllerWarnsAndMakesNoCallback() throws {
    let frame = try lifecycleFrame(navigationScenario("  - pop: nav\n    expect: warning\n"))
    #expect(frame.events.isEmpty)
    #expect(
      frame.warnings.map(\.message) == [
        "<UINavigationController: nav> has only its root view controller; popViewController does nothing."
      ])
  }

  @Test func settingTheViewControllersOfAStackOnScreen() throws {
    let frame = try lifecycleFrame(
      navigationScenario(
        """
          - setViewControllers: [second, third]
            on: nav
        """))
    // The new top appears; the controller below it is only added (its view is not loaded).
    #expect(
      frame.events.map(\.description) == [
        "first willMove(toParent: nil)",
        "second willMove(toParent: nav)",
        "third willMove(toParent: nav)",
        "third viewDidLoad()",
        "first viewWillDisappear(animated: true)",
        "third viewWillAppear(animated: true)",
        "first viewDidDisappear(animated: true)",
        "third viewDidAppear(animated: true)",
        "first didMove(toParent: nil)",
        "second didMove(toParent: nav)",
        "third didMove(toParent: nav)",
        "first deinit",
      ])
    #expect(frame.hierarchy["second"]?.isViewLoaded == false)
  }

  @Test func showPushesInsideANavigationController() throws {
    try expectLifecycle(
      navigationScenario(
        """
          - show: second
            from: first
        """),
      [
        "second willMove(toParent: nav)",
        "second viewDidLoad()",
        "first viewWillDisappear(animated: true)",
        "second viewWillAppear(animated: true)",
        "first viewDidDisappear(animated: true)",
        "second viewDidAppear(animated: true)",
        "second didMove(toParent: nav)",
      ])
  }

  @Test func showPresentsOutsideANavigationController() throws {
    let frame = try lifecycleFrame(
      rootScenario(
        """
          - show: modal
            from: home
        """))
    #expect(
      frame.events.map(\.description) == [
        "modal viewDidLoad()",
        "modal viewWillAppear(animated: true)",
        "modal viewDidAppear(animated: true)",
      ])
    #expect(frame.hierarchy["modal"]?.presenter == "home")
    #expect(frame.hierarchy["modal"]?.parent == nil)
  }

  @Test func showFullScreenOutsideANavigationControllerCoversThePresenter() throws {
    try expectLifecycle(
      rootScenario(
        """
          - show: modal
            from: home
            style: fullScreen
        """),
      [
        "modal viewDidLoad()",
        "home viewWillDisappear(animated: true)",
        "modal viewWillAppear(animated: true)",
        "modal viewDidAppear(animated: true)",
        "home viewDidDisappear(animated: true)",
      ])
  }

  @Test func anUnanimatedPushSaysSo() throws {
    try expectLifecycle(
      navigationScenario(
        """
          - push: second
            on: nav
            animated: false
        """),
      [
        "second willMove(toParent: nav)",
        "second viewDidLoad()",
        "first viewWillDisappear(animated: false)",
        "second viewWillAppear(animated: false)",
        "first viewDidDisappear(animated: false)",
        "second viewDidAppear(animated: false)",
        "second didMove(toParent: nav)",
      ])
  }

  @Test func anUnanimatedDismissSaysSo() throws {
    try expectLifecycle(
      rootScenario(
        """
          - present: modal
            from: home
            style: fullScreen
          - dismiss: modal
            animated: false
        """),
      [
        "modal viewWillDisappear(animated: false)",
        "home viewWillAppear(animated: false)",
        "home viewDidAppear(animated: false)",
        "modal viewDidDisappear(animated: false)",
        "modal deinit",
      ])
  }
}

// MARK: - Deallocation

@Suite("Lifecycle: deallocation")
struct DeallocationLifecycleTests {
  @Test func aRetainedControllerIsNotDeallocatedAndKeepsItsView() throws {
    let yaml = navigationScenario(
      """
        - push: second
          on: nav
        - pop: nav
        - push: second
          on: nav
      """, second: "{ class: SecondViewController, retained: true }")
    let popped = try lifecycleFrame(yaml, step: 4)
    #expect(
      popped.events.map(\.description) == [
        "second willMove(toParent: nil)",
        "second viewWillDisappear(animated: true)",
        "first viewWillAppear(animated: true)",
        "second viewDidDisappear(animated: true)",
        "first viewDidAppear(animated: true)",
        "second didMove(toParent: nil)",
      ])
    #expect(popped.hierarchy["second"]?.isViewLoaded == true)
    #expect(popped.hierarchy["second"]?.instance == 1)
    // Pushed again, the same instance: its view is already loaded.
    let pushedAgain = try lifecycleFrame(yaml, step: 5)
    #expect(
      pushedAgain.events.map(\.description) == [
        "second willMove(toParent: nav)",
        "first viewWillDisappear(animated: true)",
        "second viewWillAppear(animated: true)",
        "first viewDidDisappear(animated: true)",
        "second viewDidAppear(animated: true)",
        "second didMove(toParent: nav)",
      ])
    #expect(pushedAgain.hierarchy["second"]?.instance == 1)
  }

  @Test func aRetainedPresentedControllerIsNotDeallocated() throws {
    let yaml = rootScenario(
      """
        - present: modal
          from: home
        - dismiss: modal
        - present: modal
          from: home
      """, modal: "{ class: ModalViewController, retained: true }")
    #expect(
      try lifecycleEvents(yaml, step: 3) == [
        "modal viewWillDisappear(animated: true)",
        "modal viewDidDisappear(animated: true)",
      ])
    #expect(
      try lifecycleEvents(yaml, step: 4) == [
        "modal viewWillAppear(animated: true)",
        "modal viewDidAppear(animated: true)",
      ])
  }

  @Test func aDeallocatedControllerNamedAgainIsANewInstance() throws {
    let yaml = navigationScenario(
      """
        - push: second
          on: nav
        - pop: nav
        - push: second
          on: nav
      """)
    let popped = try lifecycleFrame(yaml, step: 4)
    #expect(popped.events.last?.description == "second deinit")
    #expect(popped.hierarchy["second"]?.instance == 2)
    #expect(popped.hierarchy["second"]?.isViewLoaded == false)
    let pushedAgain = try lifecycleFrame(yaml, step: 5)
    #expect(
      pushedAgain.events.map(\.description) == [
        "second willMove(toParent: nav)",
        "second viewDidLoad()",
        "first viewWillDisappear(animated: true)",
        "second viewWillAppear(animated: true)",
        "first viewDidDisappear(animated: true)",
        "second viewDidAppear(animated: true)",
        "second didMove(toParent: nav)",
      ])
    #expect(pushedAgain.hierarchy["second"]?.instance == 2)
  }

  @Test func aDismissedControllerPresentedAgainLoadsItsViewAgain() throws {
    let yaml = rootScenario(
      """
        - present: modal
          from: home
        - dismiss: modal
        - present: modal
          from: home
      """)
    let again = try lifecycleFrame(yaml)
    #expect(
      again.events.map(\.description) == [
        "modal viewDidLoad()",
        "modal viewWillAppear(animated: true)",
        "modal viewDidAppear(animated: true)",
      ])
    #expect(again.hierarchy["modal"]?.instance == 2)
  }

  @Test func childrenAreDeallocatedAfterTheirParent() throws {
    let yaml = """
      controllers:
        nav: UINavigationController
        first: FirstViewController
        second: SecondViewController
        home: HomeViewController
      steps:
        - setViewControllers: [first, second]
          on: nav
        - setRoot: nav
        - setRoot: home
      """
    let frame = try lifecycleFrame(yaml)
    // Replacing the root: the old tree disappears (parent before child) and is deallocated, parent first.
    #expect(
      frame.events.map(\.description) == [
        "home viewDidLoad()",
        "nav viewWillDisappear(animated: false)",
        "second viewWillDisappear(animated: false)",
        "home viewWillAppear(animated: false)",
        "home viewDidAppear(animated: false)",
        "nav viewDidDisappear(animated: false)",
        "second viewDidDisappear(animated: false)",
        "nav deinit",
        "first deinit",
        "second deinit",
      ])
    #expect(frame.hierarchy["nav"]?.instance == 2)
    #expect(frame.hierarchy["first"]?.instance == 2)
    #expect(frame.hierarchy["second"]?.instance == 2)
    #expect(frame.hierarchy["home"]?.instance == 1)
  }

  @Test func aRetainedChildSurvivesItsParent() throws {
    let frame = try lifecycleFrame(
      """
      controllers:
        nav: UINavigationController
        first: { class: FirstViewController, retained: true }
        second: SecondViewController
        home: HomeViewController
      steps:
        - setViewControllers: [first, second]
          on: nav
        - setRoot: nav
        - setRoot: home
      """)
    #expect(frame.events.filter { $0.callback == .deinit }.map(\.viewController) == ["nav", "second"])
    #expect(frame.hierarchy["first"]?.instance == 1)
    #expect(frame.hierarchy["first"]?.parent == nil)
  }

  @Test func aRemovedChildIsDeallocated() throws {
    let frame = try lifecycleFrame(
      """
      controllers:
        box: { class: BoxViewController, kind: container }
        child: ChildViewController
      steps:
        - setRoot: box
        - addChild: child
          to: box
        - removeFromParent: child
      """)
    #expect(frame.events.last?.description == "child deinit")
    #expect(frame.hierarchy["child"]?.instance == 2)
  }
}

// MARK: - Logged misuses

@Suite("Lifecycle: logged misuses")
struct MisuseLifecycleTests {
  @Test func presentingOnAControllerThatIsAlreadyPresenting() {
    expectRefusal(
      rootScenario(
        """
          - present: modal
            from: home
          - present: other
            from: home
        """),
      "Attempt to present <OtherViewController: other> on <HomeViewController: home> (from <HomeViewController: home>) "
        + "which is already presenting <ModalViewController: modal>. To present other, dismiss modal first"
        + " ('dismiss: modal'), or present from modal ('from: modal').")
  }

  @Test func presentingFromAControllerOutsideTheWindow() {
    expectRefusal(
      rootScenario(
        """
          - present: modal
            from: other
        """),
      "Attempt to present <ModalViewController: modal> on <OtherViewController: other> "
        + "(from <OtherViewController: other>) whose view is not in the window hierarchy.")
  }

  @Test func pushingAgainDuringAnAnimatedPushIsUnbalanced() {
    expectRefusal(
      navigationScenario(
        """
          - push: second
            on: nav
          - push: third
            on: nav
            duringPreviousAnimation: true
        """),
      "Unbalanced calls to begin/end appearance transitions for <SecondViewController: second>.")
  }

  @Test func presentingDuringAPresentation() {
    expectRefusal(
      rootScenario(
        """
          - present: modal
            from: home
          - present: other
            from: modal
            duringPreviousAnimation: true
        """),
      "Attempt to present <OtherViewController: other> on <ModalViewController: modal> "
        + "(from <ModalViewController: modal>) while a presentation is in progress.")
  }

  @Test func aStepDuringAnUnanimatedStepIsFine() throws {
    let frame = try lifecycleFrame(
      navigationScenario(
        """
          - push: second
            on: nav
            animated: false
          - push: third
            on: nav
            duringPreviousAnimation: true
        """))
    #expect(frame.warnings.isEmpty)
    #expect(
      frame.events.map(\.description) == [
        "third willMove(toParent: nav)",
        "third viewDidLoad()",
        "second viewWillDisappear(animated: true)",
        "third viewWillAppear(animated: true)",
        "second viewDidDisappear(animated: true)",
        "third viewDidAppear(animated: true)",
        "third didMove(toParent: nav)",
      ])
    #expect(frame.hierarchy["nav"]?.children == ["first", "second", "third"])
  }

  @Test func aWarningWithoutExpectIsUnexpected() throws {
    let replayed = try replayOnIOS16SDK(
      rootScenario(
        """
          - present: modal
            from: home
          - present: other
            from: home
        """))
    #expect(replayed.unexpectedWarnings.map(\.step.number) == [3])
    #expect(replayed.missingWarnings.isEmpty)
  }

  @Test func anExpectedWarningIsNeitherUnexpectedNorMissing() throws {
    let replayed = try replayOnIOS16SDK(
      rootScenario(
        """
          - present: modal
            from: home
          - present: other
            from: home
            expect: warning
        """))
    #expect(replayed.warnings.count == 1)
    #expect(replayed.unexpectedWarnings.isEmpty)
    #expect(replayed.missingWarnings.isEmpty)
  }

  @Test func anExpectedWarningThatDoesNotComeIsMissing() throws {
    let replayed = try replayOnIOS16SDK(
      rootScenario(
        """
          - present: modal
            from: home
            expect: warning
        """))
    #expect(replayed.warnings.isEmpty)
    #expect(replayed.unexpectedWarnings.isEmpty)
    #expect(replayed.missingWarnings.map(\.number) == [2])
  }
}

// MARK: - Tabs

@Suite("Lifecycle: tabs")
struct TabLifecycleTests {
  static let tabs = """
    controllers:
      tabs: UITabBarController
      feed: FeedViewController
      search: SearchViewController
      profileNav: UINavigationController
      profile: ProfileViewController
    steps:
      - setViewControllers: [profile]
        on: profileNav
      - setTabs: [feed, search, profileNav]
        on: tabs
      - setRoot: tabs

    """

  @Test func switchingToATabShownForTheFirstTime() throws {
    try expectLifecycle(
      Self.tabs + "  - selectTab: search\n    on: tabs\n",
      [
        "search viewDidLoad()",
        "search viewWillAppear(animated: false)",
        "feed viewWillDisappear(animated: false)",
        "feed viewDidDisappear(animated: false)",
        "search viewDidAppear(animated: false)",
      ])
  }

  @Test func switchingBackToATabAlreadyShownDoesNotLoadItAgain() throws {
    let yaml =
      Self.tabs + """
          - selectTab: search
            on: tabs
          - selectTab: 0
            on: tabs
          - selectTab: search
            on: tabs
        """
    #expect(
      try lifecycleEvents(yaml, step: 5) == [
        "feed viewWillAppear(animated: false)",
        "search viewWillDisappear(animated: false)",
        "search viewDidDisappear(animated: false)",
        "feed viewDidAppear(animated: false)",
      ])
    #expect(
      try lifecycleEvents(yaml, step: 6) == [
        "search viewWillAppear(animated: false)",
        "feed viewWillDisappear(animated: false)",
        "feed viewDidDisappear(animated: false)",
        "search viewDidAppear(animated: false)",
      ])
  }

  @Test func aNavigationStackInATabGetsItsCallbacksParentsFirst() throws {
    let yaml =
      Self.tabs + """
          - selectTab: profileNav
            on: tabs
          - selectTab: feed
            on: tabs
        """
    #expect(
      try lifecycleEvents(yaml, step: 4) == [
        "profileNav viewDidLoad()",
        "profile viewDidLoad()",
        "profileNav viewWillAppear(animated: false)",
        "profile viewWillAppear(animated: false)",
        "feed viewWillDisappear(animated: false)",
        "feed viewDidDisappear(animated: false)",
        "profileNav viewDidAppear(animated: false)",
        "profile viewDidAppear(animated: false)",
      ])
    #expect(
      try lifecycleEvents(yaml, step: 5) == [
        "feed viewWillAppear(animated: false)",
        "profileNav viewWillDisappear(animated: false)",
        "profile viewWillDisappear(animated: false)",
        "profileNav viewDidDisappear(animated: false)",
        "profile viewDidDisappear(animated: false)",
        "feed viewDidAppear(animated: false)",
      ])
  }

  @Test func settingTheTabsOfATabBarOnScreenShowsTheFirst() throws {
    let frame = try lifecycleFrame(Self.tabs, step: 3)
    #expect(
      frame.events.map(\.description) == [
        "tabs viewDidLoad()",
        "feed viewDidLoad()",
        "tabs viewWillAppear(animated: false)",
        "feed viewWillAppear(animated: false)",
        "tabs viewDidAppear(animated: false)",
        "feed viewDidAppear(animated: false)",
      ])
    #expect(frame.hierarchy["search"]?.isViewLoaded == false)
    #expect(frame.hierarchy["profileNav"]?.isViewLoaded == false)
  }
}

// MARK: - Custom containment

@Suite("Lifecycle: custom containment")
struct ContainmentLifecycleTests {
  static let box = """
    controllers:
      box: { class: BoxViewController, kind: container }
      a: AViewController
      b: BViewController
      nav: UINavigationController
      top: TopViewController
    steps:
      - setRoot: box

    """

  @Test func addingAChildToAContainerOnScreen() throws {
    try expectLifecycle(
      Self.box + "  - addChild: a\n    to: box\n",
      [
        "a willMove(toParent: box)",
        "a viewDidLoad()",
        "a viewWillAppear(animated: true)",
        "a viewDidAppear(animated: true)",
        "a didMove(toParent: box)",
      ])
  }

  @Test func addingAChildToAContainerOffScreenLoadsBothViews() throws {
    let frame = try lifecycleFrame(
      """
      controllers:
        box: { class: BoxViewController, kind: container }
        a: AViewController
      steps:
        - addChild: a
          to: box
      """)
    // `box.view.addSubview(a.view)`: the container's view loads first, nothing appears.
    #expect(
      frame.events.map(\.description) == [
        "a willMove(toParent: box)",
        "box viewDidLoad()",
        "a viewDidLoad()",
        "a didMove(toParent: box)",
      ])
    #expect(frame.hierarchy.loadedIDs == ["box", "a"])
    #expect(frame.hierarchy.appearedIDs == [])
  }

  @Test func removingAChildFromAContainerOnScreen() throws {
    let frame = try lifecycleFrame(Self.box + "  - addChild: a\n    to: box\n  - removeFromParent: a\n")
    #expect(
      frame.events.map(\.description) == [
        "a willMove(toParent: nil)",
        "a viewWillDisappear(animated: true)",
        "a viewDidDisappear(animated: true)",
        "a didMove(toParent: nil)",
        "a deinit",
      ])
    #expect(frame.hierarchy["box"]?.children == [])
  }

  @Test func transitioningBetweenChildren() throws {
    let frame = try lifecycleFrame(
      Self.box + """
          - addChild: a
            to: box
          - transition: { from: a, to: b, in: box }
        """)
    #expect(
      frame.events.map(\.description) == [
        "a willMove(toParent: nil)",
        "b willMove(toParent: box)",
        "b viewDidLoad()",
        "a viewWillDisappear(animated: true)",
        "b viewWillAppear(animated: true)",
        "a viewDidDisappear(animated: true)",
        "b viewDidAppear(animated: true)",
        "a didMove(toParent: nil)",
        "b didMove(toParent: box)",
        "a deinit",
      ])
    #expect(frame.hierarchy["box"]?.children == ["b"])
  }

  @Test func transitioningFromAControllerThatIsNotAChildFails() {
    expectViolation(
      Self.box + "  - transition: { from: a, to: b, in: box }\n",
      "Children view controllers <AViewController: a> and <BViewController: b> must have a common parent view "
        + "controller when calling -[UIViewController transitionFromViewController:toViewController:duration:"
        + "options:animations:completion:]")
  }

  @Test func transitioningInsideASystemContainerFails() {
    expectViolation(
      Self.box + """
          - setViewControllers: [top]
            on: nav
          - transition: { from: top, to: b, in: nav }
        """,
      "<UINavigationController: nav> is a navigation controller; it makes its own transitions, "
        + "transition(from:to:) is for custom containers.")
  }

  @Test func replacingAPage() throws {
    let yaml = """
      controllers:
        pages: UIPageViewController
        one: PageOneViewController
        two: PageTwoViewController
      steps:
        - setPage: one
          on: pages
        - setRoot: pages
        - setPage: two
          on: pages
      """
    let frame = try lifecycleFrame(yaml)
    #expect(
      frame.events.map(\.description) == [
        "one willMove(toParent: nil)",
        "two willMove(toParent: pages)",
        "two viewDidLoad()",
        "one viewWillDisappear(animated: true)",
        "two viewWillAppear(animated: true)",
        "one viewDidDisappear(animated: true)",
        "two viewDidAppear(animated: true)",
        "one didMove(toParent: nil)",
        "two didMove(toParent: pages)",
        "one deinit",
      ])
    #expect(frame.hierarchy["pages"]?.children == ["two"])
  }
}

// MARK: - Split views

@Suite("Lifecycle: split views")
struct SplitViewLifecycleTests {
  static let controllers = """
    controllers:
      split: UISplitViewController
      listNav: UINavigationController
      list: ListViewController
      detail: DetailViewController
      other: OtherDetailViewController
    steps:
      - setViewControllers: [list]
        on: listNav

    """

  /// The split view as the window's root with both columns, in a regular window.
  static let split =
    controllers + """
        - setSplit: { primary: listNav, secondary: detail }
          on: split
        - setRoot: split

      """

  @Test func settingTheColumnsOfASplitViewOnScreen() throws {
    let yaml =
      Self.controllers + """
          - setRoot: split
          - setSplit: { primary: listNav, secondary: detail }
            on: split
        """
    try expectLifecycle(
      yaml,
      [
        "listNav willMove(toParent: split)",
        "detail willMove(toParent: split)",
        "listNav viewDidLoad()",
        "list viewDidLoad()",
        "detail viewDidLoad()",
        "listNav viewWillAppear(animated: true)",
        "list viewWillAppear(animated: true)",
        "detail viewWillAppear(animated: true)",
        "listNav viewDidAppear(animated: true)",
        "list viewDidAppear(animated: true)",
        "detail viewDidAppear(animated: true)",
        "listNav didMove(toParent: split)",
        "detail didMove(toParent: split)",
      ])
  }

  @Test func becomingCompactPushesTheSecondaryOntoThePrimaryStack() throws {
    let frame = try lifecycleFrame(Self.split + "  - setTraits: { horizontalSizeClass: compact }\n")
    #expect(
      frame.events.map(\.description) == [
        "detail willMove(toParent: listNav)",
        "list viewWillDisappear(animated: false)",
        "list viewDidDisappear(animated: false)",
        "detail didMove(toParent: listNav)",
      ])
    #expect(frame.hierarchy["listNav"]?.children == ["list", "detail"])
    #expect(frame.hierarchy["split"]?.children == ["listNav"])
    #expect(frame.hierarchy.appearedIDs == ["split", "listNav", "detail"])
  }

  @Test func poppingTheDetailInCompactWidth() throws {
    let frame = try lifecycleFrame(
      Self.split + """
          - setTraits: { horizontalSizeClass: compact }
          - pop: listNav
        """)
    #expect(
      frame.events.map(\.description) == [
        "detail willMove(toParent: nil)",
        "detail viewWillDisappear(animated: true)",
        "list viewWillAppear(animated: true)",
        "detail viewDidDisappear(animated: true)",
        "list viewDidAppear(animated: true)",
        "detail didMove(toParent: nil)",
        "detail deinit",
      ])
    #expect(frame.hierarchy["listNav"]?.children == ["list"])
  }

  @Test func showDetailInCompactWidthPushes() throws {
    let frame = try lifecycleFrame(
      Self.split + """
          - setTraits: { horizontalSizeClass: compact }
          - pop: listNav
          - showDetail: other
            from: list
        """)
    #expect(
      frame.events.map(\.description) == [
        "other willMove(toParent: listNav)",
        "other viewDidLoad()",
        "list viewWillDisappear(animated: true)",
        "other viewWillAppear(animated: true)",
        "list viewDidDisappear(animated: true)",
        "other viewDidAppear(animated: true)",
        "other didMove(toParent: listNav)",
      ])
    #expect(frame.hierarchy["listNav"]?.children == ["list", "other"])
  }

  @Test func showDetailInRegularWidthReplacesTheSecondary() throws {
    let frame = try lifecycleFrame(
      Self.split + """
          - showDetail: other
            from: list
        """)
    #expect(
      frame.events.map(\.description) == [
        "detail willMove(toParent: nil)",
        "other willMove(toParent: split)",
        "other viewDidLoad()",
        "detail viewWillDisappear(animated: true)",
        "other viewWillAppear(animated: true)",
        "detail viewDidDisappear(animated: true)",
        "other viewDidAppear(animated: true)",
        "detail didMove(toParent: nil)",
        "other didMove(toParent: split)",
        "detail deinit",
      ])
    #expect(frame.hierarchy["split"]?.children == ["listNav", "other"])
  }

  @Test func becomingRegularAgainSeparatesTheSecondary() throws {
    let frame = try lifecycleFrame(
      Self.split + """
          - setTraits: { horizontalSizeClass: compact }
          - setTraits: { horizontalSizeClass: regular }
        """)
    #expect(
      frame.events.map(\.description) == [
        "detail willMove(toParent: split)",
        "list viewWillAppear(animated: false)",
        "list viewDidAppear(animated: false)",
        "detail didMove(toParent: split)",
      ])
    #expect(frame.hierarchy["split"]?.children == ["listNav", "detail"])
    #expect(frame.hierarchy["listNav"]?.children == ["list"])
  }

  @Test func aSplitViewBecomingTheRootOfACompactWindowCollapsesAtOnce() throws {
    let yaml =
      Self.controllers + """
          - setSplit: { primary: listNav, secondary: detail }
            on: split
          - setTraits: { horizontalSizeClass: compact }
          - setRoot: split
        """
    #expect(try lifecycleEvents(yaml, step: 3) == [])
    let frame = try lifecycleFrame(yaml)
    // The list under the detail never shows: its view stays unloaded.
    #expect(
      frame.events.map(\.description) == [
        "detail willMove(toParent: listNav)",
        "split viewDidLoad()",
        "listNav viewDidLoad()",
        "detail viewDidLoad()",
        "split viewWillAppear(animated: false)",
        "listNav viewWillAppear(animated: false)",
        "detail viewWillAppear(animated: false)",
        "split viewDidAppear(animated: false)",
        "listNav viewDidAppear(animated: false)",
        "detail viewDidAppear(animated: false)",
        "detail didMove(toParent: listNav)",
      ])
    #expect(frame.hierarchy["listNav"]?.children == ["list", "detail"])
    #expect(frame.hierarchy["list"]?.isViewLoaded == false)
  }
}

// MARK: - Windows

@Suite("Lifecycle: windows")
struct WindowLifecycleTests {
  static let windows = """
    controllers:
      home: HomeViewController
      panel: PanelViewController
      nav: UINavigationController
      first: FirstViewController
    steps:
      - setRoot: home
      - setRoot: panel
        window: side

    """

  @Test func settingAWindowsFirstRoot() throws {
    try expectLifecycle(
      Self.windows,
      [
        "panel viewDidLoad()",
        "panel viewWillAppear(animated: false)",
        "panel viewDidAppear(animated: false)",
      ])
  }

  @Test func makingAWindowKeyMakesNoCallback() throws {
    let yaml = Self.windows + "  - makeKey: side\n"
    let replayed = try replayOnIOS16SDK(yaml)
    #expect(replayed.frames[2].events.isEmpty)
    #expect(replayed.frames[2].warnings.isEmpty)
    #expect(replayed.frames[1].hierarchy.keyWindow?.id == "main")
    #expect(replayed.frames[2].hierarchy.keyWindow?.id == "side")
  }

  @Test func makingAnUnknownWindowKeyFails() {
    expectViolation(
      Self.windows + "  - makeKey: nowhere\n",
      "Window 'nowhere' has no root view controller (windows: 'main', 'side'); give it one with setRoot first.")
  }

  @Test func replacingAWindowsRoot() throws {
    let yaml =
      Self.windows + """
          - setViewControllers: [first]
            on: nav
          - setRoot: nav
        """
    let frame = try lifecycleFrame(yaml)
    #expect(
      frame.events.map(\.description) == [
        "nav viewDidLoad()",
        "first viewDidLoad()",
        "home viewWillDisappear(animated: false)",
        "nav viewWillAppear(animated: false)",
        "first viewWillAppear(animated: false)",
        "nav viewDidAppear(animated: false)",
        "first viewDidAppear(animated: false)",
        "home viewDidDisappear(animated: false)",
        "home deinit",
      ])
    // The other window is untouched.
    #expect(frame.hierarchy.appearedIDs == ["panel", "nav", "first"])
  }
}

// MARK: - Event log export

@Suite("Lifecycle: event log export")
struct EventLogLifecycleTests {
  static let yaml = """
    controllers:
      nav: UINavigationController
      home: HomeViewController
      detail: DetailViewController
    steps:
      - setViewControllers: [home]
        on: nav
      - setRoot: nav
      - makeKey: main
      - push: detail
        on: nav
        animated: false
      - pop: nav
    """

  @Test func theTextLogListsEachStepWithItsCallbacksInAColumn() throws {
    let log = EventLog(frames: try replay(Self.yaml).frames)
    #expect(
      log.text == """
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
        step 3: makeKey main
          (no callbacks)
        step 4: push detail on nav
          detail  willMove(toParent: nav)
          detail  viewDidLoad()
          home    viewWillDisappear(animated: false)
          detail  viewWillAppear(animated: false)
          detail  viewIsAppearing(animated: false)
          home    viewDidDisappear(animated: false)
          detail  viewDidAppear(animated: false)
          detail  didMove(toParent: nav)
        step 5: pop nav
          detail  willMove(toParent: nil)
          detail  viewWillDisappear(animated: true)
          home    viewWillAppear(animated: true)
          home    viewIsAppearing(animated: true)
          detail  viewDidDisappear(animated: true)
          home    viewDidAppear(animated: true)
          detail  didMove(toParent: nil)
          detail  deinit

        """)
  }

  @Test func theJSONLogSortsKeysAndGivesAParentOnlyToMovesAndAnAnimatedFlagToAppearances() throws {
    let replayed = try replay(
      """
      controllers:
        nav: UINavigationController
        home: HomeViewController
        detail: DetailViewController
      steps:
        - setViewControllers: [home]
          on: nav
        - setRoot: nav
        - makeKey: main
        - pop: nav
          expect: warning
        - push: detail
          on: nav
          animated: false
        - pop: nav
      """)
    let json = EventLog(frames: Array(replayed.frames[2...])).jsonString()
    #expect(
      json == """
        {
          "steps" : [
            {
              "action" : "makeKey main",
              "events" : [],
              "number" : 3
            },
            {
              "action" : "pop nav",
              "events" : [],
              "number" : 4
            },
            {
              "action" : "push detail on nav",
              "events" : [
                {
                  "event" : "willMove(toParent:)",
                  "parent" : "nav",
                  "viewController" : "detail"
                },
                {
                  "event" : "viewDidLoad",
                  "viewController" : "detail"
                },
                {
                  "animated" : false,
                  "event" : "viewWillDisappear",
                  "viewController" : "home"
                },
                {
                  "animated" : false,
                  "event" : "viewWillAppear",
                  "viewController" : "detail"
                },
                {
                  "animated" : false,
                  "event" : "viewIsAppearing",
                  "viewController" : "detail"
                },
                {
                  "animated" : false,
                  "event" : "viewDidDisappear",
                  "viewController" : "home"
                },
                {
                  "animated" : false,
                  "event" : "viewDidAppear",
                  "viewController" : "detail"
                },
                {
                  "event" : "didMove(toParent:)",
                  "parent" : "nav",
                  "viewController" : "detail"
                }
              ],
              "number" : 5
            },
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
              "number" : 6
            }
          ]
        }

        """)
  }
}
