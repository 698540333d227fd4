/// The colours a ``Diagram`` is drawn in: dark text on white, or light text on black.
///
/// DocC shows `NAME~dark.svg` instead of `NAME.svg` in dark appearance; ``fileNameSuffix`` is what
/// goes before the extension (and before a scale such as `@2x`).
public enum Theme: String, CaseIterable, Sendable, Hashable {
  /// Black on white, after Apple's light system colours; the default.
  case light
  /// Light on black, after Apple's dark system colours.
  case dark

  /// What goes after a diagram's file name stem for this theme: empty for light, `~dark` for dark.
  public var fileNameSuffix: String {
    switch self {
    case .light: return ""
    case .dark: return "~dark"
    }
  }

  /// The colours of this theme.
  var style: DiagramStyle {
    switch self {
    case .light: return .light
    case .dark: return .dark
    }
  }
}
