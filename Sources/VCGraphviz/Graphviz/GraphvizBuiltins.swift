internal import CGraphviz

/// vcgraph's plugin library, built into every Graphviz context it makes (`gvContextPlugins`): a
/// textlayout plugin (``TextLayoutCache``) and a PNG device (``PNGDevice``).
///
/// Each plugin's quality beats the one Graphviz would pick otherwise (pango's text layout at 10,
/// gd's at 2; cairo's `png:cairo` at 10), so Graphviz picks vcgraph's. Made once per process and
/// never freed: Graphviz keeps pointers into it for as long as a context lives.
enum GraphvizBuiltins {
  nonisolated(unsafe) static let symbols: UnsafePointer<lt_symlist_t> = {
    let textlayout = UnsafeMutablePointer<gvtextlayout_engine_t>.allocate(capacity: 1)
    textlayout.initialize(to: gvtextlayout_engine_t(textlayout: TextLayoutCache.measure))
    let device = UnsafeMutablePointer<gvdevice_engine_t>.allocate(capacity: 1)
    device.initialize(to: gvdevice_engine_t(initialize: nil, format: PNGDevice.format, finalize: nil))
    let features = UnsafeMutablePointer<gvdevice_features_t>.allocate(capacity: 1)
    // As cairo's own PNG device: binary output with an alpha channel, no margin, 96 dots an inch.
    features.initialize(
      to: gvdevice_features_t(
        flags: Int32(GVDEVICE_BINARY_FORMAT | GVDEVICE_DOES_TRUECOLOR), default_margin: pointf(x: 0, y: 0),
        default_pagesize: pointf(x: 0, y: 0), default_dpi: pointf(x: 96, y: 96)))
    let apis = UnsafeMutablePointer<gvplugin_api_t>.allocate(capacity: 3)
    apis[0] = gvplugin_api_t(
      api: API_textlayout, types: types(named: "textlayout", engine: UnsafeMutableRawPointer(textlayout), features: nil)
    )
    // "png:cairo": the PNG format, drawn by the cairo renderer, which hands this device its pixels.
    apis[1] = gvplugin_api_t(
      api: API_device,
      types: types(
        named: "png:cairo", engine: UnsafeMutableRawPointer(device), features: UnsafeMutableRawPointer(features)))
    apis[2] = gvplugin_api_t(api: api_t(rawValue: 0), types: nil)
    let library = UnsafeMutablePointer<gvplugin_library_t>.allocate(capacity: 1)
    library.initialize(to: gvplugin_library_t(packagename: strdup("vcgraph"), apis: apis))
    let symbols = UnsafeMutablePointer<lt_symlist_t>.allocate(capacity: 2)
    // Graphviz installs the builtins whose name ends in _LTX_library, as libltdl names a plugin library.
    symbols[0] = lt_symlist_t(
      name: UnsafePointer(strdup("gvplugin_vcgraph_LTX_library")), address: UnsafeMutableRawPointer(library))
    symbols[1] = lt_symlist_t(name: nil, address: nil)
    return UnsafePointer(symbols)
  }()

  /// A plugin list of one type, at quality 100, ended as Graphviz expects.
  private static func types(
    named name: String, engine: UnsafeMutableRawPointer, features: UnsafeMutableRawPointer?
  ) -> UnsafeMutablePointer<gvplugin_installed_t> {
    let types = UnsafeMutablePointer<gvplugin_installed_t>.allocate(capacity: 2)
    types[0] = gvplugin_installed_t(
      id: 0, type: UnsafePointer(strdup(name)), quality: 100, engine: engine, features: features)
    types[1] = gvplugin_installed_t(id: 0, type: nil, quality: 0, engine: nil, features: nil)
    return types
  }
}
