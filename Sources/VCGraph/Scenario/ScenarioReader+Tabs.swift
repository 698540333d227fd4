import Foundation
import Yams

// MARK: - Tab bars: tabs, iOS 18 tabs and groups, the sidebar

extension ScenarioReader {
  /// `setTabs: [A, B] on: T`: controller ids (`setViewControllers`), or iOS 18 tabs, mappings with
  /// `tab` or `group`, whose identifiers later `selectTab` steps may name.
  func readSetTabs(_ step: StepFields, tabIdentifiers: inout Set<String>) throws(ScenarioError) -> Action {
    guard case let .sequence(items) = step.value.node, let first = items.first, case .mapping = first else {
      return .setTabs(try controllerList(step), on: try controller(step, "on"))
    }
    var tabs: [Tab] = []
    for item in items {
      try readTab(item, group: nil, known: step.known, into: &tabs)
    }
    tabIdentifiers.formUnion(tabs.map(\.identifier))
    return .setUITabs(tabs, on: try controller(step, "on"))
  }

  /// `selectTab: A` or `selectTab: 1`, `on: T`: a controller, an index, or an iOS 18 tab's identifier.
  func readSelectTab(_ step: StepFields, tabIdentifiers: Set<String>) throws(ScenarioError) -> Action {
    let value = step.value
    let selection: TabSelection
    if case .scalar = value.node, let index = value.node.int {
      selection = .index(index)
    } else if case let .scalar(scalar) = value.node, value.node.null == nil, !step.known.contains(scalar.string),
      tabIdentifiers.contains(scalar.string)
    {
      selection = .identifier(scalar.string)
    } else if case let .scalar(scalar) = value.node, value.node.null == nil, !step.known.contains(scalar.string),
      !tabIdentifiers.isEmpty
    {
      throw error(.unknownTabOrController(scalar.string, tabs: tabIdentifiers.sorted()), at: value.node)
    } else {
      selection = .controller(try subject(step))
    }
    return .selectTab(selection, on: try controller(step, "on"))
  }

  /// `setSidebar: hidden` or `shown`, `on: T`.
  func readSetSidebar(_ step: StepFields) throws(ScenarioError) -> Action {
    let word = try string(step.value, context: "'setSidebar'")
    guard word == "hidden" || word == "shown" else {
      throw error(.invalidValue(word, context: "sidebar", allowed: ["hidden", "shown"]), at: step.value.node)
    }
    return .setSidebarHidden(word == "hidden", on: try controller(step, "on"))
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
}
