import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `vcgraph render --html --markdown`, run as a user runs it.
@Suite struct FlipbookCommandTests {
  /// The actions of samples/login-flow.yaml, in step order, and its files' stems.
  static let loginActions = ["setRoot nav", "push home on nav", "present login from home", "dismiss login"]
  static let loginStems = ["01-setroot-nav", "02-push-home-on-nav", "03-present-login-from-home", "04-dismiss-login"]

  @Test func writesIndexHTMLAndIndexMDBesideTheFramesWithEveryStep() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("render", "samples/login-flow.yaml", "--html", "--markdown", "-o", "out")
      #expect(result.status == 0, "\(result)")
      #expect(result.standardOutput.contains("(4 steps, 7 files)"), "\(result)")
      let expected = Self.loginStems.map { $0 + ".svg" } + ["index.html", "index.json", "index.md"]
      #expect(folder.contents(of: "out/login-flow") == expected.sorted())

      let html = String(decoding: try folder.bytes("out/login-flow/index.html"), as: UTF8.self)
      let page = try FlipbookPage(html)
      #expect(page.sectionIDs == ["step-1", "step-2", "step-3", "step-4"])
      #expect(page.svgCountBySection == [1, 1, 1, 1], "one drawing per step")
      // Each step's title once: its position and action.
      #expect(page.headings == Self.loginActions.enumerated().map { "Step \($0.offset + 1) of 4 \($0.element)" })
      #expect(page.captions == ["Login covers the whole screen"])
      #expect(page.callbacks.contains("login  viewDidLoad()"))
      #expect(page.callbacks.contains("login  deinit"))
      // The drawings are the rendered SVGs: each step's node ids, prefixed to stay unique on the page.
      #expect(Set(page.ids).count == page.ids.count, "ids repeat: \(page.ids)")
      #expect(page.ids.contains("s3-vc-login") && page.ids.contains("s4-vc-home"))
      #expect(!page.ids.contains("s1-vc-home"), "home is pushed in step 2")
      for reference in page.references { #expect(page.ids.contains(reference), "\(reference)") }
      #expect(flipbookExternalURLs(in: html).isEmpty, "\(flipbookExternalURLs(in: html))")
      #expect(!html.contains("<?xml") && !html.contains("<!DOCTYPE svg"))
      let files = page.links.filter { !$0.hasPrefix("#") }
      // Each step's list of files.
      #expect(files == Self.loginStems.map { $0 + ".svg" })
      for file in files { #expect(folder.exists("out/login-flow/\(file)"), "\(file)") }

      let markdown = String(decoding: try folder.bytes("out/login-flow/index.md"), as: UTF8.self)
      #expect(markdown.hasPrefix("# Login over a navigation stack\n\n4 steps of `samples/login-flow.yaml`"))
      for (offset, (action, stem)) in zip(Self.loginActions, Self.loginStems).enumerated() {
        #expect(markdown.contains("\n## Step \(offset + 1): \(action)\n"))
        #expect(markdown.contains("\n![step \(offset + 1): \(action)](\(stem).svg)\n"))
      }
      #expect(markdown.contains("\n1. `login  viewDidLoad()`\n"))
      #expect(flipbookExternalURLs(in: markdown).isEmpty)
      for link in markdownLinks(markdown) { #expect(folder.exists("out/login-flow/\(link)"), "\(link)") }
      #expect(markdownLinks(markdown).count == 8, "an image and a file link per step")

      // index.json lists the frames only.
      let index = try parseJSONObject(try folder.bytes("out/login-flow/index.json"))
      let steps = try #require(index["steps"] as? [[String: Any]])
      #expect(steps.map { $0["files"] as? [String: String] } == Self.loginStems.map { ["svg": $0 + ".svg"] })
    }
  }

  @Test func theHTMLPageInlinesSVGEvenWhenOnlyPNGIsWritten() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph(
        "render", "samples/login-flow.yaml", "--html", "--markdown", "--format", "png", "-o", "out")
      #expect(result.status == 0, "\(result)")
      #expect(result.standardOutput.contains("(4 steps, 7 files)"), "\(result)")
      let expected = Self.loginStems.map { $0 + ".png" } + ["index.html", "index.json", "index.md"]
      #expect(folder.contents(of: "out/login-flow") == expected.sorted())

      let html = String(decoding: try folder.bytes("out/login-flow/index.html"), as: UTF8.self)
      let page = try FlipbookPage(html)
      #expect(page.svgCountBySection == [1, 1, 1, 1])
      #expect(page.links.filter { !$0.hasPrefix("#") } == Self.loginStems.map { $0 + ".png" })
      let markdown = String(decoding: try folder.bytes("out/login-flow/index.md"), as: UTF8.self)
      #expect(markdown.contains("\n![step 3: present login from home](03-present-login-from-home.png)\n"))
      for link in markdownLinks(markdown) { #expect(folder.exists("out/login-flow/\(link)"), "\(link)") }

      let index = try parseJSONObject(try folder.bytes("out/login-flow/index.json"))
      let steps = try #require(index["steps"] as? [[String: Any]])
      #expect(steps.map { $0["files"] as? [String: String] } == Self.loginStems.map { ["png": $0 + ".png"] })
    }
  }

