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
  /// A frame's graph by the numbers of its pieces (32 bits each: a scenario's frames draw far fewer
  /// than 2³¹ different pieces, and a long scenario keeps one sketch a frame).
  struct Sketch: Codable, Sendable {
    /// The graph's attributes, its header left out.
    var attributes: Int32
    var header: Header?
    var nodeDefaults: Int32
    var edgeDefaults: Int32
    /// The numbers of its clusters, nodes and edges, in the graph's order.
    var clusters: [Int32]
    var nodes: [Int32]
    var edges: [Int32]

    /// This sketch with its lists of numbers taken from `lists` when there (an equal list), else
    /// added to them.
    fileprivate func sharing(_ lists: inout Set<[Int32]>) -> Sketch {
      func shared(_ list: [Int32]) -> [Int32] {
        if let known = lists.firstIndex(of: list) { return lists[known] }
        lists.insert(list)
        return list
      }
      var sketch = self
      (sketch.clusters, sketch.nodes, sketch.edges) = (shared(clusters), shared(nodes), shared(edges))
      return sketch
    }
  }

  /// A frame's header (the graph's `label`): where it stands among the graph's attributes, and its
  /// text around the legend it shares with other frames.
  struct Header: Codable, Sendable {
    var position: Int32
    var isHTML: Bool
    /// The text before the legend, by what it does not share with an earlier frame's.
    var head: SharedText
    /// The shared legend's number; -1 when the text holds no legend of the list.
    var legend: Int32
    /// The text after the legend, by number (frames share it).
    var tail: Int32
  }

  /// A text kept as the parts it does not share with a reference text (``references``): a frame's
  /// header differs from the one before it in a few words (its step, its action), not in its markup.
  /// The text is the reference's first `prefix` bytes, `middle` with the reference's bytes
  /// `common` put in after its first `split` bytes, and the reference's last `suffix` bytes.
  struct SharedText: Codable, Sendable {
    var reference: Int32
    /// How many UTF-8 bytes it shares with the reference at the start, and at the end.
    var prefix: Int32
    var suffix: Int32
    var middle: String
    /// Where in the middle the run it shares with the reference between two changes goes (the
    /// text between the step and the action, say), and that run's bytes in the reference.
    var split: Int32 = 0
    var common: Range<Int32> = 0..<0
  }

  /// One frame: its graph in each theme, in the order of the themes, and the sides its index entry
  /// lists (with `--size-classes`).
  struct Frame: Codable, Sendable {
    /// The first theme's graph, kept in place (a scenario is mostly drawn in one theme: no list a
    /// frame), and the other themes'.
    private var first: Sketch
    private var others: [Sketch]
    var sides: [RenderIndex.Side]?

    /// `graphs` must not be empty.
    init(graphs: [Sketch], sides: [RenderIndex.Side]?) {
      precondition(!graphs.isEmpty, "a frame is sketched in at least one theme")
      first = graphs[0]
      others = Array(graphs.dropFirst())
      self.sides = sides
    }

    /// Its graph in each theme, in the order of the themes.
    var graphs: [Sketch] { [first] + others }

    /// Its graph in the theme number `theme`.
    func graph(_ theme: Int) -> Sketch { theme == 0 ? first : others[theme - 1] }
  }

  /// The level every frame is folded at.
  let level: FoldLevel
  /// The controllers with a place of their own (see ``ScenarioLayout/controllersWithSeveralPlaces(in:level:)``).
  let pinned: Set<String>
  private(set) var frames: [Frame] = []
  /// True when some frame draws a controller the level would place at two places; its sketches
  /// must be made again with them pinned (``several``).
  private(set) var several: Set<String> = []

  /// The nodes, kept as the numbers of their texts (a long flow draws thousands).
  private var nodes = NodeVariants()
  private var edges = Pieces<GraphDescription.Edge>()
  private var clusters = Pieces<GraphDescription.Cluster>()
  private var attributeLists = Pieces<[GraphDescription.Attribute]>()
  private var legends = Pieces<String>()
  private var tails = Pieces<String>()
  /// The texts headers are kept against (``SharedText``).
  private var references: [String] = []
  /// The place each controller was first drawn at, to find those drawn at several.
  private var places: [String: String] = [:]
  /// Every text the pieces hold, once: equal texts of different pieces share their storage.
  private var texts: Set<String> = []
  /// Every list of numbers the sketches hold, once: frames that draw the same nodes (or edges, or
  /// clusters) share one list of them.
  private var numberLists: Set<[Int32]> = []

  private enum CodingKeys: String, CodingKey {
    case level, pinned, frames, nodes, edges, clusters, attributeLists, legends, tails, references, isCut
  }

  /// True when sketching stopped before the last frame (``init(_:level:pinned:themes:givingUpWhen:)``).
  private(set) var isCut = false

  /// Where each frame draws its controllers, as ``ScenarioLayout/places(in:level:)`` finds them,
  /// kept when asked (`keepingPlaces`), no controller is pinned and no frame has sides (the plans
  /// then place them alike): the search for runs takes them from here instead of planning each
  /// frame again. Not encoded (the processes that draw the frames need none).
  private var framePlaces: [[(controller: String, place: String)]]?

  /// Sketches the frames' `diagrams` at `level` in each theme, pinning `pinned`.
  ///
  /// With `measurer`, the first theme's new boxes are handed to it as they are sketched, to be
  /// measured on its thread while the frames are sketched here (``VariantMeasurer``).
  init(
    _ diagrams: some Sequence<Diagram>, level: FoldLevel, pinned: Set<String>, themes: [Theme],
    builtAhead: FrameGraphs? = nil, measuringWith measurer: VariantMeasurer? = nil
  ) {
    self.init(
      diagrams, level: level, pinned: pinned, themes: themes, builtAhead: builtAhead, measuringWith: measurer,
      mayGiveUp: false
    ) { (_: FrameSketches) throws(Never) in false }
  }

  /// Sketches the frames' `diagrams` as ``init(_:level:pinned:themes:)`` does, asking `givingUp`
  /// after the first 8 frames, 16, 32 and so on whether to go on: when it says no, the sketches
  /// stop there (``isCut``). Doubling, the frames sketched are at most twice those needed to give
  /// up, and the questions asked add up to about what the last one costs. With `keepingPlaces`,
  /// the sketches keep where each frame draws its controllers (``places(ofFrame:)``).
  ///
  /// `builtAhead`, when it builds these graphs (``FrameGraphs/ahead(of:themes:level:pinned:)``),
  /// is read instead of building them again; it is stopped either way. Unless `mayGiveUp` is false
  /// (`givingUp` never says yes), the frames' graphs are built in chunks that end where `givingUp`
  /// is asked: none is built past a cut
  /// (``FrameGraphs/init(_:themes:level:pinned:threads:chunkSize:chunksAhead:endingChunksAtCheckpoints:)``).
  init<Failure: Error>(
    _ diagrams: some Sequence<Diagram>, level: FoldLevel, pinned: Set<String>, themes: [Theme],
    keepingPlaces: Bool = false, builtAhead: FrameGraphs? = nil,
    measuringWith measurer: VariantMeasurer? = nil, mayGiveUp: Bool = true,
    givingUpWhen givingUp: (FrameSketches) throws(Failure) -> Bool
  ) throws(Failure) {
    self.level = level
    self.pinned = pinned
    if keepingPlaces { framePlaces = [] }
    var checkpoint = 8
    let graphs: FrameGraphs
    if let builtAhead, builtAhead.builds(themes: themes, level: level, pinned: pinned) {
      graphs = builtAhead
      graphs.startReading()
    } else {
      builtAhead?.stop()
      graphs = FrameGraphs(
        diagrams, themes: themes, level: level, pinned: pinned, endingChunksAtCheckpoints: mayGiveUp)
    }
    defer { graphs.stop() }
    for frame in graphs {
      add(frame, themes: themes, measurer: measurer)
      guard frames.count == checkpoint else { continue }
      checkpoint *= 2
      if try givingUp(self) {
        isCut = true
        break
      }
    }
    // What finds a piece's number is needed no more once every frame is sketched.
    nodes.forgetNumbers()
    edges.forgetNumbers()
    clusters.forgetNumbers()
    attributeLists.forgetNumbers()
    legends.forgetNumbers()
    tails.forgetNumbers()
    places = [:]
    texts = []
    numberLists = []
  }

  /// How many frames are sketched.
  var count: Int { frames.count }

  /// The number of distinct nodes the frames draw, over all themes: what sketching keeps once.
  var distinctNodes: Int { nodes.count }

  /// The bytes of the texts the distinct nodes share, and the bytes the frames' headers keep of
  /// their own, not shared with a reference (for tests).
  var nodeTextBytes: Int { nodes.textBytes }
  var headerBytes: Int {
    frames.reduce(0) { total, frame in total + frame.graphs.reduce(0) { $0 + ($1.header?.head.middle.utf8.count ?? 0) }
    }
  }

  /// The graph of frame number `frame` (from 0) in the theme number `theme`, as
  /// ``Diagram/graph(level:pinned:wrapping:placing:)`` made it.
  func graph(frame: Int, theme: Int) -> GraphDescription {
    let sketch = frames[frame].graph(theme)
    var graph = GraphDescription()
    graph.attributes = attributeLists.list[Int(sketch.attributes)]
    if let header = sketch.header {
      let legend = header.legend < 0 ? "" : legends.list[Int(header.legend)]
      let text = self.text(of: header.head) + legend + tails.list[Int(header.tail)]
      let label = header.isHTML ? GraphDescription.Attribute("label", html: text) : .init("label", text)
      graph.attributes.insert(label, at: min(Int(header.position), graph.attributes.count))
    }
    graph.nodeDefaults = attributeLists.list[Int(sketch.nodeDefaults)]
    graph.edgeDefaults = attributeLists.list[Int(sketch.edgeDefaults)]
    graph.clusters = sketch.clusters.map { clusters.list[Int($0)] }
    graph.nodes = sketch.nodes.map { nodes[Int($0)] }
    graph.edges = sketch.edges.map { edges.list[Int($0)] }
    return graph
  }

  /// The text `shared` keeps.
  private func text(of shared: SharedText) -> String {
    let reference = Array(references[Int(shared.reference)].utf8)
    let (split, common) = (Int(shared.split), Int(shared.common.lowerBound)..<Int(shared.common.upperBound))
    var bytes = Array(reference[..<Int(shared.prefix)])
    let middle = Array(shared.middle.utf8)
    bytes += middle[..<split]
    bytes += reference[common]
    bytes += middle[split...]
    bytes += reference[(reference.count - Int(shared.suffix))...]
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `text` kept against the last reference text, or as a new reference when it shares less than
  /// half of itself with it.
  private mutating func shared(_ text: String) -> SharedText {
    let bytes = Array(text.utf8)
    if let last = references.last {
      let reference = Array(last.utf8)
      let (prefix, suffix) = String.sharedEnds(of: bytes, with: reference)
      if 2 * (prefix + suffix) >= bytes.count {
        let middle = bytes[prefix..<(bytes.count - suffix)]
        var shared = SharedText(
          reference: Int32(references.count - 1), prefix: Int32(prefix), suffix: Int32(suffix), middle: "")
        // The longest run the two middles share, starting within the first bytes of each: what
        // lies between two changes (the markup between a step number and an action).
        let run = Self.sharedRun(middle, reference[prefix..<(reference.count - suffix)])
        if run.length > 0 {
          shared.split = Int32(run.start - prefix)
          shared.common = Int32(run.referenceStart)..<Int32(run.referenceStart + run.length)
          shared.middle = String(
            decoding: middle[..<run.start] + middle[(run.start + run.length)...], as: UTF8.self)
        } else {
          shared.middle = String(decoding: middle, as: UTF8.self)
        }
        return shared
      }
    }
    references.append(text.compacted)
    return SharedText(reference: Int32(references.count - 1), prefix: Int32(bytes.count), suffix: 0, middle: "")
  }

  /// The longest run of bytes `text` and `reference` share that starts within the first 32 bytes
  /// of each (indices of each slice), cut between characters; length 0 when none is longer than 8.
  private static func sharedRun(
    _ text: ArraySlice<UInt8>, _ reference: ArraySlice<UInt8>
  ) -> (start: Int, referenceStart: Int, length: Int) {
    var best = (start: text.startIndex, referenceStart: reference.startIndex, length: 0)
    for start in text.indices.prefix(32) where text[start] & 0xC0 != 0x80 {
      for referenceStart in reference.indices.prefix(32) where reference[referenceStart] == text[start] {
        var length = 0
        while start + length < text.endIndex, referenceStart + length < reference.endIndex,
          text[start + length] == reference[referenceStart + length]
        {
          length += 1
        }
        // The run ends before a character's continuation bytes.
        while length > 0, start + length < text.endIndex, text[start + length] & 0xC0 == 0x80 { length -= 1 }
        if length > best.length { best = (start, referenceStart, length) }
      }
    }
    return best.length > 8 ? best : (text.startIndex, reference.startIndex, 0)
  }

  /// The sketches of the frames of `range` alone, numbered from 0, sharing these pieces.
  func frames(_ range: Range<Int>) -> FrameSketches {
    var slice = self
    slice.frames = Array(frames[range])
    slice.framePlaces = framePlaces.map { Array($0[range]) }
    return slice
  }

  /// Where frame number `frame` draws its controllers, as ``ScenarioLayout/places(in:level:)``
  /// finds them; nil when the sketches do not keep them (see ``framePlaces``).
  func places(ofFrame frame: Int) -> [(controller: String, place: String)]? {
    guard let framePlaces, frame < framePlaces.count else { return nil }
    return framePlaces[frame]
  }

  /// The graphs of every frame in the theme number `theme`, made one at a time as they are read.
  func graphs(theme: Int, frames range: Range<Int>? = nil) -> some Sequence<GraphDescription> {
    (range ?? 0..<frames.count).lazy.map { graph(frame: $0, theme: theme) }
  }

  /// Sketches `frame` in each theme; its first theme's new boxes go to `measurer`.
  private mutating func add(_ frame: BuiltFrame, themes: [Theme], measurer: VariantMeasurer?) {
    var sketches: [Sketch] = []
    let (diagram, graphs) = (frame.diagram, frame.graphs)
    // The places are the same in every theme: noted once.
    if pinned.isEmpty, diagram.sides.isEmpty { framePlaces?.append(frame.places) } else { framePlaces = nil }
    for (controller, place) in frame.places {
      if let known = places[controller] {
        if known != place, !pinned.contains(controller) { several.insert(controller) }
      } else {
        places[controller] = place
      }
    }
    for (theme, graph) in zip(themes, graphs) {
      var themed = diagram
      themed.theme = theme
      let known = nodes.count
      let sketch = sketch(of: graph, legends: themed.legends)
      sketches.append(sketch)
      // The first theme's new boxes, as a union of these frames measures them (its defaults first).
      if sketches.count == 1, let measurer, sketch.nodes.contains(where: { $0 >= known }) {
        measurer.add(
          zip(graph.nodes, sketch.nodes).filter { $0.1 >= known }.map { graph.nodeDefaults + $0.0.attributes })
      }
      // And its header, which the union of the frames measures whatever else the frame draws.
      if sketches.count == 1, let measurer { measurer.add(headerOf: graph.attributes) }
    }
    frames.append(
      Frame(graphs: sketches, sides: diagram.sides.isEmpty ? nil : diagram.sides.map(RenderIndex.Side.init)))
  }

  private mutating func sketch(of graph: GraphDescription, legends shared: [String]) -> Sketch {
    var attributes = graph.attributes
    var header: Header?
    if let position = attributes.lastIndex(where: { $0.name == "label" }) {
      let label = attributes.remove(at: position)
      var (head, legend, tail) = (label.value, Int?.none, "")
      for text in shared where !text.isEmpty {
        guard let (before, after) = Self.split(label.value, around: text) else { continue }
        (head, legend, tail) = (before, legends.number(of: text), after)
        break
      }
      header = Header(
        position: Int32(position), isHTML: label.isHTML, head: self.shared(head), legend: Int32(legend ?? -1),
        tail: Int32(tails.number(of: tail)))
    }
    return Sketch(
      attributes: number(ofList: attributes), header: header, nodeDefaults: number(ofList: graph.nodeDefaults),
      edgeDefaults: number(ofList: graph.edgeDefaults),
      clusters: graph.clusters.map { cluster in
        Int32(clusters.known(cluster) ?? clusters.add(compacted(cluster)))
      },
      nodes: graph.nodes.map { node in Int32(nodes.number(of: node)) },
      edges: graph.edges.map { edge in Int32(edges.known(edge) ?? edges.add(compacted(edge))) }
    ).sharing(&numberLists)
  }

  private mutating func number(ofList attributes: [GraphDescription.Attribute]) -> Int32 {
    Int32(attributeLists.known(attributes) ?? attributeLists.add(compacted(attributes)))
  }

  /// `text` stored once among ``texts``, in storage no bigger than it needs.
  private mutating func kept(_ text: String) -> String {
    if let known = texts.firstIndex(of: text) { return texts[known] }
    let compact = text.compacted
    texts.insert(compact)
    return compact
  }

  /// A new piece's texts, each stored once (``kept(_:)``): the pieces of thousands of frames hold
  /// their texts for the whole drawing.
  private mutating func compacted(_ attributes: [GraphDescription.Attribute]) -> [GraphDescription.Attribute] {
    attributes.map { attribute in
      var compact = attribute
      compact.name = kept(attribute.name)
      compact.value = kept(attribute.value)
      return compact
    }
  }

  private mutating func compacted(_ edge: GraphDescription.Edge) -> GraphDescription.Edge {
    .init(tail: kept(edge.tail), head: kept(edge.head), attributes: compacted(edge.attributes))
  }

  private mutating func compacted(_ cluster: GraphDescription.Cluster) -> GraphDescription.Cluster {
    .init(name: kept(cluster.name), attributes: compacted(cluster.attributes), parent: cluster.parent.map { kept($0) })
  }

}

