import Foundation
import Testing
import VCGraph
import VCGraphviz

/// What a reader sees in the pictures of real-size apps, checked from the SVG every frame draws:
/// each frame within the page budget, a container's children in their order, a stack as a column,
/// a presented controller beside its presenter, no class name broken inside a word, and every
/// controller drawn or counted in a fold.
@Suite struct LegibilityTests {
  /// The problems of one frame's SVG, as sentences; empty when the frame reads well.
  static func problems(_ svg: SVGDocument, _ hierarchy: Hierarchy, budget: PageBudget = PageBudget()) -> [String] {
    var problems: [String] = []
    if let size = svg.viewBoxSize, !budget.fits(width: size.width, height: size.height) {
      let (wide, high) = (PageBudget.pixels(points: size.width), PageBudget.pixels(points: size.height))
      problems.append("the picture is \(Int(wide)) × \(Int(high)) px, over the page budget")
    }
    problems += orderProblems(svg, hierarchy)
    problems += nameProblems(svg, hierarchy)
    problems += drawnOrCountedProblems(svg, hierarchy.removingNothing)
    return problems
  }

  /// A container's drawn children in their order: a navigation stack top to bottom, any other
  /// container's left to right (row after row when they wrap), and a presented controller to the
  /// right of its presenter, on its rank.
  static func orderProblems(_ svg: SVGDocument, _ hierarchy: Hierarchy) -> [String] {
    var problems: [String] = []
    func box(_ id: String) -> ShapeBox? { svg.shapeBox(ofNode: "vc-" + id) }
    for parent in hierarchy.members {
      guard let controller = hierarchy[parent], box(parent) != nil else { continue }
      let drawn = controller.children.compactMap { id in box(id).map { (id, $0) } }
      for ((first, a), (second, b)) in zip(drawn, drawn.dropFirst()) {
        if controller.kind == .navigation {
          if b.minY <= a.maxY - 1 { problems.append("\(second) is not below \(first) in \(parent)'s stack") }
        } else {
          let sameRow = abs(a.centerY - b.centerY) < 1
          let nextRow = b.minY > a.maxY - 1
          if !(sameRow && b.centerX > a.centerX) && !nextRow {
            problems.append("\(second) is not after \(first) among \(parent)'s children")
          }
        }
      }
      if let presented = controller.presentation?.presented, let a = box(parent), let b = box(presented) {
        if b.minX < a.maxX - 1 || abs(a.centerY - b.centerY) > 1 {
          problems.append("\(presented) is not beside \(parent), to its right")
        }
      }
    }
    return problems
  }

  /// Every drawn controller's class name broken only at word boundaries.
  static func nameProblems(_ svg: SVGDocument, _ hierarchy: Hierarchy) -> [String] {
    var problems: [String] = []
    for group in svg.groups(ofClass: "node") {
      guard let id = group.attributes["id"], id.hasPrefix("vc-"), !group.hasClass("removed"),
        let controller = hierarchy[String(id.dropFirst(3))]
      else { continue }
      // The class name is the node's only 12-point bold text.
      let lines = group.allElements.filter {
        $0.name == "text" && $0.attributes["font-size"] == "12.00" && $0.attributes["font-weight"] == "bold"
      }.map(\.allText)
      problems += wordBreakProblems(of: controller.className, drawnAs: lines, width: 22).map { "\(id): \($0)" }
    }
    return problems
  }

  /// The SVG of every frame of a scenario, with the hierarchy it draws, as `vcgraph render` draws them.
  static func frames(
    _ yaml: String, layout: FrameLayout = .stable, folding: Folding = Folding()
  ) throws -> [(
    svg: SVGDocument, hierarchy: Hierarchy
  )] {
    let replay = try replay(yaml)
    let rendered = try withRenderer {
      try $0.render(replay, formats: [.svg], layout: layout, folding: folding)
    }
    return try zip(rendered.frames, replay.frames).map { file, frame in
      (try SVGDocument([UInt8](file.contents)), frame.hierarchy)
    }
  }

  // MARK: - Real-size apps

  @Test(arguments: RealisticApps.shapes.indices)
  func everyFrameOfARealSizeAppReadsOnAPage(shape: Int) throws {
    let yaml = RealisticApps.scenario(RealisticApps.shapes[shape])
    for layout in FrameLayout.allCases {
      for (offset, frame) in try Self.frames(yaml, layout: layout).enumerated() {
        let problems = Self.problems(frame.svg, frame.hierarchy)
        #expect(problems == [], "\(RealisticApps.shapes[shape]), \(layout.rawValue), step \(offset + 1)")
      }
    }
  }

  /// The five-tab app of the issue (26 controllers) drew 5,133 × 966 px: now a column per tab.
  @Test func aFiveTabAppDrawsAColumnPerTab() throws {
    let shape = RealisticApps.Shape(tabs: 5, depth: 4, chain: 0, windows: 1, splitView: false, pushes: false, seed: 3)
    let frames = try Self.frames(RealisticApps.scenario(shape))
    let last = try #require(frames.last)
    let size = try #require(last.svg.viewBoxSize)
    #expect(PageBudget.pixels(points: size.width) < 1_800, "\(size)")
    #expect(size.width / size.height < 2, "\(size)")
    // The tabs left to right in their order, each with its stack below it.
    let tabs = (0..<5).compactMap { last.svg.shapeBox(ofNode: "vc-nav\($0)") }
    #expect(tabs.count == 5)
    #expect(zip(tabs, tabs.dropFirst()).allSatisfy { $0.maxX < $1.minX })
  }

  /// A stack twenty screens deep, pushed a screen a step: every frame fits, and the stable layout
  /// keeps every controller where it was whenever it is drawn.
  @Test func aTwentyDeepStackFitsAndNothingJumps() throws {
    let shape = RealisticApps.Shape(tabs: 1, depth: 20, chain: 0, windows: 1, splitView: false, pushes: true, seed: 4)
    let frames = try Self.frames(RealisticApps.scenario(shape))
    var places: [String: ShapeBox] = [:]
    for (offset, frame) in frames.enumerated() {
      #expect(Self.problems(frame.svg, frame.hierarchy) == [], "step \(offset + 1)")
      for id in frame.svg.drawnNodeIDs {
        guard let box = frame.svg.shapeBox(ofNode: id) else { continue }
        if let earlier = places[id] {
          #expect(box.isClose(to: earlier), "step \(offset + 1): \(id) moved from \(earlier) to \(box)")
        } else {
          places[id] = box
        }
      }
    }
    // The last frame folds the middle of the stack into one counted node.
    let last = try #require(frames.last)
    #expect(last.svg.foldCounts.reduce(0, +) >= 17, "\(last.svg.foldCounts)")
  }

  /// The samples, the dumps and the storyboards read on a page too.
  @Test(arguments: sampleNames)
  func everySampleFrameReadsOnAPage(sample: String) throws {
    let yaml = try String(contentsOfFile: packageRoot.appendingPathComponent("samples/\(sample)").path, encoding: .utf8)
    for (offset, frame) in try Self.frames(yaml).enumerated() {
      #expect(Self.problems(frame.svg, frame.hierarchy) == [], "\(sample) step \(offset + 1)")
    }
  }
}

extension Hierarchy {
  /// The hierarchy itself: a name for the argument `drawnOrCountedProblems` checks against.
  fileprivate var removingNothing: Hierarchy { self }
}

extension ShapeBox {
  var centerX: Double { (minX + maxX) / 2 }
  var centerY: Double { (minY + maxY) / 2 }
}
