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
    for (index, step) in steps.enumerated() {
      do throws(StateDocumentError) {
        _ = try Hierarchy(state: step)
      } catch {
        var located = error
        located.path = path
        // At the field that says it (a dangling reference, a child listed twice), else the step.
        if let position = JSONPosition.start(of: ["steps", JSONKey(intValue: index)] + error.fieldPath, in: data) {
          (located.line, located.column) = (position.line, position.column)
        }
        located.fieldPath = []
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
    // Instances count from 1: the first instance of a declared controller is 1.
    guard let whole = Int(exactly: number), whole >= 1 else {
      let shown = Int(exactly: number).map(String.init) ?? "\(number)"
      throw DecodingError.dataCorruptedError(
        forKey: .instance, in: container,
        debugDescription: "instance must be a whole number from 1 (the first instance), not \(shown)")
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