  @Test func markdownAloneNeedsNoSVG() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("render", "samples/login-flow.yaml", "--markdown", "--format", "pdf", "-o", "out")
      #expect(result.status == 0, "\(result)")
      let expected = Self.loginStems.map { $0 + ".pdf" } + ["index.json", "index.md"]
      #expect(folder.contents(of: "out/login-flow") == expected.sorted())
      let markdown = String(decoding: try folder.bytes("out/login-flow/index.md"), as: UTF8.self)
      #expect(!markdown.contains("!["), "no picture a Markdown viewer shows")
      #expect(markdown.contains("Files: [04-dismiss-login.pdf](04-dismiss-login.pdf)"))
    }
  }

  /// With `--animate --theme both`, `index.md` shows the animation that follows the reader's colour
  /// scheme (a `<picture>`), and both pages link it; `index.json` names the scenario relative to
  /// the output folder, however it was typed.
  @Test func thePagesShowAndLinkTheAnimationAndTheIndexNamesTheScenarioRelatively() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph(
        "render", folder("samples/login-flow.yaml").path, "--html", "--markdown", "--animate", "--theme", "both",
        "-o", "docs/diagrams")
      #expect(result.status == 0, "\(result)")
      let markdown = String(decoding: try folder.bytes("docs/diagrams/login-flow/index.md"), as: UTF8.self)
      #expect(
        markdown.contains(
          """
          <picture>
            <source media="(prefers-color-scheme: dark)" srcset="animated~dark.svg"/>
            <img src="animated.svg" alt="Login over a navigation stack: every step, one after another"/>
          </picture>
          """))
      #expect(markdownLinks(markdown).prefix(2) == ["animated.svg", "animated~dark.svg"])
      let html = String(decoding: try folder.bytes("docs/diagrams/login-flow/index.html"), as: UTF8.self)
      #expect(
        try FlipbookPage(html).links.filter { $0.hasPrefix("animated") } == ["animated.svg", "animated~dark.svg"])
      for link in markdownLinks(markdown) { #expect(folder.exists("docs/diagrams/login-flow/\(link)"), "\(link)") }
      let index = try parseJSONObject(try folder.bytes("docs/diagrams/login-flow/index.json"))
      #expect(index["scenario"] as? String == "../../samples/login-flow.yaml")
      #expect(
        !String(decoding: try folder.bytes("docs/diagrams/login-flow/index.json"), as: UTF8.self).contains(
          folder.url.path))
    }
  }

  @Test func aFlipbookShowsEveryStepSoStepIsRefused() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      for flag in ["--html", "--markdown"] {
        let result = try folder.vcgraph("render", "samples/login-flow.yaml", "--step", "2", flag, "-o", "out")
        #expect(result.status != 0, "\(result)")
        #expect(result.standardError.contains("--html and --markdown show every step; leave out --step."))
        #expect(!folder.exists("out"))
      }
    }
  }

  @Test func theFlipbookIsWrittenWithTheFramesOrNotAtAll() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let first = try folder.vcgraph("render", "samples/login-flow.yaml", "-o", "out")
      try #require(first.status == 0, "\(first)")
      let earlier = try folder.bytes("out/login-flow/01-setroot-nav.svg")
      // A folder in the way of index.html: nothing is written, the earlier frames stay.
      try FileManager.default.createDirectory(at: folder("out/login-flow/index.md"), withIntermediateDirectories: true)
      let blocked = try folder.vcgraph(
        "render", "samples/login-flow.yaml", "--html", "--markdown", "--events", "-o", "out")
      #expect(blocked.status == 1, "\(blocked)")
      #expect(blocked.standardError.contains("index.md: error: cannot write: a folder is in the way"), "\(blocked)")
      #expect(!folder.exists("out/login-flow/index.html"))
      #expect(try folder.bytes("out/login-flow/01-setroot-nav.svg") == earlier)
    }
  }

  @Test func aLaterRenderWithoutHTMLLeavesTheFlipbookAsItWas() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let first = try folder.vcgraph("render", "samples/login-flow.yaml", "--html", "--markdown", "-o", "out")
      try #require(first.status == 0, "\(first)")
      let html = try folder.bytes("out/login-flow/index.html")
      let markdown = try folder.bytes("out/login-flow/index.md")
      let second = try folder.vcgraph("render", "samples/login-flow.yaml", "--format", "png", "-o", "out")
      #expect(second.status == 0, "\(second)")
      // The SVG frames the new index no longer lists go; the pages vcgraph wrote only on request stay.
      #expect(!folder.exists("out/login-flow/01-setroot-nav.svg"))
      #expect(try folder.bytes("out/login-flow/index.html") == html)
      #expect(try folder.bytes("out/login-flow/index.md") == markdown)
    }
  }

  @Test func hostileTitlesAndCaptionsStayText() throws {
    try withTemporaryFolder { folder in
      let title = #"<script>alert("t")</script> & `tick` | *x*"#
      try folder.write(
        """
        title: '\(title.replacingOccurrences(of: "'", with: "''"))'
        controllers:
          nav: UINavigationController
        steps:
          - setRoot: nav
            caption: '<img src="https://example.com/x.png"> & | `c`'
        """, to: "hostile.yaml")
      let result = try folder.vcgraph("render", "hostile.yaml", "--html", "--markdown", "-o", "out")
      try #require(result.status == 0, "\(result)")
      let html = String(decoding: try folder.bytes("out/hostile/index.html"), as: UTF8.self)
      #expect(!html.contains("<script>alert") && !html.contains("<img src=\"https"))
      let page = try FlipbookPage(html)
      #expect(page.titles == [title])
      #expect(page.captions == [#"<img src="https://example.com/x.png"> & | `c`"#])
      #expect(flipbookExternalURLs(in: html).isEmpty, "\(flipbookExternalURLs(in: html))")
      let markdown = String(decoding: try folder.bytes("out/hostile/index.md"), as: UTF8.self)
      #expect(markdown.hasPrefix(#"# \<script\>alert("t")\</script\> \& \`tick\` \| \*x\*"#))
      // The caption's URL is text a reader sees, not an image a viewer fetches: the only links are the files.
      #expect(markdown.contains(#"\<img src="https://example.com/x.png"\> \& \| \`c\`"#))
      #expect(markdownLinks(markdown) == ["01-setroot-nav.svg", "01-setroot-nav.svg"])
    }
  }
}

