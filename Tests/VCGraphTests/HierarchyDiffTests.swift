import Foundation
import Testing

@testable import VCGraph

/// The diff of two hierarchies as `vcgraph diff` prints it: one sorted line per difference, each
/// pinned here for a step whose effect UIKit documents.
@Suite("HierarchyDiff: what changed between two hierarchies")
struct HierarchyDiffTests {
  /// The diff from step `from` to step `to` of a replay.
  static func diff(_ replay: Replay, _ from: Int, _ to: Int) throws -> HierarchyDiff {
    let before = try #require(replay.frame(from), "no step \(from)").hierarchy
    let after = try #require(replay.frame(to), "no step \(to)").hierarchy
    return HierarchyDiff(before: before, after: after)
  }

  /// The diff between two dumps' texts.
  static func diff(dump before: String, _ after: String, keepsPointers: Bool = false) throws -> HierarchyDiff {
    HierarchyDiff(
      before: try HierarchyDump(text: before, path: "before.txt", keepsPointers: keepsPointers).hierarchy,
      after: try HierarchyDump(text: after, path: "after.txt", keepsPointers: keepsPointers).hierarchy)
  }

  /// A navigation stack in the main window, a detail pushed, popped and pushed again, after a
  /// first root that the navigation controller replaces.
  static let stackScenario = """
    controllers:
      nav: UINavigationController
      home: HomeViewController
      login: LoginViewController
      detail: DetailViewController
    steps:
      - setRoot: login
      - setViewControllers: [home]
        on: nav
      - setRoot: nav
      - push: detail
        on: nav
      - pop: nav
      - push: detail
        on: nav
    """

  // MARK: - Navigation

