import Foundation
import Testing

/// `index.html` as a reader sees it in Chromium, on a desktop (1280 × 900) and a phone (390 × 844),
/// in light and dark: which drawing shows and whether its controllers can be seen, sizes of text
/// as rendered, what sits beside what, overflow, the keyboard, and the page without JavaScript.
///
/// Every test reads one ``session``: the pages are rendered once and one Chromium visits them all,
/// so the suite starts the browser once.
@Suite struct FlipbookBrowserTests {
  static let enabled = Browser.isAvailable || Browser.isRequired

  /// What the page measures of its current step, as JSON: the drawings on it and the ones shown,
  /// how many of the shown drawing's controllers can be seen, its scale (CSS pixels per point) and
  /// smallest text in CSS pixels, where the drawing's box and the notes are, whether what the step
  /// changed is in the box's view, and what overflows.
  static let measure = """
    JSON.stringify((function () {
      var step = document.querySelector("main > section.step.current");
      var figure = step.querySelector("figure.diagram");
      var svgs = Array.prototype.slice.call(figure.querySelectorAll("svg"));
      var shown = svgs.filter(function (s) { return s.getClientRects().length > 0; });
      var svg = shown[0];
      var nodes = Array.prototype.slice.call(svg.querySelectorAll("g.node"));
      var seen = nodes.filter(function (n) {
        var r = n.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && n.checkVisibility({ opacityProperty: true, visibilityProperty: true });
      });
      var scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      var sizes = Array.prototype.slice.call(svg.querySelectorAll("text")).map(function (t) {
        return parseFloat(t.getAttribute("font-size")) * scale; });
      var box = figure.getBoundingClientRect();
      var view = { left: box.left + figure.clientLeft, top: box.top + figure.clientTop };
      view.right = view.left + figure.clientWidth;
      view.bottom = view.top + figure.clientHeight;
      var changed = Array.prototype.slice.call(svg.querySelectorAll("g.node.added, g.node.changed"));
      var changedInView = changed.filter(function (n) {
        var r = n.getBoundingClientRect();
        return r.left >= view.left - 1 && r.right <= view.right + 1 && r.top >= view.top - 1 && r.bottom <= view.bottom + 1;
      }).length;
      var notes = step.querySelector(".notes").getBoundingClientRect();
      var wide = Array.prototype.slice.call(step.querySelectorAll(".notes, .notes *")).filter(function (e) {
        return e.getBoundingClientRect().right > window.innerWidth + 0.5; }).map(function (e) { return e.tagName; });
      return {
        drawings: svgs.length, shownSVGs: shown.length, nodes: nodes.length, seenNodes: seen.length,
        theme: svg.querySelector("g.graph").getAttribute("class"),
        scale: scale, smallestText: Math.min.apply(null, sizes),
        figureTop: box.top + window.scrollY, figureBottom: box.bottom, figureRight: box.right,
        figureScrolls: figure.scrollWidth > figure.clientWidth,
        changed: changed.length, changedInView: changedInView,
        notesTop: notes.top + window.scrollY, notesLeft: notes.left,
        stepListTop: document.querySelector("nav.contents").getBoundingClientRect().top + window.scrollY,
        pageWidth: document.documentElement.scrollWidth, viewport: window.innerWidth,
        viewportHeight: window.innerHeight, wideNotes: wide,
        background: getComputedStyle(document.body).backgroundColor,
        resources: performance.getEntriesByType("resource").map(function (r) { return r.name; })
          .filter(function (n) { return n.indexOf("file:") !== 0; }),
        source: document.querySelector(".source code").textContent,
        title: step.querySelector("h2").textContent
      };
    })())
    """

  /// What a `--size-classes` page's current step shows of its sides.
  static let sides = """
    JSON.stringify((function () {
      var step = document.querySelector("main > section.step.current");
      var svg = Array.prototype.slice.call(step.querySelectorAll("figure.diagram svg")).filter(function (s) {
        return s.getClientRects().length > 0; })[0];
      var texts = Array.prototype.slice.call(svg.querySelectorAll("text")).map(function (t) { return t.textContent; });
      return {
        headings: Array.prototype.slice.call(step.querySelectorAll(".notes h3")).map(function (h) {
          return h.textContent; }),
        lists: step.querySelectorAll(".notes .side ol.callbacks").length,
        drawn: texts.filter(function (t) { return t === "iPhone · compact" || t === "iPad · regular"; })
      };
    })())
    """

