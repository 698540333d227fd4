import Foundation

// MARK: - Building

extension DumpReader {
  /// The hierarchy the placed lines describe: windows, children, presentations, states and records.
  func build() -> Hierarchy {
    let classNames = entries.map { SwiftClassName.demangled($0.printedClassName) }
    let ids = Self.ids(for: classNames)
    let controllers = entries.indices.map { index in
      ViewController(
        id: ids[index], className: classNames[index],
        kind: ViewControllerKind.isHostingControllerName(classNames[index])
          ? .hosting
          : Self.kind(
            unqualifiedName: SwiftClassName.unqualified(classNames[index]),
            hasChildren: !entries[index].children.isEmpty))
    }
    var hierarchy = Hierarchy(viewControllers: controllers)
    for (index, entry) in entries.enumerated() {
      let id = ids[index]
      if let window = entry.window {
        hierarchy.addWindow(Window(id: "\(window)", isKey: false, rootViewController: id))
      }
      if let parent = entry.parent {
        hierarchy.attachChild(id, to: ids[parent])
      }
      if let presenter = entry.presenter {
        let style = entry.line.presentationController?.className.flatMap {
          ModalPresentationStyle(presentationControllerClass: SwiftClassName.demangled($0))
        }
        hierarchy.attachPresentation(id, on: ids[presenter], style: style)
      }
      let record = DumpRecord(
        line: entry.number, printedClassName: entry.printedClassName, address: entry.line.address, view: entry.view,
        presentationController: entry.line.presentationController)
      hierarchy.setState(of: id, appearance: entry.appearance, isViewLoaded: entry.view != nil, dumpRecord: record)
    }
    for (index, entry) in entries.enumerated() {
      switch controllers[index].kind {
      case .tabBar:
        // The tab on screen, else the one whose view is still in the window.
        let selected =
          entry.children.first { entries[$0].appearance.isOnScreen }
          ?? entry.children.first { entries[$0].view?.isInWindow == true }
        hierarchy.setContainerDetails(of: ids[index], selectedChild: selected.map { ids[$0] })
      case .splitView:
        let children = entry.children.map { entries[$0] }
        // A dump prints no collapse: only what is on screen tells. Two columns or more on screen
        // are expanded (collapsed, a split view shows one); the primary alone among two or three
        // is collapsed (expanded, the secondary always shows). Anything else the dump does not
        // say: off screen; one child (an expanded split view with only a primary, or a collapsed
        // one whose other columns went onto the primary's stack); or only the last column on
        // screen (expanded with the primary hidden, `secondaryOnly`, or collapsed onto a compact
        // column, which a dump prints as a column like the others).
        let onScreen = children.map(\.appearance.isOnScreen)
        let shownCount = onScreen.filter { $0 }.count
        let isCollapsed: Bool?
        if !entry.appearance.isOnScreen || children.count < 2 || shownCount == 0 {
          isCollapsed = nil
        } else if shownCount >= 2 {
          isCollapsed = false
        } else {
          isCollapsed = onScreen[0] ? true : nil
        }
        hierarchy.setContainerDetails(
          of: ids[index], hasSupplementaryColumn: children.count == 3, isCollapsed: isCollapsed)
      default:
        break
      }
    }
    return hierarchy
  }

  /// Ids from class names: the name without its module, then `-2`, `-3`, … for the later controllers
  /// of the same name; never one already taken.
  private static func ids(for classNames: [String]) -> [String] {
    var ids = UniqueIDs()
    return classNames.map { ids.make(from: SwiftClassName.unqualified($0)) }
  }

  /// UIKit's kind for its own classes; for an app's class, the kind its name ends with, else a
  /// container when the dump shows children and content when it does not.
  private static func kind(unqualifiedName name: String, hasChildren: Bool) -> ViewControllerKind {
    let inferred = ViewControllerKind.inferred(fromClassName: name)
    // A subclass is only taken for a container by its name when it holds children: a content
    // controller can be called `WelcomePageViewController` too.
    guard inferred == .content, hasChildren else { return inferred }
    let base = name.prefix { $0 != "<" }
    let suffixes: [(String, ViewControllerKind)] = [
      ("NavigationController", .navigation), ("TabBarController", .tabBar),
      ("SplitViewController", .splitView), ("PageViewController", .pageView),
    ]
    if let match = suffixes.first(where: { base.hasSuffix($0.0) }) { return match.1 }
    return .container
  }
}