  /// UIKit: pushing covers the old top, which stays on the stack and disappears; the new top appears.
  @Test func aPushAddsTheNewTopAndTheOldTopLosesTheTopAndDisappears() throws {
    let diff = try Self.diff(try replayedSample("navigation"), 2, 3)
    #expect(
      diff.summary == [
        "+ child message (stack[1] · top) of nav",
        "~ inbox appeared → disappeared",
      ])
    #expect(diff.addedControllers == ["message"])
    #expect(diff.removedControllers.isEmpty)
    #expect(diff.addedRelations == [.child(parent: "nav", child: "message")])
    // inbox is no longer the top, which the push line already says: no line of its own.
    #expect(diff.relationChanges.isEmpty)
    #expect(diff.controllerChanges == ["inbox": ["appeared → disappeared"]])
  }

  /// UIKit: popping removes the top (deallocated, nothing keeps it); the one below appears again.
  @Test func aPopRemovesTheTopAndTheControllerBelowAppears() throws {
    let replay = try replayedSample("navigation")
    let pop = try Self.diff(replay, 4, 5)
    #expect(
      pop.summary == [
        "- child attachment (stack[2] · top) of nav",
        "~ message disappeared → appeared",
      ])
    #expect(pop.removedControllers == ["attachment"])
    #expect(pop.removedRelations == [.child(parent: "nav", child: "attachment")])

    let popToRoot = try Self.diff(replay, 5, 6)
    #expect(
      popToRoot.summaryText == """
        - child message (stack[1] · top) of nav
        ~ inbox disappeared → appeared

        """)
  }

  // MARK: - Presentation

  /// UIKit forwards every presentation from `home` to `nav` (the window's root, and the controller
  /// that defines the presentation context). Only full-screen styles (`fullScreen`, and
  /// `currentContext` within its context) remove the presenter's view: those make it disappear,
  /// and its dismissal makes it appear again. The style is named as the scenario gave it.
  @Test(arguments: ModalPresentationStyle.allCases)
  func presentAndDismissNameTheStyle(style: ModalPresentationStyle) throws {
    let replay = try replay(
      """
      controllers:
        nav: UINavigationController
        home: HomeViewController
        sheet: SheetViewController
      steps:
        - setViewControllers: [home]
          on: nav
        - setRoot: nav
        - present: sheet
          from: home
          style: \(style.rawValue)
        - dismiss: sheet
      """)
    let covers = style == .fullScreen || style == .currentContext
    let present = try Self.diff(replay, 2, 3)
    #expect(
      present.summary
        == ["+ presented sheet (\(style.rawValue)) on nav"]
        + (covers ? ["~ home appeared → disappeared", "~ nav appeared → disappeared"] : []))
    #expect(present.addedRelations == [.presentation(presenter: "nav", presented: "sheet")])

    let dismiss = try Self.diff(replay, 3, 4)
    #expect(
      dismiss.summary
        == ["- presented sheet (\(style.rawValue)) on nav"]
        + (covers ? ["~ home disappeared → appeared", "~ nav disappeared → appeared"] : []))
    #expect(dismiss.removedControllers == ["sheet"], "the dismissed controller is deallocated")
  }

  /// UIKit: a swipe on a sheet whose content sets `isModalInPresentation` only calls
  /// `presentationControllerDidAttemptToDismiss`: nothing changes.
  @Test func aRefusedSwipeChangesNothing() throws {
    let diff = try Self.diff(try replayedSample("sheet-swipe-to-dismiss"), 6, 7)
    #expect(diff.isEmpty)
    #expect(diff.summaryText == "no changes\n")
  }

  /// A presentation whose style changed between two dumps (same presenter and presented).
  @Test func aPresentationWhoseStyleChangedIsOneChangedLine() throws {
    let before = """
      <UINavigationController>, state: appeared, view: <UILayoutContainerView>
         | <MyApp.HomeViewController>, state: appeared, view: <UIView>
         + <MyApp.LoginViewController>, state: appeared, view: <UIView>, presented with: <_UIFormSheetPresentationController>
      """
    let after = before.replacingOccurrences(of: "_UIFormSheet", with: "_UIPageSheet")
    #expect(
      try Self.diff(dump: before, after).summary == [
        "~ presented LoginViewController on UINavigationController: formSheet → pageSheet"
      ])
    let unknown = before.replacingOccurrences(of: "<_UIFormSheetPresentationController>", with: "(null)")
    #expect(
      try Self.diff(dump: before, unknown).summary == [
        "~ presented LoginViewController on UINavigationController: formSheet → style unknown"
      ])
  }

  // MARK: - Tabs, windows, traits

  /// UIKit: selecting another tab hides the whole stack of the old tab and loads the new one.
  @Test func aTabSwitchMovesTheSelectionAndSwapsWhatIsOnScreen() throws {
    let diff = try Self.diff(try replayedSample("tab-bar"), 5, 6)
    #expect(
      diff.summary == [
        "~ child feedNav of tabs: tab 0 · selected → tab 0",
        "~ child profileNav of tabs: tab 1 → tab 1 · selected",
        "~ feedNav appeared → disappeared",
        "~ post appeared → disappeared",
        "~ profile view not loaded → appeared",
        "~ profileNav view not loaded → appeared",
      ])
    #expect(diff.addedRelations.isEmpty && diff.removedRelations.isEmpty)
  }

  /// UIKit: a window has one root; setting another removes the old one (deallocated) from the window.
  @Test func setRootReplacesTheWindowsRoot() throws {
    let diff = try Self.diff(try replay(Self.stackScenario), 2, 3)
    #expect(
      diff.summary == [
        "+ root nav of window main",
        "- root login of window main",
        "~ home view not loaded → appeared",
        "~ nav view not loaded → appeared",
      ])
    #expect(diff.removedControllers == ["login"])
    #expect(diff.addedWindows.isEmpty && diff.removedWindows.isEmpty)
  }

  /// A second window gets its root; the first stays key.
  @Test func aNewWindowIsAddedWithItsRoot() throws {
    let diff = try Self.diff(try replayedSample("two-windows"), 2, 3)
    #expect(diff.summary == ["+ root toast of window overlay", "+ window overlay"])
    #expect(diff.addedWindows == ["overlay"])
    #expect(diff.windowChanges.isEmpty)
  }

  /// `makeKey` moves the key window; UIKit calls no view controller callback, so nothing else changes.
  @Test func makeKeyChangesOnlyTheWindows() throws {
    let diff = try Self.diff(try replayedSample("two-windows"), 4, 5)
    #expect(diff.summary == ["~ window main key → not key", "~ window overlay not key → key"])
    #expect(diff.controllerChanges.isEmpty)
  }

  /// Compact width collapses the split view: the supplementary and secondary columns are pushed
  /// onto the primary navigation stack, where only the top (the message) stays on screen.
  @Test func compactWidthCollapsesTheSplitView() throws {
    let replay = try replayedSample("split-view-adaptive")
    let collapse = try Self.diff(replay, 3, 4)
    #expect(
      collapse.summary == [
        "+ child inbox (stack[1]) of sidebarNav",
        "+ child message (stack[2] · top) of sidebarNav",
        "- child inbox (supplementary) of split",
        "- child message (secondary) of split",
        "~ inbox appeared → disappeared",
        "~ mailboxes appeared → disappeared",
        "~ split expanded → collapsed",
        "~ window main regular → compact width",
      ])
    #expect(collapse.windowChanges == ["main": ["regular → compact width"]])

    let expand = try Self.diff(replay, 6, 7)
    #expect(expand.summary.contains("~ split collapsed → expanded"))
    #expect(expand.summary.contains("~ window main compact → regular width"))
    #expect(expand.summary.contains("+ child other (secondary) of split"))
  }

  // MARK: - Instances and properties

  /// A popped controller is deallocated; naming it again makes a new instance. Diffing across the
  /// pop, it is in the same place in the same state: only the instance tells it apart.
  @Test func aControllerDeallocatedAndCreatedAgainIsAnotherInstance() throws {
    let replay = try replay(Self.stackScenario)
    #expect(try Self.diff(replay, 4, 6).summary == ["~ detail instance 1 → 2"])
    #expect(try Self.diff(replay, 4, 5).removedControllers == ["detail"])
    #expect(try Self.diff(replay, 5, 6).summary.first == "+ child detail (stack[1] · top) of nav")
  }

  /// Class, kind and title changes of a controller both sides have, from hand-built hierarchies.
  @Test func classKindAndTitleChangesAreOneLineEach() {
    func hierarchy(_ home: ViewController) -> Hierarchy {
      var hierarchy = Hierarchy(viewControllers: [home])
      hierarchy.addWindow(Window(id: "main", isKey: true, rootViewController: "home"))
      return hierarchy
    }
    let before = hierarchy(ViewController(id: "home", className: "HomeViewController", title: "Home"))
    let renamed = hierarchy(
      ViewController(id: "home", className: "MyApp.HomeViewController", kind: .container, title: "Start"))
    #expect(
      HierarchyDiff(before: before, after: renamed).summary == [
        "~ home class HomeViewController → MyApp.HomeViewController",
        "~ home kind content → container",
        "~ home title \"Home\" → \"Start\"",
      ])
    let untitled = hierarchy(ViewController(id: "home", className: "HomeViewController"))
    #expect(HierarchyDiff(before: before, after: untitled).summary == ["~ home title \"Home\" → none"])
    #expect(HierarchyDiff(before: untitled, after: before).summary == ["~ home title none → \"Home\""])
  }

  // MARK: - No changes, order

  @Test func identicalHierarchiesHaveNoChanges() throws {
    let diff = try Self.diff(try replayedSample("login-flow"), 3, 3)
    #expect(diff.isEmpty)
    #expect(diff.summary.isEmpty)
    #expect(diff.summaryText == "no changes\n")
  }

  /// Every step of every sample compared with itself, and with the same step replayed again.
  @Test(arguments: GoldenStateTests.sampleStems)
  func everyStepEqualsItselfAndItsReplay(stem: String) throws {
    let first = try replayedSample(stem)
    let second = try replayedSample(stem)
    for (one, other) in zip(first.frames, second.frames) {
      let diff = HierarchyDiff(before: one.hierarchy, after: other.hierarchy)
      #expect(diff.isEmpty, "\(stem) step \(one.step.number): \(diff.summary)")
    }
  }

  /// The summary is sorted (`+`, then `-`, then `~`) and the same for the same hierarchies, however
  /// they were built: a replay run twice, and hand-built values whose controllers were declared in
  /// another order (so their dictionaries and sets hash and iterate differently).
  @Test func theSummaryIsSortedAndStable() throws {
    let lines = try Self.diff(try replayedSample("split-view-adaptive"), 6, 7).summary
    #expect(lines == lines.sorted())
    #expect(lines.count == 8)
    let again = try Self.diff(try replayedSample("split-view-adaptive"), 6, 7).summary
    #expect(again == lines)
    let rank: [Character: Int] = ["+": 0, "-": 1, "~": 2]
    let ranks = lines.compactMap { $0.first.flatMap { rank[$0] } }
    #expect(ranks.count == lines.count && ranks == ranks.sorted(), "added, then removed, then changed")

    func built(reversed: Bool, presented: Bool) -> Hierarchy {
      var controllers = ["nav", "a", "b", "c", "d", "e", "f", "sheet"].map {
        ViewController(id: $0, className: $0 == "nav" ? "UINavigationController" : "\($0.uppercased())ViewController")
      }
      if reversed { controllers.reverse() }
      var hierarchy = Hierarchy(viewControllers: controllers)
      hierarchy.addWindow(Window(id: "main", isKey: true, rootViewController: "nav"))
      for id in presented ? ["a", "b", "c"] : ["a", "d", "e", "f"] { hierarchy.attachChild(id, to: "nav") }
      if presented { hierarchy.attachPresentation("sheet", on: "nav", style: .pageSheet) }
      for id in ["nav", "a", "b", "c", "d", "e", "f", "sheet"] {
        hierarchy.setState(of: id, appearance: presented ? .disappeared : .appeared, isViewLoaded: true)
      }
      return hierarchy
    }
    let forward = HierarchyDiff(
      before: built(reversed: false, presented: false), after: built(reversed: false, presented: true))
    let backward = HierarchyDiff(
      before: built(reversed: true, presented: false), after: built(reversed: true, presented: true))
    #expect(forward.summary == backward.summary)
    #expect(forward.summary == forward.summary.sorted())
    #expect(
      forward.summary.prefix(4) == [
        "+ child b (stack[1]) of nav",
        "+ child c (stack[2] · top) of nav",
        "+ presented sheet (pageSheet) on nav",
        "- child d (stack[1]) of nav",
      ])
  }

  // MARK: - Dumps

  static let settings = """
    <UINavigationController 0x7b3218d0>, state: appeared, view: <UILayoutContainerView 0x7b3a1c40>
       | <Shop.HomeViewController 0x7b3219e0>, state: appeared, view: <UIView 0x7b3a2f10>
    """

  /// Dump ids are class names, so the same class in the same place matches; kept pointers tell
  /// that it is another instance.
  @Test func anotherAddressIsAnotherInstanceWhenPointersAreKept() throws {
    let after = Self.settings.replacingOccurrences(of: "0x7b3219e0", with: "0x7b3219f0")
    #expect(
      try Self.diff(dump: Self.settings, after, keepsPointers: true).summary == [
        "~ HomeViewController address 0x7b3219e0 → 0x7b3219f0 (another instance)"
      ])
    #expect(try Self.diff(dump: Self.settings, after).isEmpty, "without pointers there is nothing to tell them apart")
  }

  /// A dump can say what a replay never gives: `appeared`, but the view is not in the window.
  @Test func aStateTheViewsPlaceDisagreesWithIsNoted() throws {
    let stale = Self.settings.replacingOccurrences(
      of: "<UIView 0x7b3a2f10>", with: "<UIView 0x7b3a2f10> not in the window")
    let hierarchy = try HierarchyDump(text: stale, path: "stale.txt").hierarchy
    #expect(hierarchy.stateDescription(of: "HomeViewController") == "appeared, not in the window")
    #expect(hierarchy.stateDescription(of: "UINavigationController") == "appeared")
    #expect(
      try Self.diff(dump: Self.settings, stale).summary == [
        "~ HomeViewController appeared → appeared, not in the window"
      ])

    let lingering = Self.settings.replacingOccurrences(
      of: "state: appeared, view: <UIView", with: "state: disappeared, view: <UIView")
    #expect(
      try HierarchyDump(text: lingering, path: "lingering.txt").hierarchy.stateDescription(of: "HomeViewController")
        == "disappeared, in the window")
    let unloaded = Self.settings.replacingOccurrences(of: "<UIView 0x7b3a2f10>", with: "(view not loaded)")
    #expect(
      try HierarchyDump(text: unloaded, path: "unloaded.txt").hierarchy.stateDescription(of: "HomeViewController")
        == "view not loaded")
    #expect(hierarchy.stateDescription(of: "Nothing") == "absent")
  }

  /// A dump lists a controller outside any window with `+` at depth 0: it has no relation, so it
  /// gets a line of its own.
  @Test func aControllerOutsideAnyWindowIsALineOfItsOwn() throws {
    let detached =
      Self.settings + "\n+ <Shop.DetachedViewController>, state: disappeared, view: <UIView> not in the window"
    let added = try Self.diff(dump: Self.settings, detached)
    #expect(added.summary == ["+ DetachedViewController (not in a window)"])
    #expect(added.addedControllers == ["DetachedViewController"])
    #expect(try Self.diff(dump: detached, Self.settings).summary == ["- DetachedViewController (not in a window)"])
  }

  /// The two sample dumps: a push and a form sheet between them.
  @Test func theSampleDumps() throws {
    let folder = GoldenStateTests.samples.appendingPathComponent("dumps")
    let diff = HierarchyDiff(
      before: try HierarchyDump(contentsOfFile: folder.appendingPathComponent("settings-before.txt").path).hierarchy,
      after: try HierarchyDump(contentsOfFile: folder.appendingPathComponent("settings-after.txt").path).hierarchy)
    #expect(
      diff.summaryText == """
        + child SettingsViewController (stack[1] · top) of UINavigationController
        + presented LoginViewController (formSheet) on UINavigationController
        ~ HomeViewController appeared → disappeared

        """)
  }
}

