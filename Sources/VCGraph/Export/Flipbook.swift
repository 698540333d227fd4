import Foundation

/// A scenario's rendered steps, one after another, with what each step did: `index.html` to turn
/// through in a browser, and `index.md` for a repository's docs folder.
///
/// The HTML page is one self-contained file: its style and script are inline, each step's SVG is
/// inlined (its XML prolog, doctype and comments left out, its ids made unique on the page), and it
/// links only to the step files beside it, so it works opened from disk with no network. Without
/// JavaScript it shows every step, one under the other; with it, one step at a time, turned with
/// ←/→ or j/k, the Previous/Next links or the step list.
public struct Flipbook: Sendable, Hashable {
  /// The HTML page's file name beside the frames.
  public static let htmlFileName = "index.html"
  /// The Markdown page's file name beside the frames.
  public static let markdownFileName = "index.md"

  /// The scenario's path as the pages show it: as given on the command line, or, from a render,
  /// as ``shownPath(of:writtenTo:)`` gives it.
  public var scenario: String
  public var title: String?
  /// One page per step, in step order.
  public var pages: [Page]

  public init(scenario: String, title: String?, pages: [Page]) {
    self.scenario = scenario
    self.title = title
    self.pages = pages
  }

  /// One step: what it did, what UIKit called, and the files that draw it.
  public struct Page: Sendable, Hashable {
    /// The step's number, from 1.
    public var number: Int
    /// The step's action, `present login from home`.
    public var action: String
    public var caption: String?
    /// The callbacks UIKit made during the step, in order.
    public var events: [LifecycleEvent]
    /// The step's warnings, in UIKit's wording.
    public var warnings: [String]
    /// The step's file per format (`["svg": "01-setroot-nav.svg"]`), beside the flipbook.
    public var files: [String: String]
    /// The step's drawing as Graphviz writes SVG, inlined into the HTML page; nil when not drawn as SVG.
    public var svg: String?
    /// The step's drawing in the dark theme when both themes are drawn: the HTML page shows it
    /// instead of ``svg`` when the reader's system is in dark mode.
    public var darkSVG: String?
    /// With `render --size-classes`, what each side did in this step, in the order drawn (compact
    /// first for `compact,regular`); ``events`` and ``warnings`` are then the first side's.
    public var sides: [Side] = []

    public init(
      number: Int, action: String, caption: String? = nil, events: [LifecycleEvent] = [], warnings: [String] = [],
      files: [String: String] = [:], svg: String? = nil, darkSVG: String? = nil, sides: [Side] = []
    ) {
      self.sides = sides
      self.number = number
      self.action = action
      self.caption = caption
      self.events = events
      self.warnings = warnings
      self.files = files
      self.svg = svg
      self.darkSVG = darkSVG
    }

    /// One side of a step drawn with `render --size-classes`: its heading, and what UIKit did there.
    public struct Side: Sendable, Hashable {
      /// `iPhone · compact`, `iPad · regular`.
      public var heading: String
      public var events: [LifecycleEvent]
      public var warnings: [String]
      /// What the side notes about the step (``Replay/Side/notes(on:)``).
      public var notes: [String]

      public init(heading: String, events: [LifecycleEvent] = [], warnings: [String] = [], notes: [String] = []) {
        self.heading = heading
        self.events = events
        self.warnings = warnings
        self.notes = notes
      }
    }

    /// What the page lists under the picture: each side's heading, callbacks and warnings, or the
    /// step's alone (heading nil) without sides.
    var callbackLists: [(heading: String?, events: [LifecycleEvent], warnings: [String], notes: [String])] {
      sides.isEmpty ? [(nil, events, warnings, [])] : sides.map { ($0.heading, $0.events, $0.warnings, $0.notes) }
    }

    /// The name of the file the Markdown page shows as the step's picture: the SVG, else the PNG.
    var imageFile: String? { files["svg"] ?? files["png"] }

