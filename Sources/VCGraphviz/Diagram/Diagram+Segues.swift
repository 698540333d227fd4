import VCGraph

extension Diagram {
  /// The diagram of a storyboard: its scenes, containment and window as a hierarchy's diagram draws
  /// them, and its segues as dotted teal edges labelled with their kind.
  ///
  /// Headed by the storyboard's file name, with the counts of scenes and segues in the caption.
  public init(storyboard: StoryboardHierarchy, title: String? = nil) {
    var context = "STORYBOARD"
    // The canvas's device decides the launch size class, so whether split views are collapsed.
    if let device = storyboard.storyboard.device.summary {
      context += " · \(device.uppercased())"
    } else if storyboard.hierarchy.viewControllers.contains(where: { $0.kind == .splitView }) {
      // Its split views are labelled neither collapsed nor expanded: say why.
      context += " · NO DEVICE: SIZE CLASS NOT KNOWN"
    }
    if let toolsVersion = storyboard.storyboard.toolsVersion { context += " · TOOLS VERSION \(toolsVersion)" }
    self.init(
      hierarchy: storyboard.hierarchy, context: context, headline: storyboard.storyboard.fileName,
      caption: Self.caption(of: storyboard), title: title)
    unreachableScenes = Self.unreachableScenes(of: storyboard)
    if storyboard.storyboard.platform == .macOS { windowClass = "NSWindow" }
  }

  /// The scenes nothing leads to: not the initial view controller or in its tree, no segue or
  /// relationship leads to them, they have no storyboard identifier to instantiate them by, and no
  /// reference names them. An app can never show them.
  static func unreachableScenes(of storyboard: StoryboardHierarchy) -> Set<String> {
    let hierarchy = storyboard.hierarchy
    let missing = Set(storyboard.missingScenes)
    var pending = hierarchy.windows.compactMap(\.rootViewController)
    for id in hierarchy.order {
      guard let origin = storyboard.origins[id], origin.storyboard == storyboard.storyboard.name,
        storyboard.storyboard.scene(withObjectID: origin.objectID)?.storyboardIdentifier != nil
      else { continue }
      pending.append(id)
    }
    var leadsTo: [String: [String]] = [:]
    for segue in hierarchy.segues {
      guard let destination = segue.destination, destination != segue.source else { continue }
      if case .unwind = segue.kind { continue }
      leadsTo[segue.source, default: []].append(destination)
    }
    var reachable = Set<String>()
    while let next = pending.popLast() {
      guard reachable.insert(next).inserted else { continue }
      pending += hierarchy[next]?.children ?? []
      pending += leadsTo[next] ?? []
    }
    return Set(hierarchy.order.filter { hierarchy.isMember($0) && !reachable.contains($0) && !missing.contains($0) })
  }

