import Foundation
import Testing
import VCGraph

@testable import VCGraphviz

/// A frame's plan taking from the frame before's what its step did not change (issue 26): the same
/// graphs as planning each frame whole, for work that follows the step, not the hierarchy.
@Suite struct DrawingPlanMemoryTests {
  /// Levels a scenario's frames are drawn at: one of each kind of rule.
  static let levels: [FoldLevel] = [.none, .stacks, .subtrees, .all, .fewest]

  /// Every frame's graphs at `level`, in both themes, planned whole or each from the one before.
  private func graphs(
    _ replay: Replay, level: FoldLevel, pinned: Set<String> = [], memory: DrawingPlan.Memory?
  ) -> [[GraphDescription]] {
    Diagram.frames(of: replay, showsEvents: true).map { diagram in
      diagram.graphs(themes: [.light, .dark], level: level, pinned: pinned, memory: memory)
    }
  }

  @Test(arguments: sampleNames)
  func framesPlannedFromTheOneBeforeAreTheFramesPlannedWhole(_ sample: String) throws {
    let replay = try sampleReplay(sample)
    for level in Self.levels {
      // At `stacks`, also with the controllers a stable layout pins, as the sketches are made.
      let pinned =
        level == .stacks
        ? ScenarioLayout.controllersWithSeveralPlaces(in: Diagram.frames(of: replay), level: level) : []
      for pins in pinned.isEmpty ? [[]] : [[], pinned] {
        let whole = graphs(replay, level: level, pinned: pins, memory: nil)
        let remembered = graphs(replay, level: level, pinned: pins, memory: DrawingPlan.Memory(smallestHierarchy: 0))
        #expect(whole.count == remembered.count)
        for (index, (expected, made)) in zip(whole, remembered).enumerated() {
          let isSame = expected == made
          #expect(
            isSame,
            "\(sample), step \(index + 1), level \(level), \(pins.count) pinned: \(Self.difference(expected, made))")
        }
      }
    }
  }

  @Test func aWideHierarchyPlannedFromTheFrameBeforeIsPlannedWhole() throws {
    let replay = try replay(wideHierarchy(screens: 115, pushPops: 6))
    for level in Self.levels {
      let whole = graphs(replay, level: level, memory: nil)
      let remembered = graphs(replay, level: level, memory: DrawingPlan.Memory(smallestHierarchy: 0))
      let isSame = whole == remembered
      #expect(isSame, "level \(level): \(zip(whole, remembered).map { Self.difference($0, $1) })")
    }
  }

  /// The node and edge names of the first graph of `expected` that differs from `made`'s, where they differ.
  static func difference(_ expected: [GraphDescription], _ made: [GraphDescription]) -> String {
    guard let (old, new) = zip(expected, made).first(where: { $0 != $1 }) else { return "the same" }
    let nodes = Set(old.nodes).symmetricDifference(new.nodes).map(\.name)
    let edges = Set(old.edges).symmetricDifference(new.edges).map { "\($0.tail)->\($0.head)" }
    return
      "nodes \(Set(nodes).sorted()), edges \(Set(edges).sorted()), header same: \(old.attributes == new.attributes)"
  }

  /// What planning each push and pop costs, in a hierarchy of `controllers`: the drawn controllers
  /// whose items were worked out, those taken from the frame before, and the facts worked out.
  private func stepWork(controllers: Int, level: FoldLevel) throws -> [(made: Int, taken: Int, facts: Int)] {
    let replay = try replay(wideHierarchy(screens: controllers - 5, pushPops: 6))
    let memory = DrawingPlan.Memory(smallestHierarchy: 0)
    var work: [(Int, Int, Int)] = []
    for (index, diagram) in Diagram.frames(of: replay).enumerated() {
      _ = diagram.plan(level: level, memory: memory)
      // The steps after the first push: the 6 steps before it build the hierarchy, and the first
      // push's frame unmarks everything `setRoot` marked.
      if index >= 7 { work.append((memory.expansionsMade, memory.expansionsTaken, memory.factsWorkedOut)) }
    }
    return work
  }

  @Test(arguments: [FoldLevel.none, .stacks, .subtrees, .all])
  func aStepsPlanWorksOutWhatTheStepChangedWhateverTheHierarchysSize(_ level: FoldLevel) throws {
    let small = try stepWork(controllers: 31, level: level)
    let big = try stepWork(controllers: 600, level: level)
    #expect(small.count == 5)
    for (step, (few, many)) in zip(small, big).enumerated() {
      // The same work at 31 controllers and at 600: the step's, not the hierarchy's.
      #expect(few.made == many.made, "step \(step + 8): items worked out")
      #expect(few.facts == many.facts, "step \(step + 8): facts worked out")
      #expect(many.facts < 40, "step \(step + 8): \(many.facts) facts worked out")
      // Up to `stacks`, the other tabs' stacks are drawn, as they were in the frame before.
      if level <= .stacks { #expect(many.taken > 0, "step \(step + 8): items taken from the frame before") }
    }
  }

  @Test func aSmallHierarchyIsPlannedWhole() throws {
    let replay = try replay(wideHierarchy(screens: 26, pushPops: 2))
    let memory = DrawingPlan.Memory()
    for diagram in Diagram.frames(of: replay) { _ = diagram.plan(level: .stacks, memory: memory) }
    #expect(memory.expansionsTaken == 0)
    #expect(memory.expansionsMade == 0)
  }

  @Test func aFrameThatIsNotTheStepAfterThePlannedOneIsPlannedWhole() throws {
    let replay = try replay(wideHierarchy(screens: 26, pushPops: 4))
    let diagrams = Array(Diagram.frames(of: replay))
    let memory = DrawingPlan.Memory(smallestHierarchy: 0)
    _ = diagrams[6].plan(level: .stacks, memory: memory)
    // Frame 9 follows frame 8, not 7: nothing is taken.
    _ = diagrams[8].plan(level: .stacks, memory: memory)
    #expect(memory.expansionsTaken == 0)
    #expect(memory.expansionsMade > 0)
    _ = diagrams[9].plan(level: .stacks, memory: memory)
    #expect(memory.expansionsTaken > 0)
  }
}
