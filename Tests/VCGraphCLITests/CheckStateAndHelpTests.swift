import Foundation
import Testing

/// `vcgraph check`, run on the samples and on broken scenarios.
@Suite struct CheckCommandTests {
  /// Every sample passes; the only thing on standard error is the warnings of steps that say
  /// `expect: warning`, and each sample's line counts them.
  @Test func everySampleChecksOK() throws {
    try #require(!sampleNames.isEmpty)
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try runVCGraph(["check"] + sampleNames.map { "samples/\($0)" }, in: folder.url)
      #expect(result.status == 0, "\(result)")
      let lines = result.standardOutput.split(separator: "\n").map(String.init)
      #expect(lines.count == sampleNames.count, "\(result)")
      let warnings = result.standardError.split(separator: "\n").map(String.init)
      #expect(warnings.allSatisfy { $0.contains(": warning: step ") }, "only warnings: \(result)")
      for name in sampleNames {
        let path = "samples/\(name)"
        let count = warnings.filter { $0.hasPrefix(path + ":") }.count
        let line = try #require(lines.first { $0.hasPrefix("\(path): ok (") }, "\(name): \(result)")
        let note = count == 0 ? "" : ", \(count) expected warning\(count == 1 ? "" : "s")"
        #expect(line.hasSuffix(" step\(line.contains("(1 step") ? "" : "s")\(note))"), "\(name): \(result)")
      }
      // The sample of logged mistakes is the one that demonstrates warnings.
      #expect(lines.contains("samples/logged-mistakes.yaml: ok (8 steps, 3 expected warnings)"), "\(result)")
      #expect(
        warnings.map { $0.prefix { $0 != " " } } == [
          "samples/logged-mistakes.yaml:16:5:", "samples/logged-mistakes.yaml:25:5:",
          "samples/logged-mistakes.yaml:32:5:",
        ], "\(result)")
    }
  }

  @Test(arguments: BrokenScenario.all)
  func aBrokenScenarioFailsWithItsLocation(_ broken: BrokenScenario) throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      try folder.write(broken.yaml, to: "broken.yaml")
      let result = try folder.vcgraph("check", "samples/login-flow.yaml", "broken.yaml")
      #expect(result.status != 0, "\(result)")
      let prefix = "broken.yaml:\(broken.line):\(broken.column): error: "
      #expect(
        result.standardError.split(separator: "\n").contains { $0.hasPrefix(prefix) && $0.contains(broken.message) },
        "\(result)")
      #expect(result.standardOutput.contains("samples/login-flow.yaml: ok"), "\(result)")
      #expect(!result.standardOutput.contains("broken.yaml"), "\(result)")
    }
  }

  /// A navigation controller popping its only controller: UIKit ignores the call, vcgraph warns.
  static let popTheRoot = """
    controllers:
      nav: UINavigationController
      home: Home
    steps:
      - setViewControllers: [home]
        on: nav
      - setRoot: nav
      - pop: nav
    """

  static let popTheRootWarning =
    "step 3 (pop nav): <UINavigationController: nav> has only its root view controller; popViewController does nothing."

  @Test func aWarningInAStepThatDoesNotExpectOneFails() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      try folder.write(Self.popTheRoot, to: "flow.yaml")
      let result = try folder.vcgraph("check", "flow.yaml", "samples/login-flow.yaml")
      #expect(result.status == 1, "\(result)")
      // The other scenario is still checked.
      #expect(result.standardOutput == "samples/login-flow.yaml: ok (4 steps)\n", "\(result)")
      let errors = result.standardError.split(separator: "\n").map(String.init)
      #expect(errors.first == "flow.yaml:8:5: warning: \(Self.popTheRootWarning)", "\(result)")
      #expect(
        errors.contains { $0.hasPrefix("flow.yaml: error: ") && $0.contains("without 'expect: warning'") },
        "\(result)")
    }
  }

  @Test func aWarningInAStepThatExpectsOnePassesAndIsStillPrinted() throws {
    try withTemporaryFolder { folder in
      try folder.write(Self.popTheRoot + "\n    expect: warning", to: "flow.yaml")
      let result = try folder.vcgraph("check", "flow.yaml")
      #expect(result.status == 0, "\(result)")
      #expect(result.standardOutput == "flow.yaml: ok (3 steps, 1 expected warning)\n", "\(result)")
      #expect(
        result.standardError
          == "flow.yaml:8:5: warning: \(Self.popTheRootWarning) (expected: the step says 'expect: warning')\n",
        "\(result)")
    }
  }

  @Test func twoExpectedWarningsAreCountedInThePlural() throws {
    try withTemporaryFolder { folder in
      try folder.write(Self.popTheRoot + "\n    expect: warning\n  - pop: nav\n    expect: warning", to: "flow.yaml")
      let result = try folder.vcgraph("check", "flow.yaml")
      #expect(result.status == 0, "\(result)")
      #expect(result.standardOutput == "flow.yaml: ok (4 steps, 2 expected warnings)\n", "\(result)")
      #expect(
        result.standardError.split(separator: "\n").map { $0.prefix { $0 != " " } } == [
          "flow.yaml:8:5:", "flow.yaml:10:5:",
        ],
        "\(result)")
    }
  }

  /// One expected warning does not excuse another step's.
  @Test func anExpectedWarningDoesNotExcuseAnUnexpectedOne() throws {
    try withTemporaryFolder { folder in
      try folder.write(Self.popTheRoot + "\n    expect: warning\n  - pop: nav", to: "flow.yaml")
      let result = try folder.vcgraph("check", "flow.yaml")
      #expect(result.status == 1, "\(result)")
      #expect(result.standardOutput.isEmpty, "\(result)")
      let errors = result.standardError.split(separator: "\n").map(String.init)
      #expect(errors.filter { $0.contains(": warning: ") }.count == 2, "\(result)")
      #expect(
        errors.contains { $0.hasPrefix("flow.yaml: error: 1 warning") && $0.contains("without 'expect: warning'") },
        "\(result)")
    }
  }

  /// A step that says `expect: warning` must give one: the error points at the step.
  @Test func aStepThatExpectsAWarningButGivesNoneFails() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      try folder.write(
        """
        controllers:
          nav: UINavigationController
          home: Home
          detail: Detail
        steps:
          - setViewControllers: [home]
            on: nav
          - setRoot: nav
          - push: detail
            on: nav
            expect: warning
          - pop: nav
        """, to: "flow.yaml")
      let result = try folder.vcgraph("check", "flow.yaml", "samples/navigation.yaml")
      #expect(result.status == 1, "\(result)")
      #expect(result.standardOutput == "samples/navigation.yaml: ok (6 steps)\n", "\(result)")
      #expect(
        result.standardError
          == "flow.yaml:9:5: error: step 3 (push detail on nav): the step says 'expect: warning' but replayed without one\n",
        "\(result)")
    }
  }

  /// `expect: warning` is about `check`: the other commands replay the step the same way with or without it.
  @Test func expectWarningChangesNothingButTheCheck() throws {
    try withTemporaryFolder { folder in
      try folder.write(Self.popTheRoot, to: "plain.yaml")
      try folder.write(Self.popTheRoot + "\n    expect: warning", to: "expecting.yaml")
      for command in [["state", "--json"], ["events", "--json"]] {
        let plain = try runVCGraph([command[0], "plain.yaml"] + command.dropFirst(), in: folder.url)
        let expecting = try runVCGraph([command[0], "expecting.yaml"] + command.dropFirst(), in: folder.url)
        #expect(plain.status == 0, "\(plain)")
        #expect(expecting.status == 0, "\(expecting)")
        #expect(plain.standardOutput == expecting.standardOutput, "\(command[0])")
        #expect(plain.standardError.hasPrefix("plain.yaml:8:5: warning: "), "\(plain)")
        #expect(expecting.standardError.hasPrefix("expecting.yaml:8:5: warning: "), "\(expecting)")
      }
    }
  }

  @Test func aMissingFileIsAnError() throws {
    try withTemporaryFolder { folder in
      let result = try folder.vcgraph("check", "nowhere.yaml")
      #expect(result.status != 0, "\(result)")
      #expect(result.standardError.hasPrefix("nowhere.yaml: error: "), "\(result)")
    }
  }
}

