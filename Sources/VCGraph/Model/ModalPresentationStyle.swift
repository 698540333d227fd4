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

  /// The style UIKit actually uses: `automatic` is a page sheet for ordinary controllers on iOS 13 and later.
  public var resolved: ModalPresentationStyle {
    self == .automatic ? .pageSheet : self
  }
}
