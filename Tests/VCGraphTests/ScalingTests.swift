import Foundation
import Testing

@testable import VCGraph

/// Deep and wide hierarchies replay with the same rules as small ones.
///
/// A step is simulated in time in proportion to the controllers, however deep they nest or however
/// many children a container has; these tests are not timed: they pin what a deep nest and a wide
/// container do, event by event, as the rules for two or three controllers say, so that a faster
/// walk of the hierarchy cannot change a callback, a state or a deallocation.
@Suite struct ScalingTests {
  /// `c0` … `c{count - 1}`, custom containers.
  static func nestedContainers(_ count: Int, retained: Set<String> = [], contexts: Set<String> = []) -> [ViewController]
  {
    (0..<count).map { index in
      let id = "c\(index)"
      return ViewController(
        id: id, className: "C", kind: .container, definesPresentationContext: contexts.contains(id),
        isRetained: retained.contains(id))
    }
  }

  /// `w0` … `w{count - 1}`, content controllers.
  static func contents(_ count: Int) -> [ViewController] {
    (0..<count).map { ViewController(id: "w\($0)", className: "W") }
  }

  static func ids(_ prefix: String, _ range: Range<Int>) -> [String] {
    range.map { "\(prefix)\($0)" }
  }

  /// `c0` as the main window's root, then each `c{i}` added as the child of `c{i - 1}`: the events of
  /// every step, which must be those of adding one child to an on-screen container.
  static func nest(_ hierarchy: inout Hierarchy, depth: Int) throws -> [[LifecycleEvent]] {
    var steps = [try hierarchy.apply(.setRoot("c0", window: "main")).events]
    for index in 1..<depth {
      steps.append(try hierarchy.apply(.addChild("c\(index)", to: "c\(index - 1)")).events)
    }
    return steps
  }

  /// Adding `child` to an on-screen container: it moves in, loads and appears.
  static func addedToScreen(_ child: String, parent: String) -> [LifecycleEvent] {
    [
      LifecycleEvent(child, .willMove(toParent: parent)), LifecycleEvent(child, .viewDidLoad),
      LifecycleEvent(child, .viewWillAppear(animated: true)), LifecycleEvent(child, .viewIsAppearing(animated: true)),
      LifecycleEvent(child, .viewDidAppear(animated: true)),
      LifecycleEvent(child, .didMove(toParent: parent)),
    ]
  }

