import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

// MARK: - Reading the XML

/// The delegate of the XML parser: collects scenes and segues as the elements go by.
final class StoryboardReader: NSObject, XMLParserDelegate {
  let path: String
  var rootElement: String?
  var rootLocation: SourceLocation?
  var documentType: String?
  var toolsVersion: String?
  var initialViewController: String?
  var device = StoryboardDevice()
  var scenes: [Storyboard.Scene] = []
  var connections: [Storyboard.Connection] = []
  /// The scenes with no controller vcgraph reads (WatchKit's `<controller>`), in document order.
  var leftOutScenes: [Storyboard.LeftOutScene] = []
  var warnings: [StoryboardWarning] = []
  var error: StoryboardError?

  /// The names of the open elements, the root first.
  private var stack: [String] = []
  /// The depth of the open `<scene>`, and of its `<objects>`.
  private var sceneDepth: Int?
  private var objectsDepth: Int?
  private var sceneLocation: SourceLocation?
  /// The open controller elements: their index in `scenes` and their depth.
  private var openControllers: [(index: Int, depth: Int)] = []
  /// The controllers of the open scene, by index in `scenes`.
  private var sceneControllers: [Int] = []
  /// The open scene's first object that is not a controller or a placeholder (First Responder,
  /// Exit): what a scene without a controller holds instead.
  private var sceneObject: (element: String, objectID: String?)?
  /// The open scene's segues: their attributes and where, and the controller they are inside, if any.
  private var sceneSegues: [(attributes: [String: String], location: SourceLocation, controller: Int?)] = []
  /// The line of each scene controller's object id, to refuse a second controller with the same id.
  private var controllerLines: [String: Int] = [:]
  /// The element names and segue kinds already warned about, so each is reported once.
  private var reported: Set<String> = []

  /// The most text to take from the parser (see ``Storyboard/maximumTextBytes``), and how much it
  /// delivered so far.
  private let maximumTextBytes: Int
  private var textBytes = 0

  init(path: String, maximumTextBytes: Int) {
    self.path = path
    self.maximumTextBytes = maximumTextBytes
  }

