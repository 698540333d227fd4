import CGraphviz
import Foundation
import Testing
import VCGraph

@testable import VCGraphviz

/// vcgraph's PNG device: the pixels cairo drew, in a valid PNG file, the bands of an unchanged
/// picture reused.
@Suite struct PNGEncoderTests {
  /// A picture of `width` × `height` cairo ARGB32 pixels (bytes B, G, R, A), all `pixel`.
  private func picture(width: Int, height: Int, pixel: (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
    var bytes: [UInt8] = []
    for _ in 0..<(width * height) { bytes += [pixel.0, pixel.1, pixel.2, pixel.3] }
    return bytes
  }

  private func encode(_ encoder: PNGEncoder, _ bytes: [UInt8], width: Int, height: Int) throws -> DecodedPNG {
    let file = try #require(
      bytes.withUnsafeBufferPointer { encoder.encode(argb: $0.baseAddress!, width: width, height: height) })
    return try DecodedPNG(file)
  }

  @Test func anOpaquePictureIsRGBAndAnyTranslucentPixelMakesItRGBA() throws {
    let encoder = PNGEncoder()
    var bytes = picture(width: 5, height: 40, pixel: (0x30, 0x20, 0x10, 0xFF))
    let opaque = try encode(encoder, bytes, width: 5, height: 40)
    #expect(opaque.colourType == 2)
    #expect(opaque.width == 5 && opaque.height == 40)
    #expect(opaque.rgba.count == 5 * 40)
    #expect(opaque.rgba.allSatisfy { $0 == [0x10, 0x20, 0x30, 0xFF] })
    #expect(opaque.chunks == ["IHDR", "bKGD", "IDAT", "IEND"])

    // Premultiplied as cairo stores it: half-transparent red (255 at alpha 136) is 136; clear is 0.
    let last = (5 * 40 - 1) * 4
    bytes.replaceSubrange(0..<4, with: [0, 0, 136, 136])
    bytes.replaceSubrange(last..<(last + 4), with: [9, 9, 9, 0])
    let translucent = try encode(encoder, bytes, width: 5, height: 40)
    #expect(translucent.colourType == 6)
    #expect(translucent.rgba[0] == [255, 0, 0, 136])
    #expect(translucent.rgba[5 * 40 - 1] == [0, 0, 0, 0])
    #expect(translucent.rgba[1] == [0x10, 0x20, 0x30, 0xFF])
  }

  @Test func onlyTheBandsThatChangedAreDeflatedAgain() throws {
    let encoder = PNGEncoder()
    let (width, height) = (30, 5 * PNGEncoder.rowsPerBand + 3)  // 6 bands, the last short
    var bytes = picture(width: width, height: height, pixel: (200, 100, 50, 255))
    let first = try encode(encoder, bytes, width: width, height: height)
    #expect(encoder.deflatedBands == 6)
    #expect(encoder.reusedBands == 0)

    let again = try encode(encoder, bytes, width: width, height: height)
    #expect(encoder.deflatedBands == 6)
    #expect(encoder.reusedBands == 6)
    #expect(again.rgba.count == first.rgba.count && again.rgba == first.rgba, "the same picture")

    // One pixel in the fourth band.
    let row = 3 * PNGEncoder.rowsPerBand + 2
    let at = (row * width + 7) * 4
    bytes.replaceSubrange(at..<(at + 4), with: [1, 2, 3, 255])
    let changed = try encode(encoder, bytes, width: width, height: height)
    #expect(encoder.deflatedBands == 7)
    #expect(encoder.reusedBands == 11)
    #expect(changed.rgba[row * width + 7] == [3, 2, 1, 255])
    #expect(changed.rgba.enumerated().filter { $0.element != first.rgba[$0.offset] }.map(\.offset) == [row * width + 7])

    // Another size starts again.
    _ = try encode(encoder, picture(width: 31, height: 4, pixel: (0, 0, 0, 255)), width: 31, height: 4)
    #expect(encoder.deflatedBands == 8)
  }

