import Foundation
import VCGraph

/// The picture of one step: windows, controllers and their relations, the step's header and a legend.
///
/// A diagram is what the first of the three stages of drawing makes: what a picture says, before
/// how it is laid out (``FoldSearch``, ``ScenarioLayout``) and how Graphviz draws it
/// (``GraphvizContext``). It is made from a hierarchy (a scenario's step, its sides per size class,
/// a dump, a state JSON, a storyboard, a diff) and says everything a reader sees as a
/// ``GraphDescription`` (``graph``): which controllers are drawn and which fold (``DrawingPlan``,
/// `Diagram+Folds.swift`), the boxes (`Diagram+Nodes.swift`, `Diagram+Tabs.swift`), the edges
/// (`Diagram+Edges.swift`, a storyboard's segues in `Diagram+Segues.swift`), what a diff marks
/// (`Diagram+Marks.swift`), the labels, header and legend, and the callbacks panel.
///
/// The encoding: windows are dark boxes at the top of a framed area; a controller's box shows its
/// kind, class, id and title, and whether it is on screen (green border), off screen (grey) or has
/// not loaded its view (dashed). Window → root edges are heavy black, parent → child edges grey with
/// the child's role (the shown child darker), presenting → presented edges dashed purple with the style.
/// ``theme`` picks the colours (light or dark); nothing else changes with it.
///
/// In SVG, every node and edge has a stable `id` and CSS classes a page can style or link by
/// (Graphviz writes `node`, `edge` or `cluster` before them):
/// - controllers: ``svgID(ofController:)``, classes `vc kind-<kind> state-<appearance>`, `loaded` or
///   `not-loaded`, `on-screen` or `off-screen`;
/// - windows: ``svgID(ofWindow:)``, classes `window`, and `key`, `compact` when they are;
/// - edges: ``svgID(of:)``, classes `edge-root`, `edge-child` with `shown` or `hidden`, or
///   `edge-presentation` with `style-<style>` (`style-unknown` for a dump that does not say) and,
///   for a sheet given detents, `detent-<identifier>` of the detent it rests at;
/// - window frames: `frame-window-<id>`, class `frame`; the frame of controllers outside any window
///   `frame-detached`, classes `frame detached`; the graph: class `theme-light` or `theme-dark`.
///
/// A diff adds `added`, `removed` or `changed` to what it marks. `<title>`s are the Graphviz names:
/// `vc:home`, `window:main`, `vc:nav->vc:home`.
public struct Diagram: Sendable {
  public var hierarchy: Hierarchy
  /// The small line above the headline: `STEP 2 OF 5`, `IMPORTED DUMP`, `DIFF`.
  public var context: String
  /// The large line: the step's action, or what was imported or compared.
  public var headline: String
  public var caption: String?
  public var title: String?
  /// The step's lifecycle callbacks, drawn in a numbered panel (and their numbers on the controllers)
  /// when not nil.
  public var events: [LifecycleEvent]?
  /// What changed since an earlier hierarchy: when set, ``hierarchy`` is the diff's `after`, and
  /// the diagram also draws, faded, what was removed, and marks what was added or changed.
  ///
  /// A scenario's frames compare each step with the one before only when the comparison is first
  /// read (``frames(of:showsEvents:)-(_:_)``): a frame that is not drawn costs no comparison.
  public var changes: HierarchyDiff? {
    get { comparison.diff }
    set { comparison = Comparison(newValue) }
  }
  private var comparison = Comparison(nil)
  /// The colours the diagram is drawn in; light unless set.
  public var theme: Theme = .light
  /// What folds into counted nodes, and what the diagram focuses on; ``FoldMode/auto`` unless set.
  public var folding = Folding()
  /// With `render --size-classes`, the step drawn once per horizontal size class, side by side,
  /// left to right: each side's own hierarchy, changes and callbacks (``Side``); this diagram then
  /// draws only the header (context, headline, caption, legend) above them. Empty otherwise.
  public var sides: [Side] = []
  /// True to draw the ``sides`` one below the other, in their order, rather than side by side: for a
  /// picture whose sides side by side are wider than a page holds.
  var stacksSides = false
  /// For a storyboard's diagram, the scenes nothing leads to: drawn faded, since a reader must notice them.
  var unreachableScenes: Set<String>?
  /// On an atlas page, the boxes that link to the page drawing a controller in full, by box id.
  var links: [String: AtlasLink] = [:]
  /// On an atlas page, the boxes that list the controllers of other pages one controller leads
  /// to, by box id, a row each.
  var linkLists: [String: [AtlasLink]] = [:]
  /// True for a storyboard's diagram: a design-time map, whose scenes are not "not loaded" but
  /// simply not shown at launch, and whose scenes outside the initial controller's tree are not
  /// framed as outside any window.
  var isStoryboard: Bool { unreachableScenes != nil }
  /// The class the window boxes name: `NSWindow` for a macOS storyboard.
  var windowClass = "UIWindow"
  /// For an app map's diagram (``init(appMap:name:title:sourceURL:)``): the map, whose boxes and
  /// edges the diagram draws as a map's.
  var appMap: AppMapDrawing?

  public init(
    hierarchy: Hierarchy, context: String, headline: String, caption: String? = nil, title: String? = nil,
    events: [LifecycleEvent]? = nil
  ) {
    self.hierarchy = hierarchy
    self.context = context
    self.headline = headline
    self.caption = caption
    self.title = title
    self.events = events
  }

