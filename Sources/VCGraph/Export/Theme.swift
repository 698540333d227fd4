/// The colours a diagram is drawn in: dark text on white, or light text on black. (The colours
/// themselves are the renderer's; what a theme means for file names is here, beside
/// ``RenderIndex``.)
///
/// DocC shows `NAME~dark.svg` instead of `NAME.svg` in dark appearance; ``fileNameSuffix`` is what
/// goes before the extension (and before a scale such as `@2x`).
public enum Theme: String, CaseIterable, Sendable, Hashable, Codable {
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

  /// The suffix of this theme's files when `themes` are drawn: none when it is the only one (a
  /// dark diagram alone is `NAME.svg`), else ``fileNameSuffix``. The one place that rule is written.
  public func fileNameSuffix(among themes: [Theme]) -> String {
    themes.count > 1 ? fileNameSuffix : ""
  }

  /// What a user picks: one theme, or both (`--theme light|dark|both`).
  public enum Choice: String, CaseIterable, Sendable, Hashable, Codable {
    case light, dark, both

    /// The themes to draw, light first.
    public var themes: [Theme] {
      switch self {
      case .light: return [.light]
      case .dark: return [.dark]
      case .both: return [.light, .dark]
      }
    }
  }
}
