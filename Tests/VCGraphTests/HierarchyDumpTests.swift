import Foundation
import Testing

@testable import VCGraph

/// Reading `_printHierarchy` dumps: the fixtures under `Fixtures/Dumps`, one per variant of the text.
@Suite("HierarchyDump: the hierarchies dumps describe")
struct HierarchyDumpTests {
  /// `Tests/VCGraphTests/Fixtures/Dumps`, beside this file.
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Dumps")

  static func fixturePath(_ name: String) -> String {
    fixtures.appendingPathComponent(name).path
  }

  static func load(_ name: String, keepsPointers: Bool = false) throws -> HierarchyDump {
    try HierarchyDump(contentsOfFile: fixturePath(name), keepsPointers: keepsPointers)
  }

  /// One line per controller, in dump order: id, class, kind, appearance, view, then its relation.
  static func summary(_ hierarchy: Hierarchy) -> [String] {
    hierarchy.viewControllers.map { controller in
      var line = "\(controller.id): \(controller.className), \(controller.kind.rawValue), \(controller.appearance)"
      if !controller.isViewLoaded {
        line += ", view not loaded"
      } else if !hierarchy.isViewInWindow(controller.id) {
        line += ", not in the window"
      }
      if let parent = controller.parent { line += " | child of \(parent)" }
      if let presenter = controller.presenter {
        let style = hierarchy[presenter]?.presentation?.style?.rawValue ?? "no style"
        line += " | presented by \(presenter) (\(style))"
      }
      if let window = hierarchy.windowRooted(at: controller.id) { line += " | root of \(window.id)" }
      return line
    }
  }

  static func windows(_ hierarchy: Hierarchy) -> [String] {
    hierarchy.windows.map {
      "\($0.id): \($0.rootViewController ?? "-")\($0.isKey ? " (key)" : "") \($0.horizontalSizeClass)"
    }
  }

  // MARK: Fixtures

