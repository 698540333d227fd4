import Foundation
import Testing

@testable import VCGraph

/// A column-style split view with a sidebar, a detail and a tab bar for its compact column; `steps`
/// is appended, indented by two spaces.
private func compactScenario(_ steps: String) -> String {
  """
  sdk: 16
  controllers:
    split: UISplitViewController
    sidebarNav: UINavigationController
    sidebar: SidebarViewController
    detail: DetailViewController
    other: OtherViewController
    tabs: UITabBarController
    feed: FeedViewController
    search: SearchViewController
  steps:
    - setViewControllers: [sidebar]
      on: sidebarNav
    - setTabs: [feed, search]
      on: tabs
    - setSplit: { primary: sidebarNav, secondary: detail, compact: tabs }
      on: split

  """ + steps
}

/// The compact column (iOS 14, `setViewController(_:for: .compact)`): what a collapsed split view
/// shows instead of its columns.
@Suite("Split views: the compact column")
struct CompactColumnTests {
  @Test func theCompactColumnIsTheLastChildAndIsNotShownInRegularWidth() throws {
    let replayed = try replay(compactScenario("  - setRoot: split\n"))
    let setSplit = try #require(replayed.frame(3))
    #expect(
      setSplit.events.map(\.description) == [
        "sidebarNav willMove(toParent: split)", "detail willMove(toParent: split)", "tabs willMove(toParent: split)",
        "sidebarNav didMove(toParent: split)", "detail didMove(toParent: split)", "tabs didMove(toParent: split)",
      ])
    let hierarchy = try #require(replayed.frames.last?.hierarchy)
    let split = try #require(hierarchy["split"])
    #expect(split.children == ["sidebarNav", "detail", "tabs"])
    #expect(split.columnChildren == ["sidebarNav", "detail"])
    #expect(split.compactColumn == "tabs")
    #expect(split.visibleChildren == ["sidebarNav", "detail"])
    #expect(hierarchy.role(of: "tabs") == .column("compact", isShown: false))
    #expect(hierarchy.role(of: "detail") == .column("secondary", isShown: true))
    #expect(hierarchy["tabs"]?.isViewLoaded == false)
    #expect(hierarchy["feed"]?.isViewLoaded == false)
  }

  @Test func compactWidthShowsTheCompactColumnInsteadOfCollapsingOntoThePrimary() throws {
    let frame = try #require(
      try replay(compactScenario("  - setRoot: split\n  - setTraits: { horizontalSizeClass: compact }\n")).frames.last)
    // vcgraph's order for a size-class change (a column change: will-disappear, will-appear,
    // did-disappear, did-appear, each parents first), without animation.
    #expect(
      frame.events.map(\.description) == [
        "tabs viewDidLoad()", "feed viewDidLoad()",
        "sidebarNav viewWillDisappear(animated: false)", "sidebar viewWillDisappear(animated: false)",
        "detail viewWillDisappear(animated: false)",
        "tabs viewWillAppear(animated: false)", "feed viewWillAppear(animated: false)",
        "sidebarNav viewDidDisappear(animated: false)", "sidebar viewDidDisappear(animated: false)",
        "detail viewDidDisappear(animated: false)",
        "tabs viewDidAppear(animated: false)", "feed viewDidAppear(animated: false)",
      ])
    let hierarchy = frame.hierarchy
    // Nothing moved: the detail was not pushed onto the sidebar's stack.
    #expect(hierarchy["split"]?.children == ["sidebarNav", "detail", "tabs"])
    #expect(hierarchy["sidebarNav"]?.children == ["sidebar"])
    #expect(hierarchy["split"]?.isCollapsed == true)
    #expect(hierarchy["split"]?.visibleChildren == ["tabs"])
    #expect(hierarchy.role(of: "sidebarNav") == .column("primary", isShown: false))
    #expect(hierarchy.role(of: "tabs")?.description == "compact")
    #expect(hierarchy.onScreenControllers() == ["split", "tabs", "feed"])
  }

  @Test func regularWidthBringsTheColumnsBack() throws {
    let yaml = compactScenario(
      """
        - setRoot: split
        - setTraits: { horizontalSizeClass: compact }
        - selectTab: search
          on: tabs
        - setTraits: { horizontalSizeClass: regular }
      """)
    let frame = try #require(try replay(yaml).frames.last)
    #expect(
      frame.events.map(\.description) == [
        "tabs viewWillDisappear(animated: false)", "search viewWillDisappear(animated: false)",
        "sidebarNav viewWillAppear(animated: false)", "sidebar viewWillAppear(animated: false)",
        "detail viewWillAppear(animated: false)",
        "tabs viewDidDisappear(animated: false)", "search viewDidDisappear(animated: false)",
        "sidebarNav viewDidAppear(animated: false)", "sidebar viewDidAppear(animated: false)",
        "detail viewDidAppear(animated: false)",
      ])
    #expect(frame.hierarchy["split"]?.isCollapsed == false)
    #expect(frame.hierarchy["split"]?.children == ["sidebarNav", "detail", "tabs"])
    // The tab bar keeps its selection for the next time.
    #expect(frame.hierarchy["tabs"]?.selectedChild == "search")
  }

  @Test func aSplitViewEnteringACompactWindowShowsOnlyItsCompactColumn() throws {
    let frame = try #require(
      try replay(compactScenario("  - setTraits: { horizontalSizeClass: compact }\n  - setRoot: split\n")).frames.last)
    #expect(
      frame.events.map(\.description) == [
        "split viewDidLoad()", "tabs viewDidLoad()", "feed viewDidLoad()",
        "split viewWillAppear(animated: false)", "tabs viewWillAppear(animated: false)",
        "feed viewWillAppear(animated: false)", "split viewDidAppear(animated: false)",
        "tabs viewDidAppear(animated: false)", "feed viewDidAppear(animated: false)",
      ])
    #expect(frame.hierarchy["sidebar"]?.isViewLoaded == false)
  }

  @Test func settingTheColumnsKeepsTheCompactColumnAndShowDetailReplacesTheHiddenSecondary() throws {
    let yaml = compactScenario(
      """
        - setRoot: split
        - setTraits: { horizontalSizeClass: compact }
        - showDetail: other
          from: sidebar
        - setSplit: { secondary: detail }
          on: split
      """)
    let replayed = try replay(yaml)
    let shown = try #require(replayed.frame(6))
    // Collapsed onto a compact column, the detail goes to the secondary column, off screen: the
    // sidebar's stack is not the one on screen.
    #expect(shown.hierarchy["split"]?.children == ["sidebarNav", "other", "tabs"])
    #expect(shown.hierarchy["sidebarNav"]?.children == ["sidebar"])
    #expect(
      shown.events.map(\.description) == [
        "detail willMove(toParent: nil)", "other willMove(toParent: split)", "detail didMove(toParent: nil)",
        "other didMove(toParent: split)", "detail deinit",
      ])
    let last = try #require(replayed.frames.last)
    #expect(last.hierarchy["split"]?.children == ["sidebarNav", "detail", "tabs"])
    #expect(last.hierarchy["split"]?.isCollapsed == true)
    #expect(last.hierarchy["tabs"]?.appearance == .appeared)
  }

  @Test func replacingTheCompactColumnWhileCollapsedSwapsWhatIsOnScreen() throws {
    let yaml = compactScenario(
      """
        - setRoot: split
        - setTraits: { horizontalSizeClass: compact }
        - setSplit: { compact: other }
          on: split
      """)
    let frame = try #require(try replay(yaml).frames.last)
    #expect(frame.hierarchy["split"]?.children == ["sidebarNav", "detail", "other"])
    #expect(frame.hierarchy.onScreenControllers() == ["split", "other"])
    let events = frame.events.map(\.description)
    #expect(events.first == "tabs willMove(toParent: nil)")
    #expect(events.contains("tabs viewWillDisappear(animated: true)"))
    #expect(events.contains("other viewDidAppear(animated: true)"))
    #expect(events.suffix(3) == ["tabs deinit", "feed deinit", "search deinit"])
  }

  @Test func removingTheCompactColumnCollapsesOntoThePrimaryStackAgain() throws {
    let yaml = compactScenario(
      """
        - setRoot: split
        - setTraits: { horizontalSizeClass: compact }
        - setSplit: { compact: null }
          on: split
      """)
    let frame = try #require(try replay(yaml).frames.last)
    #expect(frame.step.action.summary == "setSplit compact: nil on split")
    #expect(
      frame.events.map(\.description) == [
        "tabs willMove(toParent: nil)", "detail willMove(toParent: sidebarNav)",
        "tabs viewWillDisappear(animated: true)", "feed viewWillDisappear(animated: true)",
        "sidebarNav viewWillAppear(animated: true)", "detail viewWillAppear(animated: true)",
        "tabs viewDidDisappear(animated: true)", "feed viewDidDisappear(animated: true)",
        "sidebarNav viewDidAppear(animated: true)", "detail viewDidAppear(animated: true)",
        "tabs didMove(toParent: nil)", "detail didMove(toParent: sidebarNav)",
        "tabs deinit", "feed deinit", "search deinit",
      ])
    #expect(frame.hierarchy["split"]?.hasCompactColumn == false)
    #expect(frame.hierarchy["sidebarNav"]?.children == ["sidebar", "detail"])
  }

  @Test func oneControllerCannotBeTheCompactColumnAndAnother() {
    expectViolation(
      compactScenario("  - setSplit: { compact: detail }\n    on: split\n"),
      "<DetailViewController: detail> would be both the compact column and another column of "
        + "<UISplitViewController: split>; a controller has one parent, give the compact column its own controller.")
  }

  @Test func theStateJSONNamesTheCompactColumnAndReadsBack() throws {
    let replayed = try replay(compactScenario("  - setRoot: split\n  - setTraits: { horizontalSizeClass: compact }\n"))
    let json = StateDocument(frames: replayed.frames).jsonString()
    let decoded = try JSONDecoder().decode(StateDocument.self, from: Data(json.utf8))
    let last = try #require(decoded.steps.last)
    let split = try #require(last.viewControllers.first { $0.id == "split" })
    #expect(split.compactColumn == "tabs")
    #expect(split.isCollapsed == true)
    #expect(last.viewControllers.first { $0.id == "sidebarNav" }?.compactColumn == nil)
    for (step, frame) in zip(decoded.steps, replayed.frames) {
      let rebuilt = try Hierarchy(state: step)
      #expect(rebuilt["split"]?.compactColumn == frame.hierarchy["split"]?.compactColumn)
      #expect(rebuilt["split"]?.visibleChildren == frame.hierarchy["split"]?.visibleChildren)
      let again = StateDocument.StepState(number: step.number, action: step.action, hierarchy: rebuilt)
      #expect(JSONText.encode(again) == JSONText.encode(step))
    }
    // A compact column that is not the last child cannot be told apart from the others.
    var broken = last
    let index = try #require(broken.viewControllers.firstIndex { $0.id == "split" })
    broken.viewControllers[index].compactColumn = "detail"
    #expect(throws: StateDocumentError.self) { try Hierarchy(state: broken) }
  }

  @Test func theOutlineNamesTheCompactColumn() throws {
    let hierarchy = try finalHierarchy(
      compactScenario("  - setRoot: split\n  - setTraits: { horizontalSizeClass: compact }\n"))
    let text = HierarchyOutline(hierarchy).text
    #expect(text.contains("├─ primary · hidden  sidebarNav  UINavigationController  disappeared"))
    #expect(text.contains("└─ compact  tabs  UITabBarController  appeared"))
  }

  @Test func theCompactColumnRoundTripsThroughTheScenarioReader() throws {
    let scenario = try scenario(compactScenario(""))
    #expect(
      scenario.steps.last?.action
        == .setSplit(SplitColumns(primary: "sidebarNav", secondary: "detail", compact: "tabs"), on: "split"))
    #expect(
      scenario.steps.last?.action.summary == "setSplit primary: sidebarNav, secondary: detail, compact: tabs on split")
  }
}
