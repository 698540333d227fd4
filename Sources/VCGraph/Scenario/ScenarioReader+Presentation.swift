import Foundation
import Yams

// MARK: - Presentations and sheets

extension ScenarioReader {
  /// `present: X from: S [style:] [detents:]`.
  func readPresent(_ step: StepFields) throws(ScenarioError) -> Action {
    let presentationStyle = try style(step)
    return .present(
      try subject(step), from: try controller(step, "from"), style: presentationStyle,
      detents: try detents(step, for: presentationStyle))
  }

  /// `selectDetent: D on: X [interactive:]`.
  func readSelectDetent(_ step: StepFields) throws(ScenarioError) -> Action {
    let detent = try detent(step.value.node, context: "'selectDetent'")
    return .selectDetent(
      detent, on: try controller(step, "on"),
      isInteractive: try bool(step.fields, "interactive", context: "'interactive'") ?? false)
  }

  /// The `style:` of a presenting step; `automatic` when it has none.
  func style(_ step: StepFields) throws(ScenarioError) -> ModalPresentationStyle {
    guard let styleEntry = step.fields.values["style"] else { return .automatic }
    var word = try string(styleEntry, context: "'style'")
    if word.hasPrefix(".") { word.removeFirst() }
    guard let parsed = ModalPresentationStyle(rawValue: word) else {
      throw error(
        .invalidValue(word, context: "presentation style", allowed: ModalPresentationStyle.allCases.map(\.rawValue)),
        at: styleEntry.node)
    }
    return parsed
  }

  /// The `detents:` of a present step, smallest first: `medium`, `large` or custom identifiers,
  /// each once, `medium` before `large`, for a sheet style only; nil when the step has none.
  private func detents(
    _ step: StepFields, for style: ModalPresentationStyle
  ) throws(ScenarioError) -> [SheetDetent]? {
    guard let entry = step.fields.values["detents"] else { return nil }
    guard case let .sequence(items) = entry.node, !items.isEmpty else {
      throw error(
        .wrongType(context: "'detents'", expected: "a list of detents such as [medium, large], at least one"),
        at: entry.node)
    }
    guard style.isSheet else {
      throw error(
        .invalidDetents(
          "detents apply only to a sheet (style automatic, pageSheet or formSheet); style \(style.rawValue) has no sheetPresentationController"
            + (style == .popover
              ? " (a popover that adapts to a sheet in compact width takes its detents from popoverPresentationController.adaptiveSheetPresentationController, which vcgraph does not model)"
              : "")),
        at: entry.key)
    }
    var detents: [SheetDetent] = []
    for item in items {
      let detent = try detent(item, context: "an item of 'detents'")
      if detents.contains(detent) {
        throw error(
          .invalidDetents("the detent '\(detent.identifier)' appears more than once in 'detents'"), at: item)
      }
      if detent == .medium, detents.contains(.large) {
        throw error(
          .invalidDetents(
            "'detents' go from the smallest to the largest height (Apple's documentation of UISheetPresentationController.detents): medium comes before large"
          ), at: item)
      }
      detents.append(detent)
    }
    return detents
  }

  /// A detent identifier: `medium`, `large` or a custom one (a plain word; a leading dot is dropped,
  /// as Swift writes `.medium`).
  private func detent(_ node: Node, context: String) throws(ScenarioError) -> SheetDetent {
    guard case let .scalar(scalar) = node, node.null == nil else {
      throw error(.wrongType(context: context, expected: "a detent: medium, large or a custom identifier"), at: node)
    }
    var word = scalar.string.trimmingCharacters(in: .whitespaces)
    if word.hasPrefix(".") { word.removeFirst() }
    guard !word.isEmpty, !word.contains(where: { $0.isWhitespace || $0.isNewline }) else {
      throw error(.wrongType(context: context, expected: "a detent: medium, large or a custom identifier"), at: node)
    }
    return SheetDetent(word)
  }
}