extension HierarchyDiffTests {
  /// Two tabs each showing a DetailViewController; one more is pushed in the first tab. By class
  /// ids alone the new one would take the other tab's id; with pointers kept, controllers are
  /// matched by address and only the push is reported.
  static let tabsBefore = """
    <UITabBarController: 0x1>, state: appeared, view: <UILayoutContainerView: 0x101>
       | <UINavigationController: 0x2>, state: appeared, view: <UILayoutContainerView: 0x102>
       |    | <Shop.HomeViewController: 0x3>, state: appeared, view: <UIView: 0x103>
       | <UINavigationController: 0x4>, state: disappeared, view: <UILayoutContainerView: 0x104> not in the window
       |    | <Shop.DetailViewController: 0x8>, state: disappeared, view: <UIView: 0x108> not in the window
    """
  static let tabsAfter = """
    <UITabBarController: 0x1>, state: appeared, view: <UILayoutContainerView: 0x101>
       | <UINavigationController: 0x2>, state: appeared, view: <UILayoutContainerView: 0x102>
       |    | <Shop.HomeViewController: 0x3>, state: disappeared, view: <UIView: 0x103> not in the window
       |    | <Shop.DetailViewController: 0x9>, state: appeared, view: <UIView: 0x109>
       | <UINavigationController: 0x4>, state: disappeared, view: <UILayoutContainerView: 0x104> not in the window
       |    | <Shop.DetailViewController: 0x8>, state: disappeared, view: <UIView: 0x108> not in the window
    """

