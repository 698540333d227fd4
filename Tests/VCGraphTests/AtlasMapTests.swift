import Foundation
import Testing

@testable import VCGraph

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The map an atlas cuts into pages, read from a modular app's storyboards (the hand-written
/// `Fixtures/Storyboards/atlas/`: Main's tabs are references to Feed and Profile), what one page of
/// it draws, and the index, HTML and Markdown pages of a drawn atlas.
@Suite struct AtlasMapTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Storyboards/atlas")

  /// The map of the three storyboards, read in the order a shell's glob gives them.
  static func modularApp() throws -> AtlasMap {
    let storyboards = try ["Feed", "Main", "Profile"].map {
      try Storyboard(contentsOfFile: folder.appendingPathComponent("\($0).storyboard").path)
    }
    return AtlasMap(storyboards: storyboards)
  }

  @Test func aSetIsOnePartAStoryboardInTheOrderAUserMeetsThem() throws {
    let map = try Self.modularApp()
    // Main refers to the others: it comes first, whatever the command line's order.
    #expect(map.partOrder == ["Main", "Feed", "Profile"])
    #expect(map.title == "3 storyboards: Main, Feed, Profile")
    // Ids name their storyboard; every scene is in its part.
    #expect(map.controllers.allSatisfy { map.part(of: $0) == String($0.prefix { $0 != "/" }) })
    #expect(map.hierarchy.windows.map(\.id) == ["Feed", "Main", "Profile"])
    // Each reference leads to the scene it names on the other storyboard, not a copy of it.
    #expect(
      map.references == [
        "Main/Feed.storyboard": "Feed/UINavigationController",
        "Main/Profile.storyboard#ProfileNavigation": "Profile/ProfileNavigation",
        "Main/Profile.storyboard#EditProfile": "Profile/EditProfile",
        "Feed/Profile.storyboard#Profile": "Profile/Profile",
      ])
    #expect(map.controllers.count == 16)
    #expect(map.drawnInFull.count == 12)
    // A scene's object id names it too (`--focus Pst-Vc-F01`).
    #expect(map.aliases["Pst-Vc-F01"] == "Feed/Post")
    // Profile's legacy scene: nothing leads to it, neither a segue nor an identifier.
    #expect(map.unreachable == ["Profile/LegacyProfileViewController"])
  }

  @Test func aPageDrawsItsControllersAndLinksToTheOthers() throws {
    let map = try Self.modularApp()
    let main = map.controllers.filter { map.part(of: $0) == "Main" }
    let page = map.page(drawing: main)
    // Main's own ids, without the storyboard's name.
    #expect(page.ids["SettingsViewController"] == "Main/SettingsViewController")
    #expect(page.hierarchy["Main/SettingsViewController"] == nil)
    // A reference to a scene of another page is a link to it, in its place among the tabs.
    #expect(page.links["Feed.storyboard"] == "Feed/UINavigationController")
    #expect(page.hierarchy["RootTabBarController"]?.children.first == "Feed.storyboard")
    // The segue to a reference keeps its label, and leads to the link.
    let segue = try #require(page.hierarchy.segues.first { $0.identifier == "editProfile" })
    #expect(segue.destination == "Profile.storyboard#EditProfile")
    #expect(page.links["Profile.storyboard#EditProfile"] == "Profile/EditProfile")
    // Nothing of another storyboard is drawn in full.
    #expect(!page.hierarchy.order.contains { $0.hasPrefix("Profile/") || $0.hasPrefix("Feed/") })

    // Feed's post shows Profile's profile: a segue to another page's controller goes to its link box.
    let feed = map.page(drawing: map.controllers.filter { map.part(of: $0) == "Feed" })
    #expect(feed.links["Profile.storyboard#Profile"] == "Profile/Profile")
  }

  @Test func aControllerThatLeadsToSeveralOtherPagesHasOneList() throws {
    let map = try Self.modularApp()
    // Settings alone on a page: its two segues lead to two other pages' controllers.
    let page = map.page(drawing: ["Main/UINavigationController", "Main/SettingsViewController"])
    let list = try #require(page.linkLists[AtlasMap.linkListID(of: "Main/SettingsViewController")])
    #expect(list.targets == ["Profile/EditProfile", "Main/AboutViewController"])
    #expect(
      page.hierarchy.segues.filter { $0.source == "SettingsViewController" }.map(\.destination)
        == [
          AtlasMap.linkListID(of: "Main/SettingsViewController"),
          AtlasMap.linkListID(of: "Main/SettingsViewController"),
        ])
    #expect(page.links.isEmpty)
  }

  // MARK: - The index, HTML and Markdown pages

  static let book = AtlasBook(
    title: "3 storyboards: Main, Feed, Profile",
    overview: .init(
      name: "atlas", title: "Overview", caption: "3 pages", files: ["svg": "atlas.svg"],
      svg: #"<svg viewBox="0 0 200 100"><a xlink:href="Feed.svg"><text>Feed</text></a></svg>"#),
    pages: [
      .init(
        name: "Main", title: "Main", caption: "4 scenes", controllers: ["Main/SettingsViewController"],
        links: ["Feed/UINavigationController"], files: ["svg": "Main.svg", "png": "Main.png"],
        svg: #"<svg viewBox="0 0 300 200"><g id="vc-Feed.storyboard"><a xlink:href="Feed.svg"/></g></svg>"#),
      .init(
        name: "Feed", title: "Feed", caption: "4 scenes", controllers: ["Feed/FeedViewController"],
        files: ["svg": "Feed.svg"], svg: #"<svg viewBox="0 0 300 200"><text>Feed</text></svg>"#),
    ])

  @Test func theIndexSaysWhichPageDrawsWhichController() throws {
    let json = try #require(try JSONSerialization.jsonObject(with: Data(Self.book.json.utf8)) as? [String: Any])
    let pages = try #require(json["pages"] as? [[String: Any]])
    #expect(pages.map { $0["file"] as? String } == ["Main.svg", "Feed.svg"])
    #expect(pages.map { $0["title"] as? String } == ["Main", "Feed"])
    #expect(pages[0]["controllers"] as? [String] == ["Main/SettingsViewController"])
    #expect(pages[0]["links"] as? [String] == ["Feed/UINavigationController"])
    #expect((json["overview"] as? [String: Any])?["file"] as? String == "atlas.svg")
  }

  @Test func theHTMLPageTurnsToThePageALinkNames() throws {
    let html = Self.book.html
    // The overview first, then the pages, each a section the page list links to.
    let sections = html.components(separatedBy: "<section ").dropFirst().map { $0.prefix(80) }
    #expect(sections.count == 3)
    #expect(sections[0].contains("id=\"overview\""))
    #expect(sections[1].contains("id=\"page-Main\""))
    // A drawing's link to a page's file turns to that page's section instead.
    #expect(html.contains("xlink:href=\"#page-Feed\""))
    #expect(!html.contains("xlink:href=\"Feed.svg\""))
    // The flipbook's keys and look, and nothing from the network.
    #expect(html.contains("ArrowRight"))
    #expect(html.contains("prefers-color-scheme: dark"))
    #expect(!html.contains("http://") && !html.contains("https://"))
    // Well-formed XML, as the flipbook's page is.
    let parser = XMLParser(data: Data(html.replacingOccurrences(of: "<!DOCTYPE html>", with: "").utf8))
    #expect(parser.parse(), "\(String(describing: parser.parserError))")
  }

  @Test func theMarkdownPageShowsEveryPagesPicture() {
    let markdown = Self.book.markdown
    #expect(markdown.contains("![Overview](atlas.svg)"))
    #expect(markdown.contains("## Page 1: Main"))
    #expect(markdown.contains("![Main](Main.svg)"))
    #expect(markdown.contains("![Feed](Feed.svg)"))
    #expect(markdown.contains("1. [Main](#page-1-main)"))
  }
}
