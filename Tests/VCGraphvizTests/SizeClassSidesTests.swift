import Foundation
import Testing
import VCGraph
import VCGraphviz

/// `render --size-classes`: each step drawn once per horizontal size class, side by side in one
/// picture, as a reader sees it in the SVG: the sides' headings, the compact side left of the
/// regular one, what adapts on each side, every frame within the page budget, and each controller
/// in one place on its side from frame to frame.
@Suite struct SizeClassSidesTests {
  /// The frames of a scenario drawn side by side (`sizeClasses`), as `vcgraph render` draws them.
  static func frames(
    _ replay: Replay, _ sizeClasses: [SizeClass] = [.compact, .regular], layout: FrameLayout = .stable,
    showsEvents: Bool = false
  ) throws -> (svgs: [SVGDocument], entries: [RenderIndex.Entry]) {
    let scenario = try ReplayedScenario(replay.scenario, sizeClasses: sizeClasses)
    var svgs: [SVGDocument] = []
    var entries: [RenderIndex.Entry] = []
    try withRenderer { renderer in
      try renderer.renderFrames(
        of: scenario, formats: [.svg], options: DrawingOptions(events: showsEvents, layout: layout)
      ) { frame in
        svgs.append(try SVGDocument([UInt8](frame.files[0].contents)))
        entries.append(frame.entry)
      }
    }
    return (svgs, entries)
  }

  /// The boxes of a side's nodes in a frame, by the node's id without the side's prefix (`vc-home`).
  static func nodes(of side: SizeClass, in svg: SVGDocument) -> [String: ShapeBox] {
    let prefix = "side-\(side.rawValue)-"
    var boxes: [String: ShapeBox] = [:]
    for group in svg.groups(ofClass: "node") {
      guard let id = group.attributes["id"], id.hasPrefix(prefix), !group.hasClass("removed"),
        let box = svg.shapeBox(ofNode: id)
      else { continue }
      boxes[String(id.dropFirst(prefix.count))] = box
    }
    return boxes
  }

  /// The texts a side's node draws.
  static func texts(of id: String, on side: SizeClass, in svg: SVGDocument) -> String {
    svg.groups(ofClass: "node").first { $0.attributes["id"] == "side-\(side.rawValue)-\(id)" }.map {
      $0.allElements.filter { $0.name == "text" }.map(\.allText).joined(separator: " ")
    } ?? ""
  }

  @Test func theAdaptiveSampleDrawsEachSideUnderItsHeadingCompactFirst() throws {
    let (svgs, entries) = try Self.frames(try sampleReplay("adaptive.yaml"))
    try #require(svgs.count == 7)
    for svg in svgs {
      let text = svg.root.allElements.filter { $0.name == "text" }.map(\.allText)
      #expect(text.contains("iPhone · compact") && text.contains("iPad · regular"))
      let compact = Self.nodes(of: .compact, in: svg)
      let regular = Self.nodes(of: .regular, in: svg)
      guard !compact.isEmpty, !regular.isEmpty else { continue }
      // Everything of the compact side is before everything of the regular side: left of it, or
      // above it when the sides are too wide for a page side by side.
      #expect(Self.isBefore(compact, regular))
    }
    // Step 3: collapsed on the iPhone, where only the note shows; expanded on the iPad.
    #expect(Self.texts(of: "vc-split", on: .compact, in: svgs[2]).contains("COLLAPSED"))
    #expect(Self.texts(of: "vc-split", on: .regular, in: svgs[2]).contains("EXPANDED"))
    // Step 4: showDetail pushes onto the collapsed stack, and replaces the expanded secondary column.
    let detail = try #require(entries[3].sides)
    #expect(detail[0].events.contains("recipes didMove(toParent: sidebarNav)"))
    #expect(detail[1].events.contains("note deinit") && !detail[0].events.contains("note deinit"))
    let sides = try #require(entries[2].sides)
    #expect(sides.map(\.sizeClass) == [.compact, .regular])
    #expect(sides.map(\.heading) == ["iPhone · compact", "iPad · regular"])
    #expect(!sides[0].events.contains("folders viewDidAppear(animated: false)"))
    #expect(sides[1].events.contains("folders viewDidAppear(animated: false)"))
    // Step 5: the popover adapts to a form sheet in compact width only.
    #expect(Self.texts(of: "vc-share", on: .compact, in: svgs[4]).contains("popover → formSheet"))
    #expect(Self.texts(of: "vc-share", on: .compact, in: svgs[4]).contains("a sheet in compact width"))
    let regularShare = Self.texts(of: "vc-share", on: .regular, in: svgs[4])
    #expect(regularShare.contains("presented · popover") && !regularShare.contains("→"))
  }

  @Test func theSidesGoInTheOrderGiven() throws {
    let (svgs, _) = try Self.frames(try sampleReplay("split-view-adaptive.yaml"), [.regular, .compact])
    let last = try #require(svgs.last)
    let regular = try #require(Self.nodes(of: .regular, in: last)["vc-split"])
    let compact = try #require(Self.nodes(of: .compact, in: last)["vc-split"])
    #expect(Self.isBefore(["split": regular], ["split": compact]))
  }

