/// A height a sheet rests at: UIKit's `UISheetPresentationController.Detent`, named by its identifier.
///
/// `medium` (about half the screen) and `large` (full height) are the system detents; any other
/// name is a custom detent (`.custom(identifier:resolver:)`, iOS 16), whose height the app computes.
/// vcgraph keeps a sheet's detents in the order the app gives them, which Apple's documentation of
/// `UISheetPresentationController.detents` asks to be smallest to largest.
public struct SheetDetent: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The detent's identifier: `medium`, `large` or a custom one.
  public var identifier: String

  public init(_ identifier: String) {
    self.identifier = identifier
  }

  /// The system detent about half the height of the screen (inactive in compact height).
  public static let medium = SheetDetent("medium")
  /// The system detent at full height: the only one a sheet has unless the app sets `detents`.
  public static let large = SheetDetent("large")

  /// What a sheet has when the app does not set `detents`: `[.large()]`.
  public static let defaultDetents: [SheetDetent] = [.large]

  /// True for `medium` and `large`, the detents UIKit defines.
  public var isSystem: Bool { self == .medium || self == .large }

  public var description: String { identifier }

  public init(from decoder: any Decoder) throws {
    identifier = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(identifier)
  }
}

extension ModalPresentationStyle {
  /// True for the styles UIKit presents with a `UISheetPresentationController`, the ones that have
  /// detents: `pageSheet`, `formSheet`, and `automatic`, which resolves to one of them (Apple's
  /// documentation of `UIViewController.sheetPresentationController`: nil "if the view controller's
  /// modalPresentationStyle isn't UIModalPresentationStyle.pageSheet or .formSheet").
  public var isSheet: Bool {
    resolved == .pageSheet || resolved == .formSheet
  }
}
