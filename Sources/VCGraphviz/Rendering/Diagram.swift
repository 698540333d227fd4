import VCGraph

/// The picture of one step: windows, controllers and their relations, the step's header and a legend.
///
/// The encoding: windows are dark boxes at the top of a framed area; a controller's box shows its
/// kind, class, id and title, and whether it is on screen (green border), off screen (grey) or has
/// not loaded its view (dashed). Window → root edges are heavy black, parent → child edges grey with
/// the child's role (the shown child darker), presenting → presented edges dashed purple with the style.
public struct Diagram: Sendable {
  public var hierarchy: Hierarchy
  public var stepNumber: Int
  public var stepCount: Int
  public var action: String
  public var caption: String?
  public var title: String?
  /// The step's lifecycle callbacks, drawn in a numbered panel (and their numbers on the controllers)
  /// when not nil.
  public var events: [LifecycleEvent]?

  public init(
    hierarchy: Hierarchy, stepNumber: Int, stepCount: Int, action: String, caption: String? = nil,
    title: String? = nil, events: [LifecycleEvent]? = nil
  ) {
    self.hierarchy = hierarchy
    self.stepNumber = stepNumber
    self.stepCount = stepCount
    self.action = action
    self.caption = caption
    self.title = title
    self.events = events
  }

  /// The diagram of a replayed step, with its callbacks when `showsEvents` is true.
  public init(frame: Frame, stepCount: Int, title: String?, showsEvents: Bool = false) {
    self.init(
      hierarchy: frame.hierarchy, stepNumber: frame.step.number, stepCount: stepCount,
      action: frame.step.action.summary, caption: frame.step.caption, title: title,
      events: showsEvents ? frame.events : nil)
  }

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

  /// The controllers drawn: those with a relation (every controller in a window has one).
  public var drawnControllers: [String] {
    hierarchy.order.filter(hierarchy.isAttached)
  }

  /// The graph to hand to Graphviz.
  public var graph: GraphDescription {
    var graph = GraphDescription()
    let font = GraphDescription.Attribute("fontname", DiagramStyle.font)
    graph.attributes = [
      .init("rankdir", "TB"), .init("bgcolor", DiagramStyle.background), font,
      .init("pad", "0.35"), .init("nodesep", "0.45"), .init("ranksep", "0.55"),
      .init("labelloc", "t"), .init("labeljust", "l"), .init("label", html: header),
    ]
    graph.nodeDefaults = [font, .init("shape", "box"), .init("margin", "0.14,0.08")]
    graph.edgeDefaults = [font, .init("arrowsize", "0.8")]

    for window in hierarchy.windows {
      let cluster = Self.clusterName(ofWindow: window.id)
      graph.clusters.append(
        .init(
          name: cluster,
          attributes: [
            .init("id", "frame-" + Self.svgID(ofWindow: window.id)),
            .init("style", "rounded,filled"), .init("fillcolor", DiagramStyle.clusterFill),
            .init("color", DiagramStyle.clusterBorder), .init("penwidth", "1"), .init("label", ""),
            .init("margin", "14"),
          ]))
      graph.nodes.append(windowNode(window, cluster: cluster))
    }
    // Each drawn controller with the cluster of its window, or of the controllers outside any window.
    let drawn = drawnControllers.map { id in
      (id: id, cluster: hierarchy.window(of: id).map { Self.clusterName(ofWindow: $0.id) } ?? "cluster_detached")
    }
    if drawn.contains(where: { $0.cluster == "cluster_detached" }) {
      graph.clusters.append(
        .init(
          name: "cluster_detached",
          attributes: [
            .init("id", "frame-detached"),
            .init("style", "rounded,dashed"), .init("color", DiagramStyle.mutedLabel), .init("penwidth", "1"),
            .init(
              "label", html: HTMLText.font("Not in a window", size: 10, color: DiagramStyle.tertiaryLabel, bold: true)),
            .init("labeljust", "l"), .init("margin", "14"),
          ]))
    }
    let numbers = callbackNumbers
    for (id, cluster) in drawn {
      if let controller = hierarchy[id] {
        graph.nodes.append(controllerNode(controller, cluster: cluster, callbacks: numbers[id]))
      }
    }

    for window in hierarchy.windows {
      guard let root = window.rootViewController else { continue }
      graph.edges.append(
        .init(
          tail: Self.nodeName(ofWindow: window.id), head: Self.nodeName(ofController: root),
          attributes: [
            .init("color", DiagramStyle.rootEdge), .init("penwidth", "2.2"),
            .init("label", html: edgeLabel("root", color: DiagramStyle.rootEdge)),
          ]))
    }
    for (id, _) in drawn {
      guard let controller = hierarchy[id] else { continue }
      for child in controller.children {
        let role = hierarchy.role(of: child)
        let shown = role?.isShown ?? true
        let color = shown ? DiagramStyle.shownChildEdge : DiagramStyle.childEdge
        graph.edges.append(
          .init(
            tail: Self.nodeName(ofController: id), head: Self.nodeName(ofController: child),
            attributes: [
              .init("color", color), .init("penwidth", shown ? "1.6" : "1.1"),
              .init("label", html: edgeLabel(role?.description ?? "child", color: color)),
            ]))
      }
      if let presentation = controller.presentation {
        graph.edges.append(
          .init(
            tail: Self.nodeName(ofController: id), head: Self.nodeName(ofController: presentation.presented),
            attributes: [
              .init("color", DiagramStyle.presentationEdge), .init("penwidth", "1.8"), .init("style", "dashed"),
              .init("arrowhead", "vee"),
              .init("label", html: presentationLabel(presentation, presenter: id)),
            ]))
      }
    }
    return graph
  }

