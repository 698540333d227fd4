import Foundation

// MARK: - Reading a state document

extension StateDocument {
  /// Reads the JSON that `vcgraph state --json` writes, and checks that every step describes a
  /// hierarchy (so ``Hierarchy/init(state:)`` accepts each of its steps).
  ///
  /// - Throws: ``StateDocumentError`` naming the file: it cannot be read, is not JSON (with the line
  ///   and column when Foundation gives a position), lacks a key, or describes broken relations.
  public static func read(contentsOfFile path: String) throws(StateDocumentError) -> StateDocument {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      throw StateDocumentError(
        .unreadable("it is a folder; give the JSON file `vcgraph state --json` wrote"), path: path)
    }
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      let reason = (error as NSError).localizedFailureReason ?? "no such file, or it cannot be opened"
      throw StateDocumentError(.unreadable(reason), path: path)
    }
    return try StateDocument(jsonData: data, path: path)
  }

  /// Reads a state document from JSON data; `path` names it in messages.
  ///
  /// Checks every step as ``read(contentsOfFile:)`` does.
  public init(jsonData data: Data, path: String) throws(StateDocumentError) {
    do {
      self = try JSONDecoder().decode(StateDocument.self, from: data)
    } catch let error as DecodingError {
      throw StateDocumentError(error, data: data, path: path)
    } catch {
      throw StateDocumentError(.invalidJSON("\(error)"), path: path)
    }
    for step in steps {
      do throws(StateDocumentError) {
        _ = try Hierarchy(state: step)
      } catch {
        var located = error
        located.path = path
        throw located
      }
    }
  }
}

// MARK: - Decoding

extension StateDocument: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: DocumentKeys.self)
    self.init(steps: try container.decode([StepState].self, forKey: .steps))
  }

  private enum DocumentKeys: String, CodingKey { case steps }
}

extension StateDocument.StepState: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: StepKeys.self)
    number = try container.decode(Int.self, forKey: .number)
    action = try container.decode(String.self, forKey: .action)
    windows = try container.decode([StateDocument.WindowState].self, forKey: .windows)
    viewControllers = try container.decode([StateDocument.ViewControllerState].self, forKey: .viewControllers)
  }

  private enum StepKeys: String, CodingKey { case number, action, windows, viewControllers }
}

extension StateDocument.WindowState: Decodable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    isKey = try container.decode(Bool.self, forKey: .isKey)
    rootViewController = try container.decode(String?.self, forKey: .rootViewController)
    horizontalSizeClass = try container.decodeWord(SizeClass.self, forKey: .horizontalSizeClass, naming: "size class")
  }
}

