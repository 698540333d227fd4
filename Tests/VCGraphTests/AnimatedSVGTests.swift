import Foundation
import Testing

@testable import VCGraph

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `animated.svg`: frames merged into one file, each element once, shown in its steps by CSS.
@Suite struct AnimatedSVGTests {
  static let palette = AnimatedSVG.Palette(
    background: "#FFFFFF", track: "#E5E5EA", accent: "#0A84FF", font: "Inter,sans-serif")

  /// A frame as Graphviz writes one, with `nodes` as its graph's elements after a shared header.
  static func frame(_ number: Int, nodes: [String], width: Int = 100) -> AnimatedSVG.Frame {
    let elements = nodes.map { name in
      """
      <!-- \(name) -->
      <g id="vc&#45;\(name)" class="node">
      <title>vc:\(name)</title>
      <g id="a_vc&#45;\(name)"><a xlink:title="\(name)">
      <path fill="none" stroke="#000000" d="M0,-10C0,-10 40,-10 40,-10 40,-10 40,-30 40,-30 40,-30 0,-30 0,-30 0,-30 0,-10 0,-10"/>
      <text text-anchor="start" x="5" y="-20" font-family="Inter,sans-serif" font-size="10.00">\(name)</text>
      </a>
      </g>
      </g>
      """
    }
    let svg = """
      <?xml version="1.0" encoding="UTF-8" standalone="no"?>
      <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN"
       "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
      <svg width="\(width)pt" height="50pt"
       viewBox="0.00 0.00 \(width).00 50.00" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">
      <g id="graph0" class="graph" transform="scale(1 1) rotate(0) translate(4 46)">
      <title>vcgraph</title>
      <text text-anchor="start" x="0" y="-40" font-family="Inter,sans-serif" font-size="10.00">STEP \(number) OF 3</text>
      <text text-anchor="start" x="50" y="-40" font-family="Inter,sans-serif" font-size="9.00">legend</text>
      <defs><linearGradient id="l_0"><stop offset="0"/></linearGradient></defs>
      <g id="edge1" class="edge"><path fill="url(#l_0)" d="M0,0L\(number),1"/></g>
      \(elements.joined(separator: "\n"))
      </g>
      </svg>
      """
    return AnimatedSVG.Frame(number: number, svg: svg)
  }

  static let frames = [frame(1, nodes: ["a"]), frame(2, nodes: ["a", "b"]), frame(3, nodes: ["b", "a"])]

