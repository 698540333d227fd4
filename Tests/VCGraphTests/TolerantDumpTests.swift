import Foundation
import Testing

@testable import VCGraph

/// Dumps a person can still read but lldb did not print exactly so: found inside other text, with
/// their depth taken from the `|` and `+` markers, and one warning per assumption with its line.
@Suite("HierarchyDump: tolerant reading of dumps pasted, logged or reformatted")
struct TolerantDumpTests {
  static func load(_ name: String) throws -> HierarchyDump {
    try HierarchyDump(contentsOfFile: HierarchyDumpTests.fixturePath(name))
  }

  /// The warnings as the CLI prints them, without the path.
  static func warnings(_ dump: HierarchyDump) -> [String] {
    dump.warnings.map { "line \($0.line): \($0.message)" }
  }

  /// `(id, depth, parent or presenter)` per controller.
  static func tree(_ hierarchy: Hierarchy) -> [String] {
    hierarchy.viewControllers.map { controller in
      let depth = hierarchy.ancestors(of: controller.id).count
      let relation =
        controller.parent.map { " child of \($0)" } ?? controller.presenter.map { " presented by \($0)" }
        ?? (hierarchy.windowRooted(at: controller.id).map { " root of window \($0.id)" } ?? " outside any window")
      return "\(controller.id) @\(depth)\(relation)"
    }
  }

  /// The same dump as lldb prints it reads without warnings into the same hierarchy.
  static func expectSameAsPlain(_ dump: HierarchyDump, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
  {
    let plain = try HierarchyDump(text: HierarchyText(dump.hierarchy).text, path: "plain.txt")
    #expect(plain.warnings.isEmpty, sourceLocation: sourceLocation)
    #expect(
      HierarchyDumpTests.summary(plain.hierarchy) == HierarchyDumpTests.summary(dump.hierarchy),
      sourceLocation: sourceLocation)
  }

