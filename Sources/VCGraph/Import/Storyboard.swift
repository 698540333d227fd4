import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A storyboard as Interface Builder saves it: its scenes, the segues between them and its initial
/// view controller, read from the XML of any Xcode version since storyboards began (Xcode 4.2).
///
/// Each `<scene>` holds one controller (`<viewController>`, `<navigationController>`,
/// `<tableViewController>`, …, or a `<viewControllerPlaceholder>` standing for a scene of another
/// storyboard); `<segue>` elements anywhere inside the scene (on the controller, a cell, a bar
/// button, a container view) start from that controller. ``StoryboardHierarchy`` turns the result
/// into a ``Hierarchy`` to draw.
public struct Storyboard: Sendable {
  /// Where the storyboard was read from.
  public let path: String
  /// The file name without folders and extension, `Main` for `Base.lproj/Main.storyboard`: the name
  /// storyboard references and `UIStoryboard(name:bundle:)` use.
  public let name: String
  /// The file name without folders, `Main.storyboard`.
  public let fileName: String
  /// The document's `type`, `com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB` for UIKit.
  public let documentType: String?
  /// The `toolsVersion` of the Interface Builder that saved it (`2182` for Xcode 4.3, `22155` for Xcode 15).
  public let toolsVersion: String?
  /// The object id of the initial view controller, when the storyboard has one.
  public let initialViewController: String?
  /// The device its canvas shows (`<device id="retina6_12" …>`), which decides the launch size class.
  public let device: StoryboardDevice
  /// The scenes' controllers, in document order.
  public let scenes: [Scene]
  /// The segues, in document order (relationship and embed segues included).
  public let connections: [Connection]
  /// What vcgraph reads in a generic way (an unknown element or segue kind) or leaves out.
  public let warnings: [StoryboardWarning]

  /// The controller of one scene.
  public struct Scene: Sendable, Hashable {
    /// Interface Builder's object id (`O2o-Cd-AeT`): what segues and `initialViewController` name.
    public var objectID: String
    /// The element, `navigationController`, `tableViewController`, `viewControllerPlaceholder`, ….
    public var element: String
    /// The UIKit class the element stands for (`UITableViewController`); nil for an element vcgraph does not know.
    public var elementClass: String?
    public var customClass: String?
    public var customModule: String?
    public var storyboardIdentifier: String?
    public var restorationIdentifier: String?
    /// The `title` attribute.
    public var title: String?
    /// The title of the controller's own `navigationItem`.
    public var navigationTitle: String?
    /// The title of the controller's own `tabBarItem`.
    public var tabBarTitle: String?
    /// The controller's `modalPresentationStyle` attribute, as the storyboard spells it.
    public var modalPresentationStyle: String?
    public var definesPresentationContext: Bool?
    /// What a `<viewControllerPlaceholder>` refers to; nil for any other element.
    public var reference: Reference?
    /// Where its element starts.
    public var location: SourceLocation

    /// The class as UIKit prints it: the custom class (`Module.Class` when the storyboard names the
    /// module), else the element's UIKit class, else the element's name.
    public var className: String {
      if let customClass, !customClass.isEmpty {
        let name = SwiftClassName.demangled(customClass)
        guard let customModule, !customModule.isEmpty, !name.contains(".") else { return name }
        return "\(customModule).\(name)"
      }
      return elementClass ?? element
    }

    /// The title people see: the `title` attribute, else the navigation item's, else the tab bar item's.
    public var shownTitle: String? {
      [title, navigationTitle, tabBarTitle].compactMap { $0 }.first { !$0.isEmpty }
    }
  }

  /// What a storyboard reference (`<viewControllerPlaceholder>`, Xcode 7 and later) stands for.
  public struct Reference: Sendable, Hashable {
    /// The storyboard's name; nil for a scene of the same storyboard.
    public var storyboardName: String?
    /// The storyboard identifier of the scene; nil for the storyboard's initial view controller.
    public var referencedIdentifier: String?
  }

