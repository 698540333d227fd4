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
  /// The sheet's `detents` as the app set them, smallest first; nil when it did not set them (a
  /// sheet then has UIKit's default, `[.large()]`: see ``sheetDetents``).
  public var detents: [SheetDetent]?
  /// The sheet's `selectedDetentIdentifier`: nil until the app or the user selects one, and the
  /// sheet then rests at its smallest detent (see ``selectedDetent``).
  public var selectedDetentIdentifier: SheetDetent?

  public init(
    presented: String, style: ModalPresentationStyle?, source: String, detents: [SheetDetent]? = nil,
    selectedDetentIdentifier: SheetDetent? = nil
  ) {
    self.presented = presented
    self.style = style
    self.source = source
    self.detents = detents
    self.selectedDetentIdentifier = selectedDetentIdentifier
  }

  /// True when UIKit presents it with a `UISheetPresentationController`: a page or form sheet.
  public var isSheet: Bool { style?.isSheet == true }

  /// The detents of a sheet, smallest first (UIKit's default `[large]` when the app set none); nil
  /// for any other presentation, and for one whose style is unknown.
  public var sheetDetents: [SheetDetent]? {
    guard isSheet else { return nil }
    return detents ?? SheetDetent.defaultDetents
  }

  /// The detent a sheet rests at: the selected one, else the smallest ("The default value is nil,
  /// which means the sheet displays at the smallest detent you specify in detents": Apple's
  /// documentation of `selectedDetentIdentifier`); nil for any other presentation.
  public var selectedDetent: SheetDetent? {
    guard let detents = sheetDetents else { return nil }
    return selectedDetentIdentifier ?? detents.first
  }

  /// `medium, large · at medium` for a sheet with more than its default detent; nil for one at its
  /// default (`[large]`) and for any other presentation.
  public var detentSummary: String? {
    guard let detents = sheetDetents, let selected = selectedDetent, detents != SheetDetent.defaultDetents else {
      return nil
    }
    return "detents " + detents.map(\.identifier).joined(separator: ", ") + " · at " + selected.identifier
  }
}
