/// What a view controller does with other view controllers' views.
public enum ViewControllerKind: String, Sendable, CaseIterable, Codable {
  /// A `UINavigationController`: a stack of children, the top one on screen.
  case navigation
  /// A `UITabBarController`: one child per tab, the selected one on screen.
  case tabBar
  /// A `UISplitViewController`: columns side by side.
  case splitView
  /// A `UIPageViewController`: the current page (or pair of pages) on screen.
  case pageView
  /// A custom container: every child is on screen with its parent.
  case container
  /// A content view controller that manages only its own views.
  case content
  /// SwiftUI's `UIHostingController<Content>`: a UIKit controller whose view draws a SwiftUI view
  /// (`Content`, its root view). It behaves as a content controller.
  case hosting

  /// The kind UIKit's own classes have; `content` for any other class name.
  ///
  /// Subclasses of UIKit's containers are declared with `kind:` in a scenario.
  public static func inferred(fromClassName className: String) -> ViewControllerKind {
    switch className {
    case "UINavigationController", "UIImagePickerController", "UIVideoEditorController":
      return .navigation
    case "UITabBarController":
      return .tabBar
    case "UISplitViewController":
      return .splitView
    case "UIPageViewController":
      return .pageView
    default:
      return isHostingControllerName(className) ? .hosting : .content
    }
  }

  /// True for `UIHostingController<…>` however it is written: `SwiftUI.UIHostingController<MyApp.LibraryView>`,
  /// `UIHostingController<AnyView>`, or mangled (`_TtGC7SwiftUI19UIHostingControllerV5MyApp11LibraryView_`).
  static func isHostingControllerName(_ className: String) -> Bool {
    // A mangled name the demangler cannot read (hand-edited, cut short) still says what it is.
    if className.hasPrefix(SwiftClassName.mangledHostingControllerPrefix) { return true }
    let demangled = SwiftClassName.demangled(className)
    let base = SwiftClassName.unqualified(demangled).prefix { $0 != "<" }
    if base == "UIHostingController" { return true }
    // SwiftUI's own hosting controllers: a TabView's tabs (`TabHostingController`), a
    // NavigationStack's screens, presentations. They show a SwiftUI view as UIHostingController does.
    return demangled.hasPrefix("SwiftUI.") && swiftUIHostingSubclasses.contains(String(base))
  }

  /// SwiftUI's private subclasses of `UIHostingController`, as dumps and SwiftUI's symbols name them
  /// (`SwiftUI.TabHostingController` holds each tab of a `TabView` on iOS 18).
  static let swiftUIHostingSubclasses: Set<String> = [
    "TabHostingController", "NavigationStackHostingController", "PresentationHostingController",
  ]

  /// True for UIKit's own containers, whose children are set through their own API
  /// (push, tabs, columns, pages) rather than `addChild`.
  public var isSystemContainer: Bool {
    switch self {
    case .navigation, .tabBar, .splitView, .pageView: return true
    case .container, .content, .hosting: return false
    }
  }

  /// True for the kinds that hold children: UIKit's containers and custom containers.
  public var isContainer: Bool {
    switch self {
    case .navigation, .tabBar, .splitView, .pageView, .container: return true
    case .content, .hosting: return false
    }
  }

  /// A short name for people: "navigation", "tab bar", "split view", ….
  public var displayName: String {
    switch self {
    case .navigation: return "navigation"
    case .tabBar: return "tab bar"
    case .splitView: return "split view"
    case .pageView: return "page view"
    case .container: return "container"
    case .content: return "content"
    case .hosting: return "SwiftUI hosting"
    }
  }
}