    /// The step's files, formats in the order vcgraph renders them (svg, png, pdf, dot), others after.
    var orderedFiles: [(format: String, name: String)] {
      let known = OutputFormat.allCases.map(\.rawValue)
      let rank = { (format: String) in known.firstIndex(of: format) ?? known.count }
      return files.sorted { (rank($0.key), $0.key) < (rank($1.key), $1.key) }.map { ($0.key, $0.value) }
    }

    /// The callbacks as `vcgraph events` prints them: the controller ids padded to a column, then the call.
    var eventLines: [(viewController: String, padding: String, call: String)] { Self.lines(of: events) }

    /// Callbacks as `vcgraph events` prints them: the controller ids padded to a column, then the call.
    static func lines(of events: [LifecycleEvent]) -> [(viewController: String, padding: String, call: String)] {
      let width = events.map(\.viewController.count).max() ?? 0
      return events.map { event in
        (event.viewController, String(repeating: " ", count: width - event.viewController.count), event.call)
      }
    }
  }
}

// MARK: - From a render

extension Flipbook {
  /// The flipbook of a rendered replay: a page for each step `index` lists, linking the files it
  /// lists, with the step's callbacks and warnings from `replay` and its SVG read with `drawing`.
  ///
  /// - Parameters:
  ///   - replay: The replayed scenario, for each step's callbacks and warnings.
  ///   - index: The rendered steps and their files.
  ///   - drawing: The contents of a rendered file by name: each step's SVG under the name
  ///     ``RenderIndex/frameFile(for:stepCount:format:theme:among:)`` gives it, whether or not `index`
  ///     lists it (an SVG drawn only for the HTML page is not written, so not listed); nil if there is
  ///     none. The dark theme's SVG is read under its name among both themes (`NN-action~dark.svg`).
  ///   - sides: With `render --size-classes`, the scenario replayed once per side: each page lists
  ///     each side's callbacks and warnings under its heading.
  public init(replay: Replay, index: RenderIndex, sides: [Replay.Side] = [], drawing: (String) -> Data?) {
    let stepCount = replay.scenario.steps.count
    let pages = index.steps.map { entry in
      let frame = replay.frame(entry.number)
      func svg(_ theme: Theme) -> String? {
        frame.flatMap { frame in
          drawing(
            RenderIndex.frameFile(
              for: frame.step, stepCount: stepCount, format: .svg, theme: theme,
              among: theme == .dark ? [.light, .dark] : [.light]
            ).name)
        }.map { String(decoding: $0, as: UTF8.self) }
      }
      return Page(
        number: entry.number, action: entry.action, caption: entry.caption, events: frame?.events ?? [],
        warnings: frame?.warnings.map(\.message) ?? [], files: entry.files, svg: svg(.light), darkSVG: svg(.dark),
        sides: sides.map { side in
          let frame = side.replay.frame(entry.number)
          return Page.Side(
            heading: side.heading, events: frame?.events ?? [], warnings: frame?.warnings.map(\.message) ?? [],
            notes: frame.map { side.notes(on: $0.step) } ?? [])
        })
    }
    self.init(scenario: index.scenario, title: index.title, pages: pages)
  }
}

// MARK: - HTML

