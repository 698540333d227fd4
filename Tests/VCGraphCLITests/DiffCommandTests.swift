import Foundation
import Testing

/// `vcgraph diff`, run as a user runs it: the built executable in a temporary folder, on the
/// sample dumps and scenarios.
@Suite struct DiffCommandTests {
  static let before = "samples/dumps/settings-before.txt"
  static let after = "samples/dumps/settings-after.txt"

  /// Tapping Settings on Home: Settings is pushed (Home stays on the stack but leaves the window), and
  /// Login is presented as a form sheet. A form sheet does not cover the screen, so the navigation
  /// controller stays `appeared` and has no line of its own.
  static let beforeToAfter = """
    + child SettingsViewController (stack[1] · top) of UINavigationController
    + presented LoginViewController (formSheet) on UINavigationController
    ~ HomeViewController appeared → disappeared

    """

  /// The same, backwards: what was added is removed, and Home is on top and on screen again.
  static let afterToBefore = """
    - child SettingsViewController (stack[1] · top) of UINavigationController
    - presented LoginViewController (formSheet) on UINavigationController
    ~ HomeViewController disappeared → appeared

    """

  /// `samples/login-flow.yaml` from step 1 (the empty navigation controller is the window's root) to
  /// step 3 (home pushed, login presented full screen from home). UIKit forwards a full-screen
  /// presentation to the root of home's containment tree, the navigation controller, and a
  /// full-screen presentation removes the presenter's views: nav, on screen at step 1, is now
  /// disappeared. Home was not in the hierarchy at step 1, so it has no `~` line; its relation says
  /// it arrived, and login arrived with its presentation.
  static let loginStep1To3 = """
    + child home (stack[0] · top) of nav
    + presented login (fullScreen) on nav
    ~ nav appeared → disappeared

    """

  /// Step 3 to step 4 (dismiss login): the presentation goes, and nav and home (its top) are back on
  /// screen.
  static let loginStep3To4 = """
    - presented login (fullScreen) on nav
    ~ home disappeared → appeared
    ~ nav disappeared → appeared

    """

  // MARK: - Summaries

  @Test func theSampleDumpsPrintTheirDifferences() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let forward = try folder.vcgraph("diff", Self.before, Self.after)
      #expect(forward.status == 0, "\(forward)")
      #expect(forward.standardOutput == Self.beforeToAfter, "\(forward)")
      #expect(forward.standardError.isEmpty, "\(forward)")

