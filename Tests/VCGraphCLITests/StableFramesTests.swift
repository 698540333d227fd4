import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `vcgraph render` lays out every step of a scenario together: a controller keeps its place from
/// one frame to the next, every frame has the same size, and each frame marks what changed since
/// the step before. `--layout per-step` lays out each step on its own, as before.
@Suite struct StableFramesTests {
  /// The SVG and PNG files of samples/navigation.yaml, one per step, in step order.
  static let navigationStems = [
    "01-setviewcontrollers-inbox-on-nav", "02-setroot-nav", "03-push-message-on-nav",
    "04-push-attachment-on-message", "05-pop-nav", "06-poptoroot-nav",
  ]

  @Test(arguments: ["navigation.yaml", "tab-bar.yaml", "sheet-swipe-to-dismiss.yaml"])
  func framesKeepControllersInPlaceAndHaveOneSize(sample: String) throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("render", "samples/\(sample)", "-o", "out", "--format", "svg,png")
      try #require(result.status == 0, "\(result)")
      let stem = String(sample.dropLast(".yaml".count))
      let files = folder.contents(of: "out/\(stem)")
      let svgs = try files.filter { $0.hasSuffix(".svg") }.map {
        try svgTexts(try folder.bytes("out/\(stem)/\($0)"))
      }
      let pngs = try files.filter { $0.hasSuffix(".png") }.map {
        try #require(pngSize(try folder.bytes("out/\(stem)/\($0)")))
      }
      try #require(svgs.count > 2 && svgs.count == pngs.count)

      #expect(Set(svgs.map(\.size)).count == 1, "\(sample): SVG sizes \(svgs.map(\.size))")
      #expect(Set(pngs.map { "\($0.width)x\($0.height)" }).count == 1, "\(sample): PNG sizes \(pngs)")
      var shared = 0
      for (index, frame) in svgs.enumerated() {
        for (id, box) in frame.shapes {
          guard let first = svgs[..<index].first(where: { $0.shapes[id] != nil })?.shapes[id] else { continue }
          shared += 1
          #expect(box == first, "\(sample) step \(index + 1): \(id) moved")
        }
      }
      #expect(shared >= svgs.count, "\(sample): too few controllers on several frames to compare")
    }
  }

  @Test func perStepLayoutLaysOutEachStepOnItsOwn() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let stable = try folder.vcgraph("render", "samples/navigation.yaml", "-o", "stable", "--format", "svg,png")
      try #require(stable.status == 0, "\(stable)")
      let perStep = try folder.vcgraph(
        "render", "samples/navigation.yaml", "-o", "per-step", "--format", "svg,png", "--layout", "per-step")
      try #require(perStep.status == 0, "\(perStep)")
      #expect(folder.contents(of: "per-step/navigation") == folder.contents(of: "stable/navigation"))

      // Step 1 (two controllers, no window) is smaller than step 4 (a window and four controllers).
      let first = try #require(pngSize(try folder.bytes("per-step/navigation/\(Self.navigationStems[0]).png")))
      let fourth = try #require(pngSize(try folder.bytes("per-step/navigation/\(Self.navigationStems[3]).png")))
      #expect(first.height < fourth.height)
      // Each step still draws its controllers, and the marks.
      let third = try svgTexts(try folder.bytes("per-step/navigation/\(Self.navigationStems[2]).svg"))
      #expect(third.nodes["vc-message"]?.first == "+ ADDED")
      #expect(Set(third.nodes.keys) == ["window-main", "vc-nav", "vc-inbox", "vc-message"])
    }
  }

  @Test func aStepAloneIsTheFrameOfTheWholeScenarioAndMarksTheStepBefore() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let whole = try folder.vcgraph("render", "samples/navigation.yaml", "-o", "whole", "--format", "svg")
      try #require(whole.status == 0, "\(whole)")
      let alone = try folder.vcgraph("render", "samples/navigation.yaml", "-o", "alone", "--step", "5")
      try #require(alone.status == 0, "\(alone)")
      let name = "navigation/\(Self.navigationStems[4]).svg"
      #expect(try folder.bytes("alone/\(name)") == (try folder.bytes("whole/\(name)")))

      // Step 5 pops attachment: drawn faded where step 4 had it; message is on screen again.
      let after = try svgTexts(try folder.bytes("alone/\(name)"))
      #expect(after.nodes["vc-attachment"]?.first == "− REMOVED")
      #expect(after.nodes["vc-message"]?.first == "~ CHANGED")
      #expect(after.nodes["vc-message"]?.contains("~ disappeared → appeared") == true)
      #expect(after.nodes["vc-nav"]?.first == "NAVIGATION", "nav did not change")
      let before = try svgTexts(try folder.bytes("whole/navigation/\(Self.navigationStems[3]).svg"))
      #expect(after.shapes["vc-attachment"] != nil && after.shapes["vc-attachment"] == before.shapes["vc-attachment"])
    }
  }

  @Test func theFirstStepMarksNothing() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("render", "samples/navigation.yaml", "-o", "out", "--step", "1")
      try #require(result.status == 0, "\(result)")
      let frame = try svgTexts(try folder.bytes("out/navigation/\(Self.navigationStems[0]).svg"))
      #expect(!frame.all.contains { $0.contains("ADDED") || $0.contains("REMOVED") || $0.contains("CHANGED") })
    }
  }

  @Test func anUnknownLayoutIsAUsageErrorAndWritesNothing() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("render", "samples/navigation.yaml", "-o", "out", "--layout", "incremental")
      #expect(result.status == 64, "\(result)")
      #expect(result.standardError.contains("stable or per-step"), "\(result)")
      #expect(!folder.exists("out"))
    }
  }
}
