import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `vcgraph render --animate`: one SVG that plays the scenario, checked as a file and as a browser
/// shows it.
@Suite struct AnimationCommandTests {
  /// The tab-bar sample's frame files, in step order, without their extension.
  static let tabBarStems = [
    "01-setviewcontrollers-feed-on-feednav", "02-setviewcontrollers-profile-on-profilenav",
    "03-settabs-feednav-profilenav-on-tabs", "04-setroot-tabs", "05-push-post-on-feed",
    "06-selecttab-profilenav-on-tabs", "07-push-settings-on-profilenav", "08-selecttab-0-on-tabs",
  ]

  @Test func writesOneSmallSafeAnimationPerThemeListedInTheIndex() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("render", "samples/tab-bar.yaml", "--animate", "--theme", "both", "-o", "out")
      #expect(result.status == 0, "\(result)")
      #expect(result.standardOutput.contains("(8 steps, 19 files)"), "\(result)")
      let index = try parseJSONObject(try folder.bytes("out/tab-bar/index.json"))
      #expect(index["animation"] as? [String: String] == ["svg": "animated.svg", "svg~dark": "animated~dark.svg"])

      for suffix in ["", "~dark"] {
        let bytes = try folder.bytes("out/tab-bar/animated\(suffix).svg")
        let document = try SVGDocument(bytes)
        #expect(document.unsafeParts.isEmpty, "\(document.unsafeParts)")
        #expect(Set(document.ids).count == document.ids.count, "ids repeat")
        for reference in document.references { #expect(document.ids.contains(reference), "\(reference)") }
        // Every step's header, once; the legend, the same in most steps, a few times at most.
        for step in 1...8 { #expect(document.texts.filter { $0.hasSuffix("STEP \(step) OF 8") }.count == 1) }
        #expect(document.texts.filter { $0 == "window → root view controller" }.count <= 2)
        #expect(document.texts.filter { $0 == "UITabBarController" }.count < 5, "tabs is on 5 steps")

        let frames = try Self.tabBarStems.map { try folder.bytes("out/tab-bar/\($0)\(suffix).svg").count }
        let total = frames.reduce(0, +)
        #expect(bytes.count * 2 < total, "animated\(suffix).svg is \(bytes.count) bytes, its frames \(total)")
      }
    }
  }

