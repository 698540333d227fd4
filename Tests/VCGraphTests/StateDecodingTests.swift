import Foundation
import Testing

@testable import VCGraph

private typealias ControllerState = StateDocument.ViewControllerState

/// A controller of class `C` as a step lists it when it is attached to nothing, changed by `edit`.
private func controller(_ id: String, _ edit: (inout ControllerState) -> Void = { _ in }) -> ControllerState {
  var state = ControllerState(ViewController(id: id, className: "C"), in: Hierarchy(viewControllers: []))
  edit(&state)
  return state
}

/// Step 2 with these windows and controllers.
private func step(
  _ controllers: [ControllerState], windows: [StateDocument.WindowState] = []
) -> StateDocument.StepState {
  var step = StateDocument.StepState(number: 2, action: "test", hierarchy: Hierarchy(viewControllers: []))
  step.windows = windows
  step.viewControllers = controllers
  return step
}

private func window(_ id: String, root: String?) -> StateDocument.WindowState {
  StateDocument.WindowState(id: id, isKey: true, rootViewController: root, horizontalSizeClass: .regular)
}

/// The description of the error `Hierarchy(state:)` throws for `step`, or nil when it accepts it.
private func rebuildError(_ step: StateDocument.StepState) -> String? {
  do throws(StateDocumentError) {
    _ = try Hierarchy(state: step)
    return nil
  } catch {
    return error.description
  }
}

/// A step with a navigation controller `nav` at the root of window `main`, holding `home`, which
/// presents `login` full screen: what the login-flow sample has after its third step.
private func loginStep() throws -> StateDocument.StepState {
  try #require(StateDocument(frames: try replayedSample("login-flow").frames).steps.dropFirst(2).first)
}

private func editing(
  _ step: StateDocument.StepState, _ id: String, _ edit: (inout ControllerState) -> Void
) -> StateDocument.StepState {
  var step = step
  if let index = step.viewControllers.firstIndex(where: { $0.id == id }) { edit(&step.viewControllers[index]) }
  return step
}

@Suite("Reading state JSON back")
struct StateDecodingTests {
  @Test(arguments: GoldenStateTests.sampleStems)
  func everyStepOfEverySampleRebuildsToTheSameJSON(stem: String) throws {
    let replay = try replayedSample(stem)
    let document = StateDocument(frames: replay.frames)
    for (frame, state) in zip(replay.frames, document.steps) {
      let rebuilt = try Hierarchy(state: state)
      let again = StateDocument.StepState(number: state.number, action: state.action, hierarchy: rebuilt)
      #expect(JSONText.encode(again) == JSONText.encode(state), "step \(state.number)")
      #expect(HierarchyText(rebuilt).text == HierarchyText(frame.hierarchy).text, "step \(state.number)")
      #expect(rebuilt.viewControllers.allSatisfy { $0.dumpRecord == nil }, "a replayed step has no dump records")
    }
    // Through the text, as a file would be read.
    let json = document.jsonString()
    let decoded = try StateDocument(jsonData: Data(json.utf8), path: "\(stem).state.json")
    let rebuilt = try decoded.steps.map {
      StateDocument.StepState(number: $0.number, action: $0.action, hierarchy: try Hierarchy(state: $0))
    }
    #expect(StateDocument(steps: rebuilt).jsonString() == json)
  }

