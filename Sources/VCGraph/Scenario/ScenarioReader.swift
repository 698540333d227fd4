import Foundation
import Yams

/// Turns the YAML tree of a scenario file into a ``Scenario``, checking every key and value
/// and pointing at the line and column of whatever is wrong.
struct ScenarioReader {
  let path: String
  /// Where ``repeatedKeyMarker`` was put into the text read, when it was (see ``compose(_:)``): the
  /// line and the column (from 1) the marker took, text after it one column to the right.
  var markedKey: (line: Int, column: Int)?

  init(path: String) {
    self.path = path
  }

  /// Put in front of the occurrence of a repeated key that Yams reports (its first), so the text
  /// composes and the reader itself finds the later occurrence and the step it is in.
  static let repeatedKeyMarker: Character = "\u{E000}"

  /// The most controllers and steps a scenario may declare, so a hostile or runaway file fails with a
  /// clear error instead of exhausting the machine.
  static let maximumControllers = 10_000
  static let maximumSteps = 10_000

  static let topLevelKeys = ["version", "title", "sdk", "controllers", "steps"]
  static let controllerKeys = [
    "class", "kind", "title", "definesPresentationContext", "modalInPresentation", "retained",
    "restorationIdentifier", "mode", "sidebarHidden",
  ]
  /// The keys of an iOS 18 tab in a `setTabs` list: `tab` (or `group`) names it.
  static let tabKeys = ["tab", "title", "viewController"]
  /// The keys of an iOS 18 tab group in a `setTabs` list.
  static let groupKeys = ["group", "title", "viewController", "managingNavigationController", "defaultChild", "tabs"]
  /// Keys any step may hold besides its action and the action's parameters.
  static let stepOptions = ["caption", "animated", "duringPreviousAnimation", "expect"]
  /// Each action with the keys its step may hold besides the action key and `caption`.
  static let actions: [(name: String, parameters: [String])] = ActionName.allCases.map { ($0.rawValue, $0.parameters) }

  func read(_ text: String) throws(ScenarioError) -> Scenario {
    let root = try compose(text)
    guard let root else {
      throw error(.wrongType(context: "a scenario", expected: "a mapping with 'controllers' and 'steps'"), at: nil)
    }
    let top = try mapping(root, context: "a scenario", expected: "a mapping with 'controllers' and 'steps'")
    try checkKeys(top, allowed: Self.topLevelKeys, context: "the scenario")

    if let version = top.values["version"], try string(version, context: "'version'") != "1" {
      throw error(.unsupportedVersion(version.node.string ?? ""), at: version.node)
    }
    let title = try top.values["title"].map { entry throws(ScenarioError) in try string(entry, context: "'title'") }
    let sdk = try top.values["sdk"].map { entry throws(ScenarioError) in try sdkVersion(entry) } ?? Scenario.currentSDK

    guard let controllersEntry = top.values["controllers"] else {
      throw error(.missingKey("controllers", context: "the scenario"), at: root)
    }
    let (controllers, declarations) = try readControllers(controllersEntry.node)

    guard let stepsEntry = top.values["steps"] else {
      throw error(.missingKey("steps", context: "the scenario"), at: root)
    }
    guard case let .sequence(stepNodes) = stepsEntry.node else {
      throw error(.wrongType(context: "'steps'", expected: "a list of steps"), at: stepsEntry.node)
    }
    guard !stepNodes.isEmpty else { throw error(.noSteps, at: stepsEntry.node) }
    guard stepNodes.count <= Self.maximumSteps else {
      throw error(.tooMany("steps", limit: Self.maximumSteps, given: stepNodes.count), at: stepsEntry.node)
    }
    let known = Set(controllers.map(\.id))
    var steps: [Step] = []
    var tabIdentifiers: Set<String> = []
    for (index, node) in stepNodes.enumerated() {
      steps.append(try readStep(node, number: index + 1, known: known, tabIdentifiers: &tabIdentifiers))
    }
    return Scenario(
      path: path, title: title, viewControllers: controllers, steps: steps, declarations: declarations, sdk: sdk)
  }

