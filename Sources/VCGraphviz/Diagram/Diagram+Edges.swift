import VCGraph

extension Diagram {
  /// The edges of a plan: relations between drawn controllers (a stack's children each from the one
  /// below it) and edges to folds.
  func edges(_ plan: DrawingPlan, clusterOf: (String) -> String?) -> [GraphDescription.Edge] {
    var edges: [GraphDescription.Edge] = []
    func tail(of relation: HierarchyDiff.Relation, in source: Hierarchy) -> String? {
      switch relation {
      case let .root(window, controller):
        return plan.isDrawn.contains(controller) ? windowNodeName(window) : nil
      case let .child(parent, child):
        guard plan.isDrawn.contains(parent), plan.isDrawn.contains(child) else { return nil }
        return plan.contains(.controller(child), in: parent)
          ? plan.tail(of: .controller(child), in: parent) : Self.nodeName(ofController: parent)
      case let .presentation(presenter, presented):
        guard plan.isDrawn.contains(presenter), plan.isDrawn.contains(presented) else { return nil }
        return Self.nodeName(ofController: presenter)
      }
    }
    let wrapped = wrappedPresentations(plan)
    // Only a drawn controller's relations can be drawn (a child's and a presentation's tail is drawn).
    for relation in hierarchy.relations(from: plan.isDrawn, children: plan.drawnChildren(of:among:)) {
      guard let tail = tail(of: relation, in: hierarchy) else { continue }
      var drawn = edge(relation, in: hierarchy, mark: relationMark(relation), tail: tail, clusterOf: clusterOf)
      if case let .presentation(_, presented) = relation, let rowStart = wrapped[presented] {
        // A long chain of presentations goes on on the next row, under the row before.
        drawn.attributes = drawn.attributes.setting(.init("minlen", "1")).setting(.init("weight", "1"))
        var attributes: [GraphDescription.Attribute] = [
          .init("style", "invis"), .init("class", "row"), .init("weight", "20"),
        ]
        if rowStart.minlen != 1 { attributes.append(.init("minlen", "\(rowStart.minlen)")) }
        edges.append(.init(tail: rowStart.tail, head: Self.nodeName(ofController: presented), attributes: attributes))
      }
      edges.append(drawn)
    }
    if let changes {
      for relation in changes.removedRelations {
        guard let tail = tail(of: relation, in: changes.before) else { continue }
        var removed = edge(relation, in: changes.before, mark: .removed, tail: tail, clusterOf: clusterOf)
        // A column an expansion takes back from the primary stack is drawn as a column: the relation
        // it left must not pull it below that stack (the stable layout would stack the columns).
        if plan.hasColumnPlace(relation.target) { removed.attributes = removed.attributes.unranked() }
        edges.append(removed)
      }
    }
    for (index, fold) in plan.folds.enumerated() {
      let head = fold.name
      switch fold.anchor {
      case let .children(parent):
        guard plan.isDrawn.contains(parent) else { continue }
        edges.append(foldEdge(fold, tail: plan.tail(of: .fold(index), in: parent), head: head))
      case let .popped(navigation):
        guard plan.isDrawn.contains(navigation) else { continue }
        edges.append(foldEdge(fold, tail: plan.tail(of: .fold(index), in: navigation), head: head))
      case let .root(window):
        edges.append(foldEdge(fold, tail: windowNodeName(window), head: head))
      case let .presentation(presenter):
        edges.append(foldEdge(fold, tail: Self.nodeName(ofController: presenter), head: head))
      case let .segues(source):
        edges.append(foldEdge(fold, tail: Self.nodeName(ofController: source), head: head))
      case .detached, .windows:
        continue
      }
    }
    return edges
  }

  /// The node of the window `id`: its own, or in a map, the one window box every root hangs from.
  func windowNodeName(_ id: String) -> String {
    Self.nodeName(ofWindow: appMap == nil ? id : hierarchy.windows.first?.id ?? id)
  }

