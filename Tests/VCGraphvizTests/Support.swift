import Foundation
import TestSupport
import Testing
import VCGraph
import VCGraphviz

#if canImport(FoundationXML)
  import FoundationXML
#endif

// MARK: - Scenarios

/// The package root, found from this file's path (`Tests/VCGraphvizTests/Support.swift`).
let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The file names of the scenarios in `samples/`, sorted.
let sampleNames: [String] = {
  let folder = packageRoot.appendingPathComponent("samples").path
  let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
  return names.filter { $0.hasSuffix(".yaml") }.sorted()
}()

/// Parses and replays scenario text; `path` names it in messages.
func replay(_ yaml: String, path: String = "test.yaml") throws -> Replay {
  try Replay(try Scenario(yaml: yaml, path: path))
}

/// Reads and replays one of the scenarios in `samples/`.
func sampleReplay(_ name: String) throws -> Replay {
  try Replay(try Scenario(contentsOfFile: packageRoot.appendingPathComponent("samples/\(name)").path))
}

/// The diagram of step `number` of a replay, as the CLI makes it.
func diagram(_ replay: Replay, step number: Int) throws -> Diagram {
  let frame = try #require(replay.frame(number), "the scenario has no step \(number)")
  return Diagram(frame: frame, stepCount: replay.scenario.steps.count, title: replay.scenario.title)
}

/// The diagram after the last step of scenario text.
func lastDiagram(_ yaml: String) throws -> Diagram {
  let replay = try replay(yaml)
  return try diagram(replay, step: replay.frames.count)
}

/// Every diagram of every sample, in sample and step order.
func allSampleDiagrams() throws -> [Diagram] {
  var diagrams: [Diagram] = []
  for name in sampleNames {
    let replay = try sampleReplay(name)
    for frame in replay.frames {
      diagrams.append(Diagram(frame: frame, stepCount: replay.scenario.steps.count, title: replay.scenario.title))
    }
  }
  return diagrams
}

// MARK: - What a diagram should draw, worked out from the hierarchy alone

/// The controllers that take part in a relation: a window's root, a parent, a child, a presenter or a presented.
func attachedControllers(_ hierarchy: Hierarchy) -> [String] {
  let roots = Set(hierarchy.windows.compactMap(\.rootViewController))
  return hierarchy.viewControllers.filter {
    roots.contains($0.id) || $0.parent != nil || !$0.children.isEmpty || $0.presenter != nil || $0.presentation != nil
  }.map(\.id)
}

/// The `<g class="node">` ids an SVG of the hierarchy must hold when nothing is folded: `vc-<id>` and `window-<id>`.
func expectedSVGNodeIDs(_ hierarchy: Hierarchy) -> Set<String> {
  Set(attachedControllers(hierarchy).map { "vc-" + $0 } + hierarchy.windows.map { "window-" + $0.id })
}

/// Problems with "every controller is drawn or counted": each attached controller of `hierarchy`
/// must be a `vc-<id>` node of the SVG or be counted in one of its fold nodes (`N controllers`),
/// each window a `window-<id>` node, and no other node drawn; empty when all is well.
func drawnOrCountedProblems(_ svg: SVGDocument, _ hierarchy: Hierarchy) -> [String] {
  var problems: [String] = []
  // The hierarchy's controllers as the SVG names them (a dump's and a storyboard's too).
  let attached = Set(hierarchy.members.map { String(Diagram.svgID(ofController: $0).dropFirst(3)) })
  let ids = svg.nodeIDs
  // What a diff frame draws of the step before (faded, `removed`) is no longer in the hierarchy.
  let removed = Set(svg.removedNodeIDs)
  let drawn = Set(ids.filter { $0.hasPrefix("vc-") && !removed.contains($0) }.map { String($0.dropFirst(3)) })
  let windows = Set(ids.filter { $0.hasPrefix("window-") }.map { String($0.dropFirst(7)) })
  // Windows past what a page holds fold into one node: `FOLDED  27 more windows`.
  let foldedWindows = svg.texts.compactMap { text -> Int? in
    let words = text.split(separator: " ")
    guard words.count == 3, words[1] == "more", words[2].hasPrefix("window") else { return nil }
    return Int(words[0])
  }.reduce(0, +)
  if !windows.isSubset(of: Set(hierarchy.windows.map(\.id))) || windows.count + foldedWindows != hierarchy.windows.count
  {
    problems.append("windows drawn: \(windows.sorted()), \(foldedWindows) folded")
  }
  if !drawn.isSubset(of: attached) {
    problems.append("drawn but not attached: \(drawn.subtracting(attached).sorted())")
  }
  let counted = svg.foldCounts.reduce(0, +)
  if drawn.count + counted != attached.count {
    problems.append("\(drawn.count) drawn + \(counted) folded ≠ \(attached.count) controllers")
  }
  if let other = ids.first(where: { !$0.hasPrefix("vc-") && !$0.hasPrefix("window-") && !$0.hasPrefix("fold-") }) {
    problems.append("a node that is neither a controller, a window nor a fold: \(other)")
  }
  return problems
}

