import VCGraph

extension Diagram {
  /// The SVG `id` of a fold: `fold-`, where it hangs (`nav`, `window-main`, `presented-home`,
  /// `popped-nav`, `detached`) and its first controller: `fold-nav-level1`.
  static func svgID(of fold: DrawingPlan.Fold) -> String {
    "fold-" + fold.name.dropFirst("fold:".count).replacingOccurrences(of: ":", with: "-")
  }

  /// A fold's box: where its controllers were (`stack[1…16]`), how many it holds, the first and the
  /// last, and what a diff marks inside it. Its tooltip lists them all.
  func foldNode(_ fold: DrawingPlan.Fold, cluster: String?) -> GraphDescription.Node {
    let source = fold.source
    let isPopped: Bool
    if case .popped = fold.anchor { isPopped = true } else { isPopped = false }
    // What the fold counts: the hierarchy's controllers it holds (a popped fold, what the step popped).
    let count = isPopped ? fold.held.count : fold.held.count - fold.removed
    let names = endNames(of: fold)
    var rows = [
      HTMLText.font("FOLDED", size: 9, color: style.tertiaryLabel, bold: true) + Self.gap
        + HTMLText.font(place(of: fold), size: 9, color: style.secondaryLabel, width: 40),
      HTMLText.font(
        isPopped ? "\(count) popped" : "\(count) controller\(count == 1 ? "" : "s")", size: 12,
        color: style.secondaryLabel, bold: true),
      HTMLText.font(Self.foldLine(names[0]), size: 10, color: style.secondaryLabel, width: 30),
    ]
    if names.count > 1 {
      rows.append(HTMLText.font(Self.foldLine(names[1]), size: 10, color: style.secondaryLabel, width: 30))
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

  /// Where a fold's controllers were, as its box says after `FOLDED`: `stack[1…16]`, `tab 2…4`,
  /// `root`, `popped in this step`, `3 more windows`.
  private func place(of fold: DrawingPlan.Fold) -> String {
    let source = fold.source
    let place: String
    switch fold.anchor {
    case .children:
      // The roles of the ends alone: a fold may hold thousands of a stack's children.
      place = Self.roleRange(fold.ends.map { source.role(of: $0) }) ?? "children"
    case .root: place = "root"
    case .presentation: place = "presented"
    case .popped: place = "popped in this step"
    case .detached:
      // A map's: controllers no transition links to, or with a focus, what is outside it.
      place =
        appMap == nil ? "not in a window" : folding.focus.isEmpty ? "linked to nothing drawn" : "outside the focus"
    case .windows:
      let count = hierarchy.windows.filter { $0.rootViewController.map(fold.members.contains) ?? false }.count
      place = "\(count) more window\(count == 1 ? "" : "s")"
    case .segues: place = appMap == nil ? "scenes its segues lead to" : "what its transitions lead to"
    }
    return place
  }

  /// The names a fold's box shows: its first controller and, when it holds more, its last, each on
  /// lines of its own (`Level1ViewController` / `… Level16ViewController`, the `… ` when there are
  /// more between them); two of one class are told apart by their ids.
  private func endNames(of fold: DrawingPlan.Fold) -> [String] {
    let ends = fold.ends
    var names = ends.map {
      Self.foldName(of: $0, in: fold.source, namesFirstChild: appMap?.map.nodes[$0]?.instance != nil)
    }
    if names.count > 1, names[0] == names[1], ends[0] != ends[1] {
      names[0] += " (\(ends[0]))"
      names[1] += " (\(ends[1]))"
    }
    if fold.members.count > 2 { names[1] = "… " + names[1] }
    return names
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
  /// containers (or, `namesFirstChild`, one of a map's navigation controllers made around a
  /// screen) the class of its first child (`UINavigationController › SearchViewController`).
  private static func foldName(of id: String, in source: Hierarchy, namesFirstChild: Bool = false) -> String {
    guard let controller = source[id] else { return id }
    let name = controller.unqualifiedClassName
    if controller.kind.isContainer, controller.className.hasPrefix("UI") || namesFirstChild,
      let first = controller.children.first,
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
}
