internal import CGraphviz

/// Writes the pixels cairo drew as a PNG file, encoding only the parts that changed since the last
/// picture of the same size.
///
/// Graphviz's own PNG device (`png:cairo`) hands the surface to cairo's PNG writer: libpng tries
/// five filters on every row and deflates at level 6, three quarters of a frame's time. This
/// encoder writes the same pixels (cairo's unpremultiplied RGBA, or RGB when every pixel is opaque,
/// with cairo's white `bKGD`) without filters, deflated at level 4 in bands of ``rowsPerBand`` rows.
/// Each band is its own deflate block sequence, flushed so that it starts on a byte and with no
/// history: the bytes of a band depend on its pixels alone. The frames of a scenario share one size
/// and differ in a few boxes, so a band whose pixels equal the same band of the picture before is
/// not deflated again; its bytes are reused.
///
/// Graphviz is used from one thread (see ``GraphvizContext``): the encoder is one per process and
/// touched serially, from ``PNGDevice``.
final class PNGEncoder {
  /// Rows deflated together; a band is reused when all its rows are unchanged.
  static let rowsPerBand = 16
  /// zlib's level: 4 deflates a diagram smaller than cairo's level 6 with libpng's filters, at a
  /// third of the time (measured on the benchmark's frames).
  static let level: Int32 = 4
  /// A picture of more bytes than this is not kept for the next: its copy would double the memory
  /// of a picture that big, and it is seldom drawn twice (24 MiB: a scenario's frames at the README
  /// page budget, 1,328 × 3,984 pixels at most, are kept).
  let keptBytes: Int

  /// One band of the last picture: its pixels as cairo drew them, and what they became.
  private struct Band {
    /// Empty when the picture is not kept (``keptBytes``).
    var pixels: [UInt8]
    var rowCount: Int
    var isOpaque: Bool
    /// What the band's rows became, by whether the picture was opaque (RGB) or not (RGBA).
    var deflated: [Bool: Deflated] = [:]
  }

  /// A band's rows, each a filter byte and the pixels, deflated (raw, flushed): the bytes, and the
  /// Adler-32 and length of what they inflate to, for the zlib stream's checksum.
  private struct Deflated {
    var bytes: [UInt8]
    var adler: UInt
    var inflatedLength: Int
  }

  private var width = 0
  private var bands: [Band] = []
  /// A band's rows as PNG has them, and its deflated bytes, reused from band to band.
  private var rows: [UInt8] = []
  private var output: [UInt8] = []
  private var stream = z_stream()
  private var isStreamReady = false

  /// Bands deflated and bands reused, since the process started (for tests).
  private(set) var deflatedBands = 0
  private(set) var reusedBands = 0

  init(keptBytes: Int = 24 << 20) {
    self.keptBytes = keptBytes
  }

  deinit {
    if isStreamReady { deflateEnd(&stream) }
  }

  /// The PNG file of a cairo ARGB32 surface, `width` × `height` pixels, rows `width * 4` bytes apart;
  /// nil when zlib cannot be set up.
  func encode(argb: UnsafePointer<UInt8>, width: Int, height: Int) -> [UInt8]? {
    guard width > 0, height > 0 else { return nil }
    let stride = width * 4
    let keeps = stride * height <= keptBytes
    if width != self.width || !keeps { bands.removeAll() }
    self.width = width
    defer { if !keeps { bands.removeAll() } }
    let count = (height + Self.rowsPerBand - 1) / Self.rowsPerBand
    if bands.count > count { bands.removeLast(bands.count - count) }
    // Which bands changed, and whether the picture is opaque: cairo writes RGB then.
    for index in 0..<count {
      let start = index * Self.rowsPerBand * stride
      let length = min(Self.rowsPerBand, height - index * Self.rowsPerBand) * stride
      let source = UnsafeBufferPointer(start: argb + start, count: length)
      if keeps, index < bands.count, bands[index].pixels.count == length,
        bands[index].pixels.withUnsafeBufferPointer({ memcmp($0.baseAddress!, source.baseAddress!, length) == 0 })
      {
        continue
      }
      let band = Band(
        pixels: keeps ? Array(source) : [], rowCount: length / stride, isOpaque: Self.isOpaque(source))
      if index < bands.count { bands[index] = band } else { bands.append(band) }
    }
    let isOpaque = bands.allSatisfy(\.isOpaque)
    var data: [UInt8] = [0x78, 0x5E]  // zlib: deflate, 32 KiB window, a middle level
    var adler = adler32(0, nil, 0)
    for index in bands.indices {
      let band: Deflated
      if let known = bands[index].deflated[isOpaque] {
        reusedBands += 1
        band = known
      } else {
        let pixels = UnsafeBufferPointer(
          start: argb + index * Self.rowsPerBand * stride, count: bands[index].rowCount * stride)
        guard let made = deflate(pixels, isOpaque: isOpaque) else { return nil }
        deflatedBands += 1
        bands[index].deflated[isOpaque] = made
        band = made
      }
      data += band.bytes
      adler = adler32_combine(adler, band.adler, off_t(band.inflatedLength))
    }
    // An empty last block (fixed Huffman codes, only its end), then the checksum.
    data += [0x03, 0x00]
    data += Self.bigEndian(UInt32(truncatingIfNeeded: adler))
    var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var header = Self.bigEndian(UInt32(width)) + Self.bigEndian(UInt32(height))
    header += [8, isOpaque ? 2 : 6, 0, 0, 0]  // 8 bits a sample, RGB or RGBA, deflate, no filter, not interlaced
    Self.append(chunk: "IHDR", header, to: &file)
    // cairo's background colour: white.
    Self.append(chunk: "bKGD", [0, 0xFF, 0, 0xFF, 0, 0xFF], to: &file)
    Self.append(chunk: "IDAT", data, to: &file)
    Self.append(chunk: "IEND", [], to: &file)
    return file
  }