  /// Whether the current step's drawing fits its box, with the headings of both sides in view.
  static let fitted = """
    JSON.stringify((function () {
      var figure = document.querySelector("main > section.step.current figure.diagram");
      var svg = Array.prototype.slice.call(figure.querySelectorAll("svg")).filter(function (s) {
        return s.getClientRects().length > 0; })[0];
      var box = figure.getBoundingClientRect();
      var headings = Array.prototype.slice.call(svg.querySelectorAll("text")).filter(function (t) {
        var r = t.getBoundingClientRect();
        return (t.textContent === "iPhone · compact" || t.textContent === "iPad · regular")
          && r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom;
      }).map(function (t) { return t.textContent; });
      return { scrolls: figure.scrollWidth > figure.clientWidth || figure.scrollHeight > figure.clientHeight,
        headingsInView: headings,
        pressed: document.querySelector("main > section.step.current button.fit").getAttribute("aria-pressed") };
    })())
    """

  /// Where the keys are: the address's step, whether the focus is in a drawing, and how far step
  /// 7's drawing is scrolled.
  static let keys = """
    JSON.stringify((function () {
      var active = document.activeElement;
      var figure = document.querySelector("#step-7 figure.diagram");
      return { step: location.hash, inDrawing: !!(active && active.closest && active.closest("figure.diagram")),
        left: figure.scrollLeft, top: figure.scrollTop };
    })())
    """

  /// Every rule of the page's style that matches an element inside a drawing (its root `<svg>` is
  /// the page's to size), other than `*`.
  static let rulesInDrawings = """
    JSON.stringify((function () {
      var found = [];
      function walk(rules) {
        Array.prototype.forEach.call(rules, function (rule) {
          if (rule.cssRules && !rule.selectorText) { walk(rule.cssRules); return; }
          if (!rule.selectorText || rule.selectorText === "*") return;
          var inside = Array.prototype.filter.call(document.querySelectorAll(rule.selectorText), function (e) {
            return e.parentNode && e.parentNode.closest && e.parentNode.closest("svg"); });
          if (inside.length > 0) found.push(rule.selectorText);
        });
      }
      Array.prototype.forEach.call(document.styleSheets, function (sheet) { walk(sheet.cssRules); });
      return found;
    })())
    """

  /// What every step of a page shows without its script.
  static let everyStep = """
    JSON.stringify(Array.prototype.map.call(document.querySelectorAll("main > section.step"), function (step) {
      return { shown: step.getClientRects().length > 0,
        drawings: Array.prototype.filter.call(step.querySelectorAll("figure.diagram svg"), function (s) {
          return s.getClientRects().length > 0; }).length };
    }))
    """

  /// What the browser measured, by the name of each visit: each evaluated expression's JSON.
  struct Session: Sendable {
    var results: [String: [String]] = [:]
    /// The pages' text, by theme (`light`, `dark`, `both`), and the absolute path they must not show.
    var html: [String: String] = [:]
    var privatePath = ""

    /// The results of visit `name`: one JSON object per measure, in the order evaluated.
    func objects(_ name: String) throws -> [[String: Any]] {
      let values = try #require(results[name], "no visit \(name)")
      return try values.map { try #require(try parseJSON($0) as? [String: Any], "\($0)") }
    }

    /// The measure of visit `name` (its first expression).
    func page(_ name: String) throws -> [String: Any] {
      try #require(try objects(name).first, "visit \(name) measured nothing")
    }
  }

