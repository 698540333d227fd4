import Foundation
import Testing

@testable import VCGraph

/// A step with `action`, numbered `number`, at an arbitrary place.
private func step(_ number: Int, _ action: Action) -> Step {
  Step(number: number, action: action, location: VCGraph.SourceLocation(file: "test.yaml", line: 1, column: 1))
}

@Suite("Step slugs and file names")
struct StepNamingTests {
  @Test(arguments: [
    (Action.present("login", from: "home", style: .fullScreen), "present-login-from-home"),
    (.setRoot("nav", window: "main"), "setroot-nav"),
    (.setRoot("nav", window: "second"), "setroot-nav-in-window-second"),
    (.push("Detail_View", on: "nav"), "push-detail-view-on-nav"),
    (.setViewControllers(["a", "b"], on: "nav"), "setviewcontrollers-a-b-on-nav"),
    (.setTabs([], on: "tabs"), "settabs-on-tabs"),
    (.selectTab(.index(0), on: "tabs"), "selecttab-0-on-tabs"),
    (.selectTab(.controller("feed"), on: "tabs"), "selecttab-feed-on-tabs"),
    (.removeFromParent("café"), "removefromparent-caf"),
    (.popToRoot("nav"), "poptoroot-nav"),
  ])
  func slugIsTheSummaryInLowercaseWordsJoinedByDashes(action: Action, slug: String) {
    #expect(step(1, action).slug == slug)
  }

  @Test func aLongSlugIsCutToSixtyCharactersWithoutATrailingDash() {
    let ids = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrotxx", "golf"]
    let slug = step(1, .setViewControllers(ids, on: "nav")).slug
    // The first 60 characters end in the dash after "foxtrotxx", which is dropped.
    #expect(slug == "setviewcontrollers-alpha-bravo-charlie-delta-echo-foxtrotxx")
    #expect(slug.count == 59)
  }

  @Test(arguments: [
    (3, 12, "03-pop-nav.svg"),
    (12, 12, "12-pop-nav.svg"),
    (3, 9, "03-pop-nav.svg"),
    (3, 120, "003-pop-nav.svg"),
    (120, 120, "120-pop-nav.svg"),
    (1, 1000, "0001-pop-nav.svg"),
  ])
  func fileNamesArePaddedToTheWidthOfTheStepCount(number: Int, count: Int, name: String) {
    #expect(RenderIndex.fileName(for: step(number, .pop("nav")), stepCount: count, fileExtension: "svg") == name)
  }

  /// A frame's files are named in one place: a theme's suffix only when several themes are drawn
  /// (a dark diagram alone takes the plain name), and the index key carries the same suffix.
  @Test func aFramesFileIsNamedByFormatAndThemeInOnePlace() {
    let pop = step(3, .pop("nav"))
    #expect(RenderIndex.frameFile(for: pop, stepCount: 12, format: .png) == ("03-pop-nav.png", "png"))
    #expect(
      RenderIndex.frameFile(for: pop, stepCount: 12, format: .svg, theme: .dark, among: [.dark])
        == ("03-pop-nav.svg", "svg"))
    #expect(
      RenderIndex.frameFile(for: pop, stepCount: 12, format: .svg, theme: .dark, among: [.light, .dark])
        == ("03-pop-nav~dark.svg", "svg~dark"))
    #expect(RenderIndex.isFrameFileName("03-pop-nav~dark.svg"))
    #expect(RenderIndex.isFrameFileName("03-pop-nav.dot"))
    #expect(!RenderIndex.isFrameFileName("03-pop-nav.jpg"))
    #expect(!RenderIndex.isFrameFileName("03-pop-nav~light.svg"))
  }

  @Test func theRenderIndexIsSortedJSONWithNullCaptions() throws {
    let index = RenderIndex(
      scenario: "samples/a.yaml", title: nil,
      steps: [
        .init(
          number: 1, action: "setRoot nav", caption: nil,
          files: ["svg": "1-setroot-nav.svg", "dot": "1-setroot-nav.dot"])
      ])
    let text = String(decoding: index.jsonData(), as: UTF8.self)
    #expect(text.hasSuffix("}\n"))
    #expect(text.contains("samples/a.yaml"))
    let object = try #require(try JSONSerialization.jsonObject(with: index.jsonData()) as? [String: Any])
    #expect(object["title"] is NSNull)
    let steps = try #require(object["steps"] as? [[String: Any]])
    #expect(steps.first?["caption"] is NSNull)
    #expect(text.range(of: "\"dot\"")!.lowerBound < text.range(of: "\"svg\"")!.lowerBound)
  }
}

