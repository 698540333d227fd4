import Foundation
import Testing

/// Sheet detents and the compact column, end to end: the samples through `state`, `events`,
/// `diff` and `render`, and a broken `detents:` through `check`.
@Suite struct SheetDetentAndCompactColumnCommandTests {
  @Test func stateAndEventsOfTheHalfHeightSheet() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let text = try folder.vcgraph("state", "samples/sheet-detents.yaml", "--step", "4")
      #expect(text.status == 0, "\(text)")
      #expect(
        text.standardOutput.contains(
          "└─ presents (pageSheet · detents medium, large · at medium)  placeNav  UINavigationController  appeared"),
        "\(text)")
      let json = try folder.vcgraph("state", "samples/sheet-detents.yaml", "--json")
      #expect(json.status == 0, "\(json)")
      let state = try #require(try parseJSON(json.standardOutput) as? [String: Any])
      let half = try stateControllers(state, step: 4)
      #expect(half["placeNav"]?["sheetDetents"] as? [String] == ["medium", "large"])
      #expect(half["placeNav"]?["selectedDetent"] as? String == "medium")
      #expect(half["map"]?["sheetDetents"] == nil, "the key is left out for a controller that is not a sheet")
      #expect(half["map"]?["state"] as? String == "appeared")
      let dragged = try stateControllers(state, step: 5)
      #expect(dragged["placeNav"]?["selectedDetent"] as? String == "large")
      #expect(dragged["map"]?["state"] as? String == "appeared")

      let events = try folder.vcgraph("events", "samples/sheet-detents.yaml", "--json")
      #expect(events.status == 0, "\(events)")
      let steps = try #require((try parseJSON(events.standardOutput) as? [String: Any])?["steps"] as? [[String: Any]])
      let drag = try #require(steps.first { $0["number"] as? Int == 5 })
      #expect(
        (drag["events"] as? [[String: Any]])?.map { "\($0["viewController"] ?? "") \($0["event"] ?? "")" } == [
          "placeNav sheetPresentationControllerDidChangeSelectedDetentIdentifier"
        ])
      let inCode = try #require(steps.first { $0["number"] as? Int == 7 })
      #expect((inCode["events"] as? [Any])?.isEmpty == true)
    }
  }

  @Test func aDetentChangeIsADiffAndIsWrittenOnTheSheetsBox() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let diff = try folder.vcgraph("diff", "samples/sheet-detents.yaml#4", "samples/sheet-detents.yaml#5")
      #expect(diff.status == 0, "\(diff)")
      #expect(diff.standardOutput == "~ placeNav detent medium → large\n", "\(diff)")
      let render = try folder.vcgraph("render", "samples/sheet-detents.yaml", "-o", "out", "--step", "5")
      #expect(render.status == 0, "\(render)")
      let svg = try folder.bytes("out/sheet-detents/05-selectdetent-large-on-place-by-the-user.svg")
      // Graphviz escapes the hyphens of a class.
      #expect(
        String(decoding: svg, as: UTF8.self).contains(
          "class=\"edge edge&#45;presentation style&#45;pageSheet detent&#45;large\""))
      let texts = try svgTexts(svg)
      let box = (texts.nodes["vc-placeNav"] ?? []).joined(separator: " | ")
      #expect(box.contains("presented · pageSheet"), "\(box)")
      #expect(box.contains("detents medium, large · at large"), "\(box)")
      #expect(box.contains("~ detent medium → large"), "\(box)")
      // The map under it is still drawn on screen.
      #expect((texts.nodes["vc-map"] ?? []).joined(separator: " ").contains("on screen"), "\(texts.nodes)")
    }
  }

  @Test func theCompactColumnInStateDiffAndTheDiagram() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let json = try folder.vcgraph("state", "samples/compact-column.yaml", "--json")
      #expect(json.status == 0, "\(json)")
      let state = try #require(try parseJSON(json.standardOutput) as? [String: Any])
      let compact = try stateControllers(state, step: 7)
      #expect(compact["split"]?["compactColumn"] as? String == "tabs")
      #expect(compact["split"]?["children"] as? [String] == ["sidebarNav", "albumsNav", "tabs"])
      #expect(compact["split"]?["isCollapsed"] as? Bool == true)
      #expect(compact["tabs"]?["state"] as? String == "appeared")
      #expect(compact["sidebarNav"]?["state"] as? String == "disappeared")
      #expect(compact["sidebar"]?["isViewInWindow"] as? Bool == false)

      let diff = try folder.vcgraph("diff", "samples/compact-column.yaml#6", "samples/compact-column.yaml#7")
      #expect(diff.standardOutput.contains("~ child tabs of split: compact · hidden → compact\n"), "\(diff)")
      #expect(diff.standardOutput.contains("~ child sidebarNav of split: primary → primary · hidden\n"), "\(diff)")

      let render = try folder.vcgraph("render", "samples/compact-column.yaml", "-o", "out", "--step", "7")
      #expect(render.status == 0, "\(render)")
      let texts = try svgTexts(try folder.bytes("out/compact-column/07-settraits-compact.svg"))
      #expect((texts.nodes["vc-tabs"] ?? []).contains("compact"), "\(texts.nodes)")
      #expect((texts.nodes["vc-sidebarNav"] ?? []).contains("primary · hidden"), "\(texts.nodes)")
      #expect((texts.nodes["vc-albumsNav"] ?? []).joined(separator: " ").contains("off screen"), "\(texts.nodes)")
      #expect((texts.nodes["vc-tabs"] ?? []).joined(separator: " ").contains("on screen"), "\(texts.nodes)")
    }
  }

  @Test func detentsOnAFullScreenPresentationFailCheckWithTheirLocation() throws {
    try withTemporaryFolder { folder in
      try folder.write(
        """
        controllers:
          home: HomeViewController
          modal: ModalViewController
        steps:
          - setRoot: home
          - present: modal
            from: home
            style: fullScreen
            detents: [medium, large]
        """, to: "broken.yaml")
      let result = try folder.vcgraph("check", "broken.yaml")
      #expect(result.status == 1, "\(result)")
      #expect(
        result.standardError.contains(
          "broken.yaml:9:5: error: step 2 (present modal from home): detents apply only to a sheet"), "\(result)")
    }
  }
}
