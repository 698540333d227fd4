import VCGraph

/// What a diagram of an app map draws beside its hierarchy: the map, and the links its boxes and
/// edges open.
struct AppMapDrawing: Sendable {
  var map: AppMapHierarchy
  /// A URL with `{file}` and `{line}` (`https://github.com/o/r/blob/main/{file}#L{line}`): each box
  /// and edge links to its source; nil for tooltips only.
  var sourceURL: String?
}

extension Diagram {
  /// The diagram of an app map (`vcgraph map`): the app's controllers and the types that navigate,
  /// with the containment the code makes (a window's root, stacks, tabs, embeds) as a storyboard's
  /// diagram draws it, and every other transition as an edge labelled with its kind.
  ///
  /// A map is drawn as a storyboard is, a design-time picture: nothing is on screen. Each box says
  /// what it is (its kind, class, superclass when the base is outside the sources, the SwiftUI view
  /// a hosting controller shows, its storyboard scenes) and where (`file:line`); a navigator
  /// (coordinator, router, delegate, extension) is a grey box with square corners. Transitions
  /// between two boxes are one edge that counts its call sites (`3 × push`); a push, show or
  /// segue is teal, a presentation dashed purple. A transition whose destination the code does
  /// not say is summarised in its source's box (`? present · parameter`). Every box and edge has
  /// its `file:line` in its tooltip (every site, for an edge), and with `sourceURL` links to it.
  ///
  /// - Parameters:
  ///   - name: the headline: the app's folder.
  ///   - sourceURL: a URL with `{file}` and `{line}` for the links; nil for tooltips only.
  public init(appMap: AppMapHierarchy, name: String, title: String? = nil, sourceURL: String? = nil) {
    self.init(
      hierarchy: appMap.hierarchy, context: "APP MAP", headline: name,
      caption: Self.mapCaption(appMap.map), title: title)
    self.appMap = AppMapDrawing(map: appMap, sourceURL: sourceURL)
    // Drawn as a storyboard is (a design-time map), with no scene marked unreachable: the code may
    // show any of them from a place the map cannot see.
    unreachableScenes = []
  }

  /// `30 controllers · 5 navigators · 49 transitions (4 whose destination is not known)`.
  static func mapCaption(_ map: AppMap) -> String {
    func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
    var parts = [plural(map.controllers.count, "controller"), plural(map.navigators.count, "navigator")]
    var transitions = plural(map.transitions.count, "transition")
    let unresolved = map.unresolved.count
    if unresolved > 0 { transitions += " (\(unresolved) to a destination the code does not name)" }
    parts.append(transitions)
    return parts.joined(separator: " · ")
  }

  // MARK: - Focus

  /// The nodes a focus on `names` draws in a map: each node with that id or class, and what its
  /// transitions and containment reach within two steps.
  func mapFocus(_ names: [String], in drawing: AppMapDrawing) -> Set<String> {
    var leadsTo: [String: [String]] = [:]
    for segue in hierarchy.segues {
      if let destination = segue.destination { leadsTo[segue.source, default: []].append(destination) }
    }
    for controller in hierarchy.viewControllers { leadsTo[controller.id, default: []] += controller.children }
    for window in hierarchy.windows {
      // A window's root is where the code that sets it leads.
      guard let root = window.rootViewController else { continue }
      for placement in drawing.map.placements[root] ?? [] { leadsTo[placement.from, default: []].append(root) }
    }
    var kept = Set(
      hierarchy.members.filter { id in
        let className = drawing.map.nodes[id]?.className
        return names.contains(id) || className.map(names.contains) == true
          || hierarchy[id].map { names.contains($0.className) } == true
      })
    var frontier = Array(kept)
    for _ in 0..<2 {
      var next: [String] = []
      for id in frontier {
        for reached in leadsTo[id] ?? [] where kept.insert(reached).inserted { next.append(reached) }
      }
      frontier = next
    }
    return kept
  }

