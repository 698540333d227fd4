/// UIKit's `UIModalPresentationStyle`, by its Swift case name.
public enum ModalPresentationStyle: String, Sendable, CaseIterable, Codable {
  case automatic
  case fullScreen
  case pageSheet
  case formSheet
  case currentContext
  case custom
  case overFullScreen
  case overCurrentContext
  case popover

  /// True when UIKit removes the presenting controller's view once the presentation ends:
  /// only the full-screen and current-context styles do; sheets, popovers and the
  /// "over" styles leave the presenter on screen underneath.
  public var removesPresenterView: Bool {
    switch self {
    case .fullScreen, .currentContext: return true
    default: return false
    }
  }

  /// True for the styles that present in the nearest controller defining a presentation context.
  public var usesPresentationContext: Bool {
    self == .currentContext || self == .overCurrentContext
  }

  /// How the style shows in a horizontally compact window (an iPhone in portrait, an iPad in
  /// slide-over), when that differs from how it shows in regular width; nil when it does not
  /// adapt. UIKit's callbacks and states are the same either way: only the look changes.
  ///
  /// From Apple's documentation of `UIModalPresentationStyle`: `formSheet` and `pageSheet` show "as a
  /// sheet with part of the background content visible near the top of the screen" in compact width
  /// (regular height); `popover` "in iOS 13 and later, for horizontally or vertically compact
  /// environments, … behaves the same as formSheet"; `automatic` maps to one of those sheets.
  public var compactWidthAppearance: String? {
    switch self {
    case .formSheet, .pageSheet, .automatic: return "a sheet in compact width"
    case .popover: return "a sheet in compact width, not a popover"
    default: return nil
    }
  }

  /// The style UIKit adapts this one to in a horizontally compact window, when it adapts to
  /// another: a popover adapts to a form sheet. From Apple's documentation of
  /// `UIModalPresentationStyle.popover`: "In iOS 13 and later, for horizontally or vertically compact
  /// environments, this option behaves the same as `formSheet`" (what
  /// `UIPresentationController.adaptivePresentationStyle` returns when no delegate says otherwise).
  /// A form or page sheet stays what it is and shows as a sheet (``compactWidthAppearance``).
  public var compactWidthAdaptation: ModalPresentationStyle? {
    self == .popover ? .formSheet : nil
  }

  /// The style UIKit actually uses: for ordinary controllers, `automatic` is a form sheet with the
  /// iOS 18 SDK and later, a page sheet from iOS 13 to 17 (Apple's documentation of
  /// `UIModalPresentationStyle.automatic`). Both are sheets: the presenter stays on screen under
  /// it, and a swipe can dismiss it.
  public var resolved: ModalPresentationStyle {
    self == .automatic ? .formSheet : self
  }
}