extension StateDocument.ViewControllerState: Decodable {
  /// Reads a controller as ``encode(to:)`` writes it. Every key must be there, null where the value
  /// is absent, except those older versions did not write: `address`, `presentationController`,
  /// `dumpLine` and `viewClass`
  /// (null when missing) and `isViewInWindow` (when missing, what a replay gives: a loaded view is in
  /// its window unless the controller has disappeared or has no window).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    className = try container.decode(String.self, forKey: .className)
    kind = try container.decodeWord(ViewControllerKind.self, forKey: .kind, naming: "kind")
    title = try container.decode(String?.self, forKey: .title)
    restorationIdentifier = try container.decode(String?.self, forKey: .restorationIdentifier)
    // A number that is not whole is valid JSON: it gets its own message, not "not a JSON document".
    let number = try container.decode(Double.self, forKey: .instance)
    guard let whole = Int(exactly: number) else {
      throw DecodingError.dataCorruptedError(
        forKey: .instance, in: container, debugDescription: "instance must be a whole number, not \(number)")
    }
    instance = whole
    parent = try container.decode(String?.self, forKey: .parent)
    children = try container.decode([String].self, forKey: .children)
    selectedViewController = try container.decode(String?.self, forKey: .selectedViewController)
    isCollapsed = try container.decode(Bool?.self, forKey: .isCollapsed)
    compactColumn = try container.decodeIfPresent(String.self, forKey: .compactColumn)
    // iOS 18 tabs: written only for a tab bar controller that has them (or a mode or hidden sidebar).
    tabs = try container.decodeIfPresent([StateDocument.TabState].self, forKey: .tabs)
    selectedTab = try container.decodeIfPresent(String.self, forKey: .selectedTab)
    mode =
      try container.decodeIfPresent(String.self, forKey: .mode) == nil
      ? nil : try container.decodeWord(TabBarMode.self, forKey: .mode, naming: "tab bar mode")
    isSidebarHidden = try container.decodeIfPresent(Bool.self, forKey: .isSidebarHidden)
    sidebar =
      try container.decodeIfPresent(String.self, forKey: .sidebar) == nil
      ? nil : try container.decodeWord(SidebarState.self, forKey: .sidebar, naming: "sidebar state")
    presentingViewController = try container.decode(String?.self, forKey: .presentingViewController)
    presentedViewController = try container.decode(String?.self, forKey: .presentedViewController)
    if try container.decodeNil(forKey: .modalPresentationStyle) {
      modalPresentationStyle = nil
    } else {
      modalPresentationStyle = try container.decodeWord(
        ModalPresentationStyle.self, forKey: .modalPresentationStyle, naming: "presentation style")
    }
    sheetDetents = try container.decodeIfPresent([String].self, forKey: .sheetDetents)
    selectedDetent = try container.decodeIfPresent(String.self, forKey: .selectedDetent)
    state = try container.decodeWord(AppearanceState.self, forKey: .state, naming: "appearance state")
    isViewLoaded = try container.decode(Bool.self, forKey: .isViewLoaded)
    window = try container.decode(String?.self, forKey: .window)
    isViewInWindow =
      try container.decodeIfPresent(Bool.self, forKey: .isViewInWindow)
      ?? (isViewLoaded && state != .disappeared && window != nil)
    address = try container.decodeIfPresent(String.self, forKey: .address)
    presentationController = try container.decodeIfPresent(String.self, forKey: .presentationController)
    dumpLine = try container.decodeIfPresent(Int.self, forKey: .dumpLine)
    viewClass = try container.decodeIfPresent(String.self, forKey: .viewClass)
  }
}

extension KeyedDecodingContainer {
  /// A value written as its raw name (`"fullScreen"`), with the accepted names in the error.
  fileprivate func decodeWord<Word: RawRepresentable & CaseIterable>(
    _ type: Word.Type, forKey key: Key, naming context: String
  ) throws -> Word where Word.RawValue == String {
    let word = try decode(String.self, forKey: key)
    guard let value = Word(rawValue: word) else {
      let allowed = Word.allCases.map(\.rawValue).joined(separator: ", ")
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self, debugDescription: "'\(word)' is not a valid \(context); expected one of: \(allowed)")
    }
    return value
  }
}

// MARK: - Rebuilding the hierarchy

