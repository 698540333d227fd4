import Testing

@testable import VCGraph

/// `Replay.sides(of:sizeClasses:)`: a scenario replayed once per horizontal size class, every window
/// in the side's class from its first root, whatever a `setTraits` step says.
@Suite struct SizeClassSidesReplayTests {
  static let yaml = """
    controllers:
      split: UISplitViewController
      nav: UINavigationController
      list: ListViewController
      detail: DetailViewController
      other: OtherViewController
    steps:
      - setViewControllers: [list]
        on: nav
      - setSplit: { primary: nav, secondary: detail }
        on: split
      - setRoot: split
      - setTraits: { horizontalSizeClass: regular }
      - setRoot: other
        window: second
    """

  @Test func eachSideKeepsEveryWindowInItsSizeClass() throws {
    let scenario = try Scenario(yaml: Self.yaml, path: "sides.yaml")
    let sides = try Replay.sides(of: scenario, sizeClasses: [.compact, .regular])
    #expect(sides.map(\.sizeClass) == [.compact, .regular])
    #expect(sides.map(\.heading) == ["iPhone · compact", "iPad · regular"])
    let compact = try #require(sides[0].replay.frame(3)?.hierarchy)
    let regular = try #require(sides[1].replay.frame(3)?.hierarchy)
    #expect(compact.windows.map(\.horizontalSizeClass) == [.compact])
    #expect(compact["split"]?.isCollapsed == true && regular["split"]?.isCollapsed == false)
    // On screen: the collapsed stack's top only, against both columns.
    #expect(compact.onScreenControllers() == ["split", "nav", "detail"])
    #expect(regular.onScreenControllers() == ["split", "nav", "list", "detail"])
    // setTraits regular changes nothing on the compact side: no callback, still collapsed.
    let traits = try #require(sides[0].replay.frame(4))
    #expect(traits.events.isEmpty)
    #expect(traits.hierarchy["split"]?.isCollapsed == true)
    #expect(
      sides[0].notes(on: traits.step) == [
        "setTraits regular (window main) is not applied here: every window on this side stays compact"
      ])
    #expect(sides[0].notes(on: try #require(sides[0].replay.frame(3)).step).isEmpty)
    // A window made later takes the side's class too.
    #expect(
      try #require(sides[0].replay.frame(5)).hierarchy.windows.map(\.horizontalSizeClass) == [.compact, .compact])
    // The scenario itself is untouched: windows start regular and follow setTraits.
    let plain = try Replay(scenario)
    #expect(try #require(plain.frame(3)).hierarchy.windows.map(\.horizontalSizeClass) == [.regular])
  }

  @Test func aStepThatFailsSaysOnWhichSide() throws {
    // Pushing the secondary column again is refused: collapsed, it is on the stack already; expanded,
    // it has the split view as parent. The first side to fail is named.
    let yaml = Self.yaml.replacingOccurrences(
      of: "  - setTraits: { horizontalSizeClass: regular }\n", with: "  - push: detail\n    on: nav\n")
    let scenario = try Scenario(yaml: yaml, path: "sides.yaml")
    #expect(throws: ScenarioError.self) { try Replay(scenario) }
    do {
      _ = try Replay.sides(of: scenario, sizeClasses: [.compact, .regular])
      Issue.record("the push replayed on both sides")
    } catch {
      #expect(error.sizeClass == .compact)
      #expect(error.description.hasPrefix("sides.yaml:"))
      #expect(error.description.hasSuffix("(replayed in compact width, --size-classes)"))
    }
    do {
      _ = try Replay.sides(of: scenario, sizeClasses: [.regular, .compact])
      Issue.record("the push replayed on both sides")
    } catch {
      #expect(error.sizeClass == .regular)
    }
  }
}
