extension AppMap {
  /// A scenario that goes through `names` (controller classes) along the map's transitions, from
  /// the app's root: the YAML of `vcgraph map --flow A,B,C`, which `vcgraph check` accepts and
  /// `vcgraph render` draws step by step.
  ///
  /// It starts at the window's root (`window.rootViewController =`) and builds the containers that
  /// hold the first controller (a tab, a navigation stack, an embed); when the first controller is
  /// not reached from a root by containment, the transitions that lead to it from a root come first,
  /// and when none does it becomes the root itself (in a navigation controller when the flow pushes
  /// from it). Each next controller is shown by the transition between the two (push, present with
  /// its style and detents, show, showDetail, embed, stack, tabs), or through the navigation
  /// controller a presentation wraps it in (`present(UINavigationController(rootViewController: B))`).
  ///
  /// - Throws: ``FlowError`` for a name that is no controller of the map, or a pair with no
  ///   transition between them (naming the transitions nearest to it).
  public func flowScenario(through names: [String], title: String? = nil) throws(FlowError) -> String {
    var builder = FlowBuilder(map: self)
    try builder.build(names)
    return builder.yaml(title: title ?? "Flow: " + names.joined(separator: " → "))
  }

  /// Why a flow cannot be made from the map.
  public enum FlowError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Fewer than one name.
    case empty
    /// A name that is no controller of the map, with the names closest to it.
    case unknownController(String, suggestions: [String])
    /// No transition leads from the first to the second; the transitions that leave the first and
    /// those that reach the second, as `A → B · push · file:line`.
    case noTransition(from: String, to: String, leaving: [String], reaching: [String])

    public var description: String {
      switch self {
      case .empty: return "--flow names no controller; give the classes in order: A,B,C"
      case let .unknownController(name, suggestions):
        return "\(name) is not a controller of the map"
          + (suggestions.isEmpty ? "" : "; did you mean \(suggestions.joined(separator: ", "))?")
      case let .noTransition(from, to, leaving, reaching):
        var text = "no transition leads from \(from) to \(to)"
        text += leaving.isEmpty ? "; \(from) shows nothing" : "; \(from) shows: " + leaving.joined(separator: "; ")
        text += reaching.isEmpty ? "; nothing shows \(to)" : "; \(to) is shown by: " + reaching.joined(separator: "; ")
        return text
      }
    }
  }
}

/// Builds the steps of a flow scenario.
private struct FlowBuilder {
  let map: AppMap
  /// Resolved transitions by their source.
  let leaving: [String: [AppMap.Transition]]
  let reaching: [String: [AppMap.Transition]]
  /// The scenario's controllers: id and class, in the order first used.
  var controllers: [(id: String, className: String, kind: ViewControllerKind?)] = []
  var steps: [String] = []
  /// The id each class got (a class shown twice in a flow is the same controller).
  var ids: [String: String] = [:]
  /// The controllers inside a navigation stack, so `push` finds one.
  var inNavigation: Set<String> = []

  init(map: AppMap) {
    self.map = map
    var leaving: [String: [AppMap.Transition]] = [:]
    var reaching: [String: [AppMap.Transition]] = [:]
    for transition in map.transitions {
      guard let to = transition.to, transition.kind != .hosting, transition.kind != .instantiate else { continue }
      // Stacks and tabs another type sets (a scene delegate's tab bar) leave from their container.
      var leaves = transition
      if let container = transition.container, transition.kind == .stack || transition.kind == .tabs {
        leaves.from = container
      }
      leaving[leaves.from, default: []].append(leaves)
      reaching[to, default: []].append(leaves)
    }
    self.leaving = leaving
    self.reaching = reaching
  }

  func kind(of name: String) -> AppMap.Controller.Kind {
    map.controller(named: name)?.kind ?? AppMap.Controller.Kind.ofUIKitClass(name) ?? .content
  }