extension Hierarchy {
  /// The hierarchy a step of a state document describes.
  ///
  /// Windows, controllers and their relations are rebuilt as written: a controller whose `parent` is
  /// null and `presentingViewController` is not is presented by that controller in its
  /// `modalPresentationStyle` (null: unknown); a split view with three children has a supplementary
  /// column. A controller gets a ``DumpRecord`` when the step has what only a dump gives: an
  /// `address`, a `presentationController`, or an `isViewInWindow` that differs from what a replay
  /// computes. Encoding the result with ``StateDocument/StepState/init(number:action:hierarchy:)``
  /// gives the step back.
  ///
  /// Such a record's `line` is 0 (the JSON has no dump line), its printed class the `class`, and its
  /// view, when loaded, of the class UIKit gives the controller's kind.
  ///
  /// What the document does not hold gets its default: `definesPresentationContext` by kind,
  /// `isModalInPresentation` and `isRetained` false, and each presentation made by its presenter.
  ///
  /// - Throws: ``StateDocumentError`` for duplicate ids, ids that name nothing, a parent that does
  ///   not list its child (or the other way round), a cycle, a controller presenting two, and any
  ///   field (`window`, `presentedViewController`, …) that disagrees with the relations.
  public init(state: StateDocument.StepState) throws(StateDocumentError) {
    let check = StateCheck(step: state)
    try check.validate()
    var hierarchy = Hierarchy(
      viewControllers: state.viewControllers.map {
        ViewController(
          id: $0.id, className: $0.className, kind: $0.kind, title: $0.title,
          restorationIdentifier: $0.restorationIdentifier, tabBarMode: $0.mode ?? .automatic,
          isSidebarHidden: $0.isSidebarHidden ?? false)
      })
    for window in state.windows {
      hierarchy.addWindow(
        Window(
          id: window.id, isKey: window.isKey, rootViewController: window.rootViewController,
          horizontalSizeClass: window.horizontalSizeClass))
    }
    for controller in state.viewControllers {
      for child in controller.children {
        hierarchy.attachChild(child, to: controller.id)
      }
    }
    for (presented, presenter) in check.presentations {
      // UIKit's defaults are kept as defaults: `[large]` is the detents of a sheet the app left
      // alone, and its smallest detent is where it rests when nothing is selected.
      let detents = presented.sheetDetents.map { $0.map(SheetDetent.init) }
      let selected = presented.selectedDetent.map(SheetDetent.init)
      hierarchy.attachPresentation(
        presented.id, on: presenter, style: presented.modalPresentationStyle,
        detents: detents == SheetDetent.defaultDetents ? nil : detents,
        selectedDetentIdentifier: selected == (detents ?? SheetDetent.defaultDetents).first ? nil : selected)
    }
    for controller in state.viewControllers {
      hierarchy.setInstance(of: controller.id, to: controller.instance)
      hierarchy.setContainerDetails(
        of: controller.id,
        selectedChild: controller.kind == .tabBar ? controller.selectedViewController : nil,
        hasSupplementaryColumn: controller.kind == .splitView
          && controller.children.count - (controller.compactColumn == nil ? 0 : 1) == 3,
        hasCompactColumn: controller.kind == .splitView && controller.compactColumn != nil,
        // A split view whose `isCollapsed` is null is neither collapsed nor expanded: the input did not say.
        isCollapsed: controller.kind == .splitView ? controller.isCollapsed : false)
      hierarchy.setState(of: controller.id, appearance: controller.state, isViewLoaded: controller.isViewLoaded)
      if let tabs = controller.tabs, controller.kind == .tabBar {
        hierarchy.setTabs(
          of: controller.id, tabs.map(\.tab), selected: controller.selectedTab,
          created: tabs.filter(\.hasViewController).compactMap(\.viewController)
            + tabs.compactMap(\.managingNavigationController).filter { navigation in
              check.controllers[navigation]?.parent == controller.id
            })
      }
    }
    // With every relation and state in place, `isViewInWindow` gives what a replay computes.
    let derived = hierarchy.derivedRelations()
    for controller in state.viewControllers {
      let computed = hierarchy.isViewInWindow(controller.id, window: derived.window[controller.id])
      guard
        controller.dumpLine != nil || controller.address != nil || controller.presentationController != nil
          || controller.isViewInWindow != computed
      else { continue }
      let record = DumpRecord(
        line: controller.dumpLine ?? 0, printedClassName: controller.className, address: controller.address,
        view: controller.isViewLoaded
          ? DumpRecord.View(
            className: controller.viewClass ?? controller.kind.viewClassName, isInWindow: controller.isViewInWindow)
          : nil,
        presentationController: controller.presentationController.map {
          DumpRecord.PresentationController(className: $0)
        })
      hierarchy.setState(
        of: controller.id, appearance: controller.state, isViewLoaded: controller.isViewLoaded, dumpRecord: record)
    }
    try check.compareDerivedFields(with: hierarchy)
    self = hierarchy
  }
}

/// The checks ``Hierarchy/init(state:)`` makes on a step, before and after rebuilding it.
private struct StateCheck {
  let step: StateDocument.StepState
  let controllers: [String: StateDocument.ViewControllerState]

