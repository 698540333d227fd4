import VCGraph

/// A map of a whole app cut into pages that each read on a docs page (``PageBudget``), and an
/// overview of the pages: the layout stage of a map too big for one picture.
///
/// Every controller is drawn in full on exactly one page, its home; wherever else a controller
/// leads to it (a segue, a child on another page, a storyboard reference), that page draws a small
/// link box naming its home (`→ Settings · page 4`), which links to the home's file in SVG. Every
/// transition is drawn on the page of the controller it starts from. A page is drawn unfolded (a
/// fold would hide a controller it is the home of).
///
/// How pages are cut, as a reader would look for things (``AtlasCut``):
/// 1. By part: a page holds one part's controllers (one storyboard file's scenes), and a part
///    that fits one page is one page, named after it (`Settings.svg`).
/// 2. A bigger part is cut along its containment: a tree of containers that fits a page stays
///    whole; a bigger one (a tab bar of five stacks) is cut under its root, child by child, so that
///    a tab, a stack or a column and what it holds stay together.
/// 3. The pieces are gathered into pages by how densely they are linked: from the first piece
///    in the order a user meets them (from the window's root, along containment and segues), a
///    page takes the piece most linked to it while the page holds a page's worth of boxes; scenes
///    nothing links to fill the last page of their part.
/// 4. Each page is laid out; one that does not fit (wrapped, if need be) is cut in two.
/// 5. Pages are merged while they fit (``Renderer/merged(_:fitting:cut:budget:)``): from the
///    smallest, with a page of its part (one linked to it first, the smallest first), then with a
///    linked page of another part, laid out to tell; so each page is as full as the budget allows.
///
/// A page is titled and named by the controller a reader enters it by (``entry(of:in:meeting:)``).
///
/// Page files are named from what they hold, not by a counter, so a link to a page keeps working
/// when the app grows: a part's first page (where the app, or the storyboard, starts) by the part
/// (`Main.svg`), its other pages by the part and the id of the controller a reader enters each by
/// (`Main-TaskBoardViewController.svg`).
public struct Atlas: Sendable {
  /// One page: the controllers it draws in full.
  public struct Page: Sendable, Hashable {
    /// The stem of the page's files: `Settings`, `Main-TaskBoardViewController`.
    public var name: String
    /// What a reader calls the page, in links and the overview: `Settings`, `Main · Tasks`.
    public var title: String
    /// The page's heading: `Settings.storyboard`, `Main.storyboard · Tasks`.
    public var headline: String
    /// The part of the map the page holds (a storyboard's name), empty when the map has none; of
    /// a page that holds several, the part of the controller a reader enters it by.
    public var part: String
    /// Every part the page holds controllers of, ``part`` first.
    public var parts: [String]
    /// The controllers it draws in full, and the storyboard references it draws, in the map's order.
    public var homes: [String]
    /// The controllers the page draws in full, not counting references: its entry in `index.json`.
    public var controllers: [String]
    /// How the page's drawing wraps to fit: its header stacked, at least.
    var wrapping = Diagram.Wrapping.headerOnly
  }

  /// The map the atlas draws.
  public let map: AtlasMap
  /// The pages, in the order they are read.
  public private(set) var pages: [Page]
  /// The page each controller is drawn in full on, by id.
  private var homePage: [String: Int] = [:]

  /// How a page may be drawn, from the widest to the narrowest: its header stacked (as every
  /// picture of its own), then each wrapping.
  static let wrappings: [Diagram.Wrapping] = FoldSearch.wrappings

  /// The stem of the overview's files: `atlas.svg`.
  public static let overviewName = "atlas"

  init(map: AtlasMap, pages: [Page]) {
    self.map = map
    self.pages = pages
    for (index, page) in pages.enumerated() {
      for id in page.homes { homePage[id] = index }
    }
  }

  /// The index of the page that draws `id` in full (for a reference, the page of what it stands
  /// for); nil for an id the map does not have.
  public func pageIndex(of id: String) -> Int? {
    homePage[map.references[id] ?? id] ?? homePage[id]
  }