  /// The tab-bar sample with its callbacks in each theme (the scenario named by its absolute path),
  /// the adaptive sample's two sides in the default theme, and one Chromium visiting them.
  static let session: Result<Session, any Error> = Result {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      var session = Session(privatePath: folder.url.path)
      let scenario = folder("samples/tab-bar.yaml").path
      for theme in ["light", "dark", "both"] {
        let result = try folder.vcgraph(
          "render", scenario, "--html", "--events", "--theme", theme, "--format", "svg,png", "-o", "out-\(theme)")
        try #require(result.status == 0, "\(result)")
        session.html[theme] = String(decoding: try folder.bytes("out-\(theme)/tab-bar/index.html"), as: UTF8.self)
      }
      let adaptive = try folder.vcgraph(
        "render", "samples/adaptive.yaml", "--size-classes", "compact,regular", "--html", "--events", "-o", "out-sides")
      try #require(adaptive.status == 0, "\(adaptive)")
      // On a phone, the step's callback lines wrap: a controller with a very long id makes one.
      let long = (session.html["both"] ?? "").replacingOccurrences(
        of: "<span class=\"vc\">settings</span>",
        with: "<span class=\"vc\">settingsWithAVeryLongIdentifierThatNeverBreaks</span>")
      try folder.write(long, to: "out-both/tab-bar/long.html")

      func page(_ path: String, _ step: Int) -> String { folder(path).absoluteString + "#step-\(step)" }
      var visits: [(name: String, visit: Browser.Visit)] = []
      for theme in ["light", "dark", "both"] {
        for scheme in ["light", "dark"] {
          visits.append(
            (
              "\(theme) in \(scheme)",
              .init(page("out-\(theme)/tab-bar/index.html", 7), scheme: scheme, steps: [.evaluate(measure)])
            ))
        }
      }
      for scheme in ["light", "dark"] {
        visits.append(
          (
            "sides in \(scheme)",
            .init(
              page("out-sides/adaptive/index.html", 5), scheme: scheme,
              steps: [.evaluate(measure), .evaluate(sides), .evaluate(fitted), .key("f"), .evaluate(fitted)])
          ))
        visits.append(
          (
            "phone in \(scheme)",
            .init(
              page("out-both/tab-bar/long.html", 7), width: 390, height: 844, mobile: true, scheme: scheme,
              steps: [.evaluate(measure)])
          ))
      }
      let both = page("out-both/tab-bar/index.html", 7)
      visits.append(
        (
          "keys",
          .init(
            both, scheme: "light",
            steps: [
              .evaluate(keys), .evaluate("document.querySelector('#step-7 figure.diagram').focus(), " + keys),
              .key("ArrowLeft"), .evaluate(keys), .key("ArrowUp"), .evaluate(keys), .key("j"), .evaluate(keys),
              .key("k"), .key("Escape"), .evaluate(keys), .key("ArrowLeft"), .evaluate(keys), .key("ArrowRight"),
              .evaluate(keys),
            ])
        ))
      visits.append(("rules", .init(both, scheme: "dark", steps: [.evaluate(rulesInDrawings)])))
      visits.append(
        ("no script", .init(both, scheme: "dark", javascript: false, steps: [.evaluate(everyStep)])))
      let results = try Browser.run(visits.map(\.visit), flags: ["--disable-smooth-scrolling"])
      for (visit, result) in zip(visits, results) { session.results[visit.name] = result.compactMap { $0 as? String } }
      return session
    }
  }