// MARK: - Graph descriptions

extension GraphDescription {
  /// The edges from `tail` to `head`, by cgraph node name.
  func edges(from tail: String, to head: String) -> [Edge] {
    edges.filter { $0.tail == tail && $0.head == head }
  }

  /// The names of the controller nodes (`vc:…`), without the prefix, in order.
  var controllerIDs: [String] {
    nodes.map(\.name).filter { $0.hasPrefix("vc:") }.map { String($0.dropFirst(3)) }
  }

  /// The edges a reader sees: not the invisible ones that keep a container's children in order or
  /// wrap them onto rows.
  var drawnEdges: [Edge] { edges.filter { $0.attributes["style"] != "invis" } }

  /// The place written on a controller's node after its kind (`stack[1] · top`, `tab 0 · selected`,
  /// `primary`, `child 2`), or nil when it has none.
  func role(ofController id: String) -> String? {
    // The kind's line: its FONT, two no-break spaces, then the role's FONT.
    guard let label = node(named: "vc:" + id)?.attributes["label"],
      let gap = label.range(of: "&#160;&#160;"),
      let end = label.range(of: "</FONT>", range: gap.upperBound..<label.endIndex)
    else { return nil }
    return plainText(ofHTML: String(label[gap.upperBound..<end.upperBound]))
  }

  /// The text of a node's label as a reader sees it.
  func text(ofNode name: String) -> String {
    plainText(ofHTML: node(named: name)?.attributes["label"] ?? "")
  }

  /// The names of the window nodes (`window:…`), without the prefix, in order.
  var windowIDs: [String] {
    nodes.map(\.name).filter { $0.hasPrefix("window:") }.map { String($0.dropFirst(7)) }
  }
}

extension GraphDescription.Edge {
  /// The edge's label as text: HTML tags removed, entities decoded, spaces collapsed.
  var labelText: String { plainText(ofHTML: attributes["label"] ?? "") }

  /// True when the edge is drawn dashed.
  var isDashed: Bool { (attributes["style"] ?? "").split(separator: ",").contains("dashed") }
}

/// The text a reader sees in an HTML-like Graphviz label: tags removed, entities decoded, spaces collapsed.
func plainText(ofHTML html: String) -> String {
  var text = ""
  var inTag = false
  for character in html {
    switch character {
    case "<": inTag = true
    case ">" where inTag:
      inTag = false
      text += " "
    default: if !inTag { text.append(character) }
    }
  }
  for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
    text = text.replacingOccurrences(of: entity, with: character)
  }
  return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
}

// MARK: - Rendering, one graph at a time

/// Calls `body` with a new renderer while no other test uses Graphviz (Swift Testing runs tests in
/// parallel, and Graphviz is not thread-safe: ``GraphvizLock``, shared with the other targets); the
/// renderer is freed before the lock is released.
func withRenderer<Result>(_ body: (Renderer) throws -> Result) throws -> Result {
  try GraphvizLock.withGraphviz {
    let renderer = try Renderer()
    return try body(renderer)
  }
}

/// Renders one diagram with a renderer of its own.
func render(_ diagram: Diagram, _ formats: [OutputFormat]) throws -> [OutputFormat: [UInt8]] {
  try withRenderer { try $0.render(diagram, formats: formats) }
}

// MARK: - XML

/// An element of a parsed XML document: just enough of a tree to query SVG output.
final class ParsedElement {
  let name: String
  let attributes: [String: String]
  fileprivate(set) var children: [ParsedElement] = []
  /// The character data directly inside the element, entities decoded.
  fileprivate(set) var text = ""

  init(name: String, attributes: [String: String]) {
    self.name = name
    self.attributes = attributes
  }

  /// This element and all its descendants, in document order.
  var allElements: [ParsedElement] { [self] + children.flatMap(\.allElements) }

  /// The text of this element and its descendants, concatenated.
  var allText: String { text + children.map(\.allText).joined() }