  init(step: StateDocument.StepState) {
    self.step = step
    controllers = Dictionary(step.viewControllers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The presented controllers (no parent, a presenting controller), each with its presenter, in order.
  var presentations: [(presented: StateDocument.ViewControllerState, presenter: String)] {
    step.viewControllers.compactMap { controller in
      guard controller.parent == nil, let presenter = controller.presentingViewController else { return nil }
      return (controller, presenter)
    }
  }

  private func error(_ problem: StateDocumentError.Problem) -> StateDocumentError {
    StateDocumentError(problem, step: step.number)
  }

  /// Every check that can be made on the document alone.
  func validate() throws(StateDocumentError) {
    try checkIDs()
    try checkContainment()
    try checkWindowsAndPresentations()
    try checkCycles()
    for controller in step.viewControllers where controller.isViewInWindow && !controller.isViewLoaded {
      throw error(.viewInWindowNotLoaded(controller.id))
    }
    try checkColumnsAndDetents()
  }

  /// No id twice, and every id a field names is a controller or window of the step.
  private func checkIDs() throws(StateDocumentError) {
    var seen: Set<String> = []
    for controller in step.viewControllers where !seen.insert(controller.id).inserted {
      throw error(.duplicateController(controller.id))
    }
    var windowIDs: Set<String> = []
    for window in step.windows where !windowIDs.insert(window.id).inserted {
      throw error(.duplicateWindow(window.id))
    }
    for window in step.windows {
      if let root = window.rootViewController, controllers[root] == nil {
        throw error(.unknownController(root, field: "rootViewController", owner: .window(window.id)))
      }
    }
    for controller in step.viewControllers {
      let references: [(field: String, id: String?)] =
        [("parent", controller.parent)] + controller.children.map { ("children", $0) } + [
          ("selectedViewController", controller.selectedViewController),
          ("presentingViewController", controller.presentingViewController),
          ("presentedViewController", controller.presentedViewController),
        ]
      for (field, id) in references {
        if let id, controllers[id] == nil {
          throw error(.unknownController(id, field: field, owner: .controller(controller.id)))
        }
      }
      if let window = controller.window, !windowIDs.contains(window) {
        throw error(.unknownWindow(window, controller: controller.id))
      }
      try checkTabs(of: controller)
    }
  }

  /// The iOS 18 tabs of a tab bar controller name controllers of the step, each once, and tabs of
  /// their own: unique identifiers, groups that are groups, a selected tab among them.
  private func checkTabs(of controller: StateDocument.ViewControllerState) throws(StateDocumentError) {
    guard let tabs = controller.tabs else { return }
    func invalid(_ reason: String) -> StateDocumentError {
      error(.invalidTabs(controller: controller.id, reason: reason))
    }
    guard controller.kind == .tabBar else { throw invalid("only a tab bar controller has tabs") }
    var identifiers: Set<String> = []
    var named: Set<String> = []
    for tab in tabs {
      guard identifiers.insert(tab.identifier).inserted else {
        throw invalid("two tabs have the identifier '\(tab.identifier)'")
      }
      if let group = tab.group, tabs.first(where: { $0.identifier == group })?.isGroup != true {
        throw invalid("tab '\(tab.identifier)' names '\(group)' as its group, which is not a group listed before it")
      }
      for (field, id) in [
        ("viewController", tab.viewController), ("managingNavigationController", tab.managingNavigationController),
      ] {
        guard let id else { continue }
        if controllers[id] == nil {
          throw error(.unknownController(id, field: "tabs." + field, owner: .controller(controller.id)))
        }
        guard named.insert(id).inserted else { throw invalid("'\(id)' is named by two tabs") }
      }
      if tab.hasViewController && tab.viewController == nil {
        throw invalid("tab '\(tab.identifier)' has 'hasViewController' true but no 'viewController'")
      }
    }
    if let selected = controller.selectedTab, !identifiers.contains(selected) {
      throw invalid("'selectedTab' names '\(selected)', which is not one of its tabs")
    }
  }

  /// A `compactColumn` is the last child of a split view with another column; `sheetDetents` and
  /// `selectedDetent` belong to a controller presented as a sheet, list each detent once, and the
  /// selected detent is one of them.
  private func checkColumnsAndDetents() throws(StateDocumentError) {
    for controller in step.viewControllers {
      if let compact = controller.compactColumn {
        guard controller.kind == .splitView, controller.children.count >= 2, controller.children.last == compact else {
          throw error(
            .invalidField(
              controller: controller.id, field: "compactColumn",
              reason:
                "names '\(compact)', but only a split view's last child, after its other columns, is its compact column"
            ))
        }
      }
      guard controller.sheetDetents != nil || controller.selectedDetent != nil else { continue }
      let field = controller.sheetDetents != nil ? "sheetDetents" : "selectedDetent"
      guard controller.parent == nil, controller.presentingViewController != nil,
        controller.modalPresentationStyle?.isSheet == true
      else {
        throw error(
          .invalidField(
            controller: controller.id, field: field,
            reason: "only a controller presented as a sheet (automatic, pageSheet, formSheet) has detents"))
      }
      let detents = controller.sheetDetents ?? SheetDetent.defaultDetents.map(\.identifier)
      guard !detents.isEmpty, Set(detents).count == detents.count,
        detents.allSatisfy({ !$0.isEmpty && !$0.contains(where: \.isWhitespace) })
      else {
        throw error(
          .invalidField(
            controller: controller.id, field: "sheetDetents",
            reason: "must list at least one detent identifier, each once"))
      }
      if let selected = controller.selectedDetent, !detents.contains(selected) {
        throw error(
          .invalidField(
            controller: controller.id, field: "selectedDetent",
            reason: "is '\(selected)', which is not one of its sheetDetents \(detents)"))
      }
    }
  }

  /// `parent` and `children` agree, no child is listed twice, and a selected tab is a child.
  private func checkContainment() throws(StateDocumentError) {
    for controller in step.viewControllers {
      var listed: Set<String> = []
      for child in controller.children {
        guard listed.insert(child).inserted else { throw error(.childListedTwice(child, parent: controller.id)) }
        let parent = controllers[child]?.parent
        guard parent == controller.id else {
          throw error(.childWithOtherParent(child, listedBy: controller.id, parent: parent))
        }
      }
      if let parent = controller.parent, controllers[parent]?.children.contains(controller.id) != true {
        throw error(.childNotListed(controller.id, parent: parent))
      }
      if let selected = controller.selectedViewController, !controller.children.contains(selected) {
        throw error(.selectedNotAChild(selected, controller: controller.id))
      }
    }
  }

  /// A window's root is the outermost controller of its tree, of one window only; a controller presents one.
  private func checkWindowsAndPresentations() throws(StateDocumentError) {
    var rootWindows: [String: String] = [:]
    for window in step.windows {
      guard let root = window.rootViewController, let controller = controllers[root] else { continue }
      if let other = rootWindows.updateValue(window.id, forKey: root) {
        throw error(.rootOfSeveralWindows(root, windows: [other, window.id]))
      }
      if let parent = controller.parent {
        throw error(.rootWithParent(root, window: window.id, parent: parent))
      }
      if let presenter = controller.presentingViewController {
        throw error(.rootIsPresented(root, window: window.id, presenter: presenter))
      }
    }
    var presented: [String: [String]] = [:]
    var presenters: [String] = []
    for (controller, presenter) in presentations {
      if presented[presenter] == nil { presenters.append(presenter) }
      presented[presenter, default: []].append(controller.id)
    }
    for presenter in presenters {
      if let ids = presented[presenter], ids.count > 1 {
        throw error(.presentsSeveral(presenter, presented: ids))
      }
    }
  }

  /// Following parents, and the presenting controller of each presented controller, ends.
  private func checkCycles() throws(StateDocumentError) {
    func up(_ id: String) -> String? {
      guard let controller = controllers[id] else { return nil }
      return controller.parent ?? controller.presentingViewController
    }
    var known: Set<String> = []
    for controller in step.viewControllers {
      var path = [controller.id]
      var current = controller.id
      while let next = up(current), !known.contains(next) {
        if let start = path.firstIndex(of: next) {
          throw error(.cycle(Array(path[start...]) + [next]))
        }
        path.append(next)
        current = next
      }
      known.formUnion(path)
    }
  }

  /// The fields a hierarchy derives from its relations (`window`, `presentingViewController`, …) say
  /// what the document says.
  func compareDerivedFields(with hierarchy: Hierarchy) throws(StateDocumentError) {
    let relations = hierarchy.derivedRelations()
    for controller in step.viewControllers {
      guard let rebuilt = hierarchy[controller.id] else { continue }
      let derived = StateDocument.ViewControllerState(rebuilt, in: hierarchy, derived: relations)
      let fields: [(name: String, written: String, derived: String)] = [
        (
          "presentingViewController", Self.text(controller.presentingViewController),
          Self.text(derived.presentingViewController)
        ),
        (
          "presentedViewController", Self.text(controller.presentedViewController),
          Self.text(derived.presentedViewController)
        ),
        (
          "modalPresentationStyle", Self.text(controller.modalPresentationStyle?.rawValue),
          Self.text(derived.modalPresentationStyle?.rawValue)
        ),
        (
          "selectedViewController", Self.text(controller.selectedViewController),
          Self.text(derived.selectedViewController)
        ),
        ("isCollapsed", Self.text(controller.isCollapsed), Self.text(derived.isCollapsed)),
        ("sidebar", Self.text(controller.sidebar?.rawValue), Self.text(derived.sidebar?.rawValue)),
        ("window", Self.text(controller.window), Self.text(derived.window)),
        ("isViewInWindow", "\(controller.isViewInWindow)", "\(derived.isViewInWindow)"),
      ]
      for field in fields where field.written != field.derived {
        throw error(
          .inconsistent(controller: controller.id, field: field.name, written: field.written, derived: field.derived))
      }
    }
  }

  private static func text(_ id: String?) -> String { id.map { "'\($0)'" } ?? "null" }
  private static func text(_ flag: Bool?) -> String { flag.map { "\($0)" } ?? "null" }
}

// MARK: - Errors

/// Why a state document could not be read, or one of its steps rebuilt into a hierarchy.
///
/// Its description is what the CLI prints: `state.json: error: step 3: controller 'home': …`, or
/// `state.json:12:5: error: invalid JSON: …` when the position is known.
public struct StateDocumentError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The file the document was read from; nil for a step checked on its own (``Hierarchy/init(state:)``),
  /// whose description then starts with `<state>`.
  public var path: String?
  /// The line and column, from 1, of invalid JSON.
  public var line: Int?
  public var column: Int?
  /// The `number` of the step the problem is in.
  public var step: Int?
  public var problem: Problem

  public init(_ problem: Problem, path: String? = nil, line: Int? = nil, column: Int? = nil, step: Int? = nil) {
    self.problem = problem
    self.path = path
    self.line = line
    self.column = column
    self.step = step
  }

  public var description: String {
    var location = path ?? "<state>"
    if let line {
      location += ":\(line)" + (column.map { ":\($0)" } ?? "")
    }
    return location + ": error: " + (step.map { "step \($0): " } ?? "") + problem.message
  }

  /// What holds the field that names an unknown controller.
  public enum Owner: Sendable, Hashable, CustomStringConvertible {
    case controller(String)
    case window(String)

    public var description: String {
      switch self {
      case let .controller(id): return "controller '\(id)'"
      case let .window(id): return "window '\(id)'"
      }
    }
  }

  /// What is wrong.
  public enum Problem: Sendable, Hashable {
    /// The file could not be read.
    case unreadable(String)
    /// The text is not JSON.
    case invalidJSON(String)
    /// The JSON is not a state document: a key is missing, or a value has the wrong type. `at` is
    /// where, as a path into the document (`steps[0].viewControllers[2].state`).
    case invalidContent(String, at: String)
    case duplicateController(String)
    case duplicateWindow(String)
    /// A field names a controller the step does not list.
    case unknownController(String, field: String, owner: Owner)
    /// A controller's `window` names a window the step does not list.
    case unknownWindow(String, controller: String)
    case rootOfSeveralWindows(String, windows: [String])
    case rootWithParent(String, window: String, parent: String)
    case rootIsPresented(String, window: String, presenter: String)
    /// A controller names a parent whose `children` do not list it.
    case childNotListed(String, parent: String)
    /// A controller lists a child whose `parent` is another controller, or null.
    case childWithOtherParent(String, listedBy: String, parent: String?)
    case childListedTwice(String, parent: String)
    case selectedNotAChild(String, controller: String)
    /// Parents and presenting controllers lead back to where they started: the ids along the way.
    case cycle([String])
    /// Several controllers are presented by the same one.
    case presentsSeveral(String, presented: [String])
    case viewInWindowNotLoaded(String)
    /// A field that cannot say what it says: a `compactColumn` that is not the split view's last
    /// child, detents on a controller that is not presented as a sheet, …
    case invalidField(controller: String, field: String, reason: String)
    /// A field a hierarchy derives from its relations says something else.
    case inconsistent(controller: String, field: String, written: String, derived: String)
    /// The iOS 18 `tabs` of a controller do not describe tabs.
    case invalidTabs(controller: String, reason: String)

    public var message: String {
      func list(_ ids: [String]) -> String { ids.map { "'\($0)'" }.joined(separator: " and ") }
      switch self {
      case let .unreadable(reason): return "cannot read the state document: \(reason)"
      case let .invalidJSON(reason): return "invalid JSON: \(reason)"
      case let .invalidContent(reason, path):
        return "not a state document (as `vcgraph state --json` writes): \(path.isEmpty ? "" : path + ": ")\(reason)"
      case let .duplicateController(id): return "the controller '\(id)' is listed twice"
      case let .duplicateWindow(id): return "the window '\(id)' is listed twice"
      case let .unknownController(id, field, owner):
        return "\(owner): '\(field)' names '\(id)', which is not in the step's 'viewControllers'"
      case let .unknownWindow(id, controller):
        return "controller '\(controller)': 'window' names '\(id)', which is not in the step's 'windows'"
      case let .rootOfSeveralWindows(id, windows):
        return "controller '\(id)' is the root view controller of both windows \(list(windows))"
      case let .rootWithParent(id, window, parent):
        return "controller '\(id)' is the root view controller of window '\(window)', but has a parent, '\(parent)'"
      case let .rootIsPresented(id, window, presenter):
        return
          "controller '\(id)' is the root view controller of window '\(window)', but is presented by '\(presenter)'"
      case let .childNotListed(id, parent):
        return "controller '\(id)': its parent '\(parent)' does not list it in 'children'"
      case let .childWithOtherParent(id, listedBy, parent):
        return "controller '\(listedBy)' lists '\(id)' in 'children', but the parent of '\(id)' is "
          + (parent.map { "'\($0)'" } ?? "null")
      case let .childListedTwice(id, parent):
        return "controller '\(parent)' lists '\(id)' twice in 'children'"
      case let .selectedNotAChild(id, controller):
        return "controller '\(controller)': 'selectedViewController' names '\(id)', which is not one of its children"
      case let .cycle(ids):
        return "the parents and presenting controllers of '\(ids.first ?? "")' lead back to it: "
          + ids.map { "'\($0)'" }.joined(separator: " → ")
      case let .presentsSeveral(presenter, presented):
        return "controller '\(presenter)' presents \(list(presented)); a controller presents one at a time"
      case let .viewInWindowNotLoaded(id):
        return "controller '\(id)': 'isViewInWindow' is true, but 'isViewLoaded' is false"
      case let .invalidField(controller, field, reason):
        return "controller '\(controller)': '\(field)' \(reason)"
      case let .inconsistent(controller, field, written, derived):
        return "controller '\(controller)': '\(field)' is \(written), but its relations give \(derived)"
      case let .invalidTabs(controller, reason):
        return "controller '\(controller)': 'tabs': \(reason)"
      }
    }
  }
}

extension StateDocumentError {
  /// The error for what `JSONDecoder` threw while reading `data`.
  init(_ error: DecodingError, data: Data, path: String) {
    func place(_ codingPath: [any CodingKey]) -> String {
      var text = ""
      for key in codingPath {
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += (text.isEmpty ? "" : ".") + key.stringValue
        }
      }
      return text
    }
    func located(_ problem: Problem, _ codingPath: [any CodingKey]) -> StateDocumentError {
      let position = JSONPosition.start(of: codingPath, in: data)
      return StateDocumentError(problem, path: path, line: position?.line, column: position?.column)
    }
    switch error {
    case let .keyNotFound(key, context):
      // At the object the key is missing from.
      self = located(
        .invalidContent("missing key '\(key.stringValue)'", at: place(context.codingPath)), context.codingPath)
    case let .typeMismatch(_, context), let .valueNotFound(_, context):
      self = located(.invalidContent(context.debugDescription, at: place(context.codingPath)), context.codingPath)
    case let .dataCorrupted(context) where !context.codingPath.isEmpty:
      self = located(.invalidContent(context.debugDescription, at: place(context.codingPath)), context.codingPath)
    case .dataCorrupted:
      self = Self.invalidJSON(data, path: path)
    @unknown default:
      self.init(.invalidContent("\(error)", at: ""), path: path)
    }
  }

