/// A hierarchy as UIKit's `_printHierarchy` prints it, the text developers paste into bug reports.
///
/// ```
/// <UINavigationController: 0x7b3218d0>, state: appeared, view: <UILayoutContainerView: 0x7b3219a0>
///    | <HomeViewController: 0x7b321e10>, state: disappeared, view: <UIView: 0x7b322010> not in the window
///    + <LoginViewController>, state: appeared, view: <UIView>, presented with: <_UIFullscreenPresentationController>
/// ```
///
/// Each window's tree comes first, in window order; then the controllers drawn outside any window,
/// each at depth 0 after `+ `. A controller imported from a dump prints its class, addresses and
/// presentation controller as the dump did; any other prints without addresses (`<HomeViewController>`),
/// with the view class and presentation controller class UIKit uses for its kind and style.
public struct HierarchyText: Sendable {
  public let hierarchy: Hierarchy

  public init(_ hierarchy: Hierarchy) {
    self.hierarchy = hierarchy
  }

  /// One line per controller, each ending with a newline; empty for a hierarchy with nothing drawn.
  public var text: String {
    let windows = hierarchy.derivedRelations().window
    return hierarchy.printOrder.map { line(for: $0, window: windows[$0.id]) + "\n" }.joined()
  }

  /// The line of one controller; `window` is the id of its window.
  private func line(for entry: Hierarchy.PrintEntry, window: String?) -> String {
    guard let controller = hierarchy[entry.id] else { return "" }
    let record = controller.dumpRecord
    let unit = "   | "
    let prefix: String
    switch entry.position {
    case .windowRoot: prefix = ""
    case .outsideRoot: prefix = "+ "
    case .child: prefix = String(repeating: unit, count: entry.depth)
    case .presented: prefix = String(repeating: unit, count: entry.depth - 1) + "   + "
    }
    var line =
      prefix + Self.object(record?.printedClassName ?? controller.className, address: record?.address)
      + ", state: \(controller.appearance.rawValue), view: " + view(of: controller, window: window)
    switch entry.position {
    case .presented:
      line += ", presented with: " + presentationController(of: controller)
    case .outsideRoot:
      if let printed = record?.presentationController {
        line += ", presented with: " + Self.object(printed)
      }
    case .windowRoot, .child:
      break
    }
    return line
  }

  /// `(view not loaded)`, or the view's class and address, with `not in the window` when it is not.
  private func view(of controller: ViewController, window: String?) -> String {
    guard controller.isViewLoaded else { return "(view not loaded)" }
    let recorded = controller.dumpRecord?.view
    var text = "<" + (recorded?.className ?? controller.kind.viewClassName)
    if let address = recorded?.address { text += ": " + address }
    text += ">"
    if !hierarchy.isViewInWindow(controller.id, window: window) { text += " not in the window" }
    return text
  }

  /// What the dump printed after `presented with:`, else the class UIKit uses for the style, else `(null)`.
  private func presentationController(of controller: ViewController) -> String {
    if let printed = controller.dumpRecord?.presentationController { return Self.object(printed) }
    let style = controller.presenter.flatMap { hierarchy[$0]?.presentation?.style }
    return style.map { "<\($0.presentationControllerClassName)>" } ?? "(null)"
  }

  private static func object(_ presentationController: DumpRecord.PresentationController) -> String {
    presentationController.className.map { object($0, address: presentationController.address) } ?? "(null)"
  }

  /// `<Class: 0x…>` as newer iOS versions print every object, or `<Class>` without an address.
  private static func object(_ className: String, address: String?) -> String {
    "<" + className + (address.map { ": " + $0 } ?? "") + ">"
  }
}

extension ViewControllerKind {
  /// The class of the root view UIKit gives a controller of this kind, as `_printHierarchy` prints it.
  var viewClassName: String {
    switch self {
    case .navigation, .tabBar, .splitView: return "UILayoutContainerView"
    case .pageView: return "_UIPageViewControllerContentView"
    case .container, .content: return "UIView"
    // SwiftUI's view, generic over the root view: `_UIHostingView<LibraryView>` in a dump.
    case .hosting: return "_UIHostingView"
    }
  }
}

extension Hierarchy {
  /// A controller in `_printHierarchy` order, with its depth and how it hangs from the line above.
  struct PrintEntry: Sendable, Hashable {
    enum Position: Sendable, Hashable {
      /// A window's root view controller, at depth 0.
      case windowRoot
      /// The outermost controller of a tree outside any window, at depth 0.
      case outsideRoot
      /// A child of the controller it follows at depth - 1.
      case child
      /// A controller presented by the controller at depth - 1.
      case presented
    }

    var id: String
    var depth: Int
    var position: Position
  }

  /// The outermost members (``isMember(_:)``) outside any window that nothing presents, in declaration order.
  var outsideRoots: [String] {
    order.filter {
      // The cheap tests first: a controller without a parent is the outermost of its tree.
      self[$0]?.parent == nil && self[$0]?.presenter == nil && isMember($0) && window(of: $0) == nil
    }
  }

  /// Every drawn controller in `_printHierarchy` order: each window's tree in window order, then the
  /// trees outside any window; within a tree a controller, its children, then what it presents.
  var printOrder: [PrintEntry] {
    var entries: [PrintEntry] = []
    var seen: Set<String> = []
    // Walked without recursion, so a nest of any depth fits the stack: the next to visit on top.
    var pending: [PrintEntry] = []
    func visit(_ id: String, depth: Int, position: PrintEntry.Position) {
      pending.append(PrintEntry(id: id, depth: depth, position: position))
      while let entry = pending.popLast() {
        guard let controller = self[entry.id], seen.insert(entry.id).inserted else { continue }
        entries.append(entry)
        if let presented = controller.presentation?.presented {
          pending.append(PrintEntry(id: presented, depth: entry.depth + 1, position: .presented))
        }
        for child in controller.children.reversed() {
          pending.append(PrintEntry(id: child, depth: entry.depth + 1, position: .child))
        }
      }
    }
    for window in windows {
      if let root = window.rootViewController { visit(root, depth: 0, position: .windowRoot) }
    }
    for root in outsideRoots {
      visit(root, depth: 0, position: .outsideRoot)
    }
    return entries
  }
}
