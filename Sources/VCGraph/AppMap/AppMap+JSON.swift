import Foundation

extension AppMap {
  /// The map as JSON, the contract other tools read (version 1):
  /// `{"version": 1, "controllers": […], "navigators": […], "transitions": […], "skipped": {…}, "warnings": […]}`.
  ///
  /// Keys come in a fixed order (the contract's), arrays in the map's order; every call site is one
  /// transition. `to` is null when the source cannot say, and `unresolved` says why; `style`,
  /// `detents`, `via` and `identifier` appear only where known.
  public var jsonText: String {
    let document: JSONValue = .object([
      ("version", .number(Self.version)),
      ("controllers", .array(controllers.map(\.json))),
      ("navigators", .array(navigators.map(\.json))),
      ("transitions", .array(transitions.map(\.json))),
      ("skipped", skipped.json),
      ("warnings", .array(warnings.map(JSONValue.string))),
    ])
    return document.text(indent: "") + "\n"
  }
}

extension AppMap.Controller {
  fileprivate var json: JSONValue {
    var fields: [(String, JSONValue)] = [
      ("name", .string(name)), ("kind", .string(kind.rawValue)),
      ("superclass", superclass.map(JSONValue.string) ?? .null),
      ("file", site.map { .string($0.file) } ?? .null), ("line", site.map { .number($0.line) } ?? .null),
    ]
    if baseOutsideSources { fields.append(("baseOutsideSources", .bool(true))) }
    if let hostedView { fields.append(("view", .string(hostedView))) }
    if !scenes.isEmpty {
      fields.append(
        (
          "scenes",
          .array(
            scenes.map { scene in
              .object([
                ("storyboard", .string(scene.storyboard)), ("objectID", .string(scene.objectID)),
                ("storyboardIdentifier", scene.storyboardIdentifier.map(JSONValue.string) ?? .null),
                ("file", .string(scene.site.file)), ("line", .number(scene.site.line)),
              ])
            })
        ))
    }
    return .object(fields)
  }
}

extension AppMap.Navigator {
  fileprivate var json: JSONValue {
    .object([
      ("name", .string(name)), ("kind", .string(kind.rawValue)), ("file", site.map { .string($0.file) } ?? .null),
      ("line", site.map { .number($0.line) } ?? .null),
    ])
  }
}

extension AppMap.Transition {
  fileprivate var json: JSONValue {
    var fields: [(String, JSONValue)] = [
      ("from", .string(from)), ("to", to.map(JSONValue.string) ?? .null), ("kind", .string(kind.rawValue)),
    ]
    if let container { fields.append(("container", .string(container))) }
    if let style { fields.append(("style", .string(style))) }
    if let detents { fields.append(("detents", .array(detents.map(JSONValue.string)))) }
    fields += [
      ("file", .string(site.file)), ("line", .number(site.line)), ("column", .number(site.column)),
      ("call", .string(call)),
    ]
    if let unresolved { fields.append(("unresolved", .string(unresolved))) }
    if !via.isEmpty { fields.append(("via", .array(via.map(JSONValue.string)))) }
    if let identifier { fields.append(("identifier", .string(identifier))) }
    return .object(fields)
  }
}

extension AppMap.Skipped {
  fileprivate var json: JSONValue {
    .object([
      ("folders", .array(folders.map(JSONValue.string))),
      ("testTargets", .array(testTargets.map(JSONValue.string))),
      ("objectiveCFiles", .number(objectiveCFiles)),
      (
        "failed",
        .array(failed.map { .object([("file", .string($0.file)), ("reason", .string($0.reason))]) })
      ),
    ])
  }
}

/// A JSON value whose objects keep their keys in the order given: the app map's contract has a
/// fixed key order, which `JSONEncoder` does not promise.
enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case number(Int)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.text(indent: "") == rhs.text(indent: "") }
  func hash(into hasher: inout Hasher) { hasher.combine(text(indent: "")) }

  /// The value pretty-printed with two spaces a level; short arrays of scalars stay on one line.
  func text(indent: String) -> String {
    switch self {
    case .null: return "null"
    case let .bool(value): return value ? "true" : "false"
    case let .number(value): return String(value)
    case let .string(value): return Self.quoted(value)
    case let .array(values):
      if values.isEmpty { return "[]" }
      if values.allSatisfy(\.isScalar) {
        let line = "[" + values.map { $0.text(indent: "") }.joined(separator: ", ") + "]"
        if line.count <= 100 { return line }
      }
      let inner = indent + "  "
      return "[\n" + values.map { inner + $0.text(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
    case let .object(fields):
      if fields.isEmpty { return "{}" }
      let inner = indent + "  "
      return "{\n"
        + fields.map { inner + Self.quoted($0.0) + ": " + $0.1.text(indent: inner) }.joined(separator: ",\n")
        + "\n\(indent)}"
    }
  }

  private var isScalar: Bool {
    switch self {
    case .array, .object: return false
    default: return true
    }
  }

  /// A JSON string: quotes, backslashes and control characters escaped, everything else as is.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
        result += String(format: "\\u%04x", scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