  @Test func drawsTheSVGForTheAnimationWhenOnlyPNGIsAskedFor() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("render", "samples/login-flow.yaml", "--animate", "--format", "png", "-o", "out")
      #expect(result.status == 0, "\(result)")
      let files = folder.contents(of: "out/login-flow")
      #expect(files.filter { $0.hasSuffix(".svg") } == ["animated.svg"], "\(files)")
      #expect(files.filter { $0.hasSuffix(".png") }.count == 4)
      let document = try SVGDocument(try folder.bytes("out/login-flow/animated.svg"))
      #expect(document.texts.contains { $0.hasSuffix("STEP 4 OF 4") })
    }
  }

  @Test(arguments: [
    (["--layout", "per-step"], "--animate needs the stable layout"),
    (["--step", "2"], "--animate plays every step"),
    (["--animate-interval", "0s"], "a duration such as 2s"),
    (["--animate-interval", "soon"], "a duration such as 2s"),
  ])
  func refusesWhatCannotPlay(arguments: [String], message: String) throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try runVCGraph(
        ["render", "samples/login-flow.yaml", "--animate", "-o", "out"] + arguments, in: folder.url)
      #expect(result.status == 64, "\(result)")
      #expect(result.standardError.contains(message), "\(result)")
      #expect(!folder.exists("out"))
    }
  }

  @Test func theIntervalSetsTheLoopsLength() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph(
        "render", "samples/login-flow.yaml", "--animate", "--animate-interval", "1500ms", "-o", "out")
      #expect(result.status == 0, "\(result)")
      let text = String(decoding: try folder.bytes("out/login-flow/animated.svg"), as: UTF8.self)
      #expect(text.contains(" 6.00s step-end infinite"), "4 steps of 1.5 s")
      #expect(text.contains("@media (prefers-reduced-motion:reduce)"))
    }
  }

  // MARK: - In a browser

  /// Renders the tab-bar sample with its animation (1 s a step) and a page that shows it as an image.
  static func tabBarPage(in folder: TemporaryFolder, theme: String = "light") throws -> URL {
    try folder.copySamples()
    let result = try folder.vcgraph(
      "render", "samples/tab-bar.yaml", "--animate", "--animate-interval", "1s", "--theme", theme, "-o", "out")
    try #require(result.status == 0, "\(result)")
    let names = theme == "both" ? ["animated.svg", "animated~dark.svg"] : ["animated.svg"]
    let images = names.map { "<img src=\"\($0)\" style=\"display:block\"/>" }.joined()
    return try folder.write(
      "<!DOCTYPE html><html><body style=\"margin:0;background:#888\">\(images)</body></html>",
      to: "out/tab-bar/page.html")
  }

  /// Where the animation's bar is in a screenshot of the page, and which step it says shows.
  static func shownStep(_ pixels: Pixels, imageTop: Int, scale: Double, animation: SVGDocument) -> Int? {
    let filled = animation.barSegments.enumerated().filter { _, segment in
      let pixel = pixels[
        Int(((segment.x + segment.width / 2) * scale).rounded()),
        imageTop + Int(((segment.y + segment.height / 2) * scale).rounded())]
      // The accent, #0A84FF, against the track, a light or dark grey.
      return pixel.blue > 200 && pixel.red < 60
    }
    return filled.count == 1 ? filled[0].offset + 1 : nil
  }

  @Test(.enabled(if: Browser.isAvailable || Browser.isRequired, Browser.skipReason))
  func playsInABrowserAsAnImageShowingEachStepsNodes() throws {
    try withTemporaryFolder { folder in
      let page = try Self.tabBarPage(in: folder)
      let shots = (0..<3).map { folder("out/tab-bar/shot-\($0).ppm") }
      // A frame apart (1 s), starting in the first step.
      _ = try Browser.run(
        page, width: 1240, height: 1200,
        steps: [
          .wait(milliseconds: 300), .screenshot(shots[0]), .wait(milliseconds: 1000), .screenshot(shots[1]),
          .wait(milliseconds: 1000), .screenshot(shots[2]),
        ])
      let animation = try SVGDocument(try folder.bytes("out/tab-bar/animated.svg"))
      let frames = try Self.tabBarStems.map { try SVGGeometry(try folder.bytes("out/tab-bar/\($0).svg")) }
      // The image shows at its size in points as CSS pixels (1 pt = 4/3 px).
      let scale = 4.0 / 3
      var steps: [Int] = []
      for shot in shots {
        let pixels = try Pixels(contentsOf: shot)
        let step = try #require(
          Self.shownStep(pixels, imageTop: 0, scale: scale, animation: animation), "no step filled in the bar")
        steps.append(step)
        // Every node of the step's frame is drawn where the frame has it, and no node of another step
        // is drawn where nothing of this step is.
        let shown = frames[step - 1].nodes
        let everyNode = frames.reduce(into: [String: (minX: Double, minY: Double, maxX: Double, maxY: Double)]()) {
          $0.merge($1.nodes) { first, _ in first }
        }
        for (id, box) in everyNode {
          let rect = (
            x: Int((box.minX * scale).rounded()) + 3, y: Int((box.minY * scale).rounded()) + 3,
            width: Int(((box.maxX - box.minX) * scale).rounded()) - 6,
            height: Int(((box.maxY - box.minY) * scale).rounded()) - 6
          )
          let inked = pixels.count(differingFrom: (255, 255, 255), in: rect)
          if frames[step - 1].removed.contains(id) {
            continue  // drawn faded, where it was
          } else if shown[id] != nil {
            #expect(inked > 100, "step \(step): \(id) is not drawn (\(inked) pixels)")
          } else if !shown.values.contains(where: { Self.overlap($0, box) }) {
            #expect(inked == 0, "step \(step): \(id), not in this step, is drawn (\(inked) pixels)")
          }
        }
      }
      #expect(steps[0] <= 2, "the first screenshot, 0.3 s in, shows step \(steps[0])")
      for (before, after) in zip(steps, steps.dropFirst()) {
        #expect([1, 2].contains((after - before + 8) % 8), "a frame apart: step \(before), then \(after)")
      }
      #expect(
        try Pixels(contentsOf: shots[0]).bytes != Pixels(contentsOf: shots[1]).bytes, "the two moments look the same")
      #expect(Set(steps).count == 3, "\(steps)")
    }
  }

  @Test(.enabled(if: Browser.isAvailable || Browser.isRequired, Browser.skipReason))
  func standsStillOnTheLastStepForReducedMotionInEitherTheme() throws {
    try withTemporaryFolder { folder in
      let page = try Self.tabBarPage(in: folder, theme: "both")
      let shots = (0..<2).map { folder("out/tab-bar/still-\($0).ppm") }
      _ = try Browser.run(
        page, width: 1240, height: 2400, flags: ["--force-prefers-reduced-motion"],
        steps: [.wait(milliseconds: 300), .screenshot(shots[0]), .wait(milliseconds: 1000), .screenshot(shots[1])])
      let first = try Pixels(contentsOf: shots[0])
      #expect(first.bytes == (try Pixels(contentsOf: shots[1])).bytes, "it moved")
      let light = try SVGDocument(try folder.bytes("out/tab-bar/animated.svg"))
      let dark = try SVGDocument(try folder.bytes("out/tab-bar/animated~dark.svg"))
      let scale = 4.0 / 3
      let darkTop = Int((light.height * scale).rounded(.up))
      #expect(Self.shownStep(first, imageTop: 0, scale: scale, animation: light) == 8)
      #expect(Self.shownStep(first, imageTop: darkTop, scale: scale, animation: dark) == 8)
      let corner = (light: first[5, 5], dark: first[5, darkTop + 5])
      #expect(corner.light.red > 240 && corner.light.green > 240, "\(corner.light)")
      #expect(corner.dark.red < 30 && corner.dark.green < 30, "\(corner.dark)")
    }
  }

  static func overlap(
    _ a: (minX: Double, minY: Double, maxX: Double, maxY: Double),
    _ b: (minX: Double, minY: Double, maxX: Double, maxY: Double)
  ) -> Bool {
    a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
  }
}