  /// The words of the element's `class` attribute: Graphviz writes `node`, `edge` or `cluster`
  /// first, then the classes vcgraph gave it.
  var classes: [Substring] { (attributes["class"] ?? "").split(separator: " ") }

  /// True when the element's `class` attribute holds `name`.
  func hasClass(_ name: String) -> Bool { classes.contains(Substring(name)) }
}

/// Why a document did not parse as XML.
struct XMLParseFailure: Error, CustomStringConvertible {
  var description: String
}

/// Parses `bytes` as an XML document with Foundation's `XMLParser`, without fetching external DTDs.
func parseXML(_ bytes: [UInt8]) throws -> ParsedElement {
  let parser = XMLParser(data: Data(bytes))
  parser.shouldResolveExternalEntities = false
  let builder = TreeBuilder()
  parser.delegate = builder
  guard parser.parse(), let root = builder.root else {
    throw XMLParseFailure(
      description: "not well-formed XML at line \(parser.lineNumber), column \(parser.columnNumber): "
        + String(describing: parser.parserError))
  }
  return root
}

private final class TreeBuilder: NSObject, XMLParserDelegate {
  var root: ParsedElement?
  private var open: [ParsedElement] = []

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
    attributes attributeDict: [String: String] = [:]
  ) {
    let element = ParsedElement(name: elementName, attributes: attributeDict)
    if let parent = open.last { parent.children.append(element) } else { root = element }
    open.append(element)
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
  ) {
    open.removeLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    open.last?.text += string
  }
}

/// An SVG file Graphviz wrote, parsed.
struct SVGDocument {
  let root: ParsedElement

  init(_ bytes: [UInt8]) throws {
    root = try parseXML(bytes)
  }

  /// The ids of the `<g class="node">` groups, decoded (`vc-nav`, `window-main`).
  var nodeIDs: [String] {
    root.allElements.filter { $0.name == "g" && $0.hasClass("node") }.compactMap { $0.attributes["id"] }
  }

  /// The `<g class="node">` group with this id.
  func node(id: String) -> ParsedElement? {
    root.allElements.first { $0.name == "g" && $0.hasClass("node") && $0.attributes["id"] == id }
  }

  /// The ids of the nodes a diff frame draws of the step before, faded (class `removed`).
  var removedNodeIDs: [String] {
    root.allElements.filter { $0.name == "g" && $0.hasClass("node") && $0.hasClass("removed") }.compactMap {
      $0.attributes["id"]
    }
  }

  /// How many of the hierarchy's controllers each fold node (`<g class="node fold">`) says it holds,
  /// in document order (what a step popped, `N popped`, is not counted).
  var foldCounts: [Int] {
    root.allElements.filter { $0.name == "g" && $0.hasClass("node") && $0.hasClass("fold") }.compactMap { fold in
      let texts = fold.allElements.filter { $0.name == "text" }.map(\.allText)
      return texts.lazy.compactMap { text -> Int? in
        let words = text.split(separator: " ")
        guard words.count == 2, words[1] == "controllers" || words[1] == "controller" else { return nil }
        return Int(words[0])
      }.first
    }
  }

  /// The number of `<g class="edge">` groups.
  var edgeCount: Int { root.allElements.filter { $0.name == "g" && $0.hasClass("edge") }.count }

  /// The text of every `<text>` element, one a line.
  var texts: [String] { root.allElements.filter { $0.name == "text" }.map(\.allText) }

  /// The names of all elements in the document.
  var elementNames: Set<String> { Set(root.allElements.map(\.name)) }

  /// The width and height of the `viewBox`.
  var viewBoxSize: (width: Double, height: Double)? {
    let numbers = (root.attributes["viewBox"] ?? "").split(separator: " ").compactMap { Double($0) }
    return numbers.count == 4 ? (numbers[2], numbers[3]) : nil
  }
}

// MARK: - PNG and PDF

/// The eight bytes every PNG file starts with.
let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

/// The image size from a PNG's IHDR chunk, which must come first; nil when the bytes are not a PNG.
func pngSize(_ bytes: [UInt8]) -> (width: UInt32, height: UInt32)? {
  guard bytes.count >= 24, Array(bytes[0..<8]) == pngSignature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
    return nil
  }
  func bigEndian(_ offset: Int) -> UInt32 {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }
  return (bigEndian(16), bigEndian(20))
}