extension String {
  /// How many bytes `bytes` shares with `reference` at its start and at its end (not overlapping),
  /// each cut between characters: a UTF-8 continuation byte (10xxxxxx) never starts what lies
  /// between them or what follows it. Sketches keep a text as what it does not share with an
  /// earlier one (``FrameSketches``, ``NodeVariants``).
  static func sharedEnds(of bytes: [UInt8], with reference: [UInt8]) -> (prefix: Int, suffix: Int) {
    var prefix = zip(bytes, reference).prefix { $0 == $1 }.count
    var suffix = zip(bytes.reversed(), reference.reversed()).prefix { $0 == $1 }.count
    suffix = Swift.min(suffix, bytes.count - prefix, reference.count - prefix)
    while prefix > 0, prefix < bytes.count, bytes[prefix] & 0xC0 == 0x80 { prefix -= 1 }
    while suffix > 0, bytes[bytes.count - suffix] & 0xC0 == 0x80 { suffix -= 1 }
    return (prefix, suffix)
  }

  /// This text in storage of its own, as big as it needs: a part cut from a bigger text, or text
  /// built by appending, would keep the whole it came from or the room it grew into. What sketches
  /// keep for a whole drawing is stored so (``FrameSketches``, ``NodeVariants``).
  var compacted: String {
    let count = utf8.count
    // Up to 15 bytes a string holds its text itself.
    guard count > 15 else { return self }
    var text = self
    return text.withUTF8 { bytes in
      String(unsafeUninitializedCapacity: count) { buffer in
        _ = buffer.initialize(from: bytes)
        return count
      }
    }
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

  /// The number of `piece` when it is stored.
  func known(_ piece: Piece) -> Int? { numbers[piece] }

  /// Stores `piece`, which is new, and returns its number.
  mutating func add(_ piece: Piece) -> Int {
    numbers[piece] = list.count
    list.append(piece)
    return list.count - 1
  }

  /// Forgets what finds a piece's number: no piece is added any more.
  mutating func forgetNumbers() {
    numbers = [:]
  }
}