  // MARK: - Boxes

  /// The box of a map's node: a controller, drawn white with rounded corners, or a navigator, grey
  /// with square ones.
  func mapNode(
    _ controller: ViewController, drawing: AppMapDrawing, cluster: String?, placement: Placement?
  ) -> GraphDescription.Node {
    let node = drawing.map.nodes[controller.id]
    let classInfo = node.flatMap { drawing.map.map.controller(named: $0.className) }
    var isNavigator = false
    var kindLine = controller.kind.displayName.uppercased()
    var kindColor = style.color(for: controller.kind)
    switch node?.role {
    case let .navigator(kind)?:
      isNavigator = true
      kindLine = kind.rawValue.uppercased()
      kindColor = style.navigator
    case let .controller(kind)?:
      // The map's own kinds say more than a hierarchy's (an alert, Safari, a picker).
      if kind != .content || controller.kind == .content { kindLine = kind.displayName.uppercased() }
    case nil: break
    }
    var topLine = HTMLText.font(kindLine, size: 9, color: kindColor, bold: true)
    if let placement {
      topLine += Self.gap + HTMLText.font(placement.text, size: 9, color: style.secondaryLabel, width: 40)
    }
    let hostedView = classInfo?.hostedView ?? controller.swiftUIRootView
    var rows = [topLine, Self.classNameLabel(hostedView ?? controller.className, color: style.label)]
    if hostedView != nil {
      rows.append(HTMLText.font("SwiftUI view in UIHostingController", size: 9, color: style.secondaryLabel, width: 40))
    }
    if let superclass = Self.shownSuperclass(of: classInfo) {
      rows.append(HTMLText.font(superclass, size: 9, color: style.secondaryLabel, width: 40, maxLines: 2))
    }
    // The navigation controllers a wrapper shows it in, which nothing else names.
    let wrappers = node?.navigationWrappers ?? []
    if !wrappers.isEmpty {
      var classes: [String] = []
      for stack in wrappers {
        let name = drawing.map.nodes[stack.from]?.className ?? stack.from.prefix { $0 != "(" }.description
        if !classes.contains(name) { classes.append(name) }
      }
      rows.append(
        HTMLText.font(
          "in " + classes.joined(separator: " or "), size: 9, color: style.color(for: .navigation), width: 40,
          maxLines: 3))
    }
    let scenes = node?.scenes ?? []
    for scene in scenes.prefix(3) {
      rows.append(
        HTMLText.font(
          "scene " + scene.storyboard + " · " + (scene.storyboardIdentifier ?? scene.objectID), size: 9,
          color: style.segue, width: 40, maxLines: 2))
    }
    if scenes.count > 3 {
      rows.append(HTMLText.font("and \(scenes.count - 3) more scenes", size: 9, color: style.segue))
    }
    if let place = node?.place {
      let made = node?.site != nil ? "" : node?.instance != nil ? "made at " : "shown at "
      rows.append(HTMLText.font(made + Self.shortPlace(place), size: 9, color: style.tertiaryLabel, width: 48))
    }
    if isNavigator, let made = containmentSummary(of: controller.id, drawing: drawing) {
      rows.append(HTMLText.font(made, size: 9, color: style.shownChildEdge, width: 40, maxLines: 3))
    }
    var cells = rows.map { "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\($0)</TD></TR>" }
    let unknown = unresolved(from: controller.id)
    cells += unresolvedRows(unknown, from: controller.id, drawing: drawing)
    let label =
      "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\">" + cells.joined() + "</TABLE>"
    let classes = [
      "vc", isNavigator ? "navigator" : "kind-" + controller.kind.rawValue,
      node?.instance != nil ? "instance" : nil,
    ].compactMap { $0 }
    var attributes: [GraphDescription.Attribute] = [
      .init("id", Self.svgID(ofController: controller.id)), .init("class", classes.joined(separator: " ")),
      .init("style", isNavigator ? "filled" : "rounded,filled"),
      .init("color", isNavigator ? style.navigatorBorder : style.offScreenBorder),
      .init("fillcolor", isNavigator ? style.navigatorFill : style.controllerFill),
      .init("penwidth", "1.2"), .init("label", html: label),
      .init(
        "tooltip",
        Self.mapTooltip(of: controller, node: node, classInfo: classInfo, placement: placement)
          + unknown.prefix(40).map { "\\n" + Self.plainAttribute("→ ? " + $0.siteLine) }.joined()),
    ]
    if let url = node?.place.flatMap({ drawing.link(to: $0) }) { attributes.append(.init("href", url)) }
    return .init(name: Self.nodeName(ofController: controller.id), cluster: cluster, attributes: attributes)
  }

