import Foundation
import Testing

@testable import VCGraph

/// Edge cases found in review: trees kept by a presentation, cycles through presentations, windows
/// that take a size class before a root, split views losing columns, and the messages for them.
@Suite("Edge cases of presentation, windows and split views")
struct ReviewedEdgeCaseTests {
  @Test func aTreeKeptByAPresentationIsDeallocatedWhenThePresentationEnds() throws {
    let replayed = try replay(
      """
      controllers:
        tabs: UITabBarController
        nav: UINavigationController
        a: A
        x: X
        other: Other
      steps:
        - setViewControllers: [a]
          on: nav
        - setTabs: [nav]
          on: tabs
        - setRoot: tabs
        - present: x
          from: a
          style: currentContext
        - setRoot: other
        - dismiss: x
        - setRoot: tabs
      """)
    // Replaced as root while nav presents x: the presentation keeps the whole tree.
    #expect(!replayed.frames[4].events.contains { $0.callback == .deinit })
    #expect(replayed.frames[4].hierarchy["tabs"]?.children == ["nav"])
    // When the presentation ends, everything it kept goes with it (all off screen: no other callback).
    #expect(
      replayed.frames[5].events.map(\.description) == ["tabs deinit", "nav deinit", "a deinit", "x deinit"])
    let again = replayed.frames[6].hierarchy
    #expect(again["tabs"]?.instance == 2)
    #expect(again["tabs"]?.children == [], "a new tab bar controller has no tabs")
    #expect(replayed.frames[6].events.first?.description == "tabs viewDidLoad()")
  }

  @Test func aControllerCannotBecomeAChildOfWhatItPresents() {
    expectViolation(
      """
      controllers:
        root: { class: Container, kind: container }
        p: { class: P, kind: container, definesPresentationContext: true }
        x: { class: X, kind: container }
      steps:
        - setRoot: root
        - addChild: p
          to: root
        - present: x
          from: p
          style: currentContext
        - removeFromParent: p
        - addChild: p
          to: x
      """,
      "Adding <P: p> under <X: x> would make <P: p> its own ancestor.")
  }

  @Test func aControllerCannotPresentWhatPresentsIt() {
    expectViolation(
      """
      controllers:
        root: { class: Container, kind: container }
        p: { class: P, kind: container, definesPresentationContext: true }
        x: X
      steps:
        - setRoot: root
        - addChild: p
          to: root
        - present: x
          from: p
          style: currentContext
        - removeFromParent: p
        - present: p
          from: x
      """,
      "<P: p> cannot be presented by <X: x>: <X: x> is presented by <P: p> or inside it.")
  }

  @Test func aWindowGivenASizeClassFirstBecomesKeyOnlyWithItsFirstRoot() throws {
    let replayed = try replay(
      """
      controllers:
        home: Home
        side: Side
      steps:
        - setTraits: { horizontalSizeClass: compact }
          window: side
        - setRoot: home
        - setRoot: side
          window: side
      """)
    #expect(replayed.frames[0].hierarchy.windows.map(\.isKey) == [false])
    let second = replayed.frames[1].hierarchy
    #expect(second.windows.map(\.id) == ["main", "side"])
    #expect(second.keyWindow?.id == "main")
    let third = replayed.frames[2].hierarchy
    #expect(third.windows.map(\.id) == ["main", "side"])
    #expect(third.keyWindow?.id == "main")
    #expect(third.window(named: "side")?.horizontalSizeClass == .compact)
  }

  @Test func showDetailOnAThreeColumnSplitViewLeftWithItsPrimaryFillsTheSecondary() throws {
    let hierarchy = try finalHierarchy(
      """
      controllers:
        split: UISplitViewController
        sidebarNav: UINavigationController
        mailboxes: M
        inbox: I
        message: Msg
        other: O
      steps:
        - setViewControllers: [mailboxes]
          on: sidebarNav
        - setSplit: { primary: sidebarNav, supplementary: inbox, secondary: message }
          on: split
        - setRoot: split
        - setTraits: { horizontalSizeClass: compact }
        - popToRoot: sidebarNav
        - setTraits: { horizontalSizeClass: regular }
        - showDetail: other
          from: mailboxes
      """)
    #expect(hierarchy["split"]?.children == ["sidebarNav", "other"])
    #expect(hierarchy.role(of: "other") == .column("secondary", isShown: true))
  }

  @Test func aSheetOutsideTheWindowCannotBeSwipedAway() {
    expectViolation(
      """
      controllers:
        home: Home
        other: Other
        sheet: Sheet
      steps:
        - setRoot: home
        - present: sheet
          from: home
        - setRoot: other
        - interactiveDismiss: sheet
      """,
      "<Sheet: sheet> is not on screen; the user can only swipe away a sheet or popover in a window.")
  }

  @Test func namingAControllerForTwoColumnsSaysSo() {
    let split = """
      controllers:
        split: UISplitViewController
        list: List
        detail: Detail
      steps:
        - setSplit: { primary: list, secondary: detail }
          on: split
        - setRoot: split

      """
    let message =
      "<Detail: detail> would fill two columns of <UISplitViewController: split>; a controller has one parent, "
      + "give the other column another controller."
    expectViolation(split + "  - setSplit: { primary: detail }\n    on: split\n", message)
    expectViolation(
      split + "  - showDetail: list\n    from: detail\n",
      message.replacingOccurrences(of: "<Detail: detail>", with: "<List: list>"))
    expectViolation(
      split + "  - setViewControllers: []\n    on: split\n",
      "<UISplitViewController: split> needs a primary column; give setViewControllers at least one view controller.")
  }

  @Test func aTransitionNeedsTwoDifferentChildren() {
    expectViolation(
      """
      controllers:
        box: { class: Box, kind: container }
        a: A
      steps:
        - setRoot: box
        - addChild: a
          to: box
        - transition: { from: a, to: a, in: box }
      """,
      "transition needs two different children; from and to are both <A: a>.")
  }

  @Test func aFolderGivenForOneScenarioNamesAFileInIt() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vcgraph-folder-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("steps: []\n".utf8).write(to: folder.appendingPathComponent("flow.yaml"))
    #expect(throws: ScenarioError.self) { try Scenario(contentsOfFile: folder.path) }
    do {
      _ = try Scenario(contentsOfFile: folder.path)
    } catch {
      #expect(
        error.description
          == "\(folder.path): error: cannot read the scenario: it is a folder; this command reads one scenario "
          + "file, such as \(folder.path)/flow.yaml")
    }
  }
}
