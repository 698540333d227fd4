extension Hierarchy {
  /// True when some controller is a split view controller: only then does a split view show
  /// columns. Every step of a scenario gives the same answer (no step changes a controller's kind).
  public var hasSplitViewControllers: Bool {
    controllers.splitViews.contains { controllers[$0]?.kind == .splitView }
  }

  /// Collapses the split views of compact windows and expands those of regular ones, as UIKit does
  /// when a window's horizontal size class changes or a split view enters a window.
  mutating func adaptSplitViewsToTraits() {
    // Without a compact window only a collapsed split view can change, so the others' windows
    // (a walk up the hierarchy each) are not looked for.
    let hasCompactWindow = windows.contains { $0.horizontalSizeClass == .compact }
    // A step only changes the flag of the split view it adapts, so when none can change at the
    // start, none can later. Only the split views are looked at, in declaration order.
    guard
      controllers.splitViews.contains(where: {
        controllers[$0].map { $0.kind == .splitView && (hasCompactWindow || $0.isCollapsed == true) } ?? false
      })
    else { return }
    for id in controllers.splitViews where controllers[id]?.kind == .splitView {
      guard hasCompactWindow || controllers[id]?.isCollapsed == true else { continue }
      guard let window = window(of: id), let controller = controllers[id] else { continue }
      let isCollapsed = controller.isCollapsed == true
      let shouldCollapse = window.horizontalSizeClass == .compact
      if shouldCollapse && !isCollapsed {
        collapse(id)
      } else if !shouldCollapse && isCollapsed {
        expand(id)
      }
    }
  }

  /// Collapses a split view to one column. With a compact column, that column is shown and the
  /// others stay where they are, off screen ("If a view controller is set for this column, that
  /// view controller is shown when isCollapsed is true": Apple's documentation of
  /// `UISplitViewController.Column.compact`). Otherwise, with a navigation controller as primary,
  /// the other columns are pushed onto its stack (`collapseSecondaryViewController(_:for:)`), so
  /// compact width shows one navigation stack; else only the primary column is shown.
  mutating func collapse(_ split: String) {
    guard let splitView = controllers[split], splitView.isCollapsed != true else { return }
    controllers[split]?.isCollapsed = true
    guard !splitView.hasCompactColumn, let primary = splitView.children.first, controllers[primary]?.kind == .navigation
    else { return }
    let others = Array(splitView.children.dropFirst())
    let base = controllers[primary]?.children.count ?? 0
    controllers[split]?.collapsedStackBase = base
    controllers[split]?.children = [primary]
    for column in others {
      controllers[primary]?.children.append(column)
      controllers[column]?.parent = primary
    }
  }

  /// Expands a collapsed split view. With a compact column, the other columns come back as they
  /// were and the compact column leaves the screen. Otherwise the controllers above the primary column's own part of the
  /// navigation stack go back to the other columns (`separateSecondaryViewController(for:)`): the
  /// lowest to the supplementary column when the split view has one, the top one to the secondary
  /// (a lone one to the supplementary column of a split view that has one); any in between leave
  /// the hierarchy.
  mutating func expand(_ split: String) {
    guard let splitView = controllers[split], splitView.isCollapsed == true else { return }
    controllers[split]?.isCollapsed = false
    defer { controllers[split]?.collapsedStackBase = nil }
    guard let base = splitView.collapsedStackBase, let primary = splitView.children.first,
      let stack = controllers[primary]?.children
    else { return }
    let separated = Array(stack[min(base, stack.count)...])
    guard !separated.isEmpty else { return }
    controllers[primary]?.children = Array(stack.prefix(min(base, stack.count)))
    for id in separated { controllers[id]?.parent = nil }
    var columns: [String] = []
    if splitView.hasSupplementaryColumn, separated.count > 1 { columns.append(separated[0]) }
    columns.append(separated[separated.count - 1])
    controllers[split]?.children = [primary] + columns
    for id in columns { controllers[id]?.parent = split }
  }
}
