import VCGraph

/// Puts the indexed files and the storyboards together into the map: the controllers, the
/// navigators, the transitions of the code and those of the storyboards.
struct MapBuilder {
  let index: AppIndex
  let storyboards: StoryboardIndex
  let resolver: ExpressionResolver

  init(files: [FileIndex], storyboards: [Storyboard]) {
    index = AppIndex(files: files)
    self.storyboards = StoryboardIndex(storyboards)
    resolver = ExpressionResolver(index: index, storyboards: self.storyboards)
  }

  func build() -> AppMap {
    var sites = NavigationSites(index: index, resolver: resolver)
    sites.find()
    var transitions = sites.transitions + storyboardTransitions()

    // Controllers: the app's classes that are, the classes transitions lead to, the storyboards' scenes.
    var controllers: [String: AppMap.Controller] = [:]
    for (name, kind) in index.typeKinds where kind == .class {
      guard let controllerKind = resolver.controllerKind(of: name) else { continue }
      controllers[name] = controller(name, kind: controllerKind)
    }
    for transition in transitions {
      guard let to = transition.to, controllers[to] == nil else { continue }
      if let kind = resolver.controllerKind(of: to) {
        controllers[to] = controller(to, kind: kind)
      } else if index.typeKinds[to] == .class, index.superclass(of: to) != nil {
        // A class whose base is outside the sources and that is shown: a controller.
        controllers[to] = controller(to, kind: .content)
      } else if index.typeKinds[to] == nil {
        controllers[to] = AppMap.Controller(
          name: to, kind: ExpressionResolver.kindFromName(to) ?? .content,
          hostedView: to.hasPrefix("UIHostingController<") ? TypeName.argument(to) : nil)
      }
    }
    for storyboard in storyboards.storyboards {
      for scene in storyboard.scenes where scene.reference == nil {
        let name = StoryboardIndex.className(of: scene)
        guard scene.customClass?.isEmpty == false || controllers[name] != nil else { continue }
        if controllers[name] == nil {
          controllers[name] = AppMap.Controller(
            name: name, kind: AppMap.Controller.Kind.ofUIKitClass(scene.elementClass ?? "") ?? .content)
        }
        controllers[name]?.scenes.append(
          .init(
            storyboard: storyboard.name, objectID: scene.objectID, storyboardIdentifier: scene.storyboardIdentifier,
            site: AppMap.Site(file: storyboard.path, line: scene.location.line, column: scene.location.column)))
      }
    }
    // A transition to a type of the app that is not a controller leads nowhere known.
    for position in transitions.indices {
      guard let to = transitions[position].to, controllers[to] == nil else { continue }
      transitions[position].unresolved = "\(to) is not a view controller"
      transitions[position].to = nil
    }

    // Navigators: the types outside controllers that navigate.
    var navigators: [String: AppMap.Navigator] = [:]
    for transition in transitions where controllers[transition.from] == nil && navigators[transition.from] == nil {
      navigators[transition.from] = navigator(transition.from)
    }
    return AppMap(
      controllers: controllers.values.sorted { $0.name < $1.name },
      navigators: navigators.values.sorted { $0.name < $1.name },
      // By site; sites of one call (a list of tabs) keep the order written.
      transitions: transitions.enumerated().sorted { ($0.element.site, $0.offset) < ($1.element.site, $1.offset) }.map(
        \.element))
  }

  func controller(_ name: String, kind: AppMap.Controller.Kind) -> AppMap.Controller {
    let superclass = index.superclass(of: name)
    var hostedView: String?
    if kind == .hosting {
      hostedView = name.hasPrefix("UIHostingController<") ? TypeName.argument(name) : hostedViewOfSubclass(name)
    }
    return AppMap.Controller(
      name: name, kind: kind, superclass: superclass, baseOutsideSources: resolver.baseOutsideSources(of: name) != nil,
      site: index.typeSites[name] ?? index.extensionSites[name], hostedView: hostedView)
  }

  /// `SettingsView` for `class SettingsHost: UIHostingController<SettingsView>`.
  func hostedViewOfSubclass(_ name: String) -> String? {
    var current = name
    var seen: Set<String> = []
    while seen.insert(current).inserted, let superclass = index.superclass(of: current) {
      if TypeName.base(superclass) == "UIHostingController" { return TypeName.argument(superclass) }
      current = superclass
    }
    return nil
  }

  func navigator(_ name: String) -> AppMap.Navigator {
    let site = index.typeSites[name] ?? index.extensionSites[name]
    let conformances = index.lineage(of: name)
    let kind: AppMap.Navigator.Kind
    if AppMap.Controller.Kind.ofUIKitClass(name) != nil
      || index.typeKinds[name] == nil && index.extensionSites[name] != nil
    {
      kind = .extension
    } else if conformances.contains(where: { $0.hasSuffix("ApplicationDelegate") || $0.hasSuffix("SceneDelegate") })
      || name.hasSuffix("AppDelegate") || name.hasSuffix("SceneDelegate")
    {
      kind = .delegate
    } else if conformances.contains(where: { $0.hasSuffix("Coordinator") }) || name.hasSuffix("Coordinator") {
      kind = .coordinator
    } else if ["Router", "Navigator", "Flow", "Wireframe", "Navigation"].contains(where: { name.hasSuffix($0) })
      || conformances.contains(where: { $0.hasSuffix("Router") })
    {
      kind = .router
    } else {
      kind = .other
    }
    return AppMap.Navigator(name: name, kind: kind, site: site)
  }

  /// The storyboards' own transitions: relationships (a navigation controller's root, tabs, split
  /// view columns) and embeds as containment, other segues as `segue` from the scene's class.
  func storyboardTransitions() -> [AppMap.Transition] {
    var transitions: [AppMap.Transition] = []
    for storyboard in storyboards.storyboards {
      for connection in storyboard.connections {
        guard let source = storyboard.scene(withObjectID: connection.source) else { continue }
        let from = StoryboardIndex.className(of: source)
        let site = AppMap.Site(
          file: storyboard.path, line: connection.location.line, column: connection.location.column)
        if connection.kind == "unwind" { continue }
        let to = storyboards.destination(of: connection, in: storyboard)
        let kind: AppMap.Transition.Kind
        var style: String?
        switch connection.kind {
        case "relationship":
          let sourceKind = AppMap.Controller.Kind.ofUIKitClass(source.elementClass ?? "")
          if connection.relationship == "viewControllers" {
            kind = sourceKind == .tabBar ? .tabs : sourceKind == .page ? .embed : .stack
          } else if connection.relationship == "rootViewController" {
            kind = .stack
          } else {
            kind = .embed
          }
        case "embed": kind = .embed
        default:
          kind = .segue
          style = connection.modalPresentationStyle
        }
        transitions.append(
          AppMap.Transition(
            from: from, to: to, kind: kind, style: style, site: site,
            call: "storyboard " + (connection.kind ?? "segue"),
            unresolved: to == nil ? "a scene that is not in the storyboards read" : nil,
            identifier: connection.identifier))
      }
    }
    return transitions
  }
}
