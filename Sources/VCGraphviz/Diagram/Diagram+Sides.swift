import VCGraph

/// A step drawn once per horizontal size class, side by side in one picture (`vcgraph render
/// --size-classes compact,regular`).
///
/// The picture is one Graphviz graph: the header (context, headline, caption, legend, and each
/// side's callbacks and notes in a panel of its own) above one frame per side, left to right in
/// the order given, each headed `iPhone · compact` or `iPad · regular`. A side's frame holds what
/// the side's own diagram draws (its windows, controllers, folds and relations), with every node,
/// cluster and SVG id prefixed by the side's key (`compact/vc:home`, `compact-vc-home`), so the two
/// sides never share a node: the stable layout of a scenario's frames keeps each controller at one
/// place within its side, and every format, theme and page works on the picture as on any other.
extension Diagram {
  /// One side of a step drawn per horizontal size class.
  public struct Side: Sendable {
    /// The horizontal size class of every window on this side.
    public var sizeClass: SizeClass
    /// The heading drawn above the side: `iPhone · compact`.
    public var heading: String
    /// The side's picture of the step: its hierarchy, changes and the callbacks it draws (its own
    /// header is not drawn).
    public var diagram: Diagram
    /// The callbacks UIKit made on this side during the step, whether or not they are drawn.
    public var events: [LifecycleEvent]
    /// What the side notes about the step (a `setTraits` step its fixed width ignores).
    public var notes: [String]

    public init(
      sizeClass: SizeClass, heading: String? = nil, diagram: Diagram, events: [LifecycleEvent] = [],
      notes: [String] = []
    ) {
      self.sizeClass = sizeClass
      self.heading = heading ?? sizeClass.sideHeading
      self.diagram = diagram
      self.events = events
      self.notes = notes
    }

    /// The side's key, which prefixes the names and ids of what it draws: `compact`, `regular`.
    var key: String { sizeClass.rawValue }
  }

  /// A step drawn side by side, one ``Side`` per size class, under one header.
  public init(sides: [Side], context: String, headline: String, caption: String? = nil, title: String? = nil) {
    self.init(
      hierarchy: Hierarchy(viewControllers: []), context: context, headline: headline, caption: caption, title: title)
    self.sides = sides
  }

  /// The diagram of every step of a scenario replayed per side (``Replay/sides(of:sizeClasses:)``),
  /// in step order: each side marks what changed since its step before, as
  /// ``frames(of:showsEvents:)`` does, and notes a `setTraits` step its width ignores.
  public static func frames(of sides: [Replay.Side], showsEvents: Bool = false) -> some Sequence<Diagram> {
    let scenario = sides.first?.replay.scenario
    let stepCount = scenario?.steps.count ?? 0
    let title = scenario?.title
    let iterators = sides.map { side in
      (side, AnyIterator(Diagram.frames(of: side.replay, showsEvents: true).makeIterator()))
    }
    return sequence(state: 0) { offset -> Diagram? in
      guard let scenario, offset < stepCount else { return nil }
      let step = scenario.steps[offset]
      offset += 1
      var parts: [Side] = []
      for (side, iterator) in iterators {
        guard var diagram = iterator.next() else { return nil }
        let events = diagram.events ?? []
        if !showsEvents { diagram.events = nil }
        parts.append(
          Side(
            sizeClass: side.sizeClass, heading: side.heading, diagram: diagram, events: events,
            notes: side.notes(on: step)))
      }
      return Diagram(
        sides: parts, context: "STEP \(step.number) OF \(stepCount)", headline: step.action.summary,
        caption: step.caption, title: title)
    }
  }

  /// The name of a side's cluster.
  static func clusterName(ofSide key: String) -> String { "cluster_side_" + HTMLText.identifier(key) }

  /// The prefix of the names of what a side draws, and of its controllers' places in the stable
  /// layout: `compact/`.
  static func namePrefix(ofSide key: String) -> String { HTMLText.identifier(key) + "/" }

  /// The sides with this diagram's theme and folding, as they are drawn.
  var drawnSides: [Side] {
    sides.map { side in
      var side = side
      side.diagram.theme = theme
      side.diagram.folding = folding
      return side
    }
  }

