import Foundation

/// Builds a ``StoryboardHierarchy``.
struct StoryboardHierarchyBuilder {
  /// A scene of one of the storyboards: the storyboard's name and the controller's object id; and
  /// which instance of it, for a scene several containers take (0 for the scene itself, 2, 3, …
  /// for the instances the later takers make, and for what those contain).
  struct Key: Hashable {
    var storyboard: String
    var objectID: String
    var copy = 0
    /// What made an instance: `embed` (a container view's embed segue, or within an instance one
    /// made), else `instance`; empty for the scene itself.
    var takenBy = ""

    /// The scene itself, whichever instance this is.
    var scene: Key { Key(storyboard: storyboard, objectID: objectID) }
  }

  /// A relationship or embed segue of one instance of a scene: the instance and the segue's index
  /// among the scene's segues.
  private struct Site: Hashable {
    var source: Key
    var index: Int
  }

  let main: Storyboard
  /// Every storyboard by name, the main one first among those of the same name.
  let storyboards: [String: Storyboard]
  /// Every scene, and the segues starting from it in document order, by key.
  private let scenes: [Key: Storyboard.Scene]
  private let outgoing: [Key: [Storyboard.Connection]]
  var warnings: [StoryboardWarning] = []
  private var warned: Set<StoryboardWarning> = []

  // What `build` works out, step by step.
  /// The scenes to draw, and the extra instances of scenes containers take more than once, in order.
  private var included: [Key] = []
  /// The objects segues or references lead to that no scene has.
  private var missing: [Key] = []
  /// The scene each followed reference leads to, by the reference's scene.
  private var referenceTargets: [Key: Key] = [:]
  /// The instance a containment segue of an instance leads to, when it is not the scene itself.
  private var instanceTargets: [Site: Key] = [:]
  /// The controller id of each scene, instance and missing object.
  private var ids: [Key: String] = [:]

  init(storyboard: Storyboard, others: [Storyboard]) {
    main = storyboard
    var storyboards = [storyboard.name: storyboard]
    for other in others where storyboards[other.name] == nil { storyboards[other.name] = other }
    self.storyboards = storyboards
    var scenes: [Key: Storyboard.Scene] = [:]
    var outgoing: [Key: [Storyboard.Connection]] = [:]
    for (name, storyboard) in storyboards {
      for scene in storyboard.scenes where scenes[Key(storyboard: name, objectID: scene.objectID)] == nil {
        scenes[Key(storyboard: name, objectID: scene.objectID)] = scene
      }
      for connection in storyboard.connections {
        outgoing[Key(storyboard: name, objectID: connection.source), default: []].append(connection)
      }
    }
    self.scenes = scenes
    self.outgoing = outgoing
  }

  private mutating func warn(_ problem: StoryboardWarning.Problem, at location: SourceLocation) {
    let warning = StoryboardWarning(problem, at: location)
    if warned.insert(warning).inserted { warnings.append(warning) }
  }

  /// The horizontal size class of the window the main storyboard's device launches in; nil when
  /// its device does not say.
  var launchSizeClass: SizeClass? { main.device.horizontalSizeClass }

  private func scene(_ key: Key) -> Storyboard.Scene? {
    scenes[key.scene]
  }

  private func connections(from key: Key) -> [Storyboard.Connection] {
    outgoing[key.scene] ?? []
  }

  /// The kind of a scene's controller: UIKit's container its element is, a custom container when a
  /// container view in it embeds a scene, else content (every scene of a macOS storyboard).
  private func kind(of key: Key) -> ViewControllerKind? {
    guard let scene = scene(key) else { return nil }
    let isUIKit = !(storyboards[key.storyboard]?.documentType?.contains(".Cocoa.") ?? false)
    let kind = isUIKit ? Self.kind(ofElement: scene.element) : .content
    if kind == .content, connections(from: key).contains(where: { $0.kind == "embed" }) { return .container }
    return kind
  }

  /// The relationship and embed segues of a scene that make containment, in the order they are
  /// attached: a split view's columns by rank, the others as written.
  private func containmentSites(of key: Key) -> [(index: Int, destination: Key, isEmbed: Bool)] {
    guard let kind = kind(of: key) else { return [] }
    var sites: [(rank: Int, index: Int, destination: Key, isEmbed: Bool)] = []
    for (index, connection) in connections(from: key).enumerated() {
      guard connection.kind == "relationship" || connection.kind == "embed", let destination = connection.destination
      else { continue }
      let name = connection.kind == "embed" ? "embed" : connection.relationship ?? ""
      guard let rank = Self.rank(ofRelationship: name, in: kind) else { continue }
      sites.append((rank, index, Key(storyboard: key.storyboard, objectID: destination), connection.kind == "embed"))
    }
    return sites.sorted { ($0.rank, $0.index) < ($1.rank, $1.index) }.map { ($0.index, $0.destination, $0.isEmbed) }
  }

