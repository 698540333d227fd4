import Foundation
import Testing
import VCGraphviz

@testable import VCGraphBenchmark

/// `vcgraph map` of an app too big for one page, end to end through the built binary: an atlas
/// read from its SVG as a reader reads it. The app is vcgraph-bench's generated one (64 Swift
/// files: a scene delegate's tab bar, 56 screens that push, present and embed each other, 7
/// coordinators), in two feature folders.
@Suite struct MapAtlasTests {
  /// The app written into `folder/app`, and `vcgraph map app` run with `arguments`.
  static func map(in folder: TemporaryFolder, _ arguments: String...) throws -> CommandResult {
    for (path, text) in MapWorkload.files(count: 64) { try folder.write(text, to: "app/" + path) }
    return try runVCGraph(["map", "app"] + arguments, in: folder.url)
  }

  @Test func aMapTooBigForOnePageIsAnAtlas() throws {
    try withTemporaryFolder { folder in
      let result = try Self.map(in: folder, "--format", "svg,json", "-o", "out", "--html", "--markdown")
      #expect(result.status == 0, "\(result)")
      let index = try parseJSONObject(try folder.bytes("out/index.json"))
      let pages = try #require(index["pages"] as? [[String: Any]])
      #expect(pages.count > 2, "\(pages.count) pages")
      let written = Set(folder.contents(of: "out"))
      #expect(written.isSuperset(of: ["atlas.svg", "index.json", "index.html", "index.md", "app.json"]))
      // The map's JSON is the whole map's, as without an atlas.
      let json = try parseJSONObject(try folder.bytes("out/app.json"))
      let controllers = try #require(json["controllers"] as? [[String: Any]]).compactMap { $0["name"] as? String }
      let navigators = try #require(json["navigators"] as? [[String: Any]]).compactMap { $0["name"] as? String }
      #expect(controllers.count >= 55)

      let budget = PageBudget()
      var pagesOf: [String: [String]] = [:]
      var files: [String] = []
      for page in pages {
        let file = try #require(page["file"] as? String)
        files.append(file)
        #expect(written.contains(file), "\(file) is not written")
        let svg = try PageSVG(try folder.bytes("out/" + file))
        let wide = PageBudget.pixels(points: svg.width)
        #expect(wide <= budget.maximumWidth + 1, "\(file): \(Int(wide)) px wide")
        // Class names at least 10 px tall at 830 px.
        let names = svg.nodes.filter { $0.classes.contains("vc") }.flatMap { $0.texts.filter(\.isBold) }
          .filter { $0.size == budget.classNameSize }
        #expect(!names.isEmpty, "\(file): no class name")
        let shown = PageBudget.pixels(points: budget.classNameSize) * min(1, budget.pageWidth / wide)
        #expect(shown >= 10, "\(file): class names \(shown) px tall at \(Int(budget.pageWidth)) px")
        let inFull = svg.nodes.filter { $0.classes.contains("vc") }.compactMap(\.controllerID)
        #expect(!inFull.isEmpty, "\(file) holds only links")
        #expect(svg.nodes.allSatisfy { !$0.classes.contains("fold") }, "\(file) folds")
        for id in inFull { pagesOf[id, default: []].append(file) }
        // index.json lists what the page draws in full.
        #expect(Set(page["controllers"] as? [String] ?? []) == Set(inFull), "\(file)")
        // Every link box names a page that draws its controller.
        for link in svg.links {
          #expect(files.contains(link.href) || pages.contains { $0["file"] as? String == link.href }, "\(link.href)")
          if let target = link.target, let home = pages.first(where: { $0["file"] as? String == link.href }) {
            #expect((home["controllers"] as? [String] ?? []).contains(target), "\(target) is not on \(link.href)")
          }
        }
      }
      // Every controller and navigator of the map drawn in full on exactly one page.
      for name in controllers + navigators where pagesOf[name] != nil || !name.hasPrefix("UI") {
        #expect(pagesOf[name]?.count == 1, "\(name) is drawn in full on \(pagesOf[name] ?? [])")
      }
      // Pages as full as the budget allows: small pages merged while they fit (cut by the number
      // of boxes alone, the pages held 3.5 controllers on average; from the SVG).
      let drawnInFull = pagesOf.values.reduce(0) { $0 + $1.count }
      #expect(Double(drawnInFull) / Double(pages.count) >= 5, "\(drawnInFull) on \(pages.count) pages")
      // Pages are named after the folders the code keeps its features in.
      #expect(files.contains("Feature0.svg") && files.contains("Feature1.svg"), "\(files)")
      // The overview links every page.
      let overview = try PageSVG(try folder.bytes("out/atlas.svg"))
      #expect(Set(overview.links.map(\.href)) == Set(files))
      #expect(result.standardOutput.contains("app → out ("), "\(result)")
    }
  }

  @Test func aFocusOrAFoldModeDrawsOnePicture() throws {
    try withTemporaryFolder { folder in
      let result = try Self.map(in: folder, "--format", "svg", "-o", "out", "--focus", "Screen1ViewController")
      #expect(result.status == 0, "\(result)")
      #expect(folder.contents(of: "out") == ["app.svg"])
    }
  }
}
