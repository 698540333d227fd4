import VCGraph

/// The visual encoding of a diagram: colours after Apple's system palette, one font, and sizes.
enum DiagramStyle {
  static let font = "Inter,Helvetica Neue,Helvetica,Arial,sans-serif"
  /// For addresses: Inter draws the x of `0x7b32` as a multiplication sign between digits.
  static let monospacedFont = "DejaVu Sans Mono,Menlo,monospace"
  static let background = "#FFFFFF"

  static let label = "#1C1C1E"
  static let secondaryLabel = "#6E6E73"
  static let tertiaryLabel = "#8E8E93"
  static let mutedLabel = "#AEAEB2"

  static let onScreenBorder = "#34C759"
  static let onScreenText = "#248A3D"
  static let offScreenFill = "#F2F2F7"
  static let offScreenBorder = "#AEAEB2"
  static let notLoadedBorder = "#C7C7CC"

  static let windowFill = "#1C1C1E"
  static let otherWindowFill = "#636366"
  static let clusterFill = "#FAFAFC"
  static let clusterBorder = "#D1D1D6"

  static let rootEdge = "#1C1C1E"
  static let childEdge = "#8E8E93"
  static let shownChildEdge = "#3A3A3C"
  static let presentationEdge = "#AF52DE"

  static let deallocated = "#D70015"

  /// What a diff marks: added in blue (green already means on screen), removed faded red, changed orange.
  static let added = "#0A84FF"
  static let removed = "#FF8A80"
  static let removedFill = "#FFF5F4"
  static let removedText = "#C9A09C"
  static let changed = "#FF9500"
  static let viewLoad = "#0071E3"

  /// The colour of a lifecycle callback in the callbacks panel.
  static func color(for callback: LifecycleEvent.Callback) -> String {
    switch callback {
    case .viewDidLoad: return viewLoad
    case .viewWillAppear, .viewDidAppear: return onScreenText
    case .viewWillDisappear, .viewDidDisappear: return secondaryLabel
    case .willMove, .didMove: return shownChildEdge
    case .presentationControllerShouldDismiss, .presentationControllerWillDismiss, .presentationControllerDidDismiss,
      .presentationControllerDidAttemptToDismiss:
      return presentationEdge
    case .deinit: return deallocated
    }
  }

  /// The colour naming a kind of controller, from the system palette.
  static func color(for kind: ViewControllerKind) -> String {
    switch kind {
    case .navigation: return "#007AFF"
    case .tabBar: return "#5856D6"
    case .splitView: return "#30B0C7"
    case .pageView: return "#A2845E"
    case .container: return "#FF9500"
    case .content: return "#8E8E93"
    }
  }
}
