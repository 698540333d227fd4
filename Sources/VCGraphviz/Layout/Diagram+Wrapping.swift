import VCGraph

extension Diagram {
  /// A storyboard's scenes that no segue leads to (scenes code instantiates, unreachable ones), that
  /// nothing else places side by side: more than ``rowLength`` of them wrap onto rows, each tree
  /// below the deepest box of the tree a row before it. (A scenario's frames leave their trees
  /// outside a window side by side: the stable layout merges every frame's edges, and a row edge of
  /// one frame would fight the order of another.)
  func treeRows(_ plan: DrawingPlan, length: Int) -> [GraphDescription.Edge] {
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

  /// At most this many boxes of a chain of presentations side by side, when they hold nothing drawn
  /// (past the rules, whatever they hold).
  static let chainRowLength = 4

  /// Where a row of a long chain of presentations hangs: below `tail`, at least `minlen` ranks down.
  struct ChainRowStart {
    var tail: String
    var minlen = 1
  }

  /// The presented controllers that start a new row of a long chain of presentations, with the
  /// node they hang below: the row before's first box, or past the rules the deepest box under the
  /// row before (its boxes may hold stacks). A chain of boxes presented one over the other would
  /// otherwise make a picture many times wider than high. A deepest box inside a split view's
  /// columns hangs the row from the split view instead (``hangingPoint(below:_:)``).
  func wrappedPresentations(_ plan: DrawingPlan) -> [String: ChainRowStart] {
    var next: [String: String] = [:]
    var isPresented: Set<String> = []
    for (id, source) in plan.controllers {
      guard let presented = source[id]?.presentation?.presented, plan.isDrawn.contains(presented) else { continue }
      next[id] = presented
      isPresented.insert(presented)
    }
    func holdsNothing(_ id: String) -> Bool { (plan.items[id] ?? []).isEmpty }
    var wrapped: [String: ChainRowStart] = [:]
    for (head, _) in plan.controllers where next[head] != nil && !isPresented.contains(head) {
      var row = [head]
      var current = head
      var seen: Set<String> = [head]
      while let presented = next[current], seen.insert(presented).inserted {
        // Past the rules, a chain wraps whatever its boxes hold: a page is narrower than five boxes.
        if row.count >= Self.chainRowLength, plan.level >= .stacks || row.allSatisfy(holdsNothing) {
          let deepest = row.map { plan.deepestItem(below: .controller($0)) }
            .max { (plan.depths[$0] ?? 0) < (plan.depths[$1] ?? 0) }
          let first = Self.nodeName(ofController: row[0])
          if row.allSatisfy(holdsNothing) {
            wrapped[presented] = ChainRowStart(tail: first)
          } else if let deepest {
            let start = hangingPoint(below: deepest, plan)
            wrapped[presented] = ChainRowStart(tail: start.tail, minlen: start.minlen)
          } else {
            wrapped[presented] = ChainRowStart(tail: first)
          }
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
  /// A wrapping may also stack the header: the legend under the title rather than beside it (see
  /// ``header(showsFolds:stacked:sidesStacked:)``).
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
  func segueRows(drawn: Set<String>, clusterOf: (String) -> String?) -> [GraphDescription.Edge] {
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

  /// Invisible edges that keep each container's children in order, left to right, and wrap them
  /// onto rows: children that hold nothing drawn after ``rowLength`` (or the `wrap`'s leaves), and
  /// in a wrapped picture every container's children but a split view's columns, which stay side
  /// by side, each row below the row before (``rowEdges(below:row:of:_:)``).
  func orderEdges(_ plan: DrawingPlan, wrapping wrap: Wrapping?) -> [GraphDescription.Edge] {
    var edges: [GraphDescription.Edge] = []
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
      // A split view's columns stay side by side, in column order, as the device shows them.
      let isSplitView = (hierarchy[parent] ?? changes?.before[parent])?.kind == .splitView
      let limit =
        isSplitView ? items.count : isLeaf ? (wrap?.leaves ?? Self.rowLength) : (wrap?.containers ?? items.count)
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
      // How many ranks below `parent` the row before starts, for rows that hang from it.
      var rowRank = 1
      for start in stride(from: rows, to: items.count, by: rows) {
        edges += rowEdges(
          below: items[start - rows..<start], row: items[start..<min(start + rows, items.count)], of: parent,
          plan, rowRank: &rowRank)
      }
    }
    return edges
  }

  /// The invisible edges that put a `row` of `parent`'s children below the row before it
  /// (`above`): each from the deepest box under the row before, so that the row starts on one rank.
  ///
  /// An edge from inside a split view's columns pulls them out of their order (`dot` holds the
  /// order edges of boxes in a cluster only loosely against it): a row below split views hangs from
  /// `parent` instead, as many ranks down as the row before reaches (`rowRank` is how many ranks
  /// below `parent` the row before starts; it becomes this row's).
  private func rowEdges(
    below above: ArraySlice<DrawingPlan.Item>, row: ArraySlice<DrawingPlan.Item>, of parent: String,
    _ plan: DrawingPlan, rowRank: inout Int
  ) -> [GraphDescription.Edge] {
    let deepestBelow = above.map { plan.deepestItem(below: $0) }
    guard let deepest = deepestBelow.max(by: { (plan.depths[$0] ?? 0) < (plan.depths[$1] ?? 0) }) else { return [] }
    var tail = plan.nodeName(of: deepest)
    var attributes: [GraphDescription.Attribute] = [
      .init("style", "invis"), .init("class", "row"), .init("weight", "0"),
    ]
    let parentDepth = plan.depths[.controller(parent)]
    if let depth = plan.depths[deepest], let parentDepth {
      // The row before reaches this many ranks below its own start; this row starts just under it.
      rowRank += depth - (parentDepth + 1) + 1
    }
    if above.contains(where: { holdsSplitView($0, plan) }), parentDepth != nil {
      tail = Self.nodeName(ofController: parent)
      attributes.append(.init("minlen", "\(rowRank)"))
    }
    return row.map { .init(tail: tail, head: plan.nodeName(of: $0), attributes: attributes) }
  }

  /// True when `item` is a split view whose columns are drawn, or holds one.
  private func holdsSplitView(_ item: DrawingPlan.Item, _ plan: DrawingPlan) -> Bool {
    var pending = [item]
    var seen: Set<DrawingPlan.Item> = []
    while let next = pending.popLast() {
      guard seen.insert(next).inserted, case let .controller(id) = next else { continue }
      let children = plan.items[id] ?? []
      if (hierarchy[id] ?? changes?.before[id])?.kind == .splitView, children.count > 1 { return true }
      pending += children
    }
    return false
  }

  /// Where an invisible edge that hangs something below `item` starts, and at least how many ranks
  /// down: the item itself, or, when it is inside a split view's columns, that split view, as many
  /// ranks down as the item is below it. An edge from inside the columns pulls them out of their
  /// order (see ``rowEdges(below:row:of:_:rowRank:)``).
  func hangingPoint(below item: DrawingPlan.Item, _ plan: DrawingPlan) -> (tail: String, minlen: Int) {
    func controller(_ id: String) -> ViewController? { hierarchy[id] ?? changes?.before[id] }
    var container: String?
    switch item {
    case let .controller(id): container = controller(id)?.parent
    case let .fold(index):
      if case let .children(parent) = plan.folds[index].anchor { container = parent }
    }
    var split: String?
    var seen: Set<String> = []
    while let id = container, seen.insert(id).inserted {
      if controller(id)?.kind == .splitView, (plan.items[id] ?? []).count > 1 { split = id }
      container = controller(id)?.parent
    }
    guard let split, let depth = plan.depths[item], let splitDepth = plan.depths[.controller(split)] else {
      return (plan.nodeName(of: item), 1)
    }
    return (Self.nodeName(ofController: split), max(1, depth - splitDepth + 1))
  }

  /// Past the rules, windows go one below the other: a second window beside the first makes a
  /// picture as wide as both. Wrapped, they go in rows (of the square root of their number, or all
  /// side by side). Each window below another hangs from the deepest box of the one above by one
  /// invisible edge: more would upset the order of the boxes on every rank. The controllers outside
  /// any window hang below the last window the same way.
  func windowRows(
    _ plan: DrawingPlan, framing: Framing, windows shownWindows: [Window], level: FoldLevel, wrapping wrap: Wrapping?
  ) -> [GraphDescription.Edge] {
    let windowRow =
      wrap.map {
        $0.windowsSideBySide ? shownWindows.count : max(1, Int(Double(shownWindows.count).squareRoot().rounded(.up)))
      } ?? (level >= .stacks ? 1 : nil)
    // A map draws one window box (see `addWindows`): nothing to place below it.
    guard let windowRow, appMap == nil else { return [] }
    var edges: [GraphDescription.Edge] = []
    let windows = shownWindows.map { Self.clusterName(ofWindow: $0.id) }
    /// Where an edge from the deepest box drawn in `cluster` starts (see ``hangingPoint(below:_:)``).
    func deepest(in cluster: String) -> (tail: String, minlen: Int)? {
      var deepest: (DrawingPlan.Item, Int)?
      for (id, _, drawnCluster) in framing.controllers where drawnCluster == cluster {
        if let depth = plan.depths[.controller(id)], depth > (deepest?.1 ?? -1) { deepest = (.controller(id), depth) }
      }
      for index in plan.folds.indices where framing.folds[index] == cluster {
        if let depth = plan.depths[.fold(index)], depth > (deepest?.1 ?? -1) { deepest = (.fold(index), depth) }
      }
      return deepest.map { hangingPoint(below: $0.0, plan) }
    }
    func below(_ start: (tail: String, minlen: Int), head: String, class name: String) -> GraphDescription.Edge {
      var attributes: [GraphDescription.Attribute] = [
        .init("style", "invis"), .init("class", name), .init("weight", "0"),
      ]
      if start.minlen != 1 { attributes.append(.init("minlen", "\(start.minlen)")) }
      return .init(tail: start.tail, head: head, attributes: attributes)
    }
    for (upper, lower) in zip(shownWindows, shownWindows.dropFirst(windowRow)) {
      let cluster = Self.clusterName(ofWindow: upper.id)
      guard windows.contains(cluster), let start = deepest(in: cluster) else { continue }
      edges.append(below(start, head: Self.nodeName(ofWindow: lower.id), class: "window-below"))
    }
    // The controllers outside any window go below the windows too, not beside them.
    let detached = framing.controllers.filter { $0.cluster == Self.detachedClusterName && plan.roots.contains($0.id) }
    if let last = windows.last, let start = deepest(in: last) {
      for root in detached {
        edges.append(below(start, head: Self.nodeName(ofController: root.id), class: "detached-below"))
      }
    }
    return edges
  }
}

extension Diagram.Wrapping {
  /// This wrapping with the header stacked too (the legend under the title).
  var stackingHeader: Diagram.Wrapping {
    var wrapping = self
    wrapping.stacksHeader = true
    return wrapping
  }

  /// Nothing wrapped but the header: the legend under the title.
  static let headerOnly = narrowing[0]
}