  @Test func keptPointersMatchControllersByAddress() throws {
    let diff = try Self.diff(dump: Self.tabsBefore, Self.tabsAfter, keepsPointers: true)
    #expect(
      diff.summary == [
        "+ child DetailViewController-2 (stack[1] · top) of UINavigationController",
        "~ HomeViewController appeared → disappeared",
      ])
    // The untouched controller in the second tab keeps its id and has no mark.
    #expect(diff.after["DetailViewController"]?.parent == "UINavigationController-2")
    #expect(diff.controllerChanges["DetailViewController"] == nil)
    // Without pointers, class-name ids are all there is: the second tab's controller seems to move.
    let byID = try Self.diff(dump: Self.tabsBefore, Self.tabsAfter)
    #expect(byID.summary.contains("- child DetailViewController (stack[0] · top) of UINavigationController-2"))
  }

  /// A tree outside any window is told by a line for its outermost controller and the relations inside it.
  @Test func aTreeOutsideAnyWindowHasALineForItsRoot() throws {
    let tree =
      Self.settings + """

        + <UINavigationController>, state: disappeared, view: (view not loaded)
           | <Shop.OnboardingViewController>, state: disappeared, view: (view not loaded)
        """
    #expect(
      try Self.diff(dump: Self.settings, tree).summary == [
        "+ UINavigationController-2 (not in a window)",
        "+ child OnboardingViewController (stack[0] · top) of UINavigationController-2",
      ])
  }
}

