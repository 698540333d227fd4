import Foundation

extension AtlasMap {
  /// The map of a set of storyboards: each storyboard a part, its scenes, containment, segues and
  /// window as ``StoryboardHierarchy`` draws them; a storyboard reference to another storyboard of
  /// the set leads to the scene it names there (drawn on that storyboard's pages), instead of that
  /// storyboard's scenes being copied in.
  ///
  /// With one storyboard, ids are the scenes' own (its storyboard identifier, else its class); with
  /// several, each is prefixed by its storyboard's name (`Settings/AccountViewController`), so
  /// that two storyboards' scenes never share one. Each storyboard's initial view controller is the
  /// root of a window named after it (`main` for one storyboard alone).
  public init(storyboards: [Storyboard]) {
    // One storyboard of each name: a second file of the same name cannot be referenced apart.
    var named: [String: Storyboard] = [:]
    var set: [Storyboard] = []
    for storyboard in storyboards where named[storyboard.name] == nil {
      named[storyboard.name] = storyboard
      set.append(storyboard)
    }
    let prefixed = set.count > 1
    var controllers: [ViewController] = []
    var built: [(storyboard: Storyboard, drawn: StoryboardHierarchy, rename: [String: String])] = []
    var parts: [String: String] = [:]
    var aliases: [String: String] = [:]
    var missing: Set<String> = []
    for storyboard in set {
      let drawn = StoryboardHierarchy(storyboard, windowID: prefixed ? storyboard.name : "main")
      var rename: [String: String] = [:]
      for id in drawn.hierarchy.order { rename[id] = prefixed ? "\(storyboard.name)/\(id)" : id }
      let renamed = drawn.hierarchy.renamingControllers(rename)
      controllers += renamed.viewControllers
      for id in drawn.hierarchy.order { parts[rename[id] ?? id] = storyboard.name }
      for (objectID, id) in drawn.objectIDs where aliases[objectID] == nil { aliases[objectID] = rename[id] ?? id }
      for id in drawn.missingScenes { missing.insert(rename[id] ?? id) }
      built.append((storyboard, drawn, rename))
    }
    var hierarchy = Hierarchy(viewControllers: controllers)
    hierarchy.storyboardScenes = Set(controllers.map(\.id))
    var references: [String: String] = [:]
    for (storyboard, drawn, rename) in built {
      for window in drawn.hierarchy.windows {
        var copy = window
        copy.rootViewController = window.rootViewController.map { rename[$0] ?? $0 }
        hierarchy.addWindow(copy)
      }
      hierarchy.segues += drawn.hierarchy.segues.map { segue in
        var copy = segue
        copy.source = rename[segue.source] ?? segue.source
        copy.destination = segue.destination.map { rename[$0] ?? $0 }
        return copy
      }
      // A reference into another storyboard of the set: a link to the scene it names.
      for id in drawn.hierarchy.order {
        guard let origin = drawn.origins[id], let scene = storyboard.scene(withObjectID: origin.objectID),
          let reference = scene.reference, let name = reference.storyboardName, name != storyboard.name,
          let other = built.first(where: { $0.storyboard.name == name })
        else { continue }
        let objectID =
          reference.referencedIdentifier.map { identifier in
            other.storyboard.scenes.first { $0.storyboardIdentifier == identifier }?.objectID
          } ?? other.storyboard.initialViewController
        guard let objectID,
          let target = other.drawn.origins.first(where: { $0.value.objectID == objectID && $0.value.storyboard == name }
          )?
          .key,
          let targetID = other.rename[target], let sourceID = rename[id]
        else { continue }
        references[sourceID] = targetID
        hierarchy.segues.append(Segue(source: sourceID, destination: targetID, kind: .reference))
      }
    }
    let order = Self.meetingOrder(of: set.map(\.name), hierarchy: hierarchy, parts: parts, references: references)
    let title =
      set.count == 1
      ? set[0].fileName
      : "\(set.count) storyboards: " + order.prefix(4).joined(separator: ", ")
        + (set.count > 4 ? " and \(set.count - 4) more" : "")
    self.init(
      hierarchy: hierarchy, title: title, context: "STORYBOARDS", parts: parts, partOrder: order,
      references: references)
    self.missing = missing
    self.aliases = aliases
    for (storyboard, drawn, _) in built { partStoryboards[storyboard.name] = drawn }
    for storyboard in set {
      partTitles[storyboard.name] = storyboard.fileName
      partStems[storyboard.name] = storyboard.name
      partContexts[storyboard.name] = Self.context(
        of: storyboard,
        hasSplitView: hierarchy.viewControllers.contains { $0.kind == .splitView && parts[$0.id] == storyboard.name })
    }
    unreachable = Self.unreachable(
      in: hierarchy, missing: missing,
      entries: built.flatMap { storyboard, drawn, rename in
        drawn.hierarchy.order.filter { id in
          drawn.origins[id].flatMap { storyboard.scene(withObjectID: $0.objectID)?.storyboardIdentifier } != nil
        }.compactMap { rename[$0] }
      })
  }

