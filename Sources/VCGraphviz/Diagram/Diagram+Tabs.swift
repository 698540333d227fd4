import VCGraph

extension Diagram {
  /// The iOS 18 tabs of a tab bar controller, one a line as its sidebar lists them (a group's tabs
  /// indented under it): `●` the selected tab, `○` a tab whose controller exists, `◌` a tab whose
  /// provider has not run yet (no controller, so no box), faint; a group `▾` (holding the selected
  /// tab) or `▸`. The heading says whether the sidebar shows them all or the tab bar the root ones.
  /// After ``tabRowLimit`` tabs one line counts the others (the selected tab is always listed).
  func tabRows(
    of controller: ViewController, in source: Hierarchy, isRemoved: Bool, showsSidebar: Bool
  )
    -> [String]
  {
    guard !controller.tabs.isEmpty else { return [] }
    // Without the sidebar the tab bar shows the root tabs; the group's tabs are reached through it.
    let heading = showsSidebar ? "tabs (sidebar)" : "tabs (the tab bar shows the root ones)"
    var rows = [
      HTMLText.font(heading, size: 9, color: isRemoved ? style.removedText : style.secondaryLabel, bold: true)
    ]
    let path = Set(controller.selectedTab.map { controller.tabPath(to: $0).map(\.identifier) } ?? [])
    let depths = controller.tabDepths
    // A long list is cut after the first tabs, keeping the selected tab and its groups: a box
    // stays a box on a page.
    var left: [Tab] = []
    for (index, tab) in controller.tabs.enumerated() {
      guard index < Self.tabRowLimit || path.contains(tab.identifier) else {
        left.append(tab)
        continue
      }
      let depth = depths[tab.identifier] ?? 0
      // The indent in the row's own size, so an indented row is no taller than the others (en
      // spaces: two no-break spaces in a row mark the gap before a role on the kind's line).
      let indent =
        depth == 0 ? "" : "<FONT POINT-SIZE=\"9\">" + String(repeating: "&#8194;&#8194;", count: depth) + "</FONT>"
      let isSelected = tab.identifier == controller.selectedTab
      let symbol: String
      let color: String
      if tab.isGroup {
        symbol = path.contains(tab.identifier) ? "▾" : "▸"
        color = style.secondaryLabel
      } else if isSelected {
        (symbol, color) = ("●", style.onScreenText)
      } else if source.isCreated(tab, in: controller.id) {
        (symbol, color) = ("○", style.secondaryLabel)
      } else {
        (symbol, color) = ("◌", style.tertiaryLabel)
      }
      var text = symbol + " " + tab.displayTitle
      if tab.isGroup, tab.managingNavigationController != nil { text += " · navigation" }
      if !tab.isGroup, !source.isCreated(tab, in: controller.id) { text += " · no controller yet" }
      rows.append(
        indent
          + HTMLText.font(
            text, size: 9, color: isRemoved ? style.removedText : color, bold: isSelected || tab.isGroup, width: 34))
    }
    if !left.isEmpty {
      let waiting = left.filter { !$0.isGroup && !source.isCreated($0, in: controller.id) }.count
      rows.append(
        HTMLText.font(
          "… \(left.count) more tab\(left.count == 1 ? "" : "s"), \(waiting) without a controller yet", size: 9,
          color: isRemoved ? style.removedText : style.tertiaryLabel, width: 34))
    }
    return rows
  }

  /// The most tabs a tab bar's box lists before it says how many more there are.
  static let tabRowLimit = 16
}
