import VCGraph

/// The visual encoding of a diagram in one ``Theme``: colours after Apple's system palette, one
/// font, and sizes.
///
/// Every colour a diagram draws comes from here, so a theme changes all of them: the background,
/// text, borders, fills, edges, kinds, the diff's marks, the callbacks panel, the legend, windows
/// and the frames around them.
struct DiagramStyle: Sendable, Hashable {
  static let font = "Inter,Helvetica Neue,Helvetica,Arial,sans-serif"
  /// For addresses: Inter draws the x of `0x7b32` as a multiplication sign between digits.
  static let monospacedFont = "DejaVu Sans Mono,Menlo,monospace"
  /// The size, in points, of a controller's class name: the text a reader must read, which the
  /// ``PageBudget`` keeps legible on the page.
  static let classNameSize = 12

  var background: String
  /// The fill of an on-screen or not-loaded controller's box.
  var controllerFill: String

  var label: String
  var secondaryLabel: String
  var tertiaryLabel: String
  var mutedLabel: String
  /// The border of the legend and of the callbacks panel.
  var panelBorder: String

  var onScreenBorder: String
  var onScreenText: String
  var offScreenFill: String
  var offScreenBorder: String
  var notLoadedBorder: String
  var notLoadedFill: String
  /// A fold node: controllers drawn as one counted box.
  var foldFill: String
  var foldBorder: String

  var windowFill: String
  var otherWindowFill: String
  /// The outlines of windows, which keep a window apart from its frame in the dark.
  var windowBorder: String
  var otherWindowBorder: String
  /// The text on a window's box: its class, its name, and the diff's marks.
  var windowLabel: String
  var windowSecondaryLabel: String
  var windowAdded: String
  var windowRemoved: String
  var windowChanged: String
  var clusterFill: String
  var clusterBorder: String

  var rootEdge: String
  var childEdge: String
  var shownChildEdge: String
  var presentationEdge: String
  /// A storyboard segue's edge and label: a teal no other edge uses, readable on either background.
  var segue: String
  /// How the legend tells the shown child's edge from the others.
  var shownChildEdgeNote: String

  var deallocated: String

  /// What a diff marks: added in blue (green already means on screen), removed faded red, changed orange.
  var added: String
  var removed: String
  var removedFill: String
  var removedText: String
  var changed: String
  var viewLoad: String

  /// The colours naming the kinds of controller.
  var navigation: String
  var tabBar: String
  var splitView: String
  var pageView: String
  var container: String
  var content: String
  /// SwiftUI's hosting controllers, in the pink of SwiftUI's own icon.
  var hosting: String

  /// An app map's navigators (coordinators, routers, delegates): their kind, border and fill, a
  /// grey apart from the screens'.
  var navigator: String
  var navigatorBorder: String
  var navigatorFill: String
  /// A map's transition to a controller the code does not name.
  var unknownDestination: String

  /// The colour of a lifecycle callback in the callbacks panel.
  func color(for callback: LifecycleEvent.Callback) -> String {
    switch callback {
    case .viewDidLoad: return viewLoad
    case .viewWillAppear, .viewIsAppearing, .viewDidAppear: return onScreenText
    case .viewWillDisappear, .viewDidDisappear: return secondaryLabel
    case .willMove, .didMove: return shownChildEdge
    case .presentationControllerShouldDismiss, .presentationControllerWillDismiss, .presentationControllerDidDismiss,
      .presentationControllerDidAttemptToDismiss, .sheetPresentationControllerDidChangeSelectedDetentIdentifier:
      return presentationEdge
    case .deinit: return deallocated
    }
  }

  /// The colour naming a kind of controller, from the system palette.
  func color(for kind: ViewControllerKind) -> String {
    switch kind {
    case .navigation: return navigation
    case .tabBar: return tabBar
    case .splitView: return splitView
    case .pageView: return pageView
    case .container: return container
    case .content: return content
    case .hosting: return hosting
    }
  }

  /// Every colour of the style, as `#RRGGBB`.
  var colors: Set<String> {
    Set(Mirror(reflecting: self).children.compactMap { $0.value as? String }.filter { $0.hasPrefix("#") })
  }
}

