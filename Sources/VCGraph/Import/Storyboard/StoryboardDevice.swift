/// The device a storyboard's canvas shows, and the horizontal size class a window of that device
/// launches in: what decides whether its split views start collapsed.
///
/// Xcode 8 and later save the canvas's device in the document, `<device id="retina6_12"
/// orientation="portrait" appearance="light"/>` (Xcode 8 and 9 with an `<adaptation
/// id="fullscreen"/>` inside, later ones with a `layout="fullscreen"` attribute on iPad). Older
/// files say less: an iPad-only storyboard of Xcode 4 to 7 has `targetRuntime="iOS.CocoaTouch.iPad"`,
/// an iPhone one of Xcode 5 a `<simulatedScreenMetrics key="destination" type="retina4"/>`; a
/// universal one of Xcode 6 or 7 (size classes, `wAny hAny`) names no device at all.
///
/// The size class follows Apple's table of device size classes (Human Interface Guidelines,
/// “Layout”, Device size classes; the same table as “Size Classes Design Help”):
/// - an iPad, full screen, in either orientation: regular width. An iPad canvas in a Split View or
///   Slide Over layout (`splitview1_2`, …) has a width that depends on the model: not known.
/// - an iPhone in portrait: compact width.
/// - an iPhone in landscape: regular width on the big ones (the Plus and Max models, iPhone XR and
///   11), compact width on the others. The ids of Plus and Max canvases (`retina5_5`, `retina6_5`,
///   `retina6_7`, `retina6_72`, `retina6_9`) are regular; those of the smaller ones (`retina3_5`,
///   `retina4_0`, `retina4_7`, `retina5_8`, `retina6_12`) compact; any other iPhone id in landscape
///   (`retina6_1` is an iPhone 11 in one Xcode, an iPhone 12 to 14 in others) is not known.
/// - anything else (Apple TV, a Mac, no device): not known, and no split view is labelled
///   collapsed or expanded.
public struct StoryboardDevice: Sendable, Hashable {
  /// The `id` of the `<device>` element (`retina6_12`, `ipad10_9rounded`); nil when the file has none.
  public var id: String?
  /// `portrait` or `landscape`, as the `<device>` element says; nil when it does not.
  public var orientation: String?
  /// An iPad canvas's layout, `fullscreen` or a Split View width, from `layout` or `<adaptation>`.
  public var layout: String?
  /// The document's `targetRuntime` (`iOS.CocoaTouch`, `iOS.CocoaTouch.iPad`, `AppleTV`).
  public var targetRuntime: String?
  /// The `type` of an older file's `<simulatedScreenMetrics key="destination">` (`retina4`).
  public var simulatedScreen: String?

  /// The kind of device a canvas shows.
  public enum Idiom: String, Sendable, Hashable, Codable {
    /// An iPhone (or iPod touch) canvas: `retina…` and `iphone…` ids.
    case iPhone
    /// An iPad canvas: `ipad…` ids, or an iPad-only storyboard's runtime.
    case iPad
  }

  /// A canvas as the file describes it, each value spelled as there.
  public init(
    id: String? = nil, orientation: String? = nil, layout: String? = nil, targetRuntime: String? = nil,
    simulatedScreen: String? = nil
  ) {
    self.id = id
    self.orientation = orientation
    self.layout = layout
    self.targetRuntime = targetRuntime
    self.simulatedScreen = simulatedScreen
  }

  /// iPhone or iPad, from the device's id (`ipad…` is an iPad, `retina…` and `iphone…` an iPhone,
  /// whatever the case), else from an older file's runtime or simulated screen; nil when nothing says.
  public var idiom: Idiom? {
    if let id = id?.lowercased(), !id.isEmpty {
      if id.hasPrefix("ipad") { return .iPad }
      if id.hasPrefix("retina") || id.hasPrefix("iphone") { return .iPhone }
      return nil
    }
    if targetRuntime == "iOS.CocoaTouch.iPad" { return .iPad }
    if let screen = simulatedScreen?.lowercased(), screen.hasPrefix("retina") || screen.hasPrefix("iphone") {
      return .iPhone
    }
    return nil
  }

  /// The horizontal size class of a window on this device at launch; nil when it is not known.
  public var horizontalSizeClass: SizeClass? {
    switch idiom {
    case .iPad?:
      guard let layout = layout?.lowercased(), layout != "fullscreen" else { return .regular }
      return nil
    case .iPhone?:
      guard orientation?.lowercased() == "landscape" else { return .compact }
      let id = id?.lowercased() ?? ""
      if Self.regularInLandscape.contains(id) { return .regular }
      if Self.compactInLandscape.contains(id) { return .compact }
      return nil
    case nil:
      return nil
    }
  }

  /// Plus and Max iPhones: 8 Plus, XS Max and 11 Pro Max, 12 and 13 Pro Max and 14 Plus, 14 Pro Max
  /// and 15 Plus and Pro Max, 16 Pro Max.
  static let regularInLandscape: Set<String> = ["retina5_5", "retina6_5", "retina6_7", "retina6_72", "retina6_9"]
  /// iPhone 4s, SE (1st generation), 8 and SE, X and XS and 11 Pro, 14 Pro and 15.
  static let compactInLandscape: Set<String> = ["retina3_5", "retina4_0", "retina4_7", "retina5_8", "retina6_12"]

  /// What a diagram's heading says of it: `iPhone · compact width`, `iPad · regular width`,
  /// `iPhone retina6_1 landscape · size class not known`; nil when nothing says which device.
  public var summary: String? {
    guard let idiom else { return nil }
    guard let sizeClass = horizontalSizeClass else {
      let details = [id, orientation, layout].compactMap { $0 }.joined(separator: " ")
      return "\(idiom.rawValue)\(details.isEmpty ? "" : " " + details) · size class not known"
    }
    return "\(idiom.rawValue) · \(sizeClass.rawValue) width"
  }
}
