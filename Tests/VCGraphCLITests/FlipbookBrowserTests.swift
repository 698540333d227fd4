import Foundation
import Testing

/// `index.html` as a reader sees it in Chromium, on a desktop (1280 × 900) and a phone (390 × 844),
/// in light and dark: sizes of text as rendered, overflow, what comes first, which drawing shows.
@Suite struct FlipbookBrowserTests {
  /// What the page measures of itself, as JSON: the current step's drawing shown, its scale
  /// (CSS pixels per point) and smallest text in CSS pixels, its box, and what overflows.
  static let measure = """
    JSON.stringify((function () {
      var step = document.querySelector("section.step.current");
      var figure = step.querySelector("figure.diagram");
      var svgs = Array.prototype.slice.call(figure.querySelectorAll("svg"));
      var svg = svgs.filter(function (s) { return s.getClientRects().length > 0; })[0];
      var scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      var sizes = Array.prototype.slice.call(svg.querySelectorAll("text")).map(function (t) {
        return parseFloat(t.getAttribute("font-size")) * scale; });
      var wide = Array.prototype.slice.call(step.querySelectorAll(".notes, .notes *")).filter(function (e) {
        return e.getBoundingClientRect().right > window.innerWidth + 0.5; }).map(function (e) { return e.tagName; });
      var link = svg.parentNode.tagName === "A" ? svg.parentNode.getAttribute("href") : null;
      return {
        shownSVGs: svgs.length, theme: svg.querySelector("g.graph").getAttribute("class"),
        scale: scale, smallestText: Math.min.apply(null, sizes), link: link,
        figureTop: figure.getBoundingClientRect().top + window.scrollY,
        figureScrolls: figure.scrollWidth > figure.clientWidth,
        notesTop: step.querySelector(".notes").getBoundingClientRect().top + window.scrollY,
        stepListTop: document.querySelector("nav.contents").getBoundingClientRect().top + window.scrollY,
        pageWidth: document.documentElement.scrollWidth, viewport: window.innerWidth, wideNotes: wide,
        background: getComputedStyle(document.body).backgroundColor,
        resources: performance.getEntriesByType("resource").map(function (r) { return r.name; })
          .filter(function (n) { return n.indexOf("file:") !== 0; }),
        source: document.querySelector(".source code").textContent
      };
    })())
    """

  /// Renders the tab-bar sample with its callbacks in both themes, the scenario named by its
  /// absolute path, with a very long callback line added to step 7's notes the way a long
  /// controller name would make one; returns the page.
  static func render(in folder: TemporaryFolder) throws -> URL {
    try folder.copySamples()
    let scenario = folder("samples/tab-bar.yaml").path
    let result = try folder.vcgraph(
      "render", scenario, "--html", "--events", "--theme", "both", "--format", "svg,png", "-o", "out")
    try #require(result.status == 0, "\(result)")
    return folder("out/tab-bar/index.html")
  }

  static func measurements(_ page: URL, width: Int, height: Int, mobile: Bool, scheme: String) throws -> [String: Any] {
    let results = try Browser.run(
      page.appendingFragment("step-7"), width: width, height: height, mobile: mobile,
      media: ["prefers-color-scheme": scheme], steps: [.wait(milliseconds: 200), .evaluate(measure)])
    let json = try #require(results.last as? String)
    return try #require(try parseJSON(json) as? [String: Any])
  }

  @Test(.enabled(if: Browser.isAvailable || Browser.isRequired, Browser.skipReason))
  func onADesktopTheDiagramIsAtLeastItsSizeAndFollowsTheColourScheme() throws {
    try withTemporaryFolder { folder in
      let page = try Self.render(in: folder)
      let html = String(decoding: try folder.bytes("out/tab-bar/index.html"), as: UTF8.self)
      #expect(!html.contains(folder.url.path), "the absolute path of the scenario is not published")
      for scheme in ["light", "dark"] {
        let page = try Self.measurements(page, width: 1280, height: 900, mobile: false, scheme: scheme)
        let scale = try #require(page["scale"] as? Double)
        #expect(scale >= 1, "\(scheme): \(scale) px a point")
        #expect((page["smallestText"] as? Double ?? 0) >= 8, "\(page)")
        #expect(page["pageWidth"] as? Int == 1280, "no sideways scrolling: \(page)")
        #expect(page["figureScrolls"] as? Bool == false, "\(page)")
        #expect(page["shownSVGs"] as? Int == 2, "both themes' drawings are on the page")
        #expect((page["theme"] as? String)?.contains("theme-\(scheme)") == true, "\(page)")
        #expect(
          page["background"] as? String == (scheme == "dark" ? "rgb(0, 0, 0)" : "rgb(255, 255, 255)"), "\(page)")
        let suffix = scheme == "dark" ? "~dark" : ""
        #expect(page["link"] as? String == "07-push-settings-on-profilenav\(suffix).svg", "a click opens the file")
        #expect(page["resources"] as? [String] == [], "\(page)")
        #expect(page["source"] as? String == "samples/tab-bar.yaml", "relative to the output folder's parent")
        #expect((page["wideNotes"] as? [String])?.isEmpty == true, "\(page)")
      }
    }
  }

  @Test(.enabled(if: Browser.isAvailable || Browser.isRequired, Browser.skipReason))
  func onAPhoneTheStepComesFirstAndNothingOverflows() throws {
    try withTemporaryFolder { folder in
      let page = try Self.render(in: folder)
      // The step's callback lines wrap: a controller with a very long id makes one.
      let long = folder("out/tab-bar/index.html")
      var html = String(decoding: try folder.bytes("out/tab-bar/index.html"), as: UTF8.self)
      html = html.replacingOccurrences(
        of: "<span class=\"vc\">settings</span>",
        with: "<span class=\"vc\">settingsWithAVeryLongIdentifierThatNeverBreaks</span>")
      try Data(html.utf8).write(to: long)
      for scheme in ["light", "dark"] {
        let page = try Self.measurements(page, width: 390, height: 844, mobile: true, scheme: scheme)
        #expect(page["pageWidth"] as? Int == 390, "the page does not scroll sideways: \(page)")
        #expect((page["wideNotes"] as? [String])?.isEmpty == true, "notes cut at the right edge: \(page)")
        // Readable: at least 1 px a point, scrolled sideways in its own box.
        #expect((page["scale"] as? Double ?? 0) >= 1, "\(page)")
        #expect((page["smallestText"] as? Double ?? 0) >= 8, "\(page)")
        #expect(page["figureScrolls"] as? Bool == true, "\(page)")
        // The step first: its diagram near the top, its notes before the step list.
        let figureTop = try #require(page["figureTop"] as? Double)
        #expect(figureTop < 200, "\(page)")
        #expect(
          (page["notesTop"] as? Double ?? .infinity) < (page["stepListTop"] as? Double ?? 0), "\(page)")
        #expect((page["theme"] as? String)?.contains("theme-\(scheme)") == true, "\(page)")
      }
    }
  }
}

extension URL {
  /// This file URL with `#fragment`.
  fileprivate func appendingFragment(_ fragment: String) -> URL {
    URL(string: absoluteString + "#" + fragment)!
  }
}