@Suite("Controllers, kinds and styles")
struct ModelValueTests {
  @Test(arguments: [
    ("UINavigationController", ViewControllerKind.navigation),
    ("UIImagePickerController", .navigation),
    ("UIVideoEditorController", .navigation),
    ("UITabBarController", .tabBar),
    ("UISplitViewController", .splitView),
    ("UIPageViewController", .pageView),
    ("UIViewController", .content),
    ("UIAlertController", .content),
    ("HomeViewController", .content),
    ("MyApp.MainNavigationController", .content),
    ("uinavigationcontroller", .content),
  ])
  func kindIsInferredFromUIKitsClassNamesOnly(className: String, kind: ViewControllerKind) {
    #expect(ViewControllerKind.inferred(fromClassName: className) == kind)
    #expect(ViewController(id: "x", className: className).kind == kind)
  }

  @Test func onlyNavigationControllersDefineAPresentationContextByDefault() {
    #expect(ViewController(id: "nav", className: "UINavigationController").definesPresentationContext)
    #expect(ViewController(id: "custom", className: "AppNav", kind: .navigation).definesPresentationContext)
    #expect(!ViewController(id: "tabs", className: "UITabBarController").definesPresentationContext)
    #expect(!ViewController(id: "home", className: "HomeViewController").definesPresentationContext)
    #expect(
      !ViewController(id: "nav", className: "UINavigationController", definesPresentationContext: false)
        .definesPresentationContext)
    #expect(ViewController(id: "home", className: "Home", definesPresentationContext: true).definesPresentationContext)
  }

  @Test func aControllerIsDescribedAsUIKitDescribesIt() {
    #expect(
      ViewController(id: "home", className: "MyApp.HomeViewController").reference == "<MyApp.HomeViewController: home>")
  }

  @Test func systemContainersAreTheUIKitContainers() {
    #expect(ViewControllerKind.allCases.filter(\.isSystemContainer) == [.navigation, .tabBar, .splitView, .pageView])
  }

  /// Apple's documentation of `UIModalPresentationStyle.automatic`: a form sheet in iOS 18 and later.
  @Test func automaticResolvesToAFormSheet() {
    #expect(ModalPresentationStyle.automatic.resolved == .formSheet)
    #expect(ModalPresentationStyle.automatic.presentationControllerClassName == "_UIFormSheetPresentationController")
    #expect(ModalPresentationStyle.fullScreen.resolved == .fullScreen)
    #expect(ModalPresentationStyle.allCases.filter(\.removesPresenterView) == [.fullScreen, .currentContext])
    #expect(
      ModalPresentationStyle.allCases.filter(\.usesPresentationContext) == [.currentContext, .overCurrentContext])
  }

  @Test(arguments: [
    (ChildRole.stack(index: 2, isTop: true), "stack[2] · top", true),
    (.stack(index: 0, isTop: false), "stack[0]", false),
    (.tab(index: 1, isSelected: true), "tab 1 · selected", true),
    (.tab(index: 0, isSelected: false), "tab 0", false),
    (.column("primary", isShown: true), "primary", true),
    (.column("secondary", isShown: false), "secondary · hidden", false),
    (.page(index: 0), "page 0", true),
    (.child(index: 3), "child 3", true),
  ])
  func childRoles(role: ChildRole, description: String, isShown: Bool) {
    #expect(role.description == description)
    #expect(role.isShown == isShown)
  }
}

@Suite("Text and JSON exports")
struct ExportTests {
  static let yaml = """
    controllers:
      nav: UINavigationController
      home: HomeViewController
      detail: DetailViewController
      sheet: SheetViewController
      box: { class: BoxViewController, kind: container }
      banner: BannerViewController
      lonely: LonelyViewController
    steps:
      - setViewControllers: [home, detail]
        on: nav
      - setRoot: nav
      - present: sheet
        from: detail
        style: pageSheet
      - addChild: banner
        to: box
    """

