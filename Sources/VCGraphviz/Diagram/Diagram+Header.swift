import VCGraph

extension Diagram {
  /// The graph label: scenario title and step position, the action, the caption, and the legend.
  ///
  /// `stacked` puts the legend under the title rather than beside it: side by side they are about
  /// 1,200 pixels wide, nearly all a page allows (``PageBudget``), and a small picture under such a
  /// header would be scaled down with it. With `sidesStacked`, the sides' panels go one below the
  /// other too.
  func header(showsFolds: Bool, stacked: Bool = false, sidesStacked: Bool = false) -> String {
    // With sides, each side's callbacks and notes in a panel of its own, side by side.
    let callbacksPanel = sides.isEmpty ? callbacksPanel : sidePanels(stacked: sidesStacked)
    var context = context
    if let title, !title.isEmpty { context = title + "  ·  " + context }
    if !folding.focus.isEmpty { context += "  ·  FOCUS " + folding.focus.joined(separator: ", ") }
    var left = [
      HTMLText.font(context, size: 10, color: style.tertiaryLabel, bold: true, width: 90),
      HTMLText.font(headline, size: 17, color: style.label, bold: true, width: 56),
    ]
    if let caption, !caption.isEmpty {
      left.append(HTMLText.font(caption, size: 12, color: style.secondaryLabel, width: 76, maxLines: 12))
    }
    let leftCell =
      "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"2\">"
      + left.map { "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\($0)</TD></TR>" }.joined() + "</TABLE>"
    if stacked {
      return "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"0\">"
        + "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\" VALIGN=\"TOP\">\(leftCell)</TD></TR>"
        + "<TR><TD HEIGHT=\"10\"></TD></TR>"
        + "<TR><TD ALIGN=\"LEFT\" VALIGN=\"TOP\">\(legend(showsFolds: showsFolds))</TD></TR>"
        + (callbacksPanel.map { "<TR><TD HEIGHT=\"10\"></TD></TR><TR><TD ALIGN=\"LEFT\">\($0)</TD></TR>" } ?? "")
        + "<TR><TD HEIGHT=\"10\"></TD></TR></TABLE>"
    }
    return "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"0\">"
      + "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\" VALIGN=\"TOP\" ROWSPAN=\"2\">\(leftCell)</TD><TD WIDTH=\"24\" ROWSPAN=\"2\"></TD>"
      + "<TD ALIGN=\"RIGHT\" VALIGN=\"TOP\">\(legend(showsFolds: showsFolds))</TD></TR>"
      // An empty cell under the legend takes the height of a long caption, so the legend keeps its size.
      + "<TR><TD></TD></TR>"
      + (callbacksPanel.map {
        "<TR><TD COLSPAN=\"3\" HEIGHT=\"10\"></TD></TR><TR><TD COLSPAN=\"3\" ALIGN=\"LEFT\">\($0)</TD></TR>"
      } ?? "")
      + "<TR><TD COLSPAN=\"3\" HEIGHT=\"10\"></TD></TR></TABLE>"
  }

  /// A legend's words, in a cell.
  func legendText(_ words: String) -> String {
    "<TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\(HTMLText.font(words, size: 9, color: style.secondaryLabel))</TD>"
  }

  /// A legend's line or glyph (`━━━▶`), in a cell, in its colour.
  func legendLine(_ glyphs: String, _ color: String) -> String {
    "<TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\(HTMLText.font(glyphs, size: 9, color: color, bold: true))</TD>"
  }

  /// A legend's small box, drawn as the boxes it stands for.
  func legendSwatch(border: String, fill: String, outline: String) -> String {
    "<TD><TABLE BORDER=\"1\" CELLBORDER=\"0\" CELLSPACING=\"0\" STYLE=\"\(outline)\" COLOR=\"\(border)\" "
      + "BGCOLOR=\"\(fill)\"><TR><TD FIXEDSIZE=\"TRUE\" WIDTH=\"18\" HEIGHT=\"9\"></TD></TR></TABLE></TD>"
  }

  /// The space between a legend's two columns.
  static let legendGap = "<TD WIDTH=\"12\"></TD>"

  /// The opening of a legend's table, its rows to follow (and `</TABLE>`).
  static func legendTable(border: String) -> String {
    "<TABLE BORDER=\"1\" COLOR=\"\(border)\" STYLE=\"rounded\" CELLBORDER=\"0\" CELLSPACING=\"2\" CELLPADDING=\"2\">"
  }

