extension GraphDescription {
  /// The indexes of the edges that may be flat (`minlen` 0) and close a cycle of such edges with
  /// the ones listed before them. `dot` in Graphviz 2.42 never returns from `flat_rev` (it loops in
  /// `merge_oneway`) on some cycles of flat edges, so a graph hands it none: the stable layout's
  /// union, where one frame orders two siblings one way and a later frame the other way, leaves
  /// these out.
  func flatCycleEdges() -> Set<Int> {
    var next: [String: [String]] = [:]
    var closing: Set<Int> = []
    for (index, edge) in edges.enumerated() where edge.attributes["minlen"] == "0" {
      if edge.tail == edge.head || reaches(from: edge.head, to: edge.tail, through: next) {
        closing.insert(index)
      } else {
        next[edge.tail, default: []].append(edge.head)
      }
    }
    return closing
  }

  /// True when `target` is `start` or can be reached from it along `next`.
  private func reaches(from start: String, to target: String, through next: [String: [String]]) -> Bool {
    var seen: Set<String> = [start]
    var pending = [start]
    while let node = pending.popLast() {
      if node == target { return true }
      for head in next[node] ?? [] where seen.insert(head).inserted { pending.append(head) }
    }
    return false
  }

  /// The height of the tallest chain of nodes that `dot` must put one below the other: the largest
  /// sum, over a path of edges whose `minlen` is not 0, of each node's `height(name)` and
  /// `separation` between two of them. An edge that closes a cycle is left out, as `dot` reverses
  /// one. A lower bound of a layout's height, found without laying anything out.
  func tallestChain(height: (String) -> Double, separation: Double) -> Double {
    var next: [String: [String]] = [:]
    for edge in edges where edge.attributes["minlen"] != "0" && edge.tail != edge.head {
      next[edge.tail, default: []].append(edge.head)
    }
    // Depth first, iteratively: 0 unvisited, 1 on the path, 2 done.
    var state: [String: Int] = [:]
    var below: [String: Double] = [:]
    for start in nodes.map(\.name) where state[start] == nil {
      var stack: [(node: String, child: Int)] = [(start, 0)]
      state[start] = 1
      while let (node, child) = stack.last {
        let children = next[node] ?? []
        if child < children.count {
          stack[stack.count - 1].child += 1
          let head = children[child]
          if state[head] == nil {
            state[head] = 1
            stack.append((head, 0))
          }
        } else {
          stack.removeLast()
          state[node] = 2
          let deepest = children.compactMap { state[$0] == 2 ? below[$0] : nil }.max()
          below[node] = height(node) + (deepest.map { $0 + separation } ?? 0)
        }
      }
    }
    return below.values.max() ?? 0
  }
}
