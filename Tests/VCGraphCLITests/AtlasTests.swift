import Foundation
import TestSupport
import Testing
import VCGraph
import VCGraphJobs

@testable import VCGraphBenchmark
@testable import VCGraphviz

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Atlases read as a reader reads them, from the SVG of every page: each page within the page width
/// with its class names at least 10 px tall there, every controller drawn in full on exactly one
/// page, every link leading to a page that draws its controller, no page of links only, and
/// nothing folded. The inputs are generated here, in the shapes of real apps (vcgraph-bench's
/// workloads): a modular app of storyboards joined by references, one storyboard of 72 scenes, a
/// cross-linked storyboard; the pages are drawn in this process.
@Suite struct AtlasTests {
  /// A drawn atlas: its pages' and overview's SVG.
  struct Drawn {
    var atlas: Atlas
    var pages: [PageSVG]
    var overview: PageSVG
  }

  /// The shapes drawn, by name: storyboards' file names and XML.
  static let inputs: [String: [(name: String, xml: String)]] = [
    "modular app": Workload.storyboardSet(storyboards: 10, references: 16),
    "72 scenes": [("Main", Workload.bigStoryboard(scenes: 72, tabs: 4))],
    "cross-linked": [("Cross", Workload.crossLinkedStoryboard(scenes: 40))],
  ]

  static func map(_ files: [(name: String, xml: String)]) throws -> AtlasMap {
    AtlasMap(storyboards: try files.map { try Storyboard(data: Data($0.xml.utf8), path: "\($0.name).storyboard") })
  }

  /// Calls `body` with a renderer of its own, while no other test of any target uses Graphviz
  /// (``GraphvizLock``: Graphviz is not thread-safe, and every target's tests share one process).
  static func withRenderer<Result>(_ body: (Renderer) throws -> Result) throws -> Result {
    try GraphvizLock.withGraphviz { try body(try Renderer()) }
  }

  /// Cuts and draws `map` in this process, as `vcgraph storyboard` does in its worker.
  static func draw(_ map: AtlasMap, budget: PageBudget = PageBudget()) throws -> Drawn {
    try withRenderer { renderer in try draw(map, budget: budget, with: renderer) }
  }

  static func draw(_ map: AtlasMap, budget: PageBudget, with renderer: Renderer) throws -> Drawn {
    let atlas = try renderer.atlas(of: map, budget: budget)
    let file = { (index: Int) -> String? in atlas.pages[index].name + ".svg" }
    let pages = try atlas.pages.indices.map { index in
      try PageSVG(try renderer.renderPage(index, of: atlas, formats: [.svg], theme: .light, file: file)[.svg] ?? [])
    }
    let overview = try PageSVG(
      try renderer.renderOverview(
        AtlasOverview(atlas: atlas, files: atlas.pages.indices.map(file), budget: budget), formats: [.svg],
        budget: budget)[.svg] ?? [])
    return Drawn(atlas: atlas, pages: pages, overview: overview)
  }

  /// The drawings of each shape, made once.
  static let drawn: [String: Drawn] = {
    var drawn: [String: Drawn] = [:]
    for (name, files) in inputs { drawn[name] = try? draw(try map(files)) }
    return drawn
  }()

  static let shapes = ["modular app", "72 scenes", "cross-linked"]

  @Test(arguments: shapes)
  func everyPageReadsAtThePageWidth(shape: String) throws {
    let drawn = try #require(Self.drawn[shape])
    let budget = PageBudget()
    #expect(drawn.pages.count > 1, "\(shape) needs several pages")
    for (index, page) in ([drawn.overview] + drawn.pages).enumerated() {
      let name = index == 0 ? "the overview" : "page \(index) (\(drawn.atlas.pages[index - 1].name))"
      let wide = PageBudget.pixels(points: page.width)
      let high = PageBudget.pixels(points: page.height)
      #expect(wide <= budget.maximumWidth + 1, "\(shape), \(name): \(Int(wide)) px wide")
      #expect(max(wide, high) <= 3 * min(wide, high) + 1, "\(shape), \(name): \(Int(wide)) × \(Int(high)) px")
      // The class names as the SVG draws them, scaled to the page's 830 px.
      let names = page.nodes.filter { $0.classes.contains("vc") || $0.classes.contains("atlas-page") }
        .flatMap { $0.texts.filter(\.isBold).filter { $0.size == budget.classNameSize } }
      #expect(!names.isEmpty, "\(shape), \(name): no class name in 12-point bold")
      let shown = PageBudget.pixels(points: budget.classNameSize) * min(1, budget.pageWidth / wide)
      #expect(shown >= 10, "\(shape), \(name): class names \(shown) px tall at \(Int(budget.pageWidth)) px")
    }
  }