  // MARK: - Nodes

  private func windowNode(_ window: Window, cluster: String) -> GraphDescription.Node {
    var subtitle = window.isKey ? "\(window.id) · key window" : window.id
    if window.horizontalSizeClass == .compact { subtitle += " · compact width" }
    let label =
      "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\">"
      + "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\(HTMLText.font("UIWindow", size: 12, color: "#FFFFFF", bold: true))</TD></TR>"
      + "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\(HTMLText.font(subtitle, size: 10, color: "#E5E5EA", width: 40))</TD></TR></TABLE>"
    return .init(
      name: Self.nodeName(ofWindow: window.id), cluster: cluster,
      attributes: [
        .init("id", Self.svgID(ofWindow: window.id)), .init("style", "rounded,filled"),
        .init("fillcolor", window.isKey ? DiagramStyle.windowFill : DiagramStyle.otherWindowFill),
        .init("color", window.isKey ? DiagramStyle.windowFill : DiagramStyle.otherWindowFill),
        .init("label", html: label),
      ])
  }

  /// A controller's box; `callbacks` are the numbers of the callbacks it received in the panel.
  private func controllerNode(
    _ controller: ViewController, cluster: String, callbacks: [Int]?
  ) -> GraphDescription.Node {
    let onScreen = controller.appearance.isOnScreen
    let loaded = controller.isViewLoaded
    let state: (symbol: String, text: String, color: String)
    if onScreen {
      state = ("●", "on screen · \(controller.appearance.rawValue)", DiagramStyle.onScreenText)
    } else if loaded {
      state = ("○", "off screen · \(controller.appearance.rawValue)", DiagramStyle.tertiaryLabel)
    } else {
      state = ("◌", "view not loaded", DiagramStyle.tertiaryLabel)
    }
    let kindColor = DiagramStyle.color(for: controller.kind)
    let classColor = onScreen ? DiagramStyle.label : DiagramStyle.secondaryLabel
    var identity = controller.id
    if let title = controller.title, !title.isEmpty { identity += " · “\(title)”" }
    if controller.instance > 1 { identity += " · instance \(controller.instance)" }
    var kindLine = controller.kind.displayName.uppercased()
    if controller.kind == .splitView { kindLine += controller.isCollapsed ? " · COLLAPSED" : " · EXPANDED" }
    var rows = [
      HTMLText.font(kindLine, size: 8, color: kindColor, bold: true),
      HTMLText.font(controller.className, size: 13, color: classColor, bold: true, width: 40),
      HTMLText.font(identity, size: 10, color: DiagramStyle.secondaryLabel, width: 48),
      HTMLText.font("\(state.symbol) \(state.text)", size: 10, color: state.color),
    ]
    let flags = [
      controller.isModalInPresentation ? "isModalInPresentation" : nil,
      controller.isRetained ? "retained by the app" : nil,
    ].compactMap { $0 }
    if !flags.isEmpty {
      rows.append(HTMLText.font(flags.joined(separator: " · "), size: 9, color: DiagramStyle.tertiaryLabel, width: 48))
    }
    if let numbers = callbacks {
      let list = numbers.map(String.init).joined(separator: ", ")
      rows.append(
        HTMLText.font(
          "callback\(numbers.count == 1 ? "" : "s") \(list)", size: 9, color: DiagramStyle.viewLoad, bold: true,
          width: 48, maxLines: 3))
    }
    let label =
      "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\">"
      + rows.map { "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\($0)</TD></TR>" }.joined() + "</TABLE>"
    let style: String
    let border: String
    let fill: String
    let width: String
    if onScreen {
      (style, border, fill, width) = ("rounded,filled", DiagramStyle.onScreenBorder, DiagramStyle.background, "2.2")
    } else if loaded {
      (style, border, fill, width) = ("rounded,filled", DiagramStyle.offScreenBorder, DiagramStyle.offScreenFill, "1")
    } else {
      (style, border, fill, width) = (
        "rounded,filled,dashed", DiagramStyle.notLoadedBorder, DiagramStyle.background, "1.2"
      )
    }
    return .init(
      name: Self.nodeName(ofController: controller.id), cluster: cluster,
      attributes: [
        .init("id", Self.svgID(ofController: controller.id)), .init("style", style), .init("color", border),
        .init("fillcolor", fill), .init("penwidth", width), .init("label", html: label),
      ])
  }

