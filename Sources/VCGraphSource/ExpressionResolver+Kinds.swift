import SwiftSyntax
import VCGraph

/// What is a controller, and of which kind: UIKit's classes, the app's own subclasses, and bases
/// from libraries whose source is not read.
extension ExpressionResolver {
  // MARK: - What is a controller

  /// UIKit base classes that say only "a view controller": a parameter of one of these types is
  /// any controller.
  static let genericBases: Set<String> = [
    "UIViewController", "UITableViewController", "UICollectionViewController", "UINavigationController",
    "UITabBarController", "UISplitViewController", "UIPageViewController", "AnyObject", "Any", "NSObject",
  ]

  /// UIKit's containers: a value declared as one is one, whichever subclass it is.
  static let containerBases: Set<String> = [
    "UINavigationController", "UITabBarController", "UISplitViewController", "UIPageViewController",
  ]

  /// A controller class of the app's own (or UIKit's, or SwiftUI's hosting) that says which screen it is.
  func isSpecificController(_ name: String) -> Bool {
    if Self.genericBases.contains(name) { return false }
    if name.hasPrefix("UIHostingController<") { return true }
    return index.typeKinds[name] == .class && controllerKind(of: name) != nil
  }

  /// A name that is (or reads as) a view controller class.
  func isControllerLike(_ name: String) -> Bool {
    if controllerKind(of: name) != nil { return true }
    if index.typeKinds[name] != nil { return false }
    return Self.readsAsController(name)
  }

  /// A controller, or a class of the app whose base is outside the sources (a library's class):
  /// what a push, a presentation or a show makes a controller.
  func mayBeController(_ name: String) -> Bool {
    isControllerLike(name) || index.typeKinds[name] == .class && baseOutsideSources(of: name) != nil
  }

  /// A name ending as controller classes do (`…ViewController`, `…Controller`).
  static func readsAsController(_ name: String) -> Bool {
    let base = TypeName.base(name)
    return base.hasSuffix("ViewController")
      || base.hasSuffix("Controller") && !base.hasSuffix("ResultsController")
        && !base.hasSuffix("FetchedResultsController") && !base.hasSuffix("InteractionController")
  }

  /// What a class is, following its superclasses through the app's classes to UIKit's; a chain that
  /// leaves the sources at a class named like a controller is one. Nil for anything else.
  func controllerKind(of name: String) -> AppMap.Controller.Kind? {
    var current = name
    var seen: Set<String> = []
    while seen.insert(current).inserted {
      if let kind = AppMap.Controller.Kind.ofUIKitClass(current) { return kind }
      if index.typeKinds[current] == nil {
        // Outside the sources: a library's class.
        guard current != name || index.typeKinds[name] == nil else { return nil }
        return current == name ? nil : Self.kindFromName(current)
      }
      guard let superclass = index.superclass(of: current) else { return nil }
      current = superclass
    }
    return nil
  }

  /// The kind a library's controller class has by its name; nil for a name that is no controller's.
  static func kindFromName(_ name: String) -> AppMap.Controller.Kind? {
    let base = TypeName.base(name)
    if base.hasSuffix("NavigationController") { return .navigation }
    if base.hasSuffix("TabBarController") { return .tabBar }
    if base.hasSuffix("SplitViewController") { return .split }
    if base.hasSuffix("PageViewController") { return .page }
    if base.hasSuffix("HostingController") { return .hosting }
    if base.hasSuffix("AlertController") { return .alert }
    return readsAsController(base) ? .content : nil
  }

  /// The class whose superclass chain leaves the sources (its first base outside them), if it does.
  func baseOutsideSources(of name: String) -> String? {
    var current = name
    var seen: Set<String> = []
    while seen.insert(current).inserted {
      if AppMap.Controller.Kind.ofUIKitClass(current) != nil { return nil }
      guard index.typeKinds[current] != nil else { return current == name ? nil : current }
      guard let superclass = index.superclass(of: current) else { return nil }
      current = superclass
    }
    return nil
  }
}
