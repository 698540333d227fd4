import Foundation
import Testing

@testable import VCGraph

@Suite("Markdown bug report")
struct BugReportTests {
  /// What a dump of a tab bar app shows while a login sheet presents an alert: ids as a dump's
  /// (class names without their module), the feed claiming to be on screen with its view out of the
  /// window, and the alert's presentation controller a private class that tells no style.
  static func dumpedHierarchy() -> Hierarchy {
    var hierarchy = Hierarchy(viewControllers: [
      ViewController(id: "UITabBarController", className: "UITabBarController"),
      ViewController(id: "UINavigationController", className: "UINavigationController"),
      ViewController(id: "FeedViewController", className: "MyApp.FeedViewController", title: "Feed"),
      ViewController(id: "ProfileViewController", className: "MyApp.ProfileViewController"),
      ViewController(id: "LoginViewController", className: "MyApp.LoginViewController"),
      ViewController(id: "UIAlertController", className: "UIAlertController"),
    ])
    hierarchy.addWindow(Window(id: "window 1", rootViewController: "UITabBarController"))
    hierarchy.attachChild("UINavigationController", to: "UITabBarController")
    hierarchy.attachChild("ProfileViewController", to: "UITabBarController")
    hierarchy.attachChild("FeedViewController", to: "UINavigationController")
    hierarchy.setContainerDetails(of: "UITabBarController", selectedChild: "UINavigationController")
    hierarchy.attachPresentation("LoginViewController", on: "UITabBarController", style: .pageSheet)
    hierarchy.attachPresentation("UIAlertController", on: "LoginViewController", style: nil)
    let states: [(String, String, AppearanceState, DumpRecord.View?, DumpRecord.PresentationController?)] = [
      (
        "UITabBarController", "UITabBarController", .appeared,
        .init(className: "UILayoutContainerView", isInWindow: true), nil
      ),
      (
        "UINavigationController", "UINavigationController", .appeared,
        .init(className: "UILayoutContainerView", isInWindow: true), nil
      ),
      (
        "FeedViewController", "_TtC5MyApp18FeedViewController", .appeared,
        .init(className: "UITableView", isInWindow: false), nil
      ),
      ("ProfileViewController", "_TtC5MyApp21ProfileViewController", .disappeared, nil, nil),
      (
        "LoginViewController", "_TtC5MyApp19LoginViewController", .appeared,
        .init(className: "UIView", isInWindow: true),
        .init(className: "_UIPageSheetPresentationController")
      ),
      (
        "UIAlertController", "UIAlertController", .appearing,
        .init(className: "_UIAlertControllerView", isInWindow: true),
        .init(className: "_UIAlertControllerAlertPresentationController")
      ),
    ]
    for (line, (id, printed, appearance, view, presentationController)) in states.enumerated() {
      hierarchy.setState(
        of: id, appearance: appearance, isViewLoaded: view != nil,
        dumpRecord: DumpRecord(
          line: line + 1, printedClassName: printed, view: view, presentationController: presentationController))
    }
    return hierarchy
  }

