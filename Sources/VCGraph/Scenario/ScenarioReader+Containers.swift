import Foundation
import Yams

// MARK: - Containers: custom containment, split views, page views, size classes

extension ScenarioReader {
  /// `transition: { from: A, to: B, in: C }`.
  func readTransition(_ step: StepFields) throws(ScenarioError) -> Action {
    let arguments = try arguments(step, ["from", "to", "in"], example: "{ from: a, to: b, in: container }")
    func argument(_ key: String) throws(ScenarioError) -> String {
      guard let entry = arguments.values[key] else {
        throw error(.missingKey(key, context: "'transition'"), at: step.value.node)
      }
      return try controllerID(entry, context: "'\(key)' of transition", known: step.known)
    }
    return .transition(from: try argument("from"), to: try argument("to"), in: try argument("in"))
  }

  /// `setSplit: { primary:, supplementary:, secondary:, compact: } on: V`; at least one column.
  func readSetSplit(_ step: StepFields) throws(ScenarioError) -> Action {
    let arguments = try arguments(
      step, ["primary", "supplementary", "secondary", "compact"], example: "{ primary: listNav, secondary: detail }")
    func column(_ key: String) throws(ScenarioError) -> String? {
      try arguments.values[key].map { entry throws(ScenarioError) in
        try controllerID(entry, context: "'\(key)' of setSplit", known: step.known)
      }
    }
    // `compact: null` is `setViewController(nil, for: .compact)`; the other columns need a controller.
    let removesCompact = arguments.values["compact"]?.node.null != nil
    let columns = SplitColumns(
      primary: try column("primary"), supplementary: try column("supplementary"), secondary: try column("secondary"),
      compact: removesCompact ? nil : try column("compact"), removesCompact: removesCompact)
    guard columns != SplitColumns() else {
      throw error(.missingKey("primary", context: "'setSplit'"), at: step.value.node)
    }
    return .setSplit(columns, on: try controller(step, "on"))
  }

  /// `setPage: X` or `setPage: [A, B]`, `on: P`.
  func readSetPage(_ step: StepFields) throws(ScenarioError) -> Action {
    let pages: [String]
    if case .sequence = step.value.node {
      pages = try controllerList(step)
    } else {
      pages = [try subject(step)]
    }
    return .setPage(pages, on: try controller(step, "on"))
  }

  /// `setTraits: { horizontalSizeClass: compact } [window: W]`.
  func readSetTraits(_ step: StepFields) throws(ScenarioError) -> Action {
    let arguments = try arguments(step, ["horizontalSizeClass"], example: "{ horizontalSizeClass: compact }")
    guard let entry = arguments.values["horizontalSizeClass"] else {
      throw error(.missingKey("horizontalSizeClass", context: "'setTraits'"), at: step.value.node)
    }
    let word = try string(entry, context: "'horizontalSizeClass'")
    guard let sizeClass = SizeClass(rawValue: word) else {
      throw error(
        .invalidValue(word, context: "size class", allowed: SizeClass.allCases.map(\.rawValue)), at: entry.node)
    }
    return .setTraits(horizontalSizeClass: sizeClass, window: try window(step, "window") ?? Scenario.defaultWindow)
  }
}
