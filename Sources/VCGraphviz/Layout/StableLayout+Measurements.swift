import VCGraph

extension StableLayout {
  /// Sizes everything the frames draw, in points, a batch of variants at a time in one Graphviz
  /// layout each (engine `nop2`), and remembers the sizes of variants seen recently, in the context
  /// (``GraphvizContext/measuredSizes``), so that what repeats from frame to frame, and from one
  /// layout to the next, is measured once.
  struct Measurements {
    /// Where a measured size goes.
    enum Destination {
      case node(Int)
      case edgeLabel(Union.EdgeKey)
      case clusterLabel(frame: Int, index: Int)
      case header(frame: Int)
    }

    private let context: GraphvizContext
    /// The sizes known, shared with the other unions of a search when it hands one over.
    private let known: KnownSizes
    /// True to remember the headers' sizes too (a sample's, which the whole union measures again).
    private let remembersHeaders: Bool
    /// The sizes of frames' headers known to a search that lays the same frames out again and
    /// again (``StableLayout/init(frames:context:maximumHeight:maximumArea:known:remembersHeaders:headers:)``):
    /// a header is looked up there too, and remembered there once measured.
    private let headers: KnownSizes?
    private var pending: [[GraphDescription.Attribute]] = []
    /// Whether each waiting variant's size is worth remembering: not a header, which is a frame's own.
    private var pendingCacheable: [Bool] = []
    private var pendingIndices: [[GraphDescription.Attribute]: Int] = [:]
    private var destinations: [(variant: Int, destination: Destination)] = []

    /// Union nodes looked up among the sizes known and waiting, over all unions (for tests).
    nonisolated(unsafe) static var nodeLookups = 0
    /// The frames' headers measured, over all unions (for tests).
    nonisolated(unsafe) static var measuredHeaders = 0

    /// Variants measured together; the cache of known sizes is emptied when it grows past
    /// `knownLimit`, so neither grows with the number of frames. Graphviz holds a batch's HTML
    /// tables while it sizes them (a frame's header is a big one): 64 at a time keep about 3 MB
    /// less at the peak of a 2,000-frame scenario than 256 did, for the same time.
    private static let batchSize = 64
    private static let knownLimit = 1_024

    /// Measures in `context`, with the sizes `known` (by default the context's, which every layout
    /// in it shares).
    init(
      context: GraphvizContext, known: KnownSizes? = nil, remembersHeaders: Bool = false, headers: KnownSizes? = nil
    ) {
      self.context = context
      self.known = known ?? context.knownSizes
      self.remembersHeaders = remembersHeaders
      self.headers = headers
    }

    /// Sizes measured before, by the attributes measured: the unions a search lays out one after
    /// the other (a sample's, then every frame's), the runs it tries, and the next scenario's
    /// layouts measure each variant once.
    final class KnownSizes {
      fileprivate var sizes: [[GraphDescription.Attribute]: LayoutSize] = [:]

      init() {}
    }

    /// A node drawn with these attributes (its defaults first).
    mutating func add(_ attributes: [GraphDescription.Attribute], for destination: Destination) {
      var isHeader = false
      if case .header = destination { isHeader = true }
      if let size = known.sizes[attributes] ?? (isHeader ? headers?.sizes[attributes] : nil) {
        destinations.append((-1, destination))
        resolved.append(size)
        return
      }
      let variant: Int
      if let index = pendingIndices[attributes] {
        variant = index
      } else {
        pending.append(attributes)
        pendingCacheable.append(!isHeader || remembersHeaders)
        variant = pending.count - 1
        pendingIndices[attributes] = variant
      }
      destinations.append((variant, destination))
      resolved.append(nil)
    }

    /// Sizes already known, by destination (nil for those waiting for the batch).
    private var resolved: [LayoutSize?] = []
    /// The defaults and attributes each union node was last handed with, in the storage they came
    /// in (``add(node:defaults:attributes:)``).
    private var lastNodeAttributes:
      [Int: (defaults: [GraphDescription.Attribute], attributes: [GraphDescription.Attribute])] =
        [:]

