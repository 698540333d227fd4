/// A whole app as an atlas draws it: every controller (a storyboard's scene, a class of a code
/// map), their containment, and the transitions between them, cut into pages that each read on a
/// docs page.
///
/// The shape is the one every map of an app has, whatever it was read from:
/// - ``hierarchy``: the controllers, each a member, with their containment (a navigation
///   controller's stack, a tab bar's tabs, a split view's columns, embedded children) and the
///   windows of the controllers shown at launch; its ``Hierarchy/segues`` are the transitions (a
///   storyboard's segues, a code map's pushes and presentations, as ``Segue`` values whose
///   ``Segue/Kind`` names them).
/// - ``parts``: where each controller comes from (a storyboard file), so that a page holds one
///   part's controllers only; empty when the map has no such parts.
/// - ``references``: placeholders that stand for a controller of another part (a storyboard
///   reference): drawn as a link to the page of what they stand for.
///
/// `vcgraph storyboard` builds one from its storyboards (``init(storyboards:)``); `vcgraph map`
/// from an app's code. An atlas draws every controller in full on exactly one page, and a link
/// box to that page wherever else it appears.
public struct AtlasMap: Sendable {
  /// The controllers, their containment and windows, and the transitions as segues.
  public var hierarchy: Hierarchy
  /// What the whole map is, for the overview's heading: `Habitica: 9 storyboards`.
  public var title: String
  /// The small line above each page's heading: `STORYBOARD`, `APP MAP`.
  public var context: String
  /// The part each controller belongs to, by id: a page holds one part's controllers only.
  public var parts: [String: String]
  /// The parts, in the order their pages come.
  public var partOrder: [String]
  /// What each part is, for a page's heading: `Main.storyboard`, by part.
  public var partTitles: [String: String]
  /// The line above a part's pages' heading, when it says more than ``context``
  /// (`STORYBOARD · IPHONE · COMPACT WIDTH`), by part.
  public var partContexts: [String: String]
  /// The file stem of a part's pages: `Main` for `Main.storyboard`, by part.
  public var partStems: [String: String]
  /// The placeholders that stand for another controller (a storyboard reference), with what they
  /// stand for, by id.
  public var references: [String: String]
  /// The controllers nothing leads to, drawn faded; nil when the map cannot tell (then nothing is).
  public var unreachable: Set<String>?
  /// The controllers that stand for a missing scene (a segue or reference to nothing).
  public var missing: Set<String>
  /// Other names a reader may give a controller (Interface Builder's object id, `BYZ-38-t0r`):
  /// the controller's id, by name.
  public var aliases: [String: String]
  /// For a map of storyboards: each storyboard as its own diagram draws it, by part, for what a
  /// page that holds a whole storyboard says of it (the file's counts, a Mac window).
  public var partStoryboards: [String: StoryboardHierarchy] = [:]
  /// For the map of an app's code (``init(appMap:name:)``): that map, whose boxes and edges its
  /// pages draw as `vcgraph map` draws them.
  public var appMap: AppMapHierarchy?
  /// For the map of an app's code: a URL with `{file}` and `{line}` that its boxes and edges link to.
  public var sourceURL: String?

  public init(
    hierarchy: Hierarchy, title: String, context: String, parts: [String: String] = [:], partOrder: [String] = [],
    references: [String: String] = [:], unreachable: Set<String>? = nil
  ) {
    self.hierarchy = hierarchy
    self.title = title
    self.context = context
    self.parts = parts
    self.partOrder = partOrder
    self.references = references
    self.unreachable = unreachable
    partTitles = [:]
    partContexts = [:]
    partStems = [:]
    missing = []
    aliases = [:]
  }

  /// The controllers the atlas places, in the hierarchy's order: every member.
  public var controllers: [String] { hierarchy.members }

  /// The part `id` belongs to; the empty name when the map has no parts.
  public func part(of id: String) -> String { parts[id] ?? "" }

  /// The controllers that are real controllers, not placeholders for another one (``references``).
  public var drawnInFull: [String] { controllers.filter { references[$0] == nil } }
}