  @Test func aTabBarWithNavigationControllersInTheOlderPointerForm() throws {
    let dump = try Self.load("tab-bar-pointers.txt")
    let hierarchy = dump.hierarchy
    #expect(
      Self.summary(hierarchy) == [
        "UITabBarController: UITabBarController, tabBar, appeared | root of 1",
        "UINavigationController: UINavigationController, navigation, appeared | child of UITabBarController",
        "FeedViewController: MyApp.FeedViewController, content, disappeared, not in the window"
          + " | child of UINavigationController",
        "PostViewController: MyApp.PostViewController, content, appeared | child of UINavigationController",
        "UINavigationController-2: UINavigationController, navigation, disappeared, not in the window"
          + " | child of UITabBarController",
        "SearchViewController: MyApp.SearchViewController, content, disappeared, not in the window"
          + " | child of UINavigationController-2",
        "UINavigationController-3: UINavigationController, navigation, disappeared, view not loaded"
          + " | child of UITabBarController",
        "ProfileViewController: MyApp.ProfileViewController, content, disappeared, view not loaded"
          + " | child of UINavigationController-3",
        "UINavigationController-4: UINavigationController, navigation, appeared"
          + " | presented by UITabBarController (pageSheet)",
        "ComposeViewController: MyApp.ComposeViewController, content, appeared | child of UINavigationController-4",
      ])
    #expect(Self.windows(hierarchy) == ["1: UITabBarController regular"])
    let tabBar = try #require(hierarchy["UITabBarController"])
    #expect(tabBar.children == ["UINavigationController", "UINavigationController-2", "UINavigationController-3"])
    #expect(tabBar.selectedChild == "UINavigationController")
    #expect(
      tabBar.presentation
        == Presentation(presented: "UINavigationController-4", style: .pageSheet, source: "UITabBarController"))
    #expect(hierarchy["UINavigationController"]?.children == ["FeedViewController", "PostViewController"])
    #expect(hierarchy["UINavigationController"]?.definesPresentationContext == true)

    #expect(
      hierarchy["FeedViewController"]?.dumpRecord
        == DumpRecord(
          line: 3, printedClassName: "MyApp.FeedViewController",
          view: DumpRecord.View(className: "UITableView", isInWindow: false)))
    #expect(
      hierarchy["UINavigationController-4"]?.dumpRecord
        == DumpRecord(
          line: 9, printedClassName: "UINavigationController",
          view: DumpRecord.View(className: "UILayoutContainerView", isInWindow: true),
          presentationController: DumpRecord.PresentationController(className: "_UIPageSheetPresentationController")))
    #expect(
      hierarchy["ProfileViewController"]?.dumpRecord
        == DumpRecord(line: 8, printedClassName: "MyApp.ProfileViewController", view: nil))
  }

  @Test func pointersAreStrippedByDefaultAndKeptOnRequest() throws {
    let stripped = try Self.load("tab-bar-pointers.txt").hierarchy
    #expect(stripped.viewControllers.allSatisfy { $0.dumpRecord?.address == nil })
    #expect(stripped.viewControllers.allSatisfy { $0.dumpRecord?.view?.address == nil })
    #expect(stripped.viewControllers.allSatisfy { $0.dumpRecord?.presentationController?.address == nil })

    let kept = try Self.load("tab-bar-pointers.txt", keepsPointers: true).hierarchy
    #expect(
      kept["FeedViewController"]?.dumpRecord
        == DumpRecord(
          line: 3, printedClassName: "MyApp.FeedViewController", address: "0x7fb1c8e0a000",
          view: DumpRecord.View(className: "UITableView", address: "0x7fb1ca02a800", isInWindow: false)))
    #expect(kept["UINavigationController-4"]?.dumpRecord?.address == "0x7fb1c9012000")
    #expect(
      kept["UINavigationController-4"]?.dumpRecord?.presentationController
        == DumpRecord.PresentationController(
          className: "_UIPageSheetPresentationController", address: "0x7fb1c8c0b300"))
    #expect(kept["UITabBarController"]?.dumpRecord?.address == "0x7fb1c8c0a200")
    #expect(kept["ProfileViewController"]?.dumpRecord?.view == nil)
    // Only the records differ.
    #expect(Self.summary(kept) == Self.summary(stripped))
  }

  @Test func aPresentedSheetWithItsOwnNavigationStackInTheNewerColonForm() throws {
    let dump = try Self.load("sheet-colon-pointers.txt", keepsPointers: true)
    let hierarchy = dump.hierarchy
    #expect(
      Self.summary(hierarchy) == [
        "UINavigationController: UINavigationController, navigation, appeared | root of 1",
        "HomeViewController: MyApp.HomeViewController, content, disappeared, not in the window"
          + " | child of UINavigationController",
        "DetailViewController: MyApp.DetailViewController, content, appeared | child of UINavigationController",
        "UINavigationController-2: UINavigationController, navigation, appeared"
          + " | presented by UINavigationController (formSheet)",
        "EditViewController: MyApp.EditViewController, content, appeared | child of UINavigationController-2",
      ])
    #expect(hierarchy["UINavigationController"]?.children == ["HomeViewController", "DetailViewController"])
    #expect(hierarchy.presentedViewController(of: "DetailViewController") == "UINavigationController-2")
    #expect(hierarchy.window(of: "EditViewController")?.id == "1")
    #expect(
      hierarchy["UINavigationController-2"]?.dumpRecord
        == DumpRecord(
          line: 4, printedClassName: "UINavigationController", address: "0x105012000",
          view: DumpRecord.View(className: "UILayoutContainerView", address: "0x104f0a3c0", isInWindow: true),
          presentationController: DumpRecord.PresentationController(
            className: "_UIFormSheetPresentationController", address: "0x104e0c5a0")))
    #expect(
      hierarchy["HomeViewController"]?.dumpRecord?.view
        == DumpRecord.View(className: "UIView", address: "0x104d0d1f0", isInWindow: false))
  }

  @Test func aDumpWithoutPointersReadsLikeTheSameDumpWithPointersStripped() throws {
    let withoutPointers = try Self.load("sheet-stripped-pointers.txt")
    let withPointers = try Self.load("sheet-colon-pointers.txt")
    #expect(withoutPointers.hierarchy == withPointers.hierarchy)
    #expect(withoutPointers.hierarchy["EditViewController"]?.dumpRecord?.view?.className == "UIView")
    // Keeping pointers of a dump that has none keeps nothing.
    #expect(try Self.load("sheet-stripped-pointers.txt", keepsPointers: true).hierarchy == withPointers.hierarchy)
    #expect(try Self.load("sheet-colon-pointers.txt", keepsPointers: true).hierarchy != withPointers.hierarchy)
  }

  @Test func viewsNotLoadedAndNotInTheWindow() throws {
    let hierarchy = try Self.load("view-states.txt").hierarchy
    #expect(
      Self.summary(hierarchy) == [
        "RootContainerViewController: MyApp.RootContainerViewController, container, appeared | root of 1",
        "UIPageViewController: UIPageViewController, pageView, appeared | child of RootContainerViewController",
        "OnboardingPageController: MyApp.OnboardingPageController, content, appeared | child of UIPageViewController",
        "BannerViewController: MyApp.BannerViewController, content, disappeared, not in the window"
          + " | child of RootContainerViewController",
        "AnalyticsViewController: MyApp.AnalyticsViewController, content, disappeared, view not loaded"
          + " | child of RootContainerViewController",
      ])
    let banner = try #require(hierarchy["BannerViewController"])
    #expect(banner.isViewLoaded)
    #expect(!hierarchy.isViewInWindow("BannerViewController"))
    #expect(banner.dumpRecord?.view == DumpRecord.View(className: "UIView", isInWindow: false))
    let analytics = try #require(hierarchy["AnalyticsViewController"])
    #expect(!analytics.isViewLoaded)
    #expect(analytics.dumpRecord?.view == nil)
    #expect(hierarchy.isViewInWindow("OnboardingPageController"))
    #expect(
      hierarchy["UIPageViewController"]?.dumpRecord?.view
        == DumpRecord.View(className: "_UIPageViewControllerContentView", isInWindow: true))
  }

  @Test func eachPresentationControllerClassGivesItsStyle() throws {
    let hierarchy = try Self.load("presentation-styles.txt").hierarchy
    let chain = [
      "RootViewController", "FullScreenViewController", "OverFullScreenViewController", "PageSheetViewController",
      "FormSheetViewController", "PopoverViewController", "SheetViewController", "CardViewController",
      "TransitioningViewController",
    ]
    #expect(hierarchy.order == chain)
    let styles: [ModalPresentationStyle?] = [
      .fullScreen, .overFullScreen, .pageSheet, .formSheet, .popover, nil, .custom, nil,
    ]
    let classes: [String?] = [
      "_UIFullscreenPresentationController", "_UIOverFullscreenPresentationController",
      "_UIPageSheetPresentationController", "_UIFormSheetPresentationController", "UIPopoverPresentationController",
      "UISheetPresentationController", "MyApp.CardPresentationController", nil,
    ]
    for (index, presented) in chain.dropFirst().enumerated() {
      let presenter = chain[index]
      #expect(hierarchy[presenter]?.presentation?.presented == presented)
      #expect(hierarchy[presenter]?.presentation?.style == styles[index], "\(presenter) presents \(presented)")
      #expect(hierarchy[presenter]?.presentation?.source == presenter)
      #expect(hierarchy[presented]?.presenter == presenter)
      #expect(hierarchy[presented]?.parent == nil)
      #expect(hierarchy[presented]?.dumpRecord?.presentationController?.className == classes[index])
      #expect(hierarchy[presented]?.dumpRecord?.presentationController?.address == nil)
      #expect(hierarchy[presented]?.dumpRecord?.line == index + 2)
    }
    #expect(hierarchy["TransitioningViewController"]?.dumpRecord?.presentationController != nil)
    #expect(hierarchy["TransitioningViewController"]?.presentation == nil)
    #expect(Self.windows(hierarchy) == ["1: RootViewController regular"])
    #expect(hierarchy.window(of: "TransitioningViewController")?.id == "1")
  }

  @Test func swiftNamesAreDemangledAndIdsDropTheModule() throws {
    let hierarchy = try Self.load("swift-names.txt").hierarchy
    #expect(
      Self.summary(hierarchy) == [
        "UIHostingController<ModifiedContent<AnyView, RootModifier>>:"
          + " SwiftUI.UIHostingController<SwiftUI.ModifiedContent<SwiftUI.AnyView, SwiftUI.RootModifier>>,"
          + " hosting, appeared | root of 1",
        "UIHostingController<ContentView>: SwiftUI.UIHostingController<MyApp.ContentView>, hosting, appeared"
          + " | child of UIHostingController<ModifiedContent<AnyView, RootModifier>>",
        "HomeViewController: MyApp.HomeViewController, content, appeared"
          + " | child of UIHostingController<ModifiedContent<AnyView, RootModifier>>",
        "HomeViewController-2: MyApp.HomeViewController, content, appeared"
          + " | child of UIHostingController<ModifiedContent<AnyView, RootModifier>>",
        "SettingsFlow.RootController: MyApp.SettingsFlow.RootController, content, disappeared, view not loaded"
          + " | child of UIHostingController<ModifiedContent<AnyView, RootModifier>>",
        "PagingController<Int>: MyApp.PagingController<Swift.Int>, container, appeared"
          + " | child of UIHostingController<ModifiedContent<AnyView, RootModifier>>",
        "UIHostingController<ContentView>-2: SwiftUI.UIHostingController<MyApp.ContentView>, hosting, appeared"
          + " | child of PagingController<Int>",
        // SwiftUI's private hosting controller for presentations is a hosting controller.
        "PresentationHostingController<AnyView>: SwiftUI.PresentationHostingController<SwiftUI.AnyView>, hosting,"
          + " appeared | presented by UIHostingController<ModifiedContent<AnyView, RootModifier>> (pageSheet)",
      ])
    #expect(
      hierarchy["HomeViewController-2"]?.dumpRecord?.printedClassName == "_TtC5MyApp18HomeViewController")
    #expect(hierarchy["HomeViewController"]?.dumpRecord?.printedClassName == "MyApp.HomeViewController")
    #expect(
      hierarchy["UIHostingController<ContentView>-2"]?.dumpRecord?.printedClassName
        == "_TtGC7SwiftUI19UIHostingControllerV5MyApp11ContentView_")
    // A view's class stays as printed.
    #expect(
      hierarchy["UIHostingController<ContentView>"]?.dumpRecord?.view?.className
        == "_TtGC7SwiftUI14_UIHostingViewV5MyApp11ContentView_")
  }

  @Test func aPlusLineAtDepthZeroIsAControllerOutsideAnyWindow() throws {
    let hierarchy = try Self.load("outside-window.txt").hierarchy
    #expect(
      Self.summary(hierarchy) == [
        "UINavigationController: UINavigationController, navigation, appeared | root of 1",
        "HomeViewController: MyApp.HomeViewController, content, appeared | child of UINavigationController",
        "UINavigationController-2: UINavigationController, navigation, disappeared, view not loaded",
        "OnboardingViewController: MyApp.OnboardingViewController, content, disappeared, view not loaded"
          + " | child of UINavigationController-2",
        "DetachedViewController: MyApp.DetachedViewController, content, disappeared, not in the window",
      ])
    #expect(Self.windows(hierarchy) == ["1: UINavigationController regular"])
    #expect(hierarchy["UINavigationController"]?.presentation == nil)
    for id in ["UINavigationController-2", "OnboardingViewController", "DetachedViewController"] {
      #expect(hierarchy.window(of: id) == nil, "\(id) is outside any window")
    }
    #expect(hierarchy.containmentRoot(of: "OnboardingViewController") == "UINavigationController-2")
    #expect(
      hierarchy["UINavigationController-2"]?.dumpRecord
        == DumpRecord(
          line: 3, printedClassName: "UINavigationController", view: nil,
          presentationController: DumpRecord.PresentationController(className: "_UIFullscreenPresentationController")))
    #expect(hierarchy["DetachedViewController"]?.dumpRecord?.presentationController == nil)
    #expect(hierarchy["DetachedViewController"]?.dumpRecord?.line == 5)
  }

  @Test func olderIOSVersionsPrintTwoSpacesAfterALabel() throws {
    let dump = try Self.load("older-ios-spacing.txt", keepsPointers: true)
    let hierarchy = dump.hierarchy
    #expect(
      Self.summary(hierarchy) == [
        "UINavigationController: UINavigationController, navigation, appeared | root of 1",
        "HomeViewController: MyApp.HomeViewController, content, disappeared, view not loaded"
          + " | child of UINavigationController",
        "DetailViewController: MyApp.DetailViewController, content, appeared | child of UINavigationController",
        "LoginViewController: MyApp.LoginViewController, content, appeared"
          + " | presented by UINavigationController (formSheet)",
      ])
    #expect(
      hierarchy["DetailViewController"]?.dumpRecord?.view
        == DumpRecord.View(className: "UIView", address: "0x7b4e3b10", isInWindow: true))
    #expect(
      hierarchy["LoginViewController"]?.dumpRecord?.presentationController
        == DumpRecord.PresentationController(className: "_UIFormSheetPresentationController", address: "0x7b1f0e40"))
    // It reads like the same dump with one space after each label.
    let oneSpace = dump.text.replacingOccurrences(of: ":  ", with: ": ")
    #expect(oneSpace != dump.text)
    #expect(try HierarchyDump(text: oneSpace, path: "dump.txt", keepsPointers: true).hierarchy == hierarchy)
  }

  @Test func aFirstLineWithThreeSpacesAndAPlusIsAPresentedControllerOutsideAnyWindow() throws {
    // `po presentedVC._printHierarchy`: UIKit prints the controller it was called on with "   + ".
    let hierarchy = try Self.load("presented-root.txt").hierarchy
    #expect(
      Self.summary(hierarchy) == [
        "UINavigationController: UINavigationController, navigation, appeared",
        "ComposeViewController: MyApp.ComposeViewController, content, appeared | child of UINavigationController",
        // After the first line, "   + " is presented by the line above at depth 0, as usual.
        "PhotoPickerViewController: MyApp.PhotoPickerViewController, content, appeared"
          + " | presented by UINavigationController (formSheet)",
      ])
    #expect(hierarchy.windows.isEmpty)
    for id in hierarchy.order {
      #expect(hierarchy.window(of: id) == nil, "\(id) is outside any window")
    }
    #expect(hierarchy["UINavigationController"]?.presenter == nil)
    #expect(
      hierarchy["UINavigationController"]?.dumpRecord
        == DumpRecord(
          line: 2, printedClassName: "UINavigationController",
          view: DumpRecord.View(className: "UILayoutContainerView", isInWindow: true),
          presentationController: DumpRecord.PresentationController(className: "_UIPageSheetPresentationController")))
    #expect(hierarchy["ComposeViewController"]?.dumpRecord?.line == 3)
  }

  @Test func lldbPromptsAndBlankLinesAroundTheDumpAreSkipped() throws {
    let hierarchy = try Self.load("lldb-session.txt").hierarchy
    #expect(
      Self.summary(hierarchy) == [
        "UINavigationController: UINavigationController, navigation, appeared | root of 1",
        "InboxViewController: MyApp.InboxViewController, content, appeared | child of UINavigationController",
      ])
    #expect(hierarchy["UINavigationController"]?.dumpRecord?.line == 3)
    #expect(hierarchy["InboxViewController"]?.dumpRecord?.line == 4)
  }

  @Test func severalWindowsOneAfterAnother() throws {
    let hierarchy = try Self.load("several-windows.txt").hierarchy
    #expect(
      Self.windows(hierarchy) == [
        "1: UISplitViewController regular", "2: UISplitViewController-2 regular",
        "3: UIInputWindowController regular",
      ])
    #expect(hierarchy.keyWindow == nil)
    #expect(
      hierarchy.order == [
        "UISplitViewController", "UINavigationController", "MailboxesViewController", "UINavigationController-2",
        "MessageListViewController", "UINavigationController-3", "MessageViewController", "UISplitViewController-2",
        "UINavigationController-4", "NotesListViewController", "UINavigationController-5",
        "NoteEditorViewController", "UIInputWindowController", "UICompatibilityInputViewController",
      ])
    // Three columns, all on screen: expanded, with a supplementary column.
    let mail = try #require(hierarchy["UISplitViewController"])
    #expect(mail.kind == .splitView)
    #expect(mail.children == ["UINavigationController", "UINavigationController-2", "UINavigationController-3"])
    #expect(mail.hasSupplementaryColumn)
    #expect(mail.isCollapsed == false)
    #expect(hierarchy.role(of: "UINavigationController-2") == .column("supplementary", isShown: true))
    // Two columns, only the primary on screen: collapsed.
    let notes = try #require(hierarchy["UISplitViewController-2"])
    #expect(notes.children == ["UINavigationController-4", "UINavigationController-5"])
    #expect(!notes.hasSupplementaryColumn)
    #expect(notes.isCollapsed == true)
    #expect(hierarchy.role(of: "UINavigationController-5") == .column("secondary", isShown: false))
    // The keyboard's window: a controller of UIKit's that is not a container of its own kind.
    #expect(hierarchy["UIInputWindowController"]?.kind == .container)
    #expect(hierarchy["UIInputWindowController"]?.children == ["UICompatibilityInputViewController"])
    #expect(hierarchy["UICompatibilityInputViewController"]?.kind == .content)
    #expect(hierarchy.window(of: "NoteEditorViewController")?.id == "2")
    #expect(hierarchy["UIInputWindowController"]?.dumpRecord?.line == 16)
  }

  @Test func crlfLineEndingsAndTrailingWhitespace() throws {
    let dump = try Self.load("crlf.txt")
    #expect(dump.text.contains("\r\n"))
    let hierarchy = dump.hierarchy
    #expect(
      Self.summary(hierarchy) == [
        "UINavigationController: UINavigationController, navigation, appeared | root of 1",
        "CartViewController: MyApp.CartViewController, content, appeared | child of UINavigationController",
        "UIAlertController: UIAlertController, content, appeared | presented by UINavigationController (custom)",
      ])
    #expect(
      hierarchy["UIAlertController"]?.dumpRecord
        == DumpRecord(
          line: 4, printedClassName: "UIAlertController",
          view: DumpRecord.View(className: "_UIAlertControllerView", isInWindow: true),
          presentationController: DumpRecord.PresentationController(
            className: "_UIAlertControllerAlertPresentationController")))
    #expect(hierarchy["UINavigationController"]?.dumpRecord?.view?.className == "UILayoutContainerView")
    let unixText = dump.text.replacingOccurrences(of: "\r\n", with: "\n")
    #expect(try HierarchyDump(text: unixText, path: "crlf.txt").hierarchy == hierarchy)
  }

  @Test func lldbsSwiftWrapperAroundThePlainText() throws {
    let hierarchy = try Self.load("optional-wrapper.txt").hierarchy
    #expect(
      Self.summary(hierarchy) == [
        "UITabBarController: UITabBarController, tabBar, appeared | root of 1",
        "UINavigationController: UINavigationController, navigation, appeared | child of UITabBarController",
        "FeedViewController: MyApp.FeedViewController, content, appeared | child of UINavigationController",
        "SettingsViewController: MyApp.SettingsViewController, content, disappeared, view not loaded"
          + " | child of UITabBarController",
      ])
    #expect(hierarchy["UITabBarController"]?.selectedChild == "UINavigationController")
    #expect(hierarchy["UITabBarController"]?.dumpRecord?.line == 3)
    #expect(hierarchy["UITabBarController"]?.dumpRecord?.printedClassName == "UITabBarController")
    #expect(hierarchy["SettingsViewController"]?.dumpRecord?.line == 6)
  }

  @Test func lldbsSwiftWrapperAroundAQuotedString() throws {
    let hierarchy = try Self.load("optional-wrapper-quoted.txt").hierarchy
    #expect(
      Self.summary(hierarchy) == [
        "UINavigationController: UINavigationController, navigation, appeared | root of 1",
        "HomeViewController: MyApp.HomeViewController, content, appeared | child of UINavigationController",
        "LoginViewController: MyApp.LoginViewController, content, appeared"
          + " | presented by UINavigationController (pageSheet)",
      ])
    // Every controller is on the line of the string.
    #expect(hierarchy.viewControllers.map { $0.dumpRecord?.line } == [3, 3, 3])
    #expect(
      hierarchy["LoginViewController"]?.dumpRecord?.presentationController?.className
        == "_UIPageSheetPresentationController")
  }

  @Test func theQuotedStringIsUnescaped() throws {
    let text =
      #"  - some : "<A>, state: appeared, view: <UIView>\n   | <B>, state: appeared,\u{20}view: <UIView>\t\r\n""#
    let hierarchy = try HierarchyDump(text: text, path: "dump.txt").hierarchy
    #expect(hierarchy.order == ["A", "B"])
    #expect(hierarchy["A"]?.children == ["B"])
  }

  @Test func theDumpKeepsItsTextAndPath() throws {
    let path = Self.fixturePath("several-windows.txt")
    let dump = try HierarchyDump(contentsOfFile: path)
    #expect(dump.path == path)
    #expect(dump.text == (try String(contentsOfFile: path, encoding: .utf8)))
    let fromText = try HierarchyDump(text: dump.text, path: "<stdin>")
    #expect(fromText.path == "<stdin>")
    #expect(fromText.hierarchy == dump.hierarchy)
  }

  // MARK: Relations and names from inline dumps

  @Test func aFirstLineWithThreeSpacesAndAPlusInsideLldbsWrapper() throws {
    let plain = try HierarchyDump(
      text: """
        ▿ Optional<Any>
          - some :    + <A>, state: appeared, view: <UIView>, presented with: (null)
           | <B>, state: appeared, view: <UIView>
        + <C>, state: disappeared, view: (view not loaded)
        """, path: "dump.txt"
    ).hierarchy
    let quoted = try HierarchyDump(
      text:
        #"  - some : "   + <A>, state: appeared, view: <UIView>, presented with: (null)\n   | <B>, state: appeared, view: <UIView>""#,
      path: "dump.txt"
    ).hierarchy
    for hierarchy in [plain, quoted] {
      #expect(hierarchy.windows.isEmpty)
      #expect(hierarchy["A"]?.presenter == nil)
      #expect(hierarchy["A"]?.parent == nil)
      #expect(hierarchy["A"]?.children == ["B"])
      #expect(hierarchy["A"]?.dumpRecord?.presentationController == DumpRecord.PresentationController(className: nil))
    }
    #expect(plain["A"]?.dumpRecord?.line == 2)
    // A later "+ " line at depth 0 is another controller outside any window.
    #expect(plain["C"]?.presenter == nil)
    #expect(plain["A"]?.presentation == nil)
    #expect(quoted.order == ["A", "B"])
  }

  @Test func balancedBracketsAndFunctionArrowsInClassNames() throws {
    let hierarchy = try HierarchyDump(
      text: """
        <MyApp.Box<(Swift.Int) -> ()>: 0x1>, state: appeared, view: <UIView: 0x2>
           | <MyApp.Grid<[Swift.String: [Swift.Int]], ((Swift.Int) -> Swift.Bool)>: 0x3>, state: appeared, view: <UIView: 0x4>
        """, path: "dump.txt"
    ).hierarchy
    #expect(
      hierarchy.viewControllers.map { $0.dumpRecord?.printedClassName } == [
        "MyApp.Box<(Swift.Int) -> ()>", "MyApp.Grid<[Swift.String: [Swift.Int]], ((Swift.Int) -> Swift.Bool)>",
      ])
    #expect(hierarchy.viewControllers[1].parent == hierarchy.order[0])
  }

  @Test func dataIsReadAsUTF8() throws {
    let text = try String(contentsOfFile: Self.fixturePath("sheet-colon-pointers.txt"), encoding: .utf8)
    let fromData = try HierarchyDump(data: Data(text.utf8), path: "<stdin>", keepsPointers: true)
    let fromText = try HierarchyDump(text: text, path: "<stdin>", keepsPointers: true)
    #expect(fromData.text == text)
    #expect(fromData.path == "<stdin>")
    #expect(fromData.keepsPointers)
    #expect(fromData.hierarchy == fromText.hierarchy)
    // A byte order mark is kept in the text and skipped when reading.
    let marked = try HierarchyDump(data: Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8), path: "<stdin>")
    #expect(marked.text == "\u{FEFF}" + text)
    #expect(marked.hierarchy == (try HierarchyDump(text: text, path: "<stdin>")).hierarchy)
    #expect(throws: DumpError(.noControllers, at: SourceLocation(file: "<stdin>", line: 1, column: 1))) {
      try HierarchyDump(data: Data(), path: "<stdin>")
    }
  }

  @Test func aPresentedLineWithoutPresentationControllerHasNoStyle() throws {
    let hierarchy = try HierarchyDump(
      text: """
        <MyApp.HomeViewController>, state: appeared, view: <UIView>
           + <MyApp.LoginViewController>, state: appearing, view: <UIView>
        """, path: "dump.txt"
    ).hierarchy
    #expect(
      hierarchy["HomeViewController"]?.presentation
        == Presentation(presented: "LoginViewController", style: nil, source: "HomeViewController"))
    #expect(hierarchy["LoginViewController"]?.dumpRecord?.presentationController == nil)
    #expect(hierarchy["LoginViewController"]?.appearance == .appearing)
  }

  @Test func everyAppearanceStateIsRead() throws {
    let hierarchy = try HierarchyDump(
      text: """
        <UINavigationController>, state: disappearing, view: <UILayoutContainerView>
           | <A>, state: disappeared, view: <UIView>
           | <B>, state: appearing, view: <UIView>
           | <C>, state: appeared, view: <UIView>
        """, path: "dump.txt"
    ).hierarchy
    #expect(hierarchy.viewControllers.map(\.appearance) == [.disappearing, .disappeared, .appearing, .appeared])
  }

  @Test func idsStayUniqueWhenAClassNameLooksNumbered() throws {
    let hierarchy = try HierarchyDump(
      text: """
        <A>, state: appeared, view: <UIView>
           | <A>, state: appeared, view: <UIView>
           | <A-2>, state: appeared, view: <UIView>
           | <ModuleB.A>, state: appeared, view: <UIView>
        """, path: "dump.txt"
    ).hierarchy
    #expect(hierarchy.order == ["A", "A-2", "A-2-2", "A-3"])
    #expect(hierarchy["A-3"]?.className == "ModuleB.A")
  }

  @Test func anAppsContainerClassesGetTheirKindFromTheirNames() throws {
    let hierarchy = try HierarchyDump(
      text: """
        <MyApp.RootTabBarController>, state: appeared, view: <UILayoutContainerView>
           | <MyApp.MainNavigationController>, state: appeared, view: <UILayoutContainerView>
           |    | <MyApp.MasterSplitViewController>, state: appeared, view: <UILayoutContainerView>
           |    |    | <MyApp.StoryPageViewController>, state: appeared, view: <UIView>
           |    |    | <MyApp.CardsContainer>, state: appeared, view: <UIView>
           |    |    |    | <UIImagePickerController>, state: appeared, view: <UIView>
           | <MyApp.EmptyNavigationController>, state: disappeared, view: (view not loaded)
        """, path: "dump.txt"
    ).hierarchy
    // A name ending like a container's makes a container only with children: StoryPageViewController
    // and EmptyNavigationController hold none, so they are content (a page can be named "…PageViewController").
    #expect(
      hierarchy.viewControllers.map(\.kind) == [
        .tabBar, .navigation, .splitView, .content, .container, .navigation, .content,
      ])
    #expect(hierarchy["MainNavigationController"]?.definesPresentationContext == true)
    #expect(hierarchy["CardsContainer"]?.definesPresentationContext == false)
  }

  @Test func aTabBarSelectsTheTabOnScreenElseTheOneInTheWindowElseNone() throws {
    func selected(_ states: [String]) throws -> String? {
      var text = "<UITabBarController>, state: appeared, view: <UILayoutContainerView>\n"
      for (index, state) in states.enumerated() {
        text += "   | <Tab\(index)>, state: \(state)\n"
      }
      return try HierarchyDump(text: text, path: "dump.txt").hierarchy["UITabBarController"]?.selectedChild
    }
    let hidden = "disappeared, view: <UIView> not in the window"
    #expect(try selected([hidden, "appeared, view: <UIView>"]) == "Tab1")
    #expect(try selected([hidden, "appearing, view: <UIView>", hidden]) == "Tab1")
    #expect(try selected(["disappeared, view: <UIView>", "disappearing, view: <UIView> not in the window"]) == "Tab0")
    #expect(try selected(["disappearing, view: <UIView> not in the window", "disappeared, view: <UIView>"]) == "Tab1")
    #expect(try selected([hidden, "disappeared, view: (view not loaded)"]) == nil)
    #expect(try selected([]) == nil)
  }

  /// A dump prints no collapse: only the columns on screen tell, and when they do not, the split
  /// view is neither collapsed nor expanded (no label), never expanded by default.
  @Test func aSplitViewIsCollapsedOrExpandedOnlyWhenItsColumnsOnScreenSaySo() throws {
    func split(_ state: String, _ columns: [String]) throws -> ViewController? {
      var text = "<UISplitViewController>, state: \(state), view: <UILayoutContainerView>\n"
      for (index, column) in columns.enumerated() {
        text += "   | <Column\(index)>, state: \(column), view: <UIView>\n"
      }
      return try HierarchyDump(text: text, path: "dump.txt").hierarchy["UISplitViewController"]
    }
    #expect(try split("appeared", ["appeared", "disappeared"])?.isCollapsed == true)
    #expect(try split("appearing", ["appearing", "disappeared", "disappeared"])?.isCollapsed == true)
    #expect(try split("appeared", ["appeared", "appeared"])?.isCollapsed == false)
    // Off screen, or one column (only a primary, or the others pushed onto it): the dump does not say.
    #expect(try split("disappeared", ["appeared", "disappeared"])?.isCollapsed == .some(nil))
    #expect(try split("disappeared", ["disappeared", "disappeared"])?.isCollapsed == .some(nil))
    #expect(try split("appeared", ["appeared"])?.isCollapsed == .some(nil))
    #expect(try split("appeared", ["disappeared", "disappeared"])?.isCollapsed == .some(nil))
    // Only the last column on screen: the primary hidden (`secondaryOnly`, expanded), or collapsed
    // onto a compact column; the dump cannot tell which.
    #expect(try split("appeared", ["disappeared", "appeared"])?.isCollapsed == .some(nil))
    #expect(try split("appeared", ["disappeared", "disappeared", "appeared"])?.isCollapsed == .some(nil))
    // Two columns on screen: expanded whichever they are.
    #expect(try split("appeared", ["disappeared", "appeared", "appeared"])?.isCollapsed == false)
    #expect(try split("appeared", ["disappeared", "disappeared"])?.splitViewState == nil)
    #expect(try split("appeared", ["appeared", "disappeared"])?.splitViewState == "collapsed")
    #expect(try split("appeared", ["appeared", "appeared", "appeared"])?.hasSupplementaryColumn == true)
    #expect(try split("appeared", ["appeared", "appeared"])?.hasSupplementaryColumn == false)
    #expect(try split("appeared", ["appeared", "appeared", "appeared", "appeared"])?.hasSupplementaryColumn == false)
  }

  @Test func aDeepHierarchyReadsWithoutRecursion() throws {
    var text = "<UINavigationController>, state: appeared, view: <UILayoutContainerView>\n"
    for depth in 1..<400 {
      text += String(repeating: "   | ", count: depth) + "<Level>, state: appeared, view: <UIView>\n"
    }
    let hierarchy = try HierarchyDump(text: text, path: "dump.txt").hierarchy
    #expect(hierarchy.order.count == 400)
    #expect(hierarchy.ancestors(of: "Level-399").count == 399)
    #expect(hierarchy["Level-2"]?.parent == "Level")
  }

  @Test func nullPointersAreNotDuplicates() throws {
    let hierarchy = try HierarchyDump(
      text: """
        <A: 0x0>, state: appeared, view: <UIView: 0x0>
           | <B: 0x0>, state: appeared, view: <UIView: 0x0>
        """, path: "dump.txt", keepsPointers: true
    ).hierarchy
    #expect(hierarchy["B"]?.dumpRecord?.address == "0x0")
  }

  @Test func genericClassNamesPrintedDemangledAreRead() throws {
    let hierarchy = try HierarchyDump(
      text: """
        <SwiftUI.UIHostingController<SwiftUI.ModifiedContent<SwiftUI.AnyView, SwiftUI.RootModifier>>: 0x7b3218d0>, state: appeared, view: <UIView: 0x7b4e1a20>
        """, path: "dump.txt", keepsPointers: true
    ).hierarchy
    #expect(hierarchy.order == ["UIHostingController<ModifiedContent<AnyView, RootModifier>>"])
    #expect(hierarchy.viewControllers.first?.dumpRecord?.address == "0x7b3218d0")
  }

  // MARK: Robustness

  @Test func everyTruncationOfADumpIsReadOrRejectedWithoutCrashing() throws {
    let text = try String(contentsOfFile: Self.fixturePath("several-windows.txt"), encoding: .utf8)
    let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
    var accepted = 0
    for length in 0...text.count {
      do {
        _ = try HierarchyDump(text: String(text.prefix(length)), path: "dump.txt")
        accepted += 1
      } catch {
        #expect((1...lineCount).contains(error.location.line))
        #expect(error.location.column >= 1)
      }
    }
    // Cut at a line's end, the text is a valid dump of the lines before.
    #expect(accepted >= 16)
  }

  @Test func randomEditsOfADumpAreReadOrRejectedWithoutCrashing() throws {
    let text = Array(try String(contentsOfFile: Self.fixturePath("tab-bar-pointers.txt"), encoding: .utf8))
    let alphabet = Array("<>|+ :,()\n\r\"\\0x_Tt")
    var random = DumpTestRandom(seed: 42)
    for _ in 0..<500 {
      var edited = text
      for _ in 0..<3 {
        let position = random.next(below: edited.count)
        switch random.next(below: 3) {
        case 0: edited.remove(at: position)
        case 1: edited.insert(alphabet[random.next(below: alphabet.count)], at: position)
        default: edited[position] = alphabet[random.next(below: alphabet.count)]
        }
      }
      do {
        _ = try HierarchyDump(text: String(edited), path: "dump.txt")
      } catch {
        #expect(error.location.line >= 1 && error.location.column >= 1)
      }
    }
  }
}

