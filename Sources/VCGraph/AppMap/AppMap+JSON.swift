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
