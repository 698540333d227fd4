extension AppMapHierarchy {
  /// The map's transitions with each navigation controller class split into the navigation
  /// controllers the code makes: one a stack root (`UINavigationController(LoginViewController)`).
  ///
  /// An app makes many `UINavigationController`s, one around each screen it shows in a stack of its
  /// own, and the map names them all by their class. Drawn as one node, they would be one stack
  /// holding every root (the login screen, the trips list and a sheet's form, one pushed on the
  /// other). So each stack a class gets (`UINavigationController(rootViewController: X)`,
  /// `setViewControllers([X])` on a navigation controller a coordinator holds, a storyboard's
  /// relationship) makes an *instance*, named after the class and its root, and each transition that
  /// leads to the class (a present, a tab, a window's root) is sent to the instance it shows:
  /// 1. the one made at the same place (a tab's element, or the call on the same line that makes it);
  /// 2. for a storyboard instantiation, the one the storyboards make, when they make one;
  /// 3. the one made nearest before it in the same file, within ``instanceReach`` lines (a local
  ///    `let nav = UINavigationController(rootViewController: x)` presented a few lines later;
  ///    for the tabs of one list, as many as it has, in the order they were made);
  /// 4. the class's only instance, when it has one;
  /// 5. else the class itself, a node that stands for any of them.
  /// An instance no transition leads to (a wrapper makes a navigation controller around its
  /// argument and presents it in a way the map cannot follow) is no node either: its root says it
  /// is shown in one (``Node/navigationWrappers``).
  /// A navigation controller made around a controller the code does not name (a wrapper's
  /// parameter) is no node: a transition to it has no destination, and says so, and its stack
  /// transition goes from the caller.
  ///
  /// - Returns: the map's transitions with instances for classes; the instances, by node id; and
  ///   the ids of the instances some transition leads to (the others are no nodes).
  public static func splittingInstances(
    of map: AppMap
  ) -> (transitions: [AppMap.Transition], instances: [String: Instance], referenced: Set<String>) {
    var split = InstanceSplit(map: map)
    split.findStacks()
    split.pinReferences()
    let referenced = Set(
      split.pinned.values.compactMap { made -> String? in
        if case let .node(id) = made { return id }
        return nil
      })
    return (split.rewritten(), split.instances, referenced)
  }

  /// How many lines above a transition the navigation controller it shows may be made.
  public static let instanceReach = 30

  /// One navigation controller the code makes, of a class that makes several.
  public struct Instance: Sendable, Hashable {
    /// Its class: `UINavigationController`, or the app's subclass.
    public var className: String
    /// The controller at the root of its stack.
    public var root: String
    /// The places that make it (or set its root), in the map's order.
    public var madeAt: [AppMap.Site]
  }

  /// The node id of an instance: its class and its root, `UINavigationController(LoginViewController)`.
  public static func instanceID(className: String, root: String) -> String { "\(className)(\(root))" }
}

/// The work of ``AppMapHierarchy/splittingInstances(of:)``.
private struct InstanceSplit {
  /// Where an instance is: a node, or a navigation controller around a controller the code does not name.
  enum Made: Hashable {
    case node(String)
    case unnamed(AppMap.Site)
  }

  let map: AppMap
  var transitions: [AppMap.Transition]
  /// The classes split: navigation controllers.
  let splittable: Set<String>
  var instances: [String: AppMapHierarchy.Instance] = [:]
  /// How many of each instance's places are a wrapper's call (those come last in `madeAt`).
  var viaCount: [String: Int] = [:]
  /// For each stack transition that makes an instance, by index: the instance.
  var stackOf: [Int: Made] = [:]
  /// For each transition to a split class, by index: the instance it shows.
  var pinned: [Int: Made] = [:]
  /// Where instances are made, by file: line, column, instance and its class.
  var made: [String: [(line: Int, column: Int, made: Made, className: String)]] = [:]

