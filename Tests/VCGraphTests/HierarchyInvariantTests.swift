import Testing

@testable import VCGraph

/// `Hierarchy._checkInvariants()`, which `apply` asserts after every step in debug builds: so every
/// scenario the tests and the fuzz run replay also checks that parent ↔ children, presenting ↔
/// presented and window ↔ root agree.
@Suite struct HierarchyInvariantTests {
  static func hierarchy() throws -> Hierarchy {
    try Replay(
      try Scenario(
        yaml: """
          controllers:
            nav: UINavigationController
            home: HomeViewController
            detail: DetailViewController
            sheet: SheetViewController
          steps:
          - setRoot: nav
          - {push: home, on: nav}
          - {push: detail, on: nav}
          - {present: sheet, from: nav}
          """, path: "invariants.yaml")
    ).frames.last?.hierarchy ?? Hierarchy(viewControllers: [])
  }

  @Test func aReplayedHierarchyKeepsThem() throws {
    let hierarchy = try Self.hierarchy()
    #expect(hierarchy["detail"]?.parent == "nav")
    #expect(hierarchy._checkInvariants() == [])
  }

  @Test func eachBrokenRelationIsNamed() throws {
    var childless = try Self.hierarchy()
    childless.controllers["nav"]?.children = ["home"]
    #expect(childless._checkInvariants() == ["detail's parent nav lists it 0 times"])

    var orphan = try Self.hierarchy()
    orphan.controllers["home"]?.parent = nil
    #expect(orphan._checkInvariants() == ["nav lists home, whose parent is none"])

    var unpresented = try Self.hierarchy()
    unpresented.controllers["sheet"]?.presenter = nil
    #expect(unpresented._checkInvariants() == ["nav presents sheet, whose presenter is none"])

    var twoRoots = try Self.hierarchy()
    twoRoots.windows.append(Window(id: "second", rootViewController: "detail"))
    #expect(
      twoRoots._checkInvariants().contains("window second's root detail has a parent, nav"),
      "\(twoRoots._checkInvariants())")
  }
}
