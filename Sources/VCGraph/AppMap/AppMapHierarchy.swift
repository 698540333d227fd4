/// An app map as a diagram draws it, the way ``StoryboardHierarchy`` gives a storyboard: a
/// ``Hierarchy`` whose containment comes from the map's containment transitions, and the other
/// transitions as its ``Hierarchy/segues`` (``Segue/Kind/call(_:)``), one per call site.
///
/// - Nodes: every controller and navigator is one node (id = its name). A navigator is a
///   `content` controller in the hierarchy; ``nodes`` says what it really is. A navigation
///   controller class the code makes several of is one node per stack root instead
///   (`UINavigationController(LoginViewController)`; see ``splittingInstances(of:)``).
/// - Containment: a `root` transition makes the first window's root (`main`; each further root
///   controller a window of its own, named after it); `stack` and `tabs` from a navigation, tab bar,
///   split or page controller, and `embed` from any controller, make children, in the order of the
///   map's transitions. The same relation made at several places is one, with every site in
///   ``placements``. A controller already a child elsewhere (a class used as the root of two
///   stacks) stays where it first was, and the other containment transition is a segue.
/// - Segues: every other transition, one per call site, in the map's order; one whose destination
///   is not known has none (``Segue/destination`` nil, not an unwind: its kind says why).
///   ``edges`` groups them as ``AppMap/groupedEdges`` does (one edge per source, destination, kind
///   and style, counting its sites).
/// - Every node is drawn (a map is a design-time picture, as a storyboard is: nothing is on screen).
public struct AppMapHierarchy: Sendable {
  public let map: AppMap
  public let hierarchy: Hierarchy
  /// The segues of ``hierarchy`` grouped: one per source, destination, kind and style.
  public let edges: [Edge]
  /// What each node is, by id.
  public let nodes: [String: Node]
  /// The transitions that place each node in the hierarchy (a window's root, a container's
  /// child), by the node's id: every call site that makes the relation, the first of which made it.
  public let placements: [String: [AppMap.Transition]]

  /// A transition drawn as an edge, with every call site.
  public struct Edge: Sendable, Hashable {
    public var source: String
    /// The controller it leads to; nil when the source cannot say.
    public var destination: String?
    public var kind: AppMap.Transition.Kind
    public var style: String?
    public var sites: [AppMap.Site]
    /// The reasons the destination is not known, each once.
    public var unresolved: [String]

    /// The edge's label: `push`, `present · formSheet`, `3 × push`, `present · ? (parameter)`.
    public var label: String {
      var text = kind.rawValue + (style.map { " · " + $0 } ?? "")
      if sites.count > 1 { text = "\(sites.count) × " + text }
      if destination == nil, !unresolved.isEmpty { text += " · ? (" + unresolved.joined(separator: ", ") + ")" }
      return text
    }

    /// The tooltip: one `file:line` a line, the first of which a link opens.
    public var tooltip: String { sites.map(\.description).joined(separator: "\n") }
  }

  /// What a node stands for.
  public struct Node: Sendable, Hashable {
    public enum Role: Sendable, Hashable {
      case controller(AppMap.Controller.Kind)
      case navigator(AppMap.Navigator.Kind)
    }
    public var role: Role
    /// The class it is (for an instance, the class it is one of).
    public var className: String
    /// Where its class is declared; nil for UIKit's classes.
    public var site: AppMap.Site?
    /// Its base class is outside the sources read.
    public var baseOutsideSources: Bool
    /// For one of the navigation controllers of one class, that instance (see
    /// ``AppMapHierarchy/splittingInstances(of:)``); nil for a class drawn as one node.
    public var instance: Instance?
    /// The storyboard scenes it is: its class's, or for an instance those of the storyboards that make it.
    public var scenes: [AppMap.Controller.Scene]
    /// The stacks that put it at the root of a navigation controller no transition leads to (a
    /// wrapper that presents its argument in one, the map not knowing how): not nodes, but where it
    /// is shown.
    public var navigationWrappers: [AppMap.Transition] = []

