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
  /// The colours and font of the band under an animation's drawing (``AnimatedSVG``), the diagrams' own.
  var animationPalette: AnimatedSVG.Palette {
    let style = self.style
    return AnimatedSVG.Palette(
      background: style.background, text: style.label, track: style.panelBorder, accent: style.added,
      font: DiagramStyle.font)
  }
}