/// `vcgraph state`.
@Suite struct StateCommandTests {
  @Test func jsonAfterAFullScreenPresentation() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("state", "samples/login-flow.yaml", "--step", "3", "--json")
      #expect(result.status == 0, "\(result)")
      let state = try #require(try parseJSON(result.standardOutput) as? [String: Any])
      let steps = try #require(state["steps"] as? [[String: Any]])
      #expect(steps.count == 1)
      #expect(steps.first?["number"] as? Int == 3)
      #expect(steps.first?["action"] as? String == "present login from home")

      let controllers = try stateControllers(state, step: 3)
      #expect(Set(controllers.keys) == ["nav", "home", "login"])
      let login = try #require(controllers["login"])
      // UIKit forwards a full-screen presentation to the root, the navigation controller.
      #expect(login["presentingViewController"] as? String == "nav")
      #expect(login["modalPresentationStyle"] as? String == "fullScreen")
      #expect(login["state"] as? String == "appeared")
      #expect(controllers["nav"]?["state"] as? String == "disappeared")
      #expect(controllers["home"]?["state"] as? String == "disappeared")
      #expect(controllers["nav"]?["presentedViewController"] as? String == "login")
      #expect(controllers["home"]?["presentedViewController"] as? String == "login")
      #expect(controllers["home"]?["parent"] as? String == "nav")
    }
  }

  @Test func textPrintsATreePerStep() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("state", "samples/login-flow.yaml")
      #expect(result.status == 0, "\(result)")
      let headers = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("step ") }
      #expect(
        headers == [
          "step 1: setRoot nav", "step 2: push home on nav", "step 3: present login from home",
          "step 4: dismiss login",
        ])
    }
  }

  @Test func aStepOutOfRangeIsAnError() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("state", "samples/login-flow.yaml", "--step", "99", "--json")
      #expect(result.status != 0, "\(result)")
      #expect(result.standardOutput.isEmpty, "\(result)")
      #expect(result.standardError.contains("samples/login-flow.yaml: error:"), "\(result)")
      #expect(result.standardError.contains("99"), "\(result)")
    }
  }
}