  /// One `<segue>` element, with the attributes vcgraph reads.
  public struct Connection: Sendable, Hashable {
    /// The segue's own object id.
    public var objectID: String?
    /// The object id of the scene's controller the segue starts from.
    public var source: String
    /// The object id it leads to: a scene's controller, or for an unwind segue the scene's exit.
    public var destination: String?
    /// `relationship`, `embed`, `show`, `push`, `unwind`, … as spelled.
    public var kind: String?
    /// For a relationship segue, `rootViewController`, `viewControllers`, `masterViewController`, ….
    public var relationship: String?
    public var identifier: String?
    public var modalPresentationStyle: String?
    public var customClass: String?
    public var customModule: String?
    /// For an unwind segue, the action it calls (`unwindToList:`).
    public var unwindAction: String?
    /// Where its element starts.
    public var location: SourceLocation
  }

  /// Reads storyboard XML; `path` names it in messages and gives the storyboard its name.
  public init(data: Data, path: String) throws(StoryboardError) {
    let start = SourceLocation(file: path, line: 1, column: 1)
    guard data.contains(where: { !Self.isXMLSpace($0) }) else { throw StoryboardError(.empty, at: start) }
    // FoundationXML traps (a force unwrap in its start-element callback) on a name or attribute
    // that is not UTF-8, so a byte that is not UTF-8 is rejected here, where it is.
    if let location = Self.firstInvalidUTF8(in: data, path: path) {
      throw StoryboardError(.malformedXML(code: 9, openElement: nil), at: location)
    }
    // libxml2 expands an internal entity wherever it is used, whatever the parser is told: a 66 KB
    // file using one 10 KB entity 900 times grows to hundreds of megabytes. Xcode never writes a
    // document type declaration, so one is refused before parsing, where it is.
    if let location = Self.documentTypeDeclaration(in: data, path: path) {
      throw StoryboardError(.documentTypeDeclaration, at: location)
    }
    let reader = StoryboardReader(path: path)
    let parser = XMLParser(data: data)
    parser.shouldResolveExternalEntities = false
    parser.shouldProcessNamespaces = false
    parser.delegate = reader
    let finished = parser.parse()
    // libxml2 recovers from some errors and goes on (parse() can even return true): the first error
    // the delegate was told of is the one to report.
    if let error = reader.error { throw error }
    if !finished {
      let code = (parser.parserError as NSError?)?.code ?? 1
      throw StoryboardError(
        .malformedXML(code: code, openElement: reader.openElement),
        at: SourceLocation(file: path, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1)))
    }
    guard let root = reader.rootElement else { throw StoryboardError(.empty, at: start) }
    guard root == "document" else {
      throw StoryboardError(.notInterfaceBuilder(rootElement: root), at: reader.rootLocation ?? start)
    }
    if let type = reader.documentType, !type.contains("Storyboard"), reader.scenes.isEmpty {
      throw StoryboardError(.notAStoryboard(type: type), at: reader.rootLocation ?? start)
    }
    self.path = path
    fileName = (path as NSString).lastPathComponent
    name = (fileName as NSString).deletingPathExtension
    documentType = reader.documentType
    toolsVersion = reader.toolsVersion
    initialViewController = reader.initialViewController
    device = reader.device
    scenes = reader.scenes
    connections = reader.connections
    var warnings = reader.warnings
    if let type = reader.documentType, type.contains("Storyboard"), !type.contains("CocoaTouch"),
      !type.contains("AppleTV")
    {
      warnings.insert(StoryboardWarning(.otherPlatform(type: type), at: reader.rootLocation ?? start), at: 0)
    }
    self.warnings = warnings
  }

  /// Reads the storyboard in a file.
  public init(contentsOfFile path: String) throws(StoryboardError) {
    switch InputFile.contents(of: path, folderHint: "give the .storyboard file") {
    case let .success(data): try self.init(data: data, path: path)
    case let .failure(problem):
      throw StoryboardError(.unreadable(problem.reason), at: SourceLocation(file: path, line: 1, column: 1))
    }
  }

  /// The start of the document, for warnings about the whole storyboard.
  var locationOfDocument: SourceLocation { SourceLocation(file: path, line: 1, column: 1) }

  /// The scene whose controller has this object id.
  public func scene(withObjectID objectID: String) -> Scene? {
    scenes.first { $0.objectID == objectID }
  }

  private static func isXMLSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// Where the document's `<!DOCTYPE` is, or nil when its prolog (the XML declaration, comments and
  /// processing instructions before the root element) has none: the only place XML lets a document
  /// declare entities. Comments and processing instructions are skipped, so `<!DOCTYPE` inside one
  /// is not taken for a declaration.
  static func documentTypeDeclaration(in data: Data, path: String) -> SourceLocation? {
    let text: String
    switch (data.first, data.dropFirst().first) {
    case (0xFE, 0xFF), (0x00, 0x3C): text = String(decoding: utf16Units(data, bigEndian: true), as: UTF16.self)
    case (0xFF, 0xFE), (0x3C, 0x00): text = String(decoding: utf16Units(data, bigEndian: false), as: UTF16.self)
    // UTF-8, or an encoding an XML declaration names: all of them spell markup in ASCII.
    default: text = String(decoding: data, as: UTF8.self)
    }
    let scalars = text.unicodeScalars
    var index = scalars.startIndex
    if index < scalars.endIndex, scalars[index] == "\u{FEFF}" { index = scalars.index(after: index) }
    func skip(past end: String) -> Bool {
      let terminator = Array(end.unicodeScalars)
      while index < scalars.endIndex {
        if scalars[index...].starts(with: terminator) {
          index = scalars.index(index, offsetBy: terminator.count)
          return true
        }
        index = scalars.index(after: index)
      }
      return false
    }
    while index < scalars.endIndex {
      let scalar = scalars[index]
      if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
        index = scalars.index(after: index)
      } else if scalars[index...].starts(with: "<!--".unicodeScalars) {
        guard skip(past: "-->") else { return nil }
      } else if scalars[index...].starts(with: "<?".unicodeScalars) {
        guard skip(past: "?>") else { return nil }
      } else if scalars[index...].starts(with: "<!DOCTYPE".unicodeScalars) {
        var line = 1
        var column = 1
        for scalar in scalars[..<index] {
          if scalar == "\n" {
            line += 1
            column = 1
          } else if scalar != "\u{FEFF}" || line > 1 || column > 1 {
            column += 1
          }
        }
        return SourceLocation(file: path, line: line, column: column)
      } else {
        return nil
      }
    }
    return nil
  }

  /// The UTF-16 code units of `data`, without its byte order mark.
  private static func utf16Units(_ data: Data, bigEndian: Bool) -> [UInt16] {
    var units: [UInt16] = []
    units.reserveCapacity(data.count / 2)
    var bytes = data.makeIterator()
    while let first = bytes.next(), let second = bytes.next() {
      units.append(bigEndian ? UInt16(first) << 8 | UInt16(second) : UInt16(second) << 8 | UInt16(first))
    }
    if units.first == 0xFEFF { units.removeFirst() }
    return units
  }

  /// Where the first byte that is not UTF-8 is, for a document libxml2 reads as UTF-8: one with no
  /// UTF-16 byte order mark and no other encoding in its XML declaration (libxml2 converts those).
  private static func firstInvalidUTF8(in data: Data, path: String) -> SourceLocation? {
    if data.starts(with: [0xFE, 0xFF]) || data.starts(with: [0xFF, 0xFE]) { return nil }
    let prolog = String(decoding: data.prefix(200), as: UTF8.self).lowercased()
    if let declaration = prolog.range(of: "encoding="),
      !prolog[declaration.upperBound...].dropFirst().lowercased().hasPrefix("utf-8")
    {
      return nil
    }
    var parser = Unicode.UTF8.ForwardParser()
    var bytes = data.makeIterator()
    var line = 1
    var column = 1
    while true {
      switch parser.parseScalar(from: &bytes) {
      case let .valid(scalar):
        if scalar.count == 1, scalar.first == 0x0A {
          line += 1
          column = 1
        } else {
          column += 1
        }
      case .emptyInput: return nil
      case .error: return SourceLocation(file: path, line: line, column: column)
      }
    }
  }

  /// UIKit's classes for the elements of a UIKit storyboard that are scenes' controllers.
  static let elementClasses: [String: String] = [
    "viewController": "UIViewController",
    "navigationController": "UINavigationController",
    "tabBarController": "UITabBarController",
    "splitViewController": "UISplitViewController",
    "pageViewController": "UIPageViewController",
    "tableViewController": "UITableViewController",
    "collectionViewController": "UICollectionViewController",
    "glkViewController": "GLKViewController",
    "avPlayerViewController": "AVPlayerViewController",
    "hostingController": "UIHostingController",
    "viewControllerPlaceholder": "storyboard reference",
  ]

  /// AppKit's classes for the elements of a macOS storyboard.
  static let appKitElementClasses: [String: String] = [
    "viewController": "NSViewController",
    "windowController": "NSWindowController",
    "tabViewController": "NSTabViewController",
    "splitViewController": "NSSplitViewController",
    "pageController": "NSPageController",
    "viewControllerPlaceholder": "storyboard reference",
  ]
}