  /// Counts `count` more bytes of delivered text; stops the parser with an error past the limit.
  private func count(_ count: Int, parser: XMLParser) -> Bool {
    textBytes += count
    guard textBytes > maximumTextBytes, error == nil else { return error == nil }
    error = StoryboardError(
      .textTooLong(limit: maximumTextBytes),
      at: SourceLocation(file: path, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1)))
    parser.abortParsing()
    return false
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    _ = count(string.utf8.count, parser: parser)
  }

  /// The innermost open element, for messages.
  var openElement: String? { stack.last }

  private var isUIKit: Bool { !(documentType?.contains(".Cocoa.") ?? false) }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
    attributes: [String: String] = [:]
  ) {
    guard error == nil else { return }
    let delivered = attributes.reduce(elementName.utf8.count) { $0 + $1.key.utf8.count + $1.value.utf8.count }
    guard count(delivered, parser: parser) else { return }
    let depth = stack.count
    stack.append(elementName)
    let location = SourceLocation(file: path, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1))
    if depth == 0 {
      rootElement = elementName
      rootLocation = location
      documentType = attributes["type"]
      toolsVersion = attributes["toolsVersion"]
      initialViewController = attributes["initialViewController"]
      device.targetRuntime = attributes["targetRuntime"]
      return
    }
    // The canvas's device (Xcode 8 and later), with its layout (Xcode 8 and 9 put it inside).
    if depth == 1, elementName == "device" {
      device.id = attributes["id"]
      device.orientation = attributes["orientation"]
      device.layout = attributes["layout"]
      return
    }
    if depth == 2, elementName == "adaptation", stack[1] == "device" {
      device.layout = attributes["id"]
      return
    }
    // An older file's simulated screen, in its `<simulatedMetricsContainer>`.
    if elementName == "simulatedScreenMetrics", sceneDepth == nil, attributes["key"] == "destination" {
      device.simulatedScreen = attributes["type"]
      return
    }
    if elementName == "scene", sceneDepth == nil {
      sceneDepth = depth
      sceneLocation = location
      return
    }
    // Outside scenes (`<inferredMetricsTieBreakers>`, `<resources>`, `<classes>`) nothing is a segue.
    guard let sceneDepth else { return }
    if elementName == "objects", depth == sceneDepth + 1 {
      objectsDepth = depth
      return
    }
    if let objectsDepth, depth == objectsDepth + 1, isController(elementName, attributes) {
      if let objectID = attributes["id"] {
        if let first = controllerLines[objectID] {
          error = StoryboardError(.duplicateObjectID(objectID, firstLine: first), at: location)
          parser.abortParsing()
          return
        }
        controllerLines[objectID] = location.line
      }
      readController(elementName, attributes, location: location, depth: depth)
      return
    }
    if let objectsDepth, depth == objectsDepth + 1, sceneObject == nil, elementName != "placeholder" {
      sceneObject = (elementName, attributes["id"])
    }
    if let open = openControllers.last, depth == open.depth + 1 {
      // The controller's own items, not those of a bar inside its view.
      if elementName == "navigationItem", attributes["key"] == "navigationItem" {
        scenes[open.index].navigationTitle = attributes["title"]
      } else if elementName == "tabBarItem", attributes["key"] == "tabBarItem" {
        scenes[open.index].tabBarTitle = attributes["title"]
      }
    }
    if elementName == "segue" {
      // `<segue reference="…"/>` points back at a segue declared elsewhere.
      if attributes["reference"] != nil, attributes["destination"] == nil, attributes["kind"] == nil { return }
      sceneSegues.append((attributes, location, openControllers.last?.index))
    }
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
  ) {
    guard error == nil, !stack.isEmpty else { return }
    let depth = stack.count - 1
    stack.removeLast()
    if let open = openControllers.last, open.depth == depth { openControllers.removeLast() }
    if depth == objectsDepth { objectsDepth = nil }
    if depth == sceneDepth { finishScene() }
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
    guard error == nil else { return }
    error = StoryboardError(
      .malformedXML(code: (parseError as NSError).code, openElement: stack.last),
      at: SourceLocation(file: path, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1)))
  }

  /// True for a scene's object that is a controller: `sceneMemberID="viewController"`, or (in files
  /// that do not say) an element vcgraph knows as one.
  private func isController(_ element: String, _ attributes: [String: String]) -> Bool {
    if let member = attributes["sceneMemberID"] { return member == "viewController" }
    return Storyboard.elementClasses[element] != nil
  }

  private func readController(_ element: String, _ attributes: [String: String], location: SourceLocation, depth: Int) {
    let classes = isUIKit ? Storyboard.elementClasses : Storyboard.appKitElementClasses
    let elementClass = classes[element]
    if elementClass == nil, reported.insert("element " + element).inserted {
      warnings.append(StoryboardWarning(.unknownElement(element), at: location))
    }
    var reference: Storyboard.Reference?
    if element == "viewControllerPlaceholder" {
      reference = Storyboard.Reference(
        storyboardName: attributes["storyboardName"].flatMap { $0.isEmpty ? nil : $0 },
        referencedIdentifier: attributes["referencedIdentifier"].flatMap { $0.isEmpty ? nil : $0 })
    }
    let scene = Storyboard.Scene(
      objectID: attributes["id"] ?? "line \(location.line)", element: element, elementClass: elementClass,
      customClass: attributes["customClass"], customModule: attributes["customModule"],
      storyboardIdentifier: attributes["storyboardIdentifier"].flatMap { $0.isEmpty ? nil : $0 },
      restorationIdentifier: attributes["restorationIdentifier"], title: attributes["title"],
      modalPresentationStyle: attributes["modalPresentationStyle"],
      definesPresentationContext: attributes["definesPresentationContext"].map { $0 == "YES" },
      reference: reference, location: location)
    scenes.append(scene)
    openControllers.append((scenes.count - 1, depth))
    sceneControllers.append(scenes.count - 1)
  }

  /// Gives the scene's segues their source: the controller they are inside, else the scene's
  /// controller; a scene without one is left out.
  private func finishScene() {
    let first = sceneControllers.first
    if first == nil, let sceneLocation {
      leftOutScenes.append(
        Storyboard.LeftOutScene(
          element: sceneObject?.element, objectID: sceneObject?.objectID, segueCount: sceneSegues.count,
          location: sceneLocation))
    }
    let orphans = sceneSegues.filter { ($0.controller ?? first) == nil }
    // A scene left out is reported with its segues, as a whole.
    if first != nil, let orphan = orphans.first {
      warnings.append(StoryboardWarning(.noSourceController(count: orphans.count), at: orphan.location))
    }
    for segue in sceneSegues {
      guard let index = segue.controller ?? first else { continue }
      let attributes = segue.attributes
      let kind = attributes["kind"]
      // A `<segue key="commit">` or `<segue key="preview">` inside a segue is its peek-and-pop
      // part (Xcode 7 and later), with no destination of its own: not a segue to draw or warn about.
      if attributes["key"] == "commit" || attributes["key"] == "preview" { continue }
      guard let destination = attributes["destination"], !destination.isEmpty else {
        warnings.append(StoryboardWarning(.segueWithoutDestination, at: segue.location))
        continue
      }
      if kind == nil || kind?.isEmpty == true {
        warnings.append(StoryboardWarning(.segueWithoutKind, at: segue.location))
      } else if let kind, !Self.knownKinds.contains(kind), reported.insert("kind " + kind).inserted {
        warnings.append(StoryboardWarning(.unknownSegueKind(kind), at: segue.location))
      }
      connections.append(
        Storyboard.Connection(
          objectID: attributes["id"], source: scenes[index].objectID, destination: destination, kind: kind,
          relationship: attributes["relationship"], identifier: attributes["identifier"],
          modalPresentationStyle: attributes["modalPresentationStyle"], customClass: attributes["customClass"],
          customModule: attributes["customModule"], unwindAction: attributes["unwindAction"],
          location: segue.location))
    }
    sceneDepth = nil
    objectsDepth = nil
    sceneControllers = []
    sceneObject = nil
    sceneSegues = []
    openControllers = []
  }

  /// The segue kinds of every Xcode since 4.2.
  static let knownKinds: Set<String> = [
    "relationship", "embed", "show", "showDetail", "presentation", "popoverPresentation", "popover", "push",
    "modal", "replace", "custom", "unwind",
  ]
}