  @Test func writesEveryElementOnceAndItsIDsOnce() throws {
    let text = AnimatedSVG(frames: Self.frames, interval: 2, palette: Self.palette).text
    let parsed = try ParsedSVG(text)
    #expect(parsed.texts.filter { $0 == "legend" } == ["legend"], "the legend, in every step, once")
    #expect(parsed.texts.filter { $0 == "a" }.count == 1, "node a is the same in every step")
    #expect(parsed.texts.filter { $0.hasPrefix("STEP") } == ["STEP 1 OF 3", "STEP 2 OF 3", "STEP 3 OF 3"])
    #expect(Set(parsed.ids).count == parsed.ids.count, "\(parsed.ids)")
    for reference in parsed.references { #expect(parsed.ids.contains(reference), "\(reference)") }
    // Each frame's edge uses the gradient of its own frame: what defines or refers to an id is
    // never shared, and ids get the number of the frame that draws them.
    #expect(parsed.ids.filter { $0.hasSuffix("l_0") } == ["f1-l_0", "f2-l_0", "f3-l_0"])
    // The shared outline of the boxes is defined once and used.
    #expect(text.components(separatedBy: "d=\"M0,-10C0").count == 2)
    #expect(!text.contains("<title>") && !text.contains("<a "), "what an image shows nothing of is left out")
    #expect(!text.contains("font-family=\"Inter,sans-serif\"") && text.contains("text{font-family:Inter,sans-serif}"))
    #expect(text.contains("width=\"100.00pt\""))
  }

  @Test func showsEachLayerInItsStepsAndTheLastStepWithoutAnimation() throws {
    let text = AnimatedSVG(frames: Self.frames, interval: 1.5, palette: Self.palette).text
    // Step 1 only: visible from 0 to a third, hidden after; hidden when standing still (step 3 shows).
    let first = try #require(Self.layerClass(containing: "STEP 1 OF 3", in: text))
    #expect(text.contains(".\(first){opacity:0;animation:\(first) 4.50s step-end infinite}"))
    #expect(text.contains("@keyframes \(first){0%{opacity:1}33.33%{opacity:0}100%{opacity:0}}"))
    let last = try #require(Self.layerClass(containing: "STEP 3 OF 3", in: text))
    #expect(text.contains(".\(last){opacity:1;"))
    #expect(text.contains("@keyframes \(last){0%{opacity:0}66.67%{opacity:1}100%{opacity:1}}"))
    // Node b, in steps 2 and 3.
    let b = try #require(Self.layerClass(containing: ">b</text>", in: text))
    #expect(text.contains("@keyframes \(b){0%{opacity:0}33.33%{opacity:1}100%{opacity:1}}"))
    // Node a and the legend are in every step: no animation.
    #expect(Self.layerClass(containing: ">legend</text>", in: text) == "")
    #expect(text.contains("@media (prefers-reduced-motion:reduce){g[class]{animation:none}}"))
  }

  @Test func keepsEachFramesDrawingOrder() throws {
    let parsed = try ParsedSVG(AnimatedSVG(frames: Self.frames, interval: 2, palette: Self.palette).text)
    let order = parsed.texts.filter { ["a", "b", "legend"].contains($0) || $0.hasPrefix("STEP") }
    // Each header before the legend and the legend before the nodes, as every frame has them; a
    // before b, as frame 2 has it (frame 3, which disagrees, comes later).
    #expect(order == ["STEP 1 OF 3", "STEP 2 OF 3", "STEP 3 OF 3", "legend", "a", "b"], "\(order)")
  }

  /// `render --animate` of a push/pop flow took the square of its steps in time and memory (issue
  /// 27): each step's bar was a segment per step. Building the file is counted (shapes read, steps
  /// that show a piece, keyframes, pieces written), not timed: 4 times the steps is 4 times the
  /// work and the bytes (16 times if it were quadratic).
  @Test func buildingTheAnimationGrowsLinearlyWithTheSteps() {
    func build(_ steps: Int) -> (work: Int, bytes: Int) {
      // b pushed and popped in turn, read one frame at a time.
      let frames = (1...steps).lazy.map { Self.frame($0, nodes: $0 % 2 == 0 ? ["a", "b"] : ["a"]) }
      let animation = AnimatedSVG(frames: frames, interval: 1, palette: Self.palette)
      return (animation.work, animation.text.utf8.count)
    }
    let small = build(250)
    let large = build(1_000)
    #expect(Double(large.work) / Double(small.work) < 4.5, "\(small) → \(large)")
    #expect(Double(large.bytes) / Double(small.bytes) < 4.5, "\(small) → \(large)")
    // Two runs of b in every frame count as two keyframes, not as a keyframe per step.
    #expect(small.work > 250 * 10, "every shape of every frame is counted: \(small)")
  }

  @Test func theBarHasASegmentPerStepAndFillsTheCurrentOne() throws {
    let text = AnimatedSVG(frames: Self.frames, interval: 1, palette: Self.palette).text
    // The grey segments once, in every step; each step's accent segment over its own, in that step.
    #expect(text.components(separatedBy: "fill=\"#E5E5EA\"").count - 1 == 3)
    #expect(text.components(separatedBy: "fill=\"#0A84FF\"").count - 1 == 3)
    let lines = text.split(separator: "\n")
    let accents = lines.indices.filter { lines[$0].contains("fill=\"#0A84FF\"") }
    let groups = accents.map { lines[$0 - 1] }
    #expect(groups.count == 3 && Set(groups).count == 3, "a group each: \(groups)")
    let last = try #require(groups.last?.firstMatch(of: /class="(k\d+)"/)?.output.1)
    #expect(text.contains(".\(last){opacity:1;"), "the last step's segment stands still filled")
    #expect(text.contains("@keyframes \(last){0%{opacity:0}66.67%{opacity:1}100%{opacity:1}}"))
  }

  @Test func namesAFilePerTheme() {
    #expect(AnimatedSVG.file(for: .light, among: [.light]) == ("animated.svg", "svg"))
    #expect(AnimatedSVG.file(for: .dark, among: [.dark]) == ("animated.svg", "svg"))
    #expect(AnimatedSVG.file(for: .dark, among: [.light, .dark]) == ("animated~dark.svg", "svg~dark"))
  }

  /// The class of the group holding `text`: "" for a group without one (shown in every step).
  static func layerClass(containing text: String, in svg: String) -> String? {
    guard let position = svg.range(of: text) else { return nil }
    guard let group = svg[..<position.lowerBound].range(of: "\n<g", options: .backwards) else { return nil }
    let tag = svg[group.upperBound...].prefix { $0 != ">" }
    guard let start = tag.range(of: "class=\"") else { return "" }
    return String(tag[start.upperBound...].prefix { $0 != "\"" })
  }
}

/// An SVG read with `XMLParser`: its ids, the ids it refers to, and its texts in order.
private struct ParsedSVG {
  var ids: [String] = []
  var references: [String] = []
  var texts: [String] = []

  init(_ text: String) throws {
    let parser = XMLParser(data: Data(text.utf8))
    let reader = Reader()
    parser.delegate = reader
    guard parser.parse() else { throw CocoaError(.fileReadCorruptFile) }
    self = reader.parsed
  }

  private init() {}

  private final class Reader: NSObject, XMLParserDelegate {
    var parsed = ParsedSVG()
    var text: String?

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
      attributes: [String: String] = [:]
    ) {
      if let id = attributes["id"] { parsed.ids.append(id) }
      for (name, value) in attributes {
        if name.hasSuffix("href"), value.hasPrefix("#") { parsed.references.append(String(value.dropFirst())) }
        if let range = value.range(of: "url(#") {
          parsed.references.append(String(value[range.upperBound...].prefix { $0 != ")" }))
        }
      }
      if elementName == "text" { text = "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
      if elementName == "text", let text { parsed.texts.append(text) }
      if elementName == "text" { text = nil }
    }
  }
}