  /// The diagram of a replayed step, with its callbacks when `showsEvents` is true.
  public init(frame: Frame, stepCount: Int, title: String?, showsEvents: Bool = false) {
    self.init(
      hierarchy: frame.hierarchy, context: "STEP \(frame.step.number) OF \(stepCount)",
      headline: frame.step.action.summary, caption: frame.step.caption, title: title,
      events: showsEvents ? frame.events : nil)
  }

  /// The diagram of `diff`: its `after` hierarchy, with what was removed drawn faded where it was,
  /// and what was added or changed marked.
  public init(diff: HierarchyDiff, headline: String, caption: String? = nil, title: String? = nil) {
    self.init(hierarchy: diff.after, context: "DIFF", headline: headline, caption: caption, title: title)
    changes = diff
  }

  /// The cgraph node name of a controller: `vc:` and its id, with `%`, backslashes and control characters percent-encoded.
  public static func nodeName(ofController id: String) -> String { "vc:" + HTMLText.identifier(id) }
  /// The cgraph node name of a window.
  public static func nodeName(ofWindow id: String) -> String { "window:" + HTMLText.identifier(id) }
  /// The cgraph name of the cluster framing the controllers outside any window.
  static let detachedClusterName = "cluster_detached"
  /// The cgraph name of the cluster framing a window's hierarchy.
  static func clusterName(ofWindow id: String) -> String { "cluster_window_" + HTMLText.identifier(id) }
  /// The SVG `id` of a controller's node: `vc-` and its id, encoded as in ``nodeName(ofController:)``.
  public static func svgID(ofController id: String) -> String { "vc-" + HTMLText.identifier(id) }
  /// The SVG `id` of a window's node.
  public static func svgID(ofWindow id: String) -> String { "window-" + HTMLText.identifier(id) }
  /// The SVG `id` of a relation's edge: `edge-root-`, `edge-child-` or `edge-presentation-`, then the
  /// ids of its two ends joined by `~` (`edge-child-nav~home`), encoded as in ``svgID(ofController:)``
  /// with a `~` in an id encoded too, so no two relations share an id.
  public static func svgID(of relation: HierarchyDiff.Relation) -> String {
    func end(_ id: String) -> String {
      let encoded = HTMLText.identifier(id)
      // Most ids hold no `~`: they are kept without a search through Foundation.
      guard encoded.utf8.contains(UInt8(ascii: "~")) else { return encoded }
      return encoded.replacingOccurrences(of: "~", with: "%7E")
    }
    switch relation {
    case let .root(window, controller): return "edge-root-\(end(window))~\(end(controller))"
    case let .child(parent, child): return "edge-child-\(end(parent))~\(end(child))"
    case let .presentation(presenter, presented): return "edge-presentation-\(end(presenter))~\(end(presented))"
    }
  }

  /// The controllers of the hierarchy: those with a relation (every controller in a window has one)
  /// or listed by a dump. ``folding`` decides which of them get a node of their own.
  public var drawnControllers: [String] {
    hierarchy.members
  }

  /// The graph to hand to Graphviz, folded at the first level ``folding`` tries (the rules, for
  /// ``FoldMode/auto``; ``Renderer`` folds more when the picture does not fit its page).
  public var graph: GraphDescription {
    graph(level: folding.levels[0])
  }

  /// The ids ``Folding/focus`` names in this diagram's hierarchy: controllers with that id, else
  /// with that class name (with or without its module); nil without a focus.
  var focusedControllers: Set<String>? {
    guard !folding.focus.isEmpty else { return nil }
    // A map's focus is what a node's transitions reach, two steps out.
    if let appMap { return mapFocus(folding.focus, in: appMap) }
    var found = Set<String>()
    let candidates = hierarchy.members + (changes?.removedControllers ?? [])
    for name in folding.focus {
      if candidates.contains(name) {
        found.insert(name)
        continue
      }
      for id in candidates {
        guard let controller = hierarchy[id] ?? changes?.before[id] else { continue }
        if controller.className == name || controller.unqualifiedClassName == name {
          found.insert(id)
        }
      }
    }
    return found
  }

  /// The plan of what this diagram draws at `level`.
  ///
  /// With a `memory`, the plan takes from the plan of the frame before what the step did not change
  /// (``DrawingPlan/Memory``), and keeps what it made for the next frame's.
  func plan(level: FoldLevel, pinned: Set<String> = [], memory: DrawingPlan.Memory? = nil) -> DrawingPlan {
    DrawingPlan(
      hierarchy: hierarchy, changes: changes, level: level, focus: focusedControllers, pinned: pinned,
      foldsLoneScenes: appMap != nil, memory: memory)
  }

}

extension Diagram {
  /// What ``changes`` holds: a diff, or the two hierarchies to compare once it is first read.
  /// Copies of a diagram share it, so the comparison is made once, whichever copy reads it.
  private final class Comparison: @unchecked Sendable {
    private let lock = NSLock()
    private var result: HierarchyDiff?
    private var pending: (before: Hierarchy, after: Hierarchy)?

    init(_ diff: HierarchyDiff?) {
      result = diff
    }

    init(before: Hierarchy, after: Hierarchy) {
      pending = (before, after)
    }

    var diff: HierarchyDiff? {
      lock.lock()
      defer { lock.unlock() }
      if let (before, after) = pending {
        result = HierarchyDiff(before: before, after: after)
        pending = nil
      }
      return result
    }
  }

  /// Marks what changed since `before`, compared when ``changes`` is first read; ``hierarchy``
  /// must be the later hierarchy, with no addresses a dump matches (a scenario's frame).
  mutating func compare(since before: Hierarchy) {
    comparison = Comparison(before: before, after: hierarchy)
  }
}
