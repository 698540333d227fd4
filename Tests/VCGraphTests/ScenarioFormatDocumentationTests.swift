import Foundation
import Testing

@testable import VCGraph

/// The scenario format is documented twice, for two readers: the README's "Scenario format"
/// section (a reference of tables, for a user of the command) and the DocC article
/// `ScenarioFormat.md` (a section and an example per action, linked to the library's symbols).
/// Neither is generated from the other; these tests fail when they differ in substance: each names
/// every key and every word the reader accepts, neither names an action or a key the reader does
/// not know, and every YAML example in either is a scenario the reader takes.
@Suite struct ScenarioFormatDocumentationTests {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The two documents, by name: the README's section from its heading to the next `## ` heading.
  static let documents: [(name: String, text: String)] = {
    let readme = (try? String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
    let start = lines.firstIndex { $0.hasPrefix("## Scenario format") } ?? lines.endIndex
    let end = lines[lines.index(after: min(start, lines.endIndex - 1))...].firstIndex { $0.hasPrefix("## ") }
    let section = lines[start..<(end ?? lines.endIndex)].joined(separator: "\n")
    let article =
      (try? String(
        contentsOf: packageRoot.appendingPathComponent("Sources/VCGraph/Documentation.docc/ScenarioFormat.md"),
        encoding: .utf8)) ?? ""
    return [("README.md, Scenario format", section), ("ScenarioFormat.md", article)]
  }()

  // MARK: - What the reader knows, asked of the reader itself

  /// The keys the reader allows where `yaml` puts the unknown key `zzz`, from its error.
  static func allowedKeys(_ yaml: String) -> [String] {
    do throws(ScenarioError) {
      _ = try Scenario(yaml: yaml, path: "keys.yaml")
    } catch {
      if case .unknownKey("zzz", _, let allowed) = error.problem { return allowed }
    }
    return []
  }

  static let topLevelKeys = allowedKeys("zzz: 1\ncontrollers: { a: A }\nsteps: [{ setRoot: a }]\n")
  static let controllerKeys = allowedKeys("controllers: { a: { class: A, zzz: 1 } }\nsteps: [{ setRoot: a }]\n")
  /// Any step's options: what a step may hold besides an action, less the actions.
  static let stepOptions = allowedKeys("controllers: { a: A }\nsteps: [{ zzz: 1 }]\n").filter {
    ActionName(rawValue: $0) == nil
  }
  static let tabKeys = allowedKeys(
    "controllers: { t: UITabBarController, a: A }\nsteps: [{ setTabs: [{ tab: x, viewController: a, zzz: 1 }], on: t }]\n"
  )
  static let groupKeys = allowedKeys(
    "controllers: { t: UITabBarController, a: A }\n"
      + "steps: [{ setTabs: [{ group: g, viewController: a, tabs: [], zzz: 1 }], on: t }]\n")

  @Test func theReaderReportsItsKeys() {
    #expect(Self.topLevelKeys.contains("controllers"), "\(Self.topLevelKeys)")
    #expect(Self.controllerKeys.contains("class"), "\(Self.controllerKeys)")
    #expect(Self.stepOptions.contains("caption"), "\(Self.stepOptions)")
    #expect(Self.tabKeys.contains("viewController"), "\(Self.tabKeys)")
    #expect(Self.groupKeys.contains("managingNavigationController"), "\(Self.groupKeys)")
  }

  // MARK: - Each document names everything

  /// The names a document writes as code: every word in its `` `…` `` spans and its YAML examples.
  static func codeWords(_ text: String) -> Set<String> {
    var words: Set<String> = []
    let code = text.matches(of: #/`([^`\n]+)`/#).map { String($0.output.1) } + examples(text)
    for span in code {
      for match in span.matches(of: #/[A-Za-z_][A-Za-z0-9_]*/#) { words.insert(String(match.output)) }
    }
    return words
  }

  static var everyName: [(what: String, names: [String])] {
    [
      ("top-level key", topLevelKeys), ("controller key", controllerKeys), ("step option", stepOptions),
      ("action", ActionName.allCases.map(\.rawValue)),
      ("action parameter", Array(Set(ActionName.allCases.flatMap(\.parameters))).sorted()),
      ("presentation style", ModalPresentationStyle.allCases.map(\.rawValue)),
      ("controller kind", ViewControllerKind.allCases.map(\.rawValue)),
      ("tab bar mode", TabBarMode.allCases.map(\.rawValue)), ("tab key", tabKeys), ("tab group key", groupKeys),
    ]
  }

  @Test(arguments: [0, 1])
  func eachDocumentNamesEveryKeyAndWordTheReaderAccepts(document: Int) {
    let (name, text) = Self.documents[document]
    #expect(text.count > 1_000, "\(name) is missing")
    let words = Self.codeWords(text)
    for (what, names) in Self.everyName {
      #expect(!names.isEmpty, "the reader named no \(what)")
      let missing = names.filter { !words.contains($0) }
      #expect(missing.isEmpty, "\(name) does not name the \(what)s \(missing)")
    }
  }

  /// The rows of every table whose header starts with `header`: their first cell's first code word.
  static func firstWords(ofTablesHeaded header: String, in text: String) -> [String] {
    var words: [String] = []
    var inTable = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix(header) {
        inTable = true
        continue
      }
      guard inTable, line.hasPrefix("|") else {
        inTable = false
        continue
      }
      let cell = String(line.dropFirst().prefix { $0 != "|" })
      if let match = cell.firstMatch(of: #/`\.?([A-Za-z_][A-Za-z0-9_]*)/#) { words.append(String(match.output.1)) }
    }
    return words
  }

  @Test(arguments: [0, 1])
  func neitherDocumentNamesAnActionOrKeyTheReaderDoesNotKnow(document: Int) {
    let (name, text) = Self.documents[document]
    let actions = Self.firstWords(ofTablesHeaded: "| step |", in: text)
    #expect(Set(actions) == Set(ActionName.allCases.map(\.rawValue)), "\(name): the actions its tables list")
    let keys = Set(Self.topLevelKeys + Self.controllerKeys + Self.stepOptions)
    let documented = Self.firstWords(ofTablesHeaded: "| key |", in: text)
    #expect(!documented.isEmpty, "\(name) has no table of keys")
    let unknown = documented.filter { !keys.contains($0) }
    #expect(unknown.isEmpty, "\(name) documents keys the reader does not know: \(unknown)")
  }

  // MARK: - Every example reads

  /// The ```yaml blocks of a document.
  static func examples(_ text: String) -> [String] {
    text.matches(of: #/```yaml\n((?s:.*?))```/#).map { String($0.output.1) }
  }

  /// An example as a whole scenario: a list of steps gets a `steps:` line above it, controllers
  /// alone get a step, and every controller the reader says is unknown is declared (a content
  /// controller; the examples' kinds are not checked here, their replay is, for whole scenarios).
  static func read(_ example: String) throws(ScenarioError) -> Scenario {
    let isWhole = example.contains("\nsteps:") || example.hasPrefix("steps:")
    var controllers: [String] = []
    var body = example
    if example.hasPrefix("controllers:"), !isWhole {
      // Controllers alone: one of them more, put on screen by a step.
      body = body.replacingOccurrences(of: "controllers:\n", with: "controllers:\n  docExampleRoot: UIViewController\n")
      body += "steps:\n  - setRoot: docExampleRoot\n"
    } else if !isWhole {
      body = "steps:\n" + body
      controllers = ["  docExampleRoot: UIViewController"]
    }
    while true {
      let text = controllers.isEmpty ? body : "controllers:\n" + controllers.joined(separator: "\n") + "\n" + body
      do throws(ScenarioError) {
        return try Scenario(yaml: text, path: "example.yaml")
      } catch {
        guard !isWhole, controllers.count < 40 else { throw error }
        switch error.problem {
        case .unknownController(let id, _), .unknownTabOrController(let id, _):
          controllers.append("  \(id): UIViewController")
        default: throw error
        }
      }
    }
  }

  @Test(arguments: [0, 1])
  func everyExampleIsAScenarioTheReaderTakes(document: Int) throws {
    let (name, text) = Self.documents[document]
    let examples = Self.examples(text)
    #expect(!examples.isEmpty, "\(name) has no example")
    for example in examples {
      do {
        let scenario = try Self.read(example)
        if example.hasPrefix("version:") || example.contains("\nsteps:") {
          _ = try Replay(scenario)
        }
      } catch {
        Issue.record("\(name): an example does not read: \(error)\n\(example)")
      }
    }
  }
}