    /// Union node number `node`, drawn with these attributes after these defaults. Frames taken
    /// from sketches (``FrameSketches``) share one storage for a node drawn the same: a node handed
    /// again in the storage it was last handed in is the same variant, already measured for it, and
    /// is not looked up again. (The storage is held, so it cannot be another list's meanwhile.)
    mutating func add(
      node: Int, defaults: [GraphDescription.Attribute], attributes: [GraphDescription.Attribute]
    ) {
      if let last = lastNodeAttributes[node], Self.sameStorage(last.defaults, defaults),
        Self.sameStorage(last.attributes, attributes)
      {
        return
      }
      lastNodeAttributes[node] = (defaults, attributes)
      Self.nodeLookups += 1
      add(defaults + attributes, for: .node(node))
    }

    /// True when the two lists are one storage (so, the same list).
    private static func sameStorage(_ lhs: [GraphDescription.Attribute], _ rhs: [GraphDescription.Attribute]) -> Bool {
      lhs.count == rhs.count
        && lhs.withUnsafeBufferPointer { left in rhs.withUnsafeBufferPointer { left.baseAddress == $0.baseAddress } }
    }

    /// The label among an edge's attributes, or else its defaults, as ``add(labelIn:for:)`` measures
    /// it; most edges have none, and are passed over without the two lists being joined.
    mutating func add(
      labelIn attributes: [GraphDescription.Attribute], defaults: [GraphDescription.Attribute],
      for destination: Destination
    ) {
      guard attributes.contains(where: { $0.name == "label" }) || defaults.contains(where: { $0.name == "label" })
      else { return }
      add(labelIn: defaults + attributes, for: destination)
    }

    /// The label among these attributes (of an edge, a cluster or the graph), in a node exactly as
    /// big as the label; nothing when there is no label to draw.
    mutating func add(labelIn attributes: [GraphDescription.Attribute], for destination: Destination) {
      var isHeader = false
      if case .header = destination { isHeader = true }
      guard let measured = Self.labelNode(in: attributes, isHeader: isHeader, context: context) else { return }
      add(measured, for: destination)
    }

    /// The label among these attributes in a node exactly as big as the label, as it is measured;
    /// nil when there is no label to draw. A header (`isHeader`) is as big with its legend stood in
    /// for (``LegendStandIn``), measured once.
    static func labelNode(
      in attributes: [GraphDescription.Attribute], isHeader: Bool, context: GraphvizContext
    ) -> [GraphDescription.Attribute]? {
      guard let label = attributes.last(where: { $0.name == "label" }), label.isHTML || !label.value.isEmpty else {
        return nil
      }
      // Only the font decides how big the text is.
      let font = attributes.filter { $0.name == "fontname" || $0.name == "fontsize" }
      var measured = label
      if isHeader, label.isHTML, let split = LegendStandIn.split(label.value),
        let size = try? context.legendSize(split.legend, font: font),
        let standIn = LegendStandIn.header(split, legendSize: size)
      {
        measured = .init("label", html: standIn)
      }
      return font + [
        .init("shape", "plaintext"), .init("margin", "0"), .init("width", "0"), .init("height", "0"), measured,
      ]
    }

    /// True when enough variants wait to be measured.
    var isBatchFull: Bool { pending.count >= Self.batchSize || destinations.count >= 16 * Self.batchSize }