  /// What page `index` draws: its hierarchy, with a link box for each controller of another page.
  public func hierarchy(ofPage index: Int) -> AtlasMap.PageHierarchy {
    map.page(drawing: pages[index].homes)
  }

  /// The controllers page `index` draws as link boxes or in link lists, each once, in the map's
  /// order.
  public func links(ofPage index: Int) -> [String] {
    let page = hierarchy(ofPage: index)
    let targets = Set(page.links.values).union(page.linkLists.values.flatMap(\.targets))
    return map.controllers.filter(targets.contains)
  }

  /// The diagram of page `index`, in `theme`; `file` names a page's SVG file in that theme, which
  /// its link boxes link to.
  public func diagram(ofPage index: Int, theme: Theme = .light, file: (Int) -> String? = { _ in nil }) -> Diagram {
    diagram(ofPage: index, page: hierarchy(ofPage: index), theme: theme, file: file)
  }

  func diagram(
    ofPage index: Int, page hierarchy: AtlasMap.PageHierarchy, theme: Theme, file: (Int) -> String?
  ) -> Diagram {
    let page = pages[index]
    var links: [String: AtlasLink] = [:]
    for (box, target) in hierarchy.links {
      guard let home = pageIndex(of: target) else { continue }
      links[box] = AtlasLink(
        target: target, pageTitle: pages[home].title, pageNumber: home + 1, file: file(home),
        isReference: map.references[hierarchy.ids[box] ?? box] != nil)
      links[box]?.className = map.hierarchy[target]?.unqualifiedClassName
      links[box]?.kind = map.hierarchy[target]?.kind
    }
    var lists: [String: [AtlasLink]] = [:]
    for (box, list) in hierarchy.linkLists {
      lists[box] = list.targets.compactMap { target in
        guard let home = pageIndex(of: target) else { return nil }
        let segues = map.hierarchy.segues.filter { segue in
          segue.source == list.source && segue.destination.map { map.references[$0] ?? $0 } == target
        }
        var link = AtlasLink(
          target: target, pageTitle: pages[home].title, pageNumber: home + 1, file: file(home),
          via: Self.via(segues))
        link.className = map.hierarchy[target]?.unqualifiedClassName
        return link
      }
    }
    var context = map.partContexts[page.part] ?? map.context
    if pages.count > 1 { context += " · PAGE \(index + 1) OF \(pages.count)" }
    var diagram = Diagram(
      atlasPage: hierarchy, of: map, context: context, headline: page.headline,
      caption: caption(ofPage: index, hierarchy),
      links: links, linkLists: lists)
    diagram.theme = theme
    diagram.folding = Folding(mode: .none)
    if map.partStoryboards[page.part]?.storyboard.platform == .macOS { diagram.windowClass = "NSWindow" }
    return diagram
  }

  /// How `segues` are named on a link list's row: `show “ItemSegue”`, `show ×3 “A”, “B” and 1 more`.
  static func via(_ segues: [Segue]) -> String {
    let identifiers = segues.compactMap { $0.identifier.flatMap { $0.isEmpty ? nil : "“\($0)”" } }
    var names = identifiers.prefix(2).joined(separator: ", ")
    if identifiers.count > 2 { names += " and \(identifiers.count - 2) more" }
    return Diagram.kindList(segues) + (names.isEmpty ? "" : " " + names)
  }