  /// The major version of an `sdk:` value: `16`, `16.4` and `"17.0"` are 16, 16 and 17.
  private func sdkVersion(_ entry: Entry) throws(ScenarioError) -> Int {
    let text = try string(entry, context: "'sdk'").trimmingCharacters(in: .whitespaces)
    let major = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
    guard let major, let version = Int(major), (2...99).contains(version),
      text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") })
    else {
      throw error(
        .wrongType(context: "'sdk'", expected: "an iOS SDK version such as 16 or 17.0 (the SDK the app is built with)"),
        at: entry.node)
    }
    return version
  }

  // MARK: - Controllers

  private func readControllers(_ node: Node) throws(ScenarioError) -> ([ViewController], [String: SourceLocation]) {
    let entries = try mapping(
      node, context: "'controllers'", expected: "a mapping of controller ids to class names",
      repeated: ScenarioError.Problem.duplicateController)
    guard entries.pairs.count <= Self.maximumControllers else {
      throw error(.tooMany("controllers", limit: Self.maximumControllers, given: entries.pairs.count), at: node)
    }
    var controllers: [ViewController] = []
    var declarations: [String: SourceLocation] = [:]
    for (_, key, value) in entries.pairs {
      let id = try string(key, context: "a controller id")
        .drop { $0 == Self.repeatedKeyMarker }.description
      guard !id.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
        throw error(.invalidControllerID(id), at: key)
      }
      declarations[id] = location(of: key)
      controllers.append(try readController(id: id, value))
    }
    return (controllers, declarations)
  }

  private func readController(id: String, _ node: Node) throws(ScenarioError) -> ViewController {
    let context = "controller '\(id)'"
    if case .scalar = node {
      return ViewController(id: id, className: try className(node, context: context))
    }
    let fields = try mapping(node, context: context, expected: "a class name or a mapping with 'class'")
    try checkKeys(fields, allowed: Self.controllerKeys, context: context)
    guard let classEntry = fields.values["class"] else { throw error(.missingKey("class", context: context), at: node) }
    var kind: ViewControllerKind?
    if let kindEntry = fields.values["kind"] {
      let word = try string(kindEntry, context: "'kind' of \(context)")
      guard let parsed = ViewControllerKind(rawValue: word) else {
        throw error(
          .invalidValue(word, context: "kind", allowed: ViewControllerKind.allCases.map(\.rawValue)), at: kindEntry.node
        )
      }
      kind = parsed
    }
    let title = try fields.values["title"].map { entry throws(ScenarioError) in
      try string(entry, context: "'title' of \(context)")
    }
    func flag(_ key: String) throws(ScenarioError) -> Bool? {
      try bool(fields, key, context: "'\(key)' of \(context)")
    }
    let restorationIdentifier = try fields.values["restorationIdentifier"].map { entry throws(ScenarioError) in
      try string(entry, context: "'restorationIdentifier' of \(context)")
    }
    let name = try className(classEntry.node, context: "'class' of \(context)")
    // `mode` and `sidebar.isHidden` are UITabBarController's (iOS 18).
    for key in ["mode", "sidebarHidden"] {
      if let entry = fields.pairs.first(where: { $0.name == key }),
        (kind ?? .inferred(fromClassName: name)) != .tabBar
      {
        throw error(
          .wrongType(
            context: "'\(key)' of \(context)",
            expected: "a key of a tab bar controller only (class UITabBarController, or kind: tabBar)"),
          at: entry.key)
      }
    }
    var mode = TabBarMode.automatic
    if let modeEntry = fields.values["mode"] {
      var word = try string(modeEntry, context: "'mode' of \(context)")
      if word.hasPrefix(".") { word.removeFirst() }
      guard let parsed = TabBarMode(rawValue: word) else {
        throw error(
          .invalidValue(word, context: "tab bar mode", allowed: TabBarMode.allCases.map(\.rawValue)), at: modeEntry.node
        )
      }
      mode = parsed
    }
    return ViewController(
      id: id, className: name, kind: kind, title: title,
      definesPresentationContext: try flag("definesPresentationContext"),
      isModalInPresentation: try flag("modalInPresentation") ?? false, isRetained: try flag("retained") ?? false,
      restorationIdentifier: restorationIdentifier, tabBarMode: mode,
      isSidebarHidden: try flag("sidebarHidden") ?? false)
  }

  private func className(_ node: Node, context: String) throws(ScenarioError) -> String {
    guard case let .scalar(scalar) = node, node.null == nil,
      !scalar.string.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    else {
      throw error(.wrongType(context: context, expected: "a class name such as UINavigationController"), at: node)
    }
    return scalar.string
  }
}
