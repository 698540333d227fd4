import Foundation

/// An atlas's drawn pages, one after another, with what each holds: `index.json`, which says which
/// page draws which controller; `index.html`, to browse them; and `index.md`, for a repository's
/// docs folder.
///
/// The overview comes first, then each page in its order. The HTML page has the flipbook's look
/// and keys (``Flipbook``): one self-contained file, each drawing's SVG inline, its link boxes and
/// the overview's boxes turning to the page they name, ←/→ or j/k, Previous/Next, the page list and
/// the browser's Back button, the reader's light or dark mode, no network.
public struct AtlasBook: Sendable, Hashable {
  /// The index's file name beside the pages.
  public static let indexFileName = "index.json"

  /// What the atlas draws: `9 storyboards: Main, Social, …`.
  public var title: String
  /// The overview's drawing.
  public var overview: Page
  /// The pages, in their order.
  public var pages: [Page]

  public init(title: String, overview: Page, pages: [Page]) {
    self.title = title
    self.overview = overview
    self.pages = pages
  }

  /// One drawing of the atlas: the overview, or a page.
  public struct Page: Sendable, Hashable {
    /// The stem of its files (`Settings`), which also names its section of the HTML page.
    public var name: String
    public var title: String
    /// What it shows: `12 controllers · 9 segues · 4 links to 3 other pages`.
    public var caption: String
    /// The controllers it draws in full, by id.
    public var controllers: [String]
    /// The controllers of other pages it draws as link boxes, by id.
    public var links: [String]
    /// Its files by format, keyed as a flipbook's (`svg`, `svg~dark`, `png`).
    public var files: [String: String]
    /// Its SVG, inlined into the HTML page; nil when not drawn as SVG.
    public var svg: String?
    /// Its SVG in the dark theme, when both themes are drawn.
    public var darkSVG: String?

    public init(
      name: String, title: String, caption: String, controllers: [String] = [], links: [String] = [],
      files: [String: String], svg: String? = nil, darkSVG: String? = nil
    ) {
      self.name = name
      self.title = title
      self.caption = caption
      self.controllers = controllers
      self.links = links
      self.files = files
      self.svg = svg
      self.darkSVG = darkSVG
    }

    /// The file a reader opens: the SVG, else the first file drawn.
    var file: String? { files["svg"] ?? files.sorted { $0.key < $1.key }.first?.value }
  }

  // MARK: - index.json

  /// `{"overview": {…}, "pages": [{"file", "title", "controllers", "links", "files"}]}`: which page
  /// draws which controller in full, and which it draws as link boxes.
  public var json: String {
    struct Entry: Encodable {
      var file: String?
      var title: String
      var controllers: [String]?
      var links: [String]?
      var files: [String: String]
    }
    struct Index: Encodable {
      var title: String
      var overview: Entry
      var pages: [Entry]
    }
    return JSONText.encode(
      Index(
        title: title,
        overview: Entry(file: overview.file, title: overview.title, files: overview.files),
        pages: pages.map {
          Entry(file: $0.file, title: $0.title, controllers: $0.controllers, links: $0.links, files: $0.files)
        }))
  }

  // MARK: - HTML

  /// The section id of a drawing on the HTML page: `page-Settings`, `overview`.
  static func anchor(_ page: Page, isOverview: Bool) -> String {
    isOverview ? "overview" : "page-" + Flipbook.link(page.name)
  }