  /// `12 controllers · 9 segues · 4 links to 3 other pages`: what the page holds.
  private func caption(ofPage index: Int, _ hierarchy: AtlasMap.PageHierarchy) -> String {
    func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
    let page = pages[index]
    var parts = [plural(page.controllers.count, map.context.hasPrefix("STORYBOARD") ? "scene" : "controller")]
    let segues = hierarchy.hierarchy.segues.filter { $0.kind != .reference }.count
    if let storyboard = map.partStoryboards[page.part], page.parts.count == 1,
      !pages.contains(where: { $0.parts.contains(page.part) && $0 != page })
    {
      // A page that holds a whole storyboard says what its own diagram says of the file.
      parts = [Diagram.caption(of: storyboard)]
    } else if segues > 0 {
      parts.append(
        map.appMap == nil
          ? plural(segues, "segue") + " (dotted teal, labelled with their kind)"
          : plural(segues, "transition") + " (labelled with their kind)")
    }
    let targets = Set(hierarchy.links.values).union(hierarchy.linkLists.values.flatMap(\.targets))
    if !targets.isEmpty {
      let pagesLinked = Set(targets.compactMap(pageIndex(of:))).count
      parts.append(
        plural(targets.count, "link") + " to " + plural(pagesLinked, "other page") + " (→, dashed teal)")
    }
    if pages.count > 1 { parts.append("the overview: \(Self.overviewName).svg") }
    return parts.joined(separator: " · ")
  }

  /// The transitions from one page to another, with how many there are: segues and containment
  /// that lead from a controller of page `from` to one drawn in full on page `to`.
  public var crossings: [(from: Int, to: Int, count: Int)] {
    var counts: [[Int]: Int] = [:]
    func add(_ source: String, _ destination: String) {
      guard let from = pageIndex(of: source), let to = pageIndex(of: destination), from != to else { return }
      counts[[from, to], default: 0] += 1
    }
    for segue in map.hierarchy.segues {
      guard let destination = segue.destination, map.references[segue.source] == nil else { continue }
      add(segue.source, destination)
    }
    for id in map.controllers {
      for child in map.hierarchy[id]?.children ?? [] { add(id, child) }
    }
    return counts.map { ($0.key[0], $0.key[1], $0.value) }.sorted { ($0.from, $0.to) < ($1.from, $1.to) }
  }
}

// MARK: - Cutting

extension Atlas {
  /// The atlas of `map` with pages of these controllers, titled and named from what they hold and
  /// where a reader enters each (``entry(of:in:meeting:)``).
  init(map: AtlasMap, homes: [[String]], wrappings: [[String]: Diagram.Wrapping] = [:]) {
    let meeting = AtlasCut.meetingOrder(in: map, next: AtlasCut.next(in: map))
    self.init(
      map: map, homes: homes, entries: homes.map { Self.entry(of: $0, in: map, meeting: meeting) }, wrappings: wrappings
    )
  }

  /// The controller a reader enters a page of `members` by: of those nothing on the page holds
  /// or presents (the highest in containment), the first a user meets from the app's window
  /// (``AtlasCut/meetingOrder(in:next:)``); a scene before a storyboard reference.
  static func entry(of members: [String], in map: AtlasMap, meeting: [String: Int]) -> String {
    let inside = Set(members)
    let tops = members.filter { id in
      let holder = map.hierarchy[id]?.parent ?? map.hierarchy[id]?.presenter
      return holder.map { !inside.contains($0) } ?? true
    }
    let candidates = tops.isEmpty ? members : tops
    return candidates.min { one, other in
      ((map.references[one] == nil ? 0 : 1), meeting[one] ?? Int.max)
        < ((map.references[other] == nil ? 0 : 1), meeting[other] ?? Int.max)
    } ?? members[0]
  }