    /// Measures the waiting variants and hands every size to its destination.
    mutating func flush(into union: inout Union, frames: inout [FrameOutline]) throws(RenderError) {
      let sizes = try measure(pending)
      for case (let variant, .header) in destinations where variant >= 0 { Self.measuredHeaders += 1 }
      if known.sizes.count + pending.count > Self.knownLimit { known.sizes.removeAll(keepingCapacity: true) }
      for (variant, attributes) in pending.enumerated() where pendingCacheable[variant] {
        known.sizes[attributes] = sizes[variant]
      }
      if let headers {
        if headers.sizes.count + destinations.count > Self.knownLimit { headers.sizes.removeAll(keepingCapacity: true) }
        for case (let variant, .header) in destinations where variant >= 0 && !pendingCacheable[variant] {
          headers.sizes[pending[variant]] = sizes[variant]
        }
      }
      for ((variant, destination), already) in zip(destinations, resolved) {
        guard let size = already ?? (variant >= 0 ? sizes[variant] : nil) else { continue }
        switch destination {
        case let .node(node): union.nodeSizes[node] = union.nodeSizes[node]?.expanded(to: size) ?? size
        case let .edgeLabel(key): union.labelSizes[key] = union.labelSizes[key]?.expanded(to: size) ?? size
        case let .clusterLabel(frame, index): frames[frame].clusters[index].label = size
        case let .header(frame): frames[frame].header = size
        }
      }
      pending.removeAll(keepingCapacity: true)
      pendingCacheable.removeAll(keepingCapacity: true)
      pendingIndices.removeAll(keepingCapacity: true)
      destinations.removeAll(keepingCapacity: true)
      resolved.removeAll(keepingCapacity: true)
    }

    /// Measures the boxes among `variants` (a node's defaults and attributes, as ``add(node:defaults:attributes:)``
    /// joins them) whose sizes are not known yet, and keeps their sizes among the known ones, or in
    /// `target` when given: a union that draws them later finds them there (``VariantMeasurer``).
    /// Returns how many were measured.
    @discardableResult
    static func measureAhead(
      _ variants: [[GraphDescription.Attribute]], context: GraphvizContext, into target: KnownSizes? = nil
    ) throws(RenderError) -> Int {
      let measurements = Measurements(context: context)
      let target = target ?? measurements.known
      var seen = Set<[GraphDescription.Attribute]>()
      let unknown = variants.filter {
        target.sizes[$0] == nil && measurements.known.sizes[$0] == nil && seen.insert($0).inserted
      }
      guard !unknown.isEmpty else { return 0 }
      let sizes = try measurements.measure(unknown)
      if target.sizes.count + unknown.count > knownLimit { target.sizes.removeAll(keepingCapacity: true) }
      for (attributes, size) in zip(unknown, sizes) { target.sizes[attributes] = size }
      return unknown.count
    }

    /// Measures the headers of the graphs whose attributes are `graphs` (a frame's header is its
    /// graph's label) whose sizes `headers` does not know yet, as a union measures them, and keeps
    /// their sizes there: a union of those frames that looks its headers up there finds them
    /// (``VariantMeasurer``).
    static func measureHeadersAhead(
      of graphs: [[GraphDescription.Attribute]], context: GraphvizContext, into headers: KnownSizes
    ) throws(RenderError) {
      let labels = graphs.compactMap { labelNode(in: $0, isHeader: true, context: context) }
      measuredHeaders += try measureAhead(labels, context: context, into: headers)
    }

    /// The size of each variant, in points, by index.
    private func measure(_ variants: [[GraphDescription.Attribute]]) throws(RenderError) -> [LayoutSize] {
      guard !variants.isEmpty else { return [] }
      context.measuredVariants += variants.count
      var graph = GraphDescription()
      graph.nodes = variants.enumerated().map { index, attributes in
        .init(name: "m\(index)", attributes: attributes.setting(.init("pos", "0,0")))
      }
      let layout = try context.layout(graph, engine: "nop2")
      return try variants.indices.map { index throws(RenderError) in
        let node = layout.nodes["m\(index)"]
        guard let width = node?["width"].flatMap(Double.init), let height = node?["height"].flatMap(Double.init) else {
          throw .layout("Graphviz did not size a label")
        }
        return LayoutSize(width: width * 72, height: height * 72)
      }
    }
  }
}
