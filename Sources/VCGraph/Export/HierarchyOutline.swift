/// A hierarchy as an indented text tree for people, one controller a line.
///
/// ```
/// window main (key)
/// └─ nav  UINavigationController  appeared
///    ├─ stack[0]  home  HomeViewController  disappeared
///    └─ stack[1] · top  detail  DetailViewController  appeared
/// ```
public struct HierarchyOutline: Sendable {
  public let hierarchy: Hierarchy

  public init(_ hierarchy: Hierarchy) {
    self.hierarchy = hierarchy
  }

  public var text: String {
    var lines: [String] = []
    var drawn: Set<String> = []
    for window in hierarchy.windows {
      let notes = [window.isKey ? "key" : nil, window.horizontalSizeClass == .compact ? "compact" : nil].compactMap {
        $0
      }
      lines.append("window \(window.id)" + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))"))
      if let root = window.rootViewController {
        appendTree(root, label: nil, prefix: "", isLast: true, into: &lines, drawn: &drawn)
      }
    }
    // The outermost controllers of trees outside any window; what they present is drawn under them.
    let loose = hierarchy.order.filter {
      hierarchy[$0]?.parent == nil && hierarchy[$0]?.presenter == nil && hierarchy.isMember($0)
        && !drawn.contains($0)
    }
    if !loose.isEmpty {
      lines.append("not in a window")
      for (index, id) in loose.enumerated() {
        appendTree(id, label: nil, prefix: "", isLast: index == loose.count - 1, into: &lines, drawn: &drawn)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Appends the tree of `id` (what it holds and presents), walked without recursion so a nest of
  /// any depth fits the stack.
  private func appendTree(
    _ id: String, label: String?, prefix: String, isLast: Bool, into lines: inout [String], drawn: inout Set<String>
  ) {
    // The branches still to draw, the next on top.
    var pending = [(id: id, label: label, prefix: prefix, isLast: isLast)]
    while let (id, label, prefix, isLast) = pending.popLast() {
      guard let controller = hierarchy[id], drawn.insert(id).inserted else { continue }
      var state = controller.appearance.rawValue
      if !controller.isViewLoaded { state += ", view not loaded" }
      if let splitViewState = controller.splitViewState { state += ", " + splitViewState }
      if let sidebar = hierarchy.sidebarState(of: id) { state += ", sidebar \(sidebar.rawValue)" }
      if controller.instance > 1 { state += ", instance \(controller.instance)" }
      let head = [label, id, controller.className, state].compactMap { $0 }.joined(separator: "  ")
      lines.append(prefix + (isLast ? "└─ " : "├─ ") + head)
      let inner = prefix + (isLast ? "   " : "│  ")
      var branches: [(String, String)] = controller.children.map {
        ($0, hierarchy.role(of: $0)?.description ?? "child")
      }
      if let presentation = controller.presentation {
        let style = [presentation.style?.rawValue ?? "style unknown", presentation.detentSummary].compactMap { $0 }
        branches.append((presentation.presented, "presents (\(style.joined(separator: " · ")))"))
      }
      // iOS 18 tabs: every tab, and those whose provider has not run yet (they have no branch).
      if !controller.tabs.isEmpty {
        let trunk = inner + (branches.isEmpty ? "   " : "│  ")
        let waiting = controller.tabs.filter { !$0.isGroup && !hierarchy.isCreated($0, in: id) }.map(\.identifier)
        lines.append(trunk + "UITabs: " + String(Action.summary(of: controller.tabs).dropFirst().dropLast()))
        lines.append(
          trunk + "selected tab: " + (controller.selectedTab ?? "none")
            + (waiting.isEmpty ? "" : " · no controller yet: " + waiting.joined(separator: ", ")))
      }
      for (index, branch) in branches.enumerated().reversed() {
        pending.append((branch.0, branch.1, inner, index == branches.count - 1))
      }
    }
  }
}