/// An SVG file read with `XMLParser` (it must be well-formed XML), with what GitHub's image
/// sanitizer would object to: scripts, foreign objects, event handler attributes, references
/// outside the file.
struct SVGDocument {
  var height: Double
  var ids: [String] = []
  /// The ids `href`, `xlink:href` and `url(#…)` refer to.
  var references: [String] = []
  /// The text of each `<text>`.
  var texts: [String] = []
  /// What a sanitizer would remove or an image may not load: one description each.
  var unsafeParts: [String] = []
  /// The bar's segments under the drawing, in step order: the places of the rounded `<rect>`s
  /// outside any group's transform.
  var barSegments: [(x: Double, y: Double, width: Double, height: Double)] = []

  private init() { height = 0 }

  init(_ bytes: [UInt8]) throws {
    let parser = XMLParser(data: Data(bytes))
    parser.shouldResolveExternalEntities = false
    let reader = Reader()
    parser.delegate = reader
    guard parser.parse(), reader.root == "svg" else {
      throw SVGParseFailure(
        description: "not well-formed SVG: line \(parser.lineNumber): \(String(describing: parser.parserError))")
    }
    self = reader.document
  }

  private final class Reader: NSObject, XMLParserDelegate {
    var document = SVGDocument()
    var root: String?
    var text: String?
    var style: String?
    var transforms: [Bool] = []

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
      attributes: [String: String] = [:]
    ) {
      if root == nil {
        root = elementName
        let box = (attributes["viewBox"] ?? "").split(separator: " ").compactMap { Double($0) }
        if box.count == 4 { document.height = box[3] }
      }
      let name = elementName.lowercased()
      if ["script", "foreignobject", "iframe", "object", "embed", "image", "audio", "video", "animation"].contains(name)
      {
        document.unsafeParts.append("<\(elementName)>")
      }
      for (attribute, value) in attributes {
        let lowered = attribute.lowercased()
        if lowered.hasPrefix("on") { document.unsafeParts.append("\(attribute) on <\(elementName)>") }
        if lowered == "href" || lowered.hasSuffix(":href") {
          if value.hasPrefix("#") {
            document.references.append(String(value.dropFirst()))
          } else {
            document.unsafeParts.append("\(attribute)=\"\(value)\"")
          }
        }
        if lowered == "id" { document.ids.append(value) }
        if lowered.hasPrefix("xmlns") { continue }
        document.unsafeParts += Self.externalURLs(in: value).map { _ in "\(attribute)=\"\(value)\"" }
      }
      if name == "text" { text = "" }
      if name == "style" { style = "" }
      let transformed = attributes["transform"] != nil || transforms.last == true
      if name == "rect", !transformed, attributes["rx"] != nil,
        let x = attributes["x"].flatMap(Double.init), let y = attributes["y"].flatMap(Double.init),
        let width = attributes["width"].flatMap(Double.init), let height = attributes["height"].flatMap(Double.init)
      {
        // Each step's bar draws every segment: one place, several colours.
        if !document.barSegments.contains(where: { $0.x == x }) { document.barSegments.append((x, y, width, height)) }
      }
      transforms.append(transformed)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      text? += string
      style? += string
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
      style? += String(decoding: block, as: UTF8.self)
    }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
      transforms.removeLast()
      if elementName == "text", let text {
        document.texts.append(text)
        self.text = nil
      }
      if elementName == "style", let style {
        if style.contains("@import") { document.unsafeParts.append("@import in <style>") }
        document.unsafeParts += Self.externalURLs(in: style).map { "\($0) in <style>" }
        self.style = nil
      }
    }

    /// The `url(…)`s that do not point into the file, and any `http:`, `https:`, `//` or `data:` address.
    static func externalURLs(in text: String) -> [String] {
      var found: [String] = []
      var rest = Substring(text)
      while let range = rest.range(of: "url(") {
        let argument = rest[range.upperBound...].drop { $0 == "'" || $0 == "\"" || $0 == " " }
        if !argument.hasPrefix("#") { found.append(String(argument.prefix(40))) }
        rest = rest[range.upperBound...]
      }
      for scheme in ["http:", "https:", "data:", "javascript:"] where text.lowercased().contains(scheme) {
        found.append(scheme)
      }
      return found
    }
  }
}