/// A frame's comparison with the step before costs what the step changed, not the hierarchy's size
/// (issue 27, item 4): counted, not timed.
@Suite("HierarchyDiff: a step's two sides compared by what the step wrote")
struct StepDiffCostTests {
  /// A navigation controller in the main window, then `count` pushes.
  static func pushes(_ count: Int) throws -> [Hierarchy] {
    var hierarchy = Hierarchy(
      viewControllers: [ViewController(id: "nav", className: "UINavigationController")]
        + (0..<count).map { ViewController(id: "w\($0)", className: "W") })
    _ = try hierarchy.apply(.setRoot("nav", window: "main"))
    var frames = [hierarchy]
    for index in 0..<count {
      _ = try hierarchy.apply(.push("w\(index)", on: "nav"))
      frames.append(hierarchy)
    }
    return frames
  }

  @Test func eachPushOfALongStackComparesTheControllersItTouchedNotTheStack() throws {
    let frames = try Self.pushes(400)
    for index in [1, 50, 200, 399] {
      let diff = HierarchyDiff(before: frames[index], after: frames[index + 1])
      // The stack, the new top and the one it covers.
      #expect(diff.comparedControllers <= 3, "push \(index + 1) compared \(diff.comparedControllers) controllers")
      // The old top's relation on both sides, the new top's after.
      #expect(diff.comparedRelations <= 3, "push \(index + 1) listed \(diff.comparedRelations) relations")
      let previous = "w\(index - 1)"
      #expect(
        diff.summary == [
          "+ child w\(index) (stack[\(index)] · top) of nav", "~ \(previous) appeared → disappeared",
        ])
    }
  }

  @Test func hierarchiesThatAreNotOneStepApartAreComparedWhole() throws {
    let frames = try Self.pushes(40)
    // Two steps apart: the later one's step began from a hierarchy that is not `before`.
    let diff = HierarchyDiff(before: frames[10], after: frames[12])
    #expect(diff.comparedControllers == 11)
    #expect(diff.comparedRelations == 1 + 10 + 1 + 12)
    #expect(
      diff.summary == [
        "+ child w10 (stack[10]) of nav", "+ child w11 (stack[11] · top) of nav", "~ w9 appeared → disappeared",
      ])
    // What is written after a step counts with what the step wrote.
    var renamed = frames[12]
    renamed.controllers["w3"]?.title = "Three"
    let edited = HierarchyDiff(before: frames[11], after: renamed)
    #expect(edited.comparedControllers <= 4)
    #expect(
      edited.summary == [
        "+ child w11 (stack[11] · top) of nav", "~ w10 appeared → disappeared", "~ w3 title none → \"Three\"",
      ])
    // Nor are two sides of different replays.
    let other = try Self.pushes(40)
    #expect(HierarchyDiff(before: other[11], after: frames[12]).comparedControllers == 12)
  }
}