  @Test func theOutlineDrawsWindowsChildrenPresentationsAndLooseTrees() throws {
    let text = HierarchyOutline(try finalHierarchy(Self.yaml)).text
    // `addChild` loads the views of box and banner although they are in no window.
    #expect(
      text == """
        window main (key)
        └─ nav  UINavigationController  appeared
           ├─ stack[0]  home  HomeViewController  disappeared, view not loaded
           ├─ stack[1] · top  detail  DetailViewController  appeared
           └─ presents (pageSheet)  sheet  SheetViewController  appeared
        not in a window
        └─ box  BoxViewController  disappeared
           └─ child 0  banner  BannerViewController  disappeared

        """)
  }

  @Test func theStateDocumentDescribesUIKitsProperties() throws {
    let replay = try replay(
      """
      controllers:
        tabs: UITabBarController
        home: HomeViewController
        modalNav: UINavigationController
        form: FormViewController
      steps:
        - setTabs: [home]
          on: tabs
        - setRoot: tabs
        - setViewControllers: [form]
          on: modalNav
        - present: modalNav
          from: home
          style: fullScreen
      """)
    let document = StateDocument(frames: replay.frames)
    #expect(document.steps.map(\.number) == [1, 2, 3, 4])
    #expect(
      document.steps.map(\.action) == [
        "setTabs [home] on tabs", "setRoot tabs", "setViewControllers [form] on modalNav", "present modalNav from home",
      ])
    #expect(document.steps[0].windows.isEmpty)
    let last = try #require(document.steps.last)
    #expect(last.windows.map(\.id) == ["main"])
    #expect(last.windows.first?.rootViewController == "tabs")
    let states = Dictionary(uniqueKeysWithValues: last.viewControllers.map { ($0.id, $0) })
    #expect(last.viewControllers.map(\.id) == ["tabs", "home", "modalNav", "form"])
    #expect(states["tabs"]?.selectedViewController == "home")
    #expect(states["modalNav"]?.selectedViewController == nil)
    #expect(states["modalNav"]?.presentingViewController == "tabs")
    #expect(states["modalNav"]?.modalPresentationStyle == .fullScreen)
    #expect(states["form"]?.presentingViewController == "tabs")
    #expect(states["form"]?.modalPresentationStyle == nil)
    #expect(states["home"]?.presentedViewController == "modalNav")
    #expect(states["tabs"]?.presentedViewController == "modalNav")
    #expect(states["home"]?.state == .disappeared)
    #expect(states["form"]?.state == .appeared)
    #expect(states["form"]?.window == "main")
    #expect(states["form"]?.parent == "modalNav")

    let json = document.jsonString()
    #expect(json.hasSuffix("}\n"))
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let steps = try #require(object["steps"] as? [[String: Any]])
    let controllers = try #require(steps.first?["viewControllers"] as? [[String: Any]])
    // Every declared controller is listed, with null relations when unattached, and the class under "class".
    #expect(controllers.count == 4)
    let form = try #require(controllers.first { $0["id"] as? String == "form" })
    #expect(form["class"] as? String == "FormViewController")
    #expect(form["parent"] is NSNull)
    #expect(form["window"] is NSNull)
    #expect(form["title"] is NSNull)
    #expect(form["isViewLoaded"] as? Bool == false)
    #expect(form["restorationIdentifier"] is NSNull)
    #expect(form["instance"] as? Int == 1)
    // isCollapsed is only given for split views.
    #expect(form["isCollapsed"] is NSNull)
    #expect(
      Set(form.keys) == [
        "id", "class", "kind", "title", "restorationIdentifier", "instance", "parent", "children",
        "selectedViewController", "isCollapsed", "presentingViewController", "presentedViewController",
        "modalPresentationStyle", "state", "isViewLoaded", "isViewInWindow", "window", "address",
        "presentationController", "dumpLine", "viewClass",
      ])
    // A replayed controller has no address and no printed presentation controller; an unloaded view is in no window.
    #expect(form["address"] is NSNull)
    #expect(form["presentationController"] is NSNull)
    #expect(form["dumpLine"] is NSNull)
    #expect(form["viewClass"] is NSNull)
    #expect(form["isViewInWindow"] as? Bool == false)
    let lastWindows = try #require(steps.last?["windows"] as? [[String: Any]])
    #expect(lastWindows.count == 1)
    #expect(Set(lastWindows[0].keys) == ["id", "isKey", "rootViewController", "horizontalSizeClass"])
    #expect(lastWindows[0]["horizontalSizeClass"] as? String == "regular")

    let split = StateDocument.ViewControllerState(
      ViewController(id: "split", className: "UISplitViewController"), in: Hierarchy(viewControllers: []))
    #expect(split.isCollapsed == false)
  }
}