  @Test func theReportOfADumpHasItsSummaryDiagramAndDump() {
    let hierarchy = Self.dumpedHierarchy()
    let dump = HierarchyText(hierarchy).text
    let report = BugReport(hierarchy: hierarchy, dumpText: dump, source: "/tmp/reports/crash.txt").markdown
    #expect(
      report == """
        # View controller hierarchy: `crash.txt`

        - **Windows:** 1
          - `window 1`: root `UITabBarController`
        - **Controllers:** 6
        - **On screen:** `UITabBarController`, `UINavigationController`, `MyApp.FeedViewController`, `MyApp.LoginViewController`, `UIAlertController` (appearing)
        - **Presentations:**
          - `UITabBarController` → `MyApp.LoginViewController` (pageSheet) → `UIAlertController` (style unknown)
        - **Suspicious:**
          - `MyApp.FeedViewController`: state appeared, but its view is not in the window.
          - `UIAlertController` is presented by `MyApp.LoginViewController` with `_UIAlertControllerAlertPresentationController`, which does not tell the style.

        ## Diagram

        ```mermaid
        \(MermaidFlowchart(hierarchy).text)```

        Edges: thick, window → root view controller; solid, parent → child (its role); dotted, presenting → presented (the style). Boxes: green border, on screen; grey, off screen; dashed, view not loaded.

        <details><summary><code>_printHierarchy</code> output (6 lines)</summary>

        ```text
        \(dump)```

        </details>

        """)
  }

  @Test func theDumpIsFencedByMoreBackticksThanItHolds() {
    let dump = "<UIViewController>, state: appeared, view: <UIView>\n````` a note with backticks `` in it\n\n"
    let report = BugReport(hierarchy: Self.dumpedHierarchy(), dumpText: dump, source: "notes.txt").markdown
    #expect(
      report.hasSuffix(
        """
        output (2 lines)</summary>

        ``````text
        <UIViewController>, state: appeared, view: <UIView>
        ````` a note with backticks `` in it
        ``````

        </details>

        """))
  }

  @Test func aReplayedHierarchyHasNothingSuspicious() throws {
    let replay = try replayedSample("two-windows")
    let hierarchy = try #require(replay.frames.last).hierarchy
    let report = BugReport(hierarchy: hierarchy, dumpText: HierarchyText(hierarchy).text, source: "two.txt")
    #expect(
      report.summary == [
        "- **Windows:** 2",
        "  - `main`: root `UINavigationController` (`nav`)",
        "  - `overlay` (key): root `ToastViewController` (`toast`)",
        "- **Controllers:** 4",
        "- **On screen:** `UINavigationController` (`nav`), `HomeViewController` (`home`), "
          + "`SettingsViewController` (`settings`), `ToastViewController` (`toast`)",
        "- **Presentations:**",
        "  - `UINavigationController` (`nav`) → `SettingsViewController` (`settings`) (formSheet)",
        "- **Suspicious:** nothing; every on-screen controller's view is in its window, and every presentation's "
          + "style is known.",
      ])
  }

  @Test func everyPresentationInATreeStartsAChain() throws {
    let hierarchy = try finalHierarchy(
      """
      controllers:
        tabs: UITabBarController
        feedNav: UINavigationController
        feed: FeedViewController
        profileNav: UINavigationController
        profile: ProfileViewController
        compose: ComposeViewController
        editor: EditorViewController
        picker: PickerViewController
      steps:
        - setViewControllers: [feed]
          on: feedNav
        - setViewControllers: [profile]
          on: profileNav
        - setTabs: [feedNav, profileNav]
          on: tabs
        - setRoot: tabs
        - present: compose
          from: feed
          style: overCurrentContext
        - present: picker
          from: compose
          style: popover
        - selectTab: 1
          on: tabs
        - present: editor
          from: profile
          style: overCurrentContext
      """)
    let report = BugReport(hierarchy: hierarchy, dumpText: "", source: "tabs.txt")
    let chains = report.summary.drop { $0 != "- **Presentations:**" }.dropFirst().prefix { $0.hasPrefix("  - ") }
    #expect(
      Array(chains) == [
        "  - `UINavigationController` (`feedNav`) → `ComposeViewController` (`compose`) (overCurrentContext) → "
          + "`PickerViewController` (`picker`) (popover)",
        "  - `UINavigationController` (`profileNav`) → `EditorViewController` (`editor`) (overCurrentContext)",
      ])
  }

  @Test func anOnScreenControllerWithoutAViewAndAnUnsaidPresentationAreSuspicious() {
    var hierarchy = Hierarchy(viewControllers: [
      ViewController(id: "root", className: "RootViewController"),
      ViewController(id: "shown", className: "ShownViewController"),
      ViewController(id: "nulled", className: "NulledViewController"),
    ])
    hierarchy.addWindow(Window(id: "main", isKey: true, rootViewController: "root", horizontalSizeClass: .compact))
    hierarchy.attachPresentation("shown", on: "root", style: nil)
    hierarchy.attachPresentation("nulled", on: "shown", style: nil)
    hierarchy.setState(of: "root", appearance: .appearing, isViewLoaded: false)
    hierarchy.setState(of: "shown", appearance: .disappeared, isViewLoaded: true)
    hierarchy.setState(
      of: "nulled", appearance: .disappeared, isViewLoaded: false,
      dumpRecord: DumpRecord(
        line: 3, printedClassName: "NulledViewController", presentationController: .init(className: nil)))
    let summary = BugReport(hierarchy: hierarchy, dumpText: "", source: "x.txt").summary
    #expect(summary.contains("  - `main` (key, compact width): root `RootViewController` (`root`)"))
    #expect(
      Array(summary.drop { $0 != "- **Suspicious:**" }) == [
        "- **Suspicious:**",
        "  - `RootViewController` (`root`): state appearing, but its view is not loaded.",
        "  - `ShownViewController` (`shown`) is presented by `RootViewController` (`root`) in a style the dump does not tell.",
        "  - `NulledViewController` (`nulled`) is presented by `ShownViewController` (`shown`) with (null) as its "
          + "presentation controller.",
      ])
  }

  @Test func codeSpansHoldBackticksAndTheTitleOnlyTheFileName() {
    #expect(BugReport.codeSpan("a`b") == "``a`b``")
    #expect(BugReport.codeSpan("`x`") == "`` `x` ``")
    #expect(BugReport.codeSpan("") == "` `")
    let report = BugReport(hierarchy: Hierarchy(viewControllers: []), dumpText: "", source: "dir/my `dump`.txt")
    #expect(report.markdown.hasPrefix("# View controller hierarchy: ``my `dump`.txt``\n"))
    #expect(report.summary.contains("- **On screen:** nothing"))
    #expect(report.summary.contains("- **Presentations:** none"))
  }
}
