import Foundation
import TestSupport
import Testing
import VCGraph
import VCGraphSource
import VCGraphviz

/// The diagram of an app map (`vcgraph map --format svg`), read from the SVG as a reader sees it:
/// a box per controller and navigator, the navigators' own look, edges labelled with their kind and
/// counted, `file:line` in every tooltip, links with a source URL, the hosting node naming its view,
/// the unknown destinations, a storyboard scene and its class as one box.
@Suite struct AppMapDiagramTests {
  /// A small app: a tab bar of two navigation controllers set up by a scene delegate, two pushes to
  /// one screen, a form sheet of a form from a library, a SwiftUI screen, a router, a present of a
  /// parameter, and a storyboard scene whose class is in the code.
  static let sources: [(path: String, text: String)] = [
    (
      "App/SceneDelegate.swift",
      """
      class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        var window: UIWindow?
        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
          let tabs = MainTabBarController()
          tabs.viewControllers = [UINavigationController(rootViewController: InboxViewController()), UINavigationController(rootViewController: SettingsViewController())]
          window?.rootViewController = tabs
        }
      }
      class MainTabBarController: UITabBarController {}
      """
    ),
    (
      "App/Inbox.swift",
      """
      class InboxViewController: UITableViewController {
        func open() { navigationController?.pushViewController(MessageViewController(), animated: true) }
        func openAgain() { navigationController?.pushViewController(MessageViewController(), animated: true) }
        func compose() {
          let compose = ComposeViewController()
          compose.modalPresentationStyle = .formSheet
          present(compose, animated: true)
        }
        func other(_ vc: UIViewController) { present(vc, animated: true) }
        func expenses() { performSegue(withIdentifier: "showReceipts", sender: nil) }
      }
      class MessageViewController: UIViewController {}
      class ComposeViewController: FormViewController {}
      class ExpensesViewController: UITableViewController {}
      class ReceiptsViewController: UITableViewController {}
      """
    ),
    (
      "App/Settings.swift",
      """
      import SwiftUI
      class SettingsViewController: UIViewController {
        func about() { navigationController?.pushViewController(UIHostingController(rootView: AboutView()), animated: true) }
      }
      struct AboutView: View { var body: some View { Text("About") } }
      final class AppRouter {
        func showHelp(from controller: UIViewController) { controller.present(HelpViewController(), animated: true) }
      }
      class HelpViewController: UIViewController {}
      """
    ),
  ]

  static let storyboard: Storyboard = {
    let path = packageRoot.appendingPathComponent("samples/app/Trips/Expenses/Expenses.storyboard").path
    return try! Storyboard(contentsOfFile: path)
  }()

  static let map = AppMapReader.map(sources: sources, storyboards: [storyboard])

