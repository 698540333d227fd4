import Foundation
import Testing
import VCGraph
import VCGraphviz

/// What a reader sees in the pictures of real-size apps, checked from the SVG every frame draws:
/// each frame within the page budget, a container's children in their order, a stack as a column,
/// a presented controller beside its presenter, no class name broken inside a word, and every
/// controller drawn or counted in a fold.
@Suite struct LegibilityTests {
  /// The problems of one frame's SVG, as sentences; empty when the frame reads well.
  static func problems(_ svg: SVGDocument, _ hierarchy: Hierarchy, budget: PageBudget = PageBudget()) -> [String] {
    var problems: [String] = []
    if let size = svg.viewBoxSize, !budget.fits(width: size.width, height: size.height) {
      let (wide, high) = (PageBudget.pixels(points: size.width), PageBudget.pixels(points: size.height))
      problems.append("the picture is \(Int(wide)) × \(Int(high)) px, over the page budget")
    }
    problems += orderProblems(svg, hierarchy)
    problems += nameProblems(svg, hierarchy)
    problems += drawnOrCountedProblems(svg, hierarchy.removingNothing)
    return problems
  }

  /// A container's drawn children in their order: a navigation stack top to bottom, a split view's
  /// columns side by side (unless it is collapsed), any other container's left to right (row after
  /// row when they wrap), and a presented controller to the right of its presenter, on its rank.
  static func orderProblems(_ svg: SVGDocument, _ hierarchy: Hierarchy) -> [String] {
    var problems: [String] = []
    func box(_ id: String) -> ShapeBox? { svg.shapeBox(ofNode: "vc-" + id) }
    for parent in hierarchy.members {
      guard let controller = hierarchy[parent], box(parent) != nil else { continue }
      let drawn = controller.children.compactMap { id in box(id).map { (id, $0) } }
      for ((first, a), (second, b)) in zip(drawn, drawn.dropFirst()) {
        if controller.kind == .navigation {
          if b.minY <= a.maxY - 1 { problems.append("\(second) is not below \(first) in \(parent)'s stack") }
        } else if controller.kind == .splitView, controller.isCollapsed != true {
          // A split view's columns side by side, in column order, as the device shows them.
          if abs(a.centerY - b.centerY) >= 1 || b.minX < a.maxX - 1 {
            problems.append("\(second) is not beside \(first), to its right, among \(parent)'s columns")
          }
        } else {
          let sameRow = abs(a.centerY - b.centerY) < 1
          let nextRow = b.minY > a.maxY - 1
          if !(sameRow && b.centerX > a.centerX) && !nextRow {
            problems.append("\(second) is not after \(first) among \(parent)'s children")
          }
        }
      }
      if let presented = controller.presentation?.presented, let a = box(parent), let b = box(presented) {
        // Beside it, to its right; or, for a long chain, on the next row.
        let isBeside = b.minX >= a.maxX - 1 && abs(a.centerY - b.centerY) <= 1
        if !isBeside && b.minY <= a.maxY {
          problems.append("\(presented) is not beside \(parent), to its right, nor on the next row")
        }
      }
    }
    return problems
  }

  /// Every drawn controller's class name broken only at word boundaries.
  static func nameProblems(_ svg: SVGDocument, _ hierarchy: Hierarchy) -> [String] {
    var problems: [String] = []
    for group in svg.groups(ofClass: "node") {
      guard let id = group.attributes["id"], id.hasPrefix("vc-"), !group.hasClass("removed"),
        let controller = hierarchy[String(id.dropFirst(3))]
      else { continue }
      // The class name is the node's only 12-point bold text.
      let lines = group.allElements.filter {
        $0.name == "text" && $0.attributes["font-size"] == "12.00" && $0.attributes["font-weight"] == "bold"
      }.map(\.allText)
      // A hosting controller is drawn with the SwiftUI view it shows.
      problems += wordBreakProblems(of: controller.swiftUIRootView ?? controller.className, drawnAs: lines, width: 22)
        .map { "\(id): \($0)" }
    }
    return problems
  }

