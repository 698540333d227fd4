/// The map of an app read from its source: every view controller class, every type that navigates
/// (coordinators, routers, app and scene delegates, extensions on `UIViewController`), and every
/// call site that can take the app from one screen to another, with its file and line.
///
/// A map is what the code *can* do, as a storyboard is: nothing here has happened. `vcgraph map`
/// builds one with `VCGraphSource` (which reads Swift with swift-syntax) and writes it as JSON
/// (``jsonText``), text (``text``), Mermaid (``mermaid``), a flow scenario
/// (``flowScenario(through:title:)``) or a diagram (``AppMapHierarchy``).
public struct AppMap: Sendable, Hashable {
  /// The view controller classes, sorted by name.
  public var controllers: [Controller]
  /// The types outside view controllers that make navigation calls, sorted by name.
  public var navigators: [Navigator]
  /// One per call site, in file order then line order.
  public var transitions: [Transition]
  /// What was not read.
  public var skipped: Skipped
  /// What the reader assumed or could not read, one line each (`file:line:column: warning: …`).
  public var warnings: [String]

  public init(
    controllers: [Controller] = [], navigators: [Navigator] = [], transitions: [Transition] = [],
    skipped: Skipped = Skipped(), warnings: [String] = []
  ) {
    self.controllers = controllers
    self.navigators = navigators
    self.transitions = transitions
    self.skipped = skipped
    self.warnings = warnings
  }

  /// The version of the JSON contract this map writes.
  public static let version = 1

  /// The controller class of this name.
  public func controller(named name: String) -> Controller? {
    controllers.first { $0.name == name }
  }

  /// The navigator of this name.
  public func navigator(named name: String) -> Navigator? {
    navigators.first { $0.name == name }
  }

  /// The transitions whose destination is not known, with their reasons.
  public var unresolved: [Transition] { transitions.filter { $0.to == nil } }
}