  // MARK: - Labels

  private func edgeLabel(_ text: String, color: String) -> String {
    padded([HTMLText.font(text, size: 10, color: color, width: 40)])
  }

  private func presentationLabel(_ presentation: Presentation, presenter: String) -> String {
    var style = presentation.style?.rawValue ?? "style unknown"
    if presentation.style == .automatic { style += " → \(ModalPresentationStyle.automatic.resolved.rawValue)" }
    var lines = [HTMLText.font("presents · \(style)", size: 10, color: DiagramStyle.presentationEdge, bold: true)]
    if let printed = hierarchy[presentation.presented]?.dumpRecord?.presentationController {
      lines.append(
        HTMLText.font(
          "with \(printed.className ?? "(null)")", size: 9, color: DiagramStyle.presentationEdge, width: 40))
    }
    if presentation.source != presenter {
      lines.append(
        HTMLText.font("called on \(presentation.source)", size: 9, color: DiagramStyle.presentationEdge, width: 40))
    }
    return padded(lines)
  }

  /// Label lines in a borderless table whose padding keeps the text off the edge it labels.
  private func padded(_ lines: [String]) -> String {
    "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"4\">"
      + "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">" + lines.joined(separator: "<BR ALIGN=\"LEFT\"/>")
      + "</TD></TR></TABLE>"
  }

  /// The graph label: scenario title and step position, the action, the caption, and the legend.
  private var header: String {
    var context = "STEP \(stepNumber) OF \(stepCount)"
    if let title, !title.isEmpty { context = title + "  ·  " + context }
    var left = [
      HTMLText.font(context, size: 10, color: DiagramStyle.tertiaryLabel, bold: true, width: 90),
      HTMLText.font(action, size: 17, color: DiagramStyle.label, bold: true, width: 56),
    ]
    if let caption, !caption.isEmpty {
      left.append(HTMLText.font(caption, size: 12, color: DiagramStyle.secondaryLabel, width: 76, maxLines: 12))
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
    let heading = HTMLText.font("CALLBACKS IN THIS STEP", size: 10, color: DiagramStyle.tertiaryLabel, bold: true)
    guard !events.isEmpty else {
      return "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"2\">"
        + "<TR><TD ALIGN=\"LEFT\">\(heading)</TD></TR><TR><TD ALIGN=\"LEFT\">"
        + HTMLText.font(
          "none: no view appeared, disappeared, loaded or moved", size: 10, color: DiagramStyle.secondaryLabel)
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
      let number = HTMLText.font("\(index + 1)", size: 10, color: DiagramStyle.tertiaryLabel, bold: true)
      let id = HTMLText.font(
        event.viewController, size: 10, color: DiagramStyle.label, bold: true, width: 22, maxLines: 2)
      let call = HTMLText.font(
        event.call, size: 10, color: DiagramStyle.color(for: event.callback), width: 56, maxLines: 2)
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
          color: DiagramStyle.secondaryLabel)
        + "</TD></TR>"
    }
    return
      "<TABLE BORDER=\"1\" COLOR=\"#E5E5EA\" STYLE=\"rounded\" CELLBORDER=\"0\" CELLSPACING=\"1\" CELLPADDING=\"3\">"
      + rows + "</TABLE>"
  }

  /// A small key to the encoding: the three edge kinds, and swatches of the three view states
  /// drawn like the controller boxes.
  private var legend: String {
    let size = 9
    func text(_ words: String) -> String {
      "<TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\(HTMLText.font(words, size: size, color: DiagramStyle.secondaryLabel))</TD>"
    }
    func line(_ glyphs: String, _ color: String) -> String {
      "<TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\(HTMLText.font(glyphs, size: size, color: color, bold: true))</TD>"
    }
    func swatch(border: String, fill: String, style: String) -> String {
      "<TD><TABLE BORDER=\"1\" CELLBORDER=\"0\" CELLSPACING=\"0\" STYLE=\"\(style)\" COLOR=\"\(border)\" "
        + "BGCOLOR=\"\(fill)\"><TR><TD FIXEDSIZE=\"TRUE\" WIDTH=\"18\" HEIGHT=\"9\"></TD></TR></TABLE></TD>"
    }
    let gap = "<TD WIDTH=\"12\"></TD>"
    return
      "<TABLE BORDER=\"1\" COLOR=\"#E5E5EA\" STYLE=\"rounded\" CELLBORDER=\"0\" CELLSPACING=\"2\" CELLPADDING=\"2\">"
      + "<TR>" + line("━━━▶", DiagramStyle.rootEdge) + text("window → root view controller") + gap
      + swatch(border: DiagramStyle.onScreenBorder, fill: DiagramStyle.background, style: "rounded")
      + text("on screen (appeared)") + "</TR>"
      + "<TR>" + line("───▶", DiagramStyle.shownChildEdge) + text("parent → child (role; darker when shown)") + gap
      + swatch(border: DiagramStyle.offScreenBorder, fill: DiagramStyle.offScreenFill, style: "rounded")
      + text("off screen (disappeared)") + "</TR>"
      + "<TR>" + line("╌╌╌▶", DiagramStyle.presentationEdge) + text("presenting → presented (style)") + gap
      + swatch(border: DiagramStyle.notLoadedBorder, fill: DiagramStyle.background, style: "rounded,dashed")
      + text("view not loaded") + "</TR>"
      + "</TABLE>"
  }
}