  /// Expects `problems` of a scenario's frame to be none; that its picture is over the page budget
  /// is a known issue: the stable layout does not wrap, and a real-size app's frames laid out
  /// together, or its sides side by side, are wider than 830 px allow (issue 23; the frames' layout
  /// must learn to wrap as ``FoldSearch`` does).
  ///
  /// With `columnsMaySwap`, a split view's columns out of order is a known issue too: laid out frame
  /// by frame (`--layout per-step`), `dot` may swap the columns of a split view when a window, the
  /// controllers outside any window or a wrapped row of presentations hang below them (the real-size
  /// apps' shapes 0 and 1 in the slow tier). The stable layout, the default, keeps them in order.
  static func expectReadable(
    _ problems: [String], _ comment: Comment, columnsMaySwap: Bool = false,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    let overBudget = problems.filter { $0.hasPrefix("the picture is ") }
    let swapped = columnsMaySwap ? problems.filter { $0.hasSuffix("'s columns") } : []
    #expect(
      problems.filter { !$0.hasPrefix("the picture is ") && !swapped.contains($0) } == [], comment,
      sourceLocation: sourceLocation)
    if !swapped.isEmpty {
      withKnownIssue("per-step: dot swaps a split view's columns when something hangs below them") {
        #expect(swapped == [], comment, sourceLocation: sourceLocation)
      }
    }
    withKnownIssue("a scenario's frame over the 830-px page budget", isIntermittent: true) {
      #expect(overBudget == [], comment, sourceLocation: sourceLocation)
    }
  }

  /// The SVG of every frame of a scenario, with the hierarchy it draws, as `vcgraph render` draws them.
  static func frames(
    _ yaml: String, layout: FrameLayout = .stable, folding: Folding = Folding()
  ) throws -> [(
    svg: SVGDocument, hierarchy: Hierarchy
  )] {
    let replay = try replay(yaml)
    let rendered = try withRenderer {
      try $0.render(replay, formats: [.svg], layout: layout, folding: folding)
    }
    return try zip(rendered.frames, replay.frames).map { file, frame in
      (try SVGDocument([UInt8](file.contents)), frame.hierarchy)
    }
  }

  // MARK: - Real-size apps

  /// The realistic app of the issue in the stable layout, and the five-tab app frame by frame;
  /// every shape in both layouts in the slow tier (``RenderingSlowTests``).
  @Test(arguments: [(0, FrameLayout.stable), (2, .perStep)])
  func everyFrameOfARealSizeAppReadsOnAPage(shape: Int, layout: FrameLayout) throws {
    try Self.expectEveryFrameReads(shape: shape, layout: layout)
  }

  /// Checks every frame of ``RealisticApps/shapes``[`shape`] drawn in `layout`.
  static func expectEveryFrameReads(shape: Int, layout: FrameLayout) throws {
    let yaml = RealisticApps.scenario(RealisticApps.shapes[shape])
    for (offset, frame) in try Self.frames(yaml, layout: layout).enumerated() {
      let problems = Self.problems(frame.svg, frame.hierarchy)
      expectReadable(
        problems, "\(RealisticApps.shapes[shape]), \(layout.rawValue), step \(offset + 1)",
        columnsMaySwap: layout == .perStep)
    }
  }

  /// The five-tab app of the issue (26 controllers) drew 5,133 × 966 px: now a column per tab.
  @Test func aFiveTabAppDrawsAColumnPerTab() throws {
    let shape = RealisticApps.Shape(tabs: 5, depth: 4, chain: 0, windows: 1, splitView: false, pushes: false, seed: 3)
    let frames = try Self.frames(RealisticApps.scenario(shape))
    let last = try #require(frames.last)
    let size = try #require(last.svg.viewBoxSize)
    #expect(PageBudget.pixels(points: size.width) < 1_800, "\(size)")
    #expect(size.width / size.height < 2, "\(size)")
    // The tabs left to right in their order, each with its stack below it.
    let tabs = (0..<5).compactMap { last.svg.shapeBox(ofNode: "vc-nav\($0)") }
    #expect(tabs.count == 5)
    #expect(zip(tabs, tabs.dropFirst()).allSatisfy { $0.maxX < $1.minX })
  }

  /// A stack twenty screens deep, pushed a screen a step: every frame fits, and the stable layout
  /// keeps every controller where it was whenever it is drawn.
  @Test func aTwentyDeepStackFitsAndNothingJumps() throws {
    let shape = RealisticApps.Shape(tabs: 1, depth: 20, chain: 0, windows: 1, splitView: false, pushes: true, seed: 4)
    let frames = try Self.frames(RealisticApps.scenario(shape))
    var places: [String: ShapeBox] = [:]
    for (offset, frame) in frames.enumerated() {
      #expect(Self.problems(frame.svg, frame.hierarchy) == [], "step \(offset + 1)")
      for id in frame.svg.drawnNodeIDs {
        guard let box = frame.svg.shapeBox(ofNode: id) else { continue }
        if let earlier = places[id] {
          #expect(box.isClose(to: earlier), "step \(offset + 1): \(id) moved from \(earlier) to \(box)")
        } else {
          places[id] = box
        }
      }
    }
    // The last frame folds the middle of the stack into one counted node.
    let last = try #require(frames.last)
    #expect(last.svg.foldCounts.reduce(0, +) >= 17, "\(last.svg.foldCounts)")
  }

  /// A frame that draws little under a long title (a focus that folds everything, a long step)
  /// drew the legend beside the title: 1,234 × 351 px, 3.5 times wider than high. The legend now
  /// goes under the title.
  @Test func aSmallFrameUnderALongTitleStacksItsHeader() throws {
    let yaml = """
      title: A split view of three columns
      controllers:
        split: {class: UISplitViewController, kind: splitView}
        primaryListController: ListViewController
        supplementaryDetailController: DetailViewController
        secondaryEditorController: EditorViewController
        other: OtherViewController
      steps:
      - setSplit: {primary: primaryListController, supplementary: supplementaryDetailController, secondary: secondaryEditorController}
        on: split
      - setRoot: split
      """
    let frames = try Self.frames(yaml, layout: .perStep, folding: Folding(focus: ["other"]))
    let first = try #require(frames.first)
    #expect(Self.problems(first.svg, first.hierarchy) == [])
    // The legend's first line is below the title's last.
    let texts = first.svg.root.allElements.filter { $0.name == "text" }
    let title = try #require(texts.last { $0.allText.contains("on split") })
    let legend = try #require(texts.first { $0.allText.contains("window → root view controller") })
    #expect(Double(legend.attributes["y"] ?? "") ?? 0 > Double(title.attributes["y"] ?? "") ?? 0)
  }

  /// The samples, the dumps and the storyboards read on a page too.
  @Test(arguments: sampleNames)
  func everySampleFrameReadsOnAPage(sample: String) throws {
    let yaml = try String(contentsOfFile: packageRoot.appendingPathComponent("samples/\(sample)").path, encoding: .utf8)
    for (offset, frame) in try Self.frames(yaml).enumerated() {
      Self.expectReadable(Self.problems(frame.svg, frame.hierarchy), "\(sample) step \(offset + 1)")
    }
  }
}