  mutating func id(of name: String) -> String {
    if let id = ids[name] { return id }
    var base = String(name.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
    if base.isEmpty { base = "controller" }
    // `inboxViewController`, `uiNavigationController`: a leading run of capitals in lower case, but
    // the last when a word follows it.
    let characters = Array(base)
    var run = characters.prefix { $0.isUppercase }.count
    if run > 1, run < characters.count { run -= 1 }
    base = String(characters.prefix(max(run, 1))).lowercased() + String(characters.dropFirst(max(run, 1)))
    var id = base
    var number = 2
    while controllers.contains(where: { $0.id == id }) {
      id = "\(base)\(number)"
      number += 1
    }
    ids[name] = id
    let kind = kind(of: name).viewControllerKind
    controllers.append((id, name, ViewControllerKind.inferred(fromClassName: name) == kind ? nil : kind))
    return id
  }

  mutating func build(_ names: [String]) throws(AppMap.FlowError) {
    guard let first = names.first else { throw .empty }
    let known = Set(map.controllers.map(\.name))
    for name in names where !known.contains(name) {
      throw .unknownController(name, suggestions: Self.suggestions(for: name, among: map.controllers.map(\.name)))
    }
    try reach(first, pushesNext: names.count > 1 && firstKind(from: first, to: names[1]) == .push)
    for (from, to) in zip(names, names.dropFirst()) {
      try show(to, from: from)
    }
  }

  /// The kind of the transition the flow takes from `from` to `to`, if there is one.
  func firstKind(from: String, to: String) -> AppMap.Transition.Kind? {
    leaving[from]?.first { $0.to == to }?.kind
  }

  /// The steps that put `name` on screen from the app's root.
  mutating func reach(_ name: String, pushesNext: Bool) throws(AppMap.FlowError) {
    let roots = (map.transitions.filter { $0.kind == .root }.compactMap(\.to)).uniqued()
    // Containment from a root: window → tab bar → navigation → name.
    for root in roots {
      if let path = containmentPath(from: root, to: name) {
        let rootID = id(of: root)
        steps.append("- setRoot: \(rootID)")
        var parent = root
        for transition in path {
          attach(transition.to!, to: parent, by: transition)
          parent = transition.to!
        }
        return
      }
    }
    // Any transitions from a root.
    for root in roots {
      if let path = anyPath(from: root, to: name) {
        steps.append("- setRoot: \(id(of: root))")
        for transition in path { try show(transition.to!, from: transition.from) }
        return
      }
    }
    // The controller is the root itself, in a navigation controller when the flow pushes from it.
    if pushesNext, kind(of: name) != .navigation {
      let navigation = id(of: "UINavigationController")
      steps.append("- setRoot: \(navigation)")
      steps.append("- setViewControllers: [\(id(of: name))]\n  on: \(navigation)")
      inNavigation.insert(name)
    } else {
      steps.append("- setRoot: \(id(of: name))")
    }
  }

  /// The containment transitions from `root` down to `name`, breadth first.
  func containmentPath(from root: String, to name: String) -> [AppMap.Transition]? {
    if root == name { return [] }
    return path(from: root, to: name) { $0.kind.isContainment && $0.kind != .root }
  }

  /// Any transitions from `root` to `name`, breadth first.
  func anyPath(from root: String, to name: String) -> [AppMap.Transition]? {
    path(from: root, to: name) { $0.kind != .root }
  }

  /// The shortest chain of transitions that `follows` from `root` to `name`.
  func path(from root: String, to name: String, following follows: (AppMap.Transition) -> Bool) -> [AppMap.Transition]?
  {
    var previous: [String: AppMap.Transition] = [:]
    var queue = [root]
    var seen: Set<String> = [root]
    var index = 0
    while index < queue.count {
      let current = queue[index]
      index += 1
      for transition in leaving[current] ?? [] where follows(transition) {
        guard let to = transition.to, seen.insert(to).inserted else { continue }
        previous[to] = transition
        if to == name { return Self.path(to: name, previous) }
        queue.append(to)
      }
    }
    return nil
  }

  static func path(to name: String, _ previous: [String: AppMap.Transition]) -> [AppMap.Transition] {
    var path: [AppMap.Transition] = []
    var current = name
    while let transition = previous[current] {
      path.append(transition)
      current = transition.from
    }
    return path.reversed()
  }

  /// Makes `child` a child of `parent` as `transition` does.
  mutating func attach(_ child: String, to parent: String, by transition: AppMap.Transition) {
    let parentID = id(of: parent)
    let childID = id(of: child)
    switch kind(of: parent) {
    case .navigation:
      steps.append("- setViewControllers: [\(childID)]\n  on: \(parentID)")
      inNavigation.insert(child)
    case .tabBar:
      // Every tab the map knows, in order, then the one the flow goes through.
      let tabs = (leaving[parent] ?? []).filter { $0.kind == .tabs }.compactMap(\.to).uniqued()
      let tabIDs = tabs.map { id(of: $0) }
      steps.append("- setTabs: [\(tabIDs.joined(separator: ", "))]\n  on: \(parentID)")
      steps.append("- selectTab: \(childID)\n  on: \(parentID)")
      if kind(of: child) == .navigation { inNavigation.remove(child) }
    case .split:
      steps.append("- setSplit: { primary: \(childID) }\n  on: \(parentID)")
    case .page:
      steps.append("- setPage: \(childID)\n  on: \(parentID)")
    default:
      steps.append("- addChild: \(childID)\n  to: \(parentID)")
    }
    if inNavigation.contains(parent) { inNavigation.insert(child) }
  }

  /// The step (or steps) that show `to` from `from`.
  mutating func show(_ to: String, from: String) throws(AppMap.FlowError) {
    if let transition = leaving[from]?.first(where: { $0.to == to }) {
      step(transition)
      return
    }
    // Through a navigation controller the presentation wraps it in.
    for wrapper in leaving[from] ?? [] {
      guard let middle = wrapper.to, kind(of: middle) == .navigation, !wrapper.kind.isContainment,
        let inner = leaving[middle]?.first(where: { $0.to == to && $0.kind == .stack })
      else { continue }
      step(wrapper)
      step(inner)
      return
    }
    throw .noTransition(
      from: from, to: to, leaving: (leaving[from] ?? []).prefix(6).map(\.line),
      reaching: (reaching[to] ?? []).prefix(6).map(\.line))
  }

  mutating func step(_ transition: AppMap.Transition) {
    guard let to = transition.to else { return }
    let fromID = id(of: transition.from)
    let toID = id(of: to)
    let caption = "  caption: \(Self.quoted("\(transition.call) · \(transition.site)"))"
    switch transition.kind {
    case .push,
      .segue where inNavigation.contains(transition.from):
      steps.append("- push: \(toID)\n  on: \(fromID)\n" + caption)
      inNavigation.insert(to)
    case .present, .segue:
      var text = "- present: \(toID)\n  from: \(fromID)"
      if let style = transition.style, ModalPresentationStyle(rawValue: style) != nil { text += "\n  style: \(style)" }
      if let detents = transition.detents, !detents.isEmpty {
        text += "\n  detents: [\(detents.joined(separator: ", "))]"
      }
      steps.append(text + "\n" + caption)
      if kind(of: to) == .navigation { inNavigation.remove(to) }
    case .push:
      steps.append("- show: \(toID)\n  from: \(fromID)\n" + caption)
    case .show:
      steps.append("- show: \(toID)\n  from: \(fromID)\n" + caption)
      if inNavigation.contains(transition.from) { inNavigation.insert(to) }
    case .showDetail:
      steps.append("- showDetail: \(toID)\n  from: \(fromID)\n" + caption)
    case .stack, .tabs, .embed:
      attach(to, to: transition.from, by: transition)
    case .root:
      steps.append("- setRoot: \(toID)")
    case .hosting, .instantiate:
      break
    }
  }

  func yaml(title: String) -> String {
    var lines = ["version: 1", "title: \(Self.quoted(title))", "controllers:"]
    for controller in controllers {
      if let kind = controller.kind {
        lines.append("  \(controller.id): { class: \(Self.quoted(controller.className)), kind: \(kind.rawValue) }")
      } else {
        lines.append("  \(controller.id): \(Self.quoted(controller.className))")
      }
    }
    lines.append("steps:")
    lines += steps.map { step in step.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n") }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A YAML double-quoted string.
  static func quoted(_ text: String) -> String { JSONValue.quoted(text) }

  /// Up to three names that contain `name` or that it contains, else that share its start.
  static func suggestions(for name: String, among names: [String]) -> [String] {
    let lower = name.lowercased()
    let close = names.filter { $0.lowercased().contains(lower) || lower.contains($0.lowercased()) }
    if !close.isEmpty { return Array(close.sorted().prefix(3)) }
    let prefix = lower.prefix(4)
    return Array(names.filter { $0.lowercased().hasPrefix(prefix) }.sorted().prefix(3))
  }
}

extension Array where Element: Hashable {
  /// The elements in order, each once.
  func uniqued() -> [Element] {
    var seen: Set<Element> = []
    return filter { seen.insert($0).inserted }
  }
}
