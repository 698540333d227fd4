import Testing
import VCGraph
import VCGraphviz

/// The graph a ``Diagram`` hands to Graphviz: which nodes, clusters and edges it holds, before any C call.
@Suite struct DiagramGraphTests {
  @Test func drawsOneNodePerControllerInTheWindowAndOneEdgePerRelation() throws {
    let graph = try lastDiagram(loginFlowScenario).graph

    #expect(graph.windowIDs == ["main"])
    #expect(Set(graph.controllerIDs) == ["nav", "home", "login"])
    #expect(graph.nodes.count == 4)
    #expect(graph.drawnEdges.count == 3)

    let root = try #require(graph.edges(from: "window:main", to: "vc:nav").first)
    #expect(root.labelText == "root")
    #expect(!root.isDashed)

    // A child's role is written on its node; its edge has no label.
    let child = try #require(graph.edges(from: "vc:nav", to: "vc:home").first)
    #expect(child.labelText == "")
    #expect(graph.role(ofController: "home") == "stack[0] · top")
    #expect(!child.isDashed)

    // UIKit forwards a full-screen presentation to the root; the presented controller's box names
    // the style and the controller the call was made on.
    let presentation = try #require(graph.edges(from: "vc:nav", to: "vc:login").first)
    #expect(presentation.isDashed)
    #expect(graph.role(ofController: "login") == "presented · fullScreen")
    #expect(graph.text(ofNode: "vc:login").contains("called on home"), "the box names the source, home")
    #expect(graph.edges(from: "vc:home", to: "vc:login").isEmpty)
  }

  @Test func declaredButUnattachedControllersAreNotDrawn() throws {
    let graph = try lastDiagram(loginFlowScenario).graph
    #expect(graph.node(named: "vc:unused") == nil)
    #expect(!graph.edges.contains { $0.head == "vc:unused" || $0.tail == "vc:unused" })
  }

  @Test func controllersLeftOutOfTheHierarchyAreNotDrawn() throws {
    let graph = try lastDiagram(
      """
      controllers:
        nav: UINavigationController
        a: A
        b: B
        split: UISplitViewController
        note: Note
        other: Other
        detail: UINavigationController
      steps:
        - setRoot: nav
        - push: a
          on: nav
        - push: b
          on: nav
        - pop: nav
        - setViewControllers: [note]
          on: detail
        - setViewControllers: [other]
          on: detail
      """
    ).graph
    // b was pushed and popped, note replaced: both loaded a view once, neither has a relation now.
    #expect(Set(graph.controllerIDs) == ["nav", "a", "detail", "other"])
    #expect(graph.node(named: "vc:b") == nil)
    #expect(graph.node(named: "vc:note") == nil)
    #expect(graph.node(named: "vc:split") == nil)
  }

  @Test func stackRolesMarkOnlyTheTop() throws {
    let graph = try lastDiagram(
      """
      controllers:
        nav: UINavigationController
        a: A
        b: B
        c: C
      steps:
        - setViewControllers: [a, b]
          on: nav
        - setRoot: nav
        - push: c
          on: b
      """
    ).graph
    #expect(["a", "b", "c"].map { graph.role(ofController: $0) } == ["stack[0]", "stack[1]", "stack[2] · top"])
    // The stack is a column: each controller below the one it was pushed on.
    #expect(graph.edges(from: "vc:nav", to: "vc:a").count == 1)
    #expect(graph.edges(from: "vc:a", to: "vc:b").map { $0.attributes["id"] } == ["edge-child-nav~b"])
    #expect(graph.edges(from: "vc:b", to: "vc:c").map { $0.attributes["id"] } == ["edge-child-nav~c"])
    #expect(graph.edges(from: "vc:nav", to: "vc:b").isEmpty)
    #expect(graph.edges(from: "vc:nav", to: "vc:c").isEmpty)
  }

