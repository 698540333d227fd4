import VCGraph

/// The first page of an atlas: every page as a box (its number and title, how many controllers it
/// draws, the first of them), and an arrow from a page to each page its controllers lead to, with
/// how many transitions do, so a reader sees the whole app at a glance and clicks into a part.
///
/// In SVG each box links to its page's file. The boxes go where `dot` puts them along the arrows,
/// or, when that does not fit the page, in rows in the pages' order, each box listing the pages it
/// leads to instead of arrows (``graph(inRows:)``).
public struct AtlasOverview: Sendable {
  public let atlas: Atlas
  /// The colours it is drawn in.
  public var theme: Theme
  /// Each page's SVG file in ``theme``, which its box links to; nil for no link.
  public var files: [String?]
  /// The page the overview must read on.
  public var budget: PageBudget

  public init(atlas: Atlas, theme: Theme = .light, files: [String?] = [], budget: PageBudget = PageBudget()) {
    self.atlas = atlas
    self.theme = theme
    self.files = files
    self.budget = budget
  }

  private var style: DiagramStyle { theme.style }

  /// The most names a page's box lists.
  static let namesShown = 3

  /// The most pages whose boxes list their first controllers.
  static let pagesNamingControllers = 24

  /// The graph: boxes placed along the arrows, or in rows of the pages' order, each box listing
  /// the pages it leads to (`inRows`); `compact`, in rows of narrower boxes that list nothing (the
  /// pages themselves link where they lead), so that hundreds of pages fit the page.
  func graph(inRows: Bool = false, compact: Bool = false) -> GraphDescription {
    var graph = GraphDescription()
    let font = GraphDescription.Attribute("fontname", DiagramStyle.font)
    graph.attributes = [
      .init("rankdir", "TB"), .init("newrank", "true"), .init("bgcolor", style.background), font,
      .init("pad", "0.35"), .init("nodesep", compact ? "0.15" : "0.3"), .init("ranksep", compact ? "0.2" : "0.5"),
      .init("labelloc", "t"),
      .init("labeljust", "l"), .init("label", html: header(inRows: inRows, compact: compact)),
      .init("class", "atlas-overview theme-\(theme.rawValue)"),
    ]
    graph.nodeDefaults = [font, .init("shape", "box"), .init("margin", "0.12,0.06")]
    graph.edgeDefaults = [font, .init("arrowsize", "0.8")]
    let leadsTo = Dictionary(grouping: atlas.crossings, by: \.from)
    for (index, page) in atlas.pages.enumerated() {
      graph.nodes.append(
        node(index, page, leadsTo: inRows && !compact ? (leadsTo[index] ?? []).map(\.to) : [], compact: compact))
    }
    // Along the arrows, each arrow with its count; in rows, the pages each box leads to are
    // listed in it instead (arrows over rows cross every box).
    if !inRows {
      for crossing in atlas.crossings {
        graph.edges.append(
          .init(
            tail: Self.nodeName(crossing.from), head: Self.nodeName(crossing.to),
            attributes: [
              .init("class", "atlas-crossing"), .init("color", style.segue),
              .init("penwidth", crossing.count > 1 ? "1.8" : "1.2"), .init("style", "dashed"),
              .init("label", html: HTMLText.font("\(crossing.count)", size: 10, color: style.segue, bold: true)),
              .init("tooltip", "\(crossing.count) from page \(crossing.from + 1) to page \(crossing.to + 1)"),
            ]))
      }
    } else {
      let length = rowLength(compact: compact)
      graph.edges += Diagram.wrappingRows(atlas.pages.indices.map(Self.nodeName), length: length)
      for row in stride(from: 0, to: atlas.pages.count, by: length) {
        let names = atlas.pages.indices[row..<min(row + length, atlas.pages.count)].map(Self.nodeName)
        for (left, right) in zip(names, names.dropFirst()) {
          graph.edges.append(
            .init(
              tail: left, head: right,
              attributes: [.init("style", "invis"), .init("minlen", "0"), .init("class", "order")]))
        }
      }
    }
    return graph
  }

  /// How many boxes go in a row: as many as a page is wide, about 260 points each (200 when they
  /// name no controllers, 128 when `compact`), and no more than make a square.
  func rowLength(compact: Bool = false) -> Int {
    let square = Int(Double(atlas.pages.count).squareRoot().rounded(.up))
    let box: Double = compact ? 128 : atlas.pages.count <= Self.pagesNamingControllers ? 260 : 200
    return max(1, min(square, Int(PageBudget.points(pixels: budget.maximumWidth) / box)))
  }

