import VCGraph

/// The pictures ``FoldMode/auto`` aims for: pictures that read in the column of a docs page.
///
/// A picture is shown at most as wide as its page's column (``pageWidth``, 830 CSS pixels: a
/// README on GitHub), scaled down when it is wider. It reads there when its class names, scaled to
/// that width, are still ``minimumTextHeight`` (10) pixels tall: a PNG at Graphviz's default
/// resolution (96 dpi, so a point is 4/3 of a pixel) draws the class names' ``classNameSize`` (12
/// points, 16 pixels), so a picture may be ``maximumWidth`` = 830 × 16 / 10 = 1,328 pixels wide,
/// 1.6 times the page. Its longer side is at most ``maximumAspectRatio`` (3) times its shorter, so
/// it is at most ``maximumHeight`` (3,984 pixels) tall.
///
/// A picture within the budget reads as it is: ``FoldMode/auto`` draws the first picture that fits,
/// unfolded when the unfolded one does, and folds only past it.
public struct PageBudget: Sendable, Hashable, Codable {
  /// The width of the column the picture is shown in, in CSS pixels (`--page-width`).
  public var pageWidth: Double
  /// The least height, in pixels, of a class name's text on the page.
  public var minimumTextHeight: Double
  /// The size in points the diagrams draw class names in (``DiagramStyle/classNameSize``).
  public var classNameSize: Double
  /// The most the longer side may be, in multiples of the shorter.
  public var maximumAspectRatio: Double
  /// Pixels per inch of a PNG drawn at Graphviz's default resolution; a point is 1/72 inch.
  public static let pixelsPerInch: Double = 96
  /// The page width unless told otherwise: the column of a README on GitHub.
  public static let defaultPageWidth: Double = 830
  /// The size in points diagrams draw class names in, as their style says.
  public static var diagramClassNameSize: Double { Double(DiagramStyle.classNameSize) }
  /// The page widths `--page-width` takes, in pixels: from a phone's column to a wall.
  public static let pageWidths = 200...20_000

  public init(
    pageWidth: Double = defaultPageWidth, minimumTextHeight: Double = 10,
    classNameSize: Double = diagramClassNameSize, maximumAspectRatio: Double = 3
  ) {
    self.pageWidth = pageWidth
    self.minimumTextHeight = minimumTextHeight
    self.classNameSize = classNameSize
    self.maximumAspectRatio = maximumAspectRatio
  }

  /// The pixels a PNG gives to this many points.
  public static func pixels(points: Double) -> Double { points * pixelsPerInch / 72 }

  /// The points of this many pixels of a PNG.
  public static func points(pixels: Double) -> Double { pixels * 72 / pixelsPerInch }

  /// The widest picture, in pixels of a PNG, whose class names are still ``minimumTextHeight``
  /// tall when it is shown ``pageWidth`` wide.
  public var maximumWidth: Double {
    pageWidth * Self.pixels(points: classNameSize) / minimumTextHeight
  }

  /// The tallest picture, in pixels: ``maximumAspectRatio`` times ``maximumWidth``.
  public var maximumHeight: Double { maximumWidth * maximumAspectRatio }

  /// The most pixels on either side of a picture: ``maximumHeight``, the longer limit.
  public var maximumPixels: Double { max(maximumWidth, maximumHeight) }

  /// The height, in pixels, the class names of a picture this wide (in points) have on the page:
  /// their size when it is no wider than the page, scaled down with it when it is wider.
  public func classNameHeight(width: Double) -> Double {
    let shown = Self.pixels(points: classNameSize)
    return shown * min(1, pageWidth / max(1, Self.pixels(points: width)))
  }

  /// True when a picture this big, in points (padding included), reads on the page: no wider than
  /// ``maximumWidth``, no taller than ``maximumHeight``, and its sides within
  /// ``maximumAspectRatio``.
  public func fits(width: Double, height: Double) -> Bool {
    overflow(width: width, height: height) <= 1
  }

  /// How far a picture this big, in points, is from fitting: the largest of its width over
  /// ``maximumWidth``, its height over ``maximumHeight`` and its aspect ratio over
  /// ``maximumAspectRatio``; 1 or less when it fits.
  public func overflow(width: Double, height: Double) -> Double {
    let (wide, high) = (Self.pixels(points: width), Self.pixels(points: height))
    let ratio = max(wide, high) / max(1, min(wide, high))
    return max(wide / maximumWidth, high / maximumHeight, ratio / maximumAspectRatio)
  }

  /// True when ``FoldMode/auto`` takes a picture this big, in points, as it is: the budget is
  /// what reads on the page, so a picture that fits it is comfortable (the same as
  /// ``fits(width:height:)``).
  public func isComfortable(width: Double, height: Double) -> Bool {
    fits(width: width, height: height)
  }

  /// True when wrapping a picture this big, in points, could make it fit: its area is no more than
  /// a square as wide as the page allows. A picture many times the page's area is folded, not
  /// wrapped (wrapping would make a column taller than any page).
  public func mightFitWrapped(width: Double, height: Double) -> Bool {
    Self.pixels(points: width) * Self.pixels(points: height) <= maximumWidth * maximumWidth
  }
}