  @Test func tabRolesMarkTheSelectedTab() throws {
    let yaml = """
      controllers:
        tabs: UITabBarController
        a: A
        b: B
        c: C
      steps:
        - setTabs: [a, b, c]
          on: tabs
        - setRoot: tabs
        - selectTab: 2
          on: tabs
        - selectTab: a
          on: tabs
      """
    let replay = try replay(yaml)
    // Nothing folded, so that the tabs that are off screen are drawn too.
    func graph(_ step: Int) throws -> GraphDescription {
      var drawn = try diagram(replay, step: step)
      drawn.folding = Folding(mode: .none)
      return drawn.graph
    }
    let third = try graph(3)
    #expect(["a", "b", "c"].map { third.role(ofController: $0) } == ["tab 0", "tab 1", "tab 2 · selected"])
    let fourth = try graph(4)
    #expect(["a", "b", "c"].map { fourth.role(ofController: $0) } == ["tab 0 · selected", "tab 1", "tab 2"])
    // Tabs keep their order left to right: an invisible flat edge from each to the next.
    let order = fourth.edges.filter { $0.attributes["class"] == "order" }.map { [$0.tail, $0.head] }
    #expect(order == [["vc:a", "vc:b"], ["vc:b", "vc:c"]])
    #expect(fourth.edges.filter { $0.attributes["class"] == "order" }.allSatisfy { $0.attributes["minlen"] == "0" })
    // The shown child's edge is drawn darker than the hidden ones'.
    let colors = ["a", "b", "c"].map { fourth.edges(from: "vc:tabs", to: "vc:\($0)").first?.attributes["color"] }
    #expect(colors[1] == colors[2])
    #expect(colors[0] != colors[1])
  }

