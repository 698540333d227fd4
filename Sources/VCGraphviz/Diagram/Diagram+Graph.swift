import VCGraph

extension Diagram {
  /// The graph, folded at `level`; `pinned` controllers keep a place of their own in the stable layout.
  ///
  /// With a `wrapping`, the picture is wrapped to be narrower (see ``Wrapping``). Without one, only
  /// children that hold nothing drawn wrap (after ``rowLength``), and windows go one below the
  /// other from level ``FoldLevel/stacks`` on.
  ///
  /// `placing` is told each drawn controller and the place the stable layout puts it by
  /// (``ScenarioLayout/controllersWithSeveralPlaces(in:level:)`` names them so).
  func graph(
    level: FoldLevel, pinned: Set<String> = [], wrapping wrap: Wrapping? = nil,
    placing: ((_ controller: String, _ place: String) -> Void)? = nil
  ) -> GraphDescription {
    planned(level: level, pinned: pinned, wrapping: wrap, placing: placing).graph
  }

  /// The graph at `level` (see ``graph(level:pinned:wrapping:placing:)``), and whether it folds
  /// anything: the plan is made once for both.
  func planned(
    level: FoldLevel, pinned: Set<String>, wrapping wrap: Wrapping?, placing: ((String, String) -> Void)?
  ) -> (graph: GraphDescription, folds: Bool) {
    if !sides.isEmpty { return sideBySideGraph(level: level, pinned: pinned, wrapping: wrap, placing: placing) }
    let plan = plan(level: level, pinned: pinned)
    if let placing {
      for (id, _) in plan.controllers { placing(id, plan.slots[id] ?? Self.nodeName(ofController: id)) }
    }
    return (graph(plan, level: level, wrapping: wrap), !plan.folds.isEmpty)
  }

  /// The graph at `level` (see ``graph(level:pinned:wrapping:placing:)``) in each of `themes`, in
  /// their order, from one plan: a scenario's frame, sketched once per theme.
  ///
  /// With a `memory`, the plan takes from the plan of the frame before what the step did not
  /// change, and keeps what it made for the next frame's (``DrawingPlan/Memory``). `placing` is
  /// told the places once, not per theme.
  func graphs(
    themes: [Theme], level: FoldLevel, pinned: Set<String>, memory: DrawingPlan.Memory?,
    placing: ((_ controller: String, _ place: String) -> Void)? = nil
  ) -> [GraphDescription] {
    guard sides.isEmpty else {
      return themes.enumerated().map { index, theme in
        var themed = self
        themed.theme = theme
        return themed.graph(level: level, pinned: pinned, placing: index == 0 ? placing : nil)
      }
    }
    let plan = plan(level: level, pinned: pinned, memory: memory)
    if let placing {
      for (id, _) in plan.controllers { placing(id, plan.slots[id] ?? Self.nodeName(ofController: id)) }
    }
    return themes.map { theme in
      var themed = self
      themed.theme = theme
      return themed.graph(plan, level: level, wrapping: nil, memory: memory)
    }
  }

  /// The graph of `plan`, made at `level`.
  private func graph(
    _ plan: DrawingPlan, level: FoldLevel, wrapping wrap: Wrapping?, memory: DrawingPlan.Memory? = nil
  ) -> GraphDescription {
    var graph = GraphDescription()
    let font = GraphDescription.Attribute("fontname", DiagramStyle.font)
    graph.attributes = [
      .init("rankdir", "TB"), .init("newrank", "true"), .init("bgcolor", style.background), font,
      .init("pad", "0.35"), .init("nodesep", "0.25"), .init("ranksep", "0.4"),
      .init("labelloc", "t"), .init("labeljust", "l"),
      // With nothing to draw below it, the legend goes under the title: a header alone is wide and short.
      .init(
        "label",
        html: header(
          showsFolds: !plan.folds.isEmpty,
          stacked: wrap?.stacksHeader == true
            || (plan.controllers.isEmpty && plan.folds.isEmpty && hierarchy.windows.isEmpty))),
      .init("class", themeClass),
    ]
    // A map's containers keep their children in order against the edges leaving them, which a second
    // crossing minimisation over the clusters would give up.
    if appMap != nil { graph.attributes.append(.init("remincross", "false")) }
    graph.nodeDefaults = [font, .init("shape", "box"), .init("margin", "0.1,0.05")]
    graph.edgeDefaults = [font, .init("arrowsize", "0.8")]
    let shownWindows = addWindows(to: &graph, plan)
    let framing = framing(of: plan)
    addNodes(to: &graph, plan, framing: framing, memory: memory)
    graph.edges =
      edges(plan, clusterOf: { framing.clusters[$0].map { $0 ?? "" } }) + orderEdges(plan, wrapping: wrap)
    graph.edges += windowRows(plan, framing: framing, windows: shownWindows, level: level, wrapping: wrap)
    graph.edges += treeRows(plan, length: min(wrap?.containers ?? Self.rowLength, Self.rowLength))
    graph.edges += segueEdges(drawn: plan.isDrawn)
    graph.edges += segueRows(drawn: plan.isDrawn, clusterOf: { framing.clusters[$0] ?? nil })
    return graph
  }

