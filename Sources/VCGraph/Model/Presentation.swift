/// One presenting → presented relation, as UIKit records it after `present(_:animated:)`.
public struct Presentation: Sendable, Hashable {
  /// The controller being presented.
  public var presented: String
  /// The style the scenario asked for (`automatic` is kept as written; see ``ModalPresentationStyle/resolved``).
  ///
  /// Nil only in a hierarchy imported from a `_printHierarchy` dump whose presentation controller
  /// does not tell the style (`presented with: (null)`, `UISheetPresentationController`).
  public var style: ModalPresentationStyle?
  /// The controller whose `present` was called; differs from the presenter when UIKit forwarded the call.
  public var source: String

  public init(presented: String, style: ModalPresentationStyle?, source: String) {
    self.presented = presented
    self.style = style
    self.source = source
  }
}