  @Test func splitColumnsAndCustomContainerChildrenAreLabelled() throws {
    let graph = try lastDiagram(
      """
      controllers:
        split: UISplitViewController
        list: List
        player: { class: Player, kind: container }
        artwork: Artwork
        lyrics: Lyrics
      steps:
        - setViewControllers: [list, player]
          on: split
        - setRoot: split
        - addChild: artwork
          to: player
        - addChild: lyrics
          to: player
      """
    ).graph
    #expect(
      ["list", "player", "artwork", "lyrics"].map { graph.role(ofController: $0) } == [
        "primary", "secondary", "child 0", "child 1",
      ])
    #expect(graph.edges(from: "vc:split", to: "vc:list").count == 1)
    #expect(graph.edges(from: "vc:split", to: "vc:player").count == 1)
    #expect(graph.edges(from: "vc:player", to: "vc:artwork").count == 1)
    #expect(graph.edges(from: "vc:player", to: "vc:lyrics").count == 1)
  }

  @Test func anAutomaticPresentationShowsTheStyleUIKitResolvesItTo() throws {
    let graph = try lastDiagram(
      """
      controllers:
        nav: UINavigationController
        home: Home
        compose: Compose
      steps:
        - setViewControllers: [home]
          on: nav
        - setRoot: nav
        - present: compose
          from: home
      """
    ).graph
    let edge = try #require(graph.edges(from: "vc:nav", to: "vc:compose").first)
    #expect(edge.isDashed)
    #expect(graph.role(ofController: "compose") == "presented · automatic → formSheet")
    #expect(graph.text(ofNode: "vc:compose").contains("called on home"))
  }

  @Test func aPresentationMadeByItsSourceDoesNotNameTheSource() throws {
    let graph = try lastDiagram(
      """
      controllers:
        root: Root
        sheet: Sheet
      steps:
        - setRoot: root
        - present: sheet
          from: root
          style: formSheet
      """
    ).graph
    #expect(graph.edges(from: "vc:root", to: "vc:sheet").count == 1)
    #expect(graph.role(ofController: "sheet") == "presented · formSheet")
    #expect(!graph.text(ofNode: "vc:sheet").contains("called on"))
  }

  @Test func chainedPresentationsEachGetADashedEdgeUntilDismissed() throws {
    let replay = try sampleReplay("chained-presentations.yaml")
    let chain = try diagram(replay, step: 4).graph
    let styles = [
      ("root", "onboarding", "fullScreen"), ("onboarding", "permissions", "pageSheet"),
      ("permissions", "alert", "custom"),
    ]
    for (presenter, presented, style) in styles {
      let edges = chain.edges(from: "vc:\(presenter)", to: "vc:\(presented)")
      #expect(edges.count == 1, "\(presenter) → \(presented)")
      #expect(edges.allSatisfy { $0.isDashed }, "\(presenter) → \(presented)")
      #expect(chain.role(ofController: presented) == "presented · \(style)", "\(presented)")
    }
    #expect(chain.drawnEdges.count == 4)

    // Dismissing from the middle removes everything above onboarding.
    let dismissed = try diagram(replay, step: 5).graph
    #expect(Set(dismissed.controllerIDs) == ["root", "onboarding"])
    #expect(dismissed.drawnEdges.count == 2)
  }

  @Test func controllersOutsideAnyWindowAreDrawnInTheDetachedCluster() throws {
    let replay = try sampleReplay("navigation.yaml")
    let first = try diagram(replay, step: 1).graph
    #expect(first.windowIDs.isEmpty)
    #expect(Set(first.controllerIDs) == ["nav", "inbox"])
    #expect(first.node(named: "vc:nav")?.cluster == "cluster_detached")
    #expect(first.node(named: "vc:inbox")?.cluster == "cluster_detached")
    #expect(first.clusters.map(\.name) == ["cluster_detached"])
    #expect(first.edges(from: "vc:nav", to: "vc:inbox").count == 1)
    #expect(first.role(ofController: "inbox") == "stack[0] · top")

    // Once the window shows the navigation controller, nothing is detached.
    let second = try diagram(replay, step: 2).graph
    #expect(second.node(named: "vc:nav")?.cluster == "cluster_window_main")
    #expect(second.node(named: "vc:inbox")?.cluster == "cluster_window_main")
    #expect(second.node(named: "window:main")?.cluster == "cluster_window_main")
    #expect(!second.clusters.map(\.name).contains("cluster_detached"))
  }

  @Test func windowsAndDetachedControllersEachGetTheirOwnCluster() throws {
    let graph = try lastDiagram(
      """
      controllers:
        a: A
        b: B
        nav: UINavigationController
        loose: Loose
      steps:
        - setRoot: a
        - setRoot: b
          window: other
        - setViewControllers: [loose]
          on: nav
      """
    ).graph
    #expect(graph.windowIDs == ["main", "other"])
    #expect(graph.node(named: "window:other")?.cluster == "cluster_window_other")
    #expect(graph.node(named: "vc:a")?.cluster == "cluster_window_main")
    #expect(graph.node(named: "vc:b")?.cluster == "cluster_window_other")
    #expect(graph.node(named: "vc:nav")?.cluster == "cluster_detached")
    #expect(graph.node(named: "vc:loose")?.cluster == "cluster_detached")
    #expect(
      Set(graph.clusters.map(\.name)) == ["cluster_window_main", "cluster_window_other", "cluster_detached"])
    #expect(graph.edges(from: "window:other", to: "vc:b").map(\.labelText) == ["root"])
  }

  @Test func nodesCarryTheIDsTheSVGGroupsGet() throws {
    let graph = try lastDiagram(loginFlowScenario).graph
    #expect(graph.node(named: "window:main")?.attributes["id"] == "window-main")
    for id in ["nav", "home", "login"] {
      #expect(graph.node(named: Diagram.nodeName(ofController: id))?.attributes["id"] == "vc-" + id)
    }
    #expect(Diagram.nodeName(ofController: "nav") == "vc:nav")
    #expect(Diagram.nodeName(ofWindow: "main") == "window:main")
  }

  @Test func controllersWhoseViewIsNotLoadedAreDashed() throws {
    let replay = try sampleReplay("tab-bar.yaml")
    // Step 4: the tab bar is in the window; only the first tab's stack has loaded.
    let graph = try diagram(replay, step: 4).graph
    func isDashed(_ id: String) throws -> Bool {
      let node = try #require(graph.node(named: "vc:" + id))
      return (node.attributes["style"] ?? "").split(separator: ",").contains("dashed")
    }
    #expect(try isDashed("profileNav"))
    #expect(try isDashed("profile"))
    #expect(try !isDashed("feedNav"))
    #expect(try !isDashed("tabs"))
  }

  @Test func theGraphLabelNamesTitleStepActionAndCaption() throws {
    let graph = try lastDiagram(loginFlowScenario).graph
    let label = plainText(ofHTML: graph.attributes["label"] ?? "")
    #expect(label.contains("Login"))
    #expect(label.lowercased().contains("step 3 of 3"))
    #expect(label.contains("present login from home"))
    #expect(label.contains("Login covers the whole screen"))
  }

  /// Every frame of every sample, folding nothing: exactly the attached controllers, each in its
  /// window's cluster, and exactly one drawn edge per relation of the hierarchy, worked out here
  /// from the model alone; a navigation controller's children each from the one below it.
  @Test(arguments: sampleNames)
  func everyFrameDrawsExactlyItsRelations(sample: String) throws {
    let replay = try sampleReplay(sample)
    for frame in replay.frames {
      let hierarchy = frame.hierarchy
      var diagram = Diagram(frame: frame, stepCount: replay.scenario.steps.count, title: replay.scenario.title)
      diagram.folding = Folding(mode: .none)
      let graph = diagram.graph
      let step = "\(sample) step \(frame.step.number)"

      let attached = attachedControllers(hierarchy)
      #expect(graph.controllerIDs.sorted() == attached.sorted(), "\(step)")
      #expect(graph.windowIDs == hierarchy.windows.map(\.id), "\(step)")
      #expect(Set(graph.nodes.map(\.name)).count == graph.nodes.count, "\(step): node names repeat")
      for id in attached {
        let cluster = hierarchy.window(of: id).map { "cluster_window_\($0.id)" } ?? "cluster_detached"
        #expect(graph.node(named: "vc:" + id)?.cluster == cluster, "\(step): \(id)")
        // A child's role, or how a presented controller is presented, is written on its node.
        if let presenter = hierarchy[id]?.presenter {
          let style = hierarchy[presenter]?.presentation?.style?.rawValue ?? "style unknown"
          #expect(graph.role(ofController: id)?.hasPrefix("presented · \(style)") == true, "\(step): \(id)")
        } else {
          #expect(graph.role(ofController: id) == hierarchy.role(of: id)?.description, "\(step): role of \(id)")
        }
      }

      var expected: [String] = []
      for window in hierarchy.windows {
        if let root = window.rootViewController { expected.append("window:\(window.id) → vc:\(root)") }
      }
      for id in attached {
        let controller = try #require(hierarchy[id])
        for (index, child) in controller.children.enumerated() {
          let tail = controller.kind == .navigation && index > 0 ? controller.children[index - 1] : id
          expected.append("vc:\(tail) → vc:\(child)")
        }
        if let presentation = controller.presentation { expected.append("vc:\(id) → vc:\(presentation.presented)") }
      }
      #expect(graph.drawnEdges.map { "\($0.tail) → \($0.head)" }.sorted() == expected.sorted(), "\(step)")

      for edge in graph.drawnEdges where edge.tail.hasPrefix("vc:") {
        let head = String(edge.head.dropFirst(3))
        let id = edge.attributes["id"] ?? ""
        if let parent = hierarchy[head]?.parent, id == "edge-child-\(parent)~\(head)" {
          #expect(edge.labelText == "", "\(step): \(edge.tail) → \(edge.head)")
          #expect(!edge.isDashed, "\(step): \(edge.tail) → \(edge.head)")
        } else {
          #expect(id.hasPrefix("edge-presentation-"), "\(step): \(id)")
          #expect(edge.isDashed, "\(step): presentation \(edge.tail) → \(edge.head)")
          // Beside its presenter, on its rank: an edge that may be flat has no label (Graphviz 2.42).
          #expect(edge.labelText == "", "\(step): \(edge.tail) → \(edge.head)")
          #expect(edge.attributes["minlen"] == "0", "\(step): \(edge.tail) → \(edge.head)")
        }
      }
    }
  }
}