  /// The atlas of `map` with pages of these controllers, each entered by its `entries` controller.
  init(map: AtlasMap, homes: [[String]], entries: [String], wrappings: [[String]: Diagram.Wrapping]) {
    var byPart: [String: Int] = [:]
    for seed in entries { byPart[map.part(of: seed), default: 0] += 1 }
    var titles: [String: Int] = [:]
    var names: Set<String> = [Self.overviewName.lowercased(), "index"]
    let order = Dictionary(map.controllers.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    var seenParts: Set<String> = []
    let pages = zip(homes, entries).map { page, seed -> Page in
      let part = map.part(of: seed)
      // The parts a page holds whole or in part, its entry's first (pages merged across parts).
      var parts = [part]
      for id in page where !parts.contains(map.part(of: id)) && map.references[id] == nil {
        parts.append(map.part(of: id))
      }
      let alone = byPart[part] == 1
      // A part's first page takes the part's own file name (`Shop.svg`): where its app starts.
      let isFirst = seenParts.insert(part).inserted
      // A part without a name may have a title (an app map's top folder, by the app's name).
      let partName = part.isEmpty ? map.partTitles[part] : part
      let seedName = Self.name(of: seed, in: map)
      // The part names the page only when there are several.
      let partShown = byPart.count > 1 ? partName : nil
      var title = alone ? (partName ?? map.title) : [partShown, seedName].compactMap { $0 }.joined(separator: " · ")
      // A page of several parts is titled by them: `Settings + Account`, `Feature1 + 2 more`.
      let partNames = parts.map { $0.isEmpty ? (map.partTitles[$0] ?? map.title) : $0 }
      if parts.count > 1 {
        title =
          partNames.count > 3 ? "\(partNames[0]) + \(partNames.count - 1) more" : partNames.joined(separator: " + ")
      }
      titles[title, default: 0] += 1
      if let count = titles[title], count > 1 { title += " \(count)" }
      let partTitle = map.partTitles[part] ?? partName
      var headline = alone ? (partTitle ?? title) : [partTitle, seedName].compactMap { $0 }.joined(separator: " · ")
      if parts.count > 1 {
        headline = parts.map { map.partTitles[$0] ?? ($0.isEmpty ? map.title : $0) }.joined(separator: " + ")
      }
      // The file: the part's, for its first page; else the part's and the id the page starts from
      // (its part's prefix left out), as a safe file name.
      let stem = map.partStems[part] ?? partName
      var seedID = seed
      if let partName, seedID.hasPrefix(partName + "/") { seedID.removeFirst(partName.count + 1) }
      let base = Self.linkableName(isFirst ? (stem ?? "map") : [stem, seedID].compactMap { $0 }.joined(separator: "-"))
      var name = base
      var count = 1
      while names.contains(name.lowercased()) {
        count += 1
        name = "\(base)-\(count)"
      }
      names.insert(name.lowercased())
      let sorted = page.sorted { (order[$0] ?? 0) < (order[$1] ?? 0) }
      return Page(
        name: name, title: title, headline: headline, part: part, parts: parts, homes: sorted,
        controllers: sorted.filter { map.references[$0] == nil }, wrapping: wrappings[page] ?? .headerOnly)
    }
    self.init(map: map, pages: pages)
  }

  /// `name` as a page's file name that links, Markdown images and URLs take as it is: letters,
  /// digits, `.`, `_` and `-` kept, every run of anything else one `-`
  /// (`Settings-UIHostingController<PrivacySafetyView>` → `Settings-UIHostingController-PrivacySafetyView`).
  static func linkableName(_ name: String) -> String {
    var result = ""
    for character in name {
      if character.isASCII, character.isLetter || character.isNumber || "._-".contains(character) {
        result.append(character)
      } else if result.last != "-" {
        result.append("-")
      }
    }
    while result.hasSuffix("-") { result.removeLast() }
    return SafeFileName.make(result, fallback: "page")
  }

  /// What a page starting from `id` is called: its title, else for a container UIKit names (a
  /// navigation controller) what it holds first, else its class without `ViewController`.
  static func name(of id: String, in map: AtlasMap) -> String {
    var current = id
    var seen: Set<String> = []
    while let controller = map.hierarchy[current], seen.insert(current).inserted {
      if let title = controller.title, !title.isEmpty { return title }
      if let target = map.references[current] {
        current = target
        continue
      }
      let className = controller.unqualifiedClassName
      // A navigation controller is known by the screen it starts with; UIKit's other containers by
      // what they are.
      if controller.kind == .navigation || className == "storyboard reference", let first = controller.children.first {
        current = first
        continue
      }
      // A navigation controller an app's code makes around a controller it holds elsewhere: by that controller.
      if let root = map.appMap?.nodes[current]?.instance?.root, map.hierarchy[root] != nil {
        current = root
        continue
      }
      if className.hasPrefix("UI"), controller.kind != .content {
        return controller.kind.displayName.prefix(1).uppercased() + controller.kind.displayName.dropFirst()
      }
      for suffix in ["ViewController", "Controller"] where className.hasSuffix(suffix) && className.count > suffix.count
      {
        return String(className.dropLast(suffix.count))
      }
      return className
    }
    return id
  }
}

extension Renderer {
  /// Cuts `map` into pages that each fit `budget` unfolded (see ``Atlas``): pages cut as a reader
  /// would look for them, each laid out (in the worker, with a ``drawer``) and cut again when it
  /// does not fit, wrapped or not. A page of one controller that does not fit is kept as it is.
  public func atlas(of map: AtlasMap, budget: PageBudget) throws(RenderError) -> Atlas {
    let cut = AtlasCut(map: map, budget: budget)
    // An app's code map that fits one page unfolded is one picture, whatever folders it comes from.
    if map.appMap != nil, Set(map.controllers.map(map.part(of:))).count > 1 {
      let whole = [map.controllers]
      if let wrapping = try fit(Atlas(map: map, homes: whole).diagram(ofPage: 0), budget: budget) {
        return Atlas(map: map, homes: whole, wrappings: [map.controllers: wrapping])
      }
    }
    var homes = cut.pages()
    var fitting: [[String]: Diagram.Wrapping] = [:]
    while true {
      let atlas = Atlas(map: map, homes: homes)
      var next: [[String]] = []
      var changed = false
      for (index, page) in homes.enumerated() {
        if fitting[page] != nil {
          next.append(page)
          continue
        }
        if let wrapping = try fit(atlas.diagram(ofPage: index), budget: budget) {
          fitting[page] = wrapping
          next.append(page)
        } else if let parts = cut.split(page) {
          next += parts
          changed = true
        } else {
          fitting[page] = .headerOnly
          next.append(page)
        }
      }
      homes = next
      guard changed else { break }
    }
    homes = try merged(homes, fitting: &fitting, cut: cut, budget: budget)
    return Atlas(map: map, homes: homes, wrappings: fitting)
  }