  /// The graph of a diagram with ``sides``, folded at `level` (each side alike): see the type's
  /// summary. `pinned` names controllers by their side's prefix and id (`compact/home`).
  /// `placing` is told each side's controllers by their side's prefix.
  func sideBySideGraph(
    level: FoldLevel, pinned: Set<String>, wrapping wrap: Wrapping?, placing: ((String, String) -> Void)? = nil
  ) -> (graph: GraphDescription, folds: Bool) {
    var graph = GraphDescription()
    var hasFolds = false
    for side in drawnSides {
      let prefix = Self.namePrefix(ofSide: side.key)
      let idPrefix = "side-" + HTMLText.identifier(side.key) + "-"
      let sidePinned = Set(pinned.compactMap { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : nil })
      let (part, partFolds) = side.diagram.planned(
        level: level, pinned: sidePinned, wrapping: wrap,
        placing: placing.map { placing in { placing(prefix + $0, prefix + $1) } })
      if graph.attributes.isEmpty {
        graph.attributes = part.attributes
        graph.nodeDefaults = part.nodeDefaults
        graph.edgeDefaults = part.edgeDefaults
      }
      hasFolds = hasFolds || partFolds
      let sideCluster = Self.clusterName(ofSide: side.key)
      func cluster(_ name: String) -> String {
        "cluster_" + HTMLText.identifier(side.key) + "_" + name.dropFirst("cluster_".count)
      }
      func ids(_ attributes: [GraphDescription.Attribute]) -> [GraphDescription.Attribute] {
        attributes.map { $0.name == "id" ? .init("id", idPrefix + $0.value) : $0 }
      }
      graph.clusters.append(
        .init(
          name: sideCluster,
          attributes: [
            .init("id", "side-" + HTMLText.identifier(side.key)),
            .init("class", "side side-" + HTMLText.identifier(side.key)),
            .init("style", "rounded"), .init("color", style.panelBorder), .init("penwidth", "1.5"),
            .init("fillcolor", style.background),
            .init("label", html: sideHeading(side)), .init("labeljust", "l"), .init("labelloc", "t"),
            .init("margin", "14"),
          ]))
      for inner in part.clusters {
        var renamed = inner
        renamed.name = cluster(inner.name)
        renamed.parent = inner.parent.map(cluster) ?? sideCluster
        renamed.attributes = ids(inner.attributes)
        graph.clusters.append(renamed)
      }
      for node in part.nodes {
        graph.nodes.append(
          .init(
            name: prefix + node.name, cluster: node.cluster.map(cluster) ?? sideCluster,
            attributes: ids(node.attributes), slot: node.slot.map { prefix + $0 }))
      }
      for edge in part.edges {
        graph.edges.append(.init(tail: prefix + edge.tail, head: prefix + edge.head, attributes: ids(edge.attributes)))
      }
    }
    if stacksSides || wrap?.stacksSides == true { stackSides(in: &graph) }
    graph.attributes = graph.attributes.setting(
      .init(
        "label",
        html: header(
          showsFolds: hasFolds, stacked: wrap?.stacksHeader == true || graph.nodes.isEmpty,
          sidesStacked: stacksSides || wrap?.stacksSides == true)))
    return (graph, hasFolds)
  }

  /// The name of the invisible node between sides drawn one below the other.
  static let sideDividerName = "sides:divider"

  /// Puts each side below the one before: every box that ends a chain of the upper side above an
  /// invisible divider, and the divider above every box that starts one on the lower side.
  private func stackSides(in graph: inout GraphDescription) {
    let prefixes = drawnSides.map { Self.namePrefix(ofSide: $0.key) }
    guard prefixes.count > 1 else { return }
    var tails: Set<String> = []
    var heads: Set<String> = []
    for edge in graph.edges where edge.attributes["minlen"] != "0" {
      tails.insert(edge.tail)
      heads.insert(edge.head)
    }
    let invisible: [GraphDescription.Attribute] = [
      .init("style", "invis"), .init("class", "side-below"), .init("weight", "0"),
    ]
    for (index, (upper, lower)) in zip(prefixes, prefixes.dropFirst()).enumerated() {
      let divider = Self.sideDividerName + "\(index)"
      graph.nodes.append(
        .init(
          name: divider,
          attributes: [
            .init("shape", "point"), .init("style", "invis"), .init("width", "0.01"), .init("height", "0.01"),
            .init("label", ""), .init("class", "side-divider"),
          ]))
      let names = graph.nodes.map(\.name)
      for name in names where name.hasPrefix(upper) && !tails.contains(name) {
        graph.edges.append(.init(tail: name, head: divider, attributes: invisible))
      }
      for name in names where name.hasPrefix(lower) && !heads.contains(name) {
        graph.edges.append(.init(tail: divider, head: name, attributes: invisible))
      }
    }
  }

  /// A side's heading: the device and size class, and what that width means for the windows.
  private func sideHeading(_ side: Side) -> String {
    "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"2\">"
      + "<TR><TD ALIGN=\"LEFT\">"
      + HTMLText.font(side.heading, size: 15, color: style.label, bold: true, width: 40) + "</TD></TR>"
      + "<TR><TD ALIGN=\"LEFT\">"
      + HTMLText.font(
        "every window horizontally \(side.key)", size: 10, color: style.tertiaryLabel, width: 40)
      + "</TD></TR></TABLE>"
  }

  /// Each side's callbacks (when drawn) and notes, in panels side by side in the header, each
  /// headed by its side; nil when no side has either.
  func sidePanels(stacked: Bool) -> String? {
    let panels = drawnSides.map { side -> String? in
      let notes = side.notes.map {
        "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">"
          + HTMLText.font($0, size: 10, color: style.secondaryLabel, width: 56, maxLines: 3) + "</TD></TR>"
      }
      guard let callbacks = side.diagram.callbacksPanel ?? (notes.isEmpty ? nil : "") else { return nil }
      return "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"2\">"
        + "<TR><TD ALIGN=\"LEFT\">"
        + HTMLText.font(side.heading.uppercased(), size: 10, color: style.label, bold: true) + "</TD></TR>"
        + notes.joined() + (callbacks.isEmpty ? "" : "<TR><TD ALIGN=\"LEFT\">\(callbacks)</TD></TR>") + "</TABLE>"
    }
    guard panels.contains(where: { $0 != nil }) else { return nil }
    // Sides one below the other: their panels too, so the header is no wider than a side.
    if stacked {
      return "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"0\">"
        + panels.compactMap { $0 }.map { "<TR><TD ALIGN=\"LEFT\" VALIGN=\"TOP\">\($0)</TD></TR>" }
        .joined(separator: "<TR><TD HEIGHT=\"10\"></TD></TR>") + "</TABLE>"
    }
    return "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"0\"><TR>"
      + panels.map { "<TD ALIGN=\"LEFT\" VALIGN=\"TOP\">\($0 ?? "")</TD>" }.joined(separator: "<TD WIDTH=\"24\"></TD>")
      + "</TR></TABLE>"
  }
}

extension RenderIndex.Side {
  /// What a side of a drawn step lists in the index.
  init(_ side: Diagram.Side) {
    self.init(
      sizeClass: side.sizeClass, heading: side.heading,
      events: side.events.map(\.description), notes: side.notes)
  }
}