// MARK: - Reading the pages

/// Every `src=`, `href=` (`xlink:href=` too), `url(`, `@import` or Markdown link or image (`](…)`)
/// whose target is on a network: an `http:` or `https:` URL, or a scheme-relative `//host/…`.
/// Namespace URIs (`xmlns="http://www.w3.org/2000/svg"`) are names that are never fetched, and text
/// that only mentions a URL fetches nothing: neither is counted.
func flipbookExternalURLs(in text: String) -> [String] {
  let pattern =
    #"(?i)(?:\b(?:src|href|srcset|action|poster)\s*=\s*|url\(\s*|@import\s+(?:url\(\s*)?|\]\(\s*<?)"#
    + #"(["']?\s*(?:https?:|//)[^"'\s)>]*)"#
  let expression = try! NSRegularExpression(pattern: pattern)
  return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
    Range(match.range(at: 1), in: text).map { String(text[$0]) }
  }
}

/// The targets of the Markdown links and images, `[text](target)`.
func markdownLinks(_ markdown: String) -> [String] {
  let expression = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
  return expression.matches(in: markdown, range: NSRange(markdown.startIndex..., in: markdown)).compactMap { match in
    Range(match.range(at: 1), in: markdown).map { String(markdown[$0]) }
  }
}

/// `index.html` read by a real XML parser (the page is well-formed XML on purpose).
struct FlipbookPage {
  var sectionIDs: [String] = []
  var svgCountBySection: [Int] = []
  var headings: [String] = []
  var titles: [String] = []
  var captions: [String] = []
  var callbacks: [String] = []
  var ids: [String] = []
  /// The `href` of every `<a>` of the page itself, outside the drawings.
  var links: [String] = []
  /// The ids the drawings refer to: `url(#…)`, `xlink:href="#…"`.
  var references: [String] = []

