import Foundation

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
