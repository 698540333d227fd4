import Foundation

// MARK: - HTML

extension Flipbook {
  /// The start of a book's HTML page (a flipbook's, an atlas'), up to its heading: its head with the
  /// book's style, and the script that shows one page at a time.
  static func documentHead(heading: String) -> [String] {
    [
      "<!DOCTYPE html>",
      "<html lang=\"en\">",
      "<head>",
      "<meta charset=\"utf-8\"/>",
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>",
      "<meta name=\"generator\" content=\"vcgraph\"/>",
      "<title>\(heading)</title>",
      "<style>/*<![CDATA[*/",
      style,
      "/*]]>*/</style>",
      // Before the first paint: one page at a time from the start, not every page for a moment.
      "<script>document.documentElement.classList.add(\"paged\");</script>",
      "</head>",
      "<body>",
      "<header class=\"book\">",
      "<h1>\(heading)</h1>",
    ]
  }

  /// The start of a book's section (a step, an atlas' page): its heading between the links to the
  /// previous and the next one, the Fit button, and the opening of its spread.
  static func sectionHead(
    id: String, isCurrent: Bool, titleID: String, heading: String, previous: String, next: String
  ) -> [String] {
    [
      "<section class=\"step\(isCurrent ? " current" : "")\" id=\"\(id)\" aria-labelledby=\"\(titleID)\">",
      "<div class=\"head\">",
      previous,
      "<h2 id=\"\(titleID)\">\(heading)</h2>",
      next,
      "<button class=\"fit\" type=\"button\" aria-pressed=\"false\" title=\"Fit the drawing in its box (f)\">Fit</button>",
      "</div>",
      "<div class=\"spread\">",
    ]
  }

