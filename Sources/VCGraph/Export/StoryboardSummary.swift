/// What `vcgraph storyboard --format json` adds to the hierarchy at launch: the storyboard's
/// segues (kind, source, destination, identifier) and the storyboard references with their target
/// storyboard and scene in fields of their own, for tools that read the JSON.
public struct StoryboardSummary: Sendable, Encodable {
  public var name: String
  public var toolsVersion: String?
  /// The object id of the initial view controller.
  public var initialViewController: String?
  /// The device the canvas shows and the size class the app's window launches in.
  public var device: Device
  public var segues: [Segue]
  public var references: [Reference]

  /// The canvas's device: every key is written, null where the storyboard does not say.
  public struct Device: Sendable, Encodable {
    /// The `<device>` element's id (`retina6_12`, `ipad10_9rounded`).
    public var id: String?
    /// `portrait` or `landscape`.
    public var orientation: String?
    /// `iPhone` or `iPad`, from the device, else from an older file's runtime or simulated screen.
    public var idiom: StoryboardDevice.Idiom?
    /// The window's horizontal size class at launch: `compact` on an iPhone (in portrait, and in
    /// landscape but on a Plus or Max), `regular` on an iPad full screen; null when not known, and
    /// then no split view is collapsed or expanded.
    public var horizontalSizeClass: SizeClass?

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(orientation, forKey: .orientation)
      try container.encode(idiom, forKey: .idiom)
      try container.encode(horizontalSizeClass, forKey: .horizontalSizeClass)
    }

    enum CodingKeys: String, CodingKey { case id, orientation, idiom, horizontalSizeClass }
  }

  /// One segue, relationship and embed segues included, in document order.
  public struct Segue: Sendable, Encodable {
    /// Interface Builder's object id of the segue.
    public var id: String?
    public var kind: String?
    /// The object id of the scene's controller it starts from.
    public var source: String
    public var sourceClass: String
    /// The object id it leads to.
    public var destination: String?
    public var destinationClass: String?
    public var identifier: String?
    /// For a relationship segue: `rootViewController`, `viewControllers`, ….
    public var relationship: String?
    public var modalPresentationStyle: String?
    /// For an unwind segue, the action it calls.
    public var unwindAction: String?
  }

  /// A storyboard reference (`<viewControllerPlaceholder>`).
  public struct Reference: Sendable, Encodable {
    /// The placeholder's object id, which segues name.
    public var id: String
    /// The storyboard it refers to; nil for a scene of the same storyboard.
    public var storyboard: String?
    /// The storyboard identifier of the scene it refers to; nil for that storyboard's initial
    /// view controller.
    public var scene: String?
  }

  public init(_ storyboard: Storyboard) {
    name = storyboard.name
    toolsVersion = storyboard.toolsVersion
    initialViewController = storyboard.initialViewController
    device = Device(
      id: storyboard.device.id, orientation: storyboard.device.orientation, idiom: storyboard.device.idiom,
      horizontalSizeClass: storyboard.device.horizontalSizeClass)
    var classes: [String: String] = [:]
    for scene in storyboard.scenes where classes[scene.objectID] == nil { classes[scene.objectID] = scene.className }
    segues = storyboard.connections.map { connection in
      Segue(
        id: connection.objectID, kind: connection.kind, source: connection.source,
        sourceClass: classes[connection.source] ?? connection.source, destination: connection.destination,
        destinationClass: connection.destination.flatMap { classes[$0] }, identifier: connection.identifier,
        relationship: connection.relationship, modalPresentationStyle: connection.modalPresentationStyle,
        unwindAction: connection.unwindAction)
    }
    references = storyboard.scenes.compactMap { scene in
      scene.reference.map {
        Reference(id: scene.objectID, storyboard: $0.storyboardName, scene: $0.referencedIdentifier)
      }
    }
  }
}