/// `--help` for the root command and each subcommand.
@Suite struct HelpTests {
  @Test(arguments: [[], ["render"], ["state"], ["events"]])
  func helpShowsExamples(_ subcommand: [String]) throws {
    let result = try runVCGraph(subcommand + ["--help"], in: packageRoot)
    #expect(result.status == 0, "\(result)")
    #expect(result.standardOutput.contains("Examples:"), "\(result)")
    let invocation = (["vcgraph"] + subcommand).joined(separator: " ")
    #expect(result.standardOutput.contains("\n  \(invocation) "), "no example of \(invocation): \(result)")
    #expect(result.standardOutput.contains("USAGE: \(invocation)"), "\(result)")
  }

  @Test func rootHelpListsEverySubcommandAndAnEventsExample() throws {
    let result = try runVCGraph(["--help"], in: packageRoot)
    #expect(result.status == 0, "\(result)")
    let subcommands = try #require(result.standardOutput.components(separatedBy: "SUBCOMMANDS:").last)
    let names = subcommands.split(separator: "\n").compactMap { line -> String? in
      guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
      return line.split(separator: " ").first.map(String.init)
    }
    #expect(names.starts(with: ["render", "check", "state", "events"]), "\(result)")
    #expect(subcommands.contains("events                  Print the lifecycle callbacks"), "\(result)")
    #expect(result.standardOutput.contains("\n  vcgraph events "), "\(result)")
  }

  @Test func eventsHelpNamesItsOptions() throws {
    let result = try runVCGraph(["help", "events"], in: packageRoot)
    #expect(result.status == 0, "\(result)")
    #expect(result.standardOutput.contains("USAGE: vcgraph events <scenario> [--step <N>] [--json]"), "\(result)")
  }

  @Test func renderHelpNamesTheEventsFlag() throws {
    let result = try runVCGraph(["render", "--help"], in: packageRoot)
    #expect(result.status == 0, "\(result)")
    #expect(result.standardOutput.contains("--events"), "\(result)")
  }

  @Test func checkHelpShowsAnExample() throws {
    let result = try runVCGraph(["check", "--help"], in: packageRoot)
    #expect(result.status == 0, "\(result)")
    #expect(result.standardOutput.contains("\n  vcgraph check "), "\(result)")
    #expect(result.standardOutput.contains("USAGE: vcgraph check"), "\(result)")
  }

  @Test
  func checkHelpShowsExamplesLikeTheOtherCommands() throws {
    let result = try runVCGraph(["check", "--help"], in: packageRoot)
    #expect(result.standardOutput.contains("Examples:"), "\(result)")
  }

  @Test func theExecutableIsFoundBesideTheTests() throws {
    let executable = try #require(vcgraphExecutable)
    #expect(executable.lastPathComponent == "vcgraph")
    let result = try runVCGraph(["--version"], in: packageRoot)
    #expect(result.status == 0, "\(result)")
    #expect(!result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
  }
}