  @Test func collapsedIndentationReadsFromTheMarkers() throws {
    let dump = try Self.load("collapsed-indent.txt")
    #expect(Self.warnings(dump) == [#"line 3: indentation collapsed; depth taken from the "|" markers"#])
    #expect(
      Self.tree(dump.hierarchy) == [
        "UITabBarController @0 root of window 1", "UINavigationController @1 child of UITabBarController",
        "ViewController @2 child of UINavigationController", "ViewController-2 @2 child of UINavigationController",
        "ViewController-3 @0 presented by UITabBarController", "ViewController-4 @0 presented by ViewController-3",
      ])
    #expect(
      dump.warnings.first?.description
        == "\(HierarchyDumpTests.fixturePath("collapsed-indent.txt")): warning: line 3: indentation collapsed; depth taken from the \"|\" markers"
    )
    try Self.expectSameAsPlain(dump)
  }

  @Test func leadingSpacesStrippedReadFromTheMarkers() throws {
    let dump = try Self.load("stripped-indent.txt")
    #expect(Self.warnings(dump) == [#"line 2: leading spaces stripped; depth taken from the "|" markers"#])
    // "+ " at the start of a line is presented by the root, as "   + " was, once "|" lines lost their spaces too.
    #expect(
      Self.tree(dump.hierarchy) == [
        "UITabBarController @0 root of window 1", "UINavigationController @1 child of UITabBarController",
        "ViewController @2 child of UINavigationController", "ViewController-2 @2 child of UINavigationController",
        "ViewController-3 @0 presented by UITabBarController", "ViewController-4 @0 presented by ViewController-3",
      ])
    #expect(try Self.load("collapsed-indent.txt").hierarchy.order == dump.hierarchy.order)
  }

  @Test func aDumpIndentedAsAWholeIsReadWithoutTheExtraSpaces() throws {
    // Pasted inside a /* */ comment: five more spaces on every line.
    let dump = try Self.load("real-mapsindoors-splitview.txt")
    #expect(
      Self.warnings(dump) == [
        "line 1: the dump is indented by 5 characters more than lldb prints it; they are left out"
      ])
    #expect(
      Self.tree(dump.hierarchy) == [
        "ContainerViewController @0 root of window 1", "UISplitViewController @1 child of ContainerViewController",
        "MasterNavigationController @2 child of UISplitViewController",
        "VenueSelectorController @3 child of MasterNavigationController",
        "MasterViewController @3 child of MasterNavigationController",
        "UINavigationController @2 child of UISplitViewController",
        "MapViewController @3 child of UINavigationController",
        "FloatingActionMenuController @4 child of MapViewController",
        "HorizontalRoutingController @4 child of MapViewController",
      ])
    #expect(dump.hierarchy["UISplitViewController"]?.kind == .splitView)
    #expect(dump.hierarchy["MasterNavigationController"]?.kind == .navigation)
    #expect(dump.hierarchy["MasterViewController"]?.appearance == .appearing)
    #expect(dump.hierarchy["UISplitViewController"]?.dumpRecord?.line == 2)
    try Self.expectSameAsPlain(dump)
  }

  @Test func aFragmentStartingAtAPresentedControllerReadsOutsideAnyWindow() throws {
    // Its presenter was left out by the author; its child has two markers; a backtick ends line 2.
    let dump = try Self.load("real-ibooks-lookup-fragment.txt")
    #expect(
      Self.warnings(dump) == [
        "line 1: the dump starts at depth 1, without the controller that presents this one;"
          + " read as a controller outside any window",
        #"line 2: Markdown backticks ("`") around the dump left out"#,
      ])
    #expect(
      Self.tree(dump.hierarchy) == [
        "BKLookupViewController @0 outside any window",
        "DDParsecRemoteCollectionViewController @1 child of BKLookupViewController",
      ])
    #expect(dump.hierarchy.windows.isEmpty)
    #expect(
      dump.hierarchy["BKLookupViewController"]?.dumpRecord?.presentationController?.className
        == "_UIOverFullscreenPresentationController")
    #expect(
      dump.hierarchy["DDParsecRemoteCollectionViewController"]?.dumpRecord?.view?.className == "_UISizeTrackingView")
  }

  @Test func aFragmentStartingAtAChildReadsOutsideAnyWindow() throws {
    let dump = try HierarchyDump(
      text: """
        (lldb) po [UIViewController _printHierarchy]

           |    | <B>, state: appeared, view: <UIView>
           |    |    | <C>, state: appeared, view: <UIView>
           |    | <D>, state: appeared, view: <UIView>
           | <E>, state: appeared, view: <UIView>
        """, path: "dump.txt")
    #expect(
      Self.warnings(dump) == [
        "line 3: the dump starts at depth 2, without the controller that contains this one;"
          + " read as a controller outside any window",
        "line 5: the dump leaves out the controller that contains this one; read as a controller outside any window",
        "line 6: the dump leaves out the controller that contains this one; read as a controller outside any window",
      ])
    #expect(
      Self.tree(dump.hierarchy) == [
        "B @0 outside any window", "C @1 child of B", "D @0 outside any window", "E @0 outside any window",
      ])
  }

  @Test func aDumpInsideAMarkdownIssue() throws {
    let dump = try Self.load("markdown-issue.txt")
    #expect(
      Self.warnings(dump) == [
        "line 1: text before the dump left out (lines 1–3)", "line 13: text after the dump left out (lines 13–14)",
      ])
    #expect(
      Self.tree(dump.hierarchy) == [
        "UITabBarController @0 root of window 1", "UINavigationController @1 child of UITabBarController",
        "FeedViewController @2 child of UINavigationController",
        "ComposeViewController @0 presented by UITabBarController",
      ])
    #expect(dump.hierarchy["UITabBarController"]?.dumpRecord?.line == 7)
    #expect(dump.hierarchy["ComposeViewController"]?.appearance == .disappearing)
  }

  @Test func aQuotedDumpInAMarkdownList() throws {
    let dump = try Self.load("markdown-quoted.txt")
    #expect(
      Self.warnings(dump) == [
        "line 1: text before the dump left out",
        "line 5: the dump is indented by 2 characters more than lldb prints it; they are left out",
        #"line 5: the dump is quoted with ">"; the quote marks are left out"#,
      ])
    #expect(
      Self.tree(dump.hierarchy) == [
        "MainTabBarViewController @0 root of window 1", "MMUINavigationController @1 child of MainTabBarViewController",
        "NewMainFrameViewController @2 child of MMUINavigationController",
        "MMUINavigationController-2 @1 child of MainTabBarViewController",
      ])
    // The column of an error still counts the quote marks.
    #expect(throws: DumpError(.unknownState("visible"), at: VCGraph.SourceLocation(file: "q.txt", line: 2, column: 20)))
    {
      try HierarchyDump(
        text: "> <A>, state: appeared, view: <UIView>\n>    | <B>, state: visible, view: <UIView>", path: "q.txt")
    }
  }

  @Test func aCycriptStringWithEscapedLineBreaks() throws {
    let dump = try Self.load("cycript-string.txt")
    #expect(Self.warnings(dump) == ["line 1: text before the dump left out"])
    #expect(
      Self.tree(dump.hierarchy) == [
        "WFRootController @0 root of window 1", "WFSlideSegmentController @1 child of WFRootController",
        "WFWeiboController @2 child of WFSlideSegmentController",
        "UINavigationController @0 presented by WFRootController",
      ])
    #expect(dump.hierarchy.viewControllers.allSatisfy { $0.dumpRecord?.line == 3 })
    // The same string printed by cycript without .toString(), and by Swift's print.
    let string = try String(contentsOfFile: HierarchyDumpTests.fixturePath("cycript-string.txt"), encoding: .utf8)
      .split(separator: "\n")[2]
    for text in ["@" + string, "Optional(" + string + ")"] {
      let other = try HierarchyDump(text: String(text), path: "s.txt")
      #expect(other.warnings.isEmpty)
      #expect(other.hierarchy == (try HierarchyDump(text: String(string), path: "s.txt")).hierarchy)
    }
  }

  @Test func aLogPrefixOnTheFirstLine() throws {
    let dump = try Self.load("nslog-prefix.txt")
    #expect(
      Self.warnings(dump) == [
        #"line 1: text before the controller left out (a log prefix?): "2026-03-01 10:22:33.123456+0100 App[4242:1234567]""#,
        "line 5: text after the dump left out",
      ])
    #expect(
      Self.tree(dump.hierarchy) == [
        "UITabBarController @0 root of window 1", "UINavigationController @1 child of UITabBarController",
        "FeedViewController @2 child of UINavigationController",
        "SettingsViewController @1 child of UITabBarController",
      ])
    try Self.expectSameAsPlain(dump)
  }

  @Test func anLldbPromptWithoutItsParenthesis() throws {
    let dump = try Self.load("lldb-prompt-typo.txt")
    #expect(Self.warnings(dump) == [#"line 1: "lldb)" read as lldb's prompt "(lldb)""#])
    #expect(
      Self.tree(dump.hierarchy) == [
        "UINavigationController @0 root of window 1", "InboxViewController @1 child of UINavigationController",
      ])
  }

  @Test func iOS17SwiftUIDumpsReadWithoutWarnings() throws {
    let dump = try Self.load("swiftui-ios17.txt")
    #expect(dump.warnings.isEmpty)
    #expect(dump.hierarchy.order.count == 6)
    #expect(
      dump.hierarchy["UIKitTabBarController"]?.kind == .content
        || dump.hierarchy["UIKitTabBarController"]?.kind == .tabBar)
    #expect(
      dump.hierarchy["NotifyingMulticolumnSplitViewController"]?.parent == "UIHostingController<TabItem.RootView>")
  }

  @Test func dumpsAsLldbPrintsThemGiveNoWarnings() throws {
    for name in [
      "tab-bar-pointers.txt", "sheet-colon-pointers.txt", "several-windows.txt", "presented-root.txt",
      "outside-window.txt", "optional-wrapper.txt", "optional-wrapper-quoted.txt", "lldb-session.txt", "crlf.txt",
    ] {
      #expect(try Self.load(name).warnings.isEmpty, "\(name)")
    }
  }

  // MARK: Refused: really ambiguous

  func expectError(_ text: String, _ description: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    do {
      let dump = try HierarchyDump(text: text, path: "dump.txt")
      Issue.record("read into \(dump.hierarchy.order)", sourceLocation: sourceLocation)
    } catch {
      #expect(error.description == description, sourceLocation: sourceLocation)
    }
  }

  @Test func twoDumpsInOneTextAreRefused() {
    expectError(
      """
      Before:
      <A>, state: appeared, view: <UIView>
         | <B>, state: appeared, view: <UIView>
      After:
      <A>, state: appeared, view: <UIView>
      """,
      "dump.txt:5:1: error: a second dump starts here, after the dump that ended on line 3 and the text on line 4;"
        + " vcgraph reads one dump at a time: give each its own file")
  }

  /// A line that carries the tree's markers right after a controller line is a line of the tree,
  /// however broken: an error naming it and what is wrong, not text after the dump left out.
  @Test func aBrokenLineInsideTheTreeIsAnErrorNotTextAfterTheDump() {
    expectError(
      """
      <UINavigationController: 0x7b3218d0>, state: appeared, view: <UILayoutContainerView: 0x7b4e1a20>
         | <Inbox.InboxViewController: 0x7b3254c0>, state: appeared, view: <UIView: 0x7b4e3b10>
         | Inbox.MessageViewController state=appeared
      """,
      #"dump.txt:3:6: error: expected "<" to start a controller, found "Inbox.MessageViewController st…""#)
    // In the middle of the dump too.
    expectError(
      """
      <A>, state: appeared, view: <UIView>
         | B, state: appeared
         |    | <C>, state: appeared, view: <UIView>
      """,
      #"dump.txt:2:6: error: expected "<" to start a controller, found "B, state: appeared""#)
    // Text after a blank line, or a Markdown table, stays text after the dump.
    let tolerated = try? HierarchyDump(
      text: "<A>, state: appeared, view: <UIView>\n\n| column | other |\n", path: "dump.txt")
    #expect(tolerated?.warnings.map(\.message) == ["text after the dump left out"])
  }

  /// The dump's first line after lldb's prompt, broken so that it reads as text: the error names
  /// that line, not a child or a presented line one to three lines further down.
  @Test func aBrokenFirstLineAfterThePromptIsTheErrorsLine() {
    let children = """
         | <Inbox.InboxViewController: 0x7b3254c0>, state: appeared, view: <UIView: 0x7b4e3b10>
         |    | <Inbox.ListViewController: 0x7b3254c8>, state: appeared, view: <UIView: 0x7b4e3b18>
         + <Inbox.ComposeViewController: 0x7b32a9e0>, state: appeared, view: <UIView: 0x7b4e5c00>, presented with: <_UIPageSheetPresentationController: 0x7b1f0e40>
      """
    let prompt = "(lldb) po UIViewController.value(forKey: \"_printHierarchy\")\n"
    expectError(
      prompt + "<UINavigationController: 0x7b3218d0>, stat: appeared, view: <UILayoutContainerView: 0x7b4e1a20>\n"
        + children,
      #"dump.txt:2:37: error: expected ", state: " after the controller, found ", stat: appeared, view: <UILay…""#)
    expectError(
      prompt + "UINavigationController: 0x7b3218d0>, state: appeared, view: <UILayoutContainerView: 0x7b4e1a20>\n"
        + children,
      #"dump.txt:2:1: error: expected "<" to start a controller, found "UINavigationController: 0x7b32…""#)
    // A dump that starts at a presented controller after other text still reads.
    let fragment = try? HierarchyDump(
      text: "Here it is:\n   + <A>, state: appeared, view: <UIView>\n   |    | <B>, state: appeared, view: <UIView>\n",
      path: "dump.txt")
    #expect(fragment?.hierarchy.order == ["A", "B"])
  }

  @Test func textCuttingADumpInTwoIsRefused() {
    expectError(
      """
      <A>, state: appeared, view: <UIView>
         | <B>, state: appeared, view: <UIView>
      (and then)
         | <C>, state: appeared, view: <UIView>
      """,
      "dump.txt:4:1: error: line 3 is not a controller line but cuts the dump in two; this line continues the dump"
        + " that ended on line 2 (give the dump without the text, or check line 3)")
  }

  @Test func aMalformedFirstLineFollowedByTheDumpIsReportedNotSkipped() {
    expectError(
      "<A>, state: visible, view: <UIView>\n   | <B>, state: appeared, view: <UIView>",
      #"dump.txt:1:13: error: unknown state "visible"; expected one of: disappeared, appearing, appeared, disappearing"#
    )
  }

  @Test func htmlBeforeTheDumpIsLeftOut() throws {
    let dump = try HierarchyDump(
      text: "<details>\n<summary>dump</summary>\n\n<A>, state: appeared, view: <UIView>\n</details>", path: "d.txt")
    #expect(
      Self.warnings(dump) == [
        "line 1: text before the dump left out (lines 1–2)", "line 5: text after the dump left out",
      ])
    #expect(dump.hierarchy.order == ["A"])
  }

  // MARK: Limits

  @Test func textWithoutADumpStopsAfterTheSkippedLimit() {
    let line = "garbage garbage garbage garbage garbage garbage garbage\n"
    let count = HierarchyDump.maximumSkippedBytes / line.utf8.count + 10
    let text = String(repeating: line, count: count)
    let stop = HierarchyDump.maximumSkippedBytes / line.utf8.count + 1
    #expect(
      throws: DumpError(
        .noDumpInSkippedText(limit: HierarchyDump.maximumSkippedBytes),
        at: VCGraph.SourceLocation(file: "big.txt", line: stop, column: 1))
    ) {
      try HierarchyDump(text: text, path: "big.txt")
    }
    #expect(
      DumpError.Problem.noDumpInSkippedText(limit: 1 << 20).message
        == "no controller line in the first 1 MiB of text; vcgraph skips at most 1 MiB before a dump")
  }

  @Test func textAfterTheDumpStopsReadingWithAWarning() throws {
    let line = "garbage garbage garbage garbage garbage garbage garbage\n"
    let text = "<A>, state: appeared, view: <UIView>\n" + String(repeating: line, count: 30_000)
    let dump = try HierarchyDump(text: text, path: "big.txt")
    let stop = HierarchyDump.maximumSkippedBytes / line.utf8.count + 2
    #expect(
      Self.warnings(dump) == [
        "line 2: text after the dump left out (lines 2–\(stop))",
        "line \(stop): stopped reading: 1 MiB of text without a controller line after the dump; the rest of the input is left out",
      ])
    #expect(dump.hierarchy.order == ["A"])
  }

  @Test func aLineLongerThanTheLimitIsRefused() {
    let text =
      "<A>, state: appeared, view: <UIView>\n" + String(repeating: "x", count: HierarchyDump.maximumLineBytes + 1)
    #expect(
      throws: DumpError(
        .lineTooLong(limit: HierarchyDump.maximumLineBytes),
        at: VCGraph.SourceLocation(file: "long.txt", line: 2, column: 1))
    ) {
      try HierarchyDump(text: text, path: "long.txt")
    }
  }
}