extension Flipbook {
  /// The HTML page: every step's SVG inline with its action, caption, callbacks, warnings and files.
  ///
  /// The page is also well-formed XML (void elements closed, the script and style in CDATA sections
  /// that HTML reads as comments), so tools can check it with an XML parser.
  public var html: String {
    let heading = Self.html(title ?? scenario)
    var lines = [
      "<!DOCTYPE html>",
      "<html lang=\"en\">",
      "<head>",
      "<meta charset=\"utf-8\"/>",
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>",
      "<meta name=\"generator\" content=\"vcgraph\"/>",
      "<title>\(heading)</title>",
      "<style>/*<![CDATA[*/",
      Self.style,
      "/*]]>*/</style>",
      // Before the first paint: one step at a time from the start, not every step for a moment.
      "<script>document.documentElement.classList.add(\"paged\");</script>",
      "</head>",
      "<body>",
      "<header class=\"book\">",
      "<h1>\(heading)</h1>",
      "<p class=\"source\"><code>\(Self.html(scenario))</code> · \(Self.count(pages.count, "step"))"
        + "<span class=\"keys\"> · <kbd>←</kbd>/<kbd>k</kbd> previous, <kbd>→</kbd>/<kbd>j</kbd> next</span></p>",
      "</header>",
      "<div class=\"layout\">",
      "<nav class=\"contents\" aria-label=\"Steps\">",
      "<ol>",
    ]
    for page in pages {
      lines.append(
        "<li><a href=\"#\(Self.anchor(page))\"><span class=\"n\">\(page.number)</span> \(Self.html(page.action))</a></li>"
      )
    }
    lines += ["</ol>", "</nav>", "<main>"]
    for (offset, page) in pages.enumerated() {
      lines += htmlSection(page, at: offset)
    }
    lines += [
      "</main>",
      "</div>",
      "<script>//<![CDATA[",
      Self.script,
      "//]]></script>",
      "</body>",
      "</html>",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  private func htmlSection(_ page: Page, at offset: Int) -> [String] {
    let position = "Step \(page.number) of \(pages.count)"
    func turn(_ other: Int, _ label: String, _ relation: String) -> String {
      guard pages.indices.contains(other) else {
        return "<span class=\"turn off\" aria-disabled=\"true\">\(label)</span>"
      }
      return "<a class=\"turn\" href=\"#\(Self.anchor(pages[other]))\" rel=\"\(relation)\">\(label)</a>"
    }
    // The first step is the one shown before the script reads the address.
    var lines = [
      "<section class=\"step\(offset == 0 ? " current" : "")\" id=\"\(Self.anchor(page))\">",
      "<nav class=\"pager\" aria-label=\"\(position)\">",
      turn(offset - 1, "← Previous", "prev"),
      "<span class=\"position\">\(position)</span>",
      turn(offset + 1, "Next →", "next"),
      "</nav>",
      "<div class=\"spread\">",
    ]
    // At least its size in points as CSS pixels (8 pt text at 8 px), in a box that scrolls
    // sideways when narrower: the style reads the width from the figure.
    if let width = page.svg.flatMap(Self.viewBoxWidth) {
      lines.append("<figure class=\"diagram\" style=\"--width: \(Int(width.rounded(.up)))px\">")
    } else {
      lines.append("<figure class=\"diagram\">")
    }
    let alternative = Self.html("step \(page.number): \(page.action)")
    if let svg = page.svg {
      // Each drawing links to its file, full size, when the file is written (else to the PNG).
      let drawings =
        [(svg, "svg", "s\(page.number)-", "")]
        + (page.darkSVG.map { [($0, "svg~dark", "s\(page.number)d-", "~dark")] } ?? [])
      for (svg, key, prefix, suffix) in drawings {
        let inline = Self.inlineSVG(svg, idPrefix: prefix)
        var element = inline
        if let file = page.files[key] ?? page.files["png" + suffix] ?? page.files["png"] {
          element =
            "<a class=\"full\" href=\"\(Self.html(Self.link(file)))\" title=\"Open \(Self.html(file))\">\(inline)</a>"
        }
        if page.darkSVG != nil {
          element = "<div class=\"theme-\(suffix.isEmpty ? "light" : "dark")\">\(element)</div>"
        }
        lines.append(element)
      }
    } else if let png = page.files["png"] {
      lines.append(
        "<a class=\"full\" href=\"\(Self.html(Self.link(png)))\"><img src=\"\(Self.html(Self.link(png)))\" alt=\"\(alternative)\"/></a>"
      )
    } else {
      lines.append("<p class=\"none\">No drawing of this step.</p>")
    }
    lines += [
      "</figure>",
      "<div class=\"notes\">",
      "<p class=\"label\">\(position)</p>",
      "<h2>\(Self.html(page.action))</h2>",
    ]
    if let caption = page.caption, !caption.isEmpty {
      lines.append("<p class=\"caption\">\(Self.html(caption))</p>")
    }
    for list in page.callbackLists {
      // With sides, each side's lists under its heading: `Callbacks · iPhone · compact`.
      let suffix = list.heading.map { " · " + Self.html($0) } ?? ""
      if list.heading != nil { lines.append("<div class=\"side\">") }
      lines.append("<h3>Callbacks\(suffix)</h3>")
      lines += list.notes.map { "<p class=\"note\">\(Self.html($0))</p>" }
      if list.events.isEmpty {
        lines.append("<p class=\"none\">No callbacks.</p>")
      } else {
        lines.append("<ol class=\"callbacks\">")
        for line in Page.lines(of: list.events) {
          lines.append(
            "<li><code><span class=\"vc\">\(Self.html(line.viewController))</span>\(line.padding)  "
              + "\(Self.html(line.call))</code></li>")
        }
        lines.append("</ol>")
      }
      if !list.warnings.isEmpty {
        lines += ["<h3>Warnings\(suffix)</h3>", "<ul class=\"warnings\">"]
        lines += list.warnings.map { "<li>\(Self.html($0))</li>" }
        lines.append("</ul>")
      }
      if list.heading != nil { lines.append("</div>") }
    }
    if !page.files.isEmpty {
      lines += ["<h3>Files</h3>", "<ul class=\"files\">"]
      for file in page.orderedFiles {
        lines.append("<li><a href=\"\(Self.html(Self.link(file.name)))\">\(Self.html(file.name))</a></li>")
      }
      lines.append("</ul>")
    }
    lines += ["</div>", "</div>", "</section>"]
    return lines
  }

  /// The width of an SVG's `viewBox`, in its units (points, for Graphviz).
  static func viewBoxWidth(_ svg: String) -> Double? {
    guard let start = svg.range(of: "viewBox=\"") else { return nil }
    let numbers = svg[start.upperBound...].prefix { $0 != "\"" }.split(separator: " ").compactMap { Double($0) }
    return numbers.count == 4 ? numbers[2] : nil
  }

  /// A scenario's path as a page published beside the frames shows it: relative to the parent of
  /// `folder` (the `-o` folder, `docs/diagrams`) when the scenario is inside it, else its file name,
  /// so that no path of the machine that rendered it (`/home/…`) ends up in published docs.
  public static func shownPath(of scenario: String, writtenTo folder: String) -> String {
    let file = URL(fileURLWithPath: scenario).standardizedFileURL.resolvingSymlinksInPath().path
    let base = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath()
      .deletingLastPathComponent().path
    let prefix = base.hasSuffix("/") ? base : base + "/"
    return file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : (file as NSString).lastPathComponent
  }

  /// The page's id for a step's section, `step-3`: what the step list and Previous/Next link to.
  private static func anchor(_ page: Page) -> String { "step-\(page.number)" }

  private static func count(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

  /// Text for HTML content or a quoted attribute: markup characters as entities (only the ones XML
  /// knows too), and control characters, which neither HTML nor XML allows, as U+FFFD.
  static func html(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\n", "\t": result.unicodeScalars.append(scalar)
      case "\r": result += "\n"
      default:
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{FFFE}" || scalar == "\u{FFFF}" {
          result += "\u{FFFD}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// A file name as a relative link to the file beside the page: every character but letters,
  /// digits and `-._~` percent-encoded (as UTF-8), so no name can become a scheme, a path elsewhere
  /// or a query.
  static func link(_ name: String) -> String {
    var result = ""
    for byte in name.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return result
  }
}

// MARK: - Inlining SVG

extension Flipbook {
  /// SVG text as Graphviz writes it, ready to sit inside an HTML page beside other drawings: the XML
  /// declaration, processing instructions, doctype and comments left out, and every `id` prefixed
  /// with `idPrefix`, together with what refers to one (`href="#…"`, `xlink:href="#…"`, `url(#…)` in
  /// an attribute), since Graphviz gives every drawing the same ids (`graph0`, `clust1`, `edge1`, …).
  ///
  /// The text is read as XML markup, not parsed: quoted attribute values and CDATA sections are kept
  /// as they are, apart from the rewritten references.
  static func inlineSVG(_ svg: String, idPrefix: String) -> String {
    let bytes = Array(svg.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + 1024)
    var index = 0

    func starts(with text: String, at position: Int) -> Bool {
      let pattern = text.utf8
      return position + pattern.count <= bytes.count
        && bytes[position..<position + pattern.count].elementsEqual(pattern)
    }
    /// The position just after the first `terminator` from `position`, or the end.
    func end(of terminator: String, from position: Int) -> Int {
      var position = position
      while position < bytes.count, !starts(with: terminator, at: position) { position += 1 }
      return min(bytes.count, position + terminator.utf8.count)
    }

    while index < bytes.count {
      guard bytes[index] == UInt8(ascii: "<") else {
        output.append(bytes[index])
        index += 1
        continue
      }
      if starts(with: "<?", at: index) {
        index = end(of: "?>", from: index)
      } else if starts(with: "<!--", at: index) {
        index = end(of: "-->", from: index + 4)
      } else if starts(with: "<![CDATA[", at: index) {
        let after = end(of: "]]>", from: index)
        output += bytes[index..<after]
        index = after
      } else if starts(with: "<!", at: index) {
        index = endOfDeclaration(bytes, from: index)
      } else if starts(with: "</", at: index) {
        let after = end(of: ">", from: index)
        output += bytes[index..<after]
        index = after
      } else {
        index = copyStartTag(bytes, from: index, into: &output, idPrefix: Array(idPrefix.utf8))
      }
    }
    return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The position after a `<!DOCTYPE …>` declaration, past its quoted strings and `[…]` internal subset.
  private static func endOfDeclaration(_ bytes: [UInt8], from start: Int) -> Int {
    var position = start + 2
    var quote: UInt8?
    var depth = 0
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: "[") {
        depth += 1
      } else if byte == UInt8(ascii: "]") {
        depth -= 1
      } else if byte == UInt8(ascii: ">"), depth <= 0 {
        break
      }
    }
    return position
  }

  /// Copies a start tag from `start` into `output`, its id and id references prefixed; returns the
  /// position after it.
  private static func copyStartTag(
    _ bytes: [UInt8], from start: Int, into output: inout [UInt8], idPrefix: [UInt8]
  ) -> Int {
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    var position = start + 1
    // The element name.
    while position < bytes.count, !isSpace(bytes[position]), bytes[position] != UInt8(ascii: ">"),
      bytes[position] != UInt8(ascii: "/")
    {
      position += 1
    }
    output += bytes[start..<position]
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: ">") {
        output.append(byte)
        return position + 1
      }
      if isSpace(byte) || byte == UInt8(ascii: "/") {
        output.append(byte)
        position += 1
        continue
      }
      // An attribute: name, `=`, quoted value.
      let nameStart = position
      while position < bytes.count, !isSpace(bytes[position]), bytes[position] != UInt8(ascii: "="),
        bytes[position] != UInt8(ascii: ">"), bytes[position] != UInt8(ascii: "/")
      {
        position += 1
      }
      let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
      output += bytes[nameStart..<position]
      while position < bytes.count, isSpace(bytes[position]) {
        output.append(bytes[position])
        position += 1
      }
      guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else { continue }
      output.append(bytes[position])
      position += 1
      while position < bytes.count, isSpace(bytes[position]) {
        output.append(bytes[position])
        position += 1
      }
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'")
      else { continue }
      let quote = bytes[position]
      var valueEnd = position + 1
      while valueEnd < bytes.count, bytes[valueEnd] != quote { valueEnd += 1 }
      let value = Array(bytes[(position + 1)..<valueEnd])
      output.append(quote)
      output += rewrittenValue(value, attribute: name, idPrefix: idPrefix)
      if valueEnd < bytes.count { output.append(quote) }
      position = min(bytes.count, valueEnd + 1)
    }
    return position
  }

  /// An attribute's value with its id, or the ids it refers to, prefixed.
  private static func rewrittenValue(_ value: [UInt8], attribute: String, idPrefix: [UInt8]) -> [UInt8] {
    if attribute == "id" { return idPrefix + value }
    if attribute == "href" || attribute.hasSuffix(":href") {
      return value.first == UInt8(ascii: "#") ? [UInt8(ascii: "#")] + idPrefix + value.dropFirst() : value
    }
    // `url(#id)`, `url('#id')` in presentation attributes (fill, stroke, clip-path, marker-end, …).
    let function = Array("url(".utf8)
    var result: [UInt8] = []
    result.reserveCapacity(value.count)
    var position = 0
    while position < value.count {
      result.append(value[position])
      position += 1
      guard position >= function.count, value[(position - function.count)..<position].elementsEqual(function) else {
        continue
      }
      if position < value.count, value[position] == UInt8(ascii: "'") || value[position] == UInt8(ascii: "\"") {
        result.append(value[position])
        position += 1
      }
      if position < value.count, value[position] == UInt8(ascii: "#") {
        result.append(value[position])
        result += idPrefix
        position += 1
      }
    }
    return result
  }
}

// MARK: - Markdown

extension Flipbook {
  /// The Markdown page: a heading per step with its caption, its picture (the SVG, else the PNG),
  /// its callbacks as a numbered list, its warnings and links to its files.
  public var markdown: String {
    var blocks = [
      "# " + Self.markdown(title ?? scenario),
      "\(Self.count(pages.count, "step")) of \(Self.code(scenario)), as `vcgraph render` draws them.",
    ]
    for page in pages {
      blocks.append("## Step \(page.number): " + Self.markdown(page.action))
      if let caption = page.caption, !caption.isEmpty {
        // One line each, with hard line breaks: the caption's own line breaks stay.
        let lines = caption.split(omittingEmptySubsequences: true) { $0.isNewline }
          .map { Self.markdown(String($0), atLineStart: true) }.filter { !$0.isEmpty }
        if !lines.isEmpty { blocks.append(lines.joined(separator: "\\\n")) }
      }
      if let image = page.imageFile {
        blocks.append("![\(Self.markdown("step \(page.number): \(page.action)"))](\(Self.link(image)))")
      }
      for list in page.callbackLists {
        // With sides, each side's lists after its heading: `**iPhone · compact:** no callbacks.`
        let side = list.heading.map { "**" + Self.markdown($0) + ":** " } ?? ""
        for note in list.notes { blocks.append(side + Self.markdown(note) + ".") }
        if list.events.isEmpty {
          blocks.append(side.isEmpty ? "No callbacks." : side + "no callbacks.")
        } else {
          blocks.append(side.isEmpty ? "Callbacks, in UIKit's order:" : side + "callbacks, in UIKit's order:")
          blocks.append(
            Page.lines(of: list.events).enumerated().map { offset, line in
              "\(offset + 1). " + Self.code(line.viewController + line.padding + "  " + line.call)
            }.joined(separator: "\n"))
        }
        for warning in list.warnings {
          blocks.append(
            "> **Warning\(side.isEmpty ? "" : " (" + Self.markdown(list.heading ?? "") + ")"):** "
              + Self.markdown(warning))
        }
      }
      if !page.files.isEmpty {
        blocks.append(
          "Files: "
            + page.orderedFiles.map { "[\(Self.markdown($0.name))](\(Self.link($0.name)))" }.joined(separator: ", "))
      }
    }
    return blocks.joined(separator: "\n\n") + "\n"
  }