  @Test func everyControllerOfADeepNestAppearsWhenItIsAdded() throws {
    let depth = 300
    var hierarchy = Hierarchy(viewControllers: Self.nestedContainers(depth))
    let steps = try Self.nest(&hierarchy, depth: depth)

    #expect(
      steps[0] == [
        LifecycleEvent("c0", .viewDidLoad), LifecycleEvent("c0", .viewWillAppear(animated: false)),
        LifecycleEvent("c0", .viewIsAppearing(animated: false)),
        LifecycleEvent("c0", .viewDidAppear(animated: false)),
      ])
    for index in 1..<depth {
      #expect(steps[index] == Self.addedToScreen("c\(index)", parent: "c\(index - 1)"), "step \(index + 1)")
    }
    let all = Self.ids("c", 0..<depth)
    #expect(hierarchy.onScreenOrder() == all)
    #expect(hierarchy.treeOrder() == all)
    #expect(all.allSatisfy { hierarchy[$0]?.appearance == .appeared && hierarchy[$0]?.isViewLoaded == true })
    #expect(all.allSatisfy { hierarchy.isViewInWindow($0) && hierarchy.window(of: $0)?.id == "main" })
    #expect(hierarchy.lineage(of: "c299") == all.reversed())
    #expect(hierarchy.containmentRoot(of: "c299") == "c0")
    #expect(hierarchy.descendants(of: "c0") == Array(all.dropFirst()))
    #expect(hierarchy.isSelfOrAncestor("c0", of: "c299"))
    #expect(!hierarchy.isSelfOrAncestor("c299", of: "c0"))
    #expect(hierarchy.nearest(.container, from: "c299") == "c299")
    #expect(hierarchy.nearest(.navigation, from: "c299") == nil)
  }

  @Test func removingTheTopOfADeepNestTakesEverythingBelowOffScreenAndReleasesUpToARetainedController() throws {
    let depth = 300
    var hierarchy = Hierarchy(viewControllers: Self.nestedContainers(depth, retained: ["c150"]))
    _ = try Self.nest(&hierarchy, depth: depth)

    let outcome = try hierarchy.apply(.removeFromParent("c1"))

    let gone = Self.ids("c", 1..<depth)
    let expected =
      [LifecycleEvent("c1", .willMove(toParent: nil))]
      + gone.map { LifecycleEvent($0, .viewWillDisappear(animated: true)) }
      + gone.map { LifecycleEvent($0, .viewDidDisappear(animated: true)) }
      + [LifecycleEvent("c1", .didMove(toParent: nil))]
      // c1 and what it holds, down to the retained c150, which keeps its own children.
      + Self.ids("c", 1..<150).map { LifecycleEvent($0, .deinit) }
    #expect(outcome.events == expected)
    #expect(outcome.warnings.isEmpty)
    #expect(outcome.transition == AppearanceTransition(controllers: Set(gone), isPresentation: false))

    #expect(hierarchy.onScreenOrder() == ["c0"])
    #expect(hierarchy["c0"]?.children == [])
    for id in Self.ids("c", 1..<150) {
      #expect(
        hierarchy[id]?.instance == 2 && hierarchy[id]?.isViewLoaded == false && hierarchy[id]?.parent == nil, "\(id)")
    }
    #expect(hierarchy["c150"]?.parent == nil)
    #expect(hierarchy["c150"]?.instance == 1)
    #expect(hierarchy.descendants(of: "c150") == Self.ids("c", 151..<depth))
    #expect(gone.allSatisfy { hierarchy[$0]?.appearance == .disappeared })
    #expect(Self.ids("c", 150..<depth).allSatisfy { hierarchy[$0]?.isViewLoaded == true })
  }

  @Test func aFullScreenPresentationOverADeepNestCoversAllOfItAndADismissalShowsItAgain() throws {
    let depth = 300
    var hierarchy = Hierarchy(
      viewControllers: Self.nestedContainers(depth) + [ViewController(id: "modal", className: "Modal")])
    _ = try Self.nest(&hierarchy, depth: depth)
    let all = Self.ids("c", 0..<depth)

    // Presented from the deepest controller, the call goes to the root of the window, c0.
    let present = try hierarchy.apply(.present("modal", from: "c299", style: .fullScreen))
    #expect(hierarchy["c0"]?.presentation?.presented == "modal")
    #expect(
      present.events
        == [LifecycleEvent("modal", .viewDidLoad)]
        + all.map { LifecycleEvent($0, .viewWillDisappear(animated: true)) }
        + [
          LifecycleEvent("modal", .viewWillAppear(animated: true)),
          LifecycleEvent("modal", .viewIsAppearing(animated: true)),
          LifecycleEvent("modal", .viewDidAppear(animated: true)),
        ]
        + all.map { LifecycleEvent($0, .viewDidDisappear(animated: true)) })
    #expect(hierarchy.onScreenOrder() == ["modal"])
    #expect(hierarchy.window(of: "modal")?.id == "main")

    let dismiss = try hierarchy.apply(.dismiss("c150"), during: present.transition)
    #expect(dismiss.events.isEmpty)
    #expect(
      dismiss.warnings == [
        "Attempt to dismiss from view controller <C: c0> while a presentation or dismiss is in progress."
      ])

    let dismissed = try hierarchy.apply(.dismiss("c150"))
    #expect(
      dismissed.events
        == [LifecycleEvent("modal", .viewWillDisappear(animated: true))]
        + all.map { LifecycleEvent($0, .viewWillAppear(animated: true)) }
        + all.map { LifecycleEvent($0, .viewIsAppearing(animated: true)) }
        + all.map { LifecycleEvent($0, .viewDidAppear(animated: true)) }
        + [LifecycleEvent("modal", .viewDidDisappear(animated: true)), LifecycleEvent("modal", .deinit)])
    #expect(hierarchy.onScreenOrder() == all)
  }

  @Test func aCurrentContextPresentationDeepInANestCoversOnlyTheContextsPart() throws {
    let depth = 300
    var hierarchy = Hierarchy(
      viewControllers: Self.nestedContainers(depth, contexts: ["c100"]) + [
        ViewController(id: "modal", className: "Modal")
      ])
    _ = try Self.nest(&hierarchy, depth: depth)

    let outcome = try hierarchy.apply(.present("modal", from: "c299", style: .currentContext))
    #expect(hierarchy["c100"]?.presentation?.presented == "modal")
    #expect(hierarchy.presentingViewController(of: "modal") == "c100")
    #expect(hierarchy.presentedViewController(of: "c299") == "modal")
    #expect(hierarchy.presentationChain(above: "c0") == ["modal"])
    let covered = Self.ids("c", 100..<depth)
    #expect(hierarchy.onScreenOrder() == Self.ids("c", 0..<100) + ["modal"])
    #expect(
      outcome.events
        == [LifecycleEvent("modal", .viewDidLoad)]
        + covered.map { LifecycleEvent($0, .viewWillDisappear(animated: true)) }
        + [
          LifecycleEvent("modal", .viewWillAppear(animated: true)),
          LifecycleEvent("modal", .viewIsAppearing(animated: true)),
          LifecycleEvent("modal", .viewDidAppear(animated: true)),
        ]
        + covered.map { LifecycleEvent($0, .viewDidDisappear(animated: true)) })

    // Removing c50 from c49 takes the presentation along: nothing is released while it is presented.
    let removed = try hierarchy.apply(.removeFromParent("c50"))
    let gone = Self.ids("c", 50..<100) + ["modal"]
    #expect(
      removed.events
        == [LifecycleEvent("c50", .willMove(toParent: nil))]
        + gone.map { LifecycleEvent($0, .viewWillDisappear(animated: true)) }
        + gone.map { LifecycleEvent($0, .viewDidDisappear(animated: true)) }
        + [LifecycleEvent("c50", .didMove(toParent: nil))])
    #expect(hierarchy.onScreenOrder() == Self.ids("c", 0..<50))
    #expect(hierarchy["c100"]?.presentation?.presented == "modal")
  }

  @Test func everyChildOfAWideContainerAppearsWhenItIsAddedAndLeavesAlone() throws {
    let width = 1_000
    var hierarchy = Hierarchy(
      viewControllers: [ViewController(id: "root", className: "Root", kind: .container)] + Self.contents(width))
    _ = try hierarchy.apply(.setRoot("root", window: "main"))
    for index in 0..<width {
      let outcome = try hierarchy.apply(.addChild("w\(index)", to: "root"))
      #expect(outcome.events == Self.addedToScreen("w\(index)", parent: "root"), "w\(index)")
    }
    let all = Self.ids("w", 0..<width)
    #expect(hierarchy["root"]?.children == all)
    #expect(hierarchy.onScreenOrder() == ["root"] + all)
    #expect(all.allSatisfy { hierarchy[$0]?.appearance == .appeared })
    #expect(hierarchy.role(of: "w999") == .child(index: 999))

    let removed = try hierarchy.apply(.removeFromParent("w500"))
    #expect(
      removed.events == [
        LifecycleEvent("w500", .willMove(toParent: nil)), LifecycleEvent("w500", .viewWillDisappear(animated: true)),
        LifecycleEvent("w500", .viewDidDisappear(animated: true)), LifecycleEvent("w500", .didMove(toParent: nil)),
        LifecycleEvent("w500", .deinit),
      ])
    #expect(hierarchy["root"]?.children == all.filter { $0 != "w500" })
    #expect(hierarchy.role(of: "w999") == .child(index: 998))
  }

  @Test func aWideNavigationStackShowsOnlyItsTopAndPopsToItsRootInOrder() throws {
    let width = 1_000
    var hierarchy = Hierarchy(
      viewControllers: [ViewController(id: "nav", className: "UINavigationController")] + Self.contents(width))
    _ = try hierarchy.apply(.setRoot("nav", window: "main"))
    let all = Self.ids("w", 0..<width)

    let set = try hierarchy.apply(.setViewControllers(all, on: "nav"))
    #expect(
      set.events
        == all.map { LifecycleEvent($0, .willMove(toParent: "nav")) }
        + [
          LifecycleEvent("w999", .viewDidLoad), LifecycleEvent("w999", .viewWillAppear(animated: true)),
          LifecycleEvent("w999", .viewIsAppearing(animated: true)),
          LifecycleEvent("w999", .viewDidAppear(animated: true)),
        ]
        + all.map { LifecycleEvent($0, .didMove(toParent: "nav")) })
    #expect(hierarchy.onScreenOrder() == ["nav", "w999"])
    #expect(all.dropLast().allSatisfy { hierarchy[$0]?.isViewLoaded == false })

    // Setting the same stack reversed moves nobody: w0 comes to the top.
    let reversed = try hierarchy.apply(.setViewControllers(all.reversed(), on: "nav"))
    #expect(
      reversed.events == [
        LifecycleEvent("w0", .viewDidLoad), LifecycleEvent("w999", .viewWillDisappear(animated: true)),
        LifecycleEvent("w0", .viewWillAppear(animated: true)),
        LifecycleEvent("w0", .viewIsAppearing(animated: true)),
        LifecycleEvent("w999", .viewDidDisappear(animated: true)),
        LifecycleEvent("w0", .viewDidAppear(animated: true)),
      ])
    #expect(hierarchy["nav"]?.children == all.reversed())

    let popped = try hierarchy.apply(.popToRoot("nav"))
    // The stack is w999 … w0 from the bottom; everything above w999 leaves, in the tree's order.
    let leaving = Array(all.reversed().dropFirst())
    #expect(
      popped.events
        == leaving.map { LifecycleEvent($0, .willMove(toParent: nil)) }
        + [
          LifecycleEvent("w0", .viewWillDisappear(animated: true)),
          LifecycleEvent("w999", .viewWillAppear(animated: true)),
          LifecycleEvent("w999", .viewIsAppearing(animated: true)),
          LifecycleEvent("w0", .viewDidDisappear(animated: true)),
          LifecycleEvent("w999", .viewDidAppear(animated: true)),
        ]
        + leaving.map { LifecycleEvent($0, .didMove(toParent: nil)) }
        + leaving.map { LifecycleEvent($0, .deinit) })
    #expect(hierarchy["nav"]?.children == ["w999"])
    #expect(leaving.allSatisfy { hierarchy[$0]?.instance == 2 && hierarchy[$0]?.parent == nil })
  }

  @Test func aWideTabBarShowsOnlyItsSelectedTabAndKeepsTheSelectedIndexWhenTheTabGoes() throws {
    let width = 1_000
    var hierarchy = Hierarchy(
      viewControllers: [ViewController(id: "tabs", className: "UITabBarController")] + Self.contents(width))
    _ = try hierarchy.apply(.setRoot("tabs", window: "main"))
    let all = Self.ids("w", 0..<width)

    _ = try hierarchy.apply(.setTabs(all, on: "tabs"))
    #expect(hierarchy["tabs"]?.selectedChild == "w0")
    #expect(hierarchy.onScreenOrder() == ["tabs", "w0"])

    let selected = try hierarchy.apply(.selectTab(.index(500), on: "tabs"))
    #expect(
      selected.events == [
        LifecycleEvent("w500", .viewDidLoad), LifecycleEvent("w500", .viewWillAppear(animated: false)),
        LifecycleEvent("w0", .viewWillDisappear(animated: false)),
        LifecycleEvent("w500", .viewIsAppearing(animated: false)),
        LifecycleEvent("w0", .viewDidDisappear(animated: false)),
        LifecycleEvent("w500", .viewDidAppear(animated: false)),
      ])

    // Every even tab stays; the selected w500 stays too, so it is kept.
    let evens = stride(from: 0, to: width, by: 2).map { "w\($0)" }
    let odds = stride(from: 1, to: width, by: 2).map { "w\($0)" }
    let kept = try hierarchy.apply(.setTabs(evens, on: "tabs"))
    #expect(hierarchy["tabs"]?.selectedChild == "w500")
    #expect(
      kept.events
        == odds.map { LifecycleEvent($0, .willMove(toParent: nil)) }
        + odds.map { LifecycleEvent($0, .didMove(toParent: nil)) }
        + odds.map { LifecycleEvent($0, .deinit) })

    // Without w500, the tab now at its index (250) is selected: w502.
    let withoutSelected = evens.filter { $0 != "w500" }
    let moved = try hierarchy.apply(.setTabs(withoutSelected, on: "tabs"))
    #expect(hierarchy["tabs"]?.selectedChild == withoutSelected[250])
    #expect(withoutSelected[250] == "w502")
    #expect(
      moved.events == [
        LifecycleEvent("w500", .willMove(toParent: nil)), LifecycleEvent("w502", .viewDidLoad),
        LifecycleEvent("w502", .viewWillAppear(animated: false)),
        LifecycleEvent("w500", .viewWillDisappear(animated: false)),
        LifecycleEvent("w502", .viewIsAppearing(animated: false)),
        LifecycleEvent("w500", .viewDidDisappear(animated: false)),
        LifecycleEvent("w502", .viewDidAppear(animated: false)),
        LifecycleEvent("w500", .didMove(toParent: nil)), LifecycleEvent("w500", .deinit),
      ])
    #expect(hierarchy.onScreenOrder() == ["tabs", "w502"])
  }

  @Test func aDeepNestReadFromAScenarioReplaysEveryStepWithoutAWarning() throws {
    let depth = 200
    let yaml =
      "controllers:\n" + (0..<depth).map { "  c\($0): { class: C, kind: container }\n" }.joined()
      + "steps:\n  - setRoot: c0\n"
      + (1..<depth).map { "  - addChild: c\($0)\n    to: c\($0 - 1)\n" }.joined()
    let replay = try replay(yaml)
    #expect(replay.warnings.isEmpty)
    var count = 0
    for (index, frame) in replay.frames.enumerated() where index > 0 {
      #expect(frame.events == Self.addedToScreen("c\(index)", parent: "c\(index - 1)"))
      count += 1
    }
    #expect(count == depth - 1)
    let last = try #require(replay.frames.last).hierarchy
    #expect(last.onScreenOrder() == Self.ids("c", 0..<depth))
  }

  // MARK: - Linear time and iterative walks

  /// Sizes chosen so that a step costing a walk of the whole hierarchy (as each once did) takes
  /// minutes in a debug build, and a step costing what it changes a second or two.
  @Test func aNestFiveThousandDeepIsBuiltOneChildAtATime() throws {
    let depth = 5_000
    var hierarchy = Hierarchy(viewControllers: Self.nestedContainers(depth))
    let steps = try Self.nest(&hierarchy, depth: depth)
    for index in 1..<depth where steps[index] != Self.addedToScreen("c\(index)", parent: "c\(index - 1)") {
      Issue.record("step \(index + 1): \(steps[index])")
    }
    #expect(hierarchy["c\(depth - 1)"]?.appearance == .appeared)
    #expect(hierarchy._checkInvariants().isEmpty)

    // Removing the bottom controller takes only it off the screen and releases it.
    let removed = try hierarchy.apply(.removeFromParent("c\(depth - 1)"))
    let last = "c\(depth - 1)"
    #expect(
      removed.events == [
        LifecycleEvent(last, .willMove(toParent: nil)), LifecycleEvent(last, .viewWillDisappear(animated: true)),
        LifecycleEvent(last, .viewDidDisappear(animated: true)), LifecycleEvent(last, .didMove(toParent: nil)),
        LifecycleEvent(last, .deinit),
      ])
  }

  @Test func tenThousandPushesOntoOneStackEachShowOnlyTheNewTop() throws {
    let count = 9_999
    var hierarchy = Hierarchy(
      viewControllers: [ViewController(id: "nav", className: "UINavigationController")] + Self.contents(count))
    _ = try hierarchy.apply(.setRoot("nav", window: "main"))
    for index in 0..<count {
      let outcome = try hierarchy.apply(.push("w\(index)", on: "nav"))
      let previous = index > 0 ? ["w\(index - 1)"] : []
      let expected =
        [LifecycleEvent("w\(index)", .willMove(toParent: "nav")), LifecycleEvent("w\(index)", .viewDidLoad)]
        + previous.map { LifecycleEvent($0, .viewWillDisappear(animated: true)) }
        + [
          LifecycleEvent("w\(index)", .viewWillAppear(animated: true)),
          LifecycleEvent("w\(index)", .viewIsAppearing(animated: true)),
        ]
        + previous.map { LifecycleEvent($0, .viewDidDisappear(animated: true)) }
        + [
          LifecycleEvent("w\(index)", .viewDidAppear(animated: true)),
          LifecycleEvent("w\(index)", .didMove(toParent: "nav")),
        ]
      if outcome.events != expected { Issue.record("push \(index): \(outcome.events)") }
    }
    #expect(hierarchy.onScreenOrder() == ["nav", "w\(count - 1)"])
    #expect(hierarchy["nav"]?.children.count == count)

    // A refused step leaves the hierarchy as it was, without a copy of it.
    let before = hierarchy
    #expect(throws: RuleViolation.self) { try hierarchy.apply(.push("w0", on: "nav")) }
    #expect(hierarchy == before)
    let popped = try hierarchy.apply(.pop("nav"))
    #expect(popped.events.last == LifecycleEvent("w\(count - 1)", .deinit))
    #expect(hierarchy.onScreenOrder() == ["nav", "w\(count - 2)"])
  }

  /// A state step of a chain `depth` deep, every controller on screen in window `main`; the last
  /// controller has `title`.
  static func chainState(depth: Int, title: String? = nil) -> String {
    func text(_ value: String?) -> String { value.map { "\"\($0)\"" } ?? "null" }
    let controllers = (0..<depth).map { index in
      """
      {"id":"c\(index)","class":"C","kind":"container","title":\(text(index == depth - 1 ? title : nil)),\
      "restorationIdentifier":null,"instance":1,"parent":\(text(index > 0 ? "c\(index - 1)" : nil)),\
      "children":[\(index < depth - 1 ? "\"c\(index + 1)\"" : "")],"selectedViewController":null,\
      "isCollapsed":null,"presentingViewController":null,"presentedViewController":null,\
      "modalPresentationStyle":null,"state":"appeared","isViewLoaded":true,"isViewInWindow":true,"window":"main"}
      """
    }
    return """
      {"steps":[{"number":1,"action":"setRoot: c0","windows":[{"id":"main","isKey":true,\
      "rootViewController":"c0","horizontalSizeClass":"regular"}],"viewControllers":[\
      \(controllers.joined(separator: ","))]}]}
      """
  }

  /// 20,000 deep: a walk that recursed once per level would overflow a thread's stack.
  @Test func aStateTwentyThousandDeepIsReadWrittenPrintedAndComparedWithoutRecursion() throws {
    let depth = 20_000
    let document = try StateDocument(jsonData: Data(Self.chainState(depth: depth).utf8), path: "a.json")
    let changed = try StateDocument(jsonData: Data(Self.chainState(depth: depth, title: "T").utf8), path: "b.json")
    let before = try Hierarchy(state: document.steps[0])
    let after = try Hierarchy(state: changed.steps[0])
    #expect(before.window(of: "c\(depth - 1)")?.id == "main")
    #expect(before.isViewInWindow("c\(depth - 1)"))

    // Written again, the step is what was read.
    let written = StateDocument.StepState(number: 1, action: "setRoot: c0", hierarchy: before)
    #expect(written.viewControllers.count == depth)
    #expect(written.viewControllers.allSatisfy { $0.window == "main" && $0.isViewInWindow })
    #expect(try Hierarchy(state: written) == before)

    #expect(HierarchyDiff(before: before, after: after).summary == ["~ c\(depth - 1) title none → \"T\""])
    #expect(HierarchyDiff(before: before, after: before).isEmpty)

    // The text dump and the outline indent each level, so their text grows with the square of the
    // depth: the walks they print in are checked 20,000 deep, the text 3,000 deep.
    #expect(before.printOrder.map(\.id) == Self.ids("c", 0..<depth))
    #expect(before.printOrder.last?.depth == depth - 1)
    let shallower = try Hierarchy(
      state: StateDocument(jsonData: Data(Self.chainState(depth: 3_000).utf8), path: "c.json").steps[0])
    #expect(HierarchyText(shallower).text.split(separator: "\n").count == 3_000)
    #expect(HierarchyOutline(shallower).text.contains("c2999  C  appeared"))
  }

  /// A child's place among many siblings is found from an index of them (``SiblingIndex``), made
  /// once for an array and trusted only where it names the child asked for: the same array
  /// reordered in place (same storage, same size) answers with the new places, a child not there
  /// with nil, and a few siblings are scanned.
  @Test func aChildsPlaceAmongManySiblingsFollowsTheArray() {
    var children = (0..<100).map { "c\($0)" }
    #expect(SiblingIndex.index(of: "c5", in: children) == 5)
    #expect(SiblingIndex.index(of: "c99", in: children) == 99)
    children.swapAt(5, 50)
    #expect(SiblingIndex.index(of: "c5", in: children) == 50)
    #expect(SiblingIndex.index(of: "c50", in: children) == 5)
    #expect(SiblingIndex.index(of: "c7", in: children) == 7)
    #expect(SiblingIndex.index(of: "missing", in: children) == nil)
    let few = ["a", "b", "c"]
    #expect(SiblingIndex.index(of: "c", in: few) == 2)
    // Every child of a wide stack, as a scan finds it.
    let wide = (0..<1_000).map { "w\($0)" }
    #expect(wide.indices.allSatisfy { SiblingIndex.index(of: wide[$0], in: wide) == $0 })
  }
}