  /// The instances of scenes that several containers take: UIKit instantiates the destination of
  /// a relationship or embed segue for each container that performs it (a container view performs
  /// its embed segue when its scene loads, a tab bar or navigation controller its relationships
  /// when it is instantiated), so a scene taken again, by another container view, tab bar, split
  /// view or navigation controller, is a second instance, with its own instances of the scenes it
  /// contains (a navigation controller's root). The initial view controller's tree is visited
  /// first, so what is on screen at launch keeps the scenes' own ids; then the other scenes, in
  /// document order. Returns each scene's extra instances, and the instance each containment segue
  /// of an instance leads to when it is not the scene itself.
  private mutating func sharedInstances(of included: [Key]) -> (copies: [Key: [Key]], targets: [Site: Key]) {
    var parents: [Key: Key] = [:]
    var copies: [Key: [Key]] = [:]
    var targets: [Site: Key] = [:]
    /// True when `scene` is `key`'s scene or the scene of one of its containers.
    func isAncestorScene(_ scene: Key, of key: Key) -> Bool {
      var current: Key? = key
      var seen: Set<Key> = []
      while let instance = current, seen.insert(instance).inserted {
        if instance.scene == scene { return true }
        current = parents[instance]
      }
      return false
    }
    var pending: [Key] = []
    var queued: Set<Key> = []
    func enqueue(_ key: Key) {
      if queued.insert(key).inserted { pending.append(key) }
    }
    if let initial = main.initialViewController, scene(Key(storyboard: main.name, objectID: initial)) != nil {
      enqueue(Key(storyboard: main.name, objectID: initial))
    }
    var instanceCount = 0
    var next = 0
    var nextScene = 0
    while true {
      if next == pending.count {
        while nextScene < included.count, queued.contains(included[nextScene]) { nextScene += 1 }
        guard nextScene < included.count else { break }
        enqueue(included[nextScene])
      }
      let instance = pending[next]
      next += 1
      for site in containmentSites(of: instance) where scene(site.destination) != nil {
        var target = site.destination
        // An instance's relationships make instances of their own; a second taker makes one too.
        if instance.copy > 0 || parents[site.destination] != nil {
          // A scene that would contain itself is left to the containment step, which reports it.
          guard !isAncestorScene(site.destination, of: instance) else { continue }
          // Scenes that embed a scene twice, nested, double the instances at each level.
          guard instanceCount < StoryboardHierarchy.maximumEmbeddedInstances else {
            warn(
              .tooManyEmbeddedInstances(limit: StoryboardHierarchy.maximumEmbeddedInstances),
              at: main.locationOfDocument)
            continue
          }
          instanceCount += 1
          target.copy = (copies[site.destination]?.count ?? 0) + 2
          // Named after what made it: an embed, or (within an instance) what made that instance.
          target.takenBy = site.isEmbed ? "embed" : instance.copy > 0 ? instance.takenBy : "instance"
          copies[site.destination, default: []].append(target)
          targets[Site(source: instance, index: site.index)] = target
        } else if isAncestorScene(target, of: instance) {
          continue
        }
        parents[target] = instance
        enqueue(target)
      }
    }
    return (copies, targets)
  }

  /// What a reference leads to: the scene, or the missing object's key when the storyboard is given
  /// but has no such scene (with a warning), or nil when its storyboard is not given.
  private mutating func resolve(
    _ reference: Storyboard.Reference, in storyboard: String, at location: SourceLocation
  )
    -> (key: Key, isMissing: Bool)?
  {
    let name = reference.storyboardName ?? storyboard
    guard let referenced = storyboards[name] else { return nil }
    let objectID: String?
    if let identifier = reference.referencedIdentifier {
      objectID = referenced.scenes.first { $0.storyboardIdentifier == identifier }?.objectID
    } else {
      objectID = referenced.initialViewController.flatMap { scenes[Key(storyboard: name, objectID: $0)]?.objectID }
    }
    if let objectID { return (Key(storyboard: name, objectID: objectID), false) }
    warn(.missingReferencedScene(storyboard: name, identifier: reference.referencedIdentifier), at: location)
    let missing = reference.referencedIdentifier ?? "initial view controller"
    return (Key(storyboard: name, objectID: missing), true)
  }

