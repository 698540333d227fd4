import Foundation
import Testing

@testable import VCGraph

/// The replay of `samples/<stem>.yaml`.
func replayedSample(_ stem: String) throws -> Replay {
  try Replay(try Scenario(contentsOfFile: GoldenStateTests.samples.appendingPathComponent("\(stem).yaml").path))
}

/// One line of `_printHierarchy` text, after the grammar in uikit-reference.md (pointers optional,
/// `<Class 0x…>` or `<Class: 0x…>`).
// A Swift generic class (`SwiftUI.UIHostingController<MyApp.LibraryView>`) is printed demangled, as a
// scenario names it; UIKit itself prints it mangled (`_TtGC7SwiftUI19UIHostingController…`).
private var printedLine: Regex<(Substring, Substring, Substring, Substring?)> {
  /(?:(?:   \| )*|(?:   \| )*   \+ |\+ )<([^<>\s]+(?:<[^\s]+?>)?)(?:(?::)? 0x[0-9a-fA-F]+)?>, state: (disappeared|appearing|appeared|disappearing), view: (?:\(view not loaded\)|<([^<>\s:]+)(?:: 0x[0-9a-fA-F]+| 0x[0-9a-fA-F]+)?>(?: not in the window)?)(?:, presented with: (?:\(null\)|<[^<>\s]+(?: 0x[0-9a-fA-F]+)?>))?/
}