  init(map: AppMap) {
    self.map = map
    transitions = map.transitions
    splittable = Set(map.controllers.filter { $0.kind == .navigation && $0.hostedView == nil }.map(\.name))
  }

  /// The transitions of each line, by file and line.
  private var lines: [[Int]] {
    var order: [String] = []
    var groups: [String: [Int]] = [:]
    for (index, transition) in transitions.enumerated() {
      let key = "\(transition.site.file):\(transition.site.line)"
      if groups[key] == nil { order.append(key) }
      groups[key, default: []].append(index)
    }
    return order.compactMap { groups[$0] }
  }

  /// True for a transition that leads to a split class (and is not its stack).
  private func isReference(_ index: Int) -> Bool {
    let transition = transitions[index]
    return transition.kind != .stack && transition.to.map(splittable.contains) == true
  }

  /// The split class whose stack `index` sets, when the transition says it.
  private func stackClass(_ index: Int) -> String? {
    let transition = transitions[index]
    guard transition.kind == .stack else { return nil }
    if splittable.contains(transition.from) { return transition.from }
    if let container = transition.container, splittable.contains(container) { return container }
    return nil
  }

  /// Pass 1: every stack of a split class makes an instance, and a transition to the class on the
  /// same line (`present(UINavigationController(rootViewController: x))`) shows it.
  mutating func findStacks() {
    for line in lines {
      let references = line.filter(isReference)
      // A stack a wrapper sets from its caller (`coordinator.start()`) names no class: the
      // transition to a navigation controller on its line does.
      let stacks = line.filter { index in
        guard transitions[index].kind == .stack else { return false }
        if stackClass(index) != nil { return true }
        return transitions[index].container == nil && !references.isEmpty
          && map.controller(named: transitions[index].from)?.kind.viewControllerKind.isContainer != true
      }
      var pairs: [Int: Int] = [:]
      var free = stacks
      // A tab's element is the stack made right there, at the same column.
      for reference in references {
        if let stack = free.first(where: { transitions[$0].site.column == transitions[reference].site.column }) {
          pairs[reference] = stack
          free.removeAll { $0 == stack }
        }
      }
      // Any other transition on the line shows the stack nearest it; a tab must be its element.
      for reference in references where pairs[reference] == nil && transitions[reference].kind != .tabs {
        let column = transitions[reference].site.column
        if let stack = stacks.min(by: {
          abs(transitions[$0].site.column - column) < abs(transitions[$1].site.column - column)
        }) {
          pairs[reference] = stack
        }
      }
      for stack in stacks {
        let paired = pairs.first { $0.value == stack }?.key
        guard let className = stackClass(stack) ?? paired.flatMap({ transitions[$0].to }) else { continue }
        let made = makeInstance(className, at: stack)
        stackOf[stack] = made
        let site = transitions[stack].site
        self.made[site.file, default: []].append((site.line, site.column, made, className))
      }
      for (reference, stack) in pairs {
        if let made = stackOf[stack] { pinned[reference] = made }
      }
    }
  }

  /// The instance a stack transition makes (or sets the root of).
  private mutating func makeInstance(_ className: String, at index: Int) -> Made {
    let transition = transitions[index]
    guard let root = transition.to else { return .unnamed(transition.site) }
    let id = AppMapHierarchy.instanceID(className: className, root: root)
    // The call itself first, then the calls of wrappers that make it.
    var instance = instances[id] ?? .init(className: className, root: root, madeAt: [])
    if transition.via.isEmpty {
      instance.madeAt.insert(transition.site, at: instance.madeAt.count - viaCount[id, default: 0])
    } else {
      instance.madeAt.append(transition.site)
      viaCount[id, default: 0] += 1
    }
    instances[id] = instance
    return .node(id)
  }

