import Foundation
import Testing
import VCGraph
import VCGraphviz

/// An expanded split view's columns side by side in column order (primary, supplementary,
/// secondary), and a tab bar's tabs in the order of its `viewControllers`, as the device shows them,
/// read back from the node positions of the SVG: in a storyboard whose segues lead from one column
/// or tab to another (issue 24, items 3 and 4), in a dump whose picture wraps, and in a scenario.
@Suite struct SplitViewColumnsTests {
  /// A hand-made iPad storyboard of the shape real ones have: a tab bar of two split views (the
  /// second a three-column one, its relationships written secondary first, its scene before the
  /// first tab's), `showDetail` segues from a column's list to the next column, a `show` segue and a
  /// full-screen presentation from the second tab into the first.
  static let fixture = "Tests/VCGraphTests/Fixtures/Storyboards/ipad-split-views-in-tabs.storyboard"

  /// Where each of `ids` is drawn, in order, failing the test when one is not.
  static func boxes(_ ids: [String], in svg: SVGDocument) throws -> [ShapeBox] {
    try ids.map { id in try #require(svg.shapeBox(ofNode: Diagram.svgID(ofController: id)), "\(id) is not drawn") }
  }

  /// The problems of boxes that should stand side by side, left to right, on one rank.
  static func sideBySideProblems(_ ids: [String], in svg: SVGDocument) throws -> [String] {
    let boxes = try boxes(ids, in: svg)
    return zip(zip(ids, boxes), zip(ids, boxes).dropFirst()).compactMap { left, right in
      let (a, b) = (left.1, right.1)
      guard abs(a.centerY - b.centerY) >= 1 || b.minX < a.maxX - 1 else { return nil }
      return "\(right.0) \(b) is not beside \(left.0) \(a), to its right"
    }
  }

  @Test func aStoryboardDrawsItsTabsInOrderAndEachSplitViewsColumnsSideBySide() throws {
    let drawn = try SnapshotLegibilityTests.storyboard(Self.fixture)
    let hierarchy = drawn.hierarchy
    let svg = try SnapshotLegibilityTests.svg(Diagram(storyboard: drawn))
    let tabBar = try #require(hierarchy.viewControllers.first { $0.kind == .tabBar })
    // The tabs as the relationships list them: Feeds, then Library (whose scene comes first).
    #expect(tabBar.children.map { hierarchy[$0]?.title } == ["Feeds", "Library"])
    #expect(try Self.sideBySideProblems(tabBar.children, in: svg) == [])
    for split in tabBar.children {
      let columns = try #require(hierarchy[split]?.children)
      #expect(columns.count == (hierarchy[split]?.title == "Library" ? 3 : 2))
      #expect(
        columns.map { hierarchy.role(of: $0)?.description }
          == (columns.count == 3 ? ["primary", "supplementary", "secondary"] : ["primary", "secondary"]))
      #expect(try Self.sideBySideProblems(columns, in: svg) == [], "\(split)")
    }
    // The segues are still drawn, each with its label.
    for identifier in ["showFeed", "showShelf", "showBook", "jumpToFeeds", "openFeeds"] {
      #expect(svg.texts.contains("“\(identifier)”"), "\(identifier)")
    }
  }

  /// A dump of four split views of three columns in one container, everything on screen: too wide
  /// for a page, so the container's children wrap two to a row, and each split view's columns stay
  /// side by side in their order (they were stacked, or drawn secondary, primary).
  @Test func aDumpsSplitViewsKeepTheirColumnsSideBySideWhenThePictureWraps() throws {
    var lines: [String] = []
    var number = 0
    func add(_ depth: Int, _ className: String) {
      number += 1
      let address = String(number, radix: 16)
      lines.append(
        String(repeating: "   | ", count: depth)
          + "<\(className): 0x7f00000\(address)>, state: appeared, view: <UIView: 0x7f10000\(address)>")
    }
    add(0, "App.BoardViewController")
    for split in 0..<4 {
      add(1, "UISplitViewController")
      for column in ["Sidebar", "List", "Detail"] {
        add(2, "UINavigationController")
        add(3, "App.\(column)\(split)ViewController")
        add(3, "App.\(column)\(split)PageViewController")
      }
    }
    let (svg, hierarchy) = try SnapshotLegibilityTests.importedSVG(lines.joined(separator: "\n") + "\n")
    let root = try #require(hierarchy.windows.first?.rootViewController)
    let splits = try #require(hierarchy[root]?.children)
    #expect(splits.count == 4)
    // The picture wrapped: the third split view is below the first.
    let splitBoxes = try Self.boxes(splits, in: svg)
    #expect(splitBoxes[2].minY > splitBoxes[0].maxY, "\(splitBoxes)")
    for split in splits {
      #expect(try Self.sideBySideProblems(hierarchy[split]?.children ?? [], in: svg) == [], "\(split)")
    }
    #expect(LegibilityTests.problems(svg, hierarchy) == [])
  }

  /// The same in a scenario's frame laid out on its own (`--layout per-step`, where a picture wraps).
  @Test func aScenariosSplitViewsKeepTheirColumnsSideBySide() throws {
    var controllers = ["  board: { class: BoardViewController, kind: container }"]
    var steps: [String] = []
    for split in 0..<4 {
      controllers.append("  split\(split): UISplitViewController")
      var columns: [String] = []
      for column in ["sidebar", "list", "detail"] {
        let nav = "\(column)Nav\(split)"
        controllers += [
          "  \(nav): UINavigationController", "  \(column)\(split): \(column.capitalized)\(split)ViewController",
          "  \(column)Page\(split): \(column.capitalized)Page\(split)ViewController",
        ]
        steps += ["  - setViewControllers: [\(column)\(split), \(column)Page\(split)]", "    on: \(nav)"]
        columns.append(nav)
      }
      steps += [
        "  - setSplit: { primary: \(columns[0]), supplementary: \(columns[1]), secondary: \(columns[2]) }",
        "    on: split\(split)",
      ]
    }
    steps.append("  - setRoot: board")
    for split in 0..<4 { steps += ["  - addChild: split\(split)", "    to: board"] }
    let yaml = (["title: Four split views", "controllers:"] + controllers + ["steps:"] + steps).joined(separator: "\n")
    let replay = try replay(yaml)
    let last = replay.frames.count
    let rendered = try withRenderer { try $0.render(replay, formats: [.svg], onlyStep: last, layout: .perStep) }
    let svg = try SVGDocument([UInt8](try #require(rendered.frames.first).contents))
    let hierarchy = try #require(replay.frame(last)).hierarchy
    for split in 0..<4 {
      let columns = try #require(hierarchy["split\(split)"]?.children)
      #expect(columns == ["sidebarNav\(split)", "listNav\(split)", "detailNav\(split)"])
      #expect(try Self.sideBySideProblems(columns, in: svg) == [], "split\(split)")
    }
    #expect(LegibilityTests.problems(svg, hierarchy) == [])
  }
}
