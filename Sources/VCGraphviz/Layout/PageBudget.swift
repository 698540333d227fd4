import VCGraph

/// The pictures ``FoldMode/auto`` aims for: what reads on a docs page about 1,000 pixels wide.
///
/// A PNG at Graphviz's default resolution (96 dpi, so a point is 4/3 of a pixel) may be at most
/// ``maximumPixels`` on each side, and its longer side at most ``maximumAspectRatio`` times its
/// shorter. Within that, ``FoldMode/auto`` folds more while a picture is wider or taller than
/// ``comfortableSize``: shown 1,000 pixels wide, a picture that wide still draws its smallest text
/// (9 points) 6.7 pixels high and class names (12 points) 8.9 pixels.
public struct PageBudget: Sendable, Hashable, Codable {
  /// The most pixels on either side of the PNG.
  public var maximumPixels: Double
  /// The most the longer side may be, in multiples of the shorter.
  public var maximumAspectRatio: Double
  /// The widest and tallest PNG, in pixels, that ``FoldMode/auto`` accepts without trying to fold more.
  public var comfortableSize: Double
  /// Pixels per inch of a PNG drawn at Graphviz's default resolution; a point is 1/72 inch.
  public static let pixelsPerInch: Double = 96

  public init(maximumPixels: Double = 2_400, maximumAspectRatio: Double = 3, comfortableSize: Double = 1_800) {
    self.maximumPixels = maximumPixels
    self.maximumAspectRatio = maximumAspectRatio
    self.comfortableSize = comfortableSize
  }

  /// The pixels a PNG gives to this many points.
  public static func pixels(points: Double) -> Double { points * pixelsPerInch / 72 }

  /// True when a picture this big, in points (padding included), is within the limits: each side,
  /// and the ratio of its sides.
  public func fits(width: Double, height: Double) -> Bool {
    let (wide, high) = (Self.pixels(points: width), Self.pixels(points: height))
    return wide <= maximumPixels && high <= maximumPixels
      && max(wide, high) <= maximumAspectRatio * max(1, min(wide, high))
  }

  /// How far a picture this big, in points, is from fitting: the largest of its sides over
  /// ``maximumPixels`` and its aspect ratio over ``maximumAspectRatio``; 1 or less when it fits.
  public func overflow(width: Double, height: Double) -> Double {
    let (wide, high) = (Self.pixels(points: width), Self.pixels(points: height))
    let ratio = max(wide, high) / max(1, min(wide, high))
    return max(wide / maximumPixels, high / maximumPixels, ratio / maximumAspectRatio)
  }

  /// True when a picture this big, in points, fits and is no wider or taller than ``comfortableSize``.
  public func isComfortable(width: Double, height: Double) -> Bool {
    fits(width: width, height: height) && Self.pixels(points: max(width, height)) <= comfortableSize
  }
}