/// True when `bytes` start like a PDF and end with its end-of-file marker.
func looksLikePDF(_ bytes: [UInt8]) -> Bool {
  let tail = String(decoding: bytes.suffix(64), as: UTF8.self)
  return bytes.starts(with: Array("%PDF-".utf8)) && tail.contains("%%EOF")
}

// MARK: - The dot program

/// Where the tests expect Graphviz's `dot` program.
let dotProgram = "/usr/bin/dot"

/// True when `dot` is installed (scripts/install-deps installs it).
let hasDotProgram = FileManager.default.isExecutableFile(atPath: dotProgram)

/// What `dot -Tsvg` made of a DOT file.
struct DotRun {
  var status: Int32
  var svg: [UInt8]
  var errors: String
}

/// Runs `dot -Tsvg` on `source`, through files so no pipe can fill up.
func redrawWithDot(_ source: [UInt8]) throws -> DotRun {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vcgraph-dot-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let input = folder.appendingPathComponent("graph.dot")
  let output = folder.appendingPathComponent("graph.svg")
  let errors = folder.appendingPathComponent("errors.txt")
  try Data(source).write(to: input)
  try Data().write(to: errors)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: dotProgram)
  process.arguments = ["-Tsvg", "-o", output.path, input.path]
  process.standardError = try FileHandle(forWritingTo: errors)
  try process.run()
  process.waitUntilExit()
  return DotRun(
    status: process.terminationStatus,
    svg: (try? [UInt8](Data(contentsOf: output))) ?? [],
    errors: (try? String(contentsOf: errors, encoding: .utf8)) ?? "")
}

/// A login screen presented full screen over a navigation stack, with one controller never used.
let loginFlowScenario = """
  title: Login
  controllers:
    nav: UINavigationController
    home: { class: HomeViewController, title: Home }
    login: LoginViewController
    unused: UnusedViewController
  steps:
    - setRoot: nav
    - push: home
      on: nav
    - present: login
      from: home
      style: fullScreen
      caption: Login covers the whole screen
  """

// MARK: - Scenarios rendered whole

/// A rendered scenario, as the tests read it: every frame's files in step order (formats in
/// ``OutputFormat`` order within a theme), and the index that lists them.
struct RenderedScenario {
  var frames: [(name: String, contents: Data)]
  var index: RenderIndex
}

extension Renderer {
  /// Renders the frames of a replayed scenario, every step or only `onlyStep`, keeping every file
  /// in memory (``Renderer/renderFrames(of:formats:options:steps:stableLayout:willDraw:each:)``
  /// hands them over one at a time).
  func render(
    _ replay: Replay, formats: [OutputFormat], onlyStep: Int? = nil, showsEvents: Bool = false,
    layout: FrameLayout = .stable, themes: [Theme] = [.light], folding: Folding = Folding()
  ) throws -> RenderedScenario {
    var files: [(name: String, contents: Data)] = []
    var entries: [RenderIndex.Entry] = []
    let options = DrawingOptions(themes: themes, events: showsEvents, layout: layout, folding: folding)
    try renderFrames(of: ReplayedScenario(replay), formats: formats, options: options, steps: onlyStep.map { [$0] }) {
      frame in
      files += frame.files
      entries.append(frame.entry)
    }
    let scenario = replay.scenario
    return RenderedScenario(
      frames: files, index: RenderIndex(scenario: scenario.path, title: scenario.title, steps: entries))
  }
}

/// A tab bar of `screens` screens dealt out to 4 navigation controllers, then `pushPops` steps
/// pushing and popping one more screen on the first.
func wideHierarchy(screens: Int, pushPops: Int) -> String {
  var lines = ["controllers:", "  tabs: UITabBarController", "  extra: { class: ExtraViewController, title: Extra }"]
  for navigation in 0..<4 { lines.append("  nav\(navigation): UINavigationController") }
  for screen in 0..<screens { lines.append("  screen\(screen): { class: Screen\(screen % 10)ViewController }") }
  lines.append("steps:")
  for navigation in 0..<4 {
    let stack = stride(from: navigation, to: screens, by: 4).map { "screen\($0)" }
    lines += ["  - setViewControllers: [\(stack.joined(separator: ", "))]", "    on: nav\(navigation)"]
  }
  lines += ["  - setTabs: [nav0, nav1, nav2, nav3]", "    on: tabs", "  - setRoot: tabs"]
  for step in 0..<pushPops { lines += step % 2 == 0 ? ["  - push: extra", "    on: nav0"] : ["  - pop: nav0"] }
  return lines.joined(separator: "\n") + "\n"
}