  /// The storyboards in the order a user meets them: those no other storyboard refers to first (the
  /// one that refers to most storyboards first: the app's main one, not its launch screen), each
  /// followed by those its references lead to, breadth first; then those only a cycle of references
  /// leads to.
  static func meetingOrder(
    of names: [String], hierarchy: Hierarchy, parts: [String: String], references: [String: String]
  ) -> [String] {
    let position = Dictionary(hierarchy.order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    var referred: [String: [String]] = [:]
    for (source, target) in references.sorted(by: { (position[$0.key] ?? 0) < (position[$1.key] ?? 0) }) {
      if let from = parts[source], let to = parts[target], from != to { referred[from, default: []].append(to) }
    }
    let isReferred = Set(referred.values.joined())
    var order: [String] = []
    func visit(_ start: String) {
      var queue = [start]
      while !queue.isEmpty {
        let next = queue.removeFirst()
        guard !order.contains(next) else { continue }
        order.append(next)
        queue += referred[next] ?? []
      }
    }
    // Of those, the one that refers to most storyboards first (the app's main one, not its launch screen).
    let entries = names.enumerated().filter { !isReferred.contains($0.element) }
    for (_, name) in entries.sorted(by: {
      (-(referred[$0.element]?.count ?? 0), $0.offset) < (-(referred[$1.element]?.count ?? 0), $1.offset)
    }) {
      visit(name)
    }
    // Storyboards only a cycle of references leads to.
    for name in names { visit(name) }
    return order
  }

  /// The small line above a storyboard's pages: its device, or why its split views say neither
  /// collapsed nor expanded, and its tools version.
  static func context(of storyboard: Storyboard, hasSplitView: Bool) -> String {
    var context = "STORYBOARD"
    if let device = storyboard.device.summary {
      context += " · " + device.uppercased()
    } else if hasSplitView {
      // Its split views are labelled neither collapsed nor expanded: say why.
      context += " · NO DEVICE: SIZE CLASS NOT KNOWN"
    }
    if let toolsVersion = storyboard.toolsVersion { context += " · TOOLS VERSION \(toolsVersion)" }
    return context
  }

  /// The members of `hierarchy` nothing leads to: not a window's root or inside one, not an
  /// `entries` (a scene the app can instantiate by its identifier), and no containment or segue
  /// (unwinds aside) from something reachable leads to them; `missing` scenes aside.
  static func unreachable(in hierarchy: Hierarchy, missing: Set<String>, entries: [String]) -> Set<String> {
    var leadsTo: [String: [String]] = [:]
    for segue in hierarchy.segues {
      guard let destination = segue.destination, destination != segue.source else { continue }
      if case .unwind = segue.kind { continue }
      leadsTo[segue.source, default: []].append(destination)
    }
    var pending = hierarchy.windows.compactMap(\.rootViewController) + entries
    var reachable: Set<String> = []
    while let next = pending.popLast() {
      guard reachable.insert(next).inserted else { continue }
      pending += hierarchy[next]?.children ?? []
      pending += leadsTo[next] ?? []
    }
    return Set(hierarchy.members.filter { !reachable.contains($0) && !missing.contains($0) })
  }
}

extension StoryboardHierarchy {
  /// The controllers of the storyboard's own scenes by Interface Builder's object id
  /// (`BYZ-38-t0r`), the name its XML and Xcode's inspector give a scene: what `--focus` also takes.
  public var objectIDs: [String: String] {
    var ids: [String: String] = [:]
    for id in hierarchy.order {
      guard let origin = origins[id], origin.storyboard == storyboard.name, ids[origin.objectID] == nil else {
        continue
      }
      ids[origin.objectID] = id
    }
    return ids
  }
}