  /// The edge of `relation`, drawn from `tail` (for a stack's child, the controller below it).
  ///
  /// A child's role is written on the child's node, not on its edge: the edge has a label only when
  /// a diff marks it. A presentation's edge joins its two ends on one rank, the presented
  /// controller to the right.
  private func edge(
    _ relation: HierarchyDiff.Relation, in hierarchy: Hierarchy, mark: Mark?, tail: String,
    clusterOf: (String) -> String?
  ) -> GraphDescription.Edge {
    var color: String
    var attributes: [GraphDescription.Attribute]
    var lines: [String]
    // `edge-root`, `edge-child` or `edge-presentation`, and what else a page may style the edge by.
    var classes: [String]
    switch relation {
    case .root:
      classes = ["edge-root"]
      color = style.rootEdge
      attributes = [.init("penwidth", "2.2"), .init("weight", "4")]
      lines = [
        HTMLText.font(appMap.map { mapRootLabel(relation, drawing: $0) } ?? "root", size: 10, color: color, width: 40)
      ]
    case let .child(_, child):
      let role = hierarchy.role(of: child)
      let shown = role?.isShown ?? true
      classes = ["edge-child", shown ? "shown" : "hidden"]
      color = shown ? style.shownChildEdge : style.childEdge
      attributes = [.init("penwidth", shown ? "1.6" : "1.1"), .init("weight", "3")]
      lines = []
    case let .presentation(presenter, presented):
      let presentation = hierarchy[presenter]?.presentation
      classes = ["edge-presentation", "style-" + (presentation?.style?.rawValue ?? "unknown")]
      // A sheet the scenario gave detents: the one it rests at, for a page to style.
      if presentation?.detentSummary != nil, let detent = presentation?.selectedDetent {
        classes.append("detent-" + HTMLText.identifier(detent.identifier))
      }
      color = style.presentationEdge
      attributes = [.init("penwidth", "1.8"), .init("style", "dashed"), .init("arrowhead", "vee")]
      // Beside the presenter: the same rank, to its right. Its style is written on the presented
      // controller (see `placement(of:in:)`): the edge has no label, even when a diff marks it.
      if let cluster = clusterOf(presenter), cluster == clusterOf(presented) {
        attributes += [.init("minlen", "0"), .init("weight", "2")]
      }
      lines = []
    }
    switch mark {
    case .added?:
      lines.insert(HTMLText.font("+ ADDED", size: 9, color: style.added, bold: true), at: 0)
      attributes = attributes.map { $0.name == "penwidth" ? .init("penwidth", "2.6") : $0 }
    case .removed?:
      color = style.removed
      lines = [
        HTMLText.font("− REMOVED", size: 9, color: style.removed, bold: true),
        HTMLText.font(Self.plainLabel(relation, in: hierarchy), size: 10, color: color, width: 40),
      ]
      attributes = attributes.filter { $0.name != "style" } + [.init("style", "dotted")]
    case let .changed(earlier)?:
      lines.append(
        HTMLText.font("~ was " + earlier.joined(separator: "; "), size: 9, color: style.changed, width: 40))
    case nil:
      break
    }
    if case .presentation = relation { lines = [] }
    classes += [Self.className(of: mark)].compactMap { $0 }
    // An app map's containment is made by call sites too: each in the tooltip, a link to the first.
    if let appMap { attributes += mapRelationAttributes(relation, drawing: appMap) }
    return .init(
      tail: tail, head: Self.nodeName(ofController: relation.target),
      attributes: [
        .init("id", Self.svgID(of: relation)), .init("class", classes.joined(separator: " ")), .init("color", color),
      ] + attributes + (lines.isEmpty ? [] : [.init("label", html: padded(lines))]))
  }

  /// The edge that leads to a fold: from the container (or the controller below it in a stack), the
  /// window, or the presenting controller.
  private func foldEdge(_ fold: DrawingPlan.Fold, tail: String, head: String) -> GraphDescription.Edge {
    var attributes: [GraphDescription.Attribute] = [
      .init("id", "edge-" + Self.svgID(of: fold)), .init("color", style.childEdge), .init("penwidth", "1.1"),
    ]
    switch fold.anchor {
    case .root:
      attributes += [.init("class", "edge-root edge-fold"), .init("penwidth", "2.2"), .init("weight", "4")]
      attributes = attributes.setting(.init("color", style.rootEdge))
    case .presentation:
      attributes += [
        .init("class", "edge-presentation edge-fold"), .init("style", "dashed"), .init("arrowhead", "vee"),
        .init("minlen", "0"), .init("weight", "2"),
      ]
      attributes = attributes.setting(.init("color", style.presentationEdge))
    case .popped:
      attributes += [.init("class", "edge-child edge-fold removed"), .init("style", "dotted"), .init("weight", "3")]
      attributes = attributes.setting(.init("color", style.removed))
    case .children, .detached, .windows:
      attributes += [.init("class", "edge-child edge-fold"), .init("style", "dashed"), .init("weight", "3")]
    case let .segues(source):
      // The segues that lead to the folded scenes, counted with their kinds.
      let held = Set(fold.held)
      let segues = hierarchy.segues.filter { $0.source == source && $0.destination.map(held.contains) == true }
      let text =
        appMap == nil
        ? "\(segues.count) segue\(segues.count == 1 ? "" : "s"): " + Self.kindList(segues)
        : Self.mapFoldLabel(segues)
      attributes += [
        .init("class", "edge-segue edge-fold"), .init("style", "dotted"), .init("arrowhead", "vee"),
        .init(
          "label", html: padded([HTMLText.font(text, size: 10, color: style.segue, bold: true, width: 40, maxLines: 4)])
        ),
      ]
      attributes = attributes.setting(.init("color", style.segue)).setting(.init("penwidth", "1.5"))
      // A map's transitions say where they are, folded or not.
      if appMap != nil {
        let tooltip = Self.mapTooltip(of: segues)
        attributes += [.init("tooltip", tooltip), .init("labeltooltip", tooltip)]
      }
    }
    return .init(tail: tail, head: head, attributes: attributes)
  }

  /// A relation's label as plain text, for a removed edge drawn in one colour.
  private static func plainLabel(_ relation: HierarchyDiff.Relation, in hierarchy: Hierarchy) -> String {
    switch relation {
    case .root: return "root"
    case let .child(_, child): return hierarchy.role(of: child)?.description ?? "child"
    case let .presentation(_, presented): return "presents · " + hierarchy.presentationStyleName(of: presented)
    }
  }
}

extension Array where Element == GraphDescription.Attribute {
  /// An edge's attributes made so that it does not move its ends (`constraint=false`), its label
  /// an `xlabel`, placed once the boxes are: such an edge may join two boxes of one rank, and
  /// Graphviz 2.42 corrupts its heap placing the label of one (see `CGraph`).
  func unranked() -> [GraphDescription.Attribute] {
    map { attribute in
      guard attribute.name == "label" else { return attribute }
      var moved = attribute
      moved.name = "xlabel"
      return moved
    } + [.init("constraint", "false")]
  }
}
