import Foundation

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

  /// Each controller's place in the step's `viewControllers`, for the position of an error.
  let indices: [String: Int]

  init(step: StateDocument.StepState) {
    self.step = step
    controllers = Dictionary(step.viewControllers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    indices = Dictionary(
      step.viewControllers.enumerated().map { ($0.element.id, $0.offset) }, uniquingKeysWith: { first, _ in first })
  }

  /// The presented controllers (no parent, a presenting controller), each with its presenter, in order.
  var presentations: [(presented: StateDocument.ViewControllerState, presenter: String)] {
    step.viewControllers.compactMap { controller in
      guard controller.parent == nil, let presenter = controller.presentingViewController else { return nil }
      return (controller, presenter)
    }
  }

  private func error(_ problem: StateDocumentError.Problem, at path: [JSONKey] = []) -> StateDocumentError {
    var error = StateDocumentError(problem, step: step.number)
    error.fieldPath = path
    return error
  }

  /// The path to a controller's object, or to one of its fields (and an index into it).
  private func place(_ id: String, _ keys: JSONKey...) -> [JSONKey] {
    guard let index = indices[id] else { return [] }
    return ["viewControllers", JSONKey(intValue: index)] + keys
  }

  /// Every check that can be made on the document alone.
  func validate() throws(StateDocumentError) {
    try checkIDs()
    try checkContainment()
    try checkWindowsAndPresentations()
    try checkCycles()
    for controller in step.viewControllers where controller.isViewInWindow && !controller.isViewLoaded {
      throw error(.viewInWindowNotLoaded(controller.id), at: place(controller.id, "isViewInWindow"))
    }
    try checkColumnsAndDetents()
    // A controller is held by one tab: no two tab bar controllers' tabs both created it.
    var creators: [String: String] = [:]
    for controller in step.viewControllers {
      for tab in controller.tabs ?? [] where tab.hasViewController {
        guard let id = tab.viewController else { continue }
        if let other = creators.updateValue(controller.id, forKey: id), other != controller.id {
          throw error(
            .invalidTabs(
              controller: controller.id, reason: "'\(id)' has a controller created by a tab of '\(other)' too"),
            at: place(controller.id, "tabs"))
        }
      }
    }
  }

  /// No id twice, and every id a field names is a controller or window of the step.
  private func checkIDs() throws(StateDocumentError) {
    var seen: Set<String> = []
    for (index, controller) in step.viewControllers.enumerated() where !seen.insert(controller.id).inserted {
      throw error(.duplicateController(controller.id), at: ["viewControllers", JSONKey(intValue: index), "id"])
    }
    var windowIDs: Set<String> = []
    for (index, window) in step.windows.enumerated() where !windowIDs.insert(window.id).inserted {
      throw error(.duplicateWindow(window.id), at: ["windows", JSONKey(intValue: index), "id"])
    }
    for (index, window) in step.windows.enumerated() {
      if let root = window.rootViewController, controllers[root] == nil {
        throw error(
          .unknownController(root, field: "rootViewController", owner: .window(window.id)),
          at: ["windows", JSONKey(intValue: index), "rootViewController"])
      }
    }
    for controller in step.viewControllers {
      var references: [(field: String, id: String?, path: [JSONKey])] = [
        ("parent", controller.parent, place(controller.id, "parent"))
      ]
      for (index, child) in controller.children.enumerated() {
        references.append(("children", child, place(controller.id, "children", JSONKey(intValue: index))))
      }
      for (field, id) in [
        ("selectedViewController", controller.selectedViewController),
        ("presentingViewController", controller.presentingViewController),
        ("presentedViewController", controller.presentedViewController),
      ] {
        references.append((field, id, place(controller.id, JSONKey(stringValue: field))))
      }
      for (field, id, path) in references {
        if let id, controllers[id] == nil {
          throw error(.unknownController(id, field: field, owner: .controller(controller.id)), at: path)
        }
      }
      if let window = controller.window, !windowIDs.contains(window) {
        throw error(.unknownWindow(window, controller: controller.id), at: place(controller.id, "window"))
      }
      try checkTabs(of: controller)
    }
  }

  /// The iOS 18 tabs of a tab bar controller name controllers of the step, each once, and tabs of
  /// their own: unique identifiers, groups that are groups, a selected tab among them.
  private func checkTabs(of controller: StateDocument.ViewControllerState) throws(StateDocumentError) {
    guard let tabs = controller.tabs else { return }
    func invalid(_ reason: String) -> StateDocumentError {
      error(.invalidTabs(controller: controller.id, reason: reason), at: place(controller.id, "tabs"))
    }
    guard controller.kind == .tabBar else { throw invalid("only a tab bar controller has tabs") }
    var identifiers: Set<String> = []
    var named: Set<String> = []
    for (index, tab) in tabs.enumerated() {
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
          throw error(
            .unknownController(id, field: "tabs." + field, owner: .controller(controller.id)),
            at: place(controller.id, "tabs", JSONKey(intValue: index), JSONKey(stringValue: field)))
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
            ), at: place(controller.id, "compactColumn"))
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
            reason: "only a controller presented as a sheet (automatic, pageSheet, formSheet) has detents"),
          at: place(controller.id, JSONKey(stringValue: field)))
      }
      let detents = controller.sheetDetents ?? SheetDetent.defaultDetents.map(\.identifier)
      guard !detents.isEmpty, Set(detents).count == detents.count,
        detents.allSatisfy({ !$0.isEmpty && !$0.contains(where: \.isWhitespace) })
      else {
        throw error(
          .invalidField(
            controller: controller.id, field: "sheetDetents",
            reason: "must list at least one detent identifier, each once"), at: place(controller.id, "sheetDetents"))
      }
      if let selected = controller.selectedDetent, !detents.contains(selected) {
        throw error(
          .invalidField(
            controller: controller.id, field: "selectedDetent",
            reason: "is '\(selected)', which is not one of its sheetDetents \(detents)"),
          at: place(controller.id, "selectedDetent"))
      }
    }
  }

  /// `parent` and `children` agree, no child is listed twice, and a selected tab is a child.
  private func checkContainment() throws(StateDocumentError) {
    for controller in step.viewControllers {
      var listed: Set<String> = []
      for (index, child) in controller.children.enumerated() {
        let path = place(controller.id, "children", JSONKey(intValue: index))
        guard listed.insert(child).inserted else {
          throw error(.childListedTwice(child, parent: controller.id), at: path)
        }
        let parent = controllers[child]?.parent
        guard parent == controller.id else {
          throw error(.childWithOtherParent(child, listedBy: controller.id, parent: parent), at: path)
        }
      }
      if let parent = controller.parent, controllers[parent]?.children.contains(controller.id) != true {
        throw error(.childNotListed(controller.id, parent: parent), at: place(controller.id, "parent"))
      }
      if let selected = controller.selectedViewController, !controller.children.contains(selected) {
        throw error(
          .selectedNotAChild(selected, controller: controller.id), at: place(controller.id, "selectedViewController"))
      }
    }
  }

  /// A window's root is the outermost controller of its tree, of one window only; a controller presents one.
  private func checkWindowsAndPresentations() throws(StateDocumentError) {
    var rootWindows: [String: String] = [:]
    for (index, window) in step.windows.enumerated() {
      guard let root = window.rootViewController, let controller = controllers[root] else { continue }
      let path: [JSONKey] = ["windows", JSONKey(intValue: index), "rootViewController"]
      if let other = rootWindows.updateValue(window.id, forKey: root) {
        throw error(.rootOfSeveralWindows(root, windows: [other, window.id]), at: path)
      }
      if let parent = controller.parent {
        throw error(.rootWithParent(root, window: window.id, parent: parent), at: path)
      }
      if let presenter = controller.presentingViewController {
        throw error(.rootIsPresented(root, window: window.id, presenter: presenter), at: path)
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
        throw error(.presentsSeveral(presenter, presented: ids), at: place(ids[1], "presentingViewController"))
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
          throw error(.cycle(Array(path[start...]) + [next]), at: place(next))
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
          .inconsistent(controller: controller.id, field: field.name, written: field.written, derived: field.derived),
          at: place(controller.id, JSONKey(stringValue: field.name)))
      }
    }
  }

  private static func text(_ id: String?) -> String { id.map { "'\($0)'" } ?? "null" }
  private static func text(_ flag: Bool?) -> String { flag.map { "\($0)" } ?? "null" }
}