  /// The cgraph name of page `index`'s box.
  static func nodeName(_ index: Int) -> String { "page:\(index + 1)" }

  /// The heading: the map's title, how many pages and controllers, and how to read it (with
  /// arrows, or with the pages each box leads to in it: `inRows`).
  private func header(inRows: Bool, compact: Bool) -> String {
    func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
    let controllers = atlas.pages.reduce(0) { $0 + $1.controllers.count }
    let crossings = atlas.crossings.reduce(0) { $0 + $1.count }
    let rows = [
      HTMLText.font("ATLAS · OVERVIEW", size: 10, color: style.tertiaryLabel, bold: true, width: 90),
      HTMLText.font(atlas.map.title, size: 17, color: style.label, bold: true, width: 56),
      HTMLText.font(
        [
          plural(atlas.pages.count, "page"), plural(controllers, "controller") + ", each drawn in full on one page",
          plural(crossings, "transition") + " between pages"
            + (compact
              ? " (each page links to the pages it leads to)"
              : inRows ? " (→ the pages a page leads to)" : " (dashed teal, with how many)"),
        ].joined(separator: " · "), size: 12, color: style.secondaryLabel, width: 76, maxLines: 6),
    ]
    return "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"2\">"
      + rows.map { "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\($0)</TD></TR>" }.joined()
      + "<TR><TD HEIGHT=\"10\"></TD></TR></TABLE>"
  }

  /// Page `index`'s box: `PAGE 3`, its title, how many controllers, the first few by class, and
  /// the pages it leads to when the arrows are not drawn.
  private func node(_ index: Int, _ page: Atlas.Page, leadsTo: [Int], compact: Bool) -> GraphDescription.Node {
    let names = page.controllers.compactMap { atlas.map.hierarchy[$0]?.unqualifiedClassName }
    // The first names, as many as a few lines hold.
    var shown: [String] = []
    for name in names where shown.count < Self.namesShown {
      guard shown.isEmpty || (shown + [name]).joined(separator: ", ").count <= 80 else { break }
      shown.append(name)
    }
    var list = shown.joined(separator: ", ")
    if names.count > shown.count { list += " and \(names.count - shown.count) more" }
    let count = "\(page.controllers.count) controller\(page.controllers.count == 1 ? "" : "s")"
    var rows = [
      HTMLText.font("PAGE \(index + 1)", size: 9, color: style.tertiaryLabel, bold: true),
      HTMLText.font(page.title, size: DiagramStyle.classNameSize, color: style.label, bold: true, width: 26),
      HTMLText.font(count, size: 10, color: style.secondaryLabel),
    ]
    // Narrow: the title in three lines at most, then the page's number and its count on one line.
    if compact {
      rows = [
        HTMLText.font(
          page.title, size: DiagramStyle.classNameSize, color: style.label, bold: true, width: 14, maxLines: 3),
        HTMLText.font("PAGE \(index + 1) · \(count)", size: 9, color: style.secondaryLabel),
      ]
    }
    // Many pages: each box names no controller, so that all of them fit the page.
    if atlas.pages.count <= Self.pagesNamingControllers, !compact {
      rows.append(HTMLText.font(list, size: 9, color: style.secondaryLabel, width: 34, maxLines: 4))
    }
    if !leadsTo.isEmpty {
      let pages = leadsTo.map { "\($0 + 1)" }.joined(separator: ", ")
      rows.append(
        HTMLText.font(
          "→ page\(leadsTo.count == 1 ? "" : "s") \(pages)", size: 10, color: style.segue, bold: true, width: 34,
          maxLines: 3))
    }
    let label =
      "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\">"
      + rows.map { "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\($0)</TD></TR>" }.joined() + "</TABLE>"
    var attributes: [GraphDescription.Attribute] = [
      .init("id", "page-\(index + 1)"), .init("class", "atlas-page"), .init("style", "rounded,filled"),
      .init("color", style.offScreenBorder), .init("fillcolor", style.controllerFill), .init("penwidth", "1.2"),
      .init("label", html: label),
      .init(
        "tooltip",
        Diagram.plainAttribute("page \(index + 1): \(page.title) · \(count) · \(names.joined(separator: ", "))")),
    ]
    if index < files.count, let file = files[index] { attributes.append(.init("href", file)) }
    return .init(name: Self.nodeName(index), attributes: attributes)
  }
}