  init(_ html: String) throws {
    let parser = XMLParser(data: Data(html.utf8))
    parser.shouldResolveExternalEntities = false
    let reader = Reader()
    parser.delegate = reader
    guard parser.parse() else {
      throw SVGParseFailure(
        description:
          "index.html is not well-formed: line \(parser.lineNumber): \(String(describing: parser.parserError))")
    }
    self = reader.page
  }

  private final class Reader: NSObject, XMLParserDelegate {
    var page = FlipbookPage(empty: ())
    private var open: [(name: String, className: String?)] = []
    private var text: String?

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
      attributes: [String: String] = [:]
    ) {
      let inSVG = elementName == "svg" || open.contains { $0.name == "svg" }
      if elementName == "section", let id = attributes["id"] {
        page.sectionIDs.append(id)
        page.svgCountBySection.append(0)
      }
      if elementName == "svg", !page.svgCountBySection.isEmpty {
        page.svgCountBySection[page.svgCountBySection.count - 1] += 1
      }
      if let id = attributes["id"] { page.ids.append(id) }
      if elementName == "a", !inSVG, let href = attributes["href"] { page.links.append(href) }
      if inSVG {
        for (name, value) in attributes {
          if name.hasSuffix("href"), value.hasPrefix("#") { page.references.append(String(value.dropFirst())) }
          for part in value.components(separatedBy: "url(#").dropFirst() {
            page.references.append(String(part.prefix { $0 != ")" }))
          }
        }
      }
      open.append((elementName, attributes["class"]))
      if ["h1", "h2", "p", "code"].contains(elementName), !inSVG { text = "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
      text? += string
    }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
      let element = open.removeLast()
      guard let finished = text, ["h1", "h2", "p", "code"].contains(elementName) else { return }
      switch (elementName, element.className) {
      case ("h1", _): page.titles.append(finished)
      case ("h2", _): page.headings.append(finished)
      case ("p", "caption"): page.captions.append(finished)
      case ("code", _) where open.last?.name == "li": page.callbacks.append(finished)
      default: break
      }
      text = nil
    }
  }

  private init(empty: Void) {}
}
