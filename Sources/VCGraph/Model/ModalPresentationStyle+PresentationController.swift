/// The presentation controller classes UIKit uses for each style, as `_printHierarchy` prints them
/// after `presented with:`.
extension ModalPresentationStyle {
  /// The style a presentation controller's class tells, or nil when the class does not tell one
  /// (`UISheetPresentationController` serves both sheet styles; alerts and other private classes).
  ///
  /// A class outside UIKit (no `UI` or `_UI` prefix once the module is dropped) belongs to the app,
  /// which only gets to supply one for the `custom` style; so does a plain `UIPresentationController`,
  /// and UIAlertController's own presentation controllers are custom too.
  public init?(presentationControllerClass className: String) {
    let name = className.split(separator: ".").last.map(String.init) ?? className
    switch name {
    case "_UIFullscreenPresentationController": self = .fullScreen
    case "_UIOverFullscreenPresentationController": self = .overFullScreen
    case "_UIPageSheetPresentationController": self = .pageSheet
    case "_UIFormSheetPresentationController": self = .formSheet
    case "_UICurrentContextPresentationController": self = .currentContext
    case "_UIOverCurrentContextPresentationController": self = .overCurrentContext
    case "UIPopoverPresentationController": self = .popover
    case "UIPresentationController": self = .custom
    // UIAlertController presents itself in the custom style, with presentation controllers of its own
    // (`_UIAlertControllerAlertPresentationController`, `…ActionSheetCompactPresentationController`).
    case _ where name.hasPrefix("_UIAlertController") && name.hasSuffix("PresentationController"): self = .custom
    default:
      if name.hasPrefix("UI") || name.hasPrefix("_UI") || name.isEmpty { return nil }
      self = .custom
    }
  }

  /// The class of the presentation controller UIKit uses for the style (for `automatic`, the form
  /// sheet it resolves to; for `custom`, the base class an app's own controller derives from).
  public var presentationControllerClassName: String {
    switch resolved {
    case .fullScreen: return "_UIFullscreenPresentationController"
    case .overFullScreen: return "_UIOverFullscreenPresentationController"
    case .pageSheet, .automatic: return "_UIPageSheetPresentationController"
    case .formSheet: return "_UIFormSheetPresentationController"
    case .currentContext: return "_UICurrentContextPresentationController"
    case .overCurrentContext: return "_UIOverCurrentContextPresentationController"
    case .popover: return "UIPopoverPresentationController"
    case .custom: return "UIPresentationController"
    }
  }
}
