import Foundation

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
  /// Where in its step the problem is, as keys into the step's JSON (`viewControllers`, 2,
  /// `parent`), for ``StateDocument/init(jsonData:path:)`` to give it a line and column; empty for
  /// the step as a whole, and once the line and column are known.
  var fieldPath: [JSONKey] = []

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
