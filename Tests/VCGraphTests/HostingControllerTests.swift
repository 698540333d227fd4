import Testing

@testable import VCGraph

// SwiftUI's `UIHostingController<Content>` is a kind of its own, `hosting`, named by its root view.
// Apple: https://developer.apple.com/documentation/swiftui/uihostingcontroller

@Suite("Hosting controllers")
struct HostingControllerTests {
  @Test(arguments: [
    ("UIHostingController<LibraryView>", "LibraryView"),
    ("SwiftUI.UIHostingController<MyApp.LibraryView>", "LibraryView"),
    ("_TtGC7SwiftUI19UIHostingControllerV5MyApp11LibraryView_", "LibraryView"),
    // Hand-copied with a wrong module length: not demangled, still recognised.
    ("_TtGC7SwiftUI19UIHostingControllerV7MyApp11LibraryView_", "LibraryView"),
    ("UIHostingController<AnyView>", "AnyView"),
    (
      "SwiftUI.UIHostingController<SwiftUI.ModifiedContent<MyApp.LibraryView, "
        + "SwiftUI._EnvironmentKeyWritingModifier<Swift.Optional<MyApp.Store>>>>",
      "LibraryView"
    ),
    (
      "UIHostingController<ModifiedContent<ModifiedContent<MyApp.Outer.Inner, A>, B<C, D>>>",
      "Outer.Inner"
    ),
    ("UIHostingController<Tuple<(A, B)>>", "Tuple<(A, B)>"),
  ])
  func aHostingControllerIsItsOwnKindNamedByItsRootView(className: String, rootView: String) {
    let controller = ViewController(id: "library", className: className)
    #expect(controller.kind == .hosting)
    #expect(controller.swiftUIRootView == rootView)
  }

  @Test func otherClassesAreNotHostingControllers() {
    for name in ["UIViewController", "MyApp.UIHostingControllerFactory", "HostingController<LibraryView>"] {
      #expect(ViewController(id: "x", className: name).kind == .content, "\(name)")
    }
    // A subclass says so with `kind: hosting`; its name tells no root view.
    let subclass = ViewController(id: "x", className: "MyApp.LibraryHostingController", kind: .hosting)
    #expect(subclass.swiftUIRootView == nil)
    #expect(ViewController(id: "nav", className: "UINavigationController").swiftUIRootView == nil)
  }

  @Test func aScenarioPushesOneAndStateNamesItsKindAndView() throws {
    let replayed = try replay(
      """
      controllers:
        nav: UINavigationController
        library: LibraryViewController
        book: "SwiftUI.UIHostingController<MyApp.BookDetailView>"
        settings: { class: MyApp.SettingsHostingController, kind: hosting }
      steps:
        - setViewControllers: [library]
          on: nav
        - setRoot: nav
        - push: book
          on: nav
        - present: settings
          from: book
      """)
    let pushed = try #require(replayed.frame(3))
    // A hosting controller gets UIKit's callbacks like any content controller.
    #expect(
      pushed.events.map(\.description) == [
        "book willMove(toParent: nav)", "book viewDidLoad()", "library viewWillDisappear(animated: true)",
        "book viewWillAppear(animated: true)", "book viewIsAppearing(animated: true)",
        "library viewDidDisappear(animated: true)", "book viewDidAppear(animated: true)",
        "book didMove(toParent: nav)",
      ])
    let json = StateDocument(frames: [try #require(replayed.frames.last)]).jsonString()
    #expect(json.contains(#""swiftUIView" : "BookDetailView""#), "\(json)")
    // Only `book` names a view: the subclass's name tells none, and other kinds have no key.
    #expect(json.components(separatedBy: "swiftUIView").count == 2, "\(json)")
    #expect(json.components(separatedBy: #""kind" : "hosting""#).count == 3, "\(json)")
    let kinds = try #require(replayed.frames.last).hierarchy
    #expect(kinds["settings"]?.kind == .hosting)
    #expect(kinds["settings"]?.appearance == .appeared)
  }

  @Test func kindHostingIsAcceptedAndListedInTheError() {
    let error = scenarioError(
      """
      controllers:
        a: { class: A, kind: swiftui }
      steps:
        - setRoot: a
      """)
    #expect(error?.problem.message.contains("content, hosting") == true, "\(String(describing: error))")
  }

  @Test func aDumpImportsAMangledHostingControllerAsHosting() throws {
    let text = """
      <UINavigationController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
         | <MyApp.LibraryViewController 0x3>, state: disappeared, view: <UITableView 0x4> not in the window
         | <_TtGC7SwiftUI19UIHostingControllerV5MyApp11LibraryView_ 0x5>, state: appeared, view: <_TtGC7SwiftUI14_UIHostingViewV5MyApp11LibraryView_ 0x6>
      """
    let hierarchy = try HierarchyDump(text: text, path: "dump.txt").hierarchy
    let id = try #require(hierarchy.order.first { hierarchy[$0]?.kind == .hosting })
    #expect(hierarchy[id]?.className == "SwiftUI.UIHostingController<MyApp.LibraryView>")
    #expect(hierarchy[id]?.swiftUIRootView == "LibraryView")
    #expect(hierarchy[id]?.appearance == .appeared)
    let json = StateDocument(steps: [.init(number: 1, action: "import dump.txt", hierarchy: hierarchy)]).jsonString()
    #expect(json.contains(#""swiftUIView" : "LibraryView""#), "\(json)")
  }
}