  /// The error for data that is not JSON, with the position `JSONSerialization` reports: `around
  /// line 3, column 7` (Darwin) or `around character 20` (a byte offset, elsewhere).
  private static func invalidJSON(_ data: Data, path: String) -> StateDocumentError {
    let reason: String
    do {
      _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      reason = "the data is not a JSON document"
    } catch {
      reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
    }
    var message = reason
    var line: Int?
    var column: Int?
    let numbers = { (text: Substring) -> [Int] in
      text.split(whereSeparator: { !$0.isASCII || !$0.isNumber }).compactMap { Int($0) }
    }
    if let range = reason.range(of: " around line ") {
      let position = numbers(reason[range.upperBound...])
      if position.count >= 2 {
        line = position[0]
        column = position[1]
      }
      message = String(reason[..<range.lowerBound])
    } else if let range = reason.range(of: " around character "),
      let offset = numbers(reason[range.upperBound...]).first
    {
      let prefix = data.prefix(offset)
      line = prefix.filter { $0 == UInt8(ascii: "\n") }.count + 1
      let lineStart = prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? prefix.startIndex
      column = String(decoding: prefix[lineStart...], as: UTF8.self).count + 1
      message = String(reason[..<range.lowerBound])
    }
    if message.hasSuffix(".") { message.removeLast() }
    return StateDocumentError(.invalidJSON(message), path: path, line: line, column: column)
  }
}

