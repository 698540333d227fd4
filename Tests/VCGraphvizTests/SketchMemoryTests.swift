import Foundation
import Testing
import VCGraph

@testable import VCGraphviz

/// What a long scenario's sketches keep for the whole drawing (issue 26: the memory of 2,000
/// frames at most 1.10× that of 100): each distinct node as numbers of texts stored once, each
/// frame's header as the few bytes it does not share with a reference.
@Suite struct SketchMemoryTests {
  /// A box as the diagram draws a controller: plain attributes around an HTML label of rows.
  static func box(
    _ name: String, instance: Int?, color: String = "#6E6E73", cluster: String? = "cluster_w"
  )
    -> GraphDescription.Node
  {
    let rows = [
      "<TR><TD><FONT POINT-SIZE=\"9\" COLOR=\"#8E8E93\"><B>CONTENT</B></FONT></TD></TR>",
      "<TR><TD><FONT POINT-SIZE=\"12\" COLOR=\"\(color)\"><B>ScreenViewController</B></FONT></TD></TR>",
      "<TR><TD><FONT POINT-SIZE=\"10\">\(name) · “\(name)”\(instance.map { " · instance \($0)" } ?? "")</FONT></TD></TR>",
    ]
    return .init(
      name: "vc:" + name, cluster: cluster,
      attributes: [
        .init("class", "vc kind-content"), .init("color", color),
        .init("label", html: "<TABLE BORDER=\"0\">" + rows.joined() + "</TABLE>"),
        .init("tooltip", "ScreenViewController · id \(name) · “\(name)”"), .init("width", "2.25"),
      ])
  }

  /// A node stored is given back byte for byte, before and after what finds numbers is dropped and
  /// through JSON (the layout another worker reads); an equal node gets the same number.
  @Test func nodeVariantsGiveBackTheNodesStored() throws {
    var variants = NodeVariants()
    let nodes = [
      Self.box("home", instance: nil), Self.box("home", instance: 2), Self.box("home", instance: nil, color: "#C9A09C"),
      Self.box("detail", instance: nil, cluster: nil),
      GraphDescription.Node(
        name: "window:main", attributes: [.init("label", html: ""), .init("shape", "box")], slot: "w"),
      GraphDescription.Node(name: "plain", attributes: []),
    ]
    let numbers = nodes.map { variants.number(of: $0) }
    #expect(numbers == Array(0..<nodes.count))
    #expect(nodes.map { variants.number(of: $0) } == numbers)
    #expect(variants.number(of: Self.box("home", instance: 3)) == nodes.count)
    variants.forgetNumbers()
    let read = try JSONDecoder().decode(NodeVariants.self, from: try JSONEncoder().encode(variants))
    for (number, node) in nodes.enumerated() {
      for kept in [variants[number], read[number]] {
        #expect(kept == node)
        #expect(kept.attributes.map(\.name) == node.attributes.map(\.name))
        #expect(kept.attributes.map { Array($0.value.utf8) } == node.attributes.map { Array($0.value.utf8) })
        #expect(kept.attributes.map(\.isHTML) == node.attributes.map(\.isHTML))
      }
    }
  }

  /// A new instance of a controller costs its one new row, kept as the few bytes it does not share
  /// with the row of the first instance, not a label and attribute list of its own: the plain
  /// attribute lists do not grow at all.
  @Test func aNewInstanceCostsAFewBytes() {
    var variants = NodeVariants()
    _ = variants.number(of: Self.box("home", instance: 1))
    let (texts, bytes, lists) = (variants.textCount, variants.textBytes, variants.listCount)
    for instance in 2...200 { _ = variants.number(of: Self.box("home", instance: instance)) }
    #expect(variants.count == 200)
    #expect(variants.textCount == texts + 199)
    #expect(variants.textBytes <= bytes + 3 * 199, "\(variants.textBytes - bytes) bytes")
    #expect(variants.listCount == lists)
    variants.forgetNumbers()
    #expect(variants[150] == Self.box("home", instance: 151))
  }

  /// A flow that pushes and pops one controller after another, each push a new instance, `cycles`
  /// times.
  static func flow(cycles: Int) -> String {
    var lines = [
      "title: A flow", "controllers:", "  nav: UINavigationController",
      "  root: { class: RootViewController, title: Root }",
      "  a: { class: AViewController, title: A }", "  b: { class: BViewController, title: B }", "steps:",
      "  - setViewControllers: [root]", "    on: nav", "  - setRoot: nav",
    ]
    for _ in 0..<cycles {
      lines += ["  - push: a", "    on: nav", "  - push: b", "    on: nav", "  - pop: nav", "  - pop: nav"]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Every frame's graph comes back from the sketches as the diagram made it, header included,
  /// while the headers keep a few bytes each (the step number and the action that change from one
  /// frame to the next), and the new boxes of a longer flow (new instances) a few bytes each: what
  /// sketches keep grows with what the frames draw that is new, not with the size of their labels.
  @Test func longFlowsSketchesKeepAFewBytesAFrame() throws {
    func sketched(cycles: Int) throws -> FrameSketches {
      let replay = try replay(Self.flow(cycles: cycles))
      let diagrams = Array(Diagram.frames(of: ReplayedScenario(replay), options: DrawingOptions()))
      let sketches = FrameSketches(diagrams, level: .all, pinned: [], themes: [.light])
      #expect(sketches.count == 2 + 4 * cycles)
      for (index, diagram) in diagrams.enumerated() {
        var themed = diagram
        themed.theme = .light
        let graph = themed.graph(level: .all, pinned: [])
        let sketched = sketches.graph(frame: index, theme: 0)
        #expect(sketched == graph, "frame \(index + 1)")
        #expect(
          sketched.attributes["label"].map { Array($0.utf8) } == graph.attributes["label"].map { Array($0.utf8) })
      }
      #expect(sketches.headerBytes <= 16 * sketches.count, "\(sketches.headerBytes) bytes")
      return sketches
    }
    let short = try sketched(cycles: 15)
    let long = try sketched(cycles: 30)
    let newNodes = long.distinctNodes - short.distinctNodes
    #expect(newNodes >= 30)
    #expect(
      long.nodeTextBytes - short.nodeTextBytes <= 16 * newNodes, "\(long.nodeTextBytes - short.nodeTextBytes) bytes")
  }
}
