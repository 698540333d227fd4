extension AtlasMap {
  /// The map of an app's code (`vcgraph map`) as an atlas draws it: ``AppMapHierarchy``'s nodes,
  /// containment and transitions, each node a part of the folder its class is declared in (where
  /// the app keeps a feature: `Features/Settings`), so that a page holds one feature's controllers.
  ///
  /// A folder of fewer than ``smallestFolder`` nodes joins the folder above it (a `Cells` folder of
  /// one controller is not a page of its own). A node no file declares (UIKit's navigation
  /// controller that the code makes, an alert) belongs where the code makes or shows it; one with
  /// no place at all, to the part of the controller that holds it. Parts come in the order a user
  /// meets them: from the window's root, along containment and transitions.
  public init(appMap drawn: AppMapHierarchy, name: String) {
    let hierarchy = drawn.hierarchy
    var folder: [String: [String]] = [:]
    for id in hierarchy.order {
      guard let file = drawn.nodes[id]?.place?.file else { continue }
      folder[id] = file.split(separator: "/").dropLast().map(String.init)
    }
    // Folders as paths below the folder every file shares.
    var common = folder.values.first ?? []
    for path in folder.values {
      common = Array(zip(common, path).prefix { $0.0 == $0.1 }.map(\.0))
    }
    var parts: [String: [String]] = folder.mapValues { Array($0.dropFirst(common.count)) }
    // Small folders join the one above them, deepest first.
    while true {
      var counts: [[String]: Int] = [:]
      for path in parts.values { counts[path, default: 0] += 1 }
      guard
        let small = counts.filter({ !$0.key.isEmpty && $0.value < Self.smallestFolder }).keys.max(by: {
          ($0.count, $0.joined(separator: "/")) < ($1.count, $1.joined(separator: "/"))
        })
      else { break }
      for (id, path) in parts where path == small { parts[id] = Array(path.dropLast()) }
    }
    // Each folder by its last name, or more of its path when two share it (the top folder by the app's).
    var shortName: [[String]: String] = [:]
    let byLastName = Dictionary(grouping: Set(parts.values)) { $0.last ?? "" }
    for path in Set(parts.values) {
      let shared = (byLastName[path.last ?? ""]?.count ?? 0) > 1
      shortName[path] = path.isEmpty ? "" : shared ? path.joined(separator: "/") : path[path.count - 1]
    }
    var fullPath: [String: String] = [:]
    for (path, short) in shortName { fullPath[short] = path.joined(separator: "/") }
    var partOf: [String: String] = parts.mapValues { shortName[$0] ?? $0.joined(separator: "/") }
    // A node no file places goes with what holds it, else what leads to it.
    var leadsTo: [String: String] = [:]
    for segue in hierarchy.segues {
      if let destination = segue.destination, leadsTo[destination] == nil { leadsTo[destination] = segue.source }
    }
    for id in hierarchy.order where partOf[id] == nil {
      var current = id
      var seen: Set<String> = [id]
      while partOf[current] == nil,
        let up = hierarchy[current]?.parent ?? hierarchy[current]?.presenter ?? leadsTo[current],
        seen.insert(up).inserted
      {
        current = up
      }
      partOf[id] = partOf[current] ?? ""
    }
    // The parts in the order a user meets them.
    var next: [String: [String]] = [:]
    for id in hierarchy.order { next[id] = hierarchy[id]?.children ?? [] }
    for segue in hierarchy.segues {
      if let destination = segue.destination { next[segue.source, default: []].append(destination) }
    }
    var order: [String] = []
    var seen: Set<String> = []
    var queue = hierarchy.windows.compactMap(\.rootViewController) + hierarchy.order
    var head = 0
    while head < queue.count {
      let id = queue[head]
      head += 1
      guard seen.insert(id).inserted else { continue }
      if let part = partOf[id], !order.contains(part) { order.append(part) }
      queue += next[id] ?? []
    }
    let folders = Set(partOf.values).count
    self.init(
      hierarchy: hierarchy, title: "\(name) · \(folders) folder\(folders == 1 ? "" : "s")", context: "APP MAP",
      parts: partOf, partOrder: order)
    appMap = drawn
    // A part's pages are named after it; its heading gives the folder's whole path.
    for part in order {
      let stem = part.replacingOccurrences(of: "/", with: "-")
      // A folder named as the app (`Trips/Trips`) apart from the top folder's `Trips`.
      partStems[part] = part.isEmpty ? name : stem.lowercased() == name.lowercased() ? name + "-" + stem : stem
      partTitles[part] = part.isEmpty ? name : fullPath[part] ?? part
      partContexts[part] = part.isEmpty ? "APP MAP · TOP FOLDER" : "APP MAP · FOLDER"
    }
  }

  /// The fewest nodes a folder of an app's code holds to be a part of its own.
  public static let smallestFolder = 3
}