  /// Deflates one band's rows as PNG has them: a filter byte (none), then RGB or RGBA samples,
  /// unpremultiplied as cairo's PNG writer does.
  private func deflate(_ pixels: UnsafeBufferPointer<UInt8>, isOpaque: Bool) -> Deflated? {
    let channels = isOpaque ? 3 : 4
    let rowLength = 1 + width * channels
    let rowCount = pixels.count / (width * 4)
    if rows.count != rowLength * rowCount { rows = [UInt8](repeating: 0, count: rowLength * rowCount) }
    let width = width
    rows.withUnsafeMutableBufferPointer { rows in
      var out = 0
      for row in 0..<rowCount {
        rows[out] = 0
        out += 1
        var at = row * width * 4
        for _ in 0..<width {
          let (blue, green, red, alpha) = (pixels[at], pixels[at + 1], pixels[at + 2], pixels[at + 3])
          at += 4
          if isOpaque {
            (rows[out], rows[out + 1], rows[out + 2]) = (red, green, blue)
            out += 3
            continue
          }
          switch alpha {
          case 255: (rows[out], rows[out + 1], rows[out + 2], rows[out + 3]) = (red, green, blue, alpha)
          case 0: (rows[out], rows[out + 1], rows[out + 2], rows[out + 3]) = (0, 0, 0, 0)
          default:
            (rows[out], rows[out + 1], rows[out + 2], rows[out + 3]) = (
              Self.unpremultiply(red, alpha), Self.unpremultiply(green, alpha), Self.unpremultiply(blue, alpha), alpha
            )
          }
          out += 4
        }
      }
    }
    guard prepareStream() else { return nil }
    guard deflateReset(&stream) == Z_OK else { return nil }
    let bound = Int(deflateBound(&stream, uLong(rows.count))) + 16
    if output.count < bound { output = [UInt8](repeating: 0, count: bound) }
    let status = rows.withUnsafeMutableBufferPointer { input in
      output.withUnsafeMutableBufferPointer { out in
        stream.next_in = input.baseAddress
        stream.avail_in = uInt(input.count)
        stream.next_out = out.baseAddress
        stream.avail_out = uInt(out.count)
        // A full flush ends the band on a byte boundary, with nothing it can refer back to.
        return CGraphviz.deflate(&stream, Z_FULL_FLUSH)
      }
    }
    guard status == Z_OK, stream.avail_in == 0 else { return nil }
    // A copy of just the bytes written: a band keeps it, and the buffer is as big as the band's pixels.
    let deflated = Array(output[..<(output.count - Int(stream.avail_out))])
    let adler = rows.withUnsafeBufferPointer { adler32(1, $0.baseAddress, uInt($0.count)) }
    return Deflated(bytes: deflated, adler: adler, inflatedLength: rows.count)
  }

  /// A raw deflate stream (no zlib header: the file has one for all bands), made once.
  private func prepareStream() -> Bool {
    if isStreamReady { return true }
    let status = deflateInit2_(
      &stream, Self.level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
    isStreamReady = status == Z_OK
    return isStreamReady
  }

  /// True when every pixel of cairo's ARGB32 bytes has full alpha.
  private static func isOpaque(_ pixels: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 3
    while index < pixels.count {
      if pixels[index] != 255 { return false }
      index += 4
    }
    return true
  }

  /// cairo's unpremultiply (cairo-png.c): the colour at full alpha, rounded.
  private static func unpremultiply(_ value: UInt8, _ alpha: UInt8) -> UInt8 {
    UInt8((Int(value) * 255 + Int(alpha) / 2) / Int(alpha))
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  private static func append(chunk type: String, _ data: [UInt8], to file: inout [UInt8]) {
    let typeBytes = Array(type.utf8)
    file += bigEndian(UInt32(data.count))
    file += typeBytes
    file += data
    var crc = crc32(0, nil, 0)
    crc = typeBytes.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
    crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
    file += bigEndian(UInt32(truncatingIfNeeded: crc))
  }
}
