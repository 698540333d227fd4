import Foundation
import Yams

// MARK: - Steps

/// One step's mapping as read: its keys, and the action key with its value.
struct StepFields {
  /// The step's node, where errors about the step as a whole point.
  var node: Node
  var fields: ScenarioReader.Fields
  /// The action key (`push`), and its value (`home`).
  var actionName: String
  var value: ScenarioReader.Entry
  /// The ids declared under `controllers:`.
  var known: Set<String>
}

extension ScenarioReader {
  /// Reads one step; an error in it names the step, with its action as written when there is one.
  func readStep(
    _ node: Node, number: Int, known: Set<String>, tabIdentifiers: inout Set<String>
  ) throws(ScenarioError) -> Step {
    do {
      let step = try stepFields(node, known: known)
      let action = try readAction(step, tabIdentifiers: &tabIdentifiers)
      return try readOptions(step, number: number, action: action)
    } catch {
      var error = error
      if error.step == nil { error.step = StepReference(number: number, summary: Self.summary(ofStepAsWritten: node)) }
      throw error
    }
  }

  /// A step's action as written, `push home on nav`, for messages about a step that could not be read.
  private static func summary(ofStepAsWritten node: Node) -> String {
    guard case let .mapping(mapping) = node else { return "" }
    func text(_ value: Node) -> String? {
      switch value {
      case let .scalar(scalar): return scalar.string
      case let .sequence(items): return "[" + items.map { $0.string ?? "…" }.joined(separator: ", ") + "]"
      case let .mapping(pairs):
        return "{" + pairs.map { "\($0.key.string ?? "…"): \($0.value.string ?? "…")" }.joined(separator: ", ") + "}"
      default: return nil
      }
    }
    func name(_ key: Node) -> String? { key.string.map { $0.first == repeatedKeyMarker ? String($0.dropFirst()) : $0 } }
    guard let (key, value) = mapping.first(where: { pair in actions.contains { $0.name == name(pair.key) } }),
      let action = name(key)
    else { return "" }
    var words = [action] + [text(value)].compactMap { $0 }
    for (parameter, word) in [("on", "on"), ("from", "from"), ("to", "to"), ("window", "in window")] {
      if let argument = mapping[parameter].flatMap(text) { words += [word, argument] }
    }
    return words.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.joined(separator: " ")
  }

  /// The step's mapping, with exactly one action key and no key its action does not take.
  private func stepFields(_ node: Node, known: Set<String>) throws(ScenarioError) -> StepFields {
    let allowedActions = Self.actions.map(\.name)
    let fields = try mapping(node, context: "a step", expected: "a mapping such as 'push: home' with 'on: nav'")
    let actionKeys = fields.pairs.map(\.name).filter(allowedActions.contains)
    guard let actionName = actionKeys.first, let value = fields.values[actionName] else {
      let stepKeys = Set(allowedActions + Self.stepOptions + Self.actions.flatMap(\.parameters))
      if let unknown = fields.pairs.first(where: { !stepKeys.contains($0.name) }) {
        throw error(
          .unknownKey(unknown.name, context: "the step", allowed: allowedActions + Self.stepOptions), at: unknown.key)
      }
      throw error(.noAction(allowed: allowedActions), at: node)
    }
    guard actionKeys.count == 1 else { throw error(.severalActions(actionKeys), at: node) }
    let parameters = Self.actions.first { $0.name == actionName }?.parameters ?? []
    try checkKeys(fields, allowed: [actionName] + parameters + Self.stepOptions, context: "a \(actionName) step")
    return StepFields(node: node, fields: fields, actionName: actionName, value: value, known: known)
  }

  /// The UIKit call the step makes, with its arguments.
  private func readAction(_ step: StepFields, tabIdentifiers: inout Set<String>) throws(ScenarioError) -> Action {
    guard let kind = ActionName(rawValue: step.actionName) else {
      throw error(.noAction(allowed: Self.actions.map(\.name)), at: step.node)
    }
    switch kind {
    case .setRoot: return .setRoot(try subject(step), window: try window(step, "window") ?? Scenario.defaultWindow)
    case .makeKey: return .makeKey(window: try nonEmptyString(step.value, context: "'makeKey'"))
    case .push: return .push(try subject(step), on: try controller(step, "on"))
    case .pop: return .pop(try subject(step))
    case .popTo: return .popTo(try subject(step), on: try optionalController(step, "on"))
    case .popToRoot: return .popToRoot(try subject(step))
    case .setViewControllers: return .setViewControllers(try controllerList(step), on: try controller(step, "on"))
    case .present: return try readPresent(step)
    case .show: return .show(try subject(step), from: try controller(step, "from"), style: try style(step))
    case .showDetail: return .showDetail(try subject(step), from: try controller(step, "from"), style: try style(step))
    case .dismiss: return .dismiss(try subject(step))
    case .interactiveDismiss: return .interactiveDismiss(try subject(step))
    case .selectDetent: return try readSelectDetent(step)
    case .addChild: return .addChild(try subject(step), to: try controller(step, "to"))
    case .removeFromParent: return .removeFromParent(try subject(step))
    case .transition: return try readTransition(step)
    case .setSplit: return try readSetSplit(step)
    case .setPage: return try readSetPage(step)
    case .setTraits: return try readSetTraits(step)
    case .setTabs: return try readSetTabs(step, tabIdentifiers: &tabIdentifiers)
    case .selectTab: return try readSelectTab(step, tabIdentifiers: tabIdentifiers)
    case .setSidebar: return try readSetSidebar(step)
    }
  }