  @Test(.enabled(if: enabled, Browser.skipReason), arguments: ["light", "dark", "both"])
  func eachThemesDrawingShowsItsControllersInEitherColourScheme(theme: String) throws {
    let session = try Self.session.get()
    for scheme in ["light", "dark"] {
      let page = try session.page("\(theme) in \(scheme)")
      #expect(page["drawings"] as? Int == (theme == "both" ? 2 : 1), "\(scheme): \(page)")
      #expect(page["shownSVGs"] as? Int == 1, "one drawing shown in \(scheme): \(page)")
      let nodes = try #require(page["nodes"] as? Int)
      #expect(nodes >= 7 && page["seenNodes"] as? Int == nodes, "every controller seen in \(scheme): \(page)")
      // The drawing of the reader's scheme when there are both; else the one drawn.
      let drawn = theme == "both" ? scheme : theme
      #expect((page["theme"] as? String)?.contains("theme-\(drawn)") == true, "\(scheme): \(page)")
      #expect(
        page["background"] as? String == (scheme == "dark" ? "rgb(0, 0, 0)" : "rgb(255, 255, 255)"), "\(page)")
    }
  }

  @Test(.enabled(if: enabled, Browser.skipReason))
  func theSizeClassesPageShowsBothSidesAndTheirCallbacksInEitherColourScheme() throws {
    let session = try Self.session.get()
    for scheme in ["light", "dark"] {
      let objects = try session.objects("sides in \(scheme)")
      try #require(objects.count == 4, "\(objects)")
      let (page, shown, full, fitted) = (objects[0], objects[1], objects[2], objects[3])
      let nodes = try #require(page["nodes"] as? Int)
      #expect(nodes >= 10 && page["seenNodes"] as? Int == nodes, "\(scheme): \(page)")
      #expect((page["scale"] as? Double ?? 0) >= 1, "\(page)")
      #expect((page["smallestText"] as? Double ?? 0) >= 8, "\(page)")
      #expect(page["pageWidth"] as? Int == 1280, "no sideways scrolling of the page: \(page)")
      #expect((page["wideNotes"] as? [String])?.isEmpty == true, "\(page)")
      #expect(shown["drawn"] as? [String] == ["iPhone · compact", "iPad · regular"], "\(shown)")
      #expect(
        (shown["headings"] as? [String])?.starts(with: ["Callbacks · iPhone · compact", "Callbacks · iPad · regular"])
          == true, "\(shown)")
      #expect(shown["lists"] as? Int == 2, "\(shown)")
      // The two sides do not fit the box: it opens on what the step changed, not on the left edge;
      // f fits the whole picture in the box, both sides in view.
      #expect((page["changedInView"] as? Int ?? 0) >= 1, "\(page)")
      #expect(full["scrolls"] as? Bool == true && full["pressed"] as? String == "false", "\(full)")
      #expect(fitted["scrolls"] as? Bool == false && fitted["pressed"] as? String == "true", "\(fitted)")
      #expect(fitted["headingsInView"] as? [String] == ["iPhone · compact", "iPad · regular"], "\(fitted)")
    }
  }

  @Test(.enabled(if: enabled, Browser.skipReason))
  func onADesktopTheNotesAreBesideADrawingWhoseBoxFitsTheWindowOpenOnWhatChanged() throws {
    let session = try Self.session.get()
    #expect(session.html["both"]?.contains(session.privatePath) == false, "no absolute path is published")
    for scheme in ["light", "dark"] {
      let page = try session.page("both in \(scheme)")
      #expect((page["scale"] as? Double ?? 0) >= 1, "\(scheme): \(page)")
      #expect((page["smallestText"] as? Double ?? 0) >= 8, "\(page)")
      #expect(page["pageWidth"] as? Int == 1280, "no sideways scrolling: \(page)")
      // Beside, not below: the notes start right of the drawing's box, above its bottom.
      let figureRight = try #require(page["figureRight"] as? Double)
      let figureBottom = try #require(page["figureBottom"] as? Double)
      #expect((page["notesLeft"] as? Double ?? 0) >= figureRight, "\(page)")
      #expect((page["notesTop"] as? Double ?? .infinity) < figureBottom, "\(page)")
      // The frame is wider than the room: its box scrolls, and its bottom (the scrollbar) is on screen.
      #expect(page["figureScrolls"] as? Bool == true, "\(page)")
      #expect(figureBottom <= (page["viewportHeight"] as? Double ?? 0), "\(page)")
      // Step 7 pushes settings and changes profile: both in view.
      #expect(page["changed"] as? Int == 2 && page["changedInView"] as? Int == 2, "\(page)")
      #expect(page["title"] as? String == "Step 7 of 8 push settings on profileNav", "\(page)")
      #expect(page["resources"] as? [String] == [], "\(page)")
      #expect(page["source"] as? String == "samples/tab-bar.yaml", "relative to the output folder's parent")
      #expect((page["wideNotes"] as? [String])?.isEmpty == true, "\(page)")
    }
  }

  @Test(.enabled(if: enabled, Browser.skipReason))
  func onAPhoneTheStepComesFirstAndNothingOverflows() throws {
    let session = try Self.session.get()
    for scheme in ["light", "dark"] {
      let page = try session.page("phone in \(scheme)")
      #expect(page["pageWidth"] as? Int == 390, "the page does not scroll sideways: \(page)")
      #expect((page["wideNotes"] as? [String])?.isEmpty == true, "notes cut at the right edge: \(page)")
      // Readable: at least 1 px a point, scrolled sideways in its own box, opened on what changed.
      #expect((page["scale"] as? Double ?? 0) >= 1, "\(page)")
      #expect((page["smallestText"] as? Double ?? 0) >= 8, "\(page)")
      #expect(page["figureScrolls"] as? Bool == true, "\(page)")
      #expect((page["changedInView"] as? Int ?? 0) >= 1, "\(page)")
      // The step first: its diagram near the top, its notes under it and before the step list.
      let figureTop = try #require(page["figureTop"] as? Double)
      #expect(figureTop < 200, "\(page)")
      #expect((page["notesTop"] as? Double ?? 0) > figureTop, "\(page)")
      #expect((page["notesTop"] as? Double ?? .infinity) < (page["stepListTop"] as? Double ?? 0), "\(page)")
      #expect((page["theme"] as? String)?.contains("theme-\(scheme)") == true, "\(page)")
      #expect(page["seenNodes"] as? Int == page["nodes"] as? Int, "\(page)")
    }
  }

  /// Outside a drawing ←/→ turn the page; in a drawing (focused) they scroll it, j/k still turn,
  /// and Esc leaves it.
  @Test(.enabled(if: enabled, Browser.skipReason))
  func theKeysTurnThePageOutsideADrawingAndScrollItInside() throws {
    let states = try Self.session.get().objects("keys")
    try #require(states.count == 8, "\(states)")
    func value(_ state: [String: Any], _ key: String) -> Double { (state[key] as? Double) ?? -1 }
    let (opened, focused, left, up, next) = (states[0], states[1], states[2], states[3], states[4])
    let (escaped, turned, back) = (states[5], states[6], states[7])
    #expect(opened["step"] as? String == "#step-7" && opened["inDrawing"] as? Bool == false, "\(opened)")
    #expect(value(opened, "left") > 0 && value(opened, "top") > 0, "opened on what changed, not at the corner")
    #expect(focused["inDrawing"] as? Bool == true, "\(focused)")
    #expect(left["step"] as? String == "#step-7", "← in a drawing does not turn the page: \(left)")
    #expect(value(left, "left") < value(focused, "left"), "← scrolls the drawing: \(focused) → \(left)")
    #expect(value(up, "top") < value(left, "top"), "↑ scrolls the drawing: \(left) → \(up)")
    #expect(next["step"] as? String == "#step-8", "j turns the page from a drawing: \(next)")
    #expect(next["inDrawing"] as? Bool == true, "and keeps the keys in the next drawing: \(next)")
    #expect(escaped["step"] as? String == "#step-7" && escaped["inDrawing"] as? Bool == false, "\(escaped)")
    #expect(turned["step"] as? String == "#step-6", "← turns the page outside a drawing: \(turned)")
    #expect(back["step"] as? String == "#step-7", "→ turns it back: \(back)")
  }

  @Test(.enabled(if: enabled, Browser.skipReason))
  func noRuleOfThePageReachesIntoADrawing() throws {
    let results = try #require(try Self.session.get().results["rules"]?.first as? String)
    #expect(try parseJSON(results) as? [String] == [], "\(results)")
  }

  @Test(.enabled(if: enabled, Browser.skipReason))
  func withoutJavaScriptEveryStepShowsWithItsDrawing() throws {
    let results = try #require(try Self.session.get().results["no script"]?.first as? String)
    let steps = try #require(try parseJSON(results) as? [[String: Any]])
    #expect(steps.count == 8)
    #expect(steps.allSatisfy { $0["shown"] as? Bool == true && $0["drawings"] as? Int == 1 }, "\(steps)")
  }
}