  /// Text for a line of Markdown, read as text and nothing else: white space (line breaks too)
  /// folded into single spaces, and every character Markdown or GitHub could read as markup
  /// backslash-escaped, as well as what would start a block at the start of a line.
  static func markdown(_ text: String, atLineStart: Bool = false) -> String {
    let words = text.split {
      $0.isWhitespace || $0.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control }
    }
    let folded = words.joined(separator: " ")
    var result = ""
    result.reserveCapacity(folded.utf8.count)
    for character in folded {
      if "\\`*_[]<>|~&$#!".contains(character) { result.append("\\") }
      result.append(character)
    }
    if atLineStart, let first = result.first {
      if "-+=".contains(first) {
        result.insert("\\", at: result.startIndex)
      } else if first.isASCII, first.isNumber {
        // `1.` or `1)` would start an ordered list.
        let digits = result.prefix { $0.isASCII && $0.isNumber }
        let after = result.index(result.startIndex, offsetBy: digits.count)
        if after < result.endIndex, result[after] == "." || result[after] == ")" {
          result.insert("\\", at: after)
        }
      }
    }
    return result
  }

  /// Text as a Markdown code span: fenced with one backtick more than the longest run inside,
  /// padded with a space when it starts or ends with a backtick or space, line breaks as spaces.
  static func code(_ text: String) -> String {
    let flat = String(text.map { $0.isNewline ? " " : $0 })
    var longest = 0
    var run = 0
    for character in flat {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: longest + 1)
    let padded = flat.first == "`" || flat.last == "`" || flat.first == " " || flat.last == " "
    let inner = padded ? " \(flat) " : flat
    return fence + inner + fence
  }
}

