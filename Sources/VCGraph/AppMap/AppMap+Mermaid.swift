extension AppMap {
  /// The map as a Mermaid flowchart, as the other Mermaid exports write one (``MermaidFlowchart``):
  /// a box per controller and navigator (kind, name, `file:line`), containment edges (stack, tabs,
  /// embed, root) solid, other transitions dotted; several call sites between the same two boxes
  /// of the same kind and style are one edge that counts them. Transitions whose destination is
  /// not known lead to one `destination not known` box.
  ///
  /// Node ids are generated (`c1`, `n1`, …), so no name reaches the grammar outside a quoted label.
  public var mermaid: String { mermaid(sourceURL: nil) }

  /// The Mermaid flowchart; with `sourceURL` (a template with `{file}` and `{line}`), each box
  /// declared in the sources links to its declaration (`click c1 href "…"`).
  public func mermaid(sourceURL: String?) -> String {
    var lines = ["flowchart LR"]
    var ids: [String: String] = [:]
    for (index, controller) in controllers.enumerated() {
      let id = "c\(index + 1)"
      ids[controller.name] = id
      var label = [controller.kind.displayName.uppercased(), controller.name]
      if let view = controller.hostedView { label.append("hosts " + view) }
      if let site = controller.site { label.append(site.description) }
      lines.append("  \(id)[\(MermaidFlowchart.quoted(label))]")
    }
    for (index, navigator) in navigators.enumerated() {
      let id = "n\(index + 1)"
      ids[navigator.name] = id
      let label =
        [navigator.kind.rawValue.uppercased(), navigator.name] + (navigator.site.map { [$0.description] } ?? [])
      lines.append("  \(id)[/\(MermaidFlowchart.quoted(label))/]")
    }
    if !unresolved.isEmpty {
      lines.append("  unknown((\(MermaidFlowchart.quoted(["destination not known"]))))")
    }
    for edge in groupedEdges {
      guard let tail = ids[edge.from] else { continue }
      let head = edge.to.flatMap { ids[$0] } ?? "unknown"
      let arrow = edge.kind.isContainment ? "-->" : "-.->"
      var label = [edge.kind.rawValue + (edge.style.map { " · " + $0 } ?? "")]
      if edge.sites.count > 1 {
        label.append("\(edge.sites.count) sites")
      } else {
        label.append(edge.sites[0].description)
      }
      lines.append("  \(tail) \(arrow)|\(MermaidFlowchart.quoted(label))| \(head)")
    }
    if let sourceURL {
      for (index, controller) in controllers.enumerated() {
        guard let site = controller.site else { continue }
        lines.append("  click c\(index + 1) href \(Self.quotedURL(site.url(template: sourceURL)))")
      }
      for (index, navigator) in navigators.enumerated() {
        guard let site = navigator.site else { continue }
        lines.append("  click n\(index + 1) href \(Self.quotedURL(site.url(template: sourceURL)))")
      }
    }
    lines.append("  classDef navigator fill:#F2F2F7,stroke:#8E8E93,color:#1C1C1E")
    if !navigators.isEmpty {
      lines.append("  class \(navigators.indices.map { "n\($0 + 1)" }.joined(separator: ",")) navigator")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A URL in double quotes for a Mermaid `click` statement (Mermaid reads it as is: no entities).
  static func quotedURL(_ url: String) -> String {
    "\"" + url.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\n", with: "") + "\""
  }

  /// Transitions between the same two nodes, of the same kind and style, as one edge with every
  /// site, in the order the first of each appears.
  public var groupedEdges: [GroupedEdge] {
    var order: [GroupedEdge.Key] = []
    var sites: [GroupedEdge.Key: [Site]] = [:]
    for transition in transitions {
      let key = GroupedEdge.Key(
        from: transition.from, to: transition.to, kind: transition.kind, style: transition.style)
      if sites[key] == nil { order.append(key) }
      sites[key, default: []].append(transition.site)
    }
    return order.map { GroupedEdge(from: $0.from, to: $0.to, kind: $0.kind, style: $0.style, sites: sites[$0] ?? []) }
  }

  /// The call sites of one kind and style between two nodes.
  public struct GroupedEdge: Sendable, Hashable {
    public var from: String
    public var to: String?
    public var kind: Transition.Kind
    public var style: String?
    /// Every call site, in the map's order.
    public var sites: [Site]

    struct Key: Hashable {
      var from: String
      var to: String?
      var kind: Transition.Kind
      var style: String?
    }
  }
}
