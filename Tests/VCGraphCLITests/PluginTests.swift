import Foundation
import Testing

/// True when the end-to-end tests of the `vcgraph` command plugin should run (`VCGRAPH_TEST_PLUGIN=1`).
///
/// They build vcgraph again in a package of their own, which takes a minute or two, so `swift test`
/// leaves them out unless asked: `VCGRAPH_TEST_PLUGIN=1 swift test --filter PluginTests`.
let pluginTestsEnabled = ProcessInfo.processInfo.environment["VCGRAPH_TEST_PLUGIN"] == "1"

@Suite(
  "The vcgraph command plugin, run by SwiftPM from a package that depends on vcgraph",
  .enabled(if: pluginTestsEnabled, "set VCGRAPH_TEST_PLUGIN=1 to build vcgraph in a new package and run the plugin"),
  .timeLimit(.minutes(15))
)
struct PluginTests {
  @Test("renders, fails and prints as vcgraph does, from the package's own directory")
  func pluginInADependentPackage() throws {
    try withTemporaryFolder { folder in
      try folder.write(
        """
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
          name: "Flows",
          dependencies: [.package(path: \(String(reflecting: packageRoot.path)))],
          targets: [.target(name: "Flows")]
        )
        """, to: "Package.swift")
      try folder.write("public let flows = 1\n", to: "Sources/Flows/Flows.swift")
      try folder.write(
        try String(contentsOf: samplesFolder.appendingPathComponent("login-flow.yaml"), encoding: .utf8),
        to: "samples/login-flow.yaml")

      // The command: every scenario of a folder, into the package's Docs/.
      let render = try swiftPackage(
        ["--allow-writing-to-package-directory", "vcgraph", "render", "samples/", "-o", "Docs/", "--format", "svg"],
        in: folder.url)
      #expect(render.status == 0, "\(render)")
      #expect(
        render.standardOutput.contains("samples/login-flow.yaml → Docs/login-flow (4 steps, 5 files)"), "\(render)")
      #expect(
        folder.contents(of: "Docs/login-flow") == [
          "01-setroot-nav.svg", "02-push-home-on-nav.svg", "03-present-login-from-home.svg", "04-dismiss-login.svg",
          "index.json",
        ])
      let index = try parseJSONObject(try folder.bytes("Docs/login-flow/index.json"))
      #expect((index["steps"] as? [Any])?.count == 4)
      #expect(try svgNodeIDs(try folder.bytes("Docs/login-flow/03-present-login-from-home.svg")).contains("vc-login"))

      // Standard output is vcgraph's own: JSON that parses.
      let state = try swiftPackage(
        [
          "--allow-writing-to-package-directory", "vcgraph", "state", "samples/login-flow.yaml", "--step", "3",
          "--json",
        ],
        in: folder.url)
      #expect(state.status == 0, "\(state)")
      let steps = try #require(try parseJSON(state.standardOutput) as? [String: Any])["steps"] as? [[String: Any]]
      #expect(steps?.first?["action"] as? String == "present login from home")

      // A scenario that breaks a rule: vcgraph's message, and the command fails.
      try folder.write(
        """
        controllers:
          a: ContentViewController
        steps:
          - push: a
            on: a
        """, to: "broken.yaml")
      let check = try swiftPackage(
        ["--allow-writing-to-package-directory", "vcgraph", "check", "broken.yaml"], in: folder.url)
      // SwiftPM forwards a plugin's standard error to its own standard output; its own messages stay
      // on standard error.
      #expect(check.status != 0, "\(check)")
      #expect(check.standardOutput.contains("broken.yaml:4:5: error: step 1 (push a on a):"), "\(check)")
      #expect(check.standardError.contains("Plugin ended with exit code 1"), "\(check)")

      // The permission the plugin asks for is required.
      let refused = try swiftPackage(["vcgraph", "check", "samples/login-flow.yaml"], in: folder.url)
      #expect(refused.status != 0, "\(refused)")
      #expect(refused.standardError.contains("--allow-writing-to-package-directory"), "\(refused)")
    }
  }
}

/// Runs `swift package ARGUMENTS` in `directory`, capturing its output, and waits for it.
private func swiftPackage(_ arguments: [String], in directory: URL) throws -> CommandResult {
  try runProgram(URL(fileURLWithPath: "/usr/bin/env"), ["swift", "package"] + arguments, in: directory)
}