@Suite("_printHierarchy text export")
struct HierarchyTextTests {
  @Test func aFullScreenPresentationHangsFromThePresenterWithAPlus() throws {
    let hierarchy = try #require(try replayedSample("login-flow").frame(3)).hierarchy
    #expect(
      HierarchyText(hierarchy).text == """
        <UINavigationController>, state: disappeared, view: <UILayoutContainerView> not in the window
           | <HomeViewController>, state: disappeared, view: <UIView> not in the window
           + <LoginViewController>, state: appeared, view: <UIView>, presented with: <_UIFullscreenPresentationController>

        """)
  }

  @Test func childrenComeBeforeWhatTheControllerPresentsAndDepthsNest() throws {
    let hierarchy = try finalHierarchy(
      """
      controllers:
        tabs: UITabBarController
        feedNav: UINavigationController
        feed: FeedViewController
        post: PostViewController
        profile: ProfileViewController
        compose: ComposeViewController
        picker: PickerViewController
      steps:
        - setViewControllers: [feed, post]
          on: feedNav
        - setTabs: [feedNav, profile]
          on: tabs
        - setRoot: tabs
        - present: compose
          from: post
          style: currentContext
        - present: picker
          from: compose
          style: popover
      """)
    #expect(
      HierarchyText(hierarchy).text == """
        <UITabBarController>, state: appeared, view: <UILayoutContainerView>
           | <UINavigationController>, state: disappeared, view: <UILayoutContainerView> not in the window
           |    | <FeedViewController>, state: disappeared, view: (view not loaded)
           |    | <PostViewController>, state: disappeared, view: <UIView> not in the window
           |    + <ComposeViewController>, state: appeared, view: <UIView>, presented with: <_UICurrentContextPresentationController>
           |    |    + <PickerViewController>, state: appeared, view: <UIView>, presented with: <UIPopoverPresentationController>
           | <ProfileViewController>, state: disappeared, view: (view not loaded)

        """)
  }

  @Test func controllersOutsideAnyWindowFollowWithAPlusAtDepthZero() throws {
    let hierarchy = try finalHierarchy(
      """
      controllers:
        nav: UINavigationController
        home: HomeViewController
        pages: UIPageViewController
        intro: IntroViewController
        loose: LooseViewController
      steps:
        - setViewControllers: [home]
          on: nav
        - setPage: intro
          on: pages
        - setRoot: nav
      """)
    #expect(
      HierarchyText(hierarchy).text == """
        <UINavigationController>, state: appeared, view: <UILayoutContainerView>
           | <HomeViewController>, state: appeared, view: <UIView>
        + <UIPageViewController>, state: disappeared, view: (view not loaded)
           | <IntroViewController>, state: disappeared, view: (view not loaded)

        """)
  }

  @Test func whatADumpPrintedIsPrintedAgain() {
    var hierarchy = Hierarchy(viewControllers: [
      ViewController(id: "nav", className: "UINavigationController"),
      ViewController(id: "home", className: "MyApp.HomeViewController"),
      ViewController(id: "sheet", className: "SheetViewController"),
      ViewController(id: "alert", className: "UIAlertController"),
      ViewController(id: "orphan", className: "OrphanViewController"),
      ViewController(id: "lost", className: "LostViewController"),
    ])
    hierarchy.addWindow(Window(id: "window 1", rootViewController: "nav"))
    hierarchy.attachChild("home", to: "nav")
    hierarchy.attachPresentation("sheet", on: "nav", style: nil)
    hierarchy.attachPresentation("alert", on: "sheet", style: .custom)
    hierarchy.setState(
      of: "nav", appearance: .appeared, isViewLoaded: true,
      dumpRecord: DumpRecord(
        line: 1, printedClassName: "UINavigationController", address: "0x7b3218d0",
        view: .init(className: "UILayoutContainerView", address: "0x7b4e1a20", isInWindow: true)))
    hierarchy.setState(
      of: "home", appearance: .appeared, isViewLoaded: true,
      dumpRecord: DumpRecord(
        line: 2, printedClassName: "_TtC5MyApp18HomeViewController", address: "0x7b3254c0",
        view: .init(className: "UITableView", address: "0x7b4e3b10", isInWindow: false)))
    hierarchy.setState(
      of: "sheet", appearance: .appeared, isViewLoaded: true,
      dumpRecord: DumpRecord(
        line: 3, printedClassName: "SheetViewController", view: .init(className: "UIView", isInWindow: true),
        presentationController: .init(className: "UISheetPresentationController", address: "0x7b1f0e40")))
    hierarchy.setState(
      of: "alert", appearance: .appearing, isViewLoaded: true,
      dumpRecord: DumpRecord(
        line: 4, printedClassName: "UIAlertController", view: .init(className: "UIView", isInWindow: true),
        presentationController: .init(className: nil)))
    hierarchy.setState(
      of: "orphan", appearance: .disappeared, isViewLoaded: false,
      dumpRecord: DumpRecord(
        line: 5, printedClassName: "OrphanViewController",
        presentationController: .init(className: "_UIPageSheetPresentationController")))
    hierarchy.setState(
      of: "lost", appearance: .disappeared, isViewLoaded: true,
      dumpRecord: DumpRecord(
        line: 6, printedClassName: "LostViewController", view: .init(className: "UIView", isInWindow: false)))
    #expect(
      HierarchyText(hierarchy).text == """
        <UINavigationController: 0x7b3218d0>, state: appeared, view: <UILayoutContainerView: 0x7b4e1a20>
           | <_TtC5MyApp18HomeViewController: 0x7b3254c0>, state: appeared, view: <UITableView: 0x7b4e3b10> not in the window
           + <SheetViewController>, state: appeared, view: <UIView>, presented with: <UISheetPresentationController: 0x7b1f0e40>
           |    + <UIAlertController>, state: appearing, view: <UIView>, presented with: (null)
        + <OrphanViewController>, state: disappeared, view: (view not loaded), presented with: <_UIPageSheetPresentationController>
        + <LostViewController>, state: disappeared, view: <UIView> not in the window

        """)
  }

  @Test(arguments: ModalPresentationStyle.allCases)
  func aPresentedControllerWithoutARecordPrintsTheClassUIKitUsesForItsStyle(style: ModalPresentationStyle) {
    var hierarchy = Hierarchy(viewControllers: [
      ViewController(id: "root", className: "RootViewController"),
      ViewController(id: "shown", className: "ShownViewController"),
    ])
    hierarchy.addWindow(Window(id: "main", isKey: true, rootViewController: "root"))
    hierarchy.attachPresentation("shown", on: "root", style: style)
    let lines = HierarchyText(hierarchy).text.split(separator: "\n")
    #expect(lines.last?.hasSuffix(", presented with: <\(style.presentationControllerClassName)>") == true)
  }

  @Test func aPresentationOfUnknownStyleWithoutARecordPrintsNull() {
    var hierarchy = Hierarchy(viewControllers: [
      ViewController(id: "root", className: "RootViewController"),
      ViewController(id: "shown", className: "ShownViewController"),
    ])
    hierarchy.addWindow(Window(id: "main", isKey: true, rootViewController: "root"))
    hierarchy.attachPresentation("shown", on: "root", style: nil)
    #expect(HierarchyText(hierarchy).text.hasSuffix(", presented with: (null)\n"))
  }

  @Test func eachKindHasTheViewClassUIKitGivesIt() {
    let kinds: [(ViewControllerKind, String)] = [
      (.navigation, "UILayoutContainerView"), (.tabBar, "UILayoutContainerView"),
      (.splitView, "UILayoutContainerView"), (.pageView, "_UIPageViewControllerContentView"),
      (.container, "UIView"), (.content, "UIView"),
    ]
    for (kind, viewClass) in kinds {
      var single = Hierarchy(viewControllers: [ViewController(id: "a", className: "A", kind: kind)])
      single.addWindow(Window(id: "main", isKey: true, rootViewController: "a"))
      single.setState(of: "a", appearance: .appeared, isViewLoaded: true)
      #expect(HierarchyText(single).text == "<A>, state: appeared, view: <\(viewClass)>\n", "\(kind)")
    }
  }

  @Test func anEmptyHierarchyIsNoText() {
    #expect(HierarchyText(Hierarchy(viewControllers: [ViewController(id: "a", className: "A")])).text == "")
  }

  @Test(arguments: GoldenStateTests.sampleStems)
  func everyLineOfEverySampleFollowsTheGrammar(stem: String) throws {
    for frame in try replayedSample(stem).frames {
      let text = HierarchyText(frame.hierarchy).text
      #expect(text.isEmpty || text.hasSuffix("\n"))
      let lines = text.split(separator: "\n")
      #expect(lines.count == frame.hierarchy.viewControllers.filter { frame.hierarchy.isAttached($0.id) }.count)
      for line in lines {
        #expect(line.wholeMatch(of: printedLine) != nil, "step \(frame.step.number): \(line)")
      }
    }
  }

  @Test(arguments: GoldenStateTests.sampleStems)
  func theTextOfEverySampleReadsBackToTheSameText(stem: String) throws {
    let hierarchy = try #require(try replayedSample(stem).frames.last).hierarchy
    let text = HierarchyText(hierarchy).text
    let dump = try HierarchyDump(text: text, path: "\(stem).txt")
    #expect(HierarchyText(dump.hierarchy).text == text)
  }
}
