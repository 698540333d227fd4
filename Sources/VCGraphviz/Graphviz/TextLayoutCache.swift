internal import CGraphviz

/// Measures text for Graphviz once per distinct span: a textlayout plugin that remembers what
/// Graphviz's own text layout (pango) measured.
///
/// Graphviz sizes every text span of every label with its textlayout plugin, and a scenario's
/// frames repeat the same spans; pango's layout is a third of a render. vcgraph's context is made
/// with this plugin built in, at a higher quality than pango's, so Graphviz picks it; it looks the
/// span up by its text, font name, size and style flags, and on a miss asks the text layout of a
/// second, plain context (the engine Graphviz would have picked: pango) and keeps its answer.
///
/// A remembered answer has the span's size and offsets but no pango layout, which the cairo
/// renderers (PNG, PDF) draw text with: the cache answers only while ``isEnabled`` (a render whose
/// formats are all SVG or DOT); otherwise every span is measured, and remembered, as before.
/// Graphviz is used from one thread (see ``GraphvizContext``), so the state is touched serially.
enum TextLayoutCache {
  /// What a span is measured by: its text, its font by number (``fonts``), size and style flags.
  struct Key: Hashable {
    var text: String
    var font: Int
    var size: Double
    var flags: UInt32
  }

  /// What the text layout wrote into the span, and what it returned.
  struct Measure {
    var size: pointf
    var yoffsetLayout: Double
    var yoffsetCenterline: Double
    var isMeasured: Bool
  }

  /// True while remembered measures may be used: no renderer that draws the pango layout is asked for.
  nonisolated(unsafe) static var isEnabled = false
  /// The context whose text layout measures a span the first time (Graphviz's own choice of plugin).
  nonisolated(unsafe) static var measuringContext: OpaquePointer?
  nonisolated(unsafe) private static var measures: [Key: Measure] = [:]
  /// The font names spans are measured in, each kept once (a scenario uses one or two), by number.
  nonisolated(unsafe) private static var fonts: [String] = []
  /// Beyond this many spans the cache starts again, so memory stays flat over any number of frames.
  /// A dictionary holds at most three quarters of its buckets: 1,536 spans fit the 2,048 buckets
  /// that 1,024 need, where 2,048 spans would take 4,096 (a long flow fills the cache with its
  /// frames' headers, each measured once).
  static let capacity = 1_536

  /// Lookups answered from the cache and measured, since the process started (for tests).
  nonisolated(unsafe) private(set) static var hits = 0
  nonisolated(unsafe) private(set) static var misses = 0

  /// The plugin's textlayout function: a remembered measure when enabled, else the real one.
  static let measure:
    @convention(c) (
      UnsafeMutablePointer<textspan_t>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    ) -> boolean = { span, fontPath in
      guard let span, let font = span.pointee.font, let text = span.pointee.str, let name = font.pointee.name else {
        return 0
      }
      // Graphviz asks for the font file only when verbose: always measured then.
      guard fontPath == nil, let context = measuringContext else {
        return measuringContext.map { gvtextlayout($0, span, fontPath) } ?? 0
      }
      let key = Key(
        text: String(cString: text), font: fontNumber(name), size: font.pointee.size, flags: font.pointee.flags)
      if isEnabled, let known = measures[key] {
        hits += 1
        span.pointee.size = known.size
        span.pointee.yoffset_layout = known.yoffsetLayout
        span.pointee.yoffset_centerline = known.yoffsetCenterline
        span.pointee.layout = nil
        span.pointee.free_layout = nil
        return known.isMeasured ? 1 : 0
      }
      misses += 1
      let measured = gvtextlayout(context, span, nil)
      if measures.count >= capacity { measures.removeAll(keepingCapacity: true) }
      measures[key] = Measure(
        size: span.pointee.size, yoffsetLayout: span.pointee.yoffset_layout,
        yoffsetCenterline: span.pointee.yoffset_centerline, isMeasured: measured != 0)
      return measured
    }

  /// The number of the font named `name` among ``fonts``, added when it is new.
  private static func fontNumber(_ name: UnsafePointer<CChar>) -> Int {
    if let known = fonts.firstIndex(where: { strcmp($0, name) == 0 }) { return known }
    fonts.append(String(cString: name))
    return fonts.count - 1
  }

  /// Forgets every measure (for tests).
  static func removeAll() {
    measures.removeAll()
  }
}