  @Test func whatOnlyADumpSaysIsKeptInDumpRecords() throws {
    var hierarchy = BugReportTests.dumpedHierarchy()
    hierarchy.setState(
      of: "UITabBarController", appearance: .appeared, isViewLoaded: true,
      dumpRecord: DumpRecord(
        line: 1, printedClassName: "UITabBarController", address: "0x7b3218d0",
        view: .init(className: "UILayoutContainerView", isInWindow: true)))
    let state = StateDocument.StepState(number: 1, action: "import crash.txt", hierarchy: hierarchy)
    let json = StateDocument(steps: [state]).jsonString()
    let decoded = try StateDocument(jsonData: Data(json.utf8), path: "crash.json")
    let rebuilt = try Hierarchy(state: try #require(decoded.steps.first))
    #expect(
      StateDocument(steps: [StateDocument.StepState(number: 1, action: "import crash.txt", hierarchy: rebuilt)])
        .jsonString() == json)
    // The address, and the view out of the window while the feed says it appeared.
    #expect(rebuilt["UITabBarController"]?.dumpRecord?.address == "0x7b3218d0")
    #expect(rebuilt["FeedViewController"]?.dumpRecord?.view?.isInWindow == false)
    #expect(
      rebuilt["LoginViewController"]?.dumpRecord?.presentationController?.className
        == "_UIPageSheetPresentationController")
    // Every controller the dump listed keeps its line, and its view's class.
    #expect(rebuilt["UINavigationController"]?.dumpRecord?.line == 2)
    #expect(rebuilt["UINavigationController"]?.dumpRecord?.view?.className == "UILayoutContainerView")
    #expect(rebuilt["ProfileViewController"]?.dumpRecord?.line == 4)
    #expect(rebuilt["ProfileViewController"]?.dumpRecord?.view == nil)
    #expect(rebuilt["UIAlertController"]?.presenter == "LoginViewController")
    #expect(rebuilt["LoginViewController"]?.presentation?.style == nil)
    #expect(rebuilt["UITabBarController"]?.presentation?.style == .pageSheet)
    #expect(HierarchyText(rebuilt).text.contains(", presented with: <_UIPageSheetPresentationController>"))
  }

  @Test func aDocumentWithoutTheKeysOlderVersionsDidNotWriteIsRead() throws {
    let current = try String(
      contentsOf: GoldenStateTests.golden.appendingPathComponent("presentation-current-context.state.json"),
      encoding: .utf8)
    let older = current.replacing(/\n\s*"(address|presentationController|isViewInWindow)" : [^\n]*,(?=\n)/, with: "")
    #expect(!older.contains("isViewInWindow") && !older.contains("address"))
    let document = try StateDocument(jsonData: Data(older.utf8), path: "old.json")
    let rebuilt = try document.steps.map {
      StateDocument.StepState(number: $0.number, action: $0.action, hierarchy: try Hierarchy(state: $0))
    }
    #expect(StateDocument(steps: rebuilt).jsonString() == current)
  }

  @Test func readingAFileChecksEveryStepAndNamesTheFile() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vcgraph-state-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }

    let good = folder.appendingPathComponent("good.json")
    let json = StateDocument(frames: try replayedSample("tab-bar").frames).jsonString()
    try Data(json.utf8).write(to: good)
    #expect(try StateDocument.read(contentsOfFile: good.path).jsonString() == json)

    let bad = folder.appendingPathComponent("bad.json")
    var steps = StateDocument(frames: try replayedSample("tab-bar").frames).steps
    steps[1].viewControllers[2].parent = "ghost"
    try Data(StateDocument(steps: steps).jsonString().utf8).write(to: bad)
    // At the dangling reference: its line and column in the file.
    let badText = try String(contentsOf: bad, encoding: .utf8)
    let ghost = try #require(badText.range(of: #""ghost""#))
    let line = badText[..<ghost.lowerBound].filter { $0 == "\n" }.count + 1
    let column =
      badText[
        (badText[..<ghost.lowerBound].lastIndex(of: "\n").map { badText.index(after: $0) } ?? badText.startIndex)..<ghost
          .lowerBound
      ].count + 1
    #expect(
      throws: StateDocumentError(
        .unknownController("ghost", field: "parent", owner: .controller("feed")), path: bad.path, line: line,
        column: column, step: 2)
    ) { try StateDocument.read(contentsOfFile: bad.path) }
    do throws(StateDocumentError) {
      _ = try StateDocument.read(contentsOfFile: bad.path)
    } catch {
      #expect(
        error.description
          == "\(bad.path):\(line):\(column): error: step 2: controller 'feed': 'parent' names 'ghost', which is not in"
          + " the step's 'viewControllers'"
      )
    }

    let missing = folder.appendingPathComponent("missing.json").path
    #expect(throws: StateDocumentError.self) { try StateDocument.read(contentsOfFile: missing) }
    do throws(StateDocumentError) {
      _ = try StateDocument.read(contentsOfFile: missing)
    } catch {
      #expect(error.description.hasPrefix("\(missing): error: cannot read the state document: "))
      #expect(error.path == missing)
    }
    do throws(StateDocumentError) {
      _ = try StateDocument.read(contentsOfFile: folder.path)
      Issue.record("a folder was read")
    } catch {
      #expect(error.description.hasSuffix("it is a folder; give the JSON file `vcgraph state --json` wrote"))
    }
  }

  /// Every reference that names nothing is reported where it is written: a window's root, a
  /// child in a list, a controller's window.
  @Test func danglingReferencesHaveTheirLineAndColumn() throws {
    let json = StateDocument(frames: try replayedSample("login-flow").frames).jsonString()
    /// The line and column of the `occurrence`th (from 0) `needle` in `text`, and the text with it
    /// replaced by `replacement`.
    func replacing(_ needle: String, with replacement: String, occurrence: Int = 0) throws -> (String, Int, Int) {
      var ranges: [Range<String.Index>] = []
      var start = json.startIndex
      while let range = json.range(of: needle, range: start..<json.endIndex) {
        ranges.append(range)
        start = range.upperBound
      }
      let range = try #require(ranges.dropFirst(occurrence).first)
      let before = json[..<range.lowerBound]
      let lineStart = before.lastIndex(of: "\n").map { json.index(after: $0) } ?? json.startIndex
      return (
        json.replacingCharacters(in: range, with: replacement), before.filter { $0 == "\n" }.count + 1,
        json[lineStart..<range.lowerBound].count + 1
      )
    }
    for (needle, replacement, offset, message) in [
      (
        #""rootViewController" : "nav""#, #""rootViewController" : "ghost""#, 23,
        "window 'main': 'rootViewController' names 'ghost'"
      ),
      (#""window" : "main""#, #""window" : "elsewhere""#, 11, "controller 'nav': 'window' names 'elsewhere'"),
    ] {
      let (text, line, column) = try replacing(needle, with: replacement)
      do throws(StateDocumentError) {
        _ = try StateDocument(jsonData: Data(text.utf8), path: "s.json")
        Issue.record("\(replacement) was accepted")
      } catch {
        #expect(error.line == line, "\(error)")
        #expect(error.column == column + offset, "\(error)")
        #expect(error.description.contains(message), "\(error)")
      }
    }
    // A child in a list: at the child.
    let (withChild, line, column) = try replacing(#""children" : []"#, with: #""children" : ["ghost"]"#)
    do throws(StateDocumentError) {
      _ = try StateDocument(jsonData: Data(withChild.utf8), path: "s.json")
      Issue.record("a dangling child was accepted")
    } catch {
      #expect(error.problem == .unknownController("ghost", field: "children", owner: .controller("nav")))
      #expect(error.line == line)
      #expect(error.column == column + 14)
    }
  }

  @Test func invalidJSONIsReportedWithItsLineAndColumn() {
    let text = "{\n  \"steps\" : [\n    x\n  ]\n}\n"
    do throws(StateDocumentError) {
      _ = try StateDocument(jsonData: Data(text.utf8), path: "bad.json")
      Issue.record("invalid JSON was accepted")
    } catch {
      #expect(error.line == 3)
      #expect(error.column == 5)
      #expect(error.description.hasPrefix("bad.json:3:5: error: invalid JSON: "))
    }
  }

  @Test func aMissingKeyOrAWrongValueSaysWhere() throws {
    let json = StateDocument(frames: try replayedSample("login-flow").frames).jsonString()
    /// The line and column where `needle` first starts in `text`.
    func position(of needle: String, in text: String) throws -> (line: Int, column: Int) {
      let range = try #require(text.range(of: needle))
      let before = text[..<range.lowerBound]
      let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
      return (before.filter { $0 == "\n" }.count + 1, text[lineStart..<range.lowerBound].count + 1)
    }
    let withoutState = json.replacing(/\n\s*"state" : "[a-z]+",/, with: "", maxReplacements: 1)
    // At the object the key is missing from: the first controller of the first step.
    let list = try #require(withoutState.range(of: "\"viewControllers\""))
    let firstController = try position(of: "{", in: String(withoutState[list.lowerBound...]))
    let controllers = try position(of: "\"viewControllers\"", in: withoutState)
    #expect(
      throws: StateDocumentError(
        .invalidContent("missing key 'state'", at: "steps[0].viewControllers[0]"), path: "s.json",
        line: controllers.line + firstController.line - 1, column: firstController.column)
    ) { try StateDocument(jsonData: Data(withoutState.utf8), path: "s.json") }

    let badKind = json.replacing(#""kind" : "navigation""#, with: #""kind" : "stack""#, maxReplacements: 1)
    do throws(StateDocumentError) {
      _ = try StateDocument(jsonData: Data(badKind.utf8), path: "s.json")
      Issue.record("an unknown kind was accepted")
    } catch {
      let kind = try position(of: #""stack""#, in: badKind)
      #expect(
        error.description
          == "s.json:\(kind.line):\(kind.column): error: not a state document (as `vcgraph state --json` writes): steps[0].viewControllers[0].kind: "
          + "'stack' is not a valid kind; expected one of: navigation, tabBar, splitView, pageView, container, content, hosting"
      )
    }

    let badType = json.replacing(#""instance" : 1"#, with: #""instance" : "one""#, maxReplacements: 1)
    do throws(StateDocumentError) {
      _ = try StateDocument(jsonData: Data(badType.utf8), path: "s.json")
      Issue.record("a string instance was accepted")
    } catch {
      #expect(
        error.description.hasPrefix(
          "s.json:\(try position(of: #""one""#, in: badType).line):"
        ))
      #expect(
        error.description.contains(
          " error: not a state document (as `vcgraph state --json` writes): steps[0].viewControllers[0].instance: "
        ))
    }

    // A valid JSON number that is not whole is a content error where it is, not "not a JSON document".
    let fraction = json.replacing(#""instance" : 1"#, with: #""instance" : 1.5"#, maxReplacements: 1)
    do throws(StateDocumentError) {
      _ = try StateDocument(jsonData: Data(fraction.utf8), path: "s.json")
      Issue.record("a fractional instance was accepted")
    } catch {
      let number = try position(of: "1.5", in: fraction)
      #expect(
        error.description
          == "s.json:\(number.line):\(number.column): error: not a state document (as `vcgraph state --json` writes):"
          + " steps[0].viewControllers[0].instance: instance must be a whole number from 1 (the first instance), not 1.5"
      )
    }
    // Instances count from 1.
    for bad in ["-5", "0"] {
      let negative = json.replacing(#""instance" : 1"#, with: #""instance" : "# + bad, maxReplacements: 1)
      do throws(StateDocumentError) {
        _ = try StateDocument(jsonData: Data(negative.utf8), path: "s.json")
        Issue.record("instance \(bad) was accepted")
      } catch {
        let number = try position(of: #""instance" : "# + bad, in: negative)
        #expect(
          error.description
            == "s.json:\(number.line):\(number.column + 13): error: not a state document (as `vcgraph state --json`"
            + " writes): steps[0].viewControllers[0].instance: instance must be a whole number from 1 (the first"
            + " instance), not \(bad)")
      }
    }

    let noTitle = json.replacing(/\n\s*"title" : null,/, with: "", maxReplacements: 1)
    #expect(throws: StateDocumentError.self, "keys other than the three older versions lacked are required") {
      try StateDocument(jsonData: Data(noTitle.utf8), path: "s.json")
    }
  }

  static let invalidSteps: [(String, StateDocument.StepState, String)] = {
    let a = controller("a")
    return [
      ("duplicate controller", step([a, controller("b"), a]), "the controller 'a' is listed twice"),
      (
        "duplicate window", step([a], windows: [window("main", root: nil), window("main", root: nil)]),
        "the window 'main' is listed twice"
      ),
      (
        "unknown root", step([a], windows: [window("main", root: "ghost")]),
        "window 'main': 'rootViewController' names 'ghost', which is not in the step's 'viewControllers'"
      ),
      (
        "unknown child", step([controller("a") { $0.children = ["ghost"] }]),
        "controller 'a': 'children' names 'ghost', which is not in the step's 'viewControllers'"
      ),
      (
        "unknown presenting controller", step([controller("a") { $0.presentingViewController = "ghost" }]),
        "controller 'a': 'presentingViewController' names 'ghost', which is not in the step's 'viewControllers'"
      ),
      (
        "unknown presented controller", step([controller("a") { $0.presentedViewController = "ghost" }]),
        "controller 'a': 'presentedViewController' names 'ghost', which is not in the step's 'viewControllers'"
      ),
      (
        "unknown selected controller", step([controller("a") { $0.selectedViewController = "ghost" }]),
        "controller 'a': 'selectedViewController' names 'ghost', which is not in the step's 'viewControllers'"
      ),
      (
        "unknown window", step([controller("a") { $0.window = "ghost" }]),
        "controller 'a': 'window' names 'ghost', which is not in the step's 'windows'"
      ),
      (
        "child not listed", step([controller("a") { $0.parent = "b" }, controller("b")]),
        "controller 'a': its parent 'b' does not list it in 'children'"
      ),
      (
        "child with another parent", step([controller("a") { $0.children = ["b"] }, controller("b")]),
        "controller 'a' lists 'b' in 'children', but the parent of 'b' is null"
      ),
      (
        "child listed twice",
        step([controller("a") { $0.children = ["b", "b"] }, controller("b") { $0.parent = "a" }]),
        "controller 'a' lists 'b' twice in 'children'"
      ),
      (
        "selected controller not a child",
        step([controller("a") { $0.selectedViewController = "b" }, controller("b")]),
        "controller 'a': 'selectedViewController' names 'b', which is not one of its children"
      ),
      (
        "cycle of parents",
        step([
          controller("a") {
            $0.parent = "b"
            $0.children = ["b"]
          },
          controller("b") {
            $0.parent = "a"
            $0.children = ["a"]
          },
        ]),
        "the parents and presenting controllers of 'a' lead back to it: 'a' → 'b' → 'a'"
      ),
      (
        "cycle of presentations",
        step([
          controller("a") { $0.presentingViewController = "c" }, controller("b") { $0.presentingViewController = "a" },
          controller("c") { $0.presentingViewController = "b" },
        ]),
        "the parents and presenting controllers of 'a' lead back to it: 'a' → 'c' → 'b' → 'a'"
      ),
      (
        "controller presenting itself", step([controller("a") { $0.presentingViewController = "a" }]),
        "the parents and presenting controllers of 'a' lead back to it: 'a' → 'a'"
      ),
      (
        "two presented by one",
        step([
          controller("a"), controller("b") { $0.presentingViewController = "a" },
          controller("c") { $0.presentingViewController = "a" },
        ]),
        "controller 'a' presents 'b' and 'c'; a controller presents one at a time"
      ),
      (
        "root of two windows", step([a], windows: [window("one", root: "a"), window("two", root: "a")]),
        "controller 'a' is the root view controller of both windows 'one' and 'two'"
      ),
      (
        "root with a parent",
        step(
          [controller("a") { $0.parent = "b" }, controller("b") { $0.children = ["a"] }],
          windows: [window("main", root: "a")]),
        "controller 'a' is the root view controller of window 'main', but has a parent, 'b'"
      ),
      (
        "presented root",
        step(
          [controller("a") { $0.presentingViewController = "b" }, controller("b")],
          windows: [window("main", root: "a")]),
        "controller 'a' is the root view controller of window 'main', but is presented by 'b'"
      ),
      (
        "view in window but not loaded", step([controller("a") { $0.isViewInWindow = true }]),
        "controller 'a': 'isViewInWindow' is true, but 'isViewLoaded' is false"
      ),
      (
        "window of an unattached controller",
        step([controller("a") { $0.window = "main" }], windows: [window("main", root: nil)]),
        "controller 'a': 'window' is 'main', but its relations give null"
      ),
      (
        "style of a controller that is not presented",
        step([controller("a") { $0.modalPresentationStyle = .pageSheet }]),
        "controller 'a': 'modalPresentationStyle' is 'pageSheet', but its relations give null"
      ),
    ]
  }()

  @Test(arguments: invalidSteps)
  func aStepWithBrokenRelationsIsRefused(name: String, step: StateDocument.StepState, message: String) {
    #expect(rebuildError(step) == "<state>: error: step 2: " + message, "\(name)")
  }

  @Test func fieldsThatDisagreeWithTheRelationsAreRefused() throws {
    let login = try loginStep()
    #expect(rebuildError(login) == nil)
    #expect(
      rebuildError(editing(login, "home") { $0.presentedViewController = nil })
        == "<state>: error: step 3: controller 'home': 'presentedViewController' is null, but its relations give 'login'"
    )
    #expect(
      rebuildError(editing(login, "home") { $0.presentingViewController = "nav" })
        == "<state>: error: step 3: controller 'home': 'presentingViewController' is 'nav', but its relations give null"
    )
    #expect(
      rebuildError(editing(login, "nav") { $0.isCollapsed = true })
        == "<state>: error: step 3: controller 'nav': 'isCollapsed' is true, but its relations give null")
    // A presented controller's style is what the document says, unknown included.
    let unknown = try Hierarchy(state: editing(login, "login") { $0.modalPresentationStyle = nil })
    #expect(unknown["nav"]?.presentation?.style == nil)
    #expect(unknown["nav"]?.presentation?.presented == "login")
  }

  @Test func theErrorDescriptionHasThePathPositionAndStep() {
    #expect(
      StateDocumentError(.invalidJSON("Invalid value"), path: "a.json", line: 3, column: 5).description
        == "a.json:3:5: error: invalid JSON: Invalid value")
    #expect(
      StateDocumentError(.duplicateWindow("main"), path: "a.json", step: 4).description
        == "a.json: error: step 4: the window 'main' is listed twice")
  }
}