  /// The HTML page: the overview and every page inline, in order, with what each holds.
  ///
  /// A link box's and an overview box's link to a page's SVG file turns to that page's section.
  public var html: String {
    let heading = Flipbook.html(title)
    let drawings = [(overview, true)] + pages.map { ($0, false) }
    var lines =
      Flipbook.documentHead(heading: heading) + [
        "<p class=\"source\">An atlas: the overview, then \(Flipbook.count(pages.count, "page")), each controller drawn "
          + "in full on one page and linked to from the others.</p>",
        "<p class=\"keys\"><kbd>←</kbd> <kbd>→</kbd> or <kbd>k</kbd> <kbd>j</kbd> turn the page; a box that names a "
          + "page opens it. In a drawing (click it, or <kbd>Tab</kbd> to it) the arrow keys scroll it; <kbd>Esc</kbd> "
          + "leaves it. <kbd>f</kbd> fits every drawing in its box, or shows it full size again.</p>",
        "</header>",
        "<div class=\"layout\">",
        "<nav class=\"contents\" aria-label=\"Pages\">",
        "<ol>",
      ]
    for (offset, (page, isOverview)) in drawings.enumerated() {
      lines.append(
        "<li><a href=\"#\(Self.anchor(page, isOverview: isOverview))\" title=\"\(Flipbook.html(page.title))\">"
          + "<span class=\"n\">\(isOverview ? "◎" : "\(offset)")</span> "
          + "<span class=\"action\">\(Flipbook.html(isOverview ? "Overview" : page.title))</span></a></li>")
    }
    lines += ["</ol>", "</nav>", "<main>"]
    let canvas = Flipbook.canvas(of: drawings.map { Flipbook.Page(number: 0, action: "", svg: $0.0.svg) })
    // Each page's SVG file, as the drawings link to it, to the page's section.
    var sections: [String: String] = [:]
    for (page, isOverview) in drawings {
      for key in ["svg", "svg~dark"] {
        if let file = page.files[key] { sections[file] = Self.anchor(page, isOverview: isOverview) }
      }
    }
    for (offset, (page, isOverview)) in drawings.enumerated() {
      lines += section(
        page, at: offset, of: drawings.map(\.0), isOverview: isOverview, canvas: canvas, sections: sections)
    }
    lines += [
      "</main>",
      "</div>",
      "<script>//<![CDATA[",
      Flipbook.script,
      "//]]></script>",
      "</body>",
      "</html>",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  private func section(
    _ page: Page, at offset: Int, of drawings: [Page], isOverview: Bool, canvas: (width: Double, height: Double)?,
    sections: [String: String]
  ) -> [String] {
    let anchor = Self.anchor(page, isOverview: isOverview)
    func turn(_ other: Int, _ symbol: String, _ label: String, _ relation: String) -> String {
      guard drawings.indices.contains(other) else {
        return "<span class=\"turn off\" aria-hidden=\"true\">\(symbol)</span>"
      }
      return "<a class=\"turn\" href=\"#\(Self.anchor(drawings[other], isOverview: other == 0))\" rel=\"\(relation)\" "
        + "title=\"\(label)\" aria-label=\"\(label)\">\(symbol)</a>"
    }
    let position = isOverview ? "Overview" : "Page \(offset) of \(drawings.count - 1)"
    var lines = Flipbook.sectionHead(
      id: anchor, isCurrent: offset == 0, titleID: anchor + "-title",
      heading: "<span class=\"position\">\(position)</span> \(Flipbook.html(page.title))",
      previous: turn(offset - 1, "←", "Previous page", "prev"), next: turn(offset + 1, "→", "Next page", "next"))
    let figure =
      Flipbook.figure(
        svg: page.svg.map { Self.linkingSections($0, sections) },
        darkSVG: page.darkSVG.map { Self.linkingSections($0, sections) }, png: page.files["png"],
        label: "Drawing of \(position.lowercased()): \(page.title)", alt: page.title, idPrefix: "p\(offset)",
        canvas: canvas) ?? ["<p class=\"none\">No drawing of this page.</p>"]
    // The sections' links, kept from the inlining's prefix as another scheme, become fragments.
    lines += figure.map { $0.replacingOccurrences(of: "=\"\(Self.sectionScheme)", with: "=\"#") }
    lines += ["<div class=\"notes\">", "<p class=\"caption\">\(Flipbook.html(page.caption))</p>"]
    if !page.controllers.isEmpty {
      lines += ["<h3>Drawn in full here</h3>", "<ul class=\"files\">"]
      lines += page.controllers.map { "<li><code>\(Flipbook.html($0))</code></li>" }
      lines.append("</ul>")
    }
    if !page.links.isEmpty {
      lines += ["<h3>Linked to, on other pages</h3>", "<ul class=\"files\">"]
      lines += page.links.map { "<li><code>\(Flipbook.html($0))</code></li>" }
      lines.append("</ul>")
    }
    if !page.files.isEmpty {
      lines += ["<h3>Files</h3>", "<ul class=\"files\">"]
      for (_, name) in page.files.sorted(by: { $0.key < $1.key }) {
        lines.append("<li><a href=\"\(Flipbook.html(Flipbook.link(name)))\">\(Flipbook.html(name))</a></li>")
      }
      lines.append("</ul>")
    }
    lines += ["</div>", "</div>", "</section>"]
    return lines
  }

  /// `svg` with its links to pages' SVG files (`xlink:href="Settings.svg"`) leading to their
  /// sections on the HTML page instead, written `atlas-section:page-Settings` until the drawing is
  /// inlined (which prefixes every `#` link with the drawing's own prefix).
  static func linkingSections(_ svg: String, _ sections: [String: String]) -> String {
    var text = svg
    for (file, anchor) in sections {
      for attribute in ["xlink:href", "href"] {
        text = text.replacingOccurrences(
          of: "\(attribute)=\"\(Flipbook.html(file))\"", with: "\(attribute)=\"\(sectionScheme)\(anchor)\"")
      }
    }
    return text
  }

  /// What a section's link is written as until its drawing is inlined.
  static let sectionScheme = "atlas-section:"

  // MARK: - Markdown

  /// The Markdown page: the overview's picture, then a heading per page with what it holds, its
  /// picture (the SVG, else the PNG) and links to its files.
  public var markdown: String {
    func picture(_ page: Page) -> String? {
      guard let image = page.files["svg"] ?? page.files["png"] else { return nil }
      return "![\(Flipbook.markdown(page.title))](\(Flipbook.link(image)))"
    }
    var blocks = [
      "# " + Flipbook.markdown(title),
      "An atlas of \(Flipbook.count(pages.count, "page")): every controller is drawn in full on one page, and each "
        + "other page that leads to it draws a link box naming that page.",
      "## Overview",
    ]
    if let image = picture(overview) { blocks.append(image) }
    blocks.append(
      pages.enumerated().map { offset, page in
        "\(offset + 1). [\(Flipbook.markdown(page.title))](#\(Self.markdownAnchor(offset + 1, page))) · "
          + Flipbook.markdown(page.caption, atLineStart: false)
      }.joined(separator: "\n"))
    for (offset, page) in pages.enumerated() {
      blocks.append("## Page \(offset + 1): " + Flipbook.markdown(page.title))
      blocks.append(Flipbook.markdown(page.caption, atLineStart: true))
      if let image = picture(page) { blocks.append(image) }
      if !page.files.isEmpty {
        blocks.append(
          "Files: "
            + page.files.sorted(by: { $0.key < $1.key }).map {
              "[\(Flipbook.markdown($0.value))](\(Flipbook.link($0.value)))"
            }
            .joined(separator: ", "))
      }
    }
    return blocks.joined(separator: "\n\n") + "\n"
  }

  /// The anchor GitHub makes of the heading `## Page N: title`.
  static func markdownAnchor(_ number: Int, _ page: Page) -> String {
    let heading = "page \(number): \(page.title)".lowercased()
    var anchor = ""
    for character in heading {
      if character.isLetter || character.isNumber || character == "-" || character == "_" {
        anchor.append(character)
      } else if character == " " {
        anchor.append("-")
      }
    }
    return anchor
  }
}
