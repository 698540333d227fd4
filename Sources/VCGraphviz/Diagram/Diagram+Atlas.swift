import VCGraph

/// Where a link box on an atlas page leads: the page that draws its controller in full.
public struct AtlasLink: Sendable, Hashable, Codable {
  /// The controller the box stands for.
  public var target: String
  /// The title of the page that draws it (`Settings`, `Main · Tasks`).
  public var pageTitle: String
  /// That page's number, from 1 (the overview is not counted).
  public var pageNumber: Int
  /// That page's SVG file in the theme the box is drawn in, which the box links to; nil for no link.
  public var file: String?
  /// True when the box is a storyboard reference, which stands for a scene of another storyboard.
  public var isReference: Bool
  /// In a link list, the segues that lead there: `show detail “ItemSegue”`.
  public var via: String?
  /// The class of the controller without its module, as its link box or row names it.
  public var className: String?
  /// The kind of the controller.
  public var kind: ViewControllerKind?

  public init(
    target: String, pageTitle: String, pageNumber: Int, file: String?, isReference: Bool = false, via: String? = nil
  ) {
    self.target = target
    self.pageTitle = pageTitle
    self.pageNumber = pageNumber
    self.file = file
    self.isReference = isReference
    self.via = via
  }

  /// What the box says first: `→ Settings · page 4`.
  public var text: String { "→ \(pageTitle) · page \(pageNumber)" }
}

extension Diagram {
  /// The diagram of one page of an atlas (``AtlasMap/page(drawing:)``): its controllers as a
  /// storyboard's diagram draws its scenes (a design-time map: plain unless nothing leads to them),
  /// and each controller of another page it leads to as a small link box naming that page, which
  /// links to that page's file in SVG (`links`, by box id).
  public init(
    atlasPage page: AtlasMap.PageHierarchy, of map: AtlasMap, context: String, headline: String, caption: String,
    links: [String: AtlasLink], linkLists: [String: [AtlasLink]] = [:]
  ) {
    self.init(hierarchy: page.hierarchy, context: context, headline: headline, caption: caption)
    let unreachable = map.unreachable ?? []
    unreachableScenes = Set(page.ids.filter { unreachable.contains($0.value) }.map(\.key))
    self.links = links
    self.linkLists = linkLists
    // A page of an app's code map draws its boxes and transitions as `vcgraph map` does.
    if let appMap = map.appMap { self.appMap = AppMapDrawing(map: appMap, sourceURL: map.sourceURL) }
  }

  /// The box that lists the controllers of other pages one controller leads to, a row each: where
  /// it is drawn in full, its class and the segues that lead there; each row links to its page in
  /// SVG. Class `atlas-link-list`.
  func linkListNode(_ id: String, rows links: [AtlasLink], cluster: String?) -> GraphDescription.Node {
    func cell(_ text: String, _ link: AtlasLink) -> String {
      let href = link.file.map { " HREF=\"\(HTMLText.escape($0))\"" } ?? ""
      let title = HTMLText.escape("\(link.target): drawn in full on page \(link.pageNumber), \(link.pageTitle)")
      return "<TD ALIGN=\"LEFT\" BALIGN=\"LEFT\"\(href) TITLE=\"\(title)\">\(text)</TD>"
    }
    var rows = [
      "<TR><TD ALIGN=\"LEFT\" COLSPAN=\"3\">"
        + HTMLText.font("LEADS TO OTHER PAGES", size: 9, color: style.tertiaryLabel, bold: true) + "</TD></TR>"
    ]
    for link in links {
      let className = Self.classNameLines(link.className ?? link.target).map {
        HTMLText.font($0, size: DiagramStyle.classNameSize, color: style.secondaryLabel, width: Self.classNameWidth)
      }.joined(separator: "<BR ALIGN=\"LEFT\"/>")
      rows.append(
        "<TR>" + cell(HTMLText.font(link.text, size: 10, color: style.segue, bold: true, width: 32, maxLines: 3), link)
          + cell(className, link)
          + cell(HTMLText.font(link.via ?? "", size: 9, color: style.segue, width: 30, maxLines: 3), link) + "</TR>")
    }
    let label =
      "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"2\">" + rows.joined() + "</TABLE>"
    return .init(
      name: Self.nodeName(ofController: id), cluster: cluster,
      attributes: [
        .init("id", Self.svgID(ofController: id)), .init("class", "atlas-link-list"),
        .init("style", "rounded,filled,dashed"), .init("color", style.segue), .init("fillcolor", style.background),
        .init("penwidth", "1.2"), .init("label", html: label),
        .init("tooltip", Self.plainAttribute("\(links.count) controllers of other pages")),
      ])
  }

  /// The box of a link to another page: where the controller is drawn in full (`→ Settings · page
  /// 4`), then its class; linked, in SVG, to that page's file. Classes `atlas-link`, never `vc`:
  /// the controller is drawn in full elsewhere.
  func linkNode(_ controller: ViewController, link: AtlasLink, cluster: String?) -> GraphDescription.Node {
    var rows = [HTMLText.font(link.text, size: 10, color: style.segue, bold: true, width: 36, maxLines: 3)]
    let className = link.className ?? controller.unqualifiedClassName
    let kind = link.kind ?? controller.kind
    if className.hasPrefix("UI"), kind.isContainer {
      // UIKit's container says no more than its kind; the page's title names what it holds.
      rows.append(HTMLText.font(kind.displayName.uppercased(), size: 9, color: style.color(for: kind), bold: true))
    } else {
      rows.append(
        Self.classNameLines(className).map {
          HTMLText.font($0, size: DiagramStyle.classNameSize, color: style.secondaryLabel, width: Self.classNameWidth)
        }.joined(separator: "<BR ALIGN=\"LEFT\"/>"))
    }
    if link.isReference {
      rows.append(HTMLText.font("storyboard reference", size: 9, color: style.tertiaryLabel))
    }
    let label =
      "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\">"
      + rows.map { "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\($0)</TD></TR>" }.joined() + "</TABLE>"
    var attributes: [GraphDescription.Attribute] = [
      .init("id", Self.svgID(ofController: controller.id)),
      .init("class", "atlas-link kind-" + controller.kind.rawValue),
      .init("style", "rounded,filled,dashed"), .init("color", style.segue), .init("fillcolor", style.background),
      .init("penwidth", "1.2"), .init("label", html: label),
      .init(
        "tooltip",
        Self.plainAttribute(
          "\(link.target): drawn in full on page \(link.pageNumber), \(link.pageTitle)")),
    ]
    if let file = link.file { attributes.append(.init("href", file)) }
    return .init(name: Self.nodeName(ofController: controller.id), cluster: cluster, attributes: attributes)
  }
}
