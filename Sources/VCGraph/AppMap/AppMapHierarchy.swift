/// An app map as a diagram draws it, the way ``StoryboardHierarchy`` gives a storyboard: a
/// ``Hierarchy`` whose containment comes from the map's containment transitions, and the other
/// transitions as edges beside it, each with its call sites.
///
/// - Nodes: every controller and navigator is one node (id = its name). A navigator is a
///   `content` controller in the hierarchy; ``nodes`` says what it really is.
/// - Containment: a `root` transition makes the first window's root (`main`; each further root
///   controller a window of its own, named after it); `stack` and `tabs` from a navigation, tab bar,
///   split or page controller, and `embed` from any controller, make children, in the order of the
///   map's transitions. A controller already a child (a class used as the root of two stacks)
///   stays where it first was, and the other containment transition is an edge.
/// - Edges: every other transition, grouped as ``AppMap/groupedEdges`` groups them (one edge per
///   source, destination, kind and style, counting its sites); those whose destination is not
///   known lead to no node (``Edge/destination`` nil), to be drawn as a stub.
/// - Every node is drawn (a map is a design-time picture, as a storyboard is: nothing is on screen).
public struct AppMapHierarchy: Sendable {
  public let map: AppMap
  public let hierarchy: Hierarchy
  /// The transitions that are not containment in ``hierarchy``.
  public let edges: [Edge]
  /// What each node is, by id.
  public let nodes: [String: Node]

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
    /// Where it is declared; nil for UIKit's classes.
    public var site: AppMap.Site?
    /// Its base class is outside the sources read.
    public var baseOutsideSources: Bool
  }

  public init(_ map: AppMap) {
    self.map = map
    var nodes: [String: Node] = [:]
    var controllers: [ViewController] = []
    // A content controller that embeds another is a custom container.
    let embedding = Set(map.transitions.filter { $0.kind == .embed && $0.to != nil }.map(\.from))
    for controller in map.controllers {
      nodes[controller.name] = Node(
        role: .controller(controller.kind), site: controller.site, baseOutsideSources: controller.baseOutsideSources)
      let className = controller.hostedView.map { "UIHostingController<\($0)>" } ?? controller.name
      var kind = controller.kind.viewControllerKind
      if kind == .content, embedding.contains(controller.name) { kind = .container }
      controllers.append(ViewController(id: controller.name, className: className, kind: kind))
    }
    for navigator in map.navigators where nodes[navigator.name] == nil {
      nodes[navigator.name] = Node(role: .navigator(navigator.kind), site: navigator.site, baseOutsideSources: false)
      controllers.append(ViewController(id: navigator.name, className: navigator.name, kind: .content))
    }
    var hierarchy = Hierarchy(viewControllers: controllers)
    hierarchy.storyboardScenes = Set(controllers.map(\.id))
    var contained: Set<AppMap.Transition> = []
    var rooted: Set<String> = []
    for transition in map.transitions where transition.kind.isContainment {
      // Stacks and tabs go into the container the code names (a scene delegate's tab bar), else the caller.
      let parent = transition.container ?? transition.from
      guard let child = transition.to, hierarchy[child] != nil, child != parent else { continue }
      // A child that is already placed, or that contains its would-be parent, stays an edge.
      guard hierarchy[child]?.parent == nil, !rooted.contains(child), !hierarchy.isSelfOrAncestor(child, of: parent)
      else { continue }
      switch transition.kind {
      case .root:
        guard hierarchy[child]?.parent == nil else { continue }
        let windowID = hierarchy.windows.isEmpty ? "main" : child
        hierarchy.addWindow(Window(id: windowID, isKey: hierarchy.windows.isEmpty, rootViewController: child))
        rooted.insert(child)
      case .stack, .tabs:
        guard let parentKind = hierarchy[parent]?.kind, parentKind.isSystemContainer else { continue }
        hierarchy.attachChild(child, to: parent)
      case .embed:
        guard nodes[transition.from].map({ if case .controller = $0.role { true } else { false } }) ?? false
        else { continue }
        hierarchy.attachChild(child, to: transition.from)
      default: continue
      }
      contained.insert(transition)
    }
    // A tab bar's first tab is the one selected at launch, as UIKit selects it.
    for controller in hierarchy.viewControllers where controller.kind == .tabBar {
      hierarchy.setContainerDetails(of: controller.id, selectedChild: controller.children.first)
    }
    self.hierarchy = hierarchy
    self.nodes = nodes
    var edges: [Edge] = []
    var index: [AppMap.GroupedEdge.Key: Int] = [:]
    for transition in map.transitions where !contained.contains(transition) {
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
