internal import CGraphviz

/// vcgraph's PNG device for Graphviz: the cairo renderer draws a graph into an image surface, as
/// for Graphviz's own `png:cairo`, and hands the pixels to this device's format function, which
/// writes them with ``PNGEncoder`` instead of cairo's PNG writer.
///
/// The pixels are the same; the file is encoded faster, and the bands of a frame that did not
/// change since the last frame are not encoded again (see ``PNGEncoder``). Graphviz is used from
/// one thread (see ``GraphvizContext``), so the one encoder is touched serially.
enum PNGDevice {
  nonisolated(unsafe) static let encoder = PNGEncoder()

  /// The device's format function: called by Graphviz after the cairo renderer has drawn the page,
  /// with `imagedata` the surface's ARGB32 pixels (rows `width * 4` bytes apart).
  static let format: @convention(c) (UnsafeMutablePointer<GVJ_t>?) -> Void = { job in
    guard let job else { return }
    // cairo never makes a surface for a page with no area (cairo's own PNG writer writes nothing then).
    guard let pixels = job.pointee.imagedata, job.pointee.width > 0, job.pointee.height > 0 else { return }
    let file = pixels.withMemoryRebound(to: UInt8.self, capacity: 1) {
      encoder.encode(argb: $0, width: Int(job.pointee.width), height: Int(job.pointee.height))
    }
    guard let file else {
      vcg_report_error("vcgraph could not set up zlib to write the PNG file")
      return
    }
    file.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { _ = gvwrite(job, $0.baseAddress, $0.count) }
    }
  }
}
