import VCGraph

extension Diagram {
  /// The diagram of a storyboard: its scenes, containment and window as a hierarchy's diagram draws
  /// them, and its segues as dotted teal edges labelled with their kind.
  ///
  /// Headed by the storyboard's file name, with the counts of scenes and segues in the caption.
  public init(storyboard: StoryboardHierarchy, title: String? = nil) {
    var context = "STORYBOARD"
    if let toolsVersion = storyboard.storyboard.toolsVersion { context += " · TOOLS VERSION \(toolsVersion)" }
    self.init(
      hierarchy: storyboard.hierarchy, context: context, headline: storyboard.storyboard.fileName,
      caption: Self.caption(of: storyboard), title: title)
  }

  /// `12 scenes + 5 from Settings.storyboard · 9 segues (dotted teal, labelled with their kind;
  /// ↩ unwind) · 1 reference followed (dashed teal) · at launch 3 on screen`.
  static func caption(of storyboard: StoryboardHierarchy) -> String {
    let hierarchy = storyboard.hierarchy
    func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
    let missing = Set(storyboard.missingScenes)
    let scenes = hierarchy.order.filter { !missing.contains($0) }
    let own = storyboard.storyboard.name
    var scenesPart = plural(scenes.filter { storyboard.origins[$0]?.storyboard == own }.count, "scene")
    var followed: [String] = []
    for id in scenes {
      if let name = storyboard.origins[id]?.storyboard, name != own, !followed.contains(name) { followed.append(name) }
    }
    for name in followed {
      scenesPart += " + \(scenes.filter { storyboard.origins[$0]?.storyboard == name }.count) from \(name).storyboard"
    }
    var parts = [scenesPart]
    if !missing.isEmpty { parts.append(plural(missing.count, "missing scene")) }
    let segues = hierarchy.segues.filter { $0.kind != .reference }
    let hasUnwind = segues.contains {
      if case .unwind = $0.kind { return true }
      return false
    }
    if !segues.isEmpty {
      parts.append(
        plural(segues.count, "segue") + " (dotted teal, labelled with their kind\(hasUnwind ? "; ↩ unwind" : ""))")
    }
    let references = hierarchy.segues.count - segues.count
    if references > 0 { parts.append(plural(references, "reference") + " followed (dashed teal)") }
    if hierarchy.windows.isEmpty {
      parts.append("no initial view controller, so no window")
    } else {
      let onScreen = hierarchy.members.filter { hierarchy[$0]?.appearance.isOnScreen == true }.count
      parts.append("at launch \(onScreen) on screen")
    }
    return parts.joined(separator: " · ")
  }

  /// The SVG `id` of `segue`, at `index` in ``Hierarchy/segues``: `segue-3-` and its object id
  /// (`segue-3-L5J-tr-Vob`), or `segue-3` for a reference vcgraph adds.
  public static func svgID(ofSegue segue: Segue, at index: Int) -> String {
    "segue-\(index)" + (segue.objectID.map { "-" + HTMLText.identifier($0) } ?? "")
  }

  /// The hierarchy's segues as edges: dotted teal, labelled with their kind and identifier. A
  /// reference to a scene is dashed; an unwind segue, whose destination UIKit only finds at run
  /// time, loops back onto its source with its arrow pointing back.
  var segueEdges: [GraphDescription.Edge] {
    hierarchy.segues.enumerated().compactMap { index, segue in
      let head = segue.destination ?? segue.source
      guard hierarchy.isMember(segue.source), hierarchy.isMember(head) else { return nil }
      var label = segue.kind.label
      if case .unwind = segue.kind { label = "↩ " + label }
      var lines = [HTMLText.font(label, size: 10, color: style.segue, bold: true, width: 40)]
      if let identifier = segue.identifier, !identifier.isEmpty {
        lines.append(HTMLText.font("“\(identifier)”", size: 9, color: style.segue, width: 40))
      }
      var attributes: [GraphDescription.Attribute] = [
        .init("id", Self.svgID(ofSegue: segue, at: index)), .init("class", "edge-segue segue-\(segue.kind.name)"),
        .init("color", style.segue), .init("penwidth", "1.5"),
      ]
      switch segue.kind {
      case .reference:
        attributes += [.init("style", "dashed"), .init("arrowhead", "empty")]
      case .unwind:
        attributes += [.init("style", "dotted"), .init("dir", "back"), .init("arrowtail", "vee")]
      default:
        attributes += [.init("style", "dotted"), .init("arrowhead", "vee")]
      }
      let table =
        "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"4\">"
        + "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">" + lines.joined(separator: "<BR ALIGN=\"LEFT\"/>")
        + "</TD></TR></TABLE>"
      return .init(
        tail: Self.nodeName(ofController: segue.source), head: Self.nodeName(ofController: head),
        attributes: attributes + [.init("label", html: table)])
    }
  }
}
