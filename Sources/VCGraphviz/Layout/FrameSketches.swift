import Foundation
import VCGraph

/// The graphs of a scenario's frames at one fold level, in each theme, every node, edge, cluster
/// and list of attributes they share stored once: what the stable layout lays out, and what each
/// frame is drawn from.
///
/// Sketching builds each frame's diagram and graph once, in one pass over the frames, and keeps
/// only the numbers of its pieces: thousands of frames of one flow draw a few hundred different
/// boxes, so the sketches of a long scenario take little more memory than those of a short one.
/// A frame's header, its own, keeps only its text apart from the legend, which is shared. The
/// sketches are Codable: the worker that lays a scenario out hands them, with the layout, to the
/// others that draw its frames, which then need no replay of their own.
struct FrameSketches: Codable, Sendable {
  /// A frame's graph by the numbers of its pieces.
  struct Sketch: Codable, Sendable {
    /// The graph's attributes, its header left out.
    var attributes: Int
    var header: Header?
    var nodeDefaults: Int
    var edgeDefaults: Int
    var clusters: [Int]
    var nodes: [Int]
    var edges: [Int]
  }

  /// A frame's header (the graph's `label`): where it stands among the graph's attributes, and its
  /// text around the legend it shares with other frames.
  struct Header: Codable, Sendable {
    var position: Int
    var isHTML: Bool
    var head: String
    /// The shared legend's number; nil when the text holds no legend of the list.
    var legend: Int?
    var tail: String
  }

  /// One frame: its graph in each theme, in the order of the themes, and the sides its index entry
  /// lists (with `--size-classes`).
  struct Frame: Codable, Sendable {
    var graphs: [Sketch]
    var sides: [RenderIndex.Side]?
  }

  /// The level every frame is folded at.
  let level: FoldLevel
  /// The controllers with a place of their own (see ``ScenarioLayout/controllersWithSeveralPlaces(in:level:)``).
  let pinned: Set<String>
  private(set) var frames: [Frame] = []
  /// True when some frame draws a controller the level would place at two places; its sketches
  /// must be made again with them pinned (``several``).
  private(set) var several: Set<String> = []

  private var nodes = Pieces<GraphDescription.Node>()
  private var edges = Pieces<GraphDescription.Edge>()
  private var clusters = Pieces<GraphDescription.Cluster>()
  private var attributeLists = Pieces<[GraphDescription.Attribute]>()
  private var legends = Pieces<String>()
  /// The place each controller was first drawn at, to find those drawn at several.
  private var places: [String: String] = [:]

  private enum CodingKeys: String, CodingKey {
    case level, pinned, frames, nodes, edges, clusters, attributeLists, legends
  }

  /// Sketches the frames' `diagrams` at `level` in each theme, pinning `pinned`.
  init(
    _ diagrams: some Sequence<Diagram>, level: FoldLevel, pinned: Set<String>, themes: [Theme]
  ) {
    self.level = level
    self.pinned = pinned
    for diagram in diagrams { add(diagram, themes: themes) }
  }

  /// How many frames are sketched.
  var count: Int { frames.count }

  /// The number of distinct nodes the frames draw, over all themes: what sketching keeps once.
  var distinctNodes: Int { nodes.list.count }

  /// The graph of frame number `frame` (from 0) in the theme number `theme`, as
  /// ``Diagram/graph(level:pinned:wrapping:placing:)`` made it.
  func graph(frame: Int, theme: Int) -> GraphDescription {
    let sketch = frames[frame].graphs[theme]
    var graph = GraphDescription()
    graph.attributes = attributeLists.list[sketch.attributes]
    if let header = sketch.header {
      let text = header.head + (header.legend.map { legends.list[$0] } ?? "") + header.tail
      let label = header.isHTML ? GraphDescription.Attribute("label", html: text) : .init("label", text)
      graph.attributes.insert(label, at: min(header.position, graph.attributes.count))
    }
    graph.nodeDefaults = attributeLists.list[sketch.nodeDefaults]
    graph.edgeDefaults = attributeLists.list[sketch.edgeDefaults]
    graph.clusters = sketch.clusters.map { clusters.list[$0] }
    graph.nodes = sketch.nodes.map { nodes.list[$0] }
    graph.edges = sketch.edges.map { edges.list[$0] }
    return graph
  }