  /// The keys any step may hold besides its action's: `caption`, `animated`,
  /// `duringPreviousAnimation`, `expect`.
  private func readOptions(_ step: StepFields, number: Int, action: Action) throws(ScenarioError) -> Step {
    let fields = step.fields
    let caption = try fields.values["caption"].map { entry throws(ScenarioError) in
      try string(entry, context: "'caption'")
    }
    func flag(_ key: String, default defaultValue: Bool) throws(ScenarioError) -> Bool {
      try bool(fields, key, context: "'\(key)'") ?? defaultValue
    }
    var expectsWarning = false
    if let expectEntry = fields.values["expect"] {
      let word = try string(expectEntry, context: "'expect'")
      guard word == "warning" else {
        throw error(.invalidValue(word, context: "expectation", allowed: ["warning"]), at: expectEntry.node)
      }
      expectsWarning = true
    }
    // A step is where its action is written, whatever key comes first.
    return Step(
      number: number, action: action, caption: caption, location: location(of: step.value.key),
      isAnimated: try flag("animated", default: true),
      isDuringPreviousAnimation: try flag("duringPreviousAnimation", default: false), expectsWarning: expectsWarning)
  }

  // MARK: Arguments naming controllers and windows

  /// The controller the action's own value names (`push: home`).
  func subject(_ step: StepFields) throws(ScenarioError) -> String {
    try controllerID(step.value, context: "'\(step.actionName)'", known: step.known)
  }

  /// The controller a parameter names (`on: nav`); the parameter is required.
  func controller(_ step: StepFields, _ key: String) throws(ScenarioError) -> String {
    guard let entry = step.fields.values[key] else {
      throw error(.missingKey(key, context: step.actionName), at: step.node)
    }
    return try controllerID(entry, context: "'\(key)' of \(step.actionName)", known: step.known)
  }

  /// The controller a parameter names, or nil when the step leaves it out.
  func optionalController(_ step: StepFields, _ key: String) throws(ScenarioError) -> String? {
    guard step.fields.values[key] != nil else { return nil }
    return try controller(step, key)
  }

  /// The controllers the action's value lists (`setViewControllers: [home, settings]`).
  func controllerList(_ step: StepFields) throws(ScenarioError) -> [String] {
    guard case let .sequence(items) = step.value.node else {
      throw error(
        .wrongType(context: "'\(step.actionName)'", expected: "a list of controller ids such as [home, settings]"),
        at: step.value.node)
    }
    var ids: [String] = []
    for item in items {
      ids.append(
        try controllerID(
          Entry(key: step.value.key, node: item), context: "an item of '\(step.actionName)'", known: step.known))
    }
    return ids
  }

  /// The window a parameter names, or nil when the step leaves it out.
  func window(_ step: StepFields, _ key: String) throws(ScenarioError) -> String? {
    try step.fields.values[key].map { entry throws(ScenarioError) in try nonEmptyString(entry, context: "'\(key)'") }
  }

  /// The fields of an action written as a mapping, `transition: { from: a, to: b, in: c }`.
  func arguments(_ step: StepFields, _ allowed: [String], example: String) throws(ScenarioError) -> Fields {
    let arguments = try mapping(
      step.value.node, context: "'\(step.actionName)'", expected: "a mapping such as \(example)")
    try checkKeys(arguments, allowed: allowed, context: "'\(step.actionName)'")
    return arguments
  }

  func controllerID(_ entry: Entry, context: String, known: Set<String>) throws(ScenarioError) -> String {
    guard case let .scalar(scalar) = entry.node, entry.node.null == nil else {
      throw error(.wrongType(context: context, expected: "a controller id"), at: entry.node)
    }
    guard known.contains(scalar.string) else {
      let nearest = ScenarioError.Problem.nearest(to: scalar.string, in: known.sorted())
      throw error(.unknownController(scalar.string, nearest: nearest), at: entry.node)
    }
    return scalar.string
  }
}