  /// A picture bigger than the encoder keeps is written whole every time, and nothing of it is kept.
  @Test func aPictureTooBigToKeepIsDeflatedEveryTime() throws {
    let encoder = PNGEncoder(keptBytes: 30 * 4 * PNGEncoder.rowsPerBand)
    let (width, height) = (30, 2 * PNGEncoder.rowsPerBand)
    let bytes = picture(width: width, height: height, pixel: (7, 8, 9, 255))
    let first = try encode(encoder, bytes, width: width, height: height)
    let second = try encode(encoder, bytes, width: width, height: height)
    #expect(encoder.deflatedBands == 4)
    #expect(encoder.reusedBands == 0)
    #expect(second.rgba.count == width * height && second.rgba == first.rgba)
    #expect(second.rgba[0] == [9, 8, 7, 255])
    // One band's worth is kept.
    let small = picture(width: width, height: PNGEncoder.rowsPerBand, pixel: (7, 8, 9, 255))
    _ = try encode(encoder, small, width: width, height: PNGEncoder.rowsPerBand)
    _ = try encode(encoder, small, width: width, height: PNGEncoder.rowsPerBand)
    #expect(encoder.reusedBands == 1)
  }

  /// A translucent pixel in one band turns the whole picture RGBA: bands kept from before are
  /// deflated again as RGBA, and the file still reads.
  @Test func aPictureThatStopsBeingOpaqueIsWrittenWhole() throws {
    let encoder = PNGEncoder()
    let (width, height) = (8, 3 * PNGEncoder.rowsPerBand)
    var bytes = picture(width: width, height: height, pixel: (1, 2, 3, 255))
    #expect(try encode(encoder, bytes, width: width, height: height).colourType == 2)
    bytes[3] = 0
    let decoded = try encode(encoder, bytes, width: width, height: height)
    #expect(decoded.colourType == 6)
    #expect(encoder.deflatedBands == 6)
    #expect(decoded.rgba[0] == [0, 0, 0, 0])
    #expect(decoded.rgba[width * height - 1] == [3, 2, 1, 255])
  }

  /// Every frame of a sample drawn by vcgraph's device has the pixels Graphviz's own PNG device
  /// (cairo's writer) gives for the same layout, and `png` picks vcgraph's device.
  @Test func aSamplesFramesHaveThePixelsOfCairosOwnPNGWriter() throws {
    let replay = try sampleReplay("tab-bar.yaml")
    let diagrams = Array(Diagram.frames(of: replay).prefix(2))
    try withRenderer { renderer in
      let context = try #require(gvContextPlugins(GraphvizBuiltins.symbols, 1))
      defer { gvFreeContext(context) }
      for diagram in diagrams {
        let dot = try #require(try renderer.render(diagram, formats: [.dot])[.dot])
        let pictures = try pngs(of: dot, in: context, formats: ["png:cairo:vcgraph", "png:cairo:cairo", "png"])
        let (ours, cairos, chosen) = (
          try DecodedPNG(pictures[0]), try DecodedPNG(pictures[1]), try DecodedPNG(pictures[2])
        )
        #expect(ours.width == cairos.width && ours.height == cairos.height)
        #expect(ours.width > 100 && ours.height > 100)
        #expect(ours.colourType == cairos.colourType)
        let differing = zip(ours.rgba, cairos.rgba).filter { $0 != $1 }.count
        #expect(ours.rgba.count == cairos.rgba.count && differing == 0, "\(differing) pixels differ")
        #expect(ours.filters == [0], "vcgraph's device writes rows unfiltered")
        #expect(cairos.filters != [0], "libpng picks filters row by row")
        #expect(pictures[2] == pictures[0], "png is vcgraph's device")
        #expect(chosen.rgba.count == ours.rgba.count)
      }
    }
  }