  /// The graphs of every frame in the theme number `theme`, made one at a time as they are read.
  func graphs(theme: Int, frames range: Range<Int>? = nil) -> some Sequence<GraphDescription> {
    (range ?? 0..<frames.count).lazy.map { graph(frame: $0, theme: theme) }
  }

  private mutating func add(_ diagram: Diagram, themes: [Theme]) {
    var sketches: [Sketch] = []
    for (index, theme) in themes.enumerated() {
      var themed = diagram
      themed.theme = theme
      // The places are the same in every theme: noted once.
      var drawn: [(controller: String, place: String)] = []
      let graph =
        index == 0
        ? themed.graph(level: level, pinned: pinned) { drawn.append(($0, $1)) }
        : themed.graph(level: level, pinned: pinned)
      for (controller, place) in drawn {
        if let known = places[controller] {
          if known != place, !pinned.contains(controller) { several.insert(controller) }
        } else {
          places[controller] = place
        }
      }
      sketches.append(sketch(of: graph, legends: themed.legends))
    }
    frames.append(
      Frame(graphs: sketches, sides: diagram.sides.isEmpty ? nil : diagram.sides.map(RenderIndex.Side.init)))
  }

  private mutating func sketch(of graph: GraphDescription, legends shared: [String]) -> Sketch {
    var attributes = graph.attributes
    var header: Header?
    if let position = attributes.lastIndex(where: { $0.name == "label" }) {
      let label = attributes.remove(at: position)
      header = Header(position: position, isHTML: label.isHTML, head: label.value, legend: nil, tail: "")
      for legend in shared where !legend.isEmpty {
        guard let (head, tail) = Self.split(label.value, around: legend) else { continue }
        header?.head = head
        header?.tail = tail
        header?.legend = legends.number(of: legend)
        break
      }
    }
    return Sketch(
      attributes: attributeLists.number(of: attributes), header: header,
      nodeDefaults: attributeLists.number(of: graph.nodeDefaults),
      edgeDefaults: attributeLists.number(of: graph.edgeDefaults),
      clusters: graph.clusters.map { clusters.number(of: $0) }, nodes: graph.nodes.map { nodes.number(of: $0) },
      edges: graph.edges.map { edges.number(of: $0) })
  }
}

extension FrameSketches {
  /// The text before and after the first `part` in `text`; nil when `part` is not in it.
  static func split(_ text: String, around part: String) -> (String, String)? {
    var text = text
    var part = part
    return text.withUTF8 { whole in
      part.withUTF8 { needle -> (String, String)? in
        guard let base = whole.baseAddress, let wanted = needle.baseAddress, let first = needle.first,
          needle.count <= whole.count,
          let start = (0...(whole.count - needle.count)).first(where: {
            whole[$0] == first && memcmp(base + $0, wanted, needle.count) == 0
          })
        else { return nil }
        return (
          String(decoding: UnsafeBufferPointer(rebasing: whole[..<start]), as: UTF8.self),
          String(decoding: UnsafeBufferPointer(rebasing: whole[(start + needle.count)...]), as: UTF8.self)
        )
      }
    }
  }
}

/// Values stored once each, by number in the order first seen.
private struct Pieces<Piece: Hashable & Codable & Sendable>: Codable, Sendable {
  private(set) var list: [Piece] = []
  private var numbers: [Piece: Int] = [:]

  private enum CodingKeys: String, CodingKey { case list }

  init() {}

  init(from decoder: any Decoder) throws {
    list = try decoder.container(keyedBy: CodingKeys.self).decode([Piece].self, forKey: .list)
  }

  /// The number of `piece`, stored if it is new.
  mutating func number(of piece: Piece) -> Int {
    if let number = numbers[piece] { return number }
    numbers[piece] = list.count
    list.append(piece)
    return list.count - 1
  }
}
