import Testing
import VCGraph
import VCGraphviz

/// What `render --events` adds to a diagram, and the markers for split views, size classes and instances.
@Suite struct DiagramEventsTests {
  static let pushScenario = """
    controllers:
      nav: UINavigationController
      inbox: InboxViewController
      message: MessageViewController
    steps:
      - setViewControllers: [inbox]
        on: nav
      - setRoot: nav
      - push: message
        on: nav
    """

  private func text(_ graph: GraphDescription) -> String { plainText(ofHTML: graph.attributes["label"] ?? "") }

  private func nodeText(_ graph: GraphDescription, _ id: String) -> String {
    plainText(ofHTML: graph.node(named: "vc:\(id)")?.attributes["label"] ?? "")
  }

  @Test func thePanelListsTheStepsCallbacksNumberedInUIKitsOrder() throws {
    let replayed = try replay(Self.pushScenario)
    let frame = try #require(replayed.frames.last)
    let graph = Diagram(frame: frame, stepCount: 3, title: nil, showsEvents: true).graph
    let header = text(graph)
    #expect(header.contains("CALLBACKS IN THIS STEP"))
    let expected = [
      "1 message willMove(toParent: nav)", "2 message viewDidLoad()", "3 inbox viewWillDisappear(animated: true)",
      "4 message viewWillAppear(animated: true)", "5 message viewIsAppearing(animated: true)",
      "6 inbox viewDidDisappear(animated: true)", "7 message viewDidAppear(animated: true)",
      "8 message didMove(toParent: nav)",
    ]
    // Callbacks run down one column; each line appears whole and in order.
    var rest = Substring(header)
    for line in expected {
      let range = try #require(rest.range(of: line), "missing or out of order: \(line)")
      rest = rest[range.upperBound...]
    }
    #expect(nodeText(graph, "message").contains("callbacks 1, 2, 4, 5, 7, 8"))
    #expect(nodeText(graph, "inbox").contains("callbacks 3, 6"))
    #expect(!nodeText(graph, "nav").contains("callback"), "nav gets no callback when pushing")
  }

  @Test func withoutEventsTheDiagramHasNoPanelAndNoNumbers() throws {
    let frame = try #require(try replay(Self.pushScenario).frames.last)
    let graph = Diagram(frame: frame, stepCount: 3, title: nil).graph
    #expect(!text(graph).contains("CALLBACKS"))
    #expect(!graph.nodes.contains { plainText(ofHTML: $0.attributes["label"] ?? "").contains("callback") })
  }

  @Test func aStepWithoutCallbacksSaysSo() throws {
    let replayed = try replay(
      """
      controllers:
        a: A
        b: B
      steps:
        - setRoot: a
        - setRoot: b
          window: second
        - makeKey: second
      """)
    let frame = try #require(replayed.frames.last)
    let header = text(Diagram(frame: frame, stepCount: 3, title: nil, showsEvents: true).graph)
    #expect(header.contains("none: no view appeared, disappeared, loaded or moved"))
  }

  @Test func aLongStepIsCutWithACountOfTheRest() throws {
    let ids = (1...70).map { "c\($0)" }
    let yaml =
      "controllers:\n  box: { class: Box, kind: container }\n"
      + ids.map { "  \($0): Child\n" }.joined()
      + "steps:\n" + ids.map { "  - addChild: \($0)\n    to: box\n" }.joined()
      + "  - setRoot: box\n"
    let frame = try #require(try replay(yaml).frames.last)
    #expect(
      frame.events.count == 213, "box and its 70 children each get viewWillAppear, viewIsAppearing and viewDidAppear")
    let graph = Diagram(frame: frame, stepCount: 71, title: nil, showsEvents: true).graph
    let header = text(graph)
    // A window's root appears without animation.
    #expect(header.contains("60 c59 viewWillAppear(animated: false)"))
    #expect(!header.contains("61 "))
    #expect(header.contains("… and 153 more (vcgraph events lists them all)"))
  }

  @Test func splitViewsWindowsAndNewInstancesAreMarked() throws {
    let replayed = try replay(
      """
      controllers:
        split: UISplitViewController
        list: ListViewController
        detail: DetailViewController
        nav: UINavigationController
        page: PageViewController
      steps:
        - setSplit: { primary: list, secondary: detail }
          on: split
        - setRoot: split
        - setTraits: { horizontalSizeClass: compact }
        - setViewControllers: [page]
          on: nav
        - setViewControllers: []
          on: nav
        - setViewControllers: [page]
          on: nav
      """)
    let expanded = Diagram(frame: replayed.frames[1], stepCount: 6, title: nil).graph
    #expect(nodeText(expanded, "split").hasPrefix("SPLIT VIEW · EXPANDED"))
    #expect(expanded.edges(from: "vc:split", to: "vc:detail").count == 1)
    #expect(expanded.role(ofController: "detail") == "secondary")

    let collapsed = Diagram(frame: replayed.frames[2], stepCount: 6, title: nil).graph
    #expect(nodeText(collapsed, "split").hasPrefix("SPLIT VIEW · COLLAPSED"))
    // A plain primary: the secondary column stays a child but is hidden.
    #expect(collapsed.edges(from: "vc:split", to: "vc:detail").count == 1)
    #expect(collapsed.role(ofController: "detail") == "secondary · hidden")
    let window = plainText(ofHTML: collapsed.node(named: "window:main")?.attributes["label"] ?? "")
    #expect(window.contains("main · key window · compact width"))

    let again = Diagram(frame: replayed.frames[5], stepCount: 6, title: nil).graph
    #expect(nodeText(again, "page").contains("page · instance 2"))
    #expect(!nodeText(Diagram(frame: replayed.frames[3], stepCount: 6, title: nil).graph, "page").contains("instance"))
  }
}
