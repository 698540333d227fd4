import Foundation
import Testing

/// `vcgraph check`, run on the samples and on broken scenarios.
@Suite struct CheckCommandTests {
  @Test func everySampleChecksOK() throws {
    try #require(!sampleNames.isEmpty)
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try runVCGraph(["check"] + sampleNames.map { "samples/\($0)" }, in: folder.url)
      #expect(result.status == 0, "\(result)")
      #expect(result.standardError.isEmpty, "the samples should replay without warnings: \(result)")
      let lines = result.standardOutput.split(separator: "\n")
      #expect(lines.count == sampleNames.count, "\(result)")
      for name in sampleNames {
        #expect(lines.contains { $0.hasPrefix("samples/\(name): ok") }, "\(name): \(result)")
      }
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

  @Test func aWarningIsPrintedWithItsLocationAndStillChecksOK() throws {
    try withTemporaryFolder { folder in
      try folder.write(
        """
        controllers:
          nav: UINavigationController
          home: Home
        steps:
          - setViewControllers: [home]
            on: nav
          - setRoot: nav
          - pop: nav
        """, to: "flow.yaml")
      let result = try folder.vcgraph("check", "flow.yaml")
      #expect(result.status == 0, "\(result)")
      #expect(result.standardOutput.contains("flow.yaml: ok (3 steps)"), "\(result)")
      #expect(result.standardError.hasPrefix("flow.yaml:8:5: warning: step 3 (pop nav): "), "\(result)")
    }
  }

  @Test func aMissingFileIsAnError() throws {
    try withTemporaryFolder { folder in
      let result = try folder.vcgraph("check", "nowhere.yaml")
      #expect(result.status != 0, "\(result)")
      #expect(result.standardError.hasPrefix("nowhere.yaml:1:1: error: "), "\(result)")
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
  @Test(arguments: [[], ["render"], ["state"]])
  func helpShowsExamples(_ subcommand: [String]) throws {
    let result = try runVCGraph(subcommand + ["--help"], in: packageRoot)
    #expect(result.status == 0, "\(result)")
    #expect(result.standardOutput.contains("Examples:"), "\(result)")
    let invocation = (["vcgraph"] + subcommand).joined(separator: " ")
    #expect(result.standardOutput.contains("\n  \(invocation) "), "no example of \(invocation): \(result)")
    #expect(result.standardOutput.contains("USAGE: \(invocation)"), "\(result)")
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
