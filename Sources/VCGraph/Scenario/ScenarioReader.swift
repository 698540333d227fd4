import Foundation
import Yams

/// Turns the YAML tree of a scenario file into a ``Scenario``, checking every key and value
/// and pointing at the line and column of whatever is wrong.
struct ScenarioReader {
  let path: String
  /// Where ``repeatedKeyMarker`` was put into the text read, when it was (see ``compose(_:)``).
  var markedKey: Mark?

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

  // MARK: - Steps

  /// Reads one step; an error in it names the step, with its action as written when there is one.
  private func readStep(
    _ node: Node, number: Int, known: Set<String>, tabIdentifiers: inout Set<String>
  ) throws(ScenarioError) -> Step {
    do {
      return try readStepFields(node, number: number, known: known, tabIdentifiers: &tabIdentifiers)
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

  private func readStepFields(
    _ node: Node, number: Int, known: Set<String>, tabIdentifiers: inout Set<String>
  ) throws(ScenarioError) -> Step {
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
    // A step is where its action is written, whatever key comes first.
    let location = self.location(of: value.key)
    let stepContext = actionName
    try checkKeys(fields, allowed: [actionName] + parameters + Self.stepOptions, context: "a \(actionName) step")

    func controller(_ key: String) throws(ScenarioError) -> String {
      guard let entry = fields.values[key] else { throw error(.missingKey(key, context: stepContext), at: node) }
      return try controllerID(entry, context: "'\(key)' of \(stepContext)", known: known)
    }
    func controllerList() throws(ScenarioError) -> [String] {
      guard case let .sequence(items) = value.node else {
        throw error(
          .wrongType(context: "'\(actionName)'", expected: "a list of controller ids such as [home, settings]"),
          at: value.node)
      }
      var ids: [String] = []
      for item in items {
        ids.append(
          try controllerID(Entry(key: value.key, node: item), context: "an item of '\(actionName)'", known: known))
      }
      return ids
    }
    let subject = { () throws(ScenarioError) -> String in
      try controllerID(value, context: "'\(actionName)'", known: known)
    }
    func optionalController(_ key: String) throws(ScenarioError) -> String? {
      guard fields.values[key] != nil else { return nil }
      return try controller(key)
    }
    func window(_ key: String) throws(ScenarioError) -> String? {
      try fields.values[key].map { entry throws(ScenarioError) in try nonEmptyString(entry, context: "'\(key)'") }
    }
    func style() throws(ScenarioError) -> ModalPresentationStyle {
      guard let styleEntry = fields.values["style"] else { return .automatic }
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
    func detents(for style: ModalPresentationStyle) throws(ScenarioError) -> [SheetDetent]? {
      guard let entry = fields.values["detents"] else { return nil }
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
    /// The fields of an action written as a mapping, `transition: { from: a, to: b, in: c }`.
    func arguments(_ allowed: [String], example: String) throws(ScenarioError) -> Fields {
      let arguments = try mapping(value.node, context: "'\(actionName)'", expected: "a mapping such as \(example)")
      try checkKeys(arguments, allowed: allowed, context: "'\(actionName)'")
      return arguments
    }

    guard let kind = ActionName(rawValue: actionName) else { throw error(.noAction(allowed: allowedActions), at: node) }
    let action: Action
    switch kind {
    case .setRoot:
      action = .setRoot(try subject(), window: try window("window") ?? Scenario.defaultWindow)
    case .push: action = .push(try subject(), on: try controller("on"))
    case .pop: action = .pop(try subject())
    case .popToRoot: action = .popToRoot(try subject())
    case .setViewControllers: action = .setViewControllers(try controllerList(), on: try controller("on"))
    case .present:
      let presentationStyle = try style()
      action = .present(
        try subject(), from: try controller("from"), style: presentationStyle,
        detents: try detents(for: presentationStyle))
    case .show: action = .show(try subject(), from: try controller("from"), style: try style())
    case .showDetail: action = .showDetail(try subject(), from: try controller("from"), style: try style())
    case .popTo: action = .popTo(try subject(), on: try optionalController("on"))
    case .makeKey:
      action = .makeKey(window: try nonEmptyString(value, context: "'makeKey'"))
    case .interactiveDismiss: action = .interactiveDismiss(try subject())
    case .selectDetent:
      let detent = try detent(value.node, context: "'selectDetent'")
      action = .selectDetent(
        detent, on: try controller("on"),
        isInteractive: try bool(fields, "interactive", context: "'interactive'") ?? false)
    case .transition:
      let arguments = try arguments(["from", "to", "in"], example: "{ from: a, to: b, in: container }")
      func argument(_ key: String) throws(ScenarioError) -> String {
        guard let entry = arguments.values[key] else {
          throw error(.missingKey(key, context: "'transition'"), at: value.node)
        }
        return try controllerID(entry, context: "'\(key)' of transition", known: known)
      }
      action = .transition(from: try argument("from"), to: try argument("to"), in: try argument("in"))
    case .setSplit:
      let arguments = try arguments(
        ["primary", "supplementary", "secondary", "compact"], example: "{ primary: listNav, secondary: detail }")
      func column(_ key: String) throws(ScenarioError) -> String? {
        try arguments.values[key].map { entry throws(ScenarioError) in
          try controllerID(entry, context: "'\(key)' of setSplit", known: known)
        }
      }
      // `compact: null` is `setViewController(nil, for: .compact)`; the other columns need a controller.
      let removesCompact = arguments.values["compact"]?.node.null != nil
      let columns = SplitColumns(
        primary: try column("primary"), supplementary: try column("supplementary"), secondary: try column("secondary"),
        compact: removesCompact ? nil : try column("compact"), removesCompact: removesCompact)
      guard columns != SplitColumns() else {
        throw error(.missingKey("primary", context: "'setSplit'"), at: value.node)
      }
      action = .setSplit(columns, on: try controller("on"))
    case .setPage:
      let pages: [String]
      if case .sequence = value.node {
        pages = try controllerList()
      } else {
        pages = [try subject()]
      }
      action = .setPage(pages, on: try controller("on"))
    case .setTraits:
      let arguments = try arguments(["horizontalSizeClass"], example: "{ horizontalSizeClass: compact }")
      guard let entry = arguments.values["horizontalSizeClass"] else {
        throw error(.missingKey("horizontalSizeClass", context: "'setTraits'"), at: value.node)
      }
      let word = try string(entry, context: "'horizontalSizeClass'")
      guard let sizeClass = SizeClass(rawValue: word) else {
        throw error(
          .invalidValue(word, context: "size class", allowed: SizeClass.allCases.map(\.rawValue)), at: entry.node)
      }
      action = .setTraits(horizontalSizeClass: sizeClass, window: try window("window") ?? Scenario.defaultWindow)
    case .dismiss: action = .dismiss(try subject())
    case .addChild: action = .addChild(try subject(), to: try controller("to"))
    case .removeFromParent: action = .removeFromParent(try subject())
    case .setTabs:
      // Controller ids (`setViewControllers`), or iOS 18 tabs: mappings with `tab` or `group`.
      if case let .sequence(items) = value.node, let first = items.first, case .mapping = first {
        var tabs: [Tab] = []
        for item in items {
          try readTab(item, group: nil, known: known, into: &tabs)
        }
        tabIdentifiers.formUnion(tabs.map(\.identifier))
        action = .setUITabs(tabs, on: try controller("on"))
      } else {
        action = .setTabs(try controllerList(), on: try controller("on"))
      }
    case .selectTab:
      let selection: TabSelection
      if case .scalar = value.node, let index = value.node.int {
        selection = .index(index)
      } else if case let .scalar(scalar) = value.node, value.node.null == nil, !known.contains(scalar.string),
        tabIdentifiers.contains(scalar.string)
      {
        selection = .identifier(scalar.string)
      } else if case let .scalar(scalar) = value.node, value.node.null == nil, !known.contains(scalar.string),
        !tabIdentifiers.isEmpty
      {
        throw error(.unknownTabOrController(scalar.string, tabs: tabIdentifiers.sorted()), at: value.node)
      } else {
        selection = .controller(try subject())
      }
      action = .selectTab(selection, on: try controller("on"))
    case .setSidebar:
      let word = try string(value, context: "'setSidebar'")
      guard word == "hidden" || word == "shown" else {
        throw error(.invalidValue(word, context: "sidebar", allowed: ["hidden", "shown"]), at: value.node)
      }
      action = .setSidebarHidden(word == "hidden", on: try controller("on"))
    }
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
    return Step(
      number: number, action: action, caption: caption, location: location,
      isAnimated: try flag("animated", default: true),
      isDuringPreviousAnimation: try flag("duringPreviousAnimation", default: false), expectsWarning: expectsWarning)
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

  /// Reads one iOS 18 tab of a `setTabs` list, and a group's tabs after it, depth first.
  private func readTab(_ node: Node, group: String?, known: Set<String>, into tabs: inout [Tab]) throws(ScenarioError) {
    let example = "a tab such as { tab: home, title: Home, viewController: home } or { group: library, tabs: [...] }"
    let fields = try mapping(node, context: "an item of 'setTabs'", expected: example)
    let isGroup = fields.values["group"] != nil
    if isGroup, let tabEntry = fields.values["tab"] {
      throw error(
        .wrongType(
          context: "a tab of 'setTabs'", expected: "either 'tab' (a UITab) or 'group' (a UITabGroup), not both"),
        at: tabEntry.key)
    }
    let keyName = isGroup ? "group" : "tab"
    try checkKeys(fields, allowed: isGroup ? Self.groupKeys : Self.tabKeys, context: "a \(keyName) of 'setTabs'")
    guard let identifierEntry = fields.values[keyName] else {
      throw error(.missingKey("tab", context: "an item of 'setTabs' (\(example))"), at: node)
    }
    let identifier = try nonEmptyString(identifierEntry, context: "'\(keyName)'")
    if tabs.contains(where: { $0.identifier == identifier }) {
      throw error(
        .wrongType(
          context: "'\(keyName)' \(identifier)",
          expected: "an identifier unique across all the tabs of the tab bar controller"),
        at: identifierEntry.node)
    }
    let context = "\(keyName) '\(identifier)'"
    let title = try fields.values["title"].map { entry throws(ScenarioError) in
      try string(entry, context: "'title' of \(context)")
    }
    func controllerEntry(_ key: String) throws(ScenarioError) -> String? {
      try fields.values[key].map { entry throws(ScenarioError) in
        try controllerID(entry, context: "'\(key)' of \(context)", known: known)
      }
    }
    let viewController = try controllerEntry("viewController")
    let navigation = try controllerEntry("managingNavigationController")
    let defaultChild = try fields.values["defaultChild"].map { entry throws(ScenarioError) in
      try nonEmptyString(entry, context: "'defaultChild' of \(context)")
    }
    tabs.append(
      Tab(
        identifier: identifier, title: title, viewController: viewController, group: group, isGroup: isGroup,
        managingNavigationController: navigation, defaultChild: defaultChild))
    guard isGroup, let children = fields.values["tabs"] else { return }
    guard case let .sequence(items) = children.node else {
      throw error(.wrongType(context: "'tabs' of \(context)", expected: "a list of tabs"), at: children.node)
    }
    for item in items {
      try readTab(item, group: identifier, known: known, into: &tabs)
    }
    if let defaultChild, !tabs.contains(where: { $0.identifier == defaultChild && $0.group == identifier }),
      let entry = fields.values["defaultChild"]
    {
      throw error(
        .invalidValue(
          defaultChild, context: "defaultChild of \(context)",
          allowed: tabs.filter { $0.group == identifier }.map(\.identifier)), at: entry.node)
    }
  }

  private func controllerID(_ entry: Entry, context: String, known: Set<String>) throws(ScenarioError) -> String {
    guard case let .scalar(scalar) = entry.node, entry.node.null == nil else {
      throw error(.wrongType(context: context, expected: "a controller id"), at: entry.node)
    }
    guard known.contains(scalar.string) else { throw error(.unknownController(scalar.string), at: entry.node) }
    return scalar.string
  }

  // MARK: - YAML values

  /// A mapping entry: its key node (for messages) and value node.
  struct Entry {
    var key: Node
    var node: Node
  }

  /// A mapping's entries by key, and in file order.
  struct Fields {
    var pairs: [(name: String, key: Node, value: Node)]
    var values: [String: Entry]
  }

  private func compose(_ text: String) throws(ScenarioError) -> Node? {
    do {
      return try Yams.compose(yaml: text)
    } catch let yamlError as YamlError {
      if case let .duplicatedKeysInMapping(duplicates, context) = yamlError, duplicates.count == 1, markedKey == nil,
        let relocated = readAgain(text, marking: context.mark)
      {
        throw relocated
      }
      throw translate(yamlError, in: text)
    } catch {
      throw ScenarioError(.syntax(String(describing: error)), at: SourceLocation(file: path, line: 1, column: 1))
    }
  }

  /// Reads `text` again with the repeated key at `mark` marked, so the error names the later occurrence
  /// and the step it is in; nil when that read finds no error (Yams's location is used then).
  private func readAgain(_ text: String, marking mark: Mark) -> ScenarioError? {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
    guard lines.indices.contains(mark.line - 1), (1...lines[mark.line - 1].count + 1).contains(mark.column) else {
      return nil
    }
    lines[mark.line - 1].insert(contentsOf: String(Self.repeatedKeyMarker).unicodeScalars, at: mark.column - 1)
    var reader = self
    reader.markedKey = mark
    do {
      _ = try reader.read(lines.map { String(String.UnicodeScalarView($0)) }.joined(separator: "\n"))
      return nil
    } catch {
      return error
    }
  }

  private func translate(_ yamlError: YamlError, in text: String) -> ScenarioError {
    func at(_ mark: Mark) -> SourceLocation {
      // At the end of a text without a final line break, libyaml puts the mark on the line after the
      // last one: the end of the last line is where the text stops.
      let end = Self.end(of: text, path: path)
      guard mark.line <= end.line else { return end }
      return SourceLocation(file: path, line: mark.line, column: mark.column)
    }
    let start = SourceLocation(file: path, line: 1, column: 1)
    switch yamlError {
    case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
      let .composer(context, problem, mark, _):
      var detail = context.map { "\(problem) \($0.text)" } ?? problem
      if let hint = Self.indentationHint(for: problem, at: mark, in: text) { detail += "; " + hint }
      return ScenarioError(.syntax(detail), at: at(mark))
    case let .duplicatedKeysInMapping(duplicates, context):
      let keys = duplicates.map { "'\($0)'" }.joined(separator: ", ")
      let problem: ScenarioError.Problem =
        duplicates.count == 1 ? .duplicateKey(duplicates[0]) : .syntax("the keys \(keys) appear more than once")
      return ScenarioError(problem, at: at(context.mark))
    case let .reader(problem, offset, _, _):
      // libyaml's reader (a NUL byte, a noncharacter such as U+FFFE) gives an offset, in characters.
      return ScenarioError(
        .syntax(problem), at: offset.map { Self.location(ofCharacter: $0, in: text, path: path) } ?? start)
    default:
      return ScenarioError(.syntax(String(describing: yamlError)), at: start)
    }
  }

  /// The line and column of the character at `offset` (counted in characters from the start), with
  /// lines counted as libyaml counts them and columns in Unicode scalars.
  static func location(ofCharacter offset: Int, in text: String, path: String) -> SourceLocation {
    let end = text.index(text.startIndex, offsetBy: offset, limitedBy: text.endIndex) ?? text.endIndex
    return Self.end(of: String(text[..<end]), path: path)
  }

  /// A hint in vcgraph's words for libyaml's errors about a key indented differently from its
  /// siblings: which key, and where the step it belongs to starts.
  static func indentationHint(for problem: String, at mark: Mark, in text: String) -> String? {
    guard problem.hasPrefix("mapping values are not allowed") || problem.hasPrefix("did not find expected '-'")
    else { return nil }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.indices.contains(mark.line - 1) else { return nil }
    let line = lines[mark.line - 1]
    let indentation = line.prefix { $0 == " " }.count
    guard let colon = line.firstIndex(of: ":") else { return nil }
    let key = line[..<colon].trimmingCharacters(in: .whitespaces)
    guard !key.isEmpty, !key.contains(where: { " -[]{},#\"'".contains($0) }) else { return nil }
    // The nearest line above that starts a list item less indented than the key: the step.
    for number in stride(from: mark.line - 1, through: 1, by: -1) {
      let above = lines[number - 1]
      let dash = above.prefix { $0 == " " }.count
      guard above.dropFirst(dash).hasPrefix("- "), dash < indentation else { continue }
      let column = dash + 3
      return "check the indentation of '\(key):' under the step at line \(number): its keys start in column \(column)"
    }
    return "check the indentation of '\(key):'"
  }

  /// Where `text` ends, counting lines as libyaml does: a break is LF, CR, CR LF, NEL, LS or PS.
  private static func end(of text: String, path: String) -> SourceLocation {
    var line = 1
    var column = 1
    var previous: Unicode.Scalar?
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n" where previous == "\r": break
      case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}":
        line += 1
        column = 1
      default: column += 1
      }
      previous = scalar
    }
    return SourceLocation(file: path, line: line, column: column)
  }

  /// The entries of a mapping; `repeated` names the problem of a key written twice (YAML can tell `1` and `"1"` apart).
  private func mapping(
    _ node: Node, context: String, expected: String,
    repeated: (String) -> ScenarioError.Problem = ScenarioError.Problem.duplicateKey
  ) throws(ScenarioError) -> Fields {
    guard case let .mapping(mapping) = node else {
      throw error(.wrongType(context: context, expected: expected), at: node)
    }
    var values: [String: Entry] = [:]
    var pairs: [(name: String, key: Node, value: Node)] = []
    for (key, value) in mapping {
      guard case let .scalar(scalar) = key else {
        throw error(.wrongType(context: "a key in \(context)", expected: "a plain word"), at: key)
      }
      let name = scalar.string.first == Self.repeatedKeyMarker ? String(scalar.string.dropFirst()) : scalar.string
      guard values[name] == nil else { throw error(repeated(name), at: key) }
      values[name] = Entry(key: key, node: value)
      pairs.append((name, key, value))
    }
    return Fields(pairs: pairs, values: values)
  }

  private func checkKeys(_ fields: Fields, allowed: [String], context: String) throws(ScenarioError) {
    for (name, key, _) in fields.pairs where !allowed.contains(name) {
      throw error(.unknownKey(name, context: context, allowed: allowed), at: key)
    }
  }

  private func string(_ node: Node, context: String) throws(ScenarioError) -> String {
    guard case let .scalar(scalar) = node, node.null == nil else {
      throw error(.wrongType(context: context, expected: "text"), at: node)
    }
    return scalar.string
  }

  private func string(_ entry: Entry, context: String) throws(ScenarioError) -> String {
    try string(entry.node, context: context)
  }

  private func nonEmptyString(_ entry: Entry, context: String) throws(ScenarioError) -> String {
    let text = try string(entry, context: context)
    guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw error(.wrongType(context: context, expected: "a non-empty name"), at: entry.node)
    }
    return text
  }

  /// The value of `key` in `fields` as true or false; nil when the key is absent.
  private func bool(_ fields: Fields, _ key: String, context: String) throws(ScenarioError) -> Bool? {
    guard let entry = fields.values[key] else { return nil }
    return try bool(entry, context: context)
  }

  private func bool(_ entry: Entry, context: String) throws(ScenarioError) -> Bool {
    guard case .scalar = entry.node, let value = entry.node.bool else {
      throw error(.wrongType(context: context, expected: "true or false"), at: entry.node)
    }
    return value
  }

  private func location(of node: Node) -> SourceLocation {
    let line = node.mark?.line ?? 1
    var column = node.mark?.column ?? 1
    // Positions after the marker moved one column right when it was put in.
    if let markedKey, line == markedKey.line, column > markedKey.column { column -= 1 }
    return SourceLocation(file: path, line: line, column: column)
  }

  private func error(_ problem: ScenarioError.Problem, at node: Node?) -> ScenarioError {
    ScenarioError(problem, at: node.map(location(of:)) ?? SourceLocation(file: path, line: 1, column: 1))
  }
}