    /// For a class the sources do not declare (UIKit's `UIAlertController`), the first place that
    /// shows it.
    public var shownAt: AppMap.Site?

    /// The place a reader goes to see it: its declaration, else where the code makes it or shows it.
    public var place: AppMap.Site? { site ?? instance?.madeAt.first ?? shownAt }
  }

  public init(_ map: AppMap) {
    self.map = map
    let (rewritten, instances, referenced) = Self.splittingInstances(of: map)
    // An instance nothing leads to is where its root is shown, not a node.
    var wrappers: [String: [AppMap.Transition]] = [:]
    let transitions = rewritten.filter { transition in
      guard instances[transition.from] != nil, !referenced.contains(transition.from), let root = transition.to
      else { return true }
      wrappers[root, default: []].append(transition)
      return false
    }
    var nodes: [String: Node] = [:]
    var controllers: [ViewController] = []
    // A content controller that embeds another is a custom container.
    let embedding = Set(transitions.filter { $0.kind == .embed && $0.to != nil }.map(\.from))
    // A class split into instances is a node of its own only while a transition still names it.
    let named = Set(transitions.flatMap { [$0.from] + ($0.to.map { [$0] } ?? []) })
    let split = Set(instances.values.map(\.className))
    for controller in map.controllers where !split.contains(controller.name) || named.contains(controller.name) {
      nodes[controller.name] = Node(
        role: .controller(controller.kind), className: controller.name, site: controller.site,
        baseOutsideSources: controller.baseOutsideSources, scenes: controller.scenes)
      let className = controller.hostedView.map { "UIHostingController<\($0)>" } ?? controller.name
      var kind = controller.kind.viewControllerKind
      if kind == .content, embedding.contains(controller.name) { kind = .container }
      controllers.append(ViewController(id: controller.name, className: className, kind: kind))
    }
    for (id, instance) in instances.sorted(by: { $0.key < $1.key }) where referenced.contains(id) {
      guard let controller = map.controller(named: instance.className) else { continue }
      let files = Set(instance.madeAt.map(\.file))
      nodes[id] = Node(
        role: .controller(controller.kind), className: controller.name, site: controller.site,
        baseOutsideSources: controller.baseOutsideSources, instance: instance,
        scenes: controller.scenes.filter { files.contains($0.site.file) })
      controllers.append(ViewController(id: id, className: controller.name, kind: .navigation))
    }
    for navigator in map.navigators where nodes[navigator.name] == nil {
      nodes[navigator.name] = Node(
        role: .navigator(navigator.kind), className: navigator.name, site: navigator.site,
        baseOutsideSources: false, scenes: [])
      controllers.append(ViewController(id: navigator.name, className: navigator.name, kind: .content))
    }
    for (root, stacks) in wrappers where nodes[root] != nil { nodes[root]?.navigationWrappers = stacks }
    for transition in transitions {
      guard let to = transition.to, let node = nodes[to], node.site == nil, node.instance == nil, node.shownAt == nil
      else { continue }
      nodes[to]?.shownAt = transition.site
    }
    var hierarchy = Hierarchy(viewControllers: controllers)
    hierarchy.storyboardScenes = Set(controllers.map(\.id))
    var contained: Set<Int> = []
    var placements: [String: [AppMap.Transition]] = [:]
    for (index, transition) in transitions.enumerated() where transition.kind.isContainment {
      // Stacks and tabs go into the container the code names (a scene delegate's tab bar), else the caller.
      let parent = transition.container ?? transition.from
      guard let child = transition.to, hierarchy[child] != nil, child != parent else { continue }
      // The same place again (a root set in two places, a stack set twice): one relation, two sites.
      let isWindowRoot = hierarchy.windowRooted(at: child) != nil
      if transition.kind == .root ? isWindowRoot : hierarchy[child]?.parent == parent {
        placements[child, default: []].append(transition)
        contained.insert(index)
        continue
      }
      // A child that is already placed, or that contains its would-be parent, stays an edge.
      guard hierarchy[child]?.parent == nil, !isWindowRoot, !hierarchy.isSelfOrAncestor(child, of: parent)
      else { continue }
      switch transition.kind {
      case .root:
        let windowID = hierarchy.windows.isEmpty ? "main" : child
        hierarchy.addWindow(Window(id: windowID, isKey: hierarchy.windows.isEmpty, rootViewController: child))
      case .stack, .tabs:
        guard let parentKind = hierarchy[parent]?.kind, parentKind.isSystemContainer else { continue }
        hierarchy.attachChild(child, to: parent)
      case .embed:
        guard nodes[transition.from].map({ if case .controller = $0.role { true } else { false } }) ?? false
        else { continue }
        hierarchy.attachChild(child, to: transition.from)
      default: continue
      }
      placements[child, default: []].append(transition)
      contained.insert(index)
    }
    // Making a controller that the same code then places (`UIHostingController(rootView:)` it embeds,
    // a scene it instantiates as a window's root) is part of that placement, not an edge of its own.
    for (index, transition) in transitions.enumerated()
    where transition.kind == .instantiate || transition.kind == .hosting {
      guard let child = transition.to, let placed = placements[child],
        placed.contains(where: { $0.from == transition.from })
      else { continue }
      placements[child, default: []].append(transition)
      contained.insert(index)
    }
    // A tab bar's first tab is the one selected at launch, as UIKit selects it.
    for controller in hierarchy.viewControllers where controller.kind == .tabBar {
      hierarchy.setContainerDetails(of: controller.id, selectedChild: controller.children.first)
    }
    // Every other transition is a segue of the hierarchy, one a call site, as a storyboard's are.
    hierarchy.segues = transitions.enumerated().compactMap { index, transition in
      guard !contained.contains(index), hierarchy[transition.from] != nil else { return nil }
      return Segue(
        source: transition.from, destination: transition.to.flatMap { hierarchy[$0] == nil ? nil : $0 },
        kind: .call(transition), identifier: transition.identifier)
    }
    self.hierarchy = hierarchy
    self.nodes = nodes
    // The site a reader is sent to first is the call itself, not a wrapper's call.
    self.placements = placements.mapValues { list in list.filter(\.via.isEmpty) + list.filter { !$0.via.isEmpty } }
    var edges: [Edge] = []
    var index: [AppMap.GroupedEdge.Key: Int] = [:]
    for case let .call(transition) in hierarchy.segues.map(\.kind) {
      let key = AppMap.GroupedEdge.Key(
        from: transition.from, to: transition.to, kind: transition.kind, style: transition.style)
      if let existing = index[key] {
        edges[existing].sites.append(transition.site)
        if let reason = transition.unresolved, !edges[existing].unresolved.contains(reason) {
          edges[existing].unresolved.append(reason)
        }
      } else {
        index[key] = edges.count
        edges.append(
          Edge(
            source: transition.from, destination: transition.to, kind: transition.kind, style: transition.style,
            sites: [transition.site], unresolved: transition.unresolved.map { [$0] } ?? []))
      }
    }
    self.edges = edges
  }
}

extension AppMap.Transition {
  /// How a diagram names the transition: `push`, `present · formSheet`, `present · detents medium,
  /// large`, `segue · show`, `embed`.
  public var label: String {
    var parts = [kind.rawValue]
    // A storyboard's own segue says its kind (`storyboard show`); a performed one, what the code knows.
    if kind == .segue, call.hasPrefix("storyboard ") {
      let segueKind = call.dropFirst("storyboard ".count)
      switch segueKind {
      case "presentation": parts.append("present")
      case "popoverPresentation": parts.append("popover")
      case "segue": break
      default: parts.append(String(segueKind))
      }
    }
    if let style { parts.append(style) }
    if let detents, !detents.isEmpty { parts.append("detents " + detents.joined(separator: ", ")) }
    return parts.joined(separator: " · ")
  }
}
