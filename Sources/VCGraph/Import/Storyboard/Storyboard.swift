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
  /// The scenes that hold no controller vcgraph reads (a WatchKit storyboard's
  /// `<controller>`s), in document order: not drawn, but counted as the file's scenes.
  public let leftOutScenes: [LeftOutScene]
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

  /// A scene left out: it holds no view controller vcgraph reads.
  public struct LeftOutScene: Sendable, Hashable {
    /// The element of its first object that is not a placeholder (`controller`,
    /// `glanceController`, `notificationController` in WatchKit), nil for an empty scene.
    public var element: String?
    /// That object's id, which segues and `initialViewController` may name.
    public var objectID: String?
    /// The segues inside the scene, left out with it.
    public var segueCount: Int
    /// Where its `<scene>` starts.
    public var location: SourceLocation
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
    try self.init(data: data, path: path, maximumTextBytes: Self.maximumTextBytes)
  }

  /// Reads storyboard XML, stopping with an error once the parser delivered more than
  /// `maximumTextBytes` of text.
  init(data: Data, path: String, maximumTextBytes: Int) throws(StoryboardError) {
    let start = SourceLocation(file: path, line: 1, column: 1)
    guard data.contains(where: { !Self.isXMLSpace($0) }) else { throw StoryboardError(.empty, at: start) }
    // Only UTF-8 and UTF-16, so that the checks below read the text libxml2 will read.
    let encoding = try Self.encoding(of: data, path: path)
    // FoundationXML traps (a force unwrap in its start-element callback) on a name or attribute
    // that is not UTF-8, so a byte that is not UTF-8 is rejected here, where it is.
    if encoding == .utf8, let location = Self.firstInvalidUTF8(in: data, path: path) {
      throw StoryboardError(.malformedXML(code: 9, openElement: nil), at: location)
    }
    // libxml2 expands an internal entity wherever it is used, whatever the parser is told: a 66 KB
    // file using one 10 KB entity 900 times grows to hundreds of megabytes. Xcode never writes a
    // document type declaration, so one is refused before parsing, where it is.
    if let location = Self.documentTypeDeclaration(in: data, encoding: encoding, path: path) {
      throw StoryboardError(.documentTypeDeclaration, at: location)
    }
    let reader = StoryboardReader(path: path, maximumTextBytes: maximumTextBytes)
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
    leftOutScenes = reader.leftOutScenes
    var warnings = reader.warnings
    let platform = Platform(documentType: reader.documentType)
    if let first = leftOutScenes.first {
      warnings.insert(
        StoryboardWarning(
          .scenesLeftOut(
            count: leftOutScenes.count, of: leftOutScenes.count + scenes.count,
            reason: Self.whyLeftOut(leftOutScenes, platform: platform)),
          at: first.location), at: 0)
    }
    if let type = reader.documentType, platform == .macOS || (platform == nil && type.contains("Storyboard")) {
      warnings.insert(StoryboardWarning(.otherPlatform(type: type), at: reader.rootLocation ?? start), at: 0)
    }
    self.warnings = warnings
  }

  /// The platform whose storyboard this is, from the document's `type`; nil for a type vcgraph
  /// does not know.
  public var platform: Platform? { Platform(documentType: documentType) }

  /// The platform a storyboard is for.
  public enum Platform: String, Sendable, Hashable, CaseIterable {
    /// UIKit on iPhone and iPad: `com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB`.
    case iOS
    /// UIKit on Apple TV: `com.apple.InterfaceBuilder.AppleTV.Storyboard`.
    case tvOS
    /// AppKit: `com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB`.
    case macOS
    /// WatchKit: `com.apple.InterfaceBuilder.WatchKit.Storyboard`.
    case watchOS

    init?(documentType: String?) {
      guard let type = documentType else { return nil }
      if type.contains("CocoaTouch") {
        self = .iOS
      } else if type.contains("AppleTV") {
        self = .tvOS
      } else if type.contains("WatchKit") {
        self = .watchOS
      } else if type.contains(".Cocoa.") {
        self = .macOS
      } else {
        return nil
      }
    }
  }

  /// What the scenes left out hold and why they are left out, for messages and the diagram's
  /// header: `WatchKit interface controllers (<controller>), which are not UIKit view controllers`.
  static func whyLeftOut(_ scenes: [LeftOutScene], platform: Platform?) -> String {
    var elements: [String] = []
    for scene in scenes where !elements.contains(scene.element ?? "") { elements.append(scene.element ?? "") }
    let named = elements.map { $0.isEmpty ? "no object" : "<\($0)>" }.joined(separator: ", ")
    if platform == .watchOS {
      return "WatchKit interface controllers (\(named)), which are not UIKit view controllers"
    }
    return "\(named), which vcgraph does not read as a view controller"
  }

  /// The most text the XML parser may deliver from one storyboard (element and attribute names,
  /// attribute values, text), 64 MiB: a storyboard's text is never longer than its file, and
  /// Xcode's largest are a few MiB, so only expanded entities could grow past it, whatever path
  /// they took past the checks before parsing.
  public static let maximumTextBytes = 64 << 20

  /// Reads the storyboard in a file.
  public init(contentsOfFile path: String) throws(StoryboardError) {
    switch InputFile.contents(of: path, folderHint: "give the .storyboard file") {
    case let .success(data): try self.init(data: data, path: path)
    case let .failure(problem):
      throw StoryboardError(.unreadable(problem.reason), at: SourceLocation(wholeFile: path))
    }
  }

  /// The start of the document, for warnings about the whole storyboard.
  var locationOfDocument: SourceLocation { SourceLocation(file: path, line: 1, column: 1) }

  /// The scene whose controller has this object id.
  public func scene(withObjectID objectID: String) -> Scene? {
    scenes.first { $0.objectID == objectID }
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