  /// The map's SVG, unfolded unless told, with links when `sourceURL` is given.
  static func svg(
    _ map: AppMap = map, folding: Folding = Folding(mode: .none), sourceURL: String? = nil
  ) throws -> SVGDocument {
    var diagram = Diagram(appMap: AppMapHierarchy(map), name: "App", sourceURL: sourceURL)
    diagram.folding = folding
    return try SVGDocument(try #require(try render(diagram, [.svg])[.svg]))
  }

  @Test func aBoxPerControllerAndNavigatorAndOnePerNavigationControllerMade() throws {
    let svg = try Self.svg()
    let ids = Set(svg.nodeIDs)
    for name in [
      "MainTabBarController", "InboxViewController", "MessageViewController", "ComposeViewController",
      "SettingsViewController", "HelpViewController", "SceneDelegate", "AppRouter",
      "UIHostingController<AboutView>",
    ] {
      #expect(ids.contains(Diagram.svgID(ofController: name)), "no box for \(name): \(ids.sorted())")
    }
    // Two navigation controllers, one around each tab's root, in the tabs' order, not one shared box.
    let inboxStack = "UINavigationController(InboxViewController)"
    let settingsStack = "UINavigationController(SettingsViewController)"
    #expect(ids.contains(Diagram.svgID(ofController: inboxStack)))
    #expect(ids.contains(Diagram.svgID(ofController: settingsStack)))
    #expect(!ids.contains(Diagram.svgID(ofController: "UINavigationController")))
    let inbox = try #require(svg.node(id: Diagram.svgID(ofController: inboxStack)))
    let settings = try #require(svg.node(id: Diagram.svgID(ofController: settingsStack)))
    #expect(try Self.left(of: inbox) < Self.left(of: settings))
    #expect(Self.text(of: inbox).contains("tab 0"))
    // One window box, with the root the code sets.
    #expect(ids.filter { $0.hasPrefix("window-") }.count == 1)
  }

  @Test func navigatorsHaveABoxStyleOfTheirOwn() throws {
    let svg = try Self.svg()
    let router = try #require(svg.node(id: Diagram.svgID(ofController: "AppRouter")))
    let inbox = try #require(svg.node(id: Diagram.svgID(ofController: "InboxViewController")))
    #expect(router.hasClass("navigator") && !inbox.hasClass("navigator"))
    #expect(Self.text(of: router).contains("ROUTER"))
    // Square corners (a polygon) and a grey fill; a controller's box is rounded (a path) and white.
    let routerShape = try #require(router.allElements.first { $0.name == "polygon" || $0.name == "path" })
    let inboxShape = try #require(inbox.allElements.first { $0.name == "polygon" || $0.name == "path" })
    #expect(routerShape.name == "polygon" && inboxShape.name == "path")
    #expect(routerShape.attributes["fill"] == "#f2f2f7" && inboxShape.attributes["fill"] == "#ffffff")
    let delegate = try #require(svg.node(id: Diagram.svgID(ofController: "SceneDelegate")))
    #expect(Self.text(of: delegate).contains("sets 1 window root"))
  }

  @Test func edgesAreLabelledWithTheirKindAndCounted() throws {
    let svg = try Self.svg()
    let texts = Self.edgeTexts(svg)
    // Two pushes from the inbox to the message: one edge that counts them.
    #expect(texts.contains("2 × push"), "\(texts)")
    #expect(texts.contains("present · formSheet"))
    #expect(texts.contains("present"))
    // The storyboard's segue and the code that performs it are one segue, with its identifier.
    #expect(texts.contains("2 × segue · show “showReceipts”") || texts.contains("segue · show “showReceipts”"))
    let pushes = svg.root.allElements.filter { $0.name == "g" && $0.hasClass("transition-push") }
    #expect(pushes.contains { $0.hasClass("transition-group") })
    // A presentation is dashed purple; a push solid teal.
    let sheet = try #require(Self.edge(svg, labelled: "present · formSheet"))
    #expect(sheet.allElements.first { $0.name == "path" }?.attributes["stroke-dasharray"] != nil)
    #expect(sheet.allElements.first { $0.name == "path" }?.attributes["stroke"] == "#af52de")
  }

  @Test func everyBoxAndEdgeHasItsFileAndLineInItsTooltip() throws {
    let svg = try Self.svg()
    let inbox = try #require(svg.node(id: Diagram.svgID(ofController: "InboxViewController")))
    #expect(Self.tooltip(of: inbox).contains("App/Inbox.swift:1"))
    #expect(Self.text(of: inbox).contains("Inbox.swift:1"))
    let pushes = try #require(Self.edge(svg, labelled: "2 × push"))
    #expect(Self.tooltip(of: pushes) == "push · App/Inbox.swift:2\npush · App/Inbox.swift:3")
    // Containment too: the tab and the stack are made at line 5 of the scene delegate.
    let tab = try #require(
      svg.root.allElements.first {
        $0.name == "g"
          && $0.attributes["id"]
            == Diagram.svgID(
              of: .child(parent: "MainTabBarController", child: "UINavigationController(InboxViewController)"))
      })
    #expect(Self.tooltip(of: tab).contains("tabs · App/SceneDelegate.swift:5"))
    // Every box and every edge a reader can point at says where it is.
    for node in svg.root.allElements where node.name == "g" && node.hasClass("vc") {
      #expect(
        Self.tooltip(of: node).contains(".swift:") || Self.tooltip(of: node).contains(".storyboard:"),
        "\(node.attributes)")
    }
    for edge in svg.root.allElements where edge.name == "g" && edge.hasClass("edge") && edge.hasClass("edge-transition")
    {
      #expect(Self.tooltip(of: edge).contains(".swift:") || Self.tooltip(of: edge).contains(".storyboard:"))
    }
  }

  @Test func aSourceURLLinksEveryBoxAndEdgeToItsLine() throws {
    let svg = try Self.svg(sourceURL: "https://github.com/o/r/blob/main/{file}#L{line}")
    let inbox = try #require(svg.node(id: Diagram.svgID(ofController: "InboxViewController")))
    #expect(Self.links(in: inbox).contains("https://github.com/o/r/blob/main/App/Inbox.swift#L1"))
    let sheet = try #require(Self.edge(svg, labelled: "present · formSheet"))
    #expect(Self.links(in: sheet).contains("https://github.com/o/r/blob/main/App/Inbox.swift#L7"))
    // A query in the template stays one link in well-formed XML.
    let query = try Self.svg(sourceURL: "https://example.com/view?file={file}&line={line}")
    let box = try #require(query.node(id: Diagram.svgID(ofController: "MessageViewController")))
    #expect(Self.links(in: box) == ["https://example.com/view?file=App/Inbox.swift&line=12"])
    // Without a template, tooltips only.
    let plain = try Self.svg()
    #expect(plain.root.allElements.allSatisfy { $0.attributes["xlink:href"] == nil })
  }

  @Test func aHostingControllerIsNamedByItsSwiftUIView() throws {
    let svg = try Self.svg()
    let hosting = try #require(svg.node(id: Diagram.svgID(ofController: "UIHostingController<AboutView>")))
    #expect(Self.text(of: hosting).contains("AboutView"))
    #expect(Self.text(of: hosting).contains("SwiftUI view in UIHostingController"))
    #expect(Self.text(of: hosting).contains("SWIFTUI HOSTING"))
    // Made and pushed by one line: the push is drawn, the making is in its tooltip only.
    let texts = Self.edgeTexts(svg)
    #expect(!texts.contains { $0.contains("hosting") })
  }

  @Test func anUnknownDestinationIsSummarisedInItsSourceWithTheReason() throws {
    let svg = try Self.svg()
    let inbox = try #require(svg.node(id: Diagram.svgID(ofController: "InboxViewController")))
    #expect(Self.text(of: inbox).contains("→ ? present · parameter"), "\(Self.text(of: inbox))")
    // Its site is in the box's tooltip; with a source URL, the row links to it, its sites in its tooltip.
    let line = "present · App/Inbox.swift:9 · destination not known: parameter"
    #expect(Self.tooltip(of: inbox).hasSuffix("\n→ ? " + line))
    let linked = try Self.svg(sourceURL: "https://x/{file}#L{line}")
    let row = try #require(
      linked.root.allElements.first { $0.name == "g" && $0.attributes["id"] == "a_unknown-InboxViewController-0" })
    #expect(Self.tooltip(of: row) == "destination not known\n" + line)
    #expect(Self.links(in: row) == ["https://x/App/Inbox.swift#L9"])
    // No edge leads anywhere for it.
    #expect(!Self.edgeTexts(svg).contains { $0.contains("parameter") })
  }

  @Test func aSceneAndItsClassAreOneBoxWithTheSceneNoted() throws {
    let svg = try Self.svg()
    let expenses = svg.nodeIDs.filter { $0.contains("ExpensesViewController") && !$0.contains("(") }
    #expect(expenses == [Diagram.svgID(ofController: "ExpensesViewController")])
    let box = try #require(svg.node(id: Diagram.svgID(ofController: "ExpensesViewController")))
    #expect(Self.text(of: box).contains("scene Expenses · exp-vc-001"))
    #expect(Self.tooltip(of: box).contains("App/Inbox.swift:14"))
    #expect(Self.tooltip(of: box).contains("samples/app/Trips/Expenses/Expenses.storyboard"))
  }

  @Test func aBaseOutsideTheSourcesIsSaidSo() throws {
    let svg = try Self.svg()
    let compose = try #require(svg.node(id: Diagram.svgID(ofController: "ComposeViewController")))
    #expect(Self.text(of: compose).contains(": FormViewController · outside the sources"))
    let message = try #require(svg.node(id: Diagram.svgID(ofController: "MessageViewController")))
    #expect(!Self.text(of: message).contains("UIViewController"))
  }

  @Test func aFocusDrawsWhatItReachesInTwoStepsAndFoldsTheRest() throws {
    let svg = try Self.svg(folding: Folding(mode: .none, focus: ["SettingsViewController"]))
    let drawn = Set(svg.nodeIDs.filter { $0.hasPrefix("vc-") })
    // Settings, what it pushes, and its ancestors up to the window.
    for name in [
      "SettingsViewController", "UIHostingController<AboutView>", "UINavigationController(SettingsViewController)",
      "MainTabBarController",
    ] {
      #expect(drawn.contains(Diagram.svgID(ofController: name)), "\(drawn.sorted())")
    }
    #expect(!drawn.contains(Diagram.svgID(ofController: "MessageViewController")))
    #expect(!drawn.contains(Diagram.svgID(ofController: "AppRouter")))
    #expect(!svg.foldCounts.isEmpty)
    #expect(svg.texts.contains { $0.contains("FOCUS SettingsViewController") })
  }

  @Test func aBigMapFoldsItsLoneControllersIntoOneBox() throws {
    // Thirty screens no transition reaches, around a small tab bar: they fold from level subtrees.
    var sources = Self.sources
    sources.append(
      (
        "App/Lone.swift",
        (1...30).map { "class Lone\($0)ViewController: UIViewController {}" }.joined(separator: "\n")
      ))
    let map = AppMapReader.map(sources: sources, storyboards: [Self.storyboard])
    let svg = try Self.svg(map, folding: Folding(mode: .subtrees))
    #expect(!svg.nodeIDs.contains(Diagram.svgID(ofController: "Lone1ViewController")))
    #expect(svg.foldCounts.contains { $0 >= 30 }, "\(svg.foldCounts)")
    #expect(svg.texts.contains { $0.contains("linked to nothing drawn") })
    // What a box's transitions alone lead to folds beside it, the edge still saying where each is.
    let folded = svg.root.allElements.filter { $0.name == "g" && $0.hasClass("edge-fold") && $0.hasClass("edge-segue") }
    #expect(!folded.isEmpty)
    for edge in folded {
      #expect(Self.tooltip(of: edge).contains(#/\.(swift|storyboard):\d+/#), "\(Self.tooltip(of: edge))")
    }
    // Unfolded, each is drawn.
    let unfolded = try Self.svg(map)
    #expect(unfolded.nodeIDs.contains(Diagram.svgID(ofController: "Lone1ViewController")))
  }

  @Test func theSampleAppsMapMatchesTheGoldenDOT() throws {
    let path = packageRoot.appendingPathComponent("samples/app/Trips").path
    // Paths as a user gives them from the package's root.
    let read = try AppMapReader(paths: [path]).read { _, _ in }
    let map = Self.relative(read, to: packageRoot.path + "/")
    var diagram = Diagram(appMap: AppMapHierarchy(map), name: "Trips")
    diagram.folding = Folding(mode: .none)
    let dot = String(decoding: try #require(try render(diagram, [.dot])[.dot]), as: UTF8.self)
    GoldenFile.check(
      dot, against: GoldenDOTTests.golden.appendingPathComponent(Self.goldenName),
      what: "the DOT of samples/app/Trips's map")
  }

  /// The golden DOT of the sample app's map, beside the samples' scenarios' own.
  static let goldenName = "map-trips.dot"

  // MARK: - Reading the SVG

  /// The text of an element as a reader sees it: its `<text>` lines, one space apart.
  static func text(of element: ParsedElement) -> String {
    element.allElements.filter { $0.name == "text" }.map(\.allText).joined(separator: " ")
  }

  /// The labels of the edges a reader sees, as text.
  static func edgeTexts(_ svg: SVGDocument) -> [String] {
    svg.root.allElements.filter { $0.name == "g" && $0.hasClass("edge") }.map { edge in
      edge.allElements.filter { $0.name == "text" }.map(\.allText).joined(separator: " ")
    }
  }

  /// The edge whose label reads `label`.
  static func edge(_ svg: SVGDocument, labelled label: String) -> ParsedElement? {
    svg.root.allElements.first { element in
      element.name == "g" && element.hasClass("edge")
        && element.allElements.filter { $0.name == "text" }.map(\.allText).joined(separator: " ") == label
    }
  }

  /// The first tooltip in an element: the `xlink:title` of its first link.
  static func tooltip(of element: ParsedElement) -> String {
    element.allElements.compactMap { $0.attributes["xlink:title"] }.first ?? ""
  }

  /// Every link in an element, each once.
  static func links(in element: ParsedElement) -> [String] {
    var links: [String] = []
    for link in element.allElements.compactMap({ $0.attributes["xlink:href"] }) where !links.contains(link) {
      links.append(link)
    }
    return links
  }

  /// The left edge of a node's shape.
  static func left(of node: ParsedElement) throws -> Double {
    let shape = try #require(node.allElements.first { $0.name == "path" || $0.name == "polygon" })
    let numbers = (shape.attributes["d"] ?? shape.attributes["points"] ?? "").split(whereSeparator: {
      !"-.0123456789".contains($0)
    })
    .compactMap { Double($0) }
    return stride(from: 0, to: numbers.count, by: 2).map { numbers[$0] }.min() ?? 0
  }

  /// The map with every path relative to `root`, as `vcgraph map samples/app/Trips` prints them.
  static func relative(_ map: AppMap, to root: String) -> AppMap {
    func site(_ site: AppMap.Site?) -> AppMap.Site? {
      site.map {
        AppMap.Site(
          file: $0.file.hasPrefix(root) ? String($0.file.dropFirst(root.count)) : $0.file, line: $0.line,
          column: $0.column)
      }
    }
    var map = map
    map.controllers = map.controllers.map { controller in
      var controller = controller
      controller.site = site(controller.site)
      controller.scenes = controller.scenes.map { scene in
        var scene = scene
        scene.site = site(scene.site) ?? scene.site
        return scene
      }
      return controller
    }
    map.navigators = map.navigators.map { navigator in
      var navigator = navigator
      navigator.site = site(navigator.site)
      return navigator
    }
    map.transitions = map.transitions.map { transition in
      var transition = transition
      transition.site = site(transition.site) ?? transition.site
      return transition
    }
    return map
  }
}