      let backward = try folder.vcgraph("diff", Self.after, Self.before)
      #expect(backward.status == 0, "\(backward)")
      #expect(backward.standardOutput == Self.afterToBefore, "\(backward)")
      #expect(folder.contents(of: ".") == ["samples"], "no -o, nothing written")
    }
  }

  @Test func identicalInputsPrintNoChanges() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      for dump in [Self.before, Self.after, "samples/dumps/mail-compose-sheet.txt"] {
        let result = try folder.vcgraph("diff", dump, dump)
        #expect(result.status == 0, "\(result)")
        #expect(result.standardOutput == "no changes\n", "\(result)")
      }
    }
  }

  @Test func exitCodeSaysWhetherTheyDiffer() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let different = try folder.vcgraph("diff", Self.before, Self.after, "--exit-code")
      #expect(different.status == 1, "\(different)")
      #expect(different.standardOutput == Self.beforeToAfter, "the lines are still printed: \(different)")
      #expect(different.standardError.isEmpty, "\(different)")

      let same = try folder.vcgraph("diff", Self.after, Self.after, "--exit-code")
      #expect(same.status == 0, "\(same)")
      #expect(same.standardOutput == "no changes\n", "\(same)")

      let sameSteps = try folder.vcgraph("diff", "samples/login-flow.yaml#2", "samples/login-flow.yaml", "--exit-code")
      #expect(sameSteps.status == 0, "dismissing login gives step 2's hierarchy back: \(sameSteps)")
    }
  }

  @Test func scenarioSteps() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("diff", "samples/login-flow.yaml#1", "samples/login-flow.yaml#3")
      #expect(result.status == 0, "\(result)")
      #expect(result.standardOutput == Self.loginStep1To3, "\(result)")

      // Without #N, a scenario gives its last step.
      let last = try folder.vcgraph("diff", "samples/login-flow.yaml#3", "samples/login-flow.yaml")
      #expect(last.status == 0, "\(last)")
      #expect(last.standardOutput == Self.loginStep3To4, "\(last)")
    }
  }

  @Test func stateJSONWithAStepNumber() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let state = try folder.vcgraph("state", "samples/login-flow.yaml", "--json")
      try #require(state.status == 0, "\(state)")
      try folder.write(state.standardOutput, to: "state.json")

      let steps = try folder.vcgraph("diff", "state.json#1", "state.json#3")
      #expect(steps.status == 0, "\(steps)")
      #expect(steps.standardOutput == Self.loginStep1To3, "\(steps)")

      // The JSON of a step is the scenario's step; without #N it is the last step.
      let mixed = try folder.vcgraph("diff", "state.json#3", "samples/login-flow.yaml#3", "--exit-code")
      #expect(mixed.status == 0, "\(mixed)")
      #expect(mixed.standardOutput == "no changes\n", "\(mixed)")
      let last = try folder.vcgraph("diff", "state.json#3", "state.json")
      #expect(last.standardOutput == Self.loginStep3To4, "\(last)")
    }
  }

  /// `vcgraph import --format json` writes a state JSON that diffs like the dump it came from.
  @Test func importedJSONDiffsLikeItsDump() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let imported = try folder.vcgraph("import", Self.after, "--format", "json", "-o", "json")
      try #require(imported.status == 0, "\(imported)")
      let same = try folder.vcgraph("diff", Self.after, "json/settings-after.json", "--exit-code")
      #expect(same.status == 0, "\(same)")
      #expect(same.standardOutput == "no changes\n", "\(same)")
      let forward = try folder.vcgraph("diff", Self.before, "json/settings-after.json#1")
      #expect(forward.standardOutput == Self.beforeToAfter, "\(forward)")
    }
  }

  @Test func eitherSideFromStandardInput() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let afterText = try String(contentsOf: folder(Self.after), encoding: .utf8)
      let beforeText = try String(contentsOf: folder(Self.before), encoding: .utf8)

      let later = try folder.vcgraph("diff", Self.before, "-", input: afterText)
      #expect(later.status == 0, "\(later)")
      #expect(later.standardOutput == Self.beforeToAfter, "\(later)")

      let earlier = try folder.vcgraph("diff", "-", Self.after, "--exit-code", input: beforeText)
      #expect(earlier.status == 1, "\(earlier)")
      #expect(earlier.standardOutput == Self.beforeToAfter, "\(earlier)")
    }
  }

  @Test func keepPointersReportsANewAddress() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let text = try String(contentsOf: folder(Self.before), encoding: .utf8)
      try folder.write(text.replacingOccurrences(of: "0x7b3219e0", with: "0x7b3219f0"), to: "again.txt")

      let plain = try folder.vcgraph("diff", Self.before, "again.txt")
      #expect(plain.standardOutput == "no changes\n", "\(plain)")
      let kept = try folder.vcgraph("diff", Self.before, "again.txt", "--keep-pointers")
      #expect(
        kept.standardOutput == "~ HomeViewController address 0x7b3219e0 → 0x7b3219f0 (another instance)\n", "\(kept)")
    }
  }

  // MARK: - Diagrams

  @Test func drawsTheDiffWithItsMarkers() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      // After → before: Settings and Login are removed, Home changes.
      let removing = try folder.vcgraph("diff", Self.after, Self.before, "-o", "out", "--format", "svg,png")
      #expect(removing.status == 0, "\(removing)")
      #expect(removing.standardOutput == Self.afterToBefore, "\(removing)")
      #expect(folder.contents(of: "out") == ["diff.png", "diff.svg"])
      #expect(Array(try folder.bytes("out/diff.png").prefix(8)) == pngSignature)

      let removed = try svgTexts(try folder.bytes("out/diff.svg"))
      let marks = Self.markers(removed)
      #expect(marks["vc-SettingsViewController"] == ["− REMOVED"], "\(removed.nodes)")
      #expect(marks["vc-LoginViewController"] == ["− REMOVED"], "\(removed.nodes)")
      #expect(marks["vc-HomeViewController"] == ["~ CHANGED"], "\(removed.nodes)")
      #expect(marks["vc-UINavigationController"] == [], "\(removed.nodes)")
      // What Home was, on Home.
      #expect(removed.nodes["vc-HomeViewController"]?.contains("~ disappeared → appeared") == true)
      #expect(removed.graph.contains("settings-after.txt → settings-before.txt"), "\(removed.graph)")

      // Before → after: Settings and Login are added.
      let adding = try folder.vcgraph("diff", Self.before, Self.after, "-o", "out")
      #expect(adding.status == 0, "\(adding)")
      let added = try svgTexts(try folder.bytes("out/diff.svg"))
      let addedMarks = Self.markers(added)
      #expect(addedMarks["vc-SettingsViewController"] == ["+ ADDED"], "\(added.nodes)")
      #expect(addedMarks["vc-LoginViewController"] == ["+ ADDED"], "\(added.nodes)")
      #expect(addedMarks["vc-HomeViewController"] == ["~ CHANGED"], "\(added.nodes)")
      #expect(addedMarks["vc-UINavigationController"] == [], "\(added.nodes)")
      #expect(added.nodes["vc-HomeViewController"]?.contains("~ appeared → disappeared") == true)
    }
  }

  /// The diff markers each node draws, by node id.
  static func markers(_ texts: SVGTexts) -> [String: [String]] {
    texts.nodes.mapValues { $0.filter { ["+ ADDED", "~ CHANGED", "− REMOVED"].contains($0) } }
  }

  // MARK: - Errors

  @Test func aStepTheScenarioDoesNotHave() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("diff", "samples/login-flow.yaml#99", "samples/login-flow.yaml", "-o", "out")
      #expect(result.status == 2, "\(result)")
      #expect(result.standardOutput.isEmpty, "\(result)")
      #expect(result.standardError == "samples/login-flow.yaml: error: there is no step 99; it has 4 steps\n")
      #expect(!folder.exists("out"))
    }
  }

  @Test func aDumpHasNoSteps() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("diff", Self.before, Self.after + "#2")
      #expect(result.status == 2, "\(result)")
      #expect(result.standardOutput.isEmpty, "\(result)")
      #expect(
        result.standardError.hasPrefix("\(Self.after): error: '#2' names a step, but a dump has none"), "\(result)")
    }
  }

  @Test func aMalformedSideNamesItsLineAndWritesNothing() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let text = try String(contentsOf: folder(Self.after), encoding: .utf8)
      var lines = text.components(separatedBy: "\n")
      lines[2] = lines[2].replacingOccurrences(of: ", view: ", with: ", viw: ")
      try folder.write(lines.joined(separator: "\n"), to: "bad.txt")
      // "   | <Shop.SettingsViewController 0x7b3255a0>, state: appeared" is 62 characters.
      let column = 63

      for sides in [[Self.before, "bad.txt"], ["bad.txt", Self.before]] {
        let result = try runVCGraph(["diff"] + sides + ["-o", "out", "--format", "svg,png"], in: folder.url)
        #expect(result.status == 2, "\(result)")
        #expect(result.standardOutput.isEmpty, "\(result)")
        #expect(
          result.standardError.hasPrefix("bad.txt:3:\(column): error: expected \", view: \" after the state"),
          "\(result)")
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result)")
        #expect(!folder.exists("out"))
      }
    }
  }

  @Test func bothSidesFromStandardInputIsAUsageError() throws {
    try withTemporaryFolder { folder in
      let result = try folder.vcgraph("diff", "-", "-", input: "")
      #expect(result.status == 64, "\(result)")
      #expect(result.standardOutput.isEmpty, "\(result)")
      #expect(result.standardError.hasPrefix("Error: Only one side can be read from standard input."), "\(result)")
    }
  }

  @Test func helpShowsExamples() throws {
    let result = try runVCGraph(["diff", "--help"], in: packageRoot)
    #expect(result.status == 0, "\(result)")
    #expect(result.standardOutput.contains("USAGE: vcgraph diff <BEFORE> <AFTER>"), "\(result)")
    #expect(result.standardOutput.contains("\n  vcgraph diff before.txt after.txt\n"), "\(result)")
  }
}

