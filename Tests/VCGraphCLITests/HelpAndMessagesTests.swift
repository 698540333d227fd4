import Foundation
import Testing

/// What a newcomer reads: every command's help, and the messages about a file that cannot be read
/// or a controller that is gone.
@Suite struct HelpAndMessagesTests {
  static let commands = ["render", "check", "state", "events", "import", "storyboard", "diff", "map"]

  /// The options of a help text, one string per option (its lines joined).
  static func options(in help: String) -> [String] {
    var options: [String] = []
    for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("  -") {
        options.append(String(line))
      } else if line.hasPrefix("      "), !options.isEmpty {
        options[options.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
      }
    }
    return options
  }

  /// No option says its default twice (once in its own words, once as `(default: …)`), and every
  /// help says where the scenario format is documented.
  @Test func everyHelpSaysEachDefaultOnceAndWhereTheFormatsAreDocumented() throws {
    try withTemporaryFolder { folder in
      for command in [nil] + Self.commands.map(Optional.some) {
        let result = try command.map { try folder.vcgraph($0, "--help") } ?? folder.vcgraph("--help")
        #expect(result.status == 0, "\(result)")
        let help = result.standardOutput
        #expect(help.contains("README.md (\"Scenario format\""), "\(command ?? "vcgraph"): \(help)")
        for option in Self.options(in: help) {
          let defaults = option.components(separatedBy: "default").count - 1
          #expect(defaults <= 1, "\(command ?? "vcgraph"): \(option)")
        }
      }
    }
  }

  /// A controller a step dismisses is drawn where it was, faded, saying what it was: gone, not on
  /// screen.
  @Test func aDismissedControllerIsDrawnAsGone() throws {
    try withTemporaryFolder { folder in
      try folder.write(
        """
        controllers:
          nav: UINavigationController
          home: HomeViewController
          login: LoginViewController
        steps:
          - setRoot: nav
          - push: home
            on: nav
          - present: login
            from: home
            style: fullScreen
          - dismiss: login
        """, to: "flow.yaml")
      let result = try folder.vcgraph("render", "flow.yaml", "--step", "4", "-o", "out")
      #expect(result.status == 0, "\(result)")
      let texts = try svgTexts(try folder.bytes("out/flow/04-dismiss-login.svg"))
      // The node's lines joined as one text: a long line wraps.
      let login = (texts.nodes["vc-login"] ?? []).joined(separator: " ")
      #expect(login.contains("− REMOVED"), "\(login)")
      #expect(login.contains("− gone · was on screen · appeared"), "\(login)")
      #expect(!login.contains("● on screen"), "\(login)")
    }
  }
}
