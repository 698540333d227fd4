import Foundation
import Testing
import VCGraph
import VCGraphviz

/// How a tab bar's iOS 18 tabs are drawn: a list in the tab bar's box, the tabs without a controller
/// faint and without a box.
@Suite struct IOS18TabDiagramTests {
  @Test func theTabBarsBoxListsEveryTabAndOnlyCreatedTabsHaveBoxes() throws {
    let replay = try sampleReplay("ios18-tabs.yaml")
    // Step 4: Songs selected in the Library group; Home and Albums have controllers too.
    let diagram = try diagram(replay, step: 4)
    let svg = try SVGDocument(try #require(try render(diagram, [.svg])[.svg]))
    #expect(Set(svg.nodeIDs) == ["window-main", "vc-tabs", "vc-home", "vc-libraryNav", "vc-library", "vc-songs"])
    let tabBar = try #require(svg.node(id: "vc-tabs"))
    let texts = tabBar.allElements.filter { $0.name == "text" }.map(\.allText)
    #expect(texts.contains("TAB BAR · SIDEBAR"))
    #expect(texts.contains("tabs (sidebar)"))
    #expect(texts.contains("● Songs"))
    #expect(texts.contains("○ Albums"))
    #expect(texts.contains("○ Home"))
    #expect(texts.contains("◌ Search · no controller yet"))
    #expect(texts.contains("▾ Library · navigation"))
    // The list is in tab order, top to bottom, a group's tabs indented under it.
    func position(_ text: String) throws -> (x: Double, y: Double) {
      let element = try #require(tabBar.allElements.first { $0.name == "text" && $0.allText == text }, "\(text)")
      return (Double(element.attributes["x"] ?? "") ?? 0, Double(element.attributes["y"] ?? "") ?? 0)
    }
    let order = ["○ Home", "◌ Search · no controller yet", "▾ Library · navigation", "○ Albums", "● Songs"]
    let ys = try order.map { try position($0).y }
    #expect(ys == ys.sorted() && Set(ys).count == ys.count, "\(ys)")
    #expect(try position("○ Albums").x > position("▾ Library · navigation").x)
    // The created controller's box names its tab; the selected one's says so.
    #expect(try #require(svg.node(id: "vc-libraryNav")).allText.contains("tab library · selected"))
  }

  @Test func withoutTheSidebarTheBoxSaysTheTabBarShowsTheRootTabs() throws {
    let replay = try sampleReplay("ios18-tabs.yaml")
    let svg = try SVGDocument(try #require(try render(try diagram(replay, step: 6), [.svg])[.svg]))
    let texts = try #require(svg.node(id: "vc-tabs")).allElements.filter { $0.name == "text" }.map(\.allText)
    #expect(texts.contains("TAB BAR · SIDEBAR HIDDEN"))
    #expect(texts.contains("tabs (the tab bar shows the root ones)"))
    // Drawn as the step's change (as `render` draws each step after the first), the box says what changed.
    let before = try #require(replay.frame(5)).hierarchy
    let after = try #require(replay.frame(6)).hierarchy
    let diff = HierarchyDiff(before: before, after: after)
    #expect(diff.summaryText == "~ tabs sidebar shown → hidden\n")
    let changed = try SVGDocument(
      try #require(try render(Diagram(diff: diff, headline: "setSidebar hidden on tabs"), [.svg])[.svg]))
    #expect(try #require(changed.node(id: "vc-tabs")).allText.contains("~ sidebar shown → hidden"))
    // A first selection says which tab's controller was created, and the selected tab.
    let first = HierarchyDiff(before: try #require(replay.frame(4)).hierarchy, after: before)
    #expect(first.summaryText.contains("~ tabs selected tab songs → search"))
    #expect(first.summaryText.contains("~ tabs controller created for tab search"))
  }
}

@Suite struct IOS18TabDiagramLimitTests {
  @Test func aLongListOfTabsIsCutButKeepsTheSelectedTab() throws {
    let count = 40
    let yaml =
      "controllers:\n  tabs: UITabBarController\n"
      + (0..<count).map { "  c\($0): C\($0)\n" }.joined()
      + "steps:\n  - setTabs:\n"
      + (0..<count).map { "      - { tab: t\($0), viewController: c\($0) }\n" }.joined()
      + "    on: tabs\n  - setRoot: tabs\n  - selectTab: t30\n    on: tabs\n"
    let svg = try SVGDocument(try #require(try render(try lastDiagram(yaml), [.svg])[.svg]))
    let texts = try #require(svg.node(id: "vc-tabs")).allElements.filter { $0.name == "text" }.map(\.allText)
    #expect(texts.contains("○ t0"))
    #expect(texts.contains("◌ t15 · no controller yet"))
    #expect(!texts.contains("◌ t16 · no controller yet"))
    #expect(texts.contains("● t30"))
    #expect(texts.contains { $0.hasPrefix("… 23 more tabs, 23 without a") }, "\(texts)")
  }
}