/// Where a value is in JSON text, for the messages of content errors: `JSONDecoder` names the
/// value by its coding path only.
enum JSONPosition {
  /// The line and column (from 1, columns in characters) where the value at `codingPath` starts in
  /// `data`; nil when the data does not have it. Reads the text once, without recursion.
  static func start(of codingPath: [any CodingKey], in data: Data) -> (line: Int, column: Int)? {
    let bytes = [UInt8](data)
    var index = 0
    func skipSpace() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }
    /// The string starting at `index` (a quote), its escapes decoded; `index` moves past it.
    func string() -> String? {
      let start = index
      index += 1
      while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
        index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
      }
      guard index < bytes.count else { return nil }
      index += 1
      let literal = Data(bytes[start..<index])
      return (try? JSONSerialization.jsonObject(with: literal, options: [.fragmentsAllowed])) as? String
    }
    /// Moves `index` past the value starting there.
    func skipValue() {
      var depth = 0
      repeat {
        guard index < bytes.count else { return }
        switch bytes[index] {
        case UInt8(ascii: "\""): _ = string()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          depth += 1
          index += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 1
          index += 1
        case UInt8(ascii: ","), UInt8(ascii: " "), 0x09, 0x0A, 0x0D, UInt8(ascii: ":"):
          index += 1
        default:
          while index < bytes.count, !Set(",}] \t\n\r".utf8).contains(bytes[index]) { index += 1 }
        }
      } while depth > 0
    }
    skipSpace()
    for key in codingPath {
      guard index < bytes.count else { return nil }
      if bytes[index] == UInt8(ascii: "{") {
        index += 1
        var found = false
        while !found {
          skipSpace()
          guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let name = string() else { return nil }
          skipSpace()
          guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
          index += 1
          skipSpace()
          if name == key.stringValue {
            found = true
          } else {
            skipValue()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
            index += 1
          }
        }
      } else if bytes[index] == UInt8(ascii: "["), let wanted = key.intValue {
        index += 1
        for _ in 0..<wanted {
          skipSpace()
          skipValue()
          skipSpace()
          guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
          index += 1
        }
        skipSpace()
      } else {
        return nil
      }
    }
    let before = bytes[..<min(index, bytes.count)]
    let line = before.lazy.filter { $0 == 0x0A }.count + 1
    let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    return (line, String(decoding: before[lineStart...], as: UTF8.self).count + 1)
  }
}