  /// Builds the hierarchy, whose initial view controller is the root of window `windowID`: the
  /// controllers, their origins, the ids of the `missing scene` controllers and of the instances.
  mutating func build(
    windowID: String
  ) -> (
    hierarchy: Hierarchy, origins: [String: StoryboardHierarchy.Origin], missing: [String], instances: Set<String>
  ) {
    collectScenes()
    addInstances()
    assignIDs()
    var (hierarchy, origins) = makeControllers()
    var segues: [Segue] = []
    for key in included {
      attachConnections(of: key, in: &hierarchy, segues: &segues)
    }
    hierarchy.segues = segues
    // On an iPhone canvas every split view starts collapsed: UIKit collapses a split view as it
    // enters a compact window, the primary's navigation stack taking the other columns.
    if launchSizeClass == .compact {
      for id in hierarchy.order where hierarchy[id]?.kind == .splitView { hierarchy.collapse(id) }
    }
    addWindow(windowID, to: &hierarchy)
    let instances = Set(included.filter { $0.copy > 0 }.compactMap { ids[$0] })
    return (hierarchy, origins, missing.compactMap { ids[$0] }, instances)
  }

  /// The scenes to draw: every scene of the storyboard, then those reachable from them in the
  /// storyboards references lead to; and the objects segues lead to that no scene has.
  private mutating func collectScenes() {
    var isIncluded: Set<Key> = []
    var isMissing: Set<Key> = []
    func include(_ key: Key) {
      if isIncluded.insert(key).inserted { included.append(key) }
    }
    func addMissing(_ key: Key) {
      if isMissing.insert(key).inserted { missing.append(key) }
    }
    for scene in main.scenes { include(Key(storyboard: main.name, objectID: scene.objectID)) }
    var next = 0
    while next < included.count {
      let key = included[next]
      next += 1
      guard let scene = scene(key) else { continue }
      for connection in connections(from: key) where connection.kind != "unwind" {
        guard let destination = connection.destination else { continue }
        let target = Key(storyboard: key.storyboard, objectID: destination)
        if self.scene(target) != nil {
          include(target)
        } else {
          let kind =
            connection.kind == "relationship"
            ? "relationship (\(connection.relationship ?? "no name"))" : connection.kind ?? "kindless"
          warn(.missingDestination(objectID: destination, kind: kind), at: connection.location)
          addMissing(target)
        }
      }
      if let reference = scene.reference, let resolved = resolve(reference, in: key.storyboard, at: scene.location) {
        referenceTargets[key] = resolved.key
        if resolved.isMissing { addMissing(resolved.key) } else { include(resolved.key) }
      }
    }
  }

  /// Scenes several containers take: each later taker's instance goes right after its scene.
  private mutating func addInstances() {
    let (copies, targets) = sharedInstances(of: included)
    instanceTargets = targets
    guard !copies.isEmpty else { return }
    var instances: [Key] = []
    func add(_ key: Key) {
      instances.append(key)
      for copy in copies[key] ?? [] { add(copy) }
    }
    for key in included { add(key) }
    included = instances
  }

  /// The controller ids: a reference's storyboard and identifier, else the storyboard identifier,
  /// else the class; another instance of a scene its scene's id and what made it.
  private mutating func assignIDs() {
    var made = UniqueIDs()
    var identifiers: Set<[String]> = []
    for key in included {
      guard let scene = scene(key) else { continue }
      // Another instance of a scene: the scene's id, and what made it and which it is.
      if key.copy > 0, let sceneID = ids[key.scene] {
        ids[key] = made.make(from: "\(sceneID) (\(key.takenBy) \(key.copy))")
        continue
      }
      var base: String
      if let reference = scene.reference {
        base = "\(reference.storyboardName ?? key.storyboard).storyboard"
        if let identifier = reference.referencedIdentifier { base += "#\(identifier)" }
      } else if let identifier = scene.storyboardIdentifier {
        base = identifier
        if !identifiers.insert([key.storyboard, identifier]).inserted {
          warn(.duplicateIdentifier(identifier), at: scene.location)
        }
      } else {
        base = SwiftClassName.unqualified(scene.className)
      }
      if key.storyboard != main.name { base = "\(key.storyboard)/\(base)" }
      ids[key] = made.make(from: base)
    }
    for key in missing {
      let base = "missing \(key.objectID)"
      ids[key] = made.make(from: key.storyboard == main.name ? base : "\(key.storyboard)/\(base)")
    }
  }