  /// True when every box of `first` is left of every box of `second`, or above every one of them
  /// (sides one below the other).
  static func isBefore(_ first: [String: ShapeBox], _ second: [String: ShapeBox]) -> Bool {
    let isLeft = (first.values.map(\.maxX).max() ?? 0) < (second.values.map(\.minX).min() ?? 0)
    let isAbove = (first.values.map(\.maxY).max() ?? 0) < (second.values.map(\.minY).min() ?? 0)
    return isLeft || isAbove
  }

  @Test func aControllerKeepsItsPlaceOnItsSideAndEveryFrameItsSize() throws {
    // Known: where two sides together are wider than 830 px, the frames are laid out in runs, each
    // of its own size (see `LegibilityTests.expectReadable`).
    withKnownIssue("frames laid out in runs at the 830-px page budget", isIntermittent: true) {
      try placesStayOnEachSide()
    }
  }

  func placesStayOnEachSide() throws {
    for sample in ["adaptive.yaml", "split-view-adaptive.yaml", "presentation-styles.yaml"] {
      let (svgs, _) = try Self.frames(try sampleReplay(sample))
      let sizes = Set(svgs.compactMap { $0.viewBoxSize.map { "\($0.width)x\($0.height)" } })
      #expect(sizes.count == 1, "\(sample): \(sizes)")
      var compared = 0
      for side in SizeClass.allCases {
        var first: [String: ShapeBox] = [:]
        for (offset, svg) in svgs.enumerated() {
          for (id, box) in Self.nodes(of: side, in: svg) {
            if let earlier = first[id] {
              compared += 1
              #expect(
                abs(earlier.centerX - box.centerX) < 1 && abs(earlier.centerY - box.centerY) < 1,
                "\(sample), \(side), step \(offset + 1): \(id) moved")
            } else {
              first[id] = box
            }
          }
        }
      }
      #expect(compared > svgs.count, "\(sample): too few controllers on several frames")
    }
  }

  @Test func aSetTraitsStepIsNotAppliedOnASideAndTheFrameSaysSo() throws {
    let replay = try sampleReplay("split-view-adaptive.yaml")
    let (svgs, entries) = try Self.frames(replay)
    // Step 4 sets compact width: each side keeps its own, and both say so.
    let notes = try #require(entries[3].sides).map(\.notes)
    #expect(notes.allSatisfy { $0.count == 1 && $0[0].contains("is not applied here") })
    let text = svgs[3].root.allElements.filter { $0.name == "text" }.map(\.allText).joined(separator: " ")
    #expect(text.contains("every window on this side stays compact"))
    #expect(text.contains("every window on this side stays regular"))
    // The regular side stays expanded after it.
    #expect(Self.texts(of: "vc-split", on: .regular, in: svgs[3]).contains("EXPANDED"))
    #expect(Self.texts(of: "vc-split", on: .compact, in: svgs[2]).contains("COLLAPSED"))
    // A step other than setTraits notes nothing.
    #expect(try #require(entries[2].sides).allSatisfy(\.notes.isEmpty))
  }

  /// Every sample but the real-size journal app: its two sides (40 controllers each, a chain of
  /// five presentations) are wider than a page side by side and taller one below the other even
  /// folded most, and are drawn the way fewer frames overflow (the README says so: a focus, or one
  /// size class, draws less).
  @Test(arguments: sampleNames.filter { $0 != "journal-app.yaml" })
  func everySampleDrawnSideBySideReadsOnAPage(sample: String) throws {
    let budget = PageBudget()
    for layout in FrameLayout.allCases {
      let (svgs, _) = try Self.frames(try sampleReplay(sample), layout: layout, showsEvents: true)
      for (offset, svg) in svgs.enumerated() {
        let size = try #require(svg.viewBoxSize)
        // Known: the stable layout of two sides does not always fit 830 px (see `expectReadable`).
        withKnownIssue("a scenario's frame over the 830-px page budget", isIntermittent: true) {
          #expect(
            budget.fits(width: size.width, height: size.height),
            "\(sample), \(layout.rawValue), step \(offset + 1): \(Int(PageBudget.pixels(points: size.width))) × \(Int(PageBudget.pixels(points: size.height))) px"
          )
        }
      }
    }
  }

  @Test func oneSizeClassAloneDrawsOneSide() throws {
    let (svgs, entries) = try Self.frames(try sampleReplay("presentation-popover.yaml"), [.compact])
    let svg = try #require(svgs.last)
    #expect(Self.nodes(of: .regular, in: svg).isEmpty)
    #expect(!Self.nodes(of: .compact, in: svg).isEmpty)
    #expect(entries.allSatisfy { $0.sides?.map(\.sizeClass) == [.compact] })
  }

  @Test func aBadListOfSizeClassesSaysWhatIsWrong() {
    #expect(throws: SizeClass.ListError.unknown("tablet")) { try SizeClass.list("compact,tablet") }
    #expect(throws: SizeClass.ListError.repeated(.compact)) { try SizeClass.list("compact, compact") }
    #expect(throws: SizeClass.ListError.empty("compact,")) { try SizeClass.list("compact,") }
    #expect(throws: SizeClass.ListError.empty("")) { try SizeClass.list("") }
    #expect((try? SizeClass.list("Regular,compact")) == [.regular, .compact])
  }
}
