/// A hierarchy as a Mermaid flowchart, which GitHub draws inline from a code block marked `mermaid`.
///
/// It shows what the diagram shows: one subgraph per window and one for the controllers outside any
/// window; a box per controller with its kind, class, id, title and state; window → root edges thick,
/// parent → child edges solid with the child's role, presenting → presented edges dotted with the style.
///
/// Node ids are generated (`w1`, `vc1`, `vc2`, … in window order, then `_printHierarchy` order), so no
/// id, class name or title can reach the grammar outside a quoted label; inside one, every character
/// that means something to Mermaid is written as an entity code (see ``escape(_:)``).
public struct MermaidFlowchart: Sendable {
  public let hierarchy: Hierarchy

  public init(_ hierarchy: Hierarchy) {
    self.hierarchy = hierarchy
  }

  /// The chart, starting with `flowchart TD` and ending with a newline.
  public var text: String {
    let entries = hierarchy.printOrder
    var nodeIDs: [String: String] = [:]
    for (index, entry) in entries.enumerated() {
      nodeIDs[entry.id] = "vc\(index + 1)"
    }
    var lines = ["flowchart TD"]
    // Each controller's window, found once: `window(of:)` walks the windows.
    let windowOf = Dictionary(
      entries.map { ($0.id, hierarchy.window(of: $0.id)?.id) }, uniquingKeysWith: { first, _ in first })

    // Nodes, framed by their window or by the frame of the controllers outside any window.
    var classes: [(name: String, nodes: [String])] = NodeClass.allCases.map { ($0.rawValue, []) }
    func addClass(_ nodeClass: NodeClass, to node: String) {
      classes[NodeClass.allCases.firstIndex(of: nodeClass)!].nodes.append(node)
    }
    func appendNode(_ controller: ViewController) {
      guard let node = nodeIDs[controller.id] else { return }
      lines.append("    \(node)[\(Self.quoted(label(of: controller)))]")
      addClass(nodeClass(of: controller), to: node)
    }
    for (index, window) in hierarchy.windows.enumerated() {
      lines.append("  subgraph window\(index + 1)[\(Self.quoted(["UIWindow · " + window.id]))]")
      var subtitle = window.isKey ? "\(window.id) · key window" : window.id
      if window.horizontalSizeClass == .compact { subtitle += " · compact width" }
      lines.append("    w\(index + 1)[\(Self.quoted(["UIWindow", subtitle]))]")
      addClass(window.isKey ? .keyWindow : .window, to: "w\(index + 1)")
      for entry in entries where windowOf[entry.id] == window.id {
        hierarchy[entry.id].map(appendNode)
      }
      lines.append("  end")
    }
    let outside = entries.filter { windowOf[$0.id] ?? nil == nil }
    if !outside.isEmpty {
      lines.append("  subgraph detached[\(Self.quoted(["Not in a window"]))]")
      for entry in outside {
        hierarchy[entry.id].map(appendNode)
      }
      lines.append("  end")
    }

    // Edges, in the order Mermaid numbers them for `linkStyle`.
    var edgeStyles: [(style: EdgeStyle, indices: [Int])] = EdgeStyle.allCases.map { ($0, []) }
    var edgeCount = 0
    func appendEdge(_ tail: String, _ arrow: String, _ head: String, label: [String], style: EdgeStyle) {
      lines.append("  \(tail) \(arrow)|\(Self.quoted(label))| \(head)")
      edgeStyles[EdgeStyle.allCases.firstIndex(of: style)!].indices.append(edgeCount)
      edgeCount += 1
    }
    for (index, window) in hierarchy.windows.enumerated() {
      guard let root = window.rootViewController, let node = nodeIDs[root] else { continue }
      appendEdge("w\(index + 1)", "==>", node, label: ["root"], style: .root)
    }
    for entry in entries {
      guard let controller = hierarchy[entry.id], let tail = nodeIDs[entry.id] else { continue }
      for child in controller.children {
        guard let head = nodeIDs[child] else { continue }
        let role = hierarchy.role(of: child)
        let style: EdgeStyle = role?.isShown ?? true ? .shownChild : .child
        appendEdge(tail, "-->", head, label: [role?.description ?? "child"], style: style)
      }
      if let presentation = controller.presentation, let head = nodeIDs[presentation.presented] {
        var style = presentation.style?.rawValue ?? "style unknown"
        if presentation.style == .automatic { style += " → \(ModalPresentationStyle.automatic.resolved.rawValue)" }
        var label = ["presents · " + style]
        if let detents = presentation.detentSummary { label.append(detents) }
        if presentation.source != controller.id { label.append("called on " + presentation.source) }
        appendEdge(tail, "-.->", head, label: label, style: .presentation)
      }
    }

    for nodeClass in NodeClass.allCases {
      lines.append("  classDef \(nodeClass.rawValue) \(nodeClass.style)")
    }
    for (name, nodes) in classes where !nodes.isEmpty {
      lines.append("  class \(nodes.joined(separator: ",")) \(name)")
    }
    for (style, indices) in edgeStyles where !indices.isEmpty {
      lines.append("  linkStyle \(indices.map(String.init).joined(separator: ",")) \(style.style)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The lines of a controller's box: kind, class, id with title and instance, state.
  private func label(of controller: ViewController) -> [String] {
    var kindLine = controller.kind.displayName.uppercased()
    if let splitViewState = controller.splitViewState { kindLine += " · " + splitViewState.uppercased() }
    let state: String
    if controller.appearance.isOnScreen {
      state =
        "on screen · \(controller.appearance.rawValue)"
        + (controller.isViewLoaded && !hierarchy.isViewInWindow(controller.id) ? " · not in the window" : "")
    } else if controller.isViewLoaded {
      state = "off screen · \(controller.appearance.rawValue)"
    } else {
      state = "view not loaded"
    }
    let identity = controller.identityLine
    // A hosting controller is named by the SwiftUI view it shows.
    let className = controller.swiftUIRootView.map { "\($0) in UIHostingController" } ?? controller.className
    return [kindLine, className] + (identity.isEmpty ? [] : [identity]) + [state] + tabLines(of: controller)
  }

  /// A tab bar's iOS 18 tabs, as the sidebar lists them: `● Songs` selected, `○ Albums` with its
  /// controller, `◌ Radio · no controller yet`; a group's tabs after `Library:`.
  private func tabLines(of controller: ViewController) -> [String] {
    guard !controller.tabs.isEmpty else { return [] }
    var lines = ["tabs · sidebar " + (hierarchy.sidebarState(of: controller.id)?.rawValue ?? "unavailable")]
    let depths = controller.tabDepths
    for tab in controller.tabs {
      let depth = depths[tab.identifier] ?? 0
      let indent = String(repeating: "· ", count: depth)
      if tab.isGroup {
        lines.append(indent + tab.displayTitle + ":")
      } else if tab.identifier == controller.selectedTab {
        lines.append(indent + "● " + tab.displayTitle)
      } else if hierarchy.isCreated(tab, in: controller.id) {
        lines.append(indent + "○ " + tab.displayTitle)
      } else {
        lines.append(indent + "◌ " + tab.displayTitle + " · no controller yet")
      }
    }
    return lines
  }

  private func nodeClass(of controller: ViewController) -> NodeClass {
    if controller.appearance.isOnScreen { return .onScreen }
    return controller.isViewLoaded ? .offScreen : .notLoaded
  }

  /// The `classDef`s, with the colours of the diagram.
  private enum NodeClass: String, CaseIterable {
    case keyWindow, window, onScreen, offScreen, notLoaded

    var style: String {
      switch self {
      case .keyWindow: return "fill:#1C1C1E,stroke:#1C1C1E,color:#FFFFFF"
      case .window: return "fill:#636366,stroke:#636366,color:#FFFFFF"
      case .onScreen: return "fill:#FFFFFF,stroke:#34C759,stroke-width:2px,color:#1C1C1E"
      case .offScreen: return "fill:#F2F2F7,stroke:#AEAEB2,stroke-width:1px,color:#6E6E73"
      case .notLoaded: return "fill:#FFFFFF,stroke:#C7C7CC,stroke-width:1px,stroke-dasharray:4 3,color:#8E8E93"
      }
    }
  }

  /// The `linkStyle`s, with the colours of the diagram.
  private enum EdgeStyle: CaseIterable {
    case root, shownChild, child, presentation

    var style: String {
      switch self {
      case .root: return "stroke:#1C1C1E,stroke-width:2.2px"
      case .shownChild: return "stroke:#3A3A3C,stroke-width:1.6px"
      case .child: return "stroke:#8E8E93,stroke-width:1.1px"
      case .presentation: return "stroke:#AF52DE,stroke-width:1.8px"
      }
    }
  }

  /// Label lines escaped, joined with `<br/>` and in double quotes: `"NAVIGATION<br/>UINavigationController"`.
  static func quoted(_ lines: [String]) -> String {
    let text = lines.map(escape).joined(separator: "<br/>")
    // An empty string is no label to Mermaid's grammar.
    return "\"" + (text.isEmpty ? " " : text) + "\""
  }

  /// `text` made safe inside a quoted Mermaid label, with Mermaid's entity codes (`#quot;`, `#35;`).
  ///
  /// Mermaid turns `#name;` and `#123;` into HTML entities before it parses, and renders labels as
  /// HTML; so `"`, `#`, `;`, `&`, `<` and `>` are escaped, and with them the characters that end or
  /// start other syntax (`|`, backticks, `%`, `:`). Line breaks and other control characters become
  /// spaces, and `direction` is spelt with an entity, since Mermaid's lexer takes any line holding
  /// `direction TB` for a direction statement.
  public static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\"": result += "#quot;"
      case "<": result += "#lt;"
      case ">": result += "#gt;"
      case "&": result += "#amp;"
      case "#": result += "#35;"
      case ";": result += "#59;"
      case "|": result += "#124;"
      case "`": result += "#96;"
      case "%": result += "#37;"
      case ":": result += "#58;"
      default:
        if character.isNewline
          || character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        {
          result += " "
        } else {
          result.append(character)
        }
      }
    }
    return result.replacing("direction", with: "d#105;rection")
  }
}
