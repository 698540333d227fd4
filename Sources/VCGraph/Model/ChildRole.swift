import Foundation

/// The place a child has in its container: stack position, tab, column, page or plain child.
public enum ChildRole: Sendable, Hashable, CustomStringConvertible {
  /// A navigation stack position from 0 at the bottom; the top is on screen.
  case stack(index: Int, isTop: Bool)
  /// A tab by index; the selected tab is on screen.
  case tab(index: Int, isSelected: Bool)
  /// The controller an iOS 18 tab (`UITab`, `UITabGroup`) created, by the tab's identifier; the
  /// selected tab's is on screen.
  case namedTab(String, isSelected: Bool)
  /// A split view column: `primary`, `supplementary` or `secondary`; a collapsed split view shows only one.
  /// A split view column: `primary`, `supplementary`, `secondary` or `compact`; a collapsed split
  /// view shows only one (its compact column when it has one), an expanded one all but `compact`.
  case column(String, isShown: Bool)
  /// A page view controller's current page.
  case page(index: Int)
  /// A custom container's child.
  case child(index: Int)

  /// True when the container shows this child: the top of a stack, the selected tab, a column, a page, a child.
  public var isShown: Bool {
    switch self {
    case let .stack(_, isTop): return isTop
    case let .tab(_, isSelected), let .namedTab(_, isSelected): return isSelected
    case let .column(_, isShown): return isShown
    case .page, .child: return true
    }
  }

  /// `stack[2] · top`, `tab 1 · selected`, `tab library · selected`, `primary`, `page 0`, `child 0`.
  public var description: String {
    switch self {
    case let .stack(index, isTop): return "stack[\(index)]" + (isTop ? " · top" : "")
    case let .tab(index, isSelected): return "tab \(index)" + (isSelected ? " · selected" : "")
    case let .namedTab(identifier, isSelected): return "tab \(identifier)" + (isSelected ? " · selected" : "")
    case let .column(name, isShown): return name + (isShown ? "" : " · hidden")
    case let .page(index): return "page \(index)"
    case let .child(index): return "child \(index)"
    }
  }
}

extension Hierarchy {
  /// The role `child` has in its parent, or nil when it has no parent.
  ///
  /// Found in one step however many siblings it has (``SiblingIndex``): a diagram reads the role of
  /// every child it draws, and a navigation controller of 100,000 children drawn unfolded made a
  /// scan of them each quadratic (issue 27's wide dump, 51 s at 100,000 lines).
  public func role(of child: String) -> ChildRole? {
    guard let parentID = controllers[child]?.parent, let parent = controllers[parentID],
      let index = SiblingIndex.index(of: child, in: parent.children)
    else { return nil }
    return role(ofChildAt: index, in: parent)
  }

  /// The role of the child at `index` among `parent`'s children: ``role(of:)`` without looking the
  /// child up among its siblings, for a walk over every child of a container (a navigation
  /// controller of thousands of children costs one step a child, not one a sibling).
  func role(ofChildAt index: Int, in parent: ViewController) -> ChildRole {
    let child = parent.children[index]
    switch parent.kind {
    case .navigation:
      return .stack(index: index, isTop: index == parent.children.count - 1)
    case .tabBar:
      let isSelected = parent.selectedChild == child
      if let tab = parent.tabs.first(where: {
        $0.group == nil && ($0.managingNavigationController ?? $0.viewController) == child
      }) {
        return .namedTab(tab.identifier, isSelected: isSelected)
      }
      return .tab(index: index, isSelected: isSelected)
    case .splitView:
      if child == parent.compactColumn { return .column("compact", isShown: parent.isCollapsed == true) }
      let names = parent.hasSupplementaryColumn ? ["primary", "supplementary", "secondary"] : ["primary", "secondary"]
      let name = names.indices.contains(index) ? names[index] : "column \(index)"
      return .column(name, isShown: parent.visibleChildren.contains(child))
    case .pageView:
      return .page(index: index)
    case .container, .content, .hosting:
      return .child(index: index)
    }
  }
}

/// Where a child stands among its siblings (``Hierarchy/role(of:)``): a scan among a few; among
/// many, an index of them made once and kept while they are the same array, for the next child
/// looked up. An index is only trusted where it names the child asked for (an array freed and
/// another made at the same address and of the same size is scanned and indexed again), so the
/// answer is always the child's first place, as a scan finds it. Thread-safe: the frames of a
/// scenario are planned on two threads.
enum SiblingIndex {
  /// The fewest siblings indexed: fewer are scanned.
  static var smallestIndexed: Int { 64 }
  /// The most arrays indexed at once; past it, all are forgotten.
  static var limit: Int { 8 }

  private struct Key: Hashable {
    var address: UInt
    var count: Int
  }

  private static let lock = NSLock()
  nonisolated(unsafe) private static var indexes: [Key: [String: Int]] = [:]

  /// The first place of `child` among `children`; nil when it is not there.
  static func index(of child: String, in children: [String]) -> Int? {
    guard children.count >= smallestIndexed else { return children.firstIndex(of: child) }
    let key = children.withUnsafeBufferPointer { Key(address: UInt(bitPattern: $0.baseAddress), count: $0.count) }
    lock.lock()
    defer { lock.unlock() }
    if let known = indexes[key]?[child], known < children.count, children[known] == child { return known }
    // Not indexed yet, or an index of another array that stood at this address: made again.
    if indexes.count >= limit { indexes.removeAll() }
    var index: [String: Int] = [:]
    index.reserveCapacity(children.count)
    for (place, sibling) in children.enumerated() where index[sibling] == nil { index[sibling] = place }
    indexes[key] = index
    return index[child]
  }
}