  /// `12 scenes + 5 from Settings.storyboard · 9 segues (dotted teal, labelled with their kind;
  /// ↩ unwind) · 1 reference followed (dashed teal) · at launch 3 on screen`: the file's counts
  /// (``StoryboardHierarchy/Counts``), with how the diagram draws them.
  static func caption(of storyboard: StoryboardHierarchy) -> String {
    let counts = storyboard.counts
    var parts = [counts.scenesPhrase]
    if counts.missingScenes > 0 {
      parts.append("\(counts.missingScenes) missing scene\(counts.missingScenes == 1 ? "" : "s")")
    }
    if let segues = counts.seguesPhrase {
      parts.append(segues + " (dotted teal, labelled with their kind\(counts.hasUnwind ? "; ↩ unwind" : ""))")
    }
    let references = counts.referencesFollowed
    if references > 0 { parts.append("\(references) reference\(references == 1 ? "" : "s") followed (dashed teal)") }
    parts.append(counts.launchPhrase)
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
  ///
  /// Segues between the same two scenes are one edge that counts them and lists their kinds
  /// (`3 segues: show ×2, present · formSheet`), and a scene's unwind segues one loop; the edge's
  /// tooltip lists every segue with its identifier.
  func segueEdges(drawn: Set<String>) -> [GraphDescription.Edge] {
    // Each group: the segues between one source and one head, in document order.
    var groups: [(key: SegueGroupKey, segues: [(index: Int, segue: Segue)])] = []
    var positions: [SegueGroupKey: Int] = [:]
    for (index, segue) in hierarchy.segues.enumerated() {
      // A map's transition with no destination is summarised in its source's box.
      if case .call = segue.kind, segue.destination == nil { continue }
      let head = segue.destination ?? segue.source
      guard drawn.contains(segue.source), drawn.contains(head) else { continue }
      let key = SegueGroupKey(source: segue.source, head: head, kind: SegueGroupKey.Kind(segue.kind))
      if let position = positions[key] {
        groups[position].segues.append((index, segue))
      } else {
        positions[key] = groups.count
        groups.append((key, [(index, segue)]))
      }
    }
    return groups.map { key, segues in segueEdge(key, segues) }
  }

  /// The edge of the segues of one group (see ``segueEdges(drawn:)``): its label, its style by
  /// kind, its tooltip.
  private func segueEdge(
    _ key: SegueGroupKey, _ segues: [(index: Int, segue: Segue)]
  ) -> GraphDescription.Edge {
    if key.kind == .call, let appMap {
      var edge = mapEdge(source: key.source, head: key.head, segues: segues, drawing: appMap)
      // As a storyboard's segue, one into a box its container places leaves it there.
      if Self.isPlacedByContainment(key.head, in: hierarchy) { edge.attributes = edge.attributes.unranked() }
      return edge
    }
    let (index, first) = segues[0]
    var lines: [String]
    if key.kind == .unwind {
      // The scene lists its unwind actions; the loop only shows where they start.
      lines = []
    } else if linkLists[key.head] != nil {
      // An atlas page's list of other pages names each segue on its row.
      lines = [
        HTMLText.font(
          segues.count == 1 ? "1 segue" : "\(segues.count) segues", size: 10, color: style.segue, bold: true)
      ]
    } else if segues.count == 1 {
      var label = first.kind.label
      if case .unwind = first.kind { label = "↩ " + label }
      lines = [HTMLText.font(label, size: 10, color: style.segue, bold: true, width: 40)]
      if let identifier = first.identifier, !identifier.isEmpty {
        lines.append(HTMLText.font("“\(identifier)”", size: 9, color: style.segue, width: 40))
      }
    } else {
      let noun = key.kind == .unwind ? "unwind segues" : key.kind == .reference ? "references" : "segues"
      lines = [
        HTMLText.font(
          (key.kind == .unwind ? "↩ " : "") + "\(segues.count) \(noun): " + Self.kindList(segues.map(\.segue)),
          size: 10, color: style.segue, bold: true, width: 40, maxLines: 4)
      ]
      let identifiers = segues.compactMap { $0.segue.identifier.flatMap { $0.isEmpty ? nil : "“\($0)”" } }
      if !identifiers.isEmpty {
        var list = identifiers.prefix(3).joined(separator: ", ")
        if identifiers.count > 3 { list += " and \(identifiers.count - 3) more" }
        lines.append(HTMLText.font(list, size: 9, color: style.segue, width: 40, maxLines: 3))
      }
    }
    var attributes: [GraphDescription.Attribute] = [
      .init("id", Self.svgID(ofSegue: first, at: index)),
      .init("class", "edge-segue segue-\(first.kind.name)" + (segues.count > 1 ? " segue-group" : "")),
      .init("color", style.segue), .init("penwidth", segues.count > 1 ? "2.2" : "1.5"),
    ]
    switch key.kind {
    case .reference, .call:
      attributes += [.init("style", "dashed"), .init("arrowhead", "empty")]
    case .unwind:
      attributes += [.init("style", "dotted"), .init("dir", "back"), .init("arrowtail", "vee")]
    case .other:
      attributes += [.init("style", "dotted"), .init("arrowhead", "vee")]
    }
    let tooltip = segues.map { entry in
      entry.segue.kind.label + (entry.segue.identifier.map { $0.isEmpty ? "" : " “\($0)”" } ?? "")
    }.joined(separator: "; ")
    attributes.append(.init("tooltip", Self.plainAttribute(tooltip)))
    if !lines.isEmpty {
      attributes.append(
        .init(
          "label",
          html: "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"4\">"
            + "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">" + lines.joined(separator: "<BR ALIGN=\"LEFT\"/>")
            + "</TD></TR></TABLE>"))
    }
    // A segue into a scene its container places (a column, a tab, a stack's root, the window's
    // root) leaves the scene where its container puts it: ranked, a segue from one column to
    // another, or from a tab to another tab, would draw the second below the first, and a tab
    // bar's tabs or a split view's columns out of their order.
    if key.kind != .unwind, Self.isPlacedByContainment(key.head, in: hierarchy) { attributes = attributes.unranked() }
    return .init(
      tail: Self.nodeName(ofController: key.source), head: Self.nodeName(ofController: key.head),
      attributes: attributes)

  }

  /// True when containment places `id`: it is a container's child or a window's root.
  private static func isPlacedByContainment(_ id: String, in hierarchy: Hierarchy) -> Bool {
    hierarchy[id]?.parent != nil || hierarchy.windowRooted(at: id) != nil
  }

  /// `show ×2, present · formSheet, custom`: the kinds of some segues, each once, in order, with
  /// how many there are of each when more than one.
  static func kindList(_ segues: [Segue]) -> String {
    kindCounts(segues.map(\.kind.label))
  }

  /// `show ×2, custom`: each text once, in order, with how many times it came when more than once.
  static func kindCounts(_ labels: [String]) -> String {
    labelCounts(labels).map { $0.count > 1 ? "\($0.label) ×\($0.count)" : $0.label }.joined(separator: ", ")
  }

  /// Each text once, in the order it first came, with how many times it came.
  static func labelCounts(_ labels: [String]) -> [(label: String, count: Int)] {
    var order: [String] = []
    var counts: [String: Int] = [:]
    for label in labels {
      if counts[label] == nil { order.append(label) }
      counts[label, default: 0] += 1
    }
    return order.map { ($0, counts[$0] ?? 1) }
  }
}

/// The segues drawn as one edge: those from one scene to one other (or back onto it, for unwind
/// segues), references apart.
private struct SegueGroupKey: Hashable {
  enum Kind: Hashable {
    /// An app map's transitions: every kind between two boxes is one edge.
    case reference, unwind, call, other

    init(_ kind: Segue.Kind) {
      switch kind {
      case .reference: self = .reference
      case .unwind: self = .unwind
      case .call: self = .call
      default: self = .other
      }
    }
  }

  var source: String
  var head: String
  var kind: Kind
}