  /// What a navigator's code places, drawn as another box's containment: `sets 3 window roots, 3
  /// tabs, 2 stacks`; nil when it places nothing.
  func containmentSummary(of id: String, drawing: AppMapDrawing) -> String? {
    var counts: [AppMap.Transition.Kind: Int] = [:]
    for placements in drawing.map.placements.values {
      for placement in placements where placement.from == id { counts[placement.kind, default: 0] += 1 }
    }
    let nouns: [(AppMap.Transition.Kind, String)] = [
      (.root, "window root"), (.tabs, "tab"), (.stack, "stack"), (.embed, "child"),
    ]
    let parts = nouns.compactMap { kind, noun -> String? in
      guard let count = counts[kind], count > 0 else { return nil }
      return "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
    return parts.isEmpty ? nil : "sets " + parts.joined(separator: ", ")
  }

  /// The superclass a box names: one outside the sources (`FormViewController · outside the
  /// sources`), or one of the app's own (`: BaseListViewController`); nil for UIKit's, which the
  /// box's kind says well enough (the tooltip names it).
  static func shownSuperclass(of controller: AppMap.Controller?) -> String? {
    guard let controller, let superclass = controller.superclass else { return nil }
    if controller.baseOutsideSources { return ": " + superclass + " · outside the sources" }
    return AppMap.Controller.Kind.ofUIKitClass(superclass) == nil ? ": " + superclass : nil
  }

  /// `TripsListViewController.swift:27`: a site as a box shows it, the file without its folders.
  static func shortPlace(_ site: AppMap.Site) -> String {
    let file = site.file.split(separator: "/").last.map(String.init) ?? site.file
    return "\(file):\(site.line)"
  }

  /// A map box's tooltip: its class, kind and superclass, and where it is, with the full path.
  static func mapTooltip(
    of controller: ViewController, node: AppMapHierarchy.Node?, classInfo: AppMap.Controller?, placement: Placement?
  ) -> String {
    var parts = [classInfo?.hostedView.map { "UIHostingController<\($0)>" } ?? node?.className ?? controller.className]
    switch node?.role {
    case let .navigator(kind)?: parts.append(kind.rawValue)
    case let .controller(kind)?: parts.append(kind.displayName)
    case nil: break
    }
    if let superclass = classInfo?.superclass {
      parts.append("superclass " + superclass + (classInfo?.baseOutsideSources == true ? " (outside the sources)" : ""))
    }
    if let instance = node?.instance { parts.append("with \(instance.root) at the root of its stack") }
    for stack in node?.navigationWrappers.prefix(8) ?? [] {
      parts.append("shown in \(stack.from.prefix { $0 != "(" }) at \(stack.site)")
    }
    if let placement { parts.append(placement.text) }
    var lines = [parts.joined(separator: " · ")]
    if let site = node?.site { lines.append(site.description) }
    if let shown = node?.shownAt { lines.append("shown at " + shown.description) }
    for made in node?.instance?.madeAt.prefix(8) ?? [] { lines.append("made at " + made.description) }
    for scene in node?.scenes ?? [] {
      lines.append("scene \(scene.storyboard) · \(scene.storyboardIdentifier ?? scene.objectID) · \(scene.site)")
    }
    return lines.map(plainAttribute).joined(separator: "\\n")
  }

  /// The transitions of `source` whose destination the code does not say, in the map's order.
  private func unresolved(from source: String) -> [AppMap.Transition] {
    hierarchy.segues.compactMap { segue in
      guard segue.source == source, segue.destination == nil, case let .call(transition) = segue.kind else {
        return nil
      }
      return transition
    }
  }

  /// The rows that summarise `transitions`, those of `source` whose destination the code does not
  /// say: one a reason, with its kinds counted (`→ ? 2 × push, 1 × present · parameter`); with a
  /// source URL, each row links to its first site, its sites in the row's tooltip (the box's
  /// tooltip lists them too: Graphviz gives a row a tooltip only with a link).
  private func unresolvedRows(
    _ transitions: [AppMap.Transition], from source: String, drawing: AppMapDrawing
  ) -> [String] {
    var reasons: [String] = []
    var byReason: [String: [AppMap.Transition]] = [:]
    for transition in transitions {
      let reason = transition.unresolved ?? "not known"
      if byReason[reason] == nil { reasons.append(reason) }
      byReason[reason, default: []].append(transition)
    }
    return reasons.prefix(4).enumerated().map { index, reason in
      let transitions = byReason[reason] ?? []
      let text = "→ ? " + Self.countedLabels(transitions.map(\.label)) + " · " + reason
      let tooltip = transitions.prefix(40).map { HTMLText.escape($0.siteLine) }.joined(separator: "&#10;")
      let link = transitions.first.flatMap { drawing.link(to: $0.site) }.map {
        " HREF=\"" + $0.replacingOccurrences(of: "&amp;", with: "&amp;amp;") + "\""
      }
      return "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\" ID=\"unknown-\(HTMLText.identifier(source))-\(index)\""
        + " TOOLTIP=\"destination not known&#10;\(tooltip)\"\(link ?? "")>"
        + HTMLText.font(text, size: 9, color: style.unknownDestination, width: 40, maxLines: 4) + "</TD></TR>"
    }
  }

  /// `push`, `3 × push`, `2 × push, 1 × present · formSheet`: each label once, in order, after
  /// how many times it came (when there are several sites).
  static func countedLabels(_ labels: [String]) -> String {
    if labels.count == 1 { return labels[0] }
    return labelCounts(labels).map { "\($0.count) × \($0.label)" }.joined(separator: ", ")
  }

  // MARK: - Edges

  /// The edge of the transitions from one box to another: labelled with their kinds, counted
  /// (`3 × push`); a presentation dashed purple, any other transition teal; every site in the
  /// tooltip, and a link to the first.
  ///
  /// Making a controller (`instantiate`, `hosting`) is named only when nothing else joins the two
  /// boxes: the push or presentation that follows it says what the reader wants to know.
  func mapEdge(
    source: String, head: String, segues: [(index: Int, segue: Segue)], drawing: AppMapDrawing
  ) -> GraphDescription.Edge {
    let transitions = segues.compactMap { entry -> AppMap.Transition? in
      if case let .call(transition) = entry.segue.kind { return transition }
      return nil
    }
    let moves = transitions.filter { $0.kind != .instantiate && $0.kind != .hosting }
    let named = moves.isEmpty ? transitions : moves
    var lines = [
      HTMLText.font(
        Self.countedLabels(Self.segueLabels(named)), size: 10, color: edgeColor(of: named), bold: true, width: 34,
        maxLines: 3)
    ]
    let identifiers = Array(Set(named.compactMap(\.identifier))).sorted()
    if !identifiers.isEmpty {
      lines.append(
        HTMLText.font(
          identifiers.prefix(3).map { "“\($0)”" }.joined(separator: ", "), size: 9, color: edgeColor(of: named),
          width: 34, maxLines: 2))
    }
    let isPresentation = named.allSatisfy { $0.kind == .present }
    let isContainment = named.allSatisfy(\.kind.isContainment)
    let tooltip = Self.mapTooltip(of: segues.map(\.segue))
    var attributes: [GraphDescription.Attribute] = [
      .init("id", "transition-\(segues[0].index)"),
      .init(
        "class",
        (["edge-transition"] + Set(named.map { "transition-" + $0.kind.rawValue }).sorted()
          + (transitions.count > 1 ? ["transition-group"] : [])).joined(separator: " ")),
      .init("color", edgeColor(of: named)), .init("penwidth", transitions.count > 1 ? "2" : "1.4"),
      .init("style", isPresentation ? "dashed" : isContainment ? "solid" : "solid"),
      .init("arrowhead", isContainment ? "normal" : "vee"),
      .init("tooltip", tooltip), .init("labeltooltip", tooltip),
      .init("label", html: padded(lines)),
    ]
    if let url = transitions.first.flatMap({ drawing.link(to: $0.site) }) { attributes.append(.init("href", url)) }
    return .init(
      tail: Self.nodeName(ofController: source), head: Self.nodeName(ofController: head), attributes: attributes)
  }

  /// The label of the edge to a fold of what a box's transitions lead to: `5 transitions: 2 × push,
  /// 1 × present · fullScreen` (making a controller named only when nothing else is).
  static func mapFoldLabel(_ segues: [Segue]) -> String {
    let transitions = segues.compactMap { segue -> AppMap.Transition? in
      if case let .call(transition) = segue.kind { return transition }
      return nil
    }
    let moves = transitions.filter { $0.kind != .instantiate && $0.kind != .hosting }
    let named = moves.isEmpty ? transitions : moves
    return "\(transitions.count) transition\(transitions.count == 1 ? "" : "s"): "
      + countedLabels(segueLabels(named))
  }

  /// The tooltip of an edge of a map's transitions: one `kind · file:line` a line (the first 40).
  static func mapTooltip(of segues: [Segue]) -> String {
    let transitions = segues.compactMap { segue -> AppMap.Transition? in
      if case let .call(transition) = segue.kind { return transition }
      return nil
    }
    return transitions.prefix(40).map { plainAttribute($0.siteLine) }.joined(separator: "\\n")
      + (transitions.count > 40 ? "\\nand \(transitions.count - 40) more" : "")
  }

  /// The labels of `transitions`, a performed segue (`performSegue(withIdentifier:)`) named as the
  /// storyboard's segue of the same identifier among them is (`segue · show`): they are one segue.
  static func segueLabels(_ transitions: [AppMap.Transition]) -> [String] {
    var storyboardLabels: [String: String] = [:]
    for transition in transitions where transition.kind == .segue && transition.call.hasPrefix("storyboard ") {
      if let identifier = transition.identifier { storyboardLabels[identifier] = transition.label }
    }
    return transitions.map { transition in
      guard transition.kind == .segue, !transition.call.hasPrefix("storyboard "), let identifier = transition.identifier
      else { return transition.label }
      return storyboardLabels[identifier] ?? transition.label
    }
  }

  /// The colour of an edge of these transitions: purple for presentations only, grey for
  /// containment only, else teal.
  private func edgeColor(of transitions: [AppMap.Transition]) -> String {
    if transitions.allSatisfy({ $0.kind == .present }) { return style.presentationEdge }
    if transitions.allSatisfy(\.kind.isContainment) { return style.shownChildEdge }
    return style.segue
  }

  /// The tooltip and link of a containment edge a map draws: the sites that make the relation.
  func mapRelationAttributes(
    _ relation: HierarchyDiff.Relation, drawing: AppMapDrawing
  )
    -> [GraphDescription.Attribute]
  {
    let placements = drawing.map.placements[relation.target] ?? []
    guard !placements.isEmpty else { return [] }
    let tooltip = placements.prefix(40).map { Self.plainAttribute($0.siteLine) }.joined(separator: "\\n")
    var attributes: [GraphDescription.Attribute] = [.init("tooltip", tooltip), .init("labeltooltip", tooltip)]
    if let url = drawing.link(to: placements[0].site) { attributes.append(.init("href", url)) }
    return attributes
  }

  /// The window box of a map: the app's window, and how many roots the code gives it.
  func mapWindowSubtitle(_ window: Window, drawing: AppMapDrawing) -> String {
    let count = hierarchy.windows.count
    return count > 1 ? "the app's window · one of \(count) roots" : "the app's window"
  }

  /// The label of a map's window → root edge: `root · AppCoordinator.swift:37`, where the code sets it.
  func mapRootLabel(_ relation: HierarchyDiff.Relation, drawing: AppMapDrawing) -> String {
    guard let first = drawing.map.placements[relation.target]?.first else { return "root" }
    return "root · " + Self.shortPlace(first.site)
  }

  // MARK: - Legend

  /// The key to a map's picture: containment, the kinds of transition, the two kinds of box.
  func mapLegend(showsFolds: Bool) -> String {
    let (text, line, gap) = (legendText, legendLine, Self.legendGap)
    return Self.legendTable(border: style.panelBorder)
      + "<TR>" + line("━━━▶", style.rootEdge) + text("window → the root the code sets") + gap
      + legendSwatch(border: style.offScreenBorder, fill: style.controllerFill, outline: "rounded")
      + text("view controller: kind, class, file:line") + "</TR>"
      + "<TR>" + line("───▶", style.shownChildEdge) + text("container → child (stack, tab, embed)") + gap
      + legendSwatch(border: style.navigatorBorder, fill: style.navigatorFill, outline: "")
      + text("navigator: coordinator, router, delegate") + "</TR>"
      + "<TR>" + line("───➤", style.segue) + text("push, show, segue (3 × push: three call sites)") + gap
      + line("→ ?", style.unknownDestination) + text("shows a controller the code does not name") + "</TR>"
      + "<TR>" + line("╌╌╌➤", style.presentationEdge) + text("present (its style)") + gap
      + "<TD></TD>" + text("each box and edge: file:line in its tooltip") + "</TR>"
      + (showsFolds
        ? "<TR>" + line("- - -▶", style.childEdge) + text("folded: how many, the first … the last") + gap
          + legendSwatch(border: style.foldBorder, fill: style.foldFill, outline: "rounded,dashed")
          + text("controllers folded into one") + "</TR>"
        : "")
      + "</TABLE>"
  }
}

extension AppMapDrawing {
  /// The address of `site` in ``sourceURL``, as an attribute value (`&` as an entity: Graphviz
  /// writes a link's `&` as it is); nil without a template.
  func link(to site: AppMap.Site) -> String? {
    guard let sourceURL else { return nil }
    var url = ""
    for scalar in site.url(template: sourceURL).unicodeScalars {
      switch scalar {
      case "&": url += "&amp;"
      case "\"", "<", ">", " ", "\\", "\u{7F}", "\u{0}"..."\u{1F}":
        for byte in String(scalar).utf8 { url += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2) }
      default: url.unicodeScalars.append(scalar)
      }
    }
    return url
  }
}

extension AppMap.Transition {
  /// `push · App/Inbox.swift:27 · via Router.show(_:)`: what a tooltip lists of a transition.
  var siteLine: String {
    var parts = [label, site.description]
    if let identifier { parts.append("“\(identifier)”") }
    if !via.isEmpty { parts.append("via " + via.joined(separator: " → ")) }
    if let unresolved { parts.append("destination not known: " + unresolved) }
    return parts.joined(separator: " · ")
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