// MARK: - Reading the XML

/// The delegate of the XML parser: collects scenes and segues as the elements go by.
private final class StoryboardReader: NSObject, XMLParserDelegate {
  let path: String
  var rootElement: String?
  var rootLocation: SourceLocation?
  var documentType: String?
  var toolsVersion: String?
  var initialViewController: String?
  var device = StoryboardDevice()
  var scenes: [Storyboard.Scene] = []
  var connections: [Storyboard.Connection] = []
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
  /// The open scene's segues: their attributes and where, and the controller they are inside, if any.
  private var sceneSegues: [(attributes: [String: String], location: SourceLocation, controller: Int?)] = []
  /// The line of each scene controller's object id, to refuse a second controller with the same id.
  private var controllerLines: [String: Int] = [:]
  /// The element names and segue kinds already warned about, so each is reported once.
  private var reported: Set<String> = []

  init(path: String) {
    self.path = path
  }

  /// The innermost open element, for messages.
  var openElement: String? { stack.last }

  private var isUIKit: Bool { !(documentType?.contains(".Cocoa.") ?? false) }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
    attributes: [String: String] = [:]
  ) {
    guard error == nil else { return }
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

  /// Gives the scene's segues their source: the controller they are inside, else the scene's controller.
  private func finishScene() {
    let first = sceneControllers.first
    let orphans = sceneSegues.filter { ($0.controller ?? first) == nil }
    if let orphan = orphans.first {
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
    sceneSegues = []
    openControllers = []
  }

  /// The segue kinds of every Xcode since 4.2.
  static let knownKinds: Set<String> = [
    "relationship", "embed", "show", "showDetail", "presentation", "popoverPresentation", "popover", "push",
    "modal", "replace", "custom", "unwind",
  ]
}

// MARK: - The hierarchy

/// A storyboard as a ``Hierarchy``: its scenes as controllers, its relationship and embed segues as
/// containment, its other segues as ``Hierarchy/segues``, and its initial view controller as the root
/// of a window, with what UIKit shows at launch on screen.
///
/// - Controller ids are the storyboard identifier, else the custom class without its module, else
///   the element's UIKit class (`UINavigationController`), then `-2`, `-3`, … for the later ones of
///   the same name. A storyboard reference is `Settings.storyboard` (`Settings.storyboard#Profile`
///   with a referenced identifier); a scene followed into another storyboard has that storyboard's
///   name in front (`Settings/SettingsViewController`); a segue to an object no scene has leads to
///   a `missing scene` controller, `missing OBJECT-ID`.
/// - Containment: a navigation controller's `rootViewController` is its stack's bottom; a tab bar's
///   `viewControllers` are its tabs in order, the first selected; a split view's
///   `masterViewController`, `supplementaryViewController` and `detailViewController` are its
///   columns; an `embed` segue makes the destination a child of the controller whose container view
///   holds it, which becomes a custom container. A scene embedded by several container views is
///   one controller per embed, as UIKit instantiates it for each: the later ones are
///   `SCENE-ID (embed 2)`, `(embed 3)`, …, with the scene's segues and their own instances of what
///   the scene contains (at most ``maximumEmbeddedInstances`` in all). Other relationships
///   (`nextPage`) are segues of kind ``Segue/Kind/relationship(_:)``, and a second
///   relationship to a scene that already has a container is drawn as a segue, with a warning.
/// - Size class: the window has the horizontal size class of the storyboard's device
///   (``StoryboardDevice/horizontalSizeClass``; regular when the device does not say). On a compact
///   canvas (an iPhone) every split view is collapsed, as UIKit collapses one that enters a compact
///   window: with a navigation controller as primary, the other columns go onto its stack. On a
///   regular one (an iPad) split views are expanded; when the device does not say, they are neither
///   (``ViewController/isCollapsed`` nil, labelled neither collapsed nor expanded).
/// - Launch: the initial controller is loaded and appeared, and so is every child its containers
///   show (a stack's top, the first tab, an expanded split view's columns or a collapsed one's
///   primary, embedded children), through storyboard references that are followed. Every other
///   scene is `disappeared` with its view not loaded: nothing instantiates it until a segue or the
///   app's code does.
/// - References: a storyboard reference whose storyboard is among `others` is followed: the scene
///   it names (the initial view controller when it names none) is added, with every scene reachable
///   from it, and a segue of kind ``Segue/Kind/reference`` leads from the reference to it.
public struct StoryboardHierarchy: Sendable {
  public let storyboard: Storyboard
  public let hierarchy: Hierarchy
  /// Problems found while building: segues to missing scenes, relationships vcgraph cannot draw as
  /// containment. The storyboard's own reading warnings are in ``Storyboard/warnings``.
  public let warnings: [StoryboardWarning]
  /// Where each controller comes from, by controller id: its storyboard's name and object id.
  public let origins: [String: Origin]

  /// Where a controller of the hierarchy was declared.
  public struct Origin: Sendable, Hashable {
    /// The storyboard's name (`Main`).
    public var storyboard: String
    /// Interface Builder's object id of the scene's controller, or of the missing object.
    public var objectID: String
  }

  /// Builds the hierarchy of `storyboard`, whose initial view controller is the root of window
  /// `windowID`; storyboard references to storyboards among `others` are followed.
  public init(_ storyboard: Storyboard, windowID: String = "main", others: [Storyboard] = []) {
    var builder = StoryboardHierarchyBuilder(storyboard: storyboard, others: others)
    let result = builder.build(windowID: windowID)
    self.storyboard = storyboard
    hierarchy = result.hierarchy
    warnings = builder.warnings
    origins = result.origins
    missingScenes = result.missing
  }

  /// The most instances of embedded scenes drawn besides the scenes themselves: scenes that embed
  /// a scene twice, within each other, double them at each level.
  public static let maximumEmbeddedInstances = 2_000

  /// The ids of the `missing scene` controllers drawn where a segue or reference leads to no scene.
  public let missingScenes: [String]

  /// The number of scenes drawn (references included), without the missing ones.
  public var sceneCount: Int { hierarchy.order.count - missingScenes.count }
}

/// Builds a ``StoryboardHierarchy``.
private struct StoryboardHierarchyBuilder {
  /// A scene of one of the storyboards: the storyboard's name and the controller's object id; and
  /// which instance of it, for a scene embedded by several container views (0 for the scene itself,
  /// 2, 3, … for the instances the later embeds make, and for what those contain).
  struct Key: Hashable {
    var storyboard: String
    var objectID: String
    var copy = 0

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

  /// The instances of scenes that embeds make: UIKit instantiates an embed segue's destination
  /// for each container view that embeds it (each performs its own segue when its scene loads), so
  /// a scene embedded again, from another container view of the same scene or of another, is a
  /// second instance, with its own instances of the scenes it contains (a navigation controller's
  /// root). Returns each scene's extra instances, and the instance each containment segue of an
  /// instance leads to when it is not the scene itself.
  private mutating func embedInstances(of included: [Key]) -> (copies: [Key: [Key]], targets: [Site: Key]) {
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
    var pending = included
    var next = 0
    while next < pending.count {
      let instance = pending[next]
      next += 1
      for site in containmentSites(of: instance) where scene(site.destination) != nil {
        var target = site.destination
        // An instance's relationships make instances of their own; a second embed makes one too.
        if instance.copy > 0 || (site.isEmbed && parents[site.destination] != nil) {
          // A scene that would contain itself is left to the containment step, which reports it.
          guard !isAncestorScene(site.destination, of: instance) else { continue }
          // Scenes that embed a scene twice, nested, double the instances at each level.
          guard pending.count - included.count < StoryboardHierarchy.maximumEmbeddedInstances else {
            warn(
              .tooManyEmbeddedInstances(limit: StoryboardHierarchy.maximumEmbeddedInstances),
              at: main.locationOfDocument)
            continue
          }
          target.copy = (copies[site.destination]?.count ?? 0) + 2
          copies[site.destination, default: []].append(target)
          pending.append(target)
          targets[Site(source: instance, index: site.index)] = target
        } else if parents[target] != nil || isAncestorScene(target, of: instance) {
          continue
        }
        parents[target] = instance
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

  mutating func build(
    windowID: String
  ) -> (
    hierarchy: Hierarchy, origins: [String: StoryboardHierarchy.Origin], missing: [String]
  ) {
    // 1. The scenes to draw: every scene of the storyboard, then those reachable from them in the
    // storyboards references lead to.
    var included: [Key] = []
    var isIncluded: Set<Key> = []
    var missing: [Key] = []
    var isMissing: Set<Key> = []
    func include(_ key: Key) {
      if isIncluded.insert(key).inserted { included.append(key) }
    }
    func addMissing(_ key: Key) {
      if isMissing.insert(key).inserted { missing.append(key) }
    }
    for scene in main.scenes { include(Key(storyboard: main.name, objectID: scene.objectID)) }
    var referenceTargets: [Key: Key] = [:]
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

    // Scenes embedded more than once: each later embed's instance goes right after its scene.
    let (copies, embedTargets) = embedInstances(of: included)
    if !copies.isEmpty {
      var instances: [Key] = []
      func add(_ key: Key) {
        instances.append(key)
        for copy in copies[key] ?? [] { add(copy) }
      }
      for key in included { add(key) }
      included = instances
    }

    // 2. Ids.
    var ids: [Key: String] = [:]
    var made = UniqueIDs()
    var identifiers: Set<[String]> = []
    func assign(_ base: String, to key: Key) {
      ids[key] = made.make(from: base)
    }
    for key in included {
      guard let scene = scene(key) else { continue }
      // Another instance of an embedded scene: the scene's id and which embed made it.
      if key.copy > 0, let sceneID = ids[key.scene] {
        assign("\(sceneID) (embed \(key.copy))", to: key)
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
      assign(base, to: key)
    }
    for key in missing {
      let base = "missing \(key.objectID)"
      assign(key.storyboard == main.name ? base : "\(key.storyboard)/\(base)", to: key)
    }

    // 3. The controllers, in the order of the scenes.
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

    // 4. Containment and segues, scene by scene in document order.
    var segues: [Segue] = []
    for key in included {
      guard let source = ids[key], let parent = hierarchy[source] else { continue }
      var columns: [(rank: Int, child: String, connection: Storyboard.Connection)] = []
      for (index, connection) in connections(from: key).enumerated() {
        let destinationKey =
          embedTargets[Site(source: key, index: index)]
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
      for column in columns.enumerated().sorted(by: { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) })
        .map(\.element)
      {
        let child = column.child
        let name = column.connection.kind == "embed" ? "embed" : column.connection.relationship ?? ""
        if let firstParent = hierarchy[child]?.parent {
          warn(
            .secondParent(child: child, parent: source, firstParent: firstParent), at: column.connection.location)
          segues.append(segue(column.connection, from: source, to: child, kind: .relationship(name)))
        } else if hierarchy.isSelfOrAncestor(child, of: source) {
          warn(.containmentCycle(child: child, parent: source), at: column.connection.location)
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
        // Expanded until the launch size class collapses it below; neither when that is not known.
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
    hierarchy.segues = segues

    // 5. On an iPhone canvas every split view starts collapsed: UIKit collapses a split view as it
    // enters a compact window, the primary's navigation stack taking the other columns.
    if launchSizeClass == .compact {
      for id in hierarchy.order where hierarchy[id]?.kind == .splitView { hierarchy.collapse(id) }
    }

    // 6. The window, and what is on screen at launch.
    if let initial = main.initialViewController {
      let key = Key(storyboard: main.name, objectID: initial)
      if let root = ids[key] {
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
          // A reference is not a controller of its own: what it refers to is shown in its place.
          if references.contains(id) {
            if let target = targets[id] { pending.append(target) }
            continue
          }
          hierarchy.setState(of: id, appearance: .appeared, isViewLoaded: true)
          pending += controller.visibleChildren.reversed()
        }
      } else {
        warn(.missingInitialViewController(initial), at: SourceLocation(file: main.path, line: 1, column: 1))
      }
    }
    return (hierarchy, origins, missing.compactMap { ids[$0] })
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
    case "popoverPresentation", "popover": return .popover
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
