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
  /// The animation of every step beside the pages (`render --animate`), keyed as in the index
  /// (`{"svg": "animated.svg", "svg~dark": "animated~dark.svg"}`); nil when there is none.
  public var animation: [String: String]?

  public init(scenario: String, title: String?, pages: [Page], animation: [String: String]? = nil) {
    self.scenario = scenario
    self.title = title
    self.pages = pages
    self.animation = animation
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
    var imageFile: String? { files[RenderIndex.key(for: .svg)] ?? files[RenderIndex.key(for: .png)] }

    /// The step's files in the order vcgraph renders them (svg, svg~dark, png, …), unknown keys after.
    var orderedFiles: [(format: String, name: String)] {
      let rank = { (key: String) in RenderIndex.keys.firstIndex(of: key) ?? RenderIndex.keys.count }
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
      // The plain name is the drawing of the one theme drawn, or of the light one of both; the
      // dark one of both has its suffix.
      func svg(_ theme: Theme) -> String? {
        frame.flatMap { frame in
          drawing(
            RenderIndex.frameFile(
              for: frame.step, stepCount: stepCount, format: .svg, theme: theme,
              among: theme == .light ? [theme] : Theme.allCases
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
    self.init(scenario: index.scenario, title: index.title, pages: pages, animation: index.animation)
  }
}
