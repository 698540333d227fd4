import VCGraph

/// The picture of one step: windows, controllers and their relations, the step's header and a legend.
///
/// The encoding: windows are dark boxes at the top of a framed area; a controller's box shows its
/// kind, class, id and title, and whether it is on screen (green border), off screen (grey) or has
/// not loaded its view (dashed). Window → root edges are heavy black, parent → child edges grey with
/// the child's role (the shown child darker), presenting → presented edges dashed purple with the style.
/// ``theme`` picks the colours (light or dark); nothing else changes with it.
///
/// In SVG, every node and edge has a stable `id` and CSS classes a page can style or link by
/// (Graphviz writes `node`, `edge` or `cluster` before them):
/// - controllers: ``svgID(ofController:)``, classes `vc kind-<kind> state-<appearance>`, `loaded` or
///   `not-loaded`, `on-screen` or `off-screen`;
/// - windows: ``svgID(ofWindow:)``, classes `window`, and `key`, `compact` when they are;
/// - edges: ``svgID(of:)``, classes `edge-root`, `edge-child` with `shown` or `hidden`, or
///   `edge-presentation` with `style-<style>` (`style-unknown` for a dump that does not say) and,
///   for a sheet given detents, `detent-<identifier>` of the detent it rests at;
/// - window frames: `frame-window-<id>`, class `frame`; the frame of controllers outside any window
///   `frame-detached`, classes `frame detached`; the graph: class `theme-light` or `theme-dark`.
///
/// A diff adds `added`, `removed` or `changed` to what it marks. `<title>`s are the Graphviz names:
/// `vc:home`, `window:main`, `vc:nav->vc:home`.
public struct Diagram: Sendable {
  public var hierarchy: Hierarchy
  /// The small line above the headline: `STEP 2 OF 5`, `IMPORTED DUMP`, `DIFF`.
  public var context: String
  /// The large line: the step's action, or what was imported or compared.
  public var headline: String
  public var caption: String?
  public var title: String?
  /// The step's lifecycle callbacks, drawn in a numbered panel (and their numbers on the controllers)
  /// when not nil.
  public var events: [LifecycleEvent]?
  /// What changed since an earlier hierarchy: when set, ``hierarchy`` is the diff's `after`, and
  /// the diagram also draws, faded, what was removed, and marks what was added or changed.
  public var changes: HierarchyDiff?
  /// The colours the diagram is drawn in; light unless set.
  public var theme: Theme = .light
  /// What folds into counted nodes, and what the diagram focuses on; ``FoldMode/auto`` unless set.
  public var folding = Folding()
  /// With `render --size-classes`, the step drawn once per horizontal size class, side by side,
  /// left to right: each side's own hierarchy, changes and callbacks (``Side``); this diagram then
  /// draws only the header (context, headline, caption, legend) above them. Empty otherwise.
  public var sides: [Side] = []
  /// True to draw the ``sides`` one below the other, in their order, rather than side by side: for a
  /// picture whose sides side by side are wider than a page holds.
  var stacksSides = false
  /// For a storyboard's diagram, the scenes nothing leads to: drawn faded, since a reader must notice them.
  var unreachableScenes: Set<String>?
  /// True for a storyboard's diagram: a design-time map, whose scenes are not "not loaded" but
  /// simply not shown at launch, and whose scenes outside the initial controller's tree are not
  /// framed as outside any window.
  var isStoryboard: Bool { unreachableScenes != nil }
  /// The class the window boxes name: `NSWindow` for a macOS storyboard.
  var windowClass = "UIWindow"

  public init(
    hierarchy: Hierarchy, context: String, headline: String, caption: String? = nil, title: String? = nil,
    events: [LifecycleEvent]? = nil
  ) {
    self.hierarchy = hierarchy
    self.context = context
    self.headline = headline
    self.caption = caption
    self.title = title
    self.events = events
  }

  /// The diagram of a replayed step, with its callbacks when `showsEvents` is true.
  public init(frame: Frame, stepCount: Int, title: String?, showsEvents: Bool = false) {
    self.init(
      hierarchy: frame.hierarchy, context: "STEP \(frame.step.number) OF \(stepCount)",
      headline: frame.step.action.summary, caption: frame.step.caption, title: title,
      events: showsEvents ? frame.events : nil)
  }

  /// The diagram of `diff`: its `after` hierarchy, with what was removed drawn faded where it was,
  /// and what was added or changed marked.
  public init(diff: HierarchyDiff, headline: String, caption: String? = nil, title: String? = nil) {
    self.init(hierarchy: diff.after, context: "DIFF", headline: headline, caption: caption, title: title)
    changes = diff
  }

  /// The colours of ``theme``: every colour the diagram draws comes from here.
  var style: DiagramStyle { theme.style }

  /// The most callbacks the panel lists; a longer step ends the list with how many more there were.
  static let panelLimit = 60
  /// Callbacks per column of the panel.
  static let panelColumnLength = 12

  /// The cgraph node name of a controller: `vc:` and its id, with `%`, backslashes and control characters percent-encoded.
  public static func nodeName(ofController id: String) -> String { "vc:" + HTMLText.identifier(id) }
  /// The cgraph node name of a window.
  public static func nodeName(ofWindow id: String) -> String { "window:" + HTMLText.identifier(id) }
  /// The cgraph name of the cluster framing the controllers outside any window.
  static let detachedClusterName = "cluster_detached"
  /// The cgraph name of the cluster framing a window's hierarchy.
  static func clusterName(ofWindow id: String) -> String { "cluster_window_" + HTMLText.identifier(id) }
  /// The SVG `id` of a controller's node: `vc-` and its id, encoded as in ``nodeName(ofController:)``.
  public static func svgID(ofController id: String) -> String { "vc-" + HTMLText.identifier(id) }
  /// The SVG `id` of a window's node.
  public static func svgID(ofWindow id: String) -> String { "window-" + HTMLText.identifier(id) }
  /// The SVG `id` of a relation's edge: `edge-root-`, `edge-child-` or `edge-presentation-`, then the
  /// ids of its two ends joined by `~` (`edge-child-nav~home`), encoded as in ``svgID(ofController:)``
  /// with a `~` in an id encoded too, so no two relations share an id.
  public static func svgID(of relation: HierarchyDiff.Relation) -> String {
    func end(_ id: String) -> String { HTMLText.identifier(id).replacingOccurrences(of: "~", with: "%7E") }
    switch relation {
    case let .root(window, controller): return "edge-root-\(end(window))~\(end(controller))"
    case let .child(parent, child): return "edge-child-\(end(parent))~\(end(child))"
    case let .presentation(presenter, presented): return "edge-presentation-\(end(presenter))~\(end(presented))"
    }
  }

  /// The controllers of the hierarchy: those with a relation (every controller in a window has one)
  /// or listed by a dump. ``folding`` decides which of them get a node of their own.
  public var drawnControllers: [String] {
    hierarchy.members
  }

  /// How a diff marks an element of the diagram.
  enum Mark: Hashable {
    case added
    case removed
    /// Changed, with what changed (`appeared → disappeared`).
    case changed([String])
  }

  /// The graph to hand to Graphviz, folded at the first level ``folding`` tries (the rules, for
  /// ``FoldMode/auto``; ``Renderer`` folds more when the picture does not fit its page).
  public var graph: GraphDescription {
    graph(level: folding.levels[0])
  }

  /// The ids ``Folding/focus`` names in this diagram's hierarchy: controllers with that id, else
  /// with that class name (with or without its module); nil without a focus.
  var focusedControllers: Set<String>? {
    guard !folding.focus.isEmpty else { return nil }
    var found = Set<String>()
    let candidates = hierarchy.members + (changes?.removedControllers ?? [])
    for name in folding.focus {
      if candidates.contains(name) {
        found.insert(name)
        continue
      }
      for id in candidates {
        guard let controller = hierarchy[id] ?? changes?.before[id] else { continue }
        if controller.className == name || controller.unqualifiedClassName == name {
          found.insert(id)
        }
      }
    }
    return found
  }