// MARK: - Style and script

extension Flipbook {
  /// The page's style: the step list beside the steps on wide screens, above them on narrow ones;
  /// with the script (`.paged`), only the current step shows. Only fonts on the reader's machine.
  static let style = """
    :root { color-scheme: light dark; --ink: #1c1c1e; --muted: #6e6e73; --line: #d1d1d6; --tint: #0a63d6;
      --wash: #f2f2f7; --page: #ffffff; --warning: #9a4d00; }
    @media (prefers-color-scheme: dark) {
      :root { --ink: #f2f2f7; --muted: #a1a1a6; --line: #3a3a3c; --tint: #4da3ff; --wash: #1c1c1e; --page: #000000;
        --warning: #ffb340; }
    }
    * { box-sizing: border-box; }
    body { margin: 0; color: var(--ink); background: var(--page);
      font: 15px/1.45 -apple-system, BlinkMacSystemFont, "Segoe UI", Inter, "Helvetica Neue", Helvetica, Arial, sans-serif; }
    a { color: var(--tint); }
    code, kbd { font: 0.85em/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; }
    kbd { padding: 0 0.3em; border: 1px solid var(--line); border-radius: 4px; background: var(--wash); }
    header.book { padding: 1rem 1.5rem; border-bottom: 1px solid var(--line); }
    h1 { margin: 0 0 0.2rem; font-size: 1.4rem; overflow-wrap: anywhere; }
    .source { margin: 0; color: var(--muted); font-size: 0.9rem; overflow-wrap: anywhere; }
    .keys { display: none; }
    .paged .keys { display: inline; }
    .layout { display: flex; align-items: flex-start; }
    nav.contents { flex: 0 0 16rem; position: sticky; top: 0; max-height: 100vh; overflow: auto;
      padding: 1rem 0.75rem; border-right: 1px solid var(--line); }
    nav.contents ol { list-style: none; margin: 0; padding: 0; }
    nav.contents a { display: flex; padding: 0.3rem 0.5rem; border-radius: 6px; color: inherit; text-decoration: none;
      overflow-wrap: anywhere; }
    nav.contents a:hover { background: var(--wash); }
    nav.contents a[aria-current] { background: var(--tint); color: var(--page); }
    .n { flex: 0 0 1.8em; color: var(--muted); font-variant-numeric: tabular-nums; }
    nav.contents a[aria-current] .n { color: inherit; }
    main { flex: 1; min-width: 0; padding: 1rem 1.5rem 3rem; }
    .step { padding-top: 1rem; margin-bottom: 2.5rem; border-top: 1px solid var(--line); }
    .step:target { border-top: 3px solid var(--tint); }
    .paged .step { display: none; }
    .paged .step.current { display: block; padding-top: 0; border-top: 0; }
    .pager { display: none; align-items: center; gap: 0.75rem; margin-bottom: 1rem; }
    .paged .pager { display: flex; }
    .turn { padding: 0.3rem 0.8rem; border: 1px solid var(--line); border-radius: 8px; color: var(--tint);
      text-decoration: none; white-space: nowrap; }
    a.turn:hover { background: var(--wash); }
    .turn.off { color: var(--line); }
    .position { color: var(--muted); }
    .spread { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: flex-start; }
    /* The drawing at least at its size in points as CSS pixels (--width, from its viewBox), up to
       a third more where there is room; narrower windows scroll it sideways in its own box. */
    .diagram { flex: 1 1 var(--width, 30rem); min-width: 0; max-width: 100%; margin: 0; overflow-x: auto; }
    .diagram a.full { display: block; }
    .diagram svg { display: block; width: clamp(var(--width, 100%), 100%, calc(var(--width, 100%) * 4 / 3));
      height: auto; max-width: none; }
    .diagram img { display: block; max-width: 100%; height: auto; }
    .theme-dark { display: none; }
    @media (prefers-color-scheme: dark) {
      .theme-light { display: none; }
      .theme-dark { display: block; }
    }
    .notes { flex: 1 1 18rem; min-width: 0; max-width: 36rem; overflow-wrap: anywhere; }
    .label { margin: 0; color: var(--muted); font-size: 0.8rem; font-weight: 600; text-transform: uppercase;
      letter-spacing: 0.04em; }
    h2 { margin: 0.1rem 0 0.5rem; font-size: 1.3rem; }
    h3 { margin: 1.2rem 0 0.4rem; font-size: 0.95rem; }
    .caption { white-space: pre-line; }
    .note { margin: 0 0 0.4rem; color: var(--muted); }
    .callbacks { margin: 0; padding-left: 2rem; }
    .callbacks code { white-space: pre-wrap; }
    .vc { font-weight: 600; }
    .warnings { margin: 0; padding-left: 1.2rem; color: var(--warning); }
    .files { margin: 0; padding-left: 1.2rem; }
    .none { color: var(--muted); }
    @media (max-width: 48rem) {
      /* A phone: the step first, the step list after it. */
      header.book { padding: 0.5rem 0.75rem; }
      h1 { font-size: 1.1rem; }
      .paged .keys { display: none; }
      .layout { flex-direction: column; align-items: stretch; }
      main { order: 1; padding: 0.75rem 0.75rem 2rem; }
      nav.contents { order: 2; position: static; max-height: none; border-right: 0; border-top: 1px solid var(--line); }
      .pager { margin-bottom: 0.5rem; }
    }
    @media print {
      nav.contents, .pager, .keys { display: none !important; }
      .paged .step { display: block; }
      .step { break-inside: avoid-page; }
    }
    """

