import VCGraph

extension Theme {
  /// The colours of this theme.
  var style: DiagramStyle {
    switch self {
    case .light: return .light
    case .dark: return .dark
    }
  }
}