/// Dumps and storyboards, the samples' and the tests' fixtures, and the storyboard of a big shop app
/// (`big-shop.storyboard`: 51 scenes, a tab bar of six stacks, a menu with twelve segues, 33
/// parallel custom segues, a split view, a scene nothing leads to).
@Suite struct SnapshotLegibilityTests {
  static let dumps: [String] = files(in: ["samples/dumps", "Tests/VCGraphTests/Fixtures/Dumps"], ending: ".txt")
  static let storyboards: [String] = files(
    in: ["samples/storyboards", "Tests/VCGraphTests/Fixtures/Storyboards"], ending: ".storyboard")

  static func files(in folders: [String], ending: String) -> [String] {
    folders.flatMap { folder in
      ((try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(folder).path)) ?? [])
        .filter { $0.hasSuffix(ending) }.sorted().map { folder + "/" + $0 }
    }
  }

  /// The SVG of a diagram as `vcgraph` draws it.
  static func svg(_ diagram: Diagram) throws -> SVGDocument {
    try SVGDocument(try #require(try render(diagram, [.svg])[.svg]))
  }

  static func storyboard(_ path: String) throws -> StoryboardHierarchy {
    let storyboard = try Storyboard(contentsOfFile: packageRoot.appendingPathComponent(path).path)
    // Its siblings, so that references are followed as `vcgraph storyboard` does with several files.
    let others = try storyboards.filter {
      $0 != path && $0.hasPrefix(path.components(separatedBy: "/").dropLast().joined(separator: "/"))
    }
    .map { try Storyboard(contentsOfFile: packageRoot.appendingPathComponent($0).path) }
    return StoryboardHierarchy(storyboard, others: others)
  }

  @Test(arguments: dumps)
  func everyDumpReadsOnAPage(path: String) throws {
    let dump = try HierarchyDump(contentsOfFile: packageRoot.appendingPathComponent(path).path)
    let snapshot = HierarchySnapshot(hierarchy: dump.hierarchy, name: path, source: .dump(text: dump.text))
    let svg = try Self.svg(Diagram(snapshot: snapshot))
    #expect(LegibilityTests.problems(svg, dump.hierarchy) == [], "\(path)")
  }

  /// A dump of `windows` windows, each holding a tree with `breadth[0]` children of the root,
  /// `breadth[1]` children of each of those, and so on, every controller on screen, so that no
  /// rule folds any of them.
  static func treeDump(breadth: [Int], windows: Int = 1) -> String {
    var lines: [String] = []
    var number = 0
    func add(depth: Int) {
      number += 1
      let address = String(number, radix: 16)
      let indent = String(repeating: "   | ", count: depth)
      lines.append(
        "\(indent)<App.BoxViewController: 0x7f00000\(address)>, state: appeared, view: <UIView: 0x7f10000\(address)>")
      guard depth < breadth.count else { return }
      for _ in 0..<breadth[depth] { add(depth: depth + 1) }
    }
    for _ in 0..<windows { add(depth: 0) }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The SVG `vcgraph import` draws of a dump's text.
  static func importedSVG(_ text: String) throws -> (svg: SVGDocument, hierarchy: Hierarchy) {
    let dump = try HierarchyDump(text: text, path: "tree.txt")
    let snapshot = HierarchySnapshot(hierarchy: dump.hierarchy, name: "tree.txt", source: .dump(text: dump.text))
    return (try Self.svg(Diagram(snapshot: snapshot)), dump.hierarchy)
  }

  /// Hierarchies wider than a page with everything on screen, which no rule folds: three to six
  /// containers of three or four screens drew up to 3,789 px wide (a row of every screen). The
  /// picture wraps first, each container's screens a column below it, with nothing folded; only
  /// what wrapping cannot fit (a hundred controllers on screen, thirty windows) folds further. Every
  /// one fits the page, keeps each container's children in order and draws or counts everything.
  @Test(arguments: [
    ([3, 3], 1), ([4, 3], 1), ([6, 2], 1), ([5, 4], 1), ([3, 3, 3], 1), ([2, 2, 2, 2, 2], 1), ([3, 3, 3, 3], 1),
    ([12], 1), ([], 14), ([2, 3], 14), ([3, 2, 2], 30),
  ])
  func aWideDumpWrapsOrFoldsOntoAPage(breadth: [Int], windows: Int) throws {
    let (svg, hierarchy) = try Self.importedSVG(Self.treeDump(breadth: breadth, windows: windows))
    #expect(LegibilityTests.problems(svg, hierarchy) == [], "\(breadth) × \(windows)")
  }

  /// Thirteen to twenty-one controllers on screen are all drawn, each container's screens one
  /// below the other (a column under it), the containers side by side, in rows when a page is
  /// narrower than all of them.
  @Test(arguments: [[3, 3], [4, 3], [6, 2]])
  func aSmallWideDumpWrapsWithoutFolding(breadth: [Int]) throws {
    let (svg, hierarchy) = try Self.importedSVG(Self.treeDump(breadth: breadth))
    #expect(svg.foldCounts == [], "\(breadth)")
    let size = try #require(svg.viewBoxSize)
    #expect(PageBudget().fits(width: size.width, height: size.height), "\(breadth): \(size)")
    let root = try #require(hierarchy.windows.first?.rootViewController)
    let containers = try #require(hierarchy[root]?.children)
    for container in containers {
      let screens = try (hierarchy[container]?.children ?? []).map { try #require(svg.shapeBox(ofNode: "vc-" + $0)) }
      // A straight column: each below the one before, not beside it.
      for (upper, lower) in zip(screens, screens.dropFirst()) {
        #expect(lower.minY > upper.maxY, "\(breadth) \(container): \(upper) \(lower)")
        #expect(abs(lower.centerX - upper.centerX) < 40, "\(breadth) \(container): \(upper) \(lower)")
      }
    }
    // The containers in their order: each to the right of the one before, or on a row below it.
    let boxes = try containers.map { try #require(svg.shapeBox(ofNode: "vc-" + $0)) }
    #expect(zip(boxes, boxes.dropFirst()).allSatisfy { $0.maxX < $1.minX || $0.maxY < $1.minY }, "\(boxes)")
  }

  /// Thirty windows of 22 controllers on screen: the first few are drawn (the windows that hold
  /// what is on screen come first), the others fold into one node that says how many windows and
  /// controllers it holds.
  @Test func windowsPastWhatAPageHoldsFoldIntoOneNode() throws {
    let (svg, hierarchy) = try Self.importedSVG(Self.treeDump(breadth: [3, 2, 2], windows: 30))
    #expect(LegibilityTests.problems(svg, hierarchy) == [])
    let drawn = svg.nodeIDs.filter { $0.hasPrefix("window-") }.count
    #expect((1...4).contains(drawn), "\(drawn) windows drawn")
    let fold = try svg.text(ofNode: "fold-windows-BoxViewController-\(drawn * 22 + 1)")
    #expect(fold.contains("\(30 - drawn) more windows"), "\(fold)")
    #expect(fold.contains("\((30 - drawn) * 22) controllers"), "\(fold)")
  }

  @Test(arguments: storyboards)
  func everyStoryboardReadsOnAPage(path: String) throws {
    let drawn = try Self.storyboard(path)
    let svg = try Self.svg(Diagram(storyboard: drawn))
    var problems = LegibilityTests.problems(svg, drawn.hierarchy)
    // A storyboard's scenes outside any window are drawn too: count them against every scene.
    problems = problems.filter { !$0.contains("folded ≠") }
    let scenes = drawn.hierarchy.members.count
    let drawnScenes = Set(svg.nodeIDs.filter { $0.hasPrefix("vc-") }).count
    #expect(drawnScenes + svg.foldCounts.reduce(0, +) == scenes, "\(path)")
    #expect(problems == [], "\(path)")
  }

  /// A real storyboard's tab bar drew its tabs 3, 1, 0, 2: now in index order, in reading order
  /// when the picture wraps them onto rows to fit a page (each tab right of the one before on its
  /// row, or on a row below it).
  @Test func aStoryboardsTabsAndSegueTargetsAreInOrder() throws {
    let drawn = try Self.storyboard("Tests/VCGraphTests/Fixtures/Storyboards/big-shop.storyboard")
    var diagram = Diagram(storyboard: drawn)
    diagram.folding = Folding(mode: .subtrees)
    let svg = try Self.svg(diagram)
    let tabBar = try #require(drawn.hierarchy["ShopTabBarController"])
    let tabs = try tabBar.children.map { try #require(svg.shapeBox(ofNode: "vc-" + $0), "\($0)") }
    #expect(tabs.count == 6)
    #expect(
      zip(tabs, tabs.dropFirst()).allSatisfy { before, next in
        let sameRow = next.minY < before.maxY && before.minY < next.maxY
        return sameRow ? before.maxX < next.minX : next.minY > before.maxY
      }, "\(tabs)")
  }

  /// Parallel segues between two scenes are one edge that counts them and names their kinds; a
  /// scene nothing leads to is faded and says so; a scene code instantiates by its identifier is
  /// drawn plainly.
  @Test func parallelSeguesAreOneEdgeAndOnlyWhatAReaderMustNoticeIsFaded() throws {
    let drawn = try Self.storyboard("Tests/VCGraphTests/Fixtures/Storyboards/big-shop.storyboard")
    var diagram = Diagram(storyboard: drawn)
    diagram.folding = Folding(mode: .runs)
    let graph = diagram.graph
    let source = "vc:Category0ListViewController"
    let toFront = graph.edges(from: source, to: "vc:RevealFrontViewController")
    #expect(toFront.count == 1)
    // The label may break the class name at a hump: compare without spaces.
    let label = (toFront.first?.labelText ?? "").replacingOccurrences(of: " ", with: "")
    #expect(label.hasPrefix("33segues:custom·SWRevealViewControllerSeguePushController×33"), "\(label)")
    let toRear = graph.edges(from: source, to: "vc:RevealRearViewController")
    #expect(
      toRear.map(\.labelText).first?.hasPrefix("3 segues: show, present · formSheet, custom · FadeSegue") == true,
      "\(toRear.map(\.labelText))")

    let svg = try Self.svg(diagram)
    let promo = try svg.text(ofNode: "vc-LegacyPromoViewController")
    #expect(promo.contains("unreachable"), "\(promo)")
    let onboarding = try svg.text(ofNode: "vc-onboarding")
    #expect(onboarding.contains("not shown at launch"), "\(onboarding)")
    let style = graph.node(named: "vc:onboarding")?.attributes["style"] ?? ""
    #expect(!style.contains("dashed"), "\(style)")
    let promoStyle = graph.node(named: "vc:LegacyPromoViewController")?.attributes["style"] ?? ""
    #expect(promoStyle.contains("dashed"), "\(promoStyle)")
  }

  /// At a page's size a big storyboard folds the scenes that only one scene's segues lead to, beside that scene.
  @Test func aBigStoryboardFoldsTheScenesItsSeguesLeadToBesideTheirSource() throws {
    let drawn = try Self.storyboard("Tests/VCGraphTests/Fixtures/Storyboards/big-shop.storyboard")
    var diagram = Diagram(storyboard: drawn)
    diagram.folding = Folding(mode: .subtrees)
    let svg = try Self.svg(diagram)
    // The menu's twelve lists, and the reveal controller one of them leads to, reached through the menu.
    let menuFold = try svg.text(ofNode: "fold-segues-CategoryMenuViewController-Category0ListViewController")
    #expect(menuFold.contains("14 controllers"), "\(menuFold)")
    #expect(menuFold.contains("Category0ListViewController"), "\(menuFold)")
    #expect(menuFold.contains("… RevealRearViewController"), "\(menuFold)")
    #expect(svg.edgeTexts.contains { $0.contains("12 segues: show ×12") }, "\(svg.edgeTexts)")
  }
}

extension Hierarchy {
  /// The hierarchy itself: a name for the argument `drawnOrCountedProblems` checks against.
  fileprivate var removingNothing: Hierarchy { self }
}

extension ShapeBox {
  var centerX: Double { (minX + maxX) / 2 }
  var centerY: Double { (minY + maxY) / 2 }
}
