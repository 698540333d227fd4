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

  /// The legend's row for a diff: how added, changed and removed elements look.
  private func diffLegendRow(
    line: (String, String) -> String, text: (String) -> String,
    swatch: (_ border: String, _ fill: String, _ outline: String) -> String, gap: String
  ) -> String {
    "<TR>" + line("+ ADDED", style.added) + text("new since before (blue outline)") + gap
      + swatch(style.changed, style.controllerFill, "rounded")
      + text("~ changed (what it was below)") + "</TR>"
      + "<TR>" + line("− REMOVED", style.removed) + text("gone since before (faded, dotted)") + gap
      + "<TD></TD><TD></TD></TR>"
  }

  /// A small key to the encoding: the three edge kinds, and swatches of the three view states
  /// drawn like the controller boxes.
  private func legend(showsFolds: Bool) -> String {
    let size = 9
    func text(_ words: String) -> String {
      "<TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\(HTMLText.font(words, size: size, color: style.secondaryLabel))</TD>"
    }
    func line(_ glyphs: String, _ color: String) -> String {
      "<TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\(HTMLText.font(glyphs, size: size, color: color, bold: true))</TD>"
    }
    func swatch(border: String, fill: String, outline: String) -> String {
      "<TD><TABLE BORDER=\"1\" CELLBORDER=\"0\" CELLSPACING=\"0\" STYLE=\"\(outline)\" COLOR=\"\(border)\" "
        + "BGCOLOR=\"\(fill)\"><TR><TD FIXEDSIZE=\"TRUE\" WIDTH=\"18\" HEIGHT=\"9\"></TD></TR></TABLE></TD>"
    }
    let gap = "<TD WIDTH=\"12\"></TD>"
    return
      "<TABLE BORDER=\"1\" COLOR=\"\(style.panelBorder)\" STYLE=\"rounded\" CELLBORDER=\"0\" CELLSPACING=\"2\" CELLPADDING=\"2\">"
      + "<TR>" + line("━━━▶", style.rootEdge) + text("window → root view controller") + gap
      + swatch(border: style.onScreenBorder, fill: style.controllerFill, outline: "rounded")
      + text(isStoryboard ? "on screen at launch" : "on screen (appeared)") + "</TR>"
      + "<TR>" + line("───▶", style.shownChildEdge)
      + text("parent → child (\(style.shownChildEdgeNote))") + gap
      + (isStoryboard
        ? swatch(border: style.offScreenBorder, fill: style.controllerFill, outline: "rounded")
          + text("not shown at launch")
        : swatch(border: style.offScreenBorder, fill: style.offScreenFill, outline: "rounded")
          + text("off screen (disappeared)")) + "</TR>"
      + "<TR>" + line("╌╌╌▶", style.presentationEdge) + text("presenting → presented (style on its box)") + gap
      + swatch(border: style.notLoadedBorder, fill: style.notLoadedFill, outline: "rounded,dashed")
      + text(isStoryboard ? "⚠ unreachable or missing" : "view not loaded") + "</TR>"
      // The diff's rows only when it marks something: a diff with no changes draws no mark to explain.
      + (changes?.isEmpty == false || sides.contains(where: { $0.diagram.changes?.isEmpty == false })
        ? diffLegendRow(line: line, text: text, swatch: swatch, gap: gap) : "")
      // Folded controllers: explained only where some are.
      + (showsFolds
        ? "<TR>" + line("- - -▶", style.childEdge) + text("folded: how many, the first … the last") + gap
          + swatch(border: style.foldBorder, fill: style.foldFill, outline: "rounded,dashed")
          + text("controllers folded into one")
          + "</TR>"
        : "")
      // An atlas page's links to other pages, explained only where there are some.
      + (links.isEmpty && linkLists.isEmpty
        ? ""
        : "<TR>" + line("→ page", style.segue)
          + text("drawn in full on the page it names (dashed teal box or list)") + "<TD></TD><TD></TD><TD></TD></TR>")
      // A storyboard's segues: their own edge style, explained only where there are some.
      + (hierarchy.segues.isEmpty
        ? ""
        : "<TR>" + line("┈┈┈▶", style.segue)
          + text("segue (its kind, “identifier”; ↩ unwind; dashed: storyboard reference)")
          + "<TD></TD><TD></TD><TD></TD></TR>")
      + "</TABLE>"
  }
}