  /// Pass 2: every other transition to a split class shows an instance, by the rules of
  /// ``AppMapHierarchy/splittingInstances(of:)``.
  mutating func pinReferences() {
    for line in lines {
      let open = line.filter { isReference($0) && pinned[$0] == nil }
      guard !open.isEmpty else { continue }
      // The tabs of one list take as many instances made before it, in the order they were made.
      let tabs = open.filter { transitions[$0].kind == .tabs }
      if !tabs.isEmpty {
        let taken = Set(line.compactMap { pinned[$0] })
        let nearest = madeBefore(transitions[tabs[0]], excluding: taken, count: tabs.count)
        for (tab, made) in zip(tabs, nearest) { pinned[tab] = made }
      }
      for index in open where pinned[index] == nil {
        let transition = transitions[index]
        guard let className = transition.to else { continue }
        if transition.kind == .instantiate, let made = storyboardInstance(of: className) {
          pinned[index] = made
          // What it instantiates is presented or pushed a line or two below.
          self.made[transition.site.file, default: []].append(
            (transition.site.line, transition.site.column, made, className))
        } else if let made = madeBefore(transition, excluding: [], count: 1).first {
          pinned[index] = made
        } else if let only = onlyInstance(of: className) {
          pinned[index] = only
        }
      }
    }
  }

  /// Up to `count` instances of the class `transition` leads to, made before it in its file within
  /// reach, the nearest first, returned in the order they were made.
  private func madeBefore(_ transition: AppMap.Transition, excluding taken: Set<Made>, count: Int) -> [Made] {
    guard let className = transition.to else { return [] }
    let site = transition.site
    var chosen: [(line: Int, column: Int, made: Made)] = []
    let candidates = (made[site.file] ?? []).filter {
      $0.className == className && !taken.contains($0.made)
        && ($0.line < site.line || ($0.line == site.line && $0.column < site.column))
        && site.line - $0.line <= AppMapHierarchy.instanceReach
    }
    for candidate in candidates.sorted(by: { ($0.line, $0.column) > ($1.line, $1.column) })
    where chosen.count < count && !chosen.contains(where: { $0.made == candidate.made }) {
      chosen.append((candidate.line, candidate.column, candidate.made))
    }
    return chosen.sorted { ($0.line, $0.column) < ($1.line, $1.column) }.map(\.made)
  }

  /// The one instance of `className` a storyboard makes, when there is one.
  private func storyboardInstance(of className: String) -> Made? {
    let made = instances.filter { id, instance in
      instance.className == className && instance.madeAt.contains { $0.file.hasSuffix(".storyboard") }
    }
    return made.count == 1 ? made.first.map { .node($0.key) } : nil
  }

  /// The class's one instance, when it has one.
  private func onlyInstance(of className: String) -> Made? {
    let made = instances.filter { $0.value.className == className }
    return made.count == 1 ? made.first.map { .node($0.key) } : nil
  }

  /// The transitions, each instance's stack from the instance, each transition to a split class
  /// to the instance it shows; one to a navigation controller around an unnamed controller has
  /// no destination, and that controller's stack goes from the caller.
  func rewritten() -> [AppMap.Transition] {
    var result = transitions
    // Who shows each unnamed navigation controller: its stacks start from there.
    var shownBy: [AppMap.Site: String] = [:]
    for (index, made) in pinned.sorted(by: { $0.key < $1.key }) {
      switch made {
      case let .node(id):
        result[index].to = id
      case let .unnamed(site):
        let transition = transitions[index]
        result[index].to = nil
        result[index].unresolved = "a \(transition.to ?? "navigation controller") around a controller not known"
        if shownBy[site] == nil { shownBy[site] = transition.from }
      }
    }
    for (index, made) in stackOf {
      switch made {
      case let .node(id):
        result[index].from = id
        result[index].container = nil
      case let .unnamed(site):
        if let caller = shownBy[site] {
          result[index].from = caller
          result[index].container = nil
        }
      }
    }
    return result
  }
}