  /// The page's script: shows the step the address names (`#step-3`, else the first), turns with
  /// ←/→ and j/k by changing the address, so the step list, Previous/Next and the browser's
  /// back button all turn the page the same way.
  static let script = """
    (function () {
      "use strict";
      var steps = Array.prototype.slice.call(document.querySelectorAll("section.step"));
      var links = Array.prototype.slice.call(document.querySelectorAll("nav.contents a"));
      var current = 0;
      if (steps.length === 0) return;
      function named() {
        var id = location.hash.slice(1);
        for (var i = 0; i < steps.length; i++) if (steps[i].id === id) return i;
        return 0;
      }
      function show(index) {
        current = index;
        steps.forEach(function (step, i) { step.classList.toggle("current", i === index); });
        links.forEach(function (link) {
          if (link.getAttribute("href") === "#" + steps[index].id) link.setAttribute("aria-current", "step");
          else link.removeAttribute("aria-current");
        });
        var top = steps[index].getBoundingClientRect().top;
        if (top < 0) window.scrollBy(0, top);
      }
      function turn(by) {
        var next = current + by;
        if (next >= 0 && next < steps.length) location.hash = "#" + steps[next].id;
      }
      window.addEventListener("hashchange", function () { show(named()); });
      document.addEventListener("keydown", function (event) {
        if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
        var target = event.target;
        if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
        if (event.key === "ArrowRight" || event.key === "j") { turn(1); event.preventDefault(); }
        else if (event.key === "ArrowLeft" || event.key === "k") { turn(-1); event.preventDefault(); }
      });
      show(named());
    })();
    """
}

extension String {
  /// The string with zeros in front, to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
