import Foundation
import Testing

@testable import VCGraph

/// A `.json` scenario is read as JSON: what JSON writers emit (surrogate-pair escapes, long keys)
/// is read, and its errors, of syntax or content, have their lines and columns.
@Suite struct JSONScenarioTests {
  /// Writes `text` to a `.json` file in a temporary folder and reads it.
  static func read(_ text: String) throws -> Scenario {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vcgraph-json-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("flow.json").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return try Scenario(contentsOfFile: path)
  }

  static func error(_ text: String) -> ScenarioError? {
    do {
      _ = try read(text)
      return nil
    } catch let error as ScenarioError {
      return error
    } catch {
      return nil
    }
  }

  @Test func surrogatePairEscapesAreTheCharactersTheyEncode() throws {
    let scenario = try Self.read(
      #"""
      {
        "title": "Smile \ud83d\ude00 and \u00e9",
        "controllers": { "home": { "class": "HomeViewController", "title": "Home \uD83C\uDFE0" } },
        "steps": [ { "setRoot": "home", "caption": "\ud83d\ude00\ud83d\ude00" } ]
      }
      """#)
    #expect(scenario.title == "Smile 😀 and é")
    #expect(scenario.viewControllers.first?.title == "Home 🏠")
    #expect(scenario.steps[0].caption == "😀😀")
  }

  @Test func aKeyLongerThanLibyamlTakesIsRead() throws {
    let id = String(repeating: "k", count: 1_500)
    let scenario = try Self.read(
      """
      {"controllers": {"\(id)": "UIViewController"}, "steps": [{"setRoot": "\(id)"}]}
      """)
    #expect(scenario.viewControllers.map(\.id) == [id])
  }

  @Test func syntaxErrorsAreJSONsWithTheirPlace() {
    let trailingComma = Self.error("{\n  \"steps\": [\n    {\"setRoot\": \"nav\",}\n  ]\n}\n")
    #expect(trailingComma?.problem == .jsonSyntax("expected a key in double quotes"))
    #expect(trailingComma?.location.line == 3)
    #expect(trailingComma?.location.column == 23)
    #expect(trailingComma?.description.contains("flow.json:3:23: error: invalid JSON: ") == true)

    let loneSurrogate = Self.error(#"{"title": "a \ud83d b"}"#)
    #expect(loneSurrogate?.problem == .jsonSyntax(#"a lone UTF-16 surrogate \uD83D"#))
    let unclosed = Self.error("{\"title\": \"a")
    #expect(unclosed?.problem == .jsonSyntax("the string is not closed"))
    let deep = Self.error(String(repeating: "[", count: 10_000))
    #expect(deep?.problem == .jsonSyntax("nested more than 512 deep"))
  }

  /// The reader's own errors point into the JSON where the value is, also after an emoji escape
  /// on an earlier line.
  @Test func contentErrorsKeepTheirPlace() {
    let error = Self.error(
      #"""
      {
        "title": "\ud83d\ude00",
        "controllers": { "nav": "UINavigationController" },
        "steps": [
          { "setRoot": "nav" },
          { "push": "ghost", "on": "nav" }
        ]
      }
      """#)
    #expect(error?.problem == .unknownController("ghost"))
    #expect(error?.location.line == 6)
    #expect(error?.location.column == 15)
  }

  /// A key written twice is said so, as in YAML, at the later one: at the top, in a step, and in
  /// the controllers (where it is a controller declared twice).
  @Test func aDuplicateKeyAppearsMoreThanOnceAtItsLineAndColumn() {
    let twice = Self.error(
      """
      {
        "controllers": { "nav": "UINavigationController" },
        "steps": [ { "setRoot": "nav" } ],
        "steps": [ { "setRoot": "nav" } ]
      }
      """)
    #expect(twice?.problem == .duplicateKey("steps"))
    #expect(twice?.location.line == 4)
    #expect(twice?.location.column == 3)
    #expect(twice?.description.hasSuffix(":4:3: error: the key 'steps' appears more than once") == true)
    let inStep = Self.error(
      """
      {
        "controllers": { "nav": "UINavigationController", "home": "HomeViewController" },
        "steps": [ { "setRoot": "nav", "window": "main", "setRoot": "home" } ]
      }
      """)
    #expect(inStep?.problem == .duplicateKey("setRoot"))
    #expect(inStep?.location.line == 3)
    #expect(inStep?.location.column == 52)
    let controller = Self.error(
      """
      { "controllers": { "nav": "UINavigationController", "nav": "Other" }, "steps": [ { "setRoot": "nav" } ] }
      """)
    #expect(controller?.problem == .duplicateController("nav"))
    #expect(controller?.location.column == 53)
  }
}