  /// The legend's row for a diff: how added, changed and removed elements look.
  private var diffLegendRow: String {
    "<TR>" + legendLine("+ ADDED", style.added) + legendText("new since before (blue outline)") + Self.legendGap
      + legendSwatch(border: style.changed, fill: style.controllerFill, outline: "rounded")
      + legendText("~ changed (what it was below)") + "</TR>"
      + "<TR>" + legendLine("− REMOVED", style.removed) + legendText("gone since before (faded, dotted)")
      + Self.legendGap + "<TD></TD><TD></TD></TR>"
  }

  /// The legends this diagram's header may draw, with and without its folds' row: a scenario's
  /// frames share them (``FrameSketches`` keeps each once).
  var legends: [String] { [legend(showsFolds: true), legend(showsFolds: false)] }

  /// What a legend says: the same key, the same legend.
  private struct LegendKey: Hashable {
    var theme: Theme
    var isStoryboard: Bool
    var showsChanges: Bool
    var showsFolds: Bool
    var showsSegues: Bool
  }

  /// The legends made so far, by what they say: every frame of a scenario draws one of a few.
  private static let madeLegends = LockedCache<LegendKey, String>(limit: 64)

  /// A small key to the encoding: the three edge kinds, and swatches of the three view states
  /// drawn like the controller boxes.
  private func legend(showsFolds: Bool) -> String {
    if appMap != nil { return mapLegend(showsFolds: showsFolds) }
    let key = LegendKey(
      theme: theme, isStoryboard: isStoryboard,
      // The diff's rows only when it marks something: a diff with no changes draws no mark to explain.
      showsChanges: changes?.isEmpty == false || sides.contains(where: { $0.diagram.changes?.isEmpty == false }),
      showsFolds: showsFolds, showsSegues: !hierarchy.segues.isEmpty)
    if let made = Self.madeLegends[key] { return made }
    let made = legend(key)
    Self.madeLegends[key] = made
    return made
  }

  private func legend(_ key: LegendKey) -> String {
    let showsFolds = key.showsFolds
    let (text, line, gap) = (legendText, legendLine, Self.legendGap)
    return Self.legendTable(border: style.panelBorder)
      + "<TR>" + line("━━━▶", style.rootEdge) + text("window → root view controller") + gap
      + legendSwatch(border: style.onScreenBorder, fill: style.controllerFill, outline: "rounded")
      + text(isStoryboard ? "on screen at launch" : "on screen (appeared)") + "</TR>"
      + "<TR>" + line("───▶", style.shownChildEdge)
      + text("parent → child (\(style.shownChildEdgeNote))") + gap
      + (isStoryboard
        ? legendSwatch(border: style.offScreenBorder, fill: style.controllerFill, outline: "rounded")
          + text("not shown at launch")
        : legendSwatch(border: style.offScreenBorder, fill: style.offScreenFill, outline: "rounded")
          + text("off screen (disappeared)")) + "</TR>"
      + "<TR>" + line("╌╌╌▶", style.presentationEdge) + text("presenting → presented (style on its box)") + gap
      + legendSwatch(border: style.notLoadedBorder, fill: style.notLoadedFill, outline: "rounded,dashed")
      + text(isStoryboard ? "⚠ unreachable or missing" : "view not loaded") + "</TR>"
      + (key.showsChanges ? diffLegendRow : "")
      // Folded controllers: explained only where some are.
      + (showsFolds
        ? "<TR>" + line("- - -▶", style.childEdge) + text("folded: how many, the first … the last") + gap
          + legendSwatch(border: style.foldBorder, fill: style.foldFill, outline: "rounded,dashed")
          + text("controllers folded into one")
          + "</TR>"
        : "")
      // An atlas page's links to other pages, explained only where there are some.
      + (links.isEmpty && linkLists.isEmpty
        ? ""
        : "<TR>" + line("→ page", style.segue)
          + text("drawn in full on the page it names (dashed teal box or list)") + "<TD></TD><TD></TD><TD></TD></TR>")
      // A storyboard's segues: their own edge style, explained only where there are some.
      + (!key.showsSegues
        ? ""
        : "<TR>" + line("┈┈┈▶", style.segue)
          + text("segue (its kind, “identifier”; ↩ unwind; dashed: storyboard reference)")
          + "<TD></TD><TD></TD><TD></TD></TR>")
      + "</TABLE>"
  }
}
