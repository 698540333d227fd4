import Testing

@testable import VCGraph

/// A big hierarchy's controllers spread over buckets (``ControllerBuckets``): read, written and
/// compared as one dictionary of them.
@Suite struct ControllerBucketsTests {
  /// A navigation controller in the window with `count` screens, then a push and a pop of one more.
  static func stack(_ count: Int) -> String {
    var lines = ["controllers:", "  nav: UINavigationController", "  extra: ExtraViewController"]
    for index in 0..<count { lines.append("  s\(index): Screen\(index % 10)ViewController") }
    lines += ["steps:", "  - setViewControllers: [\((0..<count).map { "s\($0)" }.joined(separator: ", "))]"]
    lines += ["    on: nav", "  - setRoot: nav", "  - push: extra", "    on: nav", "  - pop: nav"]
    return lines.joined(separator: "\n") + "\n"
  }

  @Test func aBigHierarchyIsSpreadAndReadsAsOne() throws {
    let frames = Array(try replay(Self.stack(ControllerBuckets.spreadLimit + 100)).frames)
    let pushed = frames[2].hierarchy
    #expect(pushed.controllers.count == ControllerBuckets.spreadLimit + 102)
    #expect(pushed["nav"]?.children.count == ControllerBuckets.spreadLimit + 101)
    #expect(pushed["extra"]?.parent == "nav")
    #expect(pushed["s7"]?.parent == "nav")
    #expect(pushed["nope"] == nil)
    #expect(Set(pushed.controllers.byID.keys).count == pushed.controllers.count)
    // The pop leaves the stack as it was before the push; the frame before the push is unchanged.
    let popped = frames[3].hierarchy
    let before = frames[1].hierarchy
    #expect(popped["extra"]?.parent == nil)
    #expect(popped["nav"]?.children == before["nav"]?.children)
    #expect(before["extra"]?.parent == nil)
    #expect(pushed.controllers.byID != before.controllers.byID)
  }

  @Test func tablesOfTheSameControllersAreEqualHoweverTheyAreSpread() {
    let controllers = (0..<(ControllerBuckets.spreadLimit + 10)).map {
      ViewController(id: "c\($0)", className: "C\($0 % 7)")
    }
    let whole = ControllerBuckets(Dictionary(uniqueKeysWithValues: controllers.map { ($0.id, $0) }))
    var spread = whole
    spread.spread()
    #expect(spread == whole)
    #expect(spread.hashValue == whole.hashValue)
    var written = spread
    written["c3"]?.title = "Three"
    #expect(written != spread)
    written["c3"]?.title = nil
    #expect(written == spread)
    #expect(written.hashValue == spread.hashValue)
    #expect(written.count == controllers.count)
    #expect(Set(written.values.map(\.id)) == Set(controllers.map(\.id)))
  }
}
