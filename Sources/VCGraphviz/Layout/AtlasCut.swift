import Foundation
import VCGraph

/// How an ``Atlas`` cuts a map into pages, before any is laid out: by part, then along containment
/// into pieces, then the pieces gathered by how densely they are linked (see ``Atlas``).
///
/// A page's size is first judged by how many boxes it draws (its controllers and its link boxes),
/// against ``capacity``, what a page of the budget holds; ``split(_:)`` cuts a page that turns out
/// not to fit when laid out.
struct AtlasCut {
  let map: AtlasMap
  /// The most boxes a page is given before it is laid out.
  let capacity: Int
  /// What each controller leads to on the map: its children, what it presents, and where its
  /// segues go (a storyboard reference followed to its scene), each as often as it does.
  private let next: [String: [String]]
  /// The position of each controller in the map's order.
  private let order: [String: Int]

  /// The boxes a page of the default budget holds: about five side by side, three rows of them.
  static let boxesPerPage = 15

  init(map: AtlasMap, budget: PageBudget) {
    self.map = map
    let scale = budget.maximumWidth / PageBudget().maximumWidth
    capacity = max(4, Int((Double(Self.boxesPerPage) * scale * scale).rounded()))
    next = Self.next(in: map)
    order = Dictionary(map.controllers.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// What each controller of `map` leads to: its children, what it presents, and where its segues
  /// go (a storyboard reference followed to its scene), each as often as it does.
  static func next(in map: AtlasMap) -> [String: [String]] {
    var next: [String: [String]] = [:]
    let hierarchy = map.hierarchy
    for id in map.controllers {
      guard let controller = hierarchy[id] else { continue }
      next[id, default: []] += controller.children
      if let presented = controller.presentation?.presented { next[id, default: []].append(presented) }
    }
    for segue in hierarchy.segues {
      guard let destination = segue.destination, destination != segue.source else { continue }
      next[segue.source, default: []].append(map.references[destination] ?? destination)
    }
    return next
  }

  /// Each controller's place in the order a user meets them: breadth first from the windows'
  /// roots along containment, presentations and segues, then from each controller not reached,
  /// in the map's order.
  static func meetingOrder(in map: AtlasMap, next: [String: [String]]) -> [String: Int] {
    var rank: [String: Int] = [:]
    let starts = map.hierarchy.windows.compactMap(\.rootViewController) + map.controllers
    for start in starts where rank[start] == nil {
      rank[start] = rank.count
      var queue = [start]
      var head = 0
      while head < queue.count {
        let current = queue[head]
        head += 1
        for target in next[current] ?? [] where rank[target] == nil {
          rank[target] = rank.count
          queue.append(target)
        }
      }
    }
    return rank
  }

  /// How many transitions join the controllers of `one` and `other`, either way.
  func links(_ one: [String], _ other: Set<String>) -> Int {
    one.reduce(0) { $0 + (next[$1] ?? []).filter(other.contains).count }
  }

  // MARK: - Pieces

  /// What `id` holds: its children and what it presents, and theirs, depth first; itself first.
  private func tree(_ id: String, within members: Set<String>) -> [String] {
    var result: [String] = []
    var pending = [id]
    var seen: Set<String> = []
    while let current = pending.popLast() {
      guard members.contains(current), seen.insert(current).inserted else { continue }
      result.append(current)
      pending += held(by: current).reversed()
    }
    return result
  }

  /// The children of `id` and what it presents, in order.
  private func held(by id: String) -> [String] {
    guard let controller = map.hierarchy[id] else { return [] }
    return controller.children + (controller.presentation.map { [$0.presented] } ?? [])
  }

  /// The pieces of `members` (one part's controllers, or one page's), in the map's order: each tree
  /// of containment (and presentation) whole when it holds at most `limit` controllers, else cut
  /// under its root: the root with as many of its first children as fit, and each other child's
  /// tree a piece of its own, cut the same way.
  func pieces(of members: [String], limit: Int) -> [[String]] {
    let inside = Set(members)
    var pieces: [[String]] = []
    var placed: Set<String> = []
    func cut(_ root: String) {
      let whole = tree(root, within: inside)
      guard whole.count > limit else {
        pieces.append(whole)
        placed.formUnion(whole)
        return
      }
      var head = [root]
      var rest: [String] = []
      for child in held(by: root) where inside.contains(child) {
        let subtree = tree(child, within: inside)
        if rest.isEmpty, head.count + subtree.count <= limit {
          head += subtree
        } else {
          rest.append(child)
        }
      }
      pieces.append(head)
      placed.formUnion(head)
      for child in rest where !placed.contains(child) { cut(child) }
    }
    for id in members where !placed.contains(id) {
      // A root: nothing among the members holds it.
      let parent = map.hierarchy[id]?.parent ?? map.hierarchy[id]?.presenter
      if let parent, inside.contains(parent) { continue }
      cut(id)
    }
    // Anything a cycle of relations left out.
    for id in members where !placed.contains(id) { cut(id) }
    return pieces
  }

  // MARK: - Pages

  /// The pages of the map, each a list of controllers (its first the one it starts from), in the
  /// order of the parts, then of reading.
  ///
  /// A storyboard reference that only segues lead to (nothing holds it), to a scene the atlas
  /// draws, is on no page: a segue to it leads to its scene's page, in a link box or list. Alone,
  /// such references made pages of links only; on their source's page, a row of link boxes.
  func pages() -> [[String]] {
    var byPart: [String: [String]] = [:]
    for id in map.controllers {
      if map.references[id] != nil, map.hierarchy[id]?.parent == nil, map.hierarchy[id]?.presenter == nil { continue }
      byPart[map.part(of: id), default: []].append(id)
    }
    var parts = map.partOrder.filter { byPart[$0] != nil }
    for id in map.controllers where !parts.contains(map.part(of: id)) { parts.append(map.part(of: id)) }
    return parts.flatMap { part in pages(of: byPart[part] ?? []) }
  }

  /// One part's pages: the whole part when it fits, else its pieces gathered by links.
  func pages(of members: [String]) -> [[String]] {
    guard !members.isEmpty else { return [] }
    if boxes(Set(members)) <= capacity { return [readingOrder(members)] }
    let pieces = readingOrder(pieces: pieces(of: members, limit: max(1, capacity * 2 / 3)))
    return merged(gather(pieces, capacity: capacity))
  }

  /// Pages put together where they fit one: each onto the earlier page it has most links with (the
  /// last, among pages linked to it by nothing), so that a part is not cut into many small pages
  /// of one flow each.
  func merged(_ pages: [[String]]) -> [[String]] {
    var result: [(page: [String], members: Set<String>)] = []
    for page in pages {
      let members = Set(page)
      var best: (index: Int, links: Int)?
      for (index, earlier) in result.enumerated() where boxes(earlier.members.union(members)) <= capacity {
        let joining = links(page, earlier.members) + links(earlier.page, members)
        if best.map({ (joining, index) > ($0.links, $0.index) }) ?? true { best = (index, joining) }
      }
      if let best {
        result[best.index].page += page
        result[best.index].members.formUnion(members)
      } else {
        result.append((page, members))
      }
    }
    return result.map(\.page)
  }

  /// `members` starting from the first a user meets.
  private func readingOrder(_ members: [String]) -> [String] {
    readingOrder(pieces: members.map { [$0] }).flatMap { $0 }
  }

  /// The pieces in the order a user meets them: from the piece of a window's root, along
  /// containment and segues, breadth first; then from the first piece not reached, and so on.
  private func readingOrder(pieces: [[String]]) -> [[String]] {
    var pieceOf: [String: Int] = [:]
    for (index, piece) in pieces.enumerated() { for id in piece { pieceOf[id] = index } }
    let roots = Set(map.hierarchy.windows.compactMap(\.rootViewController))
    let starts =
      pieces.indices.filter { pieces[$0].contains(where: roots.contains) } + Array(pieces.indices)
    var seen: Set<Int> = []
    var ordered: [Int] = []
    for start in starts where !seen.contains(start) {
      var queue = [start]
      seen.insert(start)
      var head = 0
      while head < queue.count {
        let current = queue[head]
        head += 1
        ordered.append(current)
        for id in pieces[current] {
          for target in next[id] ?? [] {
            guard let piece = pieceOf[target], seen.insert(piece).inserted else { continue }
            queue.append(piece)
          }
        }
      }
    }
    return ordered.map { pieces[$0] }
  }

  /// Gathers pieces into pages of at most `capacity` boxes: from the first piece not on a page,
  /// a page takes the piece with the most links to it (the earliest on a tie) while it fits; a
  /// piece linked to nothing fills the page where there is room.
  func gather(_ pieces: [[String]], capacity: Int) -> [[String]] {
    var pieceOf: [String: Int] = [:]
    for (index, piece) in pieces.enumerated() { for id in piece { pieceOf[id] = index } }
    // How many links join each pair of pieces, either way.
    var links: [[Int: Int]] = Array(repeating: [:], count: pieces.count)
    for (index, piece) in pieces.enumerated() {
      for id in piece {
        for target in next[id] ?? [] {
          guard let other = pieceOf[target], other != index else { continue }
          links[index][other, default: 0] += 1
          links[other][index, default: 0] += 1
        }
      }
    }
    var onPage = Array(repeating: false, count: pieces.count)
    var pages: [[String]] = []
    for seed in pieces.indices where !onPage[seed] {
      onPage[seed] = true
      var page = pieces[seed]
      var members = Set(page)
      var weights = links[seed]
      while true {
        var best: (piece: Int, weight: Int)?
        for (piece, weight) in weights where !onPage[piece] {
          if let current = best, (weight, -piece) <= (current.weight, -current.piece) { continue }
          guard boxes(members.union(pieces[piece])) <= capacity else { continue }
          best = (piece, weight)
        }
        // Nothing linked fits: a piece linked to nothing at all, where there is room.
        if best == nil,
          let loose = pieces.indices.first(where: {
            !onPage[$0] && links[$0].isEmpty && boxes(members.union(pieces[$0])) <= capacity
          })
        {
          best = (loose, 0)
        }
        guard let (piece, _) = best else { break }
        onPage[piece] = true
        page += pieces[piece]
        members.formUnion(pieces[piece])
        for (other, weight) in links[piece] { weights[other, default: 0] += weight }
      }
      pages.append(page)
    }
    return pages
  }

  /// How many boxes a page of `members` draws: each of them, one link box for each other
  /// controller they hold or lead to, and one list for the segues of a controller that lead to
  /// more (``AtlasMap/maximumLinkBoxes``).
  func boxes(_ members: Set<String>) -> Int {
    var targets: Set<String> = []
    var lists = 0
    for id in members {
      let away = Set((next[id] ?? []).filter { !members.contains($0) })
      if away.count > AtlasMap.maximumLinkBoxes {
        lists += 1
        targets.formUnion(held(by: id).filter { !members.contains($0) })
      } else {
        targets.formUnion(away)
      }
    }
    return members.count + targets.count + lists
  }

  /// A page that does not fit cut in two: its pieces in two runs of about half its controllers
  /// each, or its one piece cut smaller; nil for a page of one controller, which cannot be cut.
  func split(_ page: [String]) -> [[String]]? {
    guard page.count > 1 else { return nil }
    let half = (page.count + 1) / 2
    let position = Dictionary(page.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    let pieces = pieces(of: page, limit: half).sorted { (position[$0[0]] ?? 0) < (position[$1[0]] ?? 0) }
    guard pieces.count > 1 else { return [Array(page.prefix(half)), Array(page.dropFirst(half))] }
    var first: [String] = []
    var rest = pieces[...]
    while let piece = rest.first, first.isEmpty || first.count + piece.count <= half {
      first += piece
      rest = rest.dropFirst()
    }
    let second = rest.flatMap { $0 }
    return second.isEmpty ? [Array(page.prefix(half)), Array(page.dropFirst(half))] : [first, second]
  }
}