  /// The PNG files `formats` (Graphviz's format:renderer:package names) make of one layout of a DOT source.
  private func pngs(of dot: [UInt8], in context: OpaquePointer, formats: [String]) throws -> [[UInt8]] {
    let graph = try #require(
      (dot + [0]).withUnsafeBufferPointer { bytes in
        bytes.withMemoryRebound(to: CChar.self) { agmemread($0.baseAddress) }
      })
    defer { agclose(graph) }
    #expect(gvLayout(context, graph, "dot") == 0)
    defer { gvFreeLayout(context, graph) }
    return try formats.map { format in
      var data: UnsafeMutablePointer<CChar>?
      var length: UInt32 = 0
      #expect(gvRenderData(context, graph, format, &data, &length) == 0, "\(format)")
      let bytes = try #require(data)
      defer { gvFreeRenderData(bytes) }
      return bytes.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
        Array(UnsafeBufferPointer(start: $0, count: Int(length)))
      }
    }
  }
}

/// A PNG file read back for tests: chunks checked (CRC), image data inflated (Adler-32 checked by
/// zlib) and unfiltered; 8-bit RGB or RGBA only.
struct DecodedPNG {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  var width = 0
  var height = 0
  var colourType: UInt8 = 0
  var chunks: [String] = []
  /// The filter types the rows use.
  var filters: Set<UInt8> = []
  /// Every pixel as [R, G, B, A], row by row.
  var rgba: [[UInt8]] = []

  init(_ file: [UInt8]) throws {
    guard file.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
      throw Failure(description: "no signature")
    }
    func number(_ at: Int) -> Int { file[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
    var at = 8
    var compressed: [UInt8] = []
    while at + 12 <= file.count {
      let length = number(at)
      let type = Array(file[(at + 4)..<(at + 8)])
      let data = Array(file[(at + 8)..<(at + 8 + length)])
      let checked = (type + data).withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
      guard checked == UInt(number(at + 8 + length)) else { throw Failure(description: "bad CRC") }
      chunks.append(String(decoding: type, as: UTF8.self))
      if chunks.last == "IHDR" {
        (width, height, colourType) = (number(at + 8), number(at + 12), data[9])
      } else if chunks.last == "IDAT" {
        compressed += data
      }
      at += 12 + length
    }
    let channels = colourType == 6 ? 4 : 3
    let stride = width * channels
    var raw = [UInt8](repeating: 0, count: height * (stride + 1))
    var rawLength = uLong(raw.count)
    let status = raw.withUnsafeMutableBufferPointer { out in
      compressed.withUnsafeBufferPointer { uncompress(out.baseAddress, &rawLength, $0.baseAddress, uLong($0.count)) }
    }
    guard status == Z_OK, rawLength == uLong(raw.count) else { throw Failure(description: "inflate: \(status)") }
    var previous = [UInt8](repeating: 0, count: stride)
    for row in 0..<height {
      let filter = raw[row * (stride + 1)]
      filters.insert(filter)
      var line = Array(raw[(row * (stride + 1) + 1)..<((row + 1) * (stride + 1))])
      for index in 0..<stride {
        let left = index >= channels ? Int(line[index - channels]) : 0
        let up = Int(previous[index])
        let upLeft = index >= channels ? Int(previous[index - channels]) : 0
        let predicted: Int
        switch filter {
        case 0: predicted = 0
        case 1: predicted = left
        case 2: predicted = up
        case 3: predicted = (left + up) / 2
        default:
          let estimate = left + up - upLeft
          let (a, b, c) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
          predicted = a <= b && a <= c ? left : (b <= c ? up : upLeft)
        }
        line[index] = UInt8((Int(line[index]) + predicted) & 0xFF)
      }
      for column in 0..<width {
        let pixel = Array(line[(column * channels)..<((column + 1) * channels)])
        rgba.append(channels == 4 ? pixel : pixel + [255])
      }
      previous = line
    }
  }
}