  /// The plan of what this diagram draws at `level`.
  func plan(level: FoldLevel, pinned: Set<String> = []) -> DrawingPlan {
    DrawingPlan(hierarchy: hierarchy, changes: changes, level: level, focus: focusedControllers, pinned: pinned)
  }

  /// The graph, folded at `level`; `pinned` controllers keep a place of their own in the stable layout.
  ///
  /// With a `wrapping`, the picture is wrapped to be narrower (see ``Wrapping``). Without one, only
  /// children that hold nothing drawn wrap (after ``rowLength``), and windows go one below the
  /// other from level ``FoldLevel/stacks`` on.
  func graph(level: FoldLevel, pinned: Set<String> = [], wrapping wrap: Wrapping? = nil) -> GraphDescription {
    if !sides.isEmpty { return sideBySideGraph(level: level, pinned: pinned, wrapping: wrap) }
    let plan = plan(level: level, pinned: pinned)
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
      .init("class", "theme-" + theme.rawValue),
    ]
    graph.nodeDefaults = [font, .init("shape", "box"), .init("margin", "0.1,0.05")]
    graph.edgeDefaults = [font, .init("arrowsize", "0.8")]

    // What a diff removed is drawn from the earlier hierarchy, faded, where it was.
    let removedWindows = (changes?.removedWindows ?? []).compactMap { changes?.before.window(named: $0) }
    let shownWindows = hierarchy.windows.filter { !plan.foldedWindows.contains($0.id) }
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
    // Each drawn controller in the cluster of its window, or of the controllers outside any window.
    func cluster(of id: String, in hierarchy: Hierarchy) -> String? {
      hierarchy.window(of: id).map { Self.clusterName(ofWindow: $0.id) }
        ?? (isStoryboard ? nil : Self.detachedClusterName)
    }
    let drawn = plan.controllers.map { (id: $0.id, source: $0.source, cluster: cluster(of: $0.id, in: $0.source)) }
    let foldClusters = plan.folds.map { fold -> String? in
      switch fold.anchor {
      case let .children(parent), let .presentation(parent), let .popped(parent):
        return cluster(of: parent, in: hierarchy.isMember(parent) ? hierarchy : (changes?.before ?? hierarchy))
      case let .root(window): return Self.clusterName(ofWindow: window)
      case .detached: return isStoryboard ? nil : Self.detachedClusterName
      case .segues, .windows: return nil
      }
    }
    if drawn.contains(where: { $0.cluster == Self.detachedClusterName })
      || foldClusters.contains(Self.detachedClusterName)
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
    for (id, source, cluster) in drawn {
      guard let controller = source[id] else { continue }
      var node = controllerNode(
        controller, in: source, cluster: cluster, placement: placement(of: id, in: source), callbacks: numbers[id],
        mark: controllerMark(id, in: source))
      node.slot = plan.slots[id]
      graph.nodes.append(node)
    }
    for (index, fold) in plan.folds.enumerated() {
      graph.nodes.append(foldNode(fold, cluster: foldClusters[index]))
    }
    let clusters = Dictionary(drawn.map { ($0.id, $0.cluster) }, uniquingKeysWith: { first, _ in first })
    graph.edges = edges(plan, wrapping: wrap, clusterOf: { clusters[$0].map { $0 ?? "" } })
    // Past the rules, windows go one below the other: a second window beside the first makes a
    // picture as wide as both. Wrapped, they go in rows.
    let windowRow =
      wrap.map {
        $0.windowsSideBySide ? shownWindows.count : max(1, Int(Double(shownWindows.count).squareRoot().rounded(.up)))
      } ?? (level >= .stacks ? 1 : nil)
    if let windowRow {
      let windows = shownWindows.map { Self.clusterName(ofWindow: $0.id) }
      for (upper, lower) in zip(shownWindows, shownWindows.dropFirst(windowRow)) {
        let cluster = Self.clusterName(ofWindow: upper.id)
        guard windows.contains(cluster) else { continue }
        // One invisible edge from the deepest box of the upper window: more would upset the order
        // of the boxes on every rank.
        var deepest: (String, Int)?
        for (id, _, drawnCluster) in drawn where drawnCluster == cluster {
          if let depth = plan.depths[.controller(id)], depth > (deepest?.1 ?? -1) {
            deepest = (Self.nodeName(ofController: id), depth)
          }
        }
        for (index, fold) in plan.folds.enumerated() where foldClusters[index] == cluster {
          if let depth = plan.depths[.fold(index)], depth > (deepest?.1 ?? -1) { deepest = (fold.name, depth) }
        }
        guard let deepest else { continue }
        graph.edges.append(
          .init(
            tail: deepest.0, head: Self.nodeName(ofWindow: lower.id),
            attributes: [.init("style", "invis"), .init("class", "window-below"), .init("weight", "0")]))
      }
    }
    graph.edges += treeRows(plan, length: min(wrap?.containers ?? Self.rowLength, Self.rowLength))
    graph.edges += segueEdges(drawn: plan.isDrawn)
    graph.edges += segueRows(drawn: plan.isDrawn, clusterOf: { clusters[$0] ?? nil })
    return graph
  }

  /// A storyboard's scenes that no segue leads to (scenes code instantiates, unreachable ones), that
  /// nothing else places side by side: more than ``rowLength`` of them wrap onto rows, each tree
  /// below the deepest box of the tree a row before it. (A scenario's frames leave their trees
  /// outside a window side by side: the stable layout merges every frame's edges, and a row edge of
  /// one frame would fight the order of another.)
  private func treeRows(_ plan: DrawingPlan, length: Int) -> [GraphDescription.Edge] {
    guard isStoryboard else { return [] }
    let windowRoots = Set(hierarchy.windows.compactMap(\.rootViewController))
    var seguedTo: Set<String> = []
    for segue in hierarchy.segues {
      if case .unwind = segue.kind { continue }
      if let destination = segue.destination, destination != segue.source, plan.isDrawn.contains(segue.source) {
        seguedTo.insert(destination)
      }
    }
    let roots = plan.roots.filter { root in
      guard let controller = hierarchy[root] ?? changes?.before[root] else { return false }
      return !windowRoots.contains(root) && controller.parent == nil && controller.presenter == nil
        && !seguedTo.contains(root)
    }
    guard roots.count > length else { return [] }
    return (0..<roots.count - length).map { index in
      .init(
        tail: plan.nodeName(of: plan.deepestItem(under: roots[index])),
        head: Self.nodeName(ofController: roots[index + length]),
        attributes: [.init("style", "invis"), .init("class", "row"), .init("weight", "0")])
    }
  }

  /// At most this many boxes of a chain of presentations side by side, when they hold nothing drawn.
  static let chainRowLength = 4

  /// The presented controllers that start a new row of a long chain of presentations, with the
  /// first box of the row before: a chain of boxes that hold nothing drawn (alerts and sheets
  /// presented one over the other) would otherwise make a picture many times wider than high.
  private func wrappedPresentations(_ plan: DrawingPlan) -> [String: String] {
    var next: [String: String] = [:]
    var isPresented: Set<String> = []
    for (id, source) in plan.controllers {
      guard let presented = source[id]?.presentation?.presented, plan.isDrawn.contains(presented) else { continue }
      next[id] = presented
      isPresented.insert(presented)
    }
    func holdsNothing(_ id: String) -> Bool { (plan.items[id] ?? []).isEmpty }
    var wrapped: [String: String] = [:]
    for (head, _) in plan.controllers where next[head] != nil && !isPresented.contains(head) {
      var row = [head]
      var current = head
      var seen: Set<String> = [head]
      while let presented = next[current], seen.insert(presented).inserted {
        if row.count >= Self.chainRowLength, row.allSatisfy(holdsNothing) {
          wrapped[presented] = row[0]
          row = [presented]
        } else {
          row.append(presented)
        }
        current = presented
      }
    }
    return wrapped
  }

  /// How a picture too wide for its page wraps: the most children of one container side by side
  /// (those that hold nothing drawn, and the others), each further row below the deepest box under
  /// the row before. Windows go in rows of the square root of their number, rounded up (a square of windows),
  /// or all side by side.
  ///
  /// A wrapping may also stack the header: the legend under the title rather than beside it, for a
  /// picture that draws little (a focus, an empty step) under a header wider than it.
  struct Wrapping: Hashable {
    var leaves: Int
    var containers: Int?
    var windowsSideBySide = false
    var stacksHeader = false
    /// The sides of a `--size-classes` picture one below the other (``Diagram/stacksSides``).
    var stacksSides = false

    /// The wrappings to try, from the widest to the narrowest: the header stacked, leaves as they
    /// are; leaves three to a row, then one; then other children two to a row, then one; and that
    /// last with windows side by side (each window a narrow column).
    static let narrowing: [Wrapping] = [
      .init(leaves: rowLength, containers: nil, stacksHeader: true),
      .init(leaves: 3, containers: nil), .init(leaves: 1, containers: nil), .init(leaves: 1, containers: 2),
      .init(leaves: 1, containers: 1), .init(leaves: 1, containers: 1, windowsSideBySide: true),
      // Only a picture with sides changes with these: its sides one below the other.
      .init(leaves: rowLength, containers: nil, stacksSides: true),
      .init(leaves: 3, containers: nil, stacksSides: true), .init(leaves: 1, containers: 2, stacksSides: true),
    ]
  }

  /// At most this many leaves side by side: a container's children that hold nothing drawn, or the
  /// scenes one storyboard scene's segues lead to, wrap onto more rows, in order, left to right.
  static let rowLength = 5

  /// Invisible edges that wrap a row of nodes after every ``rowLength``: each node above the one
  /// ``rowLength`` places after it.
  /// A column (rows of one) is kept straight, one box right below the other.
  static func wrappingRows(_ nodes: [String], length: Int = rowLength) -> [GraphDescription.Edge] {
    guard nodes.count > length else { return [] }
    return (0..<nodes.count - length).map { index in
      .init(
        tail: nodes[index], head: nodes[index + length],
        attributes: [.init("style", "invis"), .init("class", "row"), .init("weight", length == 1 ? "8" : "0")])
    }
  }

  /// The rows of the scenes each storyboard scene's segues lead to, when there are more than a row
  /// holds: only scenes outside the initial controller's window, which nothing else places.
  private func segueRows(drawn: Set<String>, clusterOf: (String) -> String?) -> [GraphDescription.Edge] {
    guard isStoryboard else { return [] }
    var heads: [String: [String]] = [:]
    var sources: [String] = []
    for segue in hierarchy.segues {
      guard let head = segue.destination, head != segue.source, drawn.contains(head),
        drawn.contains(segue.source), clusterOf(head) == nil, hierarchy[head]?.parent != segue.source
      else { continue }
      switch segue.kind {
      case .unwind, .reference: continue
      default: break
      }
      if heads[segue.source] == nil { sources.append(segue.source) }
      if heads[segue.source, default: []].contains(head) == false { heads[segue.source, default: []].append(head) }
    }
    return sources.flatMap { source in
      Self.wrappingRows((heads[source] ?? []).map { Self.nodeName(ofController: $0) }, length: Self.rowLength - 1)
    }
  }

  /// The edges of a plan: relations between drawn controllers (a stack's children each from the one
  /// below it), edges to folds, and invisible edges that keep each container's children in order.
  private func edges(
    _ plan: DrawingPlan, wrapping wrap: Wrapping?, clusterOf: (String) -> String?
  ) -> [GraphDescription.Edge] {
    var edges: [GraphDescription.Edge] = []
    func tail(of relation: HierarchyDiff.Relation, in source: Hierarchy) -> String? {
      switch relation {
      case let .root(window, controller):
        return plan.isDrawn.contains(controller) ? Self.nodeName(ofWindow: window) : nil
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
    for (relation, _) in hierarchy.relations {
      guard let tail = tail(of: relation, in: hierarchy) else { continue }
      var drawn = edge(relation, in: hierarchy, mark: relationMark(relation), tail: tail, clusterOf: clusterOf)
      if case let .presentation(_, presented) = relation, let rowStart = wrapped[presented] {
        // A long chain of presentations goes on on the next row, under the row before's first box.
        drawn.attributes = drawn.attributes.setting(.init("minlen", "1")).setting(.init("weight", "1"))
        edges.append(
          .init(
            tail: Self.nodeName(ofController: rowStart), head: Self.nodeName(ofController: presented),
            attributes: [.init("style", "invis"), .init("class", "row"), .init("weight", "20")]))
      }
      edges.append(drawn)
    }
    if let changes {
      for relation in changes.removedRelations {
        guard let tail = tail(of: relation, in: changes.before) else { continue }
        edges.append(edge(relation, in: changes.before, mark: .removed, tail: tail, clusterOf: clusterOf))
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
        edges.append(foldEdge(fold, tail: Self.nodeName(ofWindow: window), head: head))
      case let .presentation(presenter):
        edges.append(foldEdge(fold, tail: Self.nodeName(ofController: presenter), head: head))
      case let .segues(source):
        edges.append(foldEdge(fold, tail: Self.nodeName(ofController: source), head: head))
      case .detached, .windows:
        continue
      }
    }
    // A container's children left to right in their order: an invisible edge from each to the
    // next, on the same rank (a flat edge, which dot draws left to right). Children that hold
    // nothing drawn wrap onto more rows when there are many; in a wrapped picture, every
    // container's children do, each row below the deepest box of the row before.
    for (parent, _) in plan.controllers {
      guard let items = plan.items[parent], items.count > 1, !plan.isStack(parent) else { continue }
      let isLeaf = items.allSatisfy { item in
        guard case let .controller(id) = item else { return true }
        return (plan.items[id] ?? []).isEmpty && hierarchy[id]?.presentation == nil
      }
      let limit = isLeaf ? (wrap?.leaves ?? Self.rowLength) : (wrap?.containers ?? items.count)
      let rows = min(items.count, limit)
      for (index, (left, right)) in zip(items, items.dropFirst()).enumerated() where (index + 1) % rows != 0 {
        edges.append(
          .init(
            tail: plan.nodeName(of: left), head: plan.nodeName(of: right),
            attributes: [.init("style", "invis"), .init("minlen", "0"), .init("class", "order")]))
      }
      guard rows < items.count else { continue }
      if isLeaf {
        edges += Self.wrappingRows(items.map(plan.nodeName(of:)), length: rows)
        continue
      }
      // Each row below the deepest box under the row before, so that a row starts on one rank.
      for start in stride(from: rows, to: items.count, by: rows) {
        let above = items[start - rows..<start].map { plan.deepestItem(below: $0) }
        guard let deepest = above.max(by: { (plan.depths[$0] ?? 0) < (plan.depths[$1] ?? 0) }) else { continue }
        for item in items[start..<min(start + rows, items.count)] {
          edges.append(
            .init(
              tail: plan.nodeName(of: deepest), head: plan.nodeName(of: item),
              attributes: [.init("style", "invis"), .init("class", "row"), .init("weight", "0")]))
        }
      }
    }
    return edges
  }

  // MARK: - Marks

  /// The CSS class of a diff's mark: `added`, `removed` or `changed`; nil without a mark.
  private static func className(of mark: Mark?) -> String? {
    switch mark {
    case .added?: return "added"
    case .removed?: return "removed"
    case .changed?: return "changed"
    case nil: return nil
    }
  }

  private func windowMark(_ id: String, isRemoved: Bool) -> Mark? {
    guard let changes else { return nil }
    if isRemoved { return .removed }
    if changes.addedWindows.contains(id) { return .added }
    return changes.windowChanges[id].map { .changed($0) }
  }

  private func controllerMark(_ id: String, in source: Hierarchy) -> Mark? {
    guard let changes else { return nil }
    if source != hierarchy { return .removed }
    if changes.addedControllers.contains(id) { return .added }
    return changes.controllerChanges[id].map { .changed($0) }
  }

  private func relationMark(_ relation: HierarchyDiff.Relation) -> Mark? {
    guard let changes else { return nil }
    if changes.addedRelations.contains(relation) { return .added }
    return changes.relationChanges[relation].map { .changed([$0]) }
  }

  // MARK: - Edges

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
      lines = [HTMLText.font("root", size: 10, color: color, width: 40)]
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
      attributes += [
        .init("class", "edge-segue edge-fold"), .init("style", "dotted"), .init("arrowhead", "vee"),
        .init(
          "label",
          html: padded([
            HTMLText.font(
              "\(segues.count) segue\(segues.count == 1 ? "" : "s"): " + Self.kindList(segues), size: 10,
              color: style.segue, bold: true, width: 40, maxLines: 4)
          ])),
      ]
      attributes = attributes.setting(.init("color", style.segue)).setting(.init("penwidth", "1.5"))
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

  // MARK: - Nodes

  private func windowNode(_ window: Window, cluster: String, mark: Mark?) -> GraphDescription.Node {
    var subtitle = window.isKey ? "\(window.id) · key window" : window.id
    if window.horizontalSizeClass == .compact { subtitle += " · compact width" }
    var rows = [
      HTMLText.font(windowClass, size: 12, color: style.windowLabel, bold: true),
      HTMLText.font(subtitle, size: 10, color: style.windowSecondaryLabel, width: 40),
    ]
    if let note = markNote(mark, onDark: true) { rows.insert(note, at: 0) }
    // What changed (`key → not key`, `regular → compact width`), as a changed controller lists it.
    if case let .changed(changes)? = mark {
      for change in changes {
        rows.append(HTMLText.font("~ " + change, size: 9, color: style.windowChanged, bold: true, width: 40))
      }
    }
    let label =
      "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\">"
      + rows.map { "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\($0)</TD></TR>" }.joined() + "</TABLE>"
    let fill =
      mark == .removed ? style.removed : window.isKey ? style.windowFill : style.otherWindowFill
    // Outlined like a controller the diff marks: added in blue, changed in orange.
    let (border, width): (String, String)
    switch mark {
    case .added?: (border, width) = (style.added, "3")
    case .changed?: (border, width) = (style.changed, "2.6")
    case .removed?: (border, width) = (fill, "1")
    case nil: (border, width) = (window.isKey ? style.windowBorder : style.otherWindowBorder, "1")
    }
    let classes =
      [
        "window", window.isKey ? "key" : nil, window.horizontalSizeClass == .compact ? "compact" : nil,
        Self.className(of: mark),
      ]
      .compactMap { $0 }
    return .init(
      name: Self.nodeName(ofWindow: window.id), cluster: cluster,
      attributes: [
        .init("id", Self.svgID(ofWindow: window.id)), .init("class", classes.joined(separator: " ")),
        .init("style", "rounded,filled"),
        .init("fillcolor", fill), .init("color", border), .init("penwidth", width),
        .init("label", html: label),
      ])
  }

  /// The first line of an element a diff marked: `+ ADDED`, `− REMOVED`, `~ CHANGED`.
  private func markNote(_ mark: Mark?, onDark: Bool = false) -> String? {
    switch mark {
    case .added?: return HTMLText.font("+ ADDED", size: 8, color: onDark ? style.windowAdded : style.added, bold: true)
    case .removed?:
      return HTMLText.font("− REMOVED", size: 8, color: onDark ? style.windowRemoved : style.removed, bold: true)
    case .changed?:
      return HTMLText.font("~ CHANGED", size: 8, color: onDark ? style.windowChanged : style.changed, bold: true)
    case nil: return nil
    }
  }

  /// A controller's box, drawn from `source` (the diagram's hierarchy, or the earlier one of a diff
  /// for a removed controller); `callbacks` are the numbers of the callbacks it received in the panel.
  private func controllerNode(
    _ controller: ViewController, in source: Hierarchy, cluster: String?, placement: Placement?, callbacks: [Int]?,
    mark: Mark?
  ) -> GraphDescription.Node {
    // A controller from a scenario is drawn from what the key holds alone (one from a dump also
    // from where its view is), and the frames of a scenario draw most controllers as they were.
    // A storyboard's scene also shows its unwind segues, which no key holds.
    // A tab bar's iOS 18 tabs are drawn with what the other controllers say (which tabs have theirs).
    guard controller.dumpRecord == nil, !isStoryboard, controller.tabs.isEmpty else {
      return makeControllerNode(
        controller, in: source, cluster: cluster, placement: placement, callbacks: callbacks, mark: mark)
    }
    let key = NodeCache.Key(
      controller: controller, cluster: cluster, placement: placement, callbacks: callbacks, mark: mark, theme: theme)
    if let node = Self.nodeCache[key] { return node }
    let node = makeControllerNode(
      controller, in: source, cluster: cluster, placement: placement, callbacks: callbacks, mark: mark)
    Self.nodeCache[key] = node
    return node
  }

  /// The controller nodes drawn lately, by what they were drawn from.
  private static let nodeCache = NodeCache()

  private func makeControllerNode(
    _ controller: ViewController, in source: Hierarchy, cluster: String?, placement: Placement?, callbacks: [Int]?,
    mark: Mark?
  ) -> GraphDescription.Node {
    let isRemoved = mark == .removed
    let onScreen = controller.appearance.isOnScreen
    let loaded = controller.isViewLoaded
    // A storyboard's scene that is not on screen at launch is simply not shown yet: drawn plainly,
    // unless nothing leads to it, which a reader must notice.
    let isScene = isStoryboard && !onScreen && !loaded
    let isUnreachable = unreachableScenes?.contains(controller.id) ?? false
    let isMissing = isStoryboard && controller.className == "missing scene"
    var state: (symbol: String, text: String, color: String)
    if onScreen {
      state = ("●", "on screen · \(controller.appearance.rawValue)", style.onScreenText)
    } else if isMissing {
      state = ("⚠", "missing from its storyboard", style.changed)
    } else if isUnreachable {
      state = ("⚠", "unreachable: no segue, relationship or identifier", style.changed)
    } else if isScene {
      state = ("○", "not shown at launch", style.tertiaryLabel)
    } else if loaded {
      state = ("○", "off screen · \(controller.appearance.rawValue)", style.tertiaryLabel)
    } else {
      state = ("◌", "view not loaded", style.tertiaryLabel)
    }
    // A controller drawn where it was, now gone (dismissed, popped, released): what it was, as past.
    if isRemoved { state = ("−", "gone · was \(state.text)", style.removedText) }
    let kindColor = isRemoved ? style.removedText : style.color(for: controller.kind)
    let classColor =
      isRemoved
      ? style.removedText : onScreen || (isScene && !isUnreachable && !isMissing) ? style.label : style.secondaryLabel
    let detailColor = isRemoved ? style.removedText : style.secondaryLabel
    let identity = controller.identityLine
    var kindLine = controller.kind.displayName.uppercased()
    // Collapsed or expanded only when the input says so (a dump may not): neither otherwise.
    if let splitViewState = controller.splitViewState { kindLine += " · " + splitViewState.uppercased() }
    let sidebar = source.sidebarState(of: controller.id)
    switch sidebar {
    case .shown?: kindLine += " · SIDEBAR"
    case .hidden?: kindLine += " · SIDEBAR HIDDEN"
    case .unavailable?, nil: break
    }
    // The kind, and the place the controller has in its parent: `NAVIGATION  tab 1 · selected`.
    var topLine = HTMLText.font(kindLine, size: 9, color: kindColor, bold: true)
    if let placement {
      let color =
        isRemoved ? style.removedText : placement.isPresentation ? style.presentationEdge : style.secondaryLabel
      topLine +=
        Self.gap + HTMLText.font(placement.text, size: 9, color: color, bold: placement.isEmphasized, width: 40)
    }
    // A hosting controller is named by the SwiftUI view it shows, the screen a reader knows.
    let hostedView = controller.swiftUIRootView
    var rows = [
      topLine,
      Self.classNameLabel(hostedView ?? controller.className, color: classColor),
      hostedView.map { _ in
        HTMLText.font("SwiftUI view in UIHostingController", size: 9, color: detailColor, width: 40)
      },
      identity.isEmpty ? nil : HTMLText.font(identity, size: 10, color: detailColor, width: 30),
      HTMLText.font(
        "\(state.symbol) \(state.text)", size: 10, color: isRemoved ? style.removedText : state.color, width: 30),
    ].compactMap { $0 }
    if let note = markNote(mark) { rows.insert(note, at: 0) }
    rows += tabRows(of: controller, in: source, isRemoved: isRemoved, showsSidebar: sidebar == .shown)
    // How the controller is presented, beyond its style: forwarded, or with the class a dump printed.
    for note in placement?.notes ?? [] {
      rows.append(
        HTMLText.font(note, size: 9, color: isRemoved ? style.removedText : style.presentationEdge, width: 34))
    }
    // What only a dump tells: the view's place when it disagrees with the state, and the addresses.
    if loaded, controller.dumpRecord?.view != nil {
      let inWindow = source.isViewInWindow(controller.id)
      if inWindow != (controller.appearance != .disappeared) {
        rows.append(
          HTMLText.font(
            inWindow ? "⚠ view still in the window" : "⚠ view not in the window", size: 10,
            color: style.changed, bold: true))
      }
    }
    if let record = controller.dumpRecord {
      let addresses = [record.address, record.view?.address.map { "view \($0)" }].compactMap { $0 }
      if !addresses.isEmpty {
        rows.append(
          HTMLText.font(
            addresses.joined(separator: " · "), size: 9, color: style.tertiaryLabel, width: 48,
            face: DiagramStyle.monospacedFont))
      }
    }
    // A storyboard's unwind segues: their destination is found at run time, so they are listed on
    // the scene they start from (and drawn as a small loop back onto it).
    if isStoryboard {
      let actions = hierarchy.segues.compactMap { segue -> String? in
        guard segue.source == controller.id, case let .unwind(action) = segue.kind else { return nil }
        return action ?? "unwind"
      }
      if !actions.isEmpty {
        rows.append(
          HTMLText.font(
            "↩ " + Self.kindCounts(actions), size: 9, color: style.segue, bold: true, width: 34, maxLines: 3))
      }
    }
    let flags = [
      controller.isModalInPresentation ? "isModalInPresentation" : nil,
      controller.isRetained ? "retained by the app" : nil,
    ].compactMap { $0 }
    if !flags.isEmpty {
      rows.append(HTMLText.font(flags.joined(separator: " · "), size: 9, color: style.tertiaryLabel, width: 34))
    }
    if case let .changed(changes)? = mark {
      for change in changes {
        rows.append(HTMLText.font("~ " + change, size: 9, color: style.changed, bold: true, width: 36))
      }
    }
    if let numbers = callbacks {
      let list = numbers.map(String.init).joined(separator: ", ")
      rows.append(
        HTMLText.font(
          "callback\(numbers.count == 1 ? "" : "s") \(list)", size: 9, color: style.viewLoad, bold: true,
          width: 36, maxLines: 3))
    }
    let label =
      "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\">"
      + rows.map { "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\($0)</TD></TR>" }.joined() + "</TABLE>"
    let boxStyle: String
    var border: String
    let fill: String
    var width: String
    if isRemoved {
      (boxStyle, border, fill, width) = ("rounded,filled,dotted", style.removed, style.removedFill, "1.6")
    } else if onScreen {
      (boxStyle, border, fill, width) = ("rounded,filled", style.onScreenBorder, style.controllerFill, "2.2")
    } else if loaded {
      (boxStyle, border, fill, width) = ("rounded,filled", style.offScreenBorder, style.offScreenFill, "1")
    } else if isScene && !isUnreachable && !isMissing {
      (boxStyle, border, fill, width) = ("rounded,filled", style.offScreenBorder, style.controllerFill, "1.2")
    } else {
      (boxStyle, border, fill, width) = (
        "rounded,filled,dashed", style.notLoadedBorder, style.notLoadedFill, "1.2"
      )
    }
    // An added or changed controller keeps its state's border style, outlined in the diff's colour.
    switch mark {
    case .added?: (border, width) = (style.added, "3")
    case .changed?: (border, width) = (style.changed, "2.6")
    default: break
    }
    let classes = [
      "vc", "kind-" + controller.kind.rawValue, "state-" + controller.appearance.rawValue,
      loaded ? "loaded" : "not-loaded", onScreen ? "on-screen" : "off-screen", Self.className(of: mark),
    ].compactMap { $0 }
    return .init(
      name: Self.nodeName(ofController: controller.id), cluster: cluster,
      attributes: [
        .init("id", Self.svgID(ofController: controller.id)), .init("class", classes.joined(separator: " ")),
        .init("style", boxStyle), .init("color", border),
        .init("fillcolor", fill), .init("penwidth", width), .init("label", html: label),
        .init("tooltip", Self.tooltip(of: controller, placement: placement)),
      ])
  }

  /// The iOS 18 tabs of a tab bar controller, one a line as its sidebar lists them (a group's tabs
  /// indented under it): `●` the selected tab, `○` a tab whose controller exists, `◌` a tab whose
  /// provider has not run yet (no controller, so no box), faint; a group `▾` (holding the selected
  /// tab) or `▸`. The heading says whether the sidebar shows them all or the tab bar the root ones.
  /// After ``tabRowLimit`` tabs one line counts the others (the selected tab is always listed).
  private func tabRows(
    of controller: ViewController, in source: Hierarchy, isRemoved: Bool, showsSidebar: Bool
  )
    -> [String]
  {
    guard !controller.tabs.isEmpty else { return [] }
    // Without the sidebar the tab bar shows the root tabs; the group's tabs are reached through it.
    let heading = showsSidebar ? "tabs (sidebar)" : "tabs (the tab bar shows the root ones)"
    var rows = [
      HTMLText.font(heading, size: 9, color: isRemoved ? style.removedText : style.secondaryLabel, bold: true)
    ]
    let path = Set(controller.selectedTab.map { controller.tabPath(to: $0).map(\.identifier) } ?? [])
    let depths = controller.tabDepths
    // A long list is cut after the first tabs, keeping the selected tab and its groups: a box
    // stays a box on a page.
    var left: [Tab] = []
    for (index, tab) in controller.tabs.enumerated() {
      guard index < Self.tabRowLimit || path.contains(tab.identifier) else {
        left.append(tab)
        continue
      }
      let depth = depths[tab.identifier] ?? 0
      // The indent in the row's own size, so an indented row is no taller than the others (en
      // spaces: two no-break spaces in a row mark the gap before a role on the kind's line).
      let indent =
        depth == 0 ? "" : "<FONT POINT-SIZE=\"9\">" + String(repeating: "&#8194;&#8194;", count: depth) + "</FONT>"
      let isSelected = tab.identifier == controller.selectedTab
      let symbol: String
      let color: String
      if tab.isGroup {
        symbol = path.contains(tab.identifier) ? "▾" : "▸"
        color = style.secondaryLabel
      } else if isSelected {
        (symbol, color) = ("●", style.onScreenText)
      } else if source.isCreated(tab, in: controller.id) {
        (symbol, color) = ("○", style.secondaryLabel)
      } else {
        (symbol, color) = ("◌", style.tertiaryLabel)
      }
      var text = symbol + " " + tab.displayTitle
      if tab.isGroup, tab.managingNavigationController != nil { text += " · navigation" }
      if !tab.isGroup, !source.isCreated(tab, in: controller.id) { text += " · no controller yet" }
      rows.append(
        indent
          + HTMLText.font(
            text, size: 9, color: isRemoved ? style.removedText : color, bold: isSelected || tab.isGroup, width: 34))
    }
    if !left.isEmpty {
      let waiting = left.filter { !$0.isGroup && !source.isCreated($0, in: controller.id) }.count
      rows.append(
        HTMLText.font(
          "… \(left.count) more tab\(left.count == 1 ? "" : "s"), \(waiting) without a controller yet", size: 9,
          color: isRemoved ? style.removedText : style.tertiaryLabel, width: 34))
    }
    return rows
  }

  /// The most tabs a tab bar's box lists before it says how many more there are.
  static let tabRowLimit = 16

  /// A class name in bold, on as few lines as it fits, broken where a reader expects: after the
  /// module's dot (`MyApp.`), before a `ViewController` or `Controller` suffix, else at word
  /// boundaries (camel-case humps, dots, underscores) as ``HTMLText/lines(_:width:maxLines:)`` does;
  /// a word too long for a line is shortened in the middle. At most five lines.
  static func classNameLabel(_ className: String, color: String) -> String {
    classNameLines(className).map { HTMLText.font($0, size: 12, color: color, bold: true, width: classNameWidth) }
      .joined(separator: "<BR ALIGN=\"LEFT\"/>")
  }

  /// The lines ``classNameLabel(_:color:)`` draws a class name on.
  static func classNameLines(_ className: String) -> [String] {
    let width = classNameWidth
    guard className.count > width else { return [className] }
    var lines: [String] = []
    var rest = Substring(className)
    // The module on a line of its own, unless generic arguments follow (`SwiftUI.UIHostingController<…>`).
    if let dot = rest.firstIndex(of: "."), !rest.contains("<"), rest.distance(from: rest.startIndex, to: dot) < width {
      lines.append(String(rest[...dot]))
      rest = rest[rest.index(after: dot)...]
    }
    guard rest.count > width else { return lines + [String(rest)] }
    // The module with the rest of the name but its suffix, when they fit: `MyApp.FullScreen` / `ViewController`.
    for suffix in ["ViewController", "Controller"] where rest.hasSuffix(suffix) && rest.count > suffix.count {
      let head = (lines.first ?? "") + rest.dropLast(suffix.count)
      if head.count <= width { return [head, suffix] }
    }
    for suffix in ["ViewController", "Controller"] where rest.hasSuffix(suffix) && rest.count > suffix.count {
      let head = HTMLText.lines(String(rest.dropLast(suffix.count)), width: width, maxLines: 4)
      if head.count <= 3 { return lines + head + [suffix] }
    }
    return lines + HTMLText.lines(String(rest), width: width, maxLines: 4)
  }

  /// The widest line of a class name, in characters: a longer name breaks at a word boundary.
  /// `UINavigationController` fits.
  static let classNameWidth = 22

  /// Two no-break spaces between two pieces of text on one line of a label.
  static let gap = "&#160;&#160;"

  /// What a reader sees when pointing at a controller's box in a browser: its full class name, id,
  /// title and role, however the box had to shorten them.
  static func tooltip(of controller: ViewController, placement: Placement?) -> String {
    let parts = [
      controller.className, controller.isIDClassName ? nil : "id \(controller.id)",
      controller.title.flatMap { $0.isEmpty ? nil : "“\($0)”" }, placement?.text,
    ]
    return Self.plainAttribute(parts.compactMap { $0 }.joined(separator: " · "))
  }

  /// Text for a plain (not HTML) Graphviz attribute such as a tooltip: no control characters, a
  /// backslash kept from Graphviz's escapes, and at most 16,000 characters.
  static func plainAttribute(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars.prefix(16_000) {
      if scalar == "\\" {
        result += "\\\\"
      } else if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
        result += " "
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  // MARK: - Folds

  /// The SVG `id` of a fold: `fold-`, where it hangs (`nav`, `window-main`, `presented-home`,
  /// `popped-nav`, `detached`) and its first controller: `fold-nav-level1`.
  static func svgID(of fold: DrawingPlan.Fold) -> String {
    "fold-" + fold.name.dropFirst("fold:".count).replacingOccurrences(of: ":", with: "-")
  }

  /// A fold's box: where its controllers were (`stack[1…16]`), how many it holds, the first and the
  /// last, and what a diff marks inside it. Its tooltip lists them all.
  private func foldNode(_ fold: DrawingPlan.Fold, cluster: String?) -> GraphDescription.Node {
    let source = fold.source
    let isPopped: Bool
    if case .popped = fold.anchor { isPopped = true } else { isPopped = false }
    // What the fold counts: the hierarchy's controllers it holds (a popped fold, what the step popped).
    let count = isPopped ? fold.held.count : fold.held.count - fold.removed
    var place: String
    switch fold.anchor {
    case .children:
      place = Self.roleRange(fold.members.map { source.role(of: $0) }) ?? "children"
    case .root: place = "root"
    case .presentation: place = "presented"
    case .popped: place = "popped in this step"
    case .detached: place = "not in a window"
    case .windows:
      let count = hierarchy.windows.filter { $0.rootViewController.map(fold.members.contains) ?? false }.count
      place = "\(count) more window\(count == 1 ? "" : "s")"
    case .segues: place = "scenes its segues lead to"
    }
    // The first and the last controller, each on lines of its own: `Level1ViewController` /
    // `… Level16ViewController`; two of one class are told apart by their ids.
    var names = fold.members.map { Self.foldName(of: $0, in: source) }
    if names.count > 1, names[0] == names[names.count - 1], fold.members[0] != fold.members[names.count - 1] {
      names[0] += " (\(fold.members[0]))"
      names[names.count - 1] += " (\(fold.members[names.count - 1]))"
    }
    var rows = [
      HTMLText.font("FOLDED", size: 9, color: style.tertiaryLabel, bold: true) + Self.gap
        + HTMLText.font(place, size: 9, color: style.secondaryLabel, width: 40),
      HTMLText.font(
        isPopped ? "\(count) popped" : "\(count) controller\(count == 1 ? "" : "s")", size: 12,
        color: style.secondaryLabel, bold: true),
      HTMLText.font(Self.foldLine(names[0]), size: 10, color: style.secondaryLabel, width: 30),
    ]
    if names.count > 1 {
      rows.append(
        HTMLText.font(
          Self.foldLine((names.count > 2 ? "… " : "") + names[names.count - 1]), size: 10,
          color: style.secondaryLabel, width: 30))
    }
    let marks = [
      fold.added > 0 ? ("+ \(fold.added) added", style.added) : nil,
      fold.changed > 0 ? ("~ \(fold.changed) changed", style.changed) : nil,
      fold.removed > 0 && !isPopped ? ("− \(fold.removed) removed", style.removed) : nil,
    ].compactMap { $0 }
    if !marks.isEmpty {
      rows.append(marks.map { HTMLText.font($0.0, size: 9, color: $0.1, bold: true) }.joined(separator: "  "))
    }
    let label =
      "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\">"
      + rows.map { "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\($0)</TD></TR>" }.joined() + "</TABLE>"
    var border = style.foldBorder
    var width = "1.2"
    var classes = ["fold"]
    if isPopped {
      border = style.removed
      classes.append("removed")
    } else if fold.added > 0 || fold.changed > 0 || fold.removed > 0 {
      (border, width) = (style.changed, "2.2")
      classes.append("changed")
    }
    let listed = fold.held.prefix(60).map { id -> String in
      guard let controller = source[id] ?? changes?.before[id] else { return id }
      return controller.isIDClassName ? controller.className : "\(id) (\(controller.className))"
    }
    var tooltip = "\(count) folded: " + listed.joined(separator: ", ")
    if count > listed.count { tooltip += ", and \(count - listed.count) more" }
    var node = GraphDescription.Node(
      name: fold.name, cluster: cluster,
      attributes: [
        .init("id", Self.svgID(of: fold)), .init("class", classes.joined(separator: " ")),
        .init("style", isPopped ? "rounded,filled,dotted" : "rounded,filled,dashed"), .init("color", border),
        .init("fillcolor", isPopped ? style.removedFill : style.foldFill), .init("penwidth", width),
        .init("label", html: label), .init("tooltip", Self.plainAttribute(tooltip)),
      ])
    node.slot = fold.slot
    return node
  }

  /// A name on a fold, on at most two lines of 30 characters broken at word boundaries, or else
  /// shortened in the middle to one line (the tooltip lists every name whole).
  static func foldLine(_ name: String) -> String {
    let lines = HTMLText.lines(name, width: 30, maxLines: 3)
    if lines.count <= 2 { return name }
    let keep = 29
    return String(name.prefix((keep + 1) / 2)) + "…" + String(name.suffix(keep / 2))
  }

  /// How a fold names one of its controllers: its class without the module, and for one of UIKit's
  /// containers the class of its first child (`UINavigationController › SearchViewController`).
  private static func foldName(of id: String, in source: Hierarchy) -> String {
    guard let controller = source[id] else { return id }
    let name = controller.unqualifiedClassName
    if controller.kind.isContainer, controller.className.hasPrefix("UI"), let first = controller.children.first,
      let child = source[first]
    {
      return name + " › " + child.unqualifiedClassName
    }
    return name
  }

  /// The places of a run of children: `stack[1…16]`, `tab 2…4`, `page 0…3`, `child 1…5`,
  /// `supplementary … secondary`; nil when they are not of one kind.
  static func roleRange(_ roles: [ChildRole?]) -> String? {
    guard let first = roles.first ?? nil, let last = roles.last ?? nil else { return nil }
    if roles.count == 1 { return first.description }
    switch (first, last) {
    case let (.stack(from, _), .stack(to, _)): return "stack[\(from)…\(to)]"
    case let (.tab(from, _), .tab(to, _)): return "tab \(from)…\(to)"
    case let (.namedTab(from, _), .namedTab(to, _)): return "tab \(from)…\(to)"
    case let (.page(from), .page(to)): return "page \(from)…\(to)"
    case let (.child(from), .child(to)): return "child \(from)…\(to)"
    case let (.column(from, _), .column(to, _)): return "\(from) … \(to)"
    default: return nil
    }
  }

  // MARK: - Labels

  /// Where a controller sits, as its node says after its kind: its role in its parent, or how it is
  /// presented.
  struct Placement: Hashable {
    /// `stack[1] · top`, `tab 0 · selected`, `presented · pageSheet`.
    var text: String
    /// True for the child its container shows.
    var isEmphasized: Bool
    var isPresentation: Bool
    /// More about a presentation: `called on home` when UIKit forwarded it, `with
    /// _UIPageSheetPresentationController` for a dump.
    var notes: [String] = []
  }

  /// The placement of `id` in `hierarchy`: its role, or how it is presented; nil for a root.
  ///
  /// A presentation's style is written on the presented controller, not on the edge: a label on an
  /// edge between two boxes on one rank makes Graphviz 2.42 free memory twice (`make_vn_slot`
  /// reallocates a rank's node list that `dot_cleanup` then frees again).
  func placement(of id: String, in hierarchy: Hierarchy) -> Placement? {
    if let role = hierarchy.role(of: id) {
      return Placement(text: role.description, isEmphasized: role.isShown, isPresentation: false)
    }
    guard let presenter = hierarchy[id]?.presenter, let presentation = hierarchy[presenter]?.presentation else {
      return nil
    }
    var name = presentation.style?.rawValue ?? "style unknown"
    if presentation.style == .automatic { name += " → \(ModalPresentationStyle.automatic.resolved.rawValue)" }
    var notes: [String] = []
    if let printed = hierarchy[id]?.dumpRecord?.presentationController {
      notes.append("with \(printed.className ?? "(null)")")
    }
    if presentation.source != presenter { notes.append("called on \(presentation.source)") }
    if let detents = presentation.detentSummary { notes.append(detents) }
    if hierarchy.window(of: presenter)?.horizontalSizeClass == .compact {
      if let adapted = presentation.style?.compactWidthAdaptation { name += " → \(adapted.rawValue)" }
      if let appearance = presentation.style?.compactWidthAppearance { notes.append(appearance) }
    }
    return Placement(text: "presented · \(name)", isEmphasized: true, isPresentation: true, notes: notes)
  }

  /// Label lines in a borderless table whose padding keeps the text off the edge it labels.
  private func padded(_ lines: [String]) -> String {
    "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"4\">"
      + "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">" + lines.joined(separator: "<BR ALIGN=\"LEFT\"/>")
      + "</TD></TR></TABLE>"
  }

  /// The graph label: scenario title and step position, the action, the caption, and the legend.
  func header(showsFolds: Bool, stacked: Bool = false) -> String {
    // With sides, each side's callbacks and notes in a panel of its own, side by side.
    let callbacksPanel = sides.isEmpty ? callbacksPanel : sidePanels
    var context = context
    if let title, !title.isEmpty { context = title + "  ·  " + context }
    if !folding.focus.isEmpty { context += "  ·  FOCUS " + folding.focus.joined(separator: ", ") }
    var left = [
      HTMLText.font(context, size: 10, color: style.tertiaryLabel, bold: true, width: 90),
      HTMLText.font(headline, size: 17, color: style.label, bold: true, width: 56),
    ]
    if let caption, !caption.isEmpty {
      left.append(HTMLText.font(caption, size: 12, color: style.secondaryLabel, width: 76, maxLines: 12))
    }
    let leftCell =
      "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"2\">"
      + left.map { "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\($0)</TD></TR>" }.joined() + "</TABLE>"
    if stacked {
      return "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"0\">"
        + "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\" VALIGN=\"TOP\">\(leftCell)</TD></TR>"
        + "<TR><TD HEIGHT=\"10\"></TD></TR>"
        + "<TR><TD ALIGN=\"LEFT\" VALIGN=\"TOP\">\(legend(showsFolds: showsFolds))</TD></TR>"
        + (callbacksPanel.map { "<TR><TD HEIGHT=\"10\"></TD></TR><TR><TD ALIGN=\"LEFT\">\($0)</TD></TR>" } ?? "")
        + "<TR><TD HEIGHT=\"10\"></TD></TR></TABLE>"
    }
    return "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"0\">"
      + "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\" VALIGN=\"TOP\" ROWSPAN=\"2\">\(leftCell)</TD><TD WIDTH=\"24\" ROWSPAN=\"2\"></TD>"
      + "<TD ALIGN=\"RIGHT\" VALIGN=\"TOP\">\(legend(showsFolds: showsFolds))</TD></TR>"
      // An empty cell under the legend takes the height of a long caption, so the legend keeps its size.
      + "<TR><TD></TD></TR>"
      + (callbacksPanel.map {
        "<TR><TD COLSPAN=\"3\" HEIGHT=\"10\"></TD></TR><TR><TD COLSPAN=\"3\" ALIGN=\"LEFT\">\($0)</TD></TR>"
      } ?? "")
      + "<TR><TD COLSPAN=\"3\" HEIGHT=\"10\"></TD></TR></TABLE>"
  }

  /// The numbers (from 1) of the callbacks each controller received in the panel's list.
  private var callbackNumbers: [String: [Int]] {
    guard let events else { return [:] }
    var numbers: [String: [Int]] = [:]
    for (index, event) in events.prefix(Self.panelLimit).enumerated() {
      numbers[event.viewController, default: []].append(index + 1)
    }
    return numbers
  }

  /// The step's callbacks, numbered in UIKit's order, in columns: `3  home  viewWillDisappear(animated: true)`.
  var callbacksPanel: String? {
    guard let events else { return nil }
    let heading = HTMLText.font("CALLBACKS IN THIS STEP", size: 10, color: style.tertiaryLabel, bold: true)
    guard !events.isEmpty else {
      return "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"2\">"
        + "<TR><TD ALIGN=\"LEFT\">\(heading)</TD></TR><TR><TD ALIGN=\"LEFT\">"
        + HTMLText.font(
          "none: no view appeared, disappeared, loaded or moved", size: 10, color: style.secondaryLabel)
        + "</TD></TR></TABLE>"
    }
    let shown = Array(events.prefix(Self.panelLimit))
    // Callbacks run down each column, then on to the next; every row of the table holds one line
    // of each column, so the lines of all columns stay level.
    let length = min(Self.panelColumnLength, shown.count)
    let columnCount = (shown.count + length - 1) / length
    let span = columnCount * 2 - 1
    func line(_ index: Int) -> String {
      guard shown.indices.contains(index) else { return "<TD></TD>" }
      let event = shown[index]
      let number = HTMLText.font("\(index + 1)", size: 10, color: style.tertiaryLabel, bold: true)
      let id = HTMLText.font(
        event.viewController, size: 10, color: style.label, bold: true, width: 22, maxLines: 2)
      let call = HTMLText.font(
        event.call, size: 10, color: style.color(for: event.callback), width: 56, maxLines: 2)
      return "<TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\(number)  \(id)  \(call)</TD>"
    }
    var rows = "<TR><TD ALIGN=\"LEFT\" COLSPAN=\"\(span)\">\(heading)</TD></TR>"
    for row in 0..<length {
      rows +=
        "<TR>" + (0..<columnCount).map { line($0 * length + row) }.joined(separator: "<TD WIDTH=\"16\"></TD>") + "</TR>"
    }
    if events.count > shown.count {
      rows +=
        "<TR><TD ALIGN=\"LEFT\" COLSPAN=\"\(span)\">"
        + HTMLText.font(
          "… and \(events.count - shown.count) more (vcgraph events lists them all)", size: 10,
          color: style.secondaryLabel)
        + "</TD></TR>"
    }
    return
      "<TABLE BORDER=\"1\" COLOR=\"\(style.panelBorder)\" STYLE=\"rounded\" CELLBORDER=\"0\" CELLSPACING=\"1\" CELLPADDING=\"3\">"
      + rows + "</TABLE>"
  }

  /// The legend's row for a diff: how added, changed and removed elements look.
  private func diffLegendRow(
    line: (String, String) -> String, text: (String) -> String,
    swatch: (_ border: String, _ fill: String, _ outline: String) -> String, gap: String
  ) -> String {
    "<TR>" + line("+ ADDED", style.added) + text("new since before (blue outline)") + gap
      + swatch(style.changed, style.controllerFill, "rounded")
      + text("~ changed (what it was below)") + "</TR>"
      + "<TR>" + line("− REMOVED", style.removed) + text("gone since before (faded, dotted)") + gap
      + "<TD></TD><TD></TD></TR>"
  }

  /// A small key to the encoding: the three edge kinds, and swatches of the three view states
  /// drawn like the controller boxes.
  private func legend(showsFolds: Bool) -> String {
    let size = 9
    func text(_ words: String) -> String {
      "<TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\(HTMLText.font(words, size: size, color: style.secondaryLabel))</TD>"
    }
    func line(_ glyphs: String, _ color: String) -> String {
      "<TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\(HTMLText.font(glyphs, size: size, color: color, bold: true))</TD>"
    }
    func swatch(border: String, fill: String, outline: String) -> String {
      "<TD><TABLE BORDER=\"1\" CELLBORDER=\"0\" CELLSPACING=\"0\" STYLE=\"\(outline)\" COLOR=\"\(border)\" "
        + "BGCOLOR=\"\(fill)\"><TR><TD FIXEDSIZE=\"TRUE\" WIDTH=\"18\" HEIGHT=\"9\"></TD></TR></TABLE></TD>"
    }
    let gap = "<TD WIDTH=\"12\"></TD>"
    return
      "<TABLE BORDER=\"1\" COLOR=\"\(style.panelBorder)\" STYLE=\"rounded\" CELLBORDER=\"0\" CELLSPACING=\"2\" CELLPADDING=\"2\">"
      + "<TR>" + line("━━━▶", style.rootEdge) + text("window → root view controller") + gap
      + swatch(border: style.onScreenBorder, fill: style.controllerFill, outline: "rounded")
      + text(isStoryboard ? "on screen at launch" : "on screen (appeared)") + "</TR>"
      + "<TR>" + line("───▶", style.shownChildEdge)
      + text("parent → child (\(style.shownChildEdgeNote))") + gap
      + (isStoryboard
        ? swatch(border: style.offScreenBorder, fill: style.controllerFill, outline: "rounded")
          + text("not shown at launch")
        : swatch(border: style.offScreenBorder, fill: style.offScreenFill, outline: "rounded")
          + text("off screen (disappeared)")) + "</TR>"
      + "<TR>" + line("╌╌╌▶", style.presentationEdge) + text("presenting → presented (style on its box)") + gap
      + swatch(border: style.notLoadedBorder, fill: style.notLoadedFill, outline: "rounded,dashed")
      + text(isStoryboard ? "⚠ unreachable or missing" : "view not loaded") + "</TR>"
      // The diff's rows only when it marks something: a diff with no changes draws no mark to explain.
      + (changes?.isEmpty == false || sides.contains(where: { $0.diagram.changes?.isEmpty == false })
        ? diffLegendRow(line: line, text: text, swatch: swatch, gap: gap) : "")
      // Folded controllers: explained only where some are.
      + (showsFolds
        ? "<TR>" + line("- - -▶", style.childEdge) + text("folded: how many, the first … the last") + gap
          + swatch(border: style.foldBorder, fill: style.foldFill, outline: "rounded,dashed")
          + text("controllers folded into one")
          + "</TR>"
        : "")
      // A storyboard's segues: their own edge style, explained only where there are some.
      + (hierarchy.segues.isEmpty
        ? ""
        : "<TR>" + line("┈┈┈▶", style.segue)
          + text("segue (its kind, “identifier”; ↩ unwind; dashed: storyboard reference)")
          + "<TD></TD><TD></TD><TD></TD></TR>")
      + "</TABLE>"
  }
}
