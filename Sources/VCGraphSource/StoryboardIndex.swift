import VCGraph

/// The storyboards read with the Swift files, indexed the way code names their scenes: by
/// storyboard identifier (`instantiateViewController(withIdentifier:)`), by segue identifier
/// (`performSegue(withIdentifier:)`) and by storyboard name (`instantiateInitialViewController()`).
struct StoryboardIndex {
  let storyboards: [Storyboard]
  /// Scenes by storyboard identifier: the storyboard's name and the scene.
  private(set) var scenesByIdentifier: [String: [(storyboard: String, scene: Storyboard.Scene)]] = [:]
  /// Segues by identifier: the storyboard, the segue and the class of the scene it starts from.
  private(set) var seguesByIdentifier:
    [String: [(storyboard: Storyboard, segue: Storyboard.Connection, source: String)]] =
      [:]

  init(_ storyboards: [Storyboard]) {
    self.storyboards = storyboards
    for storyboard in storyboards {
      for scene in storyboard.scenes {
        if let identifier = scene.storyboardIdentifier, !identifier.isEmpty {
          scenesByIdentifier[identifier, default: []].append((storyboard.name, scene))
        }
      }
      for connection in storyboard.connections {
        guard let identifier = connection.identifier, !identifier.isEmpty,
          let source = storyboard.scene(withObjectID: connection.source)
        else { continue }
        seguesByIdentifier[identifier, default: []].append((storyboard, connection, Self.className(of: source)))
      }
    }
  }

  /// The class a scene's controller is, as the Swift code names it: the custom class without its
  /// module, else UIKit's class of the element.
  static func className(of scene: Storyboard.Scene) -> String {
    if let custom = scene.customClass, !custom.isEmpty {
      // A storyboard names a Swift class as the code does, sometimes with its module (`App.Foo`).
      return String(custom.split(separator: ".").last ?? Substring(custom))
    }
    return scene.elementClass ?? scene.element
  }

  /// The class of the scene a storyboard identifier names, in `storyboardName` when given.
  func scene(identifier: String, storyboardName: String?) -> String? {
    let found = (scenesByIdentifier[identifier] ?? []).filter {
      storyboardName == nil || $0.storyboard == storyboardName
    }
    let classes = Set(found.map { Self.className(of: $0.scene) })
    return classes.count == 1 ? classes.first : nil
  }

  /// The class of a storyboard's initial view controller.
  func initialScene(ofStoryboard name: String) -> String? {
    guard let storyboard = storyboards.first(where: { $0.name == name }),
      let initial = storyboard.initialViewController,
      let scene = storyboard.scene(withObjectID: initial)
    else { return nil }
    return destinationClass(of: scene, in: storyboard)
  }

  /// The destination of the segue `identifier` performed by `sourceClasses` (the caller and its
  /// superclasses): the destination scene's class and the segue's kind; nil when the storyboards
  /// have no such segue, or several that lead to different classes.
  func segue(identifier: String, from sourceClasses: [String]) -> (destination: String?, segue: Storyboard.Connection)?
  {
    let all = seguesByIdentifier[identifier] ?? []
    let own = all.filter { sourceClasses.contains($0.source) }
    let candidates = own.isEmpty ? all : own
    guard let first = candidates.first else { return nil }
    let destinations = Set(candidates.map { destination(of: $0.segue, in: $0.storyboard) ?? "" })
    return (destinations.count == 1 ? destination(of: first.segue, in: first.storyboard) : nil, first.segue)
  }

  /// The class of the scene a segue leads to, following a storyboard reference to its scene.
  func destination(of segue: Storyboard.Connection, in storyboard: Storyboard) -> String? {
    guard let objectID = segue.destination, let scene = storyboard.scene(withObjectID: objectID) else { return nil }
    return destinationClass(of: scene, in: storyboard)
  }

  /// A scene's class, or for a storyboard reference the class of the scene it names.
  func destinationClass(of scene: Storyboard.Scene, in storyboard: Storyboard) -> String? {
    guard let reference = scene.reference else { return Self.className(of: scene) }
    let name = reference.storyboardName ?? storyboard.name
    if let identifier = reference.referencedIdentifier {
      return self.scene(identifier: identifier, storyboardName: name)
    }
    guard name != storyboard.name else { return nil }
    return initialScene(ofStoryboard: name)
  }
}
