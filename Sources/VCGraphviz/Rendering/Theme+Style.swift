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

extension Theme {
  /// The colours of the bar under an animation's drawing (``AnimatedSVG``) and the diagrams' font.
  public var animationPalette: AnimatedSVG.Palette {
    let style = self.style
    return AnimatedSVG.Palette(
      background: style.background, track: style.panelBorder, accent: style.added, font: DiagramStyle.font)
  }
}
