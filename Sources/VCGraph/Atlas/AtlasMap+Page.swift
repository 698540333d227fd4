extension AtlasMap {
  /// What one page of an atlas draws: its controllers in full, and a link box for each controller
  /// of another page that one of them leads to.
  public struct PageHierarchy: Sendable {
    /// The page's controllers and link boxes, with the relations and segues among them.
    public var hierarchy: Hierarchy
    /// The controller each link box stands for, by the box's id: a placeholder made for a child or
    /// a segue's destination on another page (``linkID(of:)``), or a storyboard reference whose
    /// scene is on another page.
    public var links: [String: String]
    /// The link lists, by id (``linkListID(of:)``): for a controller whose segues lead to more than
    /// ``maximumLinkBoxes`` controllers of other pages, one box that lists them, a row each, in the
    /// order of its segues.
    public var linkLists: [String: LinkList]
    /// The map's id of each controller the page draws in full, by its id on the page (its id in its
    /// part, on a page of one part of a map whose ids name their part).
    public var ids: [String: String]
  }

  /// The controllers of other pages one controller's segues lead to, drawn as one box.
  public struct LinkList: Sendable, Hashable {
    /// The controller the segues start from, by its id on the map.
    public var source: String
    /// The controllers they lead to, in the order of the segues.
    public var targets: [String]
  }

  /// The id of the link box that stands for `target` on a page that does not draw it.
  public static func linkID(of target: String) -> String { "→" + target }

  /// The id of the box that lists the controllers of other pages `source`'s segues lead to.
  public static func linkListID(of source: String) -> String { "→→" + source }

  /// The most link boxes a controller's segues lead to; past it, they are one list (a menu's
  /// twenty destinations side by side, each with its segue's label, would make a page many times
  /// wider than it may be; a list reads down, a row a destination).
  public static let maximumLinkBoxes = 1

  /// The page that draws `homes` in full: their containment, windows and segues among them; a child,
  /// presented controller or segue destination that is not among them is a link box (one a
  /// controller, on a page); a storyboard reference whose scene is not among them is itself a link
  /// box to that scene. What leads into `homes` from elsewhere is drawn on the page it starts from.
  public func page(drawing homes: [String]) -> PageHierarchy {
    let isHome = Set(homes)
    var links: [String: String] = [:]
    var linkBoxes: [ViewController] = []
    /// The id on this page of `id`: itself, or its link box (made the first time).
    func shown(_ id: String) -> String {
      if isHome.contains(id) { return id }
      let target = references[id] ?? id
      if isHome.contains(target) { return target }
      let link = Self.linkID(of: target)
      if links[link] == nil {
        links[link] = target
        let original = hierarchy[target]
        var box = ViewController(
          id: link, className: original?.className ?? target, kind: original?.kind ?? .content,
          title: original?.title)
        box.appearance = original?.appearance ?? .disappeared
        box.isViewLoaded = original?.isViewLoaded ?? false
        linkBoxes.append(box)
      }
      return link
    }
    var controllers: [ViewController] = []
    var presented: [(link: String, presenter: String)] = []
    for id in hierarchy.order where isHome.contains(id) {
      guard var controller = hierarchy[id] else { continue }
      // A reference whose scene is on another page is a link to it.
      if let target = references[id], !isHome.contains(target) { links[id] = target }
      controller.children = controller.children.map(shown)
      controller.selectedChild = controller.selectedChild.map(shown)
      if let parent = controller.parent, !isHome.contains(parent) { controller.parent = nil }
      if let presenter = controller.presenter, !isHome.contains(presenter) { controller.presenter = nil }
      if let owner = controller.tabOwner, !isHome.contains(owner) { controller.tabOwner = nil }
      if var presentation = controller.presentation, !isHome.contains(presentation.presented) {
        presentation.presented = shown(presentation.presented)
        presented.append((presentation.presented, id))
        controller.presentation = presentation
      }
      controllers.append(controller)
    }
    // Link boxes after the page's own controllers, each under the parent or presenter that leads to it.
    var boxes = linkBoxes
    for index in boxes.indices {
      let link = boxes[index].id
      if let parent = controllers.first(where: { $0.children.contains(link) }) { boxes[index].parent = parent.id }
      if let presenter = presented.first(where: { $0.link == link }) { boxes[index].presenter = presenter.presenter }
    }
    let (away, linkLists, listOf) = awayTargets(from: isHome, links: links)
    var listed: Set<String> = []
    var segues: [Segue] = []
    for segue in hierarchy.segues where isHome.contains(segue.source) {
      // A reference drawn as a link box leads nowhere on this page.
      if links[segue.source] != nil, case .reference = segue.kind { continue }
      var copy = segue
      if let destination = segue.destination, let list = listOf[segue.source],
        away[segue.source]?.contains(references[destination] ?? destination) == true
      {
        // Into the list of the controllers of other pages the source leads to.
        if listed.insert(list).inserted {
          linkBoxes.append(ViewController(id: list, className: "links", kind: .content))
        }
        copy.destination = list
      } else {
        copy.destination = segue.destination.map(shown)
      }
      segues.append(copy)
    }
    // Segues may have made link boxes after the children's were placed.
    for box in linkBoxes.dropFirst(boxes.count) { boxes.append(box) }
    var page = Hierarchy(viewControllers: controllers + boxes)
    for window in hierarchy.windows where window.rootViewController.map(isHome.contains) ?? false {
      page.addWindow(window)
    }
    var ids = namingInPart(homes: homes, page: &page, links: &links, segues: &segues)
    for id in homes where ids[id] == nil && page[id] != nil { ids[id] = id }
    page.storyboardScenes = Set(page.order)
    page.segues = segues
    return PageHierarchy(hierarchy: page, links: links, linkLists: linkLists, ids: ids)
  }

  /// The controllers of other pages each home controller's segues lead to, in order; the link lists
  /// of those that lead to more than ``maximumLinkBoxes`` of them; and each such controller's list
  /// (controllers whose segues lead to the same controllers the same way share one).
  private func awayTargets(
    from isHome: Set<String>, links: [String: String]
  ) -> (away: [String: [String]], linkLists: [String: LinkList], listOf: [String: String]) {
    var away: [String: [String]] = [:]
    for segue in hierarchy.segues where isHome.contains(segue.source) {
      guard let destination = segue.destination, links[segue.source] == nil else { continue }
      let target = references[destination] ?? destination
      if !isHome.contains(destination), !isHome.contains(target), away[segue.source]?.contains(target) != true {
        away[segue.source, default: []].append(target)
      }
    }
    var linkLists: [String: LinkList] = [:]
    // Controllers whose segues lead to the same controllers of other pages the same way (the
    // lists of a tab's three tables) share one list.
    var listOf: [String: String] = [:]
    var lists: [[String]: String] = [:]
    for source in hierarchy.order {
      guard let targets = away[source], targets.count > Self.maximumLinkBoxes else { continue }
      let key = hierarchy.segues.filter { $0.source == source }.compactMap { segue -> String? in
        guard let destination = segue.destination, targets.contains(references[destination] ?? destination) else {
          return nil
        }
        return "\(references[destination] ?? destination) \(segue.kind.label) \(segue.identifier ?? "")"
      }
      if let shared = lists[key] {
        listOf[source] = shared
      } else {
        let list = Self.linkListID(of: source)
        lists[key] = list
        linkLists[list] = LinkList(source: source, targets: targets)
        listOf[source] = list
      }
    }
    return (away, linkLists, listOf)
  }

  /// On a page of one part, its controllers go by their ids in their part (`TripsViewController`,
  /// not `Main/TripsViewController`), as that part's own diagram names them, when no two become
  /// one: renames them in `page`, `links` and `segues`, and returns the map's id of each by its id
  /// on the page.
  private func namingInPart(
    homes: [String], page: inout Hierarchy, links: inout [String: String], segues: inout [Segue]
  ) -> [String: String] {
    var ids: [String: String] = [:]
    let pageParts = Set(homes.map(part(of:)))
    if pageParts.count == 1, let only = pageParts.first, !only.isEmpty {
      var local: [String: String] = [:]
      for id in homes where id.hasPrefix(only + "/") { local[id] = String(id.dropFirst(only.count + 1)) }
      // Only when no two become one.
      if Set(local.values).count == local.count, Set(local.values).isDisjoint(with: page.order) {
        page = page.renamingControllers(local)
        links = Dictionary(uniqueKeysWithValues: links.map { (local[$0.key] ?? $0.key, $0.value) })
        segues = segues.map { segue in
          var copy = segue
          copy.source = local[segue.source] ?? segue.source
          copy.destination = segue.destination.map { local[$0] ?? $0 }
          return copy
        }
        for (full, shown) in local { ids[shown] = full }
      }
    }
    return ids
  }
}
