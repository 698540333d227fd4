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
///   `edge-presentation` with `style-<style>` (`style-unknown` for a dump that does not say);
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

  /// The controllers drawn: those with a relation (every controller in a window has one) or listed by a dump.
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

  /// The graph to hand to Graphviz.
  public var graph: GraphDescription {
    var graph = GraphDescription()
    let font = GraphDescription.Attribute("fontname", DiagramStyle.font)
    graph.attributes = [
      .init("rankdir", "TB"), .init("bgcolor", style.background), font,
      .init("pad", "0.35"), .init("nodesep", "0.45"), .init("ranksep", "0.55"),
      .init("labelloc", "t"), .init("labeljust", "l"), .init("label", html: header),
      .init("class", "theme-" + theme.rawValue),
    ]
    graph.nodeDefaults = [font, .init("shape", "box"), .init("margin", "0.14,0.08")]
    graph.edgeDefaults = [font, .init("arrowsize", "0.8")]

    // What a diff removed is drawn from the earlier hierarchy, faded, where it was.
    let removedWindows = (changes?.removedWindows ?? []).compactMap { changes?.before.window(named: $0) }
    for (window, isRemoved) in hierarchy.windows.map({ ($0, false) }) + removedWindows.map({ ($0, true) }) {
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
            .init("label", ""), .init("margin", "14"),
          ]))
      graph.nodes.append(windowNode(window, cluster: cluster, mark: windowMark(window.id, isRemoved: isRemoved)))
    }
    // Each drawn controller with the hierarchy it is drawn from and the cluster of its window, or of
    // the controllers outside any window.
    func cluster(of id: String, in hierarchy: Hierarchy) -> String {
      hierarchy.window(of: id).map { Self.clusterName(ofWindow: $0.id) } ?? "cluster_detached"
    }
    var drawn = drawnControllers.map { (id: $0, source: hierarchy, cluster: cluster(of: $0, in: hierarchy)) }
    if let changes {
      drawn += changes.removedControllers.map {
        (id: $0, source: changes.before, cluster: cluster(of: $0, in: changes.before))
      }
    }
    if drawn.contains(where: { $0.cluster == "cluster_detached" }) {
      graph.clusters.append(
        .init(
          name: "cluster_detached",
          attributes: [
            .init("id", "frame-detached"), .init("class", "frame detached"),
            .init("style", "rounded,dashed"), .init("color", style.mutedLabel), .init("penwidth", "1"),
            .init(
              "label", html: HTMLText.font("Not in a window", size: 10, color: style.tertiaryLabel, bold: true)),
            .init("labeljust", "l"), .init("margin", "14"),
          ]))
    }
    let numbers = callbackNumbers
    for (id, source, cluster) in drawn {
      if let controller = source[id] {
        graph.nodes.append(
          controllerNode(
            controller, in: source, cluster: cluster, callbacks: numbers[id], mark: controllerMark(id, in: source)))
      }
    }

    for (relation, _) in hierarchy.relations {
      graph.edges.append(edge(relation, in: hierarchy, mark: relationMark(relation)))
    }
    for relation in changes?.removedRelations ?? [] {
      if let before = changes?.before { graph.edges.append(edge(relation, in: before, mark: .removed)) }
    }
    graph.edges += segueEdges
    return graph
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

  private func edge(_ relation: HierarchyDiff.Relation, in hierarchy: Hierarchy, mark: Mark?) -> GraphDescription.Edge {
    let tail: String
    var color: String
    var attributes: [GraphDescription.Attribute]
    var lines: [String]
    // `edge-root`, `edge-child` or `edge-presentation`, and what else a page may style the edge by.
    var classes: [String]
    switch relation {
    case let .root(window, _):
      classes = ["edge-root"]
      tail = Self.nodeName(ofWindow: window)
      color = style.rootEdge
      attributes = [.init("penwidth", "2.2")]
      lines = [HTMLText.font("root", size: 10, color: color, width: 40)]
    case let .child(parent, child):
      tail = Self.nodeName(ofController: parent)
      let role = hierarchy.role(of: child)
      let shown = role?.isShown ?? true
      classes = ["edge-child", shown ? "shown" : "hidden"]
      color = shown ? style.shownChildEdge : style.childEdge
      attributes = [.init("penwidth", shown ? "1.6" : "1.1")]
      lines = [HTMLText.font(role?.description ?? "child", size: 10, color: color, width: 40)]
    case let .presentation(presenter, _):
      classes = ["edge-presentation", "style-" + (hierarchy[presenter]?.presentation?.style?.rawValue ?? "unknown")]
      tail = Self.nodeName(ofController: presenter)
      color = style.presentationEdge
      attributes = [.init("penwidth", "1.8"), .init("style", "dashed"), .init("arrowhead", "vee")]
      lines =
        hierarchy[presenter]?.presentation.map { presentationLines($0, presenter: presenter, in: hierarchy) } ?? []
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
    classes += [Self.className(of: mark)].compactMap { $0 }
    return .init(
      tail: tail, head: Self.nodeName(ofController: relation.target),
      attributes: [
        .init("id", Self.svgID(of: relation)), .init("class", classes.joined(separator: " ")), .init("color", color),
      ] + attributes + [.init("label", html: padded(lines))])
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
      HTMLText.font("UIWindow", size: 12, color: style.windowLabel, bold: true),
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
    _ controller: ViewController, in source: Hierarchy, cluster: String, callbacks: [Int]?, mark: Mark?
  ) -> GraphDescription.Node {
    // A controller from a scenario is drawn from what the key holds alone (one from a dump also
    // from where its view is), and the frames of a scenario draw most controllers as they were.
    guard controller.dumpRecord == nil else {
      return makeControllerNode(controller, in: source, cluster: cluster, callbacks: callbacks, mark: mark)
    }
    let key = NodeCache.Key(controller: controller, cluster: cluster, callbacks: callbacks, mark: mark, theme: theme)
    if let node = Self.nodeCache[key] { return node }
    let node = makeControllerNode(controller, in: source, cluster: cluster, callbacks: callbacks, mark: mark)
    Self.nodeCache[key] = node
    return node
  }

  /// The controller nodes drawn lately, by what they were drawn from.
  private static let nodeCache = NodeCache()

  private func makeControllerNode(
    _ controller: ViewController, in source: Hierarchy, cluster: String, callbacks: [Int]?, mark: Mark?
  ) -> GraphDescription.Node {
    let isRemoved = mark == .removed
    let onScreen = controller.appearance.isOnScreen
    let loaded = controller.isViewLoaded
    let state: (symbol: String, text: String, color: String)
    if onScreen {
      state = ("●", "on screen · \(controller.appearance.rawValue)", style.onScreenText)
    } else if loaded {
      state = ("○", "off screen · \(controller.appearance.rawValue)", style.tertiaryLabel)
    } else {
      state = ("◌", "view not loaded", style.tertiaryLabel)
    }
    let kindColor = isRemoved ? style.removedText : style.color(for: controller.kind)
    let classColor =
      isRemoved ? style.removedText : onScreen ? style.label : style.secondaryLabel
    let detailColor = isRemoved ? style.removedText : style.secondaryLabel
    let identity = controller.identityLine
    var kindLine = controller.kind.displayName.uppercased()
    if controller.kind == .splitView { kindLine += controller.isCollapsed ? " · COLLAPSED" : " · EXPANDED" }
    var rows = [
      HTMLText.font(kindLine, size: 8, color: kindColor, bold: true),
      HTMLText.font(controller.className, size: 13, color: classColor, bold: true, width: 40),
      identity.isEmpty ? nil : HTMLText.font(identity, size: 10, color: detailColor, width: 48),
      HTMLText.font(
        "\(state.symbol) \(state.text)", size: 10, color: isRemoved ? style.removedText : state.color),
    ].compactMap { $0 }
    if let note = markNote(mark) { rows.insert(note, at: 0) }
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
    let flags = [
      controller.isModalInPresentation ? "isModalInPresentation" : nil,
      controller.isRetained ? "retained by the app" : nil,
    ].compactMap { $0 }
    if !flags.isEmpty {
      rows.append(HTMLText.font(flags.joined(separator: " · "), size: 9, color: style.tertiaryLabel, width: 48))
    }
    if case let .changed(changes)? = mark {
      for change in changes {
        rows.append(HTMLText.font("~ " + change, size: 9, color: style.changed, bold: true, width: 48))
      }
    }
    if let numbers = callbacks {
      let list = numbers.map(String.init).joined(separator: ", ")
      rows.append(
        HTMLText.font(
          "callback\(numbers.count == 1 ? "" : "s") \(list)", size: 9, color: style.viewLoad, bold: true,
          width: 48, maxLines: 3))
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
      ])
  }

  // MARK: - Labels

  private func presentationLines(_ presentation: Presentation, presenter: String, in hierarchy: Hierarchy) -> [String] {
    var name = presentation.style?.rawValue ?? "style unknown"
    if presentation.style == .automatic { name += " → \(ModalPresentationStyle.automatic.resolved.rawValue)" }
    var lines = [HTMLText.font("presents · \(name)", size: 10, color: style.presentationEdge, bold: true)]
    if let printed = hierarchy[presentation.presented]?.dumpRecord?.presentationController {
      lines.append(
        HTMLText.font(
          "with \(printed.className ?? "(null)")", size: 9, color: style.presentationEdge, width: 40))
    }
    if presentation.source != presenter {
      lines.append(
        HTMLText.font("called on \(presentation.source)", size: 9, color: style.presentationEdge, width: 40))
    }
    return lines
  }

  /// Label lines in a borderless table whose padding keeps the text off the edge it labels.
  private func padded(_ lines: [String]) -> String {
    "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"4\">"
      + "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">" + lines.joined(separator: "<BR ALIGN=\"LEFT\"/>")
      + "</TD></TR></TABLE>"
  }

  /// The graph label: scenario title and step position, the action, the caption, and the legend.
  private var header: String {
    var context = context
    if let title, !title.isEmpty { context = title + "  ·  " + context }
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
    return "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"0\">"
      + "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\" VALIGN=\"TOP\" ROWSPAN=\"2\">\(leftCell)</TD><TD WIDTH=\"24\" ROWSPAN=\"2\"></TD>"
      + "<TD ALIGN=\"RIGHT\" VALIGN=\"TOP\">\(legend)</TD></TR>"
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
  private var callbacksPanel: String? {
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
  private var legend: String {
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
      + text("on screen (appeared)") + "</TR>"
      + "<TR>" + line("───▶", style.shownChildEdge) + text("parent → child (role; \(style.shownChildEdgeNote))") + gap
      + swatch(border: style.offScreenBorder, fill: style.offScreenFill, outline: "rounded")
      + text("off screen (disappeared)") + "</TR>"
      + "<TR>" + line("╌╌╌▶", style.presentationEdge) + text("presenting → presented (style)") + gap
      + swatch(border: style.notLoadedBorder, fill: style.notLoadedFill, outline: "rounded,dashed")
      + text("view not loaded") + "</TR>"
      // The diff's rows only when it marks something: a diff with no changes draws no mark to explain.
      + (changes?.isEmpty == false ? diffLegendRow(line: line, text: text, swatch: swatch, gap: gap) : "")
      // A storyboard's segues: their own edge style, explained only where there are some.
      + (hierarchy.segues.isEmpty
        ? ""
        : "<TR>" + line("┈┈┈▶", style.segue)
          + text("segue (its kind, “identifier”; ↩ unwind; dashed: storyboard reference)")
          + "<TD></TD><TD></TD><TD></TD></TR>")
      + "</TABLE>"
  }
}