  /// How many pages merging may lay out, per page cut: a map of 400 controllers stays within
  /// seconds.
  static let mergeTrialsPerPage = 2

  /// How many pages each page tries to merge with, the best first.
  static let mergePartners = 3

  /// `homes`, each fitting page, with small pages merged into their neighbours while the merged
  /// page still fits `budget` (laid out to tell): from the smallest page, onto a page of the same
  /// part (one linked to it first, then the smallest, then the most linked), then onto a linked
  /// page of another part. A reader gets pages as full as the budget allows, not a part's scraps.
  func merged(
    _ homes: [[String]], fitting: inout [[String]: Diagram.Wrapping], cut: AtlasCut, budget: PageBudget
  ) throws(RenderError) -> [[String]] {
    let map = cut.map
    var pages = homes
    var done: Set<[String]> = []
    var failed: Set<Set<String>> = []
    var trials = 0
    let limit = Self.mergeTrialsPerPage * homes.count
    let meeting = AtlasCut.meetingOrder(in: map, next: AtlasCut.next(in: map))
    func parts(_ page: [String]) -> Set<String> { Set(page.map(map.part(of:))) }
    while trials < limit {
      // The smallest page not yet done, the earliest on a tie.
      guard
        let small = pages.indices.filter({ !done.contains(pages[$0]) && fitting[pages[$0]] != nil })
          .min(by: { (pages[$0].count, $0) < (pages[$1].count, $1) })
      else { break }
      let members = Set(pages[small])
      let ownParts = parts(pages[small])
      // Partners: pages of the same part, then pages linked to it; linked ones first, the smallest
      // first (a small partner fits more often than a full one), the most linked on a tie.
      let partners = pages.indices.compactMap { other -> (index: Int, samePart: Bool, links: Int)? in
        guard other != small, fitting[pages[other]] != nil else { return nil }
        let samePart = !ownParts.isDisjoint(with: parts(pages[other]))
        let links = cut.links(pages[small], Set(pages[other])) + cut.links(pages[other], members)
        guard samePart || links > 0, !failed.contains(members.union(pages[other])) else { return nil }
        return (other, samePart, links)
      }
      .sorted {
        ($0.samePart ? 1 : 0, $0.links > 0 ? 1 : 0, -pages[$0.index].count, $0.links) > (
          $1.samePart ? 1 : 0, $1.links > 0 ? 1 : 0, -pages[$1.index].count, $1.links
        )
      }
      var merged = false
      for partner in partners.prefix(Self.mergePartners) where trials < limit {
        let (first, second) = (min(small, partner.index), max(small, partner.index))
        let page = pages[first] + pages[second]
        var trial = pages
        trial[first] = page
        trial.remove(at: second)
        let entries = trial.map { Atlas.entry(of: $0, in: map, meeting: meeting) }
        let atlas = Atlas(map: map, homes: trial, entries: entries, wrappings: [:])
        trials += 1
        if let wrapping = try fit(atlas.diagram(ofPage: first), budget: budget) {
          fitting[page] = wrapping
          pages = trial
          merged = true
          break
        }
        failed.insert(Set(page))
      }
      if !merged { done.insert(pages[small]) }
    }
    return pages
  }