  /// The controllers, in the order of the scenes, then the missing scenes; and where each comes from.
  private func makeControllers() -> (Hierarchy, [String: StoryboardHierarchy.Origin]) {
    var controllers: [ViewController] = []
    var origins: [String: StoryboardHierarchy.Origin] = [:]
    for key in included {
      guard let scene = scene(key), let id = ids[key], let kind = kind(of: key) else { continue }
      controllers.append(
        ViewController(
          id: id, className: scene.className, kind: kind, title: scene.shownTitle,
          definesPresentationContext: scene.definesPresentationContext,
          restorationIdentifier: scene.restorationIdentifier))
      origins[id] = .init(storyboard: key.storyboard, objectID: key.objectID)
    }
    for key in missing {
      guard let id = ids[key] else { continue }
      controllers.append(ViewController(id: id, className: "missing scene", kind: .content))
      origins[id] = .init(storyboard: key.storyboard, objectID: key.objectID)
    }
    var hierarchy = Hierarchy(viewControllers: controllers)
    hierarchy.storyboardScenes = Set(controllers.map(\.id))
    return (hierarchy, origins)
  }

  /// The containment and segues of one instance of a scene: its relationship and embed segues
  /// attach children (a split view's columns in UIKit's order), its other segues are `segues`.
  private mutating func attachConnections(of key: Key, in hierarchy: inout Hierarchy, segues: inout [Segue]) {
    guard let source = ids[key], let parent = hierarchy[source] else { return }
    var columns: [(rank: Int, child: String, connection: Storyboard.Connection)] = []
    for (index, connection) in connections(from: key).enumerated() {
      let destinationKey =
        instanceTargets[Site(source: key, index: index)]
        ?? connection.destination.map { Key(storyboard: key.storyboard, objectID: $0) }
      let destination = destinationKey.flatMap { ids[$0] }
      switch connection.kind {
      case "relationship"?, "embed"?:
        guard let destination else { continue }
        let name = connection.kind == "embed" ? "embed" : connection.relationship ?? ""
        guard let rank = Self.rank(ofRelationship: name, in: parent.kind) else {
          warn(.unknownRelationship(name, element: scene(key)?.element ?? "?"), at: connection.location)
          segues.append(segue(connection, from: source, to: destination, kind: .relationship(name)))
          continue
        }
        columns.append((rank, destination, connection))
      default:
        let kind = segueKind(connection, destination: destinationKey)
        segues.append(
          segue(connection, from: source, to: connection.kind == "unwind" ? nil : destination, kind: kind))
      }
    }
    // A split view's columns in UIKit's order whatever the document's; tabs and stacks as written.
    let ordered = columns.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
    for column in ordered.map(\.element) {
      let child = column.child
      let name = column.connection.kind == "embed" ? "embed" : column.connection.relationship ?? ""
      // Named as in the scene's own storyboard, so that drawing a set reports it once, not once
      // more with the storyboard's name in front for each storyboard that follows a reference there.
      func local(_ id: String) -> String { localID(id, in: key.storyboard) }
      if let firstParent = hierarchy[child]?.parent {
        warn(
          .secondParent(child: local(child), parent: local(source), firstParent: local(firstParent)),
          at: column.connection.location)
        segues.append(segue(column.connection, from: source, to: child, kind: .relationship(name)))
      } else if hierarchy.isSelfOrAncestor(child, of: source) {
        warn(.containmentCycle(child: local(child), parent: local(source)), at: column.connection.location)
        segues.append(segue(column.connection, from: source, to: child, kind: .relationship(name)))
      } else {
        hierarchy.attachChild(child, to: source)
      }
    }
    let children = hierarchy[source]?.children ?? []
    switch parent.kind {
    case .tabBar:
      hierarchy.setContainerDetails(of: source, selectedChild: children.first)
    case .splitView:
      let hasSupplementary = columns.contains { $0.rank == 1 && children.contains($0.child) }
      let hasCompact = columns.contains { $0.rank == 3 && children.last == $0.child }
      // Expanded until the launch size class collapses it; neither when that is not known.
      hierarchy.setContainerDetails(
        of: source, hasSupplementaryColumn: hasSupplementary, hasCompactColumn: hasCompact,
        isCollapsed: launchSizeClass == nil ? nil : false)
    default:
      break
    }
    if let target = referenceTargets[key.scene], let destination = ids[target] {
      segues.append(Segue(source: source, destination: destination, kind: .reference))
    }
  }