extension DiffCommandTests {
  @Test func formatWithoutAnOutputFolderIsAUsageError() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("diff", Self.before, Self.after, "--format", "png")
      #expect(result.status == 64, "\(result)")
      #expect(result.standardError.contains("give -o DIR too"), "\(result)")
      #expect(result.standardOutput.isEmpty, "\(result)")
    }
  }

  @Test func aFolderInTheWayOfTheDiagramIsLeftAlone() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      try folder.write("mine", to: "out/diff.svg/keep.txt")
      let result = try folder.vcgraph("diff", Self.before, Self.after, "-o", "out")
      #expect(result.status == 2, "\(result)")
      #expect(result.standardError.contains("a folder is in the way"), "\(result)")
      #expect(folder.exists("out/diff.svg/keep.txt"))
    }
  }
}

extension DiffCommandTests {
  /// `diff` reads whatever `import` and `storyboard` read, a storyboard too (the hierarchy it shows
  /// at launch), and draws the way they do, through the same job.
  @Test func aStoryboardIsASideToo() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let same = try folder.vcgraph(
        "diff", "samples/storyboards/Settings.storyboard", "samples/storyboards/Settings.storyboard", "--exit-code")
      #expect(same.status == 0, "\(same)")
      #expect(same.standardOutput == "no changes\n", "\(same)")
      let drawn = try folder.vcgraph(
        "diff", "samples/storyboards/Settings.storyboard", Self.after, "-o", "out", "--theme", "both")
      #expect(drawn.status == 0, "\(drawn)")
      #expect(drawn.standardOutput.contains("+ presented LoginViewController (formSheet)"), "\(drawn)")
      #expect(folder.contents(of: "out") == ["diff.svg", "diff~dark.svg"])
      let stepped = try folder.vcgraph("diff", "samples/storyboards/Settings.storyboard#2", Self.after)
      #expect(stepped.status == 2, "\(stepped)")
      #expect(
        stepped.standardError
          == "samples/storyboards/Settings.storyboard: error: '#2' names a step, but a storyboard has none; it is "
          + "drawn as it launches\n", "\(stepped)")
    }
  }
}