  /// How `diagram` fits `budget` unfolded: the first wrapping that does (its header stacked, at
  /// least), or nil. Only laid out, not rendered.
  func fit(_ diagram: Diagram, budget: PageBudget) throws(RenderError) -> Diagram.Wrapping? {
    var tried: Set<GraphDescription> = []
    for wrapping in Atlas.wrappings {
      let graph = diagram.graph(level: .none, wrapping: wrapping)
      guard tried.insert(graph).inserted else { continue }
      guard FoldSearch.mightFit(graph, budget) else { return nil }
      let drawing = try draw(graph, formats: [], comfortable: budget)
      if drawing.files != nil { return wrapping }
      // Only a picture no bigger than a page holds may fit wrapped narrower.
      guard let width = drawing.width, let height = drawing.height, budget.mightFitWrapped(width: width, height: height)
      else { return nil }
    }
    return nil
  }

  /// Page `index` of `atlas` in each of `formats`, in `theme`; `file` names a page's SVG file in
  /// that theme, which its link boxes link to.
  public func renderPage(
    _ index: Int, of atlas: Atlas, formats: [OutputFormat], theme: Theme, file: (Int) -> String?
  ) throws(RenderError) -> [OutputFormat: [UInt8]] {
    let diagram = atlas.diagram(ofPage: index, theme: theme, file: file)
    return try render(diagram.graph(level: .none, wrapping: atlas.pages[index].wrapping), formats: formats)
  }
}

extension Renderer {
  /// The most pages an overview draws along the arrows between them.
  static let overviewArrowsPages = 40

  /// The overview of an atlas in each of `formats`: its boxes along the arrows when that fits
  /// `budget`, else in rows.
  public func renderOverview(
    _ overview: AtlasOverview, formats: [OutputFormat], budget: PageBudget
  ) throws(RenderError) -> [OutputFormat: [UInt8]] {
    // Past a few dozen pages, their boxes along the arrows are no overview (and cost `dot` minutes:
    // 215 pages and 1,086 arrows took more than 120 s); in rows, each box lists where it leads;
    // past what that fits, in rows of narrow boxes that list nothing.
    if overview.atlas.pages.count <= Self.overviewArrowsPages,
      let files = try draw(overview.graph(), formats: formats, comfortable: budget).files
    {
      return files
    }
    if let files = try draw(overview.graph(inRows: true), formats: formats, comfortable: budget).files {
      return files
    }
    return try render(overview.graph(inRows: true, compact: true), formats: formats)
  }
}