extension DiagramStyle {
  /// Black on white, after the light system colours.
  static let light = DiagramStyle(
    background: "#FFFFFF", controllerFill: "#FFFFFF",
    label: "#1C1C1E", secondaryLabel: "#6E6E73", tertiaryLabel: "#8E8E93", mutedLabel: "#AEAEB2",
    panelBorder: "#E5E5EA",
    onScreenBorder: "#34C759", onScreenText: "#248A3D", offScreenFill: "#F2F2F7", offScreenBorder: "#AEAEB2",
    notLoadedBorder: "#C7C7CC", notLoadedFill: "#FFFFFF", foldFill: "#ECECF1", foldBorder: "#8E8E93",
    windowFill: "#1C1C1E", otherWindowFill: "#636366", windowBorder: "#1C1C1E", otherWindowBorder: "#636366",
    windowLabel: "#FFFFFF", windowSecondaryLabel: "#E5E5EA",
    windowAdded: "#7EE2A8", windowRemoved: "#FFFFFF", windowChanged: "#FFD60A",
    clusterFill: "#FAFAFC", clusterBorder: "#D1D1D6",
    rootEdge: "#1C1C1E", childEdge: "#8E8E93", shownChildEdge: "#3A3A3C", presentationEdge: "#AF52DE",
    segue: "#1A9AAB", shownChildEdgeNote: "darker when shown",
    deallocated: "#D70015",
    added: "#0A84FF", removed: "#FF8A80", removedFill: "#FFF5F4", removedText: "#C9A09C", changed: "#FF9500",
    viewLoad: "#0071E3",
    navigation: "#007AFF", tabBar: "#5856D6", splitView: "#30B0C7", pageView: "#A2845E", container: "#FF9500",
    content: "#8E8E93", hosting: "#D6336C",
    navigator: "#636366", navigatorBorder: "#8E8E93", navigatorFill: "#F2F2F7", unknownDestination: "#C93400")

  /// Light on black, after the dark system colours (label alphas flattened to solid colours), with
  /// surfaces that get lighter as they rise: the frames of windows, then boxes, then windows.
  static let dark = DiagramStyle(
    background: "#000000", controllerFill: "#2C2C2E",
    label: "#FFFFFF", secondaryLabel: "#AEAEB2", tertiaryLabel: "#8E8E93", mutedLabel: "#636366",
    panelBorder: "#3A3A3C",
    onScreenBorder: "#30D158", onScreenText: "#30D158", offScreenFill: "#1C1C1E", offScreenBorder: "#636366",
    notLoadedBorder: "#8E8E93", notLoadedFill: "#121214", foldFill: "#242426", foldBorder: "#8E8E93",
    windowFill: "#636366", otherWindowFill: "#48484A", windowBorder: "#8E8E93", otherWindowBorder: "#6E6E73",
    windowLabel: "#FFFFFF", windowSecondaryLabel: "#EBEBF5",
    windowAdded: "#7EE2A8", windowRemoved: "#FFFFFF", windowChanged: "#FFD60A",
    clusterFill: "#121214", clusterBorder: "#3A3A3C",
    rootEdge: "#F2F2F7", childEdge: "#8E8E93", shownChildEdge: "#D1D1D6", presentationEdge: "#BF5AF2",
    segue: "#1A9AAB", shownChildEdgeNote: "lighter when shown",
    deallocated: "#FF453A",
    added: "#0A84FF", removed: "#B4605A", removedFill: "#241716", removedText: "#8C6E6B", changed: "#FF9F0A",
    viewLoad: "#409CFF",
    navigation: "#409CFF", tabBar: "#7D7AFF", splitView: "#40C8E0", pageView: "#AC8E68", container: "#FF9F0A",
    content: "#98989D", hosting: "#FF6482",
    navigator: "#AEAEB2", navigatorBorder: "#8E8E93", navigatorFill: "#1C1C1E", unknownDestination: "#FF9F0A")
}

extension Diagram {
  /// The colours of ``theme``: every colour the diagram draws comes from here.
  var style: DiagramStyle { theme.style }

  /// The class of the graph in SVG, which a page styles by theme: `theme-light`, `theme-dark`.
  var themeClass: String { "theme-" + theme.rawValue }
}

extension Theme {
  /// The colours of this theme.
  var style: DiagramStyle {
    switch self {
    case .light: return .light
    case .dark: return .dark
    }
  }
}

extension Theme {
  /// The colours of the bar under an animation's drawing (``AnimatedSVG``) and the diagrams' font.
  public var animationPalette: AnimatedSVG.Palette {
    let style = self.style
    return AnimatedSVG.Palette(
      background: style.background, track: style.panelBorder, accent: style.added, font: DiagramStyle.font)
  }
}