  /// The window whose root is the initial view controller, and what is on screen at launch: the
  /// root and what its containers show, through the references that are followed.
  private mutating func addWindow(_ windowID: String, to hierarchy: inout Hierarchy) {
    guard let initial = main.initialViewController else { return }
    guard let root = ids[Key(storyboard: main.name, objectID: initial)] else {
      // A scene left out (a WatchKit interface controller) is reported as such already.
      if !main.leftOutScenes.contains(where: { $0.objectID == initial }) {
        warn(.missingInitialViewController(initial), at: SourceLocation(file: main.path, line: 1, column: 1))
      }
      return
    }
    hierarchy.addWindow(
      Window(
        id: windowID, isKey: true, rootViewController: root,
        horizontalSizeClass: launchSizeClass ?? .regular))
    var shown: Set<String> = []
    var pending = [root]
    let references = Set(included.filter { scene($0)?.reference != nil }.compactMap { ids[$0] })
    let missingIDs = Set(missing.compactMap { ids[$0] })
    let targets = Dictionary(
      included.compactMap { key in
        referenceTargets[key.scene].flatMap { target in ids[key].flatMap { id in ids[target].map { (id, $0) } } }
      },
      uniquingKeysWith: { first, _ in first })
    while let id = pending.popLast() {
      guard shown.insert(id).inserted, let controller = hierarchy[id], !missingIDs.contains(id) else { continue }
      // A reference is not a controller of its own: what it refers to is shown in its place, so
      // the reference is on screen with it (a tab that is a reference is the selected tab too).
      if references.contains(id) {
        hierarchy.setState(of: id, appearance: .appeared, isViewLoaded: true)
        if let target = targets[id] { pending.append(target) }
        continue
      }
      hierarchy.setState(of: id, appearance: .appeared, isViewLoaded: true)
      pending += controller.visibleChildren.reversed()
    }
  }

  /// A controller id as the storyboard `storyboard` names it drawn alone: without the
  /// `Settings/` that scenes of another storyboard than the main one have in front.
  private func localID(_ id: String, in storyboard: String) -> String {
    guard storyboard != main.name, id.hasPrefix(storyboard + "/") else { return id }
    return String(id.dropFirst(storyboard.count + 1))
  }

  private func segue(
    _ connection: Storyboard.Connection, from source: String, to destination: String?, kind: Segue.Kind
  )
    -> Segue
  {
    Segue(
      source: source, destination: destination, kind: kind, identifier: connection.identifier,
      objectID: connection.objectID)
  }

  /// The kind of a segue that is not containment.
  private func segueKind(_ connection: Storyboard.Connection, destination: Key?) -> Segue.Kind {
    /// The segue's presentation style, else its destination's.
    func style() -> ModalPresentationStyle? {
      let spelled =
        connection.modalPresentationStyle ?? destination.flatMap { scene($0)?.modalPresentationStyle }
      return spelled.flatMap(ModalPresentationStyle.init(rawValue:))
    }
    switch connection.kind ?? "" {
    case "show": return .show
    case "showDetail": return .showDetail
    case "presentation": return .presentation(style: style())
    case "popoverPresentation": return .popover
    case "popover": return .legacyPopover
    case "push": return .push
    case "modal": return .modal(style: style())
    case "replace": return .replace
    case "custom":
      let className = connection.customClass.flatMap { name -> String? in
        guard !name.isEmpty else { return nil }
        guard let module = connection.customModule, !module.isEmpty, !name.contains(".") else { return name }
        return "\(module).\(name)"
      }
      return .custom(className: className)
    case "unwind": return .unwind(action: connection.unwindAction)
    case let kind: return .other(kind)
    }
  }

  /// A controller's kind from its element: UIKit's containers, else content.
  static func kind(ofElement element: String) -> ViewControllerKind {
    switch element {
    case "navigationController": return .navigation
    case "tabBarController": return .tabBar
    case "splitViewController": return .splitView
    case "pageViewController": return .pageView
    case "hostingController": return .hosting
    default: return .content
    }
  }

  /// Where a relationship puts its destination among the container's children (a split view's
  /// column: primary 0, supplementary 1, secondary 2, compact 3; anything else keeps the
  /// document's order), or
  /// nil when the container has no such relationship.
  static func rank(ofRelationship name: String, in kind: ViewControllerKind) -> Int? {
    switch (kind, name) {
    case (.navigation, "rootViewController"): return 0
    case (.tabBar, "viewControllers"): return 0
    case (.splitView, "masterViewController"), (.splitView, "primaryViewController"): return 0
    case (.splitView, "supplementaryViewController"): return 1
    case (.splitView, "detailViewController"), (.splitView, "secondaryViewController"): return 2
    // The column-style split view's compact column (iOS 14), its last child.
    case (.splitView, "compactViewController"): return 3
    case (.content, "embed"), (.container, "embed"): return 0
    default: return nil
    }
  }
}