/// A small deterministic random number generator for the edit test.
struct DumpTestRandom {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next(below bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    value ^= value >> 31
    return Int(value % UInt64(max(bound, 1)))
  }
}

/// The errors a malformed dump gives, with their line and column.
@Suite("HierarchyDump: errors in malformed dumps")
struct HierarchyDumpErrorTests {
  /// Expects reading `text` to fail with exactly `description`, as the CLI prints it.
  func expectError(_ text: String, _ description: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    do {
      let dump = try HierarchyDump(text: text, path: "dump.txt")
      Issue.record(
        "the dump was read into \(dump.hierarchy.order); expected \(description)", sourceLocation: sourceLocation)
    } catch {
      #expect(error.description == description, sourceLocation: sourceLocation)
    }
  }

  static let root = "<UINavigationController: 0x1>, state: appeared, view: <UILayoutContainerView: 0x2>\n"

  @Test func aMissingViewAfterTheState() {
    expectError(
      Self.root + "   | <MyApp.HomeViewController: 0x3>, state: appeared view: <UIView: 0x4>",
      #"dump.txt:2:54: error: expected ", view: " after the state, found " view: <UIView: 0x4>""#)
    expectError(
      "<A>, state: appeared", #"dump.txt:1:21: error: expected ", view: " after the state, found the end of the line"#)
  }

  @Test func anUnknownStateListsTheFour() {
    expectError(
      "<A>, state: visible, view: (view not loaded)",
      #"dump.txt:1:13: error: unknown state "visible"; expected one of: disappeared, appearing, appeared, disappearing"#
    )
    expectError(
      "<A>, state: , view: (view not loaded)",
      #"dump.txt:1:13: error: expected a state (disappeared, appearing, appeared, disappearing), found ", view: (view not loaded)""#
    )
  }

  @Test func linesThatAreNotControllerLines() {
    // Text without a controller line is not a dump (prose around a dump is left out: TolerantDumpTests).
    expectError(
      "hello world",
      "dump.txt:1:1: error: no controller lines found; expected lines like"
        + " `<UINavigationController: 0x…>, state: appeared, view: <…>`")
    expectError(
      "<>, state: appeared, view: <UIView>",
      #"dump.txt:1:2: error: expected the controller's class name after "<", found ">, state: appeared, view: <UIV…""#)
    expectError(
      "<A> state: appeared, view: <UIView>",
      #"dump.txt:1:4: error: expected ", state: " after the controller, found " state: appeared, view: <UIVie…""#)
    expectError(
      "<A: zz>, state: appeared, view: (view not loaded)",
      #"dump.txt:1:5: error: expected a pointer like 0x7b3218d0 after the class name, found "zz>, state: appeared, view: (v…""#
    )
    expectError(
      "<A 0x1, state: appeared, view: (view not loaded)",
      #"dump.txt:1:7: error: expected ">" after the pointer, found ", state: appeared, view: (view…""#)
    expectError(
      "<UINavigationController",
      #"dump.txt:1:24: error: expected ">" to close the controller, found the end of the line"#)
    expectError(
      "<A>, state: appeared, view: nothing",
      #"dump.txt:1:29: error: expected "(view not loaded)" or a view like <UIView: 0x7b3218d0>, found "nothing""#)
    expectError(
      "<A>, state: appeared, view: <UIView> not in window",
      #"dump.txt:1:37: error: expected ", presented with: " or the end of the line after the view, found " not in window""#
    )
    expectError(
      "<A>, state: appeared, view: <UIView>\n   + <B>, state: appeared, view: <UIView>, presented with: (null) extra",
      #"dump.txt:2:66: error: expected the end of the line after the presentation controller, found " extra""#)
    expectError(
      "<A>, state: appeared, view: <UIView>\n   + <B>, state: appeared, view: <UIView>, presented with: nobody",
      #"dump.txt:2:60: error: expected "(null)" or a presentation controller like <_UIPageSheetPresentationController: 0x7b3218d0>, found "nobody""#
    )
  }

  @Test func aDepthThatJumpsMoreThanOneLevel() {
    expectError(
      """
      <A>, state: appeared, view: (view not loaded)
         | <B>, state: appeared, view: (view not loaded)
         |    |    | <C>, state: appeared, view: (view not loaded)
      """,
      "dump.txt:3:11: error: the depth jumps from 1 to 3; a line is at most one level deeper than the controller line above it"
    )
    expectError(
      "<A>, state: appeared, view: (view not loaded)\n   |    + <C>, state: appeared, view: (view not loaded)",
      "dump.txt:2:6: error: the depth jumps from 0 to 2; a line is at most one level deeper than the controller line above it"
    )
    // A huge jump is reported like any other, at the first level too deep.
    expectError(
      "<A>, state: appeared, view: (view not loaded)\n" + String(repeating: "   | ", count: 100_000)
        + "<C>, state: appeared, view: (view not loaded)",
      "dump.txt:2:6: error: the depth jumps from 0 to 100000; a line is at most one level deeper than the controller line above it"
    )
  }

  @Test func aLineWithMoreSpacesButNoMarkerHasNoDepth() {
    expectError(
      "<A>, state: appeared, view: (view not loaded)\n      <B>, state: appeared, view: (view not loaded)",
      #"dump.txt:2:1: error: this line is indented more than the dump's first line but has no "|" or "+" marker; its depth cannot be told"#
    )
  }

  @Test func aPlusMarksOnlyTheLastLevel() {
    expectError(
      "<A>, state: appeared, view: (view not loaded)\n   +    | <B>, state: appeared, view: (view not loaded)",
      #"dump.txt:2:4: error: a "+" marks the presented controller's own level and comes last before the "<""#)
  }

  @Test func spacesAfterALabelKeepTheColumnsOfLaterErrors() {
    expectError(
      "<A>, state: appeared, view: <UIView>\n   + <B>, state:  appeared, view:   <UIView>, presented with:  nobody",
      #"dump.txt:2:64: error: expected "(null)" or a presentation controller like <_UIPageSheetPresentationController: 0x7b3218d0>, found "nobody""#
    )
    expectError(
      "<A>, state: appeared, view: <UIView>\n   | <B>, state:  disappeared, view:  nothing",
      #"dump.txt:2:39: error: expected "(view not loaded)" or a view like <UIView: 0x7b3218d0>, found "nothing""#)
    expectError(
      "<A>, state: appeared, view: <UIView>\n   | <B>, state:   visible, view: (view not loaded)",
      #"dump.txt:2:20: error: unknown state "visible"; expected one of: disappeared, appearing, appeared, disappearing"#
    )
    // A label still needs a space after it.
    expectError(
      "<A>, state:appeared, view: <UIView>",
      #"dump.txt:1:4: error: expected ", state: " after the controller, found ", state:appeared, view: <UIVie…""#)
    expectError(
      "<A>, state: appeared, view:(view not loaded)",
      #"dump.txt:1:21: error: expected ", view: " after the state, found ", view:(view not loaded)""#)
  }

  @Test func aWindowRootCannotSayPresentedWith() {
    let message =
      #"a window's root line (depth 0, no "+") cannot say "presented with:"; a presented controller's line starts with "+""#
    expectError("<A>, state: appeared, view: <UIView>, presented with: (null)", "dump.txt:1:37: error: " + message)
    expectError(
      "<A: 0x1>, state:  appeared, view:  <UIView: 0x2>, presented with:  <_UIPageSheetPresentationController: 0x3>",
      "dump.txt:1:49: error: " + message)
    expectError(
      "<A>, state: appeared, view: <UIView>\n<B>, state: appeared, view: <UIView: 0x1> not in the window, presented with: (null)",
      "dump.txt:2:60: error: " + message)
  }

  @Test func anUnbalancedBracketInAClassNameIsReportedWhereItIs() {
    expectError(
      "<MyApp.Box)>, state: appeared, view: (view not loaded)",
      #"dump.txt:1:11: error: unbalanced ")" in the controller's class name; no bracket before it is open"#)
    expectError(
      "<Box<A]>, state: appeared, view: (view not loaded)",
      #"dump.txt:1:7: error: unbalanced "]" in the controller's class name; the "<" at column 5 must be closed first, with ">""#
    )
    expectError(
      "<Box(A>: 0x1>, state: appeared, view: (view not loaded)",
      #"dump.txt:1:7: error: unbalanced ">" in the controller's class name; the "(" at column 5 must be closed first, with ")""#
    )
    expectError(
      "<A>, state: appeared, view: <UIView]>",
      #"dump.txt:1:36: error: unbalanced "]" in the view's class name; no bracket before it is open"#)
    expectError(
      "<A>, state: appeared, view: <UIView>\n"
        + "   + <B>, state: appeared, view: <UIView>, presented with: <MyApp.Card[Int)PresentationController>",
      #"dump.txt:2:75: error: unbalanced ")" in the presentation controller's class name; the "[" at column 71 must be closed first, with "]""#
    )
    expectError(
      "  - some : <Box<(Int]>, state: appeared, view: (view not loaded)",
      #"dump.txt:1:21: error: unbalanced "]" in the controller's class name; the "(" at column 17 must be closed first, with ")""#
    )
  }

  @Test func textThatIsNotUTF8IsRejectedAtTheFirstInvalidByte() throws {
    func location(_ line: Int, _ column: Int) -> VCGraph.SourceLocation {
      SourceLocation(file: "dump.txt", line: line, column: column)
    }
    func read(_ data: Data) throws(DumpError) {
      _ = try HierarchyDump(data: data, path: "dump.txt")
    }
    // Columns count the characters of the line before the byte.
    let cafe = Data(Self.root.utf8) + Data("   | <MyApp.Café🙂".utf8) + Data([0xFF]) + Data(">, state: appeared".utf8)
    do {
      try read(cafe)
      Issue.record("text that is not UTF-8 was read")
    } catch {
      #expect(error.description == "dump.txt:2:18: error: the text is not UTF-8: invalid byte 0xFF")
    }
    // A sequence cut short or ill-formed is reported at its first byte.
    #expect(throws: DumpError(.notUTF8(byte: 0xC3), at: location(1, 4))) {
      try read(Data("<A>".utf8) + Data([0xC3, 0x28]))
    }
    #expect(throws: DumpError(.notUTF8(byte: 0xE2), at: location(2, 3))) {
      try read(Data("<A>, state: appeared, view: <UIView>\r\n<B".utf8) + Data([0xE2, 0x82]))
    }
    #expect(throws: DumpError(.notUTF8(byte: 0xED), at: location(1, 2))) { try read(Data([0x3C, 0xED, 0xA0, 0x80])) }
    #expect(throws: DumpError(.notUTF8(byte: 0xC0), at: location(1, 1))) { try read(Data([0xC0, 0x80])) }
    // Lines end as when the dump is read: "\n", "\r\n" or "\r".
    #expect(throws: DumpError(.notUTF8(byte: 0x80), at: location(4, 2))) {
      try read(Data("a\rb\r\nc\nd".utf8) + Data([0x80]))
    }
    // A byte order mark is not counted.
    #expect(throws: DumpError(.notUTF8(byte: 0xFF), at: location(1, 3))) {
      try read(Data([0xEF, 0xBB, 0xBF]) + Data("<A".utf8) + Data([0xFF]))
    }
  }

  @Test func aChildLineCannotSayPresentedWith() {
    expectError(
      "<A>, state: appeared, view: (view not loaded)\n   | <B>, state: appeared, view: <UIView>, presented with: (null)",
      #"dump.txt:2:42: error: a child line ("   | ") cannot say "presented with:"; only a presented controller ("   + ") has one"#
    )
  }

  @Test func aControllerPresentedTwiceBySamePresenter() {
    expectError(
      """
      <MyApp.HomeViewController>, state: appeared, view: <UIView>
         + <B>, state: appeared, view: <UIView>, presented with: (null)
         |    | <C>, state: appeared, view: <UIView>
         + <D>, state: appeared, view: <UIView>, presented with: (null)
      """,
      "dump.txt:4:4: error: MyApp.HomeViewController on line 1 already presents the controller on line 2;"
        + " a controller presents at most one other")
    expectError(
      """
      <A>, state: appeared, view: <UIView>
         | <B>, state: appeared, view: <UIView>
         |    + <C>, state: appeared, view: <UIView>
         |    + <D>, state: appeared, view: <UIView>
      """,
      "dump.txt:4:9: error: B on line 2 already presents the controller on line 3; a controller presents at most one other"
    )
  }

  @Test func theSamePointerOnTwoControllerLines() {
    expectError(
      "<UINavigationController: 0x7b3218d0>, state: appeared, view: <UILayoutContainerView: 0x7b4e1a20>\n"
        + "   | <MyApp.HomeViewController: 0x7B3218D0>, state: appeared, view: <UIView: 0x7b4e3b10>",
      "dump.txt:2:33: error: the pointer 0x7B3218D0 is on two controller lines, 1 and 2; a controller appears only once in a dump"
    )
  }

  @Test func aTextWithoutControllerLines() {
    let message =
      "dump.txt:1:1: error: no controller lines found; expected lines like `<UINavigationController: 0x…>, state: appeared, view: <…>`"
    expectError("", message)
    expectError("\n  \r\n(lldb) po UIViewController.value(forKey: \"_printHierarchy\")\n▿ Optional<Any>\n", message)
  }

  @Test func errorsInsideLldbsWrapperPointAtTheFilesColumns() {
    expectError(
      "▿ Optional<Any>\n  - some : <A>, state: visible, view: (view not loaded)",
      #"dump.txt:2:24: error: unknown state "visible"; expected one of: disappeared, appearing, appeared, disappearing"#
    )
    expectError(
      #"  - some : "<A>, state: appeared, view: (view not loaded)\n   | <B>, state: visible, view: (view not loaded)""#,
      #"dump.txt:1:77: error: unknown state "visible"; expected one of: disappeared, appearing, appeared, disappearing"#
    )
  }

  @Test func anUnreadableFile() throws {
    do {
      _ = try HierarchyDump(contentsOfFile: "/nonexistent/dump.txt")
      Issue.record("a missing file was read")
    } catch {
      #expect(error.location == SourceLocation(wholeFile: "/nonexistent/dump.txt"))
      guard case .unreadable = error.problem else {
        Issue.record("expected an unreadable file, got \(error)")
        return
      }
      #expect(error.description.hasPrefix("/nonexistent/dump.txt: error: cannot read the dump: "))
    }

    let folder = HierarchyDumpTests.fixtures.path
    #expect(
      throws: DumpError(
        .unreadable("it is a folder; give the text file the dump was saved to"),
        at: SourceLocation(wholeFile: folder))
    ) {
      try HierarchyDump(contentsOfFile: folder)
    }

    let binary = FileManager.default.temporaryDirectory.appendingPathComponent("vcgraph-dump-\(UUID()).txt")
    try Data([0xFF, 0xFE, 0x00, 0xC3]).write(to: binary)
    defer { try? FileManager.default.removeItem(at: binary) }
    #expect(throws: DumpError(.notUTF8(byte: 0xFF), at: SourceLocation(file: binary.path, line: 1, column: 1))) {
      try HierarchyDump(contentsOfFile: binary.path)
    }
    // A file is read as its bytes: the line and column of the first invalid one.
    try (Data("<A>, state: appeared, view: <UIView>\n   | <B".utf8) + Data([0xFE])).write(to: binary)
    do {
      _ = try HierarchyDump(contentsOfFile: binary.path)
      Issue.record("a file that is not UTF-8 was read")
    } catch {
      #expect(error.description == "\(binary.path):2:8: error: the text is not UTF-8: invalid byte 0xFE")
    }
  }
}

/// Mangled Objective-C names of Swift classes, and names without their modules.
@Suite("HierarchyDump: Swift class names")
struct HierarchyDumpClassNameTests {
  @Test(arguments: [
    ("_TtC5MyApp18HomeViewController", "MyApp.HomeViewController"),
    ("_TtCC5MyApp12SettingsFlow14RootController", "MyApp.SettingsFlow.RootController"),
    ("_TtCV5MyApp6Screen10Controller", "MyApp.Screen.Controller"),
    ("_TtGC7SwiftUI19UIHostingControllerV5MyApp11ContentView_", "SwiftUI.UIHostingController<MyApp.ContentView>"),
    (
      "_TtGC7SwiftUI19UIHostingControllerGVS_15ModifiedContentVS_7AnyViewVS_12RootModifier__",
      "SwiftUI.UIHostingController<SwiftUI.ModifiedContent<SwiftUI.AnyView, SwiftUI.RootModifier>>"
    ),
    ("_TtGC5MyApp16PagingControllerSi_", "MyApp.PagingController<Swift.Int>"),
    ("_TtGC5MyApp3BoxSSSbSdSf_", "MyApp.Box<Swift.String, Swift.Bool, Swift.Double, Swift.Float>"),
    ("_TtGC5MyApp3BoxGVSs10DictionarySSSi__", "MyApp.Box<Swift.Dictionary<Swift.String, Swift.Int>>"),
    ("_TtGC5MyApp6DetailGSqSS__", "MyApp.Detail<Swift.Optional<Swift.String>>"),
    ("_TtGC5MyApp14ListControllerVS_4Item_", "MyApp.ListController<MyApp.Item>"),
    ("_TtGC5MyApp14ListControllerGS0_SS__", "MyApp.ListController<MyApp.ListController<Swift.String>>"),
    ("_TtGC5MyApp4PairVS_4LeftVS_5RightS1__", "MyApp.Pair<MyApp.Left, MyApp.Right, MyApp.Left>"),
    ("_TtGC5MyApp4PairVS_4LeftVS_5RightS2__", "MyApp.Pair<MyApp.Left, MyApp.Right, MyApp.Right>"),
    ("_TtGC5MyApp3BoxOS_4Mode_", "MyApp.Box<MyApp.Mode>"),
    ("_TtGC5MyApp3BoxCSo8NSObject_", "MyApp.Box<NSObject>"),
    (
      "_TtGC7SwiftUI19UIHostingControllerGVS_9TupleViewTVS_4TextVS_5Image___",
      "SwiftUI.UIHostingController<SwiftUI.TupleView<(SwiftUI.Text, SwiftUI.Image)>>"
    ),
    ("_TtC5MyAppP33_5E2D1A0C7D1F4A5B8E9C0D1E2F3A4B5C19LoginViewController", "MyApp.LoginViewController"),
    ("MyApp.HomeViewController", "MyApp.HomeViewController"),
    ("UINavigationController", "UINavigationController"),
  ])
  func demangles(mangled: String, swiftName: String) {
    #expect(SwiftClassName.demangled(mangled) == swiftName)
  }

  @Test(arguments: [
    "", "_T", "_Tt", "_TtC", "_TtGC7Swi", "_TtC5MyApp", "_TtC5MyApp99Short", "_TtC5MyApp18HomeViewControllerXYZ",
    "_TtGC5MyApp3Box_", "_TtGC5MyApp3BoxSi", "_TtS_", "_TtS9_", "_TtGC5MyApp3BoxS5_", "_TtGC5MyApp3BoxS__",
    "_TtSz", "_TtSs", "_TtC0X", "_TtC5MyApp1é", "_TtC5MyApp0", "_TtC9999999999999999999A", "_TtCX5MyApp",
    "_TtP5MyApp8Protocol_", "_TtFSiSu", "_TtC5MyAppP", "_TtC5MyAppL", "_TtC5MyAppL_", "_TtGCS_3Box_",
    "_TtC5MyApp\u{0}A",
    "_TtGSqSS", "HomeViewController", "<UIView: 0x1>", "🙂", "_Tt🙂",
  ])
  func leavesWhatItCannotDecodeUnchanged(garbage: String) {
    #expect(SwiftClassName.demangled(garbage) == garbage)
  }

  @Test func deeplyNestedNamesDoNotExhaustTheStack() {
    let bomb = "_Tt" + String(repeating: "G", count: 100_000) + "C5MyApp3Box"
    #expect(SwiftClassName.demangled(bomb) == bomb)
    let nestedContexts = "_Tt" + String(repeating: "C", count: 100_000) + "5MyApp3Box"
    #expect(SwiftClassName.demangled(nestedContexts) == nestedContexts)
    // Ten levels are fine.
    let ten = "_Tt" + String(repeating: "GC5MyApp3Box", count: 10) + "Si" + String(repeating: "_", count: 10)
    let expected = String(repeating: "MyApp.Box<", count: 10) + "Swift.Int" + String(repeating: ">", count: 10)
    #expect(SwiftClassName.demangled(ten) == expected)
  }

  @Test func randomStringsComeBackUnchangedOrDemangled() {
    let alphabet = Array("_TtGCVOSsiq0123456789MyAppBox")
    var random = DumpTestRandom(seed: 7)
    for _ in 0..<2000 {
      let length = random.next(below: 24)
      let name = "_Tt" + String((0..<length).map { _ in alphabet[random.next(below: alphabet.count)] })
      let result = SwiftClassName.demangled(name)
      #expect(result == name || !result.hasPrefix("_Tt"), "\(name) → \(result)")
    }
  }

  @Test(arguments: [
    ("MyApp.HomeViewController", "HomeViewController"),
    ("UINavigationController", "UINavigationController"),
    ("SwiftUI.UIHostingController<MyApp.ContentView>", "UIHostingController<ContentView>"),
    (
      "SwiftUI.UIHostingController<SwiftUI.ModifiedContent<SwiftUI.AnyView, SwiftUI.RootModifier>>",
      "UIHostingController<ModifiedContent<AnyView, RootModifier>>"
    ),
    ("MyApp.Outer.Inner", "Outer.Inner"),
    ("MyApp.Box<(label: Swift.Int, Swift.String)>", "Box<(label: Int, String)>"),
    ("MyApp.Box<NSObject>", "Box<NSObject>"),
    ("_TtGC5MyApp3Box_", "_TtGC5MyApp3Box_"),
    ("Módulo.Vista", "Vista"),
    (".Leading", ".Leading"),
    ("Trailing.", "Trailing."),
    ("", ""),
  ])
  func unqualifiedDropsModules(name: String, expected: String) {
    #expect(SwiftClassName.unqualified(name) == expected)
  }
}