extension AppMap {
  /// A place in a source file: a path as given on the command line, line and column from 1.
  public struct Site: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int = 1) {
      (self.file, self.line, self.column) = (file, line, column)
    }

    /// `file:line`, as editors and GitHub links take it.
    public var description: String { "\(file):\(line)" }

    public static func < (lhs: Site, rhs: Site) -> Bool {
      (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
  }

  /// A view controller class of the app (or a UIKit class the app shows, such as
  /// `UINavigationController`, when a transition leads to it).
  public struct Controller: Sendable, Hashable {
    public var name: String
    public var kind: Kind
    /// The class it inherits from, as written; nil for UIKit's own classes.
    public var superclass: String?
    /// True when the chain of superclasses leaves the sources read at a class that is not UIKit's
    /// (a library's `FormViewController`): the class is a controller because of its name or use.
    public var baseOutsideSources: Bool
    /// Where the class is declared; nil for UIKit's classes and classes only used.
    public var site: Site?
    /// For a hosting controller, the SwiftUI view it shows, when known.
    public var hostedView: String?
    /// The storyboard scenes whose custom class it is.
    public var scenes: [Scene]

    public init(
      name: String, kind: Kind, superclass: String? = nil, baseOutsideSources: Bool = false, site: Site? = nil,
      hostedView: String? = nil, scenes: [Scene] = []
    ) {
      self.name = name
      self.kind = kind
      self.superclass = superclass
      self.baseOutsideSources = baseOutsideSources
      self.site = site
      self.hostedView = hostedView
      self.scenes = scenes
    }

    /// What a view controller does, from the UIKit class it comes from.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
      case navigation, tabBar, split, page, hosting, alert, activity, search, imagePicker, safari, document, content

      /// The kind of a UIKit (or SwiftUI, SafariServices) controller class; nil for any other name.
      public static func ofUIKitClass(_ name: String) -> Kind? {
        uikitClasses[name.prefix { $0 != "<" }.description]
      }

      /// The UIKit controller classes and what each is; a subclass takes its base's kind.
      /// From UIKit's class reference (`UIViewController` and its subclasses).
      public static let uikitClasses: [String: Kind] = [
        "UIViewController": .content, "UITableViewController": .content, "UICollectionViewController": .content,
        "UINavigationController": .navigation, "UITabBarController": .tabBar, "UISplitViewController": .split,
        "UIPageViewController": .page, "UIHostingController": .hosting, "UIAlertController": .alert,
        "UIActivityViewController": .activity, "UISearchController": .search,
        "UIImagePickerController": .imagePicker, "UIVideoEditorController": .imagePicker,
        "SFSafariViewController": .safari, "UIDocumentPickerViewController": .document,
        "UIDocumentBrowserViewController": .document, "UIReferenceLibraryViewController": .content,
        "UIFontPickerViewController": .content, "UIColorPickerViewController": .content,
        "UIInputViewController": .content, "PHPickerViewController": .imagePicker,
        "QLPreviewController": .content, "MFMailComposeViewController": .navigation,
        "MFMessageComposeViewController": .navigation, "CNContactViewController": .content,
        "CNContactPickerViewController": .content, "AVPlayerViewController": .content,
        "SKStoreProductViewController": .content, "UICloudSharingController": .content,
        "UIDocumentInteractionController": .content, "ASAuthorizationController": .content,
        "GKGameCenterViewController": .navigation, "EKEventEditViewController": .navigation,
        "EKEventViewController": .content, "MKMapItemDetailViewController": .content,
        "UIPrintInteractionController": .content, "VNDocumentCameraViewController": .content,
        "UIHostingControllerBase": .hosting,
      ]

      /// How the kind reads to people.
      public var displayName: String {
        switch self {
        case .navigation: return "navigation"
        case .tabBar: return "tab bar"
        case .split: return "split view"
        case .page: return "page view"
        case .hosting: return "SwiftUI hosting"
        case .alert: return "alert"
        case .activity: return "activity"
        case .search: return "search"
        case .imagePicker: return "picker"
        case .safari: return "Safari"
        case .document: return "document"
        case .content: return "content"
        }
      }

      /// The kind a hierarchy gives such a controller.
      public var viewControllerKind: ViewControllerKind {
        switch self {
        case .navigation, .imagePicker: return .navigation
        case .tabBar: return .tabBar
        case .split: return .splitView
        case .page: return .pageView
        case .hosting: return .hosting
        default: return .content
        }
      }
    }

    /// A storyboard scene of the class: the storyboard's name, the scene's object id and its
    /// storyboard identifier.
    public struct Scene: Sendable, Hashable {
      public var storyboard: String
      public var objectID: String
      public var storyboardIdentifier: String?
      /// The storyboard file and the scene's line.
      public var site: Site

      public init(storyboard: String, objectID: String, storyboardIdentifier: String?, site: Site) {
        (self.storyboard, self.objectID, self.storyboardIdentifier, self.site) =
          (storyboard, objectID, storyboardIdentifier, site)
      }
    }
  }

  /// A type that navigates without being a view controller.
  public struct Navigator: Sendable, Hashable {
    public var name: String
    public var kind: Kind
    public var site: Site?

    public init(name: String, kind: Kind, site: Site?) {
      (self.name, self.kind, self.site) = (name, kind, site)
    }

    public enum Kind: String, Sendable, Hashable, CaseIterable {
      /// A type named `…Coordinator`, or one with a `start()` that navigates.
      case coordinator
      /// A type named `…Router`, `…Navigator`, `…Flow`, `…Wireframe`.
      case router
      /// A `UIApplicationDelegate` or `UIWindowSceneDelegate`.
      case delegate
      /// An extension on `UIViewController` (or another UIKit controller class).
      case `extension`
      /// Any other type that navigates: a view, a cell, a presenter.
      case other
    }
  }

  /// One call site that shows a controller.
  public struct Transition: Sendable, Hashable {
    /// The controller or navigator whose code makes the call.
    public var from: String
    /// The controller class shown; nil when the source cannot say (see ``unresolved``).
    public var to: String?
    public var kind: Kind
    /// The presentation style the same scope sets, `formSheet`.
    public var style: String?
    /// The sheet detents the same scope sets, `[medium, large]`.
    public var detents: [String]?
    /// Where the call is: its callee's first token.
    public var site: Site
    /// The callee as written: `pushViewController`, `present`, `rootViewController=`, or the
    /// app's own wrapper (`showProfile`).
    public var call: String
    /// Why ``to`` is nil: `parameter`, `protocol-typed`, `unknown storyboard id "x"`, ….
    public var unresolved: String?
    /// The app's functions the call went through, outermost first, when it came through wrappers:
    /// `["Router.push(_:)", "Router.show(_:)"]`; the UIKit call inside the innermost is the kind.
    public var via: [String]
    /// For segues and storyboard instantiations, the identifier named.
    public var identifier: String?
    /// For `stack` and `tabs` set by another type's code (a scene delegate setting a tab bar's
    /// `viewControllers`), the container class they go into, when the code says.
    public var container: String?

    public init(
      from: String, to: String?, kind: Kind, style: String? = nil, detents: [String]? = nil, site: Site,
      call: String, unresolved: String? = nil, via: [String] = [], identifier: String? = nil, container: String? = nil
    ) {
      self.from = from
      self.to = to
      self.kind = kind
      self.style = style
      self.detents = detents
      self.site = site
      self.call = call
      self.unresolved = to == nil ? (unresolved ?? "unknown") : nil
      self.via = via
      self.identifier = identifier
      self.container = container
    }

    /// What a call does.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
      /// `pushViewController`, or `show` inside a navigation stack.
      case push
      /// A navigation controller's `setViewControllers`, `viewControllers =`, or
      /// `UINavigationController(rootViewController:)`.
      case stack
      /// A tab bar controller's `setViewControllers` / `viewControllers =`, one edge per tab in order.
      case tabs
      /// `present(_:animated:)`.
      case present
      /// `show(_:sender:)` outside a navigation stack, or where the reader cannot tell.
      case show
      /// `showDetailViewController(_:sender:)`.
      case showDetail
      /// `addChild(_:)`.
      case embed
      /// `window.rootViewController =`.
      case root
      /// `UIHostingController(rootView:)`: the controller hosts a SwiftUI view.
      case hosting
      /// `performSegue(withIdentifier:sender:)`, joined to the storyboard's segue.
      case segue
      /// `instantiateViewController(withIdentifier:)`, `instantiateInitialViewController()`.
      case instantiate

      /// True for the kinds that make containment (a child of a container, a window's root).
      public var isContainment: Bool {
        switch self {
        case .stack, .tabs, .embed, .root: return true
        default: return false
        }
      }
    }
  }

  /// What the reader left out, and why.
  public struct Skipped: Sendable, Hashable {
    /// Folders left out by rule (build folders, `Pods/`, `Carthage/`, `.build/`, DerivedData).
    public var folders: [String]
    /// Test targets left out (folders or files named `…Tests`, `…UITests`).
    public var testTargets: [String]
    /// How many Objective-C files (`.m`, `.mm`, `.h`) were found and not read.
    public var objectiveCFiles: Int
    /// Files that could not be read, with the reason.
    public var failed: [Failure]

    public init(folders: [String] = [], testTargets: [String] = [], objectiveCFiles: Int = 0, failed: [Failure] = []) {
      (self.folders, self.testTargets, self.objectiveCFiles, self.failed) =
        (folders, testTargets, objectiveCFiles, failed)
    }

    public struct Failure: Error, Sendable, Hashable {
      public var file: String
      public var reason: String

      public init(file: String, reason: String) {
        (self.file, self.reason) = (file, reason)
      }
    }
  }
}