  /// Where the boxes of a plan are framed: each drawn controller and each fold in the cluster of its
  /// window, or of the controllers outside any window, or in none (a storyboard's scenes outside
  /// the initial controller's tree).
  struct Framing {
    /// The drawn controllers, in the plan's order, with the hierarchy each is drawn from.
    var controllers: [(id: String, source: Hierarchy, cluster: String?)]
    /// The cluster of each of the plan's folds, by index.
    var folds: [String?]
    /// The cluster of each drawn controller, by id.
    var clusters: [String: String?]
  }

  /// The clusters the boxes of `plan` are drawn in.
  func framing(of plan: DrawingPlan) -> Framing {
    func cluster(of id: String, in hierarchy: Hierarchy) -> String? {
      // A map's roots are the one window's, at different times: no frame holds them.
      if appMap != nil { return nil }
      return hierarchy.window(of: id).map { Self.clusterName(ofWindow: $0.id) }
        ?? (isStoryboard ? nil : Self.detachedClusterName)
    }
    let drawn = plan.controllers.map { (id: $0.id, source: $0.source, cluster: cluster(of: $0.id, in: $0.source)) }
    let folds = plan.folds.map { fold -> String? in
      switch fold.anchor {
      case let .children(parent), let .presentation(parent), let .popped(parent):
        return cluster(of: parent, in: hierarchy.isMember(parent) ? hierarchy : (changes?.before ?? hierarchy))
      case let .root(window): return appMap == nil ? Self.clusterName(ofWindow: window) : nil
      case .detached: return isStoryboard ? nil : Self.detachedClusterName
      case .segues, .windows: return nil
      }
    }
    let clusters = Dictionary(drawn.map { ($0.id, $0.cluster) }, uniquingKeysWith: { first, _ in first })
    return Framing(controllers: drawn, folds: folds, clusters: clusters)
  }

  /// Adds a framed cluster and a node for each window `plan` draws, and for each window a diff
  /// removed (drawn from the earlier hierarchy, faded, where it was); returns the windows of the
  /// hierarchy that are drawn.
  private func addWindows(to graph: inout GraphDescription, _ plan: DrawingPlan) -> [Window] {
    let removedWindows = (changes?.removedWindows ?? []).compactMap { changes?.before.window(named: $0) }
    let shownWindows = hierarchy.windows.filter { !plan.foldedWindows.contains($0.id) }
    // An app has one window whose root the code sets, maybe to one of several controllers: a map
    // draws one window box, with an edge to each root, and no frames.
    if appMap != nil, let first = shownWindows.first {
      graph.nodes.append(windowNode(first, cluster: nil, mark: nil))
      return shownWindows
    }
    for (window, isRemoved) in shownWindows.map({ ($0, false) }) + removedWindows.map({ ($0, true) }) {
      let cluster = Self.clusterName(ofWindow: window.id)
      graph.clusters.append(
        .init(
          name: cluster,
          attributes: [
            .init("id", "frame-" + Self.svgID(ofWindow: window.id)),
            .init("class", isRemoved ? "frame removed" : "frame"),
            .init("style", isRemoved ? "rounded,dashed" : "rounded,filled"),
            .init("fillcolor", style.clusterFill),
            .init("color", isRemoved ? style.removed : style.clusterBorder), .init("penwidth", "1"),
            .init("label", ""), .init("margin", "12"),
          ]))
      graph.nodes.append(windowNode(window, cluster: cluster, mark: windowMark(window.id, isRemoved: isRemoved)))
    }
    return shownWindows
  }

  /// Adds the frame of the controllers outside any window when something is drawn in it, then a
  /// node for each drawn controller and each fold of `plan`.
  private func addNodes(
    to graph: inout GraphDescription, _ plan: DrawingPlan, framing: Framing, memory: DrawingPlan.Memory?
  ) {
    if framing.controllers.contains(where: { $0.cluster == Self.detachedClusterName })
      || framing.folds.contains(Self.detachedClusterName)
    {
      graph.clusters.append(
        .init(
          name: Self.detachedClusterName,
          attributes: [
            .init("id", "frame-detached"), .init("class", "frame detached"),
            .init("style", "rounded,dashed"), .init("color", style.mutedLabel), .init("penwidth", "1"),
            .init(
              "label", html: HTMLText.font("Not in a window", size: 10, color: style.tertiaryLabel, bold: true)),
            .init("labeljust", "l"), .init("margin", "12"),
          ]))
    }
    let numbers = callbackNumbers
    for (id, source, cluster) in framing.controllers {
      guard let controller = source[id] else { continue }
      if let link = links[id] {
        graph.nodes.append(linkNode(controller, link: link, cluster: cluster))
        continue
      }
      if let rows = linkLists[id] {
        graph.nodes.append(linkListNode(id, rows: rows, cluster: cluster))
        continue
      }
      var node = controllerNode(
        controller, in: source, cluster: cluster, placement: placement(of: id, in: source), callbacks: numbers[id],
        mark: controllerMark(id, in: source))
      node.slot = plan.slots[id]
      graph.nodes.append(node)
    }
    for (index, fold) in plan.folds.enumerated() {
      let cluster = framing.folds[index]
      // A fold taken from the frame before is drawn as it was then.
      graph.nodes.append(
        memory?.node(of: fold, theme: theme, cluster: cluster) { foldNode(fold, cluster: cluster) }
          ?? foldNode(fold, cluster: cluster))
    }
  }
}
