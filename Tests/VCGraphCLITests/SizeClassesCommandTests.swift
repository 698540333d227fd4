import Foundation
import Testing

/// `vcgraph render --size-classes compact,regular` as a user runs it: every step replayed per
/// horizontal size class and drawn side by side, the index and the flipbook telling the sides'
/// callbacks apart, the same files with any number of workers, and clear errors for a bad list.
@Suite struct SizeClassesCommandTests {
  static let stems = [
    "01-setviewcontrollers-folders-on-sidebarnav", "02-setsplit-primary-sidebarnav-supplementary-notes-secondary-no",
    "03-setroot-split", "04-showdetail-recipes-from-notes", "05-present-share-from-recipes", "06-dismiss-share",
    "07-present-settings-from-split",
  ]

  @Test func theAdaptiveSampleIsDrawnSideBySideInEveryFormatWithItsIndexAndFlipbook() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph(
        // Side by side on a page wide enough for both (a 1,280-px screen, where the flipbook shows them).
        "render", "samples/adaptive.yaml", "--size-classes", "compact,regular", "-o", "out", "--format",
        "svg,png", "--events", "--html", "--markdown", "--animate", "--page-width", "1280")
      try #require(result.status == 0, "\(result)")
      #expect(result.standardOutput.contains("samples/adaptive.yaml → out/adaptive (7 steps"))
      #expect(result.standardError.isEmpty, "\(result)")
      let files = Set(folder.contents(of: "out/adaptive"))
      for stem in Self.stems { #expect(files.contains(stem + ".svg") && files.contains(stem + ".png")) }
      #expect(files.isSuperset(of: ["index.json", "index.html", "index.md", "animated.svg"]))

      // The headings and both sides' nodes, the iPhone's left of the iPad's.
      let popover = try folder.bytes("out/adaptive/\(Self.stems[4]).svg")
      let texts = try svgTexts(popover)
      #expect(texts.all.contains("iPhone · compact") && texts.all.contains("iPad · regular"))
      let geometry = try SVGGeometry(popover)
      let compact = try #require(geometry.nodes["side-compact-vc-share"])
      let regular = try #require(geometry.nodes["side-regular-vc-split"])
      #expect(compact.maxX < regular.minX)
      #expect(texts.nodes["side-compact-vc-share"]?.contains { $0.contains("popover → formSheet") } == true)
      #expect(texts.nodes["side-regular-vc-share"]?.contains { $0.contains("→") } == false)
      // Each side's callbacks panel, headed by its side.
      #expect(texts.graph.contains("IPHONE · COMPACT") && texts.graph.contains("IPAD · REGULAR"))

      // index.json: each step lists what each side did; the split view's columns differ.
      let index = try parseJSONObject(try folder.bytes("out/adaptive/index.json"))
      let steps = try #require(index["steps"] as? [[String: Any]])
      let sides = try #require(steps[2]["sides"] as? [[String: Any]])
      #expect(sides.compactMap { $0["sizeClass"] as? String } == ["compact", "regular"])
      #expect(sides.compactMap { $0["heading"] as? String } == ["iPhone · compact", "iPad · regular"])
      let compactEvents = try #require(sides[0]["events"] as? [String])
      let regularEvents = try #require(sides[1]["events"] as? [String])
      #expect(!compactEvents.contains("folders viewDidAppear(animated: false)"))
      #expect(regularEvents.contains("folders viewDidAppear(animated: false)"))
      #expect(compactEvents.contains("note viewDidAppear(animated: false)"))
      // Step 4: showDetail pushes onto the collapsed stack, and replaces the expanded secondary column.
      let detail = try #require(steps[3]["sides"] as? [[String: Any]]).map { $0["events"] as? [String] ?? [] }
      #expect(detail[0].contains("recipes didMove(toParent: sidebarNav)") && !detail[0].contains("note deinit"))
      #expect(detail[1].contains("recipes didMove(toParent: split)") && detail[1].contains("note deinit"))

      // The flipbook lists each side's callbacks under its heading.
      let html = String(decoding: try folder.bytes("out/adaptive/index.html"), as: UTF8.self)
      #expect(html.contains("<h3>Callbacks · iPhone · compact</h3>"))
      #expect(html.contains("<h3>Callbacks · iPad · regular</h3>"))
      let markdown = String(decoding: try folder.bytes("out/adaptive/index.md"), as: UTF8.self)
      #expect(markdown.contains("**iPhone · compact:** callbacks, in UIKit's order:"))
    }
  }

  @Test func withoutTheOptionNothingHasSides() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("render", "samples/adaptive.yaml", "-o", "out")
      try #require(result.status == 0, "\(result)")
      let index = try parseJSONObject(try folder.bytes("out/adaptive/index.json"))
      let steps = try #require(index["steps"] as? [[String: Any]])
      #expect(steps.allSatisfy { $0["sides"] == nil })
      let texts = try svgTexts(try folder.bytes("out/adaptive/\(Self.stems[2]).svg"))
      #expect(!texts.all.contains("iPhone · compact"))
      #expect(texts.nodes["vc-split"] != nil)
    }
  }

  @Test func twoWorkersWriteTheSameFilesAsOne() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      for jobs in ["1", "2"] {
        let result = try folder.vcgraph(
          "render", "samples/adaptive.yaml", "samples/split-view-adaptive.yaml", "--size-classes", "compact,regular",
          "-o", "jobs\(jobs)", "--format", "svg,png", "--events", "--jobs", jobs)
        try #require(result.status == 0, "\(result)")
      }
      for scenario in ["adaptive", "split-view-adaptive"] {
        let names = folder.contents(of: "jobs1/\(scenario)")
        #expect(names == folder.contents(of: "jobs2/\(scenario)"))
        for name in names {
          #expect(
            try folder.bytes("jobs1/\(scenario)/\(name)") == (try folder.bytes("jobs2/\(scenario)/\(name)")),
            "\(scenario)/\(name)")
        }
      }
    }
  }

  @Test(arguments: [
    ("compact,compact", "compact is named twice"),
    ("compact,tablet", "'tablet' is not a horizontal size class"),
    ("compact,", "has an empty item"),
  ])
  func aBadListFailsWithAClearErrorAndWritesNothing(list: String, message: String) throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("render", "samples/adaptive.yaml", "--size-classes", list, "-o", "out")
      #expect(result.status != 0)
      #expect(result.standardError.contains("--size-classes: "), "\(result)")
      #expect(result.standardError.contains(message), "\(result)")
      #expect(!folder.exists("out"))
    }
  }

  @Test func aSetTraitsStepIsNotedOnEachSide() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph(
        "render", "samples/split-view-adaptive.yaml", "--size-classes", "regular,compact", "-o", "out", "--html")
      try #require(result.status == 0, "\(result)")
      let index = try parseJSONObject(try folder.bytes("out/split-view-adaptive/index.json"))
      let steps = try #require(index["steps"] as? [[String: Any]])
      let sides = try #require(steps[3]["sides"] as? [[String: Any]])
      #expect(sides.compactMap { $0["sizeClass"] as? String } == ["regular", "compact"])
      for side in sides {
        let notes = try #require(side["notes"] as? [String])
        #expect(notes.count == 1 && notes[0].hasPrefix("setTraits compact (window main) is not applied here"))
      }
      let html = String(decoding: try folder.bytes("out/split-view-adaptive/index.html"), as: UTF8.self)
      #expect(
        html.contains(
          "<p class=\"note\">setTraits compact (window main) is not applied here: every window on this side stays regular</p>"
        ))
      let texts = try svgTexts(try folder.bytes("out/split-view-adaptive/04-settraits-compact.svg"))
      #expect(texts.graph.contains { $0.contains("every window on this side stays regular") })
      // Regular first: at a README's 830 px the two sides do not fit side by side, so the iPad's
      // split view goes above the iPhone's, both at a size that reads.
      let geometry = try SVGGeometry(try folder.bytes("out/split-view-adaptive/04-settraits-compact.svg"))
      let regular = try #require(geometry.nodes["side-regular-vc-split"])
      let compact = try #require(geometry.nodes["side-compact-vc-split"])
      #expect(regular.maxY < compact.minY)
    }
  }
}