  @Test(arguments: shapes)
  func everyControllerIsDrawnInFullOnExactlyOnePage(shape: String) throws {
    let drawn = try #require(Self.drawn[shape])
    let map = try Self.map(try #require(Self.inputs[shape]))
    var pagesOf: [String: [Int]] = [:]
    for (index, page) in drawn.pages.enumerated() {
      // A page's own ids, read from its SVG, to the map's (`SettingsViewController` on Settings' pages).
      let ids = drawn.atlas.hierarchy(ofPage: index).ids
      let inFull = page.nodes.filter { $0.classes.contains("vc") }.compactMap(\.controllerID)
      #expect(!inFull.isEmpty, "page \(index + 1) holds only links")
      for id in inFull where !id.hasPrefix("→") { pagesOf[ids[id] ?? id, default: []].append(index + 1) }
      // Nothing folded: a fold would hide what the page is the home of.
      #expect(page.nodes.allSatisfy { !$0.classes.contains("fold") }, "page \(index + 1) folds")
    }
    for id in map.drawnInFull {
      #expect(pagesOf[id]?.count == 1, "\(id) is drawn in full on pages \(pagesOf[id] ?? [])")
    }
    #expect(Set(pagesOf.keys) == Set(map.drawnInFull), "\(Set(pagesOf.keys).symmetricDifference(map.drawnInFull))")
  }

  @Test(arguments: shapes)
  func everyLinkLeadsToThePageThatDrawsItsController(shape: String) throws {
    let drawn = try #require(Self.drawn[shape])
    let files = drawn.atlas.pages.map { $0.name + ".svg" }
    var links = 0
    for (index, page) in ([drawn.overview] + drawn.pages).enumerated() {
      for link in page.links {
        links += 1
        let target = try #require(files.firstIndex(of: link.href), "\(link.href) on page \(index) is no page")
        // A link box's or a list row's page, and the controller its tooltip names.
        guard let controller = link.target, link.text.hasPrefix("→") else { continue }
        // `→ Title · page N` names the page the file is, which draws the controller in full.
        #expect(link.text.contains("· page \(target + 1)"), "\(link.text) links to page \(target + 1)")
        #expect(drawn.atlas.pages[target].controllers.contains(controller), "\(controller) on page \(target + 1)")
      }
    }
    #expect(links >= drawn.pages.count - 1)
    // The overview links every page.
    #expect(Set(drawn.overview.links.map(\.href)) == Set(files))
  }

  /// Pages are as full as the budget allows: small pages cut from a part, or from parts linked to
  /// each other, are merged while the merged page fits (cut by the number of boxes alone, the 72
  /// scenes' pages held 5.75 controllers on average).
  @Test(arguments: [("72 scenes", 20.0), ("cross-linked", 6.0)])
  func pagesAreAsFullAsTheBudgetAllows(shape: String, controllersPerPage: Double) throws {
    let drawn = try #require(Self.drawn[shape])
    // Counted from the SVG: the controllers each page draws in full.
    let inFull = drawn.pages.map { $0.nodes.filter { $0.classes.contains("vc") && !$0.id.hasPrefix("vc-→") }.count }
    let average = Double(inFull.reduce(0, +)) / Double(inFull.count)
    #expect(average >= controllersPerPage, "\(shape): \(inFull) controllers on \(inFull.count) pages")
  }

  /// A page is titled by the screen a reader enters it by (the controller highest in
  /// containment, the first met from the window), not by the one its cut started from: a stack
  /// whose detail presents a picker is `List`'s page, not `Picker`'s.
  @Test func aPageIsTitledByTheScreenAReaderEntersItBy() throws {
    var xml = StoryboardXML(initial: "nav")
    xml.scene(
      "navigationController", id: "nav", className: nil,
      segues: [.init(destination: "list", kind: "relationship", relationship: "rootViewController")])
    xml.scene(
      "viewController", id: "list", className: "ListViewController",
      segues: [.init(destination: "detail", kind: "show")])
    xml.scene(
      "viewController", id: "detail", className: "DetailViewController",
      segues: [.init(destination: "picker", kind: "presentation")])
    xml.scene("viewController", id: "picker", className: "PickerViewController", segues: [])
    xml.scene("viewController", id: "other", className: "OtherViewController", segues: [])
    let map = try Self.map([("Trips", xml.text)])
    func id(_ suffix: String) throws -> String { try #require(map.controllers.first { $0.hasSuffix(suffix) }) }
    // The page as the cut once listed it: from the picker.
    let page = [
      try id("PickerViewController"), try id("DetailViewController"), try id("ListViewController"),
      try id("UINavigationController"),
    ]
    let atlas = Atlas(map: map, homes: [page, [try id("OtherViewController")]])
    #expect(atlas.pages[0].title == "List", "\(atlas.pages.map(\.title))")
    #expect(atlas.pages[0].name == "Trips")
    #expect(atlas.pages[1].title == "Other")
  }

  /// The overview of an atlas of about 200 pages fits the budget too: no wider than the page
  /// allows, no more than 3:1, every page's box linked (drawn in rows of narrow boxes).
  @Test func theOverviewOfTwoHundredPagesFitsThePage() throws {
    let map = try Self.map([("Big", Workload.bigStoryboard(scenes: 200, tabs: 8))])
    let atlas = Atlas(map: map, homes: map.drawnInFull.map { [$0] })
    #expect(atlas.pages.count >= 190)
    let budget = PageBudget()
    let files = atlas.pages.map { $0.name + ".svg" }
    let overview = try PageSVG(
      try Self.withRenderer { renderer in
        try renderer.renderOverview(
          AtlasOverview(atlas: atlas, files: files, budget: budget), formats: [.svg], budget: budget)[.svg] ?? []
      })
    let wide = PageBudget.pixels(points: overview.width)
    let high = PageBudget.pixels(points: overview.height)
    #expect(wide <= budget.maximumWidth + 1, "\(Int(wide)) × \(Int(high)) px")
    #expect(max(wide, high) <= 3 * min(wide, high) + 1, "\(Int(wide)) × \(Int(high)) px")
    #expect(Set(overview.links.map(\.href)) == Set(files))
    // Each box's title in 12-point bold, at least 10 px tall at the page's width.
    let titles = overview.nodes.filter { $0.classes.contains("atlas-page") }
      .flatMap { $0.texts.filter(\.isBold).filter { $0.size == budget.classNameSize } }
    #expect(titles.count >= atlas.pages.count)
  }

  /// Adding a screen to one storyboard renames no page of the others, nor its first page.
  @Test func pageNamesStayWhenTheAppGrows() throws {
    let files = try #require(Self.inputs["modular app"])
    var grown = files
    let index = try #require(grown.firstIndex { $0.name == "Feature3" })
    grown[index].xml = grown[index].xml.replacingOccurrences(
      of: "</scenes>",
      with: "<scene sceneID=\"new\"><objects><viewController id=\"new-screen\" customClass=\"NewViewController\" "
        + "storyboardIdentifier=\"New\" sceneMemberID=\"viewController\"/></objects></scene></scenes>")
    let before = try #require(Self.drawn["modular app"]).atlas.pages.map(\.name)
    let after = try Self.draw(try Self.map(grown)).atlas.pages.map(\.name)
    #expect(Set(before).subtracting(after).isEmpty, "\(Set(before).subtracting(after)) renamed")
  }

  // MARK: - What fits is not folded

  /// A tvOS app's tab bar of two tabs (a hand-written fixture) fits a page unfolded: drawn whole.
  @Test func aSmallStoryboardIsOnePageUnfolded() throws {
    let path = packageRoot.appendingPathComponent("Tests/VCGraphTests/Fixtures/Storyboards/tvos-two-tabs.storyboard")
    let map = AtlasMap(storyboards: [try Storyboard(contentsOfFile: path.path)])
    let drawn = try Self.draw(map)
    #expect(drawn.atlas.pages.map(\.name) == ["tvos-two-tabs"])
    let page = try #require(drawn.pages.first)
    #expect(page.nodes.filter { $0.classes.contains("vc") }.count == map.controllers.count)
    #expect(page.links.isEmpty)
  }

  /// A dump whose stacks are four deep: unfolded it fits, so nothing folds (the rules fold the
  /// middle of a stack, which a bigger dump needs).
  @Test func aDumpThatFitsUnfoldedIsDrawnUnfolded() throws {
    var lines = ["<UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>"]
    for tab in 0..<2 {
      let shown =
        tab == 0
        ? "appeared, view: <UILayoutContainerView 0x1\(tab)1>"
        : "disappeared, view: <UILayoutContainerView 0x1\(tab)1> not in the window"
      lines.append("   | <UINavigationController 0x1\(tab)0>, state: \(shown)")
      for level in 0..<4 {
        let state =
          tab == 0 && level == 3
          ? "appeared, view: <UIView 0x3\(tab)\(level)>"
          : "disappeared, view: <UIView 0x3\(tab)\(level)> not in the window"
        lines.append("   |    | <App.Tab\(tab)Level\(level)ViewController 0x2\(tab)\(level)>, state: \(state)")
      }
    }
    let dump = try HierarchyDump(data: Data(lines.joined(separator: "\n").utf8), path: "stacks.txt")
    let snapshot = HierarchySnapshot(hierarchy: dump.hierarchy, name: "stacks.txt", source: .dump(text: dump.text))
    var unfolded = Diagram(snapshot: snapshot)
    let svg = try PageSVG(try Self.withRenderer { try $0.render(unfolded, formats: [.svg])[.svg] ?? [] })
    #expect(svg.nodes.filter { $0.classes.contains("vc") }.count == 11)
    #expect(svg.nodes.allSatisfy { !$0.classes.contains("fold") })
    // At the rules' first level, where the search once began, runs of each stack fold: the test
    // would see a fold.
    unfolded.folding = Folding(mode: .runs)
    let folded = try PageSVG(try Self.withRenderer { try $0.render(unfolded, formats: [.svg])[.svg] ?? [] })
    #expect(folded.nodes.contains { $0.classes.contains("fold") })
  }

  // MARK: - A cross-linked storyboard (issue 27, item 7)

  /// `--fold all` folds a storyboard every scene of which a segue leads to, and `--focus` finds a
  /// scene by its Interface Builder object id.
  @Test func foldAllAndAFocusByObjectIDDrawLessOfACrossLinkedStoryboard() throws {
    let xml = Workload.crossLinkedStoryboard(scenes: 200)
    let storyboard = try Storyboard(data: Data(xml.utf8), path: "cross200.storyboard")
    let drawn = StoryboardHierarchy(storyboard)
    var diagram = Diagram(storyboard: drawn)
    #expect(diagram.graph.nodes.count > 200)
    diagram.folding = Folding(mode: .all)
    let folded = diagram.graph
    #expect(folded.nodes.contains { $0.name.hasPrefix("fold:") })
    #expect(folded.nodes.count < 20, "\(folded.nodes.count) nodes")
    // `scene-5`, the sixth scene's object id, is the scene `Screen5`.
    let focus = Folding(focus: ["scene-5"]).resolving(drawn.objectIDs)
    #expect(focus.focus == ["Screen5"])
    #expect(focus.unmatchedFocus(in: drawn.hierarchy.viewControllers).isEmpty)
  }

  // MARK: - End to end

  /// `vcgraph storyboard` of a cross-linked storyboard (every scene the destination of two
  /// segues; issue 27, item 7), as a user runs it: by default an atlas; `--focus` with a scene's
  /// Interface Builder object id draws that scene and what it reaches; `--fold all` folds.
  @Test func aCrossLinkedStoryboardDrawsAndItsAdviceWorks() throws {
    try withTemporaryFolder { folder in
      try folder.write(Workload.crossLinkedStoryboard(scenes: 60), to: "cross.storyboard")
      let atlas = try runVCGraph(["storyboard", "cross.storyboard", "-o", "out"], in: folder.url)
      #expect(atlas.status == 0, "\(atlas)")
      let pages = try #require(try parseJSONObject(try folder.bytes("out/index.json"))["pages"] as? [[String: Any]])
      #expect(pages.count > 1)
      #expect(pages.reduce(0) { $0 + ($1["controllers"] as? [String] ?? []).count } == 60)
      // What the advice of a drawing that takes too long says: focus on a part, by the scene's object id.
      let focused = try runVCGraph(
        ["storyboard", "cross.storyboard", "--focus", "scene-5", "--format", "dot", "-o", "-"], in: folder.url)
      #expect(focused.status == 0, "\(focused)")
      #expect(focused.standardOutput.contains("\"vc:Screen5\""))
      #expect(focused.standardOutput.contains("\"fold:"))
      // Or fold more.
      let folded = try runVCGraph(
        ["storyboard", "cross.storyboard", "--fold", "all", "--format", "dot", "-o", "-"], in: folder.url)
      #expect(folded.status == 0, "\(folded)")
      #expect(folded.standardOutput.contains("\"fold:"))
      #expect(folded.standardOutput.components(separatedBy: "\"vc:").count - 1 < 30)
    }
  }

  /// `vcgraph storyboard` of a modular app, as a user runs it: every page, the overview, the index
  /// and the browsable pages, all written.
  @Test func theStoryboardCommandWritesAnAtlas() throws {
    try withTemporaryFolder { folder in
      let files = Workload.storyboardSet(storyboards: 6, references: 8)
      for (name, xml) in files { try folder.write(xml, to: "app/\(name).storyboard") }
      let result = try runVCGraph(
        ["storyboard"] + files.map { "app/\($0.name).storyboard" } + ["-o", "out", "--html", "--markdown"],
        in: folder.url)
      #expect(result.status == 0, "\(result)")
      let index = try parseJSONObject(try folder.bytes("out/index.json"))
      let pages = try #require(index["pages"] as? [[String: Any]])
      let written = Set(folder.contents(of: "out"))
      #expect(pages.count > 1)
      for page in pages {
        let file = try #require(page["file"] as? String)
        #expect(written.contains(file), "\(file) is not written")
      }
      #expect(written.isSuperset(of: ["atlas.svg", "index.json", "index.html", "index.md", "Main.svg"]))
      let html = String(decoding: try folder.bytes("out/index.html"), as: UTF8.self)
      #expect(html.contains("id=\"overview\""))
      #expect(html.contains("href=\"#page-Feature1\""))
      let markdown = String(decoding: try folder.bytes("out/index.md"), as: UTF8.self)
      #expect(markdown.components(separatedBy: "![").count - 1 == pages.count + 1)
    }
  }
}

/// One page's SVG as a reader sees it: its size, and each node's classes, texts (with their size)
/// and links.
struct PageSVG {
  struct Text {
    var text: String
    var size: Double
    var isBold: Bool
  }

  struct Node {
    var id: String
    var classes: [String]
    var texts: [Text] = []
    var hrefs: [String] = []
    var titles: [String] = []

    /// The controller's id of a `vc-…` node, decoded.
    var controllerID: String? {
      guard id.hasPrefix("vc-") else { return nil }
      return String(id.dropFirst(3)).removingPercentEncoding
    }
  }

  /// A link: where it leads, what its box says, and the controller its tooltip names.
  struct Link {
    var href: String
    var text: String
    var target: String?
  }

  var width: Double = 0
  var height: Double = 0
  var nodes: [Node] = []
  var links: [Link] = []

  init(_ bytes: [UInt8]) throws {
    let parser = XMLParser(data: Data(bytes))
    let reader = Reader()
    parser.delegate = reader
    guard parser.parse() else { throw SVGParseFailure(description: "\(String(describing: parser.parserError))") }
    self = reader.page
  }

  private init() {}

  private final class Reader: NSObject, XMLParserDelegate {
    var page = PageSVG()
    /// The node being read and how deep in it, by open groups.
    var node: Node?
    var depth = 0
    var text: Text?
    /// The link being read: its href and tooltip, and the texts since it opened.
    var link: (href: String, title: String, texts: [String])?

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      if name == "svg" {
        let box = (attributes["viewBox"] ?? "").split(separator: " ").compactMap { Double($0) }
        if box.count == 4 { (page.width, page.height) = (box[2], box[3]) }
      }
      if name == "g" {
        if node != nil {
          depth += 1
        } else if let classes = attributes["class"]?.split(separator: " ").map(String.init), classes.contains("node") {
          node = Node(id: attributes["id"] ?? "", classes: classes)
          depth = 0
        }
      }
      if name == "a", let href = attributes["xlink:href"] ?? attributes["href"] {
        node?.hrefs.append(href)
        link = (href, attributes["xlink:title"] ?? "", [])
      }
      if name == "text" {
        text = Text(
          text: "", size: Double(attributes["font-size"] ?? "") ?? 0, isBold: attributes["font-weight"] == "bold")
      }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      text?.text += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
      if name == "text", let done = text {
        node?.texts.append(done)
        link?.texts.append(done.text)
        text = nil
      }
      if name == "a", let done = link {
        let target = done.title.range(of: ": drawn in full on page").map { String(done.title[..<$0.lowerBound]) }
        page.links.append(Link(href: done.href, text: done.texts.joined(separator: " "), target: target))
        link = nil
      }
      if name == "g", let current = node {
        if depth == 0 {
          page.nodes.append(current)
          node = nil
        } else {
          depth -= 1
        }
      }
    }
  }
}