  /// The HTML page: every step's SVG inline with its action, caption, callbacks, warnings and files.
  ///
  /// The page is also well-formed XML (void elements closed, the script and style in CDATA sections
  /// that HTML reads as comments), so tools can check it with an XML parser.
  public var html: String {
    let heading = Self.html(title ?? scenario)
    var lines =
      Self.documentHead(heading: heading) + [
        "<p class=\"source\"><code>\(Self.html(scenario))</code> · \(Self.count(pages.count, "step"))"
          + animationLinks + "</p>",
        "<p class=\"keys\"><kbd>←</kbd> <kbd>→</kbd> or <kbd>k</kbd> <kbd>j</kbd> turn the page. "
          + "In a drawing (click it, or <kbd>Tab</kbd> to it) the arrow keys scroll it; <kbd>Esc</kbd> leaves it. "
          + "<kbd>f</kbd> fits every drawing in its box, or shows it full size again.</p>",
        "</header>",
        "<div class=\"layout\">",
        "<nav class=\"contents\" aria-label=\"Steps\">",
        "<ol>",
      ]
    for page in pages {
      lines.append(
        "<li><a href=\"#\(Self.anchor(page))\" title=\"\(Self.html(page.action))\"><span class=\"n\">\(page.number)</span> "
          + "<span class=\"action\">\(Self.html(page.action))</span></a></li>"
      )
    }
    lines += ["</ol>", "</nav>", "<main>"]
    let canvas = Self.canvas(of: pages)
    for (offset, page) in pages.enumerated() {
      lines += htmlSection(page, at: offset, canvas: canvas)
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

  /// ` · <a href="animated.svg">animation</a>` when the pages have one: the light theme's file, and
  /// the dark one's in dark mode when both are drawn.
  private var animationLinks: String {
    guard let animation else { return "" }
    let links = Theme.allCases.compactMap { theme -> String? in
      guard let file = animation[RenderIndex.key(for: .svg, theme: theme, among: Theme.allCases)] else { return nil }
      return "<a class=\"scheme-\(theme.rawValue)\" href=\"\(Self.html(Self.link(file)))\">the animation</a>"
    }
    guard !links.isEmpty else { return "" }
    // With one link, it shows in either colour scheme.
    return " · "
      + (links.count == 1 ? links[0].replacingOccurrences(of: " class=\"scheme-light\"", with: "") : links.joined())
  }

  /// The size every step's drawing is shown in, in points: the largest drawing's, so the page keeps
  /// its layout from one step to the next, each drawing at the same scale from its top left corner.
  static func canvas(of pages: [Page]) -> (width: Double, height: Double)? {
    let boxes = pages.compactMap { $0.svg.flatMap(viewBox) }
    guard !boxes.isEmpty else { return nil }
    return (boxes.map(\.width).max() ?? 0, boxes.map(\.height).max() ?? 0)
  }

  private func htmlSection(_ page: Page, at offset: Int, canvas: (width: Double, height: Double)?) -> [String] {
    let position = "Step \(page.number) of \(pages.count)"
    let titleID = Self.anchor(page) + "-title"
    func turn(_ other: Int, _ symbol: String, _ label: String, _ relation: String) -> String {
      guard pages.indices.contains(other) else {
        return "<span class=\"turn off\" aria-hidden=\"true\">\(symbol)</span>"
      }
      return "<a class=\"turn\" href=\"#\(Self.anchor(pages[other]))\" rel=\"\(relation)\" "
        + "title=\"\(label)\" aria-label=\"\(label)\">\(symbol)</a>"
    }
    // The step's title once: its position and action, between Previous and Next. The first step is
    // the one shown before the script reads the address.
    var lines = Self.sectionHead(
      id: Self.anchor(page), isCurrent: offset == 0, titleID: titleID,
      heading: "<span class=\"position\">\(position)</span> \(Self.html(page.action))",
      previous: turn(offset - 1, "←", "Previous step", "prev"), next: turn(offset + 1, "→", "Next step", "next"))
    lines += htmlFigure(page, canvas: canvas)
    lines.append("<div class=\"notes\">")
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

  /// The step's drawing in a box of its own that scrolls when the drawing is larger than the room
  /// (the script opens it on what the step changed), focusable so the arrow keys scroll it.
  private func htmlFigure(_ page: Page, canvas: (width: Double, height: Double)?) -> [String] {
    Self.figure(
      svg: page.svg, darkSVG: page.darkSVG, png: page.files[RenderIndex.key(for: .png)],
      label: "Drawing of step \(page.number): \(page.action)", alt: "step \(page.number): \(page.action)",
      idPrefix: "s\(page.number)", canvas: canvas) ?? ["<p class=\"none\">No drawing of this step.</p>"]
  }

  /// A drawing in a box of its own that scrolls when it is larger than the room, focusable so the
  /// arrow keys scroll it: the SVG inline (its ids prefixed with `idPrefix`, and `d` for the dark
  /// one, shown in dark mode), drawn on `canvas` from its top left corner; else the PNG; nil when
  /// there is neither. The figure of a flipbook's step and of an atlas's page.
  static func figure(
    svg: String?, darkSVG: String?, png: String?, label: String, alt: String, idPrefix: String,
    canvas: (width: Double, height: Double)?
  ) -> [String]? {
    guard let svg, let canvas, canvas.width > 0, canvas.height > 0 else {
      guard let png else { return nil }
      return [
        "<figure class=\"diagram\">",
        "<img src=\"\(Self.html(Self.link(png)))\" alt=\"\(Self.html(alt))\"/>",
        "</figure>",
      ]
    }
    // At least the canvas's size in points as CSS pixels (8 pt text at 8 px): the style reads it
    // from the figure, and the drawing's width as a share of it.
    // Whole pixels, rounded up, so the drawing is never drawn a hair under 1 px a point.
    let size =
      "--width: \(Int(canvas.width.rounded(.up)))px; --ratio: \(Self.decimal(canvas.width)) / \(Self.decimal(canvas.height))"
    var lines = [
      "<figure class=\"diagram\" tabindex=\"0\" style=\"\(size)\" aria-label=\"\(Self.html(label))\">",
      "<div class=\"canvas\">",
    ]
    let drawings = [(Theme.light, svg)] + (darkSVG.map { [(Theme.dark, $0)] } ?? [])
    for (theme, svg) in drawings {
      var inline = Self.inlineSVG(svg, idPrefix: idPrefix + (theme == .light ? "" : "d") + "-")
      if let width = Self.viewBox(svg)?.width, width < canvas.width, let tag = inline.range(of: "<svg") {
        let share = Self.decimal(100 * width / canvas.width)
        inline.replaceSubrange(tag, with: "<svg style=\"width: \(share)%\"")
      }
      // Each theme's drawing in a wrapper the page shows in that colour scheme (only with both).
      lines.append(drawings.count == 1 ? inline : "<div class=\"scheme-\(theme.rawValue)\">\(inline)</div>")
    }
    lines += ["</div>", "</figure>"]
    return lines
  }

  /// A number for the style: at most two decimals, no trailing zeros.
  static func decimal(_ value: Double) -> String {
    var text = String(format: "%.2f", value)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// The width and height of an SVG's `viewBox`, in its units (points, for Graphviz).
  static func viewBox(_ svg: String) -> (width: Double, height: Double)? {
    guard let start = svg.range(of: "viewBox=\"") else { return nil }
    let numbers = svg[start.upperBound...].prefix { $0 != "\"" }.split(separator: " ").compactMap { Double($0) }
    return numbers.count == 4 ? (numbers[2], numbers[3]) : nil
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

  static func count(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

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

// MARK: - Style and script

extension Flipbook {
  /// The page's style. On a wide screen: the step list, then the step's drawing in a box no taller
  /// than the window (so its scrollbars are on screen) with the step's notes beside it. On a phone:
  /// the step first, its notes under the drawing, the step list last. With the script (`.paged`),
  /// only the current step shows. Only fonts on the reader's machine.
  ///
  /// The rules reach only the page's own elements: an inline drawing's groups carry classes of their
  /// own (`theme-light`, `vc`, `node`…), so no selector here names one of those classes alone.
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
    .book a, .notes a { color: var(--tint); }
    code, kbd { font: 0.85em/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; }
    kbd { padding: 0 0.3em; border: 1px solid var(--line); border-radius: 4px; background: var(--wash); }
    header.book { padding: 0.75rem 1.25rem; border-bottom: 1px solid var(--line); }
    h1 { margin: 0 0 0.2rem; font-size: 1.4rem; overflow-wrap: anywhere; }
    .source { margin: 0; color: var(--muted); font-size: 0.9rem; overflow-wrap: anywhere; }
    .keys { display: none; margin: 0.15rem 0 0; color: var(--muted); font-size: 0.8rem; }
    .paged .keys { display: block; }
    .layout { display: flex; align-items: flex-start; }
    nav.contents { flex: 0 0 14rem; position: sticky; top: 0; max-height: 100vh; overflow: auto;
      padding: 0.75rem 0.5rem; border-right: 1px solid var(--line); font-size: 0.9rem; }
    nav.contents ol { list-style: none; margin: 0; padding: 0; }
    nav.contents a { display: flex; padding: 0.25rem 0.5rem; border-radius: 6px; color: inherit; text-decoration: none;
      overflow-wrap: anywhere; }
    nav.contents a:hover { background: var(--wash); }
    nav.contents a[aria-current] { background: var(--tint); color: var(--page); }
    nav.contents .n { flex: 0 0 1.8em; color: var(--muted); font-variant-numeric: tabular-nums; }
    nav.contents a[aria-current] .n { color: inherit; }
    /* A long action (setViewControllers of twenty controllers) on two lines at most; all of it on hover. */
    nav.contents .action { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2;
      overflow: hidden; }
    main { flex: 1; min-width: 0; padding: 0.75rem 1.25rem 3rem; }
    main > .step { padding-top: 1rem; margin-bottom: 2.5rem; border-top: 1px solid var(--line); }
    main > .step:target { border-top: 3px solid var(--tint); }
    .paged main > .step { display: none; }
    .paged main > .step.current { display: block; padding-top: 0; border-top: 0; margin-bottom: 1rem; }
    .step > .head { display: flex; align-items: center; gap: 0.75rem; margin-bottom: 0.75rem; }
    .step > .head h2 { flex: 0 1 auto; margin: 0; font-size: 1.2rem; overflow-wrap: anywhere; }
    .step > .head .position { margin-right: 0.5em; color: var(--muted); font-weight: 500; white-space: nowrap; }
    .step > .head .turn { flex: none; padding: 0.15rem 0.7rem; border: 1px solid var(--line); border-radius: 8px;
      color: var(--tint); text-decoration: none; }
    .step > .head a.turn:hover { background: var(--wash); }
    .step > .head .turn.off { color: var(--line); }
    .step > .head .fit { display: none; margin-left: auto; padding: 0.15rem 0.7rem; border: 1px solid var(--line);
      border-radius: 8px; color: var(--tint); background: none; font: inherit; cursor: pointer; }
    .paged .step > .head .fit { display: block; }
    .step > .head .fit[aria-pressed="true"] { background: var(--tint); color: var(--page); }
    figure.diagram { margin: 0 0 1rem; overflow: auto; }
    figure.diagram:focus { outline: 2px solid var(--tint); outline-offset: 1px; }
    /* The canvas: at least the largest step's size in points as CSS pixels (--width), up to a third
       more where there is room, the same for every step; each drawing from its top left corner. */
    figure.diagram > .canvas { width: clamp(var(--width, 100%), 100%, calc(var(--width, 100%) * 4 / 3));
      aspect-ratio: var(--ratio, auto); }
    figure.diagram > .canvas svg { display: block; width: 100%; height: auto; max-width: none; }
    figure.diagram > img { display: block; max-width: 100%; height: auto; }
    /* With both themes, the drawing of the reader's colour scheme. */
    figure.diagram > .canvas > .scheme-dark, .source > a.scheme-dark { display: none; }
    @media (prefers-color-scheme: dark) {
      figure.diagram > .canvas > .scheme-light, .source > a.scheme-light { display: none; }
      figure.diagram > .canvas > .scheme-dark { display: block; }
      .source > a.scheme-dark { display: inline; }
    }
    .step .notes { min-width: 0; max-width: 40rem; overflow-wrap: anywhere; }
    .notes h3 { margin: 1rem 0 0.4rem; font-size: 0.95rem; }
    .notes h3:first-child, .notes .side:first-child h3 { margin-top: 0; }
    .notes .caption { margin: 0 0 0.75rem; white-space: pre-line; }
    .notes .note { margin: 0 0 0.4rem; color: var(--muted); }
    .notes .callbacks { margin: 0; padding-left: 2rem; }
    .notes .callbacks code { font-size: 0.8rem; white-space: pre-wrap; }
    .notes .callbacks .vc { font-weight: 600; }
    .notes .warnings { margin: 0; padding-left: 1.2rem; color: var(--warning); }
    .notes .files { margin: 0; padding-left: 1.2rem; }
    .step .none { color: var(--muted); }
    /* Fitted (f): the whole drawing in its box, smaller than its size in points if need be. */
    .fitted figure.diagram > .canvas { width: 100%; }
    @media (min-width: 48rem) {
      /* The drawing's box no taller than the window under the page's header, so its scrollbars are on screen. */
      figure.diagram { max-height: calc(100vh - 10rem); }
      .fitted figure.diagram > .canvas { width: min(100%, calc((100vh - 10rem) * var(--ratio))); }
    }
    @media (min-width: 64rem) {
      /* A wide screen: the notes beside the drawing. */
      .step > .spread { display: grid; grid-template-columns: minmax(0, 1fr) 18rem; gap: 1.25rem; align-items: start; }
      figure.diagram { margin: 0; }
      .step .notes { position: sticky; top: 0.75rem; max-height: calc(100vh - 1.5rem); overflow: auto; }
    }
    @media (min-width: 100rem) {
      nav.contents { flex-basis: 16rem; }
      .step > .spread { grid-template-columns: minmax(0, 1fr) 22rem; }
    }
    @media (max-width: 48rem) {
      /* A phone: the step first, the step list after it. */
      header.book { padding: 0.5rem 0.75rem; }
      h1 { font-size: 1.1rem; }
      .paged .keys { display: none; }
      .layout { flex-direction: column; align-items: stretch; }
      main { order: 1; padding: 0.75rem 0.75rem 2rem; }
      nav.contents { order: 2; position: static; max-height: none; border-right: 0; border-top: 1px solid var(--line); }
      .step > .head { margin-bottom: 0.5rem; }
      .step > .head h2 { font-size: 1.05rem; }
    }
    @media print {
      nav.contents, .step > .head .turn, .step > .head .fit, .keys { display: none !important; }
      .paged main > .step { display: block; }
      main > .step { break-inside: avoid-page; }
      figure.diagram { max-height: none; overflow: visible; }
    }
    """

  /// The page's script: shows the step the address names (`#step-3`, else the first), and turns
  /// with ←/→ and j/k, writing the step into the address, so the step list, Previous/Next and the
  /// browser's back button all turn the page the same way. A drawing larger than its box opens on what the
  /// step changed. In a drawing (focused by a click or Tab), ←/→ are the browser's again and scroll
  /// it; j/k still turn the page, and Esc leaves the drawing.
  static let script = """
    (function () {
      "use strict";
      var steps = Array.prototype.slice.call(document.querySelectorAll("main > section.step"));
      var links = Array.prototype.slice.call(document.querySelectorAll("nav.contents a"));
      var current = 0;
      if (steps.length === 0) return;
      function named() {
        var id = location.hash.slice(1);
        for (var i = 0; i < steps.length; i++) if (steps[i].id === id) return i;
        return 0;
      }
      function drawingOf(element) {
        return element && element.closest ? element.closest("figure.diagram") : null;
      }
      // Scrolls a drawing's box onto what the step changed: the controllers its diagram marks
      // added, changed or removed (else every controller). When they do not all fit, the most of
      // them that fit side by side, then one above the other.
      function centre(figure) {
        if (figure.scrollWidth <= figure.clientWidth && figure.scrollHeight <= figure.clientHeight) return;
        var svg = Array.prototype.slice.call(figure.querySelectorAll("svg")).filter(function (s) {
          return s.getClientRects().length > 0; })[0];
        if (!svg) return;
        var marked = svg.querySelectorAll("g.node.added, g.node.changed, g.node.removed");
        if (marked.length === 0) marked = svg.querySelectorAll("g.added, g.changed, g.removed");
        if (marked.length === 0) marked = svg.querySelectorAll("g.node");
        var frame = figure.getBoundingClientRect();
        var x0 = frame.left + figure.clientLeft - figure.scrollLeft, y0 = frame.top + figure.clientTop - figure.scrollTop;
        var boxes = Array.prototype.slice.call(marked).map(function (element) {
          var r = element.getBoundingClientRect();
          return { left: r.left - x0, right: r.right - x0, top: r.top - y0, bottom: r.bottom - y0 };
        }).filter(function (b) { return b.right > b.left || b.bottom > b.top; });
        // The boxes inside the window of `size` along one axis that holds the most of them.
        function most(boxes, low, high, size) {
          var best = boxes;
          var count = 0;
          boxes.forEach(function (first) {
            var inside = boxes.filter(function (b) { return b[low] >= first[low] && b[high] <= first[low] + size; });
            if (inside.length > count) { best = inside; count = inside.length; }
          });
          return best;
        }
        function middle(boxes, low, high) {
          return (Math.min.apply(null, boxes.map(function (b) { return b[low]; }))
            + Math.max.apply(null, boxes.map(function (b) { return b[high]; }))) / 2;
        }
        if (boxes.length === 0) return;
        var across = most(boxes, "left", "right", figure.clientWidth);
        var shown = most(across, "top", "bottom", figure.clientHeight);
        figure.scrollLeft = middle(shown, "left", "right") - figure.clientWidth / 2;
        figure.scrollTop = middle(shown, "top", "bottom") - figure.clientHeight / 2;
      }
      // Shows step `index`; with `keys`, its drawing takes the keys (the page was turned from one).
      function show(index, keys) {
        current = index;
        steps.forEach(function (step, i) { step.classList.toggle("current", i === index); });
        links.forEach(function (link) {
          if (link.getAttribute("href") === "#" + steps[index].id) link.setAttribute("aria-current", "step");
          else link.removeAttribute("aria-current");
        });
        var top = steps[index].getBoundingClientRect().top;
        if (top < 0) window.scrollBy(0, top);
        var figure = steps[index].querySelector("figure.diagram");
        if (!figure) return;
        centre(figure);
        if (keys && figure.tabIndex >= 0) figure.focus({ preventScroll: true });
      }
      // Every drawing fitted in its box, or full size again.
      var fits = Array.prototype.slice.call(document.querySelectorAll("button.fit"));
      function fit() {
        var fitted = document.documentElement.classList.toggle("fitted");
        fits.forEach(function (button) { button.setAttribute("aria-pressed", fitted ? "true" : "false"); });
        var figure = steps[current].querySelector("figure.diagram");
        if (figure && !fitted) centre(figure);
      }
      fits.forEach(function (button) { button.addEventListener("click", fit); });
      function turn(by) {
        var next = current + by;
        if (next < 0 || next >= steps.length) return;
        // Shown at once, then the address; a new entry in the history, so Back turns back.
        show(next, drawingOf(document.activeElement) !== null);
        history.pushState(null, "", "#" + steps[next].id);
      }
      window.addEventListener("hashchange", function () { show(named(), false); });
      document.addEventListener("keydown", function (event) {
        if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
        var target = event.target;
        if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
        var drawing = drawingOf(target);
        if (event.key === "j" || (event.key === "ArrowRight" && !drawing)) turn(1);
        else if (event.key === "k" || (event.key === "ArrowLeft" && !drawing)) turn(-1);
        else if (event.key === "Escape" && drawing) drawing.blur();
        else if (event.key === "f") fit();
        else return;
        event.preventDefault();
      });
      show(named(), false);
    })();
    """
}

extension String {
  /// The string with zeros in front, to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
