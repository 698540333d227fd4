import Foundation
import Testing

/// `vcgraph import`, run as a user runs it: the built executable in a temporary folder, on the
/// sample dumps in `samples/dumps/`.
@Suite struct ImportCommandTests {
  static let settingsAfter = "samples/dumps/settings-after.txt"
  static let dumpNames = ["mail-compose-sheet", "settings-after", "settings-before"]

  /// `settings-after.txt` as the text export prints it: the dump without its addresses.
  static let settingsAfterText = """
    <UINavigationController>, state: appeared, view: <UILayoutContainerView>
       | <Shop.HomeViewController>, state: disappeared, view: <UIView> not in the window
       | <Shop.SettingsViewController>, state: appeared, view: <UIView>
       + <Shop.LoginViewController>, state: appeared, view: <UIView>, presented with: <_UIFormSheetPresentationController>

    """

  /// Every address `settings-after.txt` prints: four controllers, four views, one presentation controller.
  static let settingsAfterAddresses = [
    "0x7b3218d0", "0x7b3219e0", "0x7b3255a0", "0x7b32c8f0", "0x7b3a1c40", "0x7b3a2f10", "0x7b3b0e20", "0x7b3c4a10",
    "0x7b32d100",
  ]

  // MARK: - Formats

  @Test func everyFormatWritesOneFileNamedAfterTheDump() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph(
        "import", Self.settingsAfter, "--format", "svg,png,pdf,dot,json,mermaid,text", "-o", "out")
      #expect(result.status == 0, "\(result)")
      #expect(result.standardOutput == "\(Self.settingsAfter) → out (7 files)\n", "\(result)")
      #expect(result.standardError.isEmpty, "\(result)")
      #expect(
        folder.contents(of: "out")
          == ["dot", "json", "mmd", "pdf", "png", "svg", "txt"].map { "settings-after." + $0 })

      let png = try folder.bytes("out/settings-after.png")
      #expect(Array(png.prefix(8)) == pngSignature)
      let size = try #require(pngSize(png), "no IHDR")
      #expect(size.width > 0 && size.height > 0)
      #expect(Array(try folder.bytes("out/settings-after.pdf").prefix(5)) == Array("%PDF-".utf8))
      let dot = String(decoding: try folder.bytes("out/settings-after.dot"), as: UTF8.self)
      #expect(dot.hasPrefix("digraph "), "\(dot.prefix(80))")
      if hasDotProgram { #expect(try dotStatus(readingFile: folder("out/settings-after.dot")) == 0) }
      let mermaid = String(decoding: try folder.bytes("out/settings-after.mmd"), as: UTF8.self)
      #expect(mermaid.hasPrefix("flowchart TD\n"), "\(mermaid)")
      #expect(mermaid.contains(#"-.->|"presents · formSheet"|"#), "\(mermaid)")
      #expect(String(decoding: try folder.bytes("out/settings-after.txt"), as: UTF8.self) == Self.settingsAfterText)
      let json = try parseJSONObject(try folder.bytes("out/settings-after.json"))
      #expect(json["steps"] is [Any])

      // The diagram draws each controller with its class and its state; ids are class names.
      let texts = try svgTexts(try folder.bytes("out/settings-after.svg"))
      #expect(
        Set(texts.nodes.keys) == [
          "window-1", "vc-UINavigationController", "vc-HomeViewController", "vc-SettingsViewController",
          "vc-LoginViewController",
        ], "\(texts.nodes)")
      let expected: [String: (className: String, state: String)] = [
        "vc-UINavigationController": ("UINavigationController", "on screen · appeared"),
        "vc-HomeViewController": ("Shop.HomeViewController", "off screen · disappeared"),
        "vc-SettingsViewController": ("Shop.SettingsViewController", "on screen · appeared"),
        "vc-LoginViewController": ("Shop.LoginViewController", "on screen · appeared"),
      ]
      for (id, node) in expected {
        let drawn = texts.nodes[id] ?? []
        // A long class name may take two lines, broken after its module's dot.
        #expect(drawn.joined().contains(node.className), "\(id): \(drawn)")
        #expect(drawn.contains { $0.hasSuffix(node.state) }, "\(id): \(drawn)")
      }
      #expect(texts.graph.contains("settings-after.txt"), "\(texts.graph)")
    }
  }

  /// A dump prints no collapse: a split view is labelled only when its columns on screen tell, and
  /// one off screen is neither collapsed nor expanded, in the diagram, the Mermaid chart and the
  /// JSON (null, which reads back).
  @Test func aSplitViewIsLabelledOnlyWhenTheDumpTells() throws {
    try withTemporaryFolder { folder in
      _ = try folder.write(
        """
        <UITabBarController: 0x7f01>, state: appeared, view: <UILayoutContainerView: 0x7f02>
           | <UISplitViewController: 0x7f03>, state: appeared, view: <UIPanelContainerView: 0x7f04>
           |    | <UINavigationController: 0x7f05>, state: appeared, view: <UILayoutContainerView: 0x7f06>
           |    |    | <Mail.MailboxesViewController: 0x7f07>, state: appeared, view: <UITableView: 0x7f08>
           |    | <UINavigationController: 0x7f09>, state: disappeared, view: <UILayoutContainerView: 0x7f0a> not in the window
           | <UISplitViewController: 0x7f0b>, state: disappeared, view: <UIPanelContainerView: 0x7f0c> not in the window
           |    | <UINavigationController: 0x7f0d>, state: disappeared, view: <UILayoutContainerView: 0x7f0e> not in the window
           |    | <UINavigationController: 0x7f0f>, state: disappeared, view: <UILayoutContainerView: 0x7f10> not in the window

        """, to: "split.txt")
      let result = try folder.vcgraph("import", "split.txt", "--format", "svg,json,mermaid", "-o", "out")
      #expect(result.status == 0, "\(result)")
      let texts = try svgTexts(try folder.bytes("out/split.svg"))
      let shown = (texts.nodes["vc-UISplitViewController"] ?? []).joined(separator: " | ")
      let hidden = (texts.nodes["vc-UISplitViewController-2"] ?? []).joined(separator: " | ")
      #expect(shown.contains("SPLIT VIEW · COLLAPSED"), "\(shown)")
      #expect(hidden.contains("SPLIT VIEW"), "\(hidden)")
      #expect(!hidden.contains("COLLAPSED") && !hidden.contains("EXPANDED"), "\(hidden)")
      let controllers = try stateControllers(try parseJSONObject(try folder.bytes("out/split.json")), step: 1)
      #expect(controllers["UISplitViewController"]?["isCollapsed"] as? Bool == true)
      #expect(controllers["UISplitViewController-2"]?["isCollapsed"] is NSNull)
      let mermaid = String(decoding: try folder.bytes("out/split.mmd"), as: UTF8.self)
      #expect(mermaid.components(separatedBy: "COLLAPSED").count == 2, "\(mermaid)")
      #expect(!mermaid.contains("EXPANDED"), "\(mermaid)")
      // The JSON reads back, null and all: against the dump it came from, nothing changed.
      let diff = try folder.vcgraph("diff", "split.txt", "out/split.json")
      #expect(diff.status == 0, "\(diff)")
      #expect(diff.standardOutput.lowercased().contains("no changes"), "\(diff)")
    }
  }

  @Test func withoutFormatItDrawsAnSVGIntoDiagrams() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("import", "samples/dumps/settings-before.txt")
      #expect(result.status == 0, "\(result)")
      #expect(result.standardOutput == "samples/dumps/settings-before.txt → diagrams (1 file)\n", "\(result)")
      #expect(folder.contents(of: ".") == ["diagrams", "samples"])
      #expect(folder.contents(of: "diagrams") == ["settings-before.svg"])
      let ids = try svgNodeIDs(try folder.bytes("diagrams/settings-before.svg"))
      #expect(Set(ids) == ["window-1", "vc-UINavigationController", "vc-HomeViewController"])
    }
  }

  @Test func severalDumpsAtOnceWriteTheirOwnFiles() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let dumps = Self.dumpNames.map { "samples/dumps/\($0).txt" }
      let result = try runVCGraph(["import"] + dumps + ["--format", "svg,text", "-o", "out"], in: folder.url)
      #expect(result.status == 0, "\(result)")
      #expect(result.standardOutput == dumps.map { "\($0) → out (2 files)\n" }.joined(), "\(result)")
      #expect(folder.contents(of: "out") == Self.dumpNames.flatMap { [$0 + ".svg", $0 + ".txt"] })
      // Each file holds its own dump, not another's.
      let mail = String(decoding: try folder.bytes("out/mail-compose-sheet.txt"), as: UTF8.self)
      #expect(mail.split(separator: "\n").count == 10, "\(mail)")
      #expect(mail.contains("<Mail.ComposeViewController>"), "\(mail)")
      let before = String(decoding: try folder.bytes("out/settings-before.txt"), as: UTF8.self)
      #expect(
        before
          == "<UINavigationController>, state: appeared, view: <UILayoutContainerView>\n"
          + "   | <Shop.HomeViewController>, state: appeared, view: <UIView>\n")
      let mailNodes = try svgNodeIDs(try folder.bytes("out/mail-compose-sheet.svg"))
      #expect(mailNodes.count == 11, "a window and ten controllers: \(mailNodes)")
      #expect(mailNodes.contains("vc-ComposeViewController"))
      #expect(mailNodes.contains("vc-UINavigationController-3"))
    }
  }

  // MARK: - Standard input and standard output

  @Test func standardInputToStandardOutputPrintsOnlyTheChart() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let dump = try String(contentsOf: folder(Self.settingsAfter), encoding: .utf8)
      let piped = try folder.vcgraph("import", "-", "--format", "mermaid", "-o", "-", input: dump)
      #expect(piped.status == 0, "\(piped)")
      #expect(piped.standardError.isEmpty, "\(piped)")
      #expect(piped.standardOutput.hasPrefix("flowchart TD\n"), "\(piped)")
      // Nothing is written anywhere.
      #expect(folder.contents(of: ".") == ["samples"])

      // The same chart the file import writes, and not a byte more.
      let written = try folder.vcgraph("import", Self.settingsAfter, "--format", "mermaid", "-o", "out")
      try #require(written.status == 0, "\(written)")
      #expect(piped.standardOutput == String(decoding: try folder.bytes("out/settings-after.mmd"), as: UTF8.self))
    }
  }

  @Test func standardInputIsNamedHierarchy() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let dump = try String(contentsOf: folder(Self.settingsAfter), encoding: .utf8)
      let result = try folder.vcgraph("import", "-", "--format", "svg,json", input: dump)
      #expect(result.status == 0, "\(result)")
      #expect(folder.contents(of: "diagrams") == ["hierarchy.json", "hierarchy.svg"])
      let ids = try svgNodeIDs(try folder.bytes("diagrams/hierarchy.svg"))
      #expect(ids.contains("vc-LoginViewController"), "\(ids)")
    }
  }

  /// `-o -` prints one text export; a diagram, two exports or a report need a folder.
  @Test(arguments: [
    ["-o", "-"],
    ["-o", "-", "--format", "png"],
    ["-o", "-", "--format", "svg,text"],
    ["-o", "-", "--format", "text,json"],
    ["-o", "-", "--format", "text", "--format", "mermaid"],
    ["-o", "-", "--format", "text", "--report", "report.md"],
  ])
  func standardOutputTakesOneTextExport(_ options: [String]) throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try runVCGraph(["import", Self.settingsAfter] + options, in: folder.url)
      #expect(result.status == 64, "\(result)")
      #expect(result.standardOutput.isEmpty, "\(result)")
      #expect(result.standardError.hasPrefix("Error: "), "\(result)")
      #expect(result.standardError.contains("Usage: vcgraph import"), "\(result)")
      #expect(folder.contents(of: ".") == ["samples"])
    }
  }

  // MARK: - Addresses

  @Test func keepPointersShowsTheAddresses() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph(
        "import", Self.settingsAfter, "--keep-pointers", "--format", "svg,text,json", "-o", "out")
      #expect(result.status == 0, "\(result)")

      let texts = try svgTexts(try folder.bytes("out/settings-after.svg"))
      let drawn: [String: (controller: String, view: String)] = [
        "vc-UINavigationController": ("0x7b3218d0", "0x7b3a1c40"),
        "vc-HomeViewController": ("0x7b3219e0", "0x7b3a2f10"),
        "vc-SettingsViewController": ("0x7b3255a0", "0x7b3b0e20"),
        "vc-LoginViewController": ("0x7b32c8f0", "0x7b3c4a10"),
      ]
      for (id, addresses) in drawn {
        let node = texts.nodes[id] ?? []
        #expect(node.contains { $0.contains(addresses.controller) && $0.contains(addresses.view) }, "\(id): \(node)")
      }

      let text = String(decoding: try folder.bytes("out/settings-after.txt"), as: UTF8.self)
      for address in Self.settingsAfterAddresses {
        #expect(text.contains(address), "\(address) missing from:\n\(text)")
      }
      #expect(text.hasPrefix("<UINavigationController: 0x7b3218d0>, state: appeared, view: <"), "\(text)")

      let json = try parseJSONObject(try folder.bytes("out/settings-after.json"))
      let controllers = try stateControllers(json, step: 1)
      #expect(
        controllers.mapValues { $0["address"] as? String } == [
          "UINavigationController": "0x7b3218d0", "HomeViewController": "0x7b3219e0",
          "SettingsViewController": "0x7b3255a0", "LoginViewController": "0x7b32c8f0",
        ])
    }
  }

  /// By default no address reaches any output: not the text ones, not the diagram, not the report.
  @Test func withoutKeepPointersNoAddressIsWrittenAnywhere() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      for dump in Self.dumpNames {
        let result = try folder.vcgraph(
          "import", "samples/dumps/\(dump).txt", "--format", "svg,dot,json,mermaid,text", "-o", "out",
          "--report", "out/\(dump).md")
        #expect(result.status == 0, "\(result)")
        // The dumps do print addresses.
        #expect(try String(contentsOf: folder("samples/dumps/\(dump).txt"), encoding: .utf8).contains("0x"))
      }
      let files = folder.contents(of: "out")
      #expect(files.count == Self.dumpNames.count * 6, "\(files)")
      for file in files {
        let text = String(decoding: try folder.bytes("out/\(file)"), as: UTF8.self)
        #expect(!text.contains("0x"), "\(file) shows an address")
      }
      // The standard output export too.
      let printed = try folder.vcgraph("import", Self.settingsAfter, "--format", "json", "-o", "-")
      #expect(printed.status == 0, "\(printed)")
      #expect(!printed.standardOutput.contains("0x"), "\(printed)")
    }
  }

  // MARK: - Report

  @Test func reportWritesOnlyTheReport() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("import", Self.settingsAfter, "--report", "r.md")
      #expect(result.status == 0, "\(result)")
      #expect(result.standardOutput == "\(Self.settingsAfter) → r.md\n", "\(result)")
      #expect(folder.contents(of: ".") == ["r.md", "samples"], "no diagrams folder, no svg")

      let report = String(decoding: try folder.bytes("r.md"), as: UTF8.self)
      #expect(report.hasPrefix("# View controller hierarchy: `settings-after.txt`\n"), "\(report)")
      // The summary.
      #expect(report.contains("\n- **Windows:** 1\n  - `1`: root `UINavigationController`\n"), "\(report)")
      #expect(report.contains("\n- **Controllers:** 4\n"), "\(report)")
      #expect(
        report.contains(
          "\n- **On screen:** `UINavigationController`, `Shop.SettingsViewController`, `Shop.LoginViewController`\n"),
        "\(report)")
      #expect(
        report.contains("\n  - `UINavigationController` → `Shop.LoginViewController` (formSheet)\n"), "\(report)")
      // The Mermaid chart the mermaid export prints, in a mermaid block.
      let chart = try folder.vcgraph("import", Self.settingsAfter, "--format", "mermaid", "-o", "-")
      try #require(chart.status == 0, "\(chart)")
      #expect(report.contains("\n```mermaid\n" + chart.standardOutput + "```\n"), "\(report)")
      // The dump, folded away; its addresses left out.
      let details = try #require(report.range(of: "<details>"), "\(report)")
      let folded = String(report[details.lowerBound...])
      #expect(folded.hasPrefix("<details><summary><code>_printHierarchy</code> output (4 lines)</summary>"))
      #expect(folded.contains("\n```text\n" + Self.settingsAfterText + "```\n"), "\(folded)")
      #expect(folded.hasSuffix("</details>\n"), "\(folded)")
    }
  }

  @Test func reportWithKeepPointersHoldsTheDumpAsItWas() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("import", Self.settingsAfter, "--report", "r.md", "--keep-pointers")
      #expect(result.status == 0, "\(result)")
      let report = String(decoding: try folder.bytes("r.md"), as: UTF8.self)
      let dump = try String(contentsOf: folder(Self.settingsAfter), encoding: .utf8)
      #expect(report.contains("\n```text\n" + dump + "```\n"), "\(report)")
    }
  }

  /// A report file name of one character, in the current folder (Foundation's
  /// `deletingLastPathComponent` crashes on one-character paths on Linux).
  @Test func reportNamedWithOneCharacter() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("import", Self.settingsAfter, "--report", "r")
      #expect(result.status == 0, "\(result)")
      #expect(result.standardOutput == "\(Self.settingsAfter) → r\n", "\(result)")
      #expect(String(decoding: try folder.bytes("r"), as: UTF8.self).hasPrefix("# View controller hierarchy: "))
    }
  }

  /// `--report` names a file: a folder given by mistake is an error and is left as it was.
  @Test(arguments: ["reports", "reports/"])
  func reportIntoAFolderIsAnError(_ path: String) throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      try folder.write("keep", to: "reports/earlier.md")
      let result = try folder.vcgraph("import", Self.settingsAfter, "--report", path, "--format", "text", "-o", "out")
      #expect(result.status != 0, "\(result)")
      #expect(result.standardError.contains("error: "), "\(result)")
      #expect(folder.contents(of: "reports") == ["earlier.md"])
      #expect(String(decoding: try folder.bytes("reports/earlier.md"), as: UTF8.self) == "keep")
      #expect(!folder.exists("out"), "nothing is written")
    }
  }

  @Test func reportOfStandardOutputIsAUsageError() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("import", Self.settingsAfter, "--report", "-")
      #expect(result.status == 64, "\(result)")
      #expect(result.standardError.hasPrefix("Error: "), "\(result)")
      #expect(folder.contents(of: ".") == ["samples"])
    }
  }

  // MARK: - JSON and text

  /// The JSON export has the shape of `vcgraph state --json`: `steps` with one step, whose
  /// controllers and windows have the same keys.
  @Test func jsonHasTheShapeOfStateJSON() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let imported = try folder.vcgraph("import", Self.settingsAfter, "--format", "json", "-o", "out")
      try #require(imported.status == 0, "\(imported)")
      let state = try folder.vcgraph("state", "samples/login-flow.yaml", "--step", "3", "--json")
      try #require(state.status == 0, "\(state)")

      let json = try parseJSONObject(try folder.bytes("out/settings-after.json"))
      let reference = try #require(try parseJSON(state.standardOutput) as? [String: Any])
      #expect(Set(json.keys) == ["steps"])
      #expect(Set(json.keys) == Set(reference.keys))
      let steps = try #require(json["steps"] as? [[String: Any]])
      let referenceSteps = try #require(reference["steps"] as? [[String: Any]])
      try #require(steps.count == 1)
      let step = steps[0]
      #expect(Set(step.keys) == Set(referenceSteps[0].keys))
      #expect(step["number"] as? Int == 1)
      #expect(step["action"] as? String == "import \(Self.settingsAfter)")

      let controllerKeys = try #require(
        (referenceSteps[0]["viewControllers"] as? [[String: Any]])?.first?.keys)
      let controllers = try #require(step["viewControllers"] as? [[String: Any]])
      #expect(controllers.count == 4)
      // Keys written only where they apply: a hosting controller's SwiftUI view, a sheet's detents,
      // a split view's compact column.
      let optionalKeys: Set<String> = ["swiftUIView", "sheetDetents", "selectedDetent", "compactColumn"]
      for controller in controllers {
        #expect(
          Set(controller.keys).subtracting(optionalKeys) == Set(controllerKeys).subtracting(optionalKeys),
          "\(controller["id"] ?? "?")")
        let isSheet = ["pageSheet", "formSheet", "automatic"].contains(controller["modalPresentationStyle"] as? String)
        #expect((controller["sheetDetents"] != nil) == isSheet, "\(controller["id"] ?? "?")")
      }
      let windowKeys = try #require((referenceSteps[0]["windows"] as? [[String: Any]])?.first?.keys)
      let windows = try #require(step["windows"] as? [[String: Any]])
      #expect(windows.count == 1)
      #expect(Set(windows[0].keys) == Set(windowKeys))
      #expect(windows[0]["rootViewController"] as? String == "UINavigationController")

      let byID = try stateControllers(json, step: 1)
      #expect(
        byID["UINavigationController"]?["children"] as? [String] == ["HomeViewController", "SettingsViewController"])
      #expect(byID["HomeViewController"]?["state"] as? String == "disappeared")
      #expect(byID["HomeViewController"]?["isViewInWindow"] as? Bool == false)
      #expect(byID["LoginViewController"]?["presentingViewController"] as? String == "UINavigationController")
      #expect(byID["LoginViewController"]?["modalPresentationStyle"] as? String == "formSheet")
      #expect(byID["LoginViewController"]?["class"] as? String == "Shop.LoginViewController")
    }
  }

  /// The text export is a dump again: importing it gives the same text, with or without addresses.
  @Test(arguments: [false, true])
  func textExportReimportsToTheSameText(keepingPointers: Bool) throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let flag = keepingPointers ? ["--keep-pointers"] : []
      for dump in Self.dumpNames {
        let first = try runVCGraph(
          ["import", "samples/dumps/\(dump).txt", "--format", "text", "-o", "first"] + flag, in: folder.url)
        try #require(first.status == 0, "\(first)")
        let second = try runVCGraph(
          ["import", "first/\(dump).txt", "--format", "text", "-o", "second"] + flag, in: folder.url)
        try #require(second.status == 0, "\(second)")
        let once = String(decoding: try folder.bytes("first/\(dump).txt"), as: UTF8.self)
        let twice = String(decoding: try folder.bytes("second/\(dump).txt"), as: UTF8.self)
        #expect(once == twice, "\(dump)")
        #expect(once.contains("0x") == keepingPointers, "\(dump)")
      }
    }
  }

  // MARK: - Errors

  /// The mail dump with line 5 (of 13) broken: a misspelt state.
  static func brokenMailDump(in folder: TemporaryFolder) throws -> (text: String, column: Int) {
    var lines = try String(contentsOf: folder("samples/dumps/mail-compose-sheet.txt"), encoding: .utf8)
      .components(separatedBy: "\n")
    #expect(lines[4].hasPrefix("   |    | <Mail.InboxViewController: "))
    lines[4] = lines[4].replacingOccurrences(of: "state: disappeared", with: "state: disapeared")
    let column = try #require(lines[4].range(of: "disapeared")).lowerBound.utf16Offset(in: lines[4]) + 1
    return (lines.joined(separator: "\n"), column)
  }

  @Test func aMalformedDumpNamesItsLineAndWritesNothing() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let broken = try Self.brokenMailDump(in: folder)
      #expect(broken.column == 62)
      try folder.write(broken.text, to: "bad.txt")
      try folder.write("earlier", to: "out/bad.svg")

      let result = try folder.vcgraph(
        "import", "bad.txt", "-o", "out", "--format", "svg,png,json,text", "--report", "report.md")
      #expect(result.status == 1, "\(result)")
      #expect(result.standardOutput.isEmpty, "\(result)")
      #expect(
        result.standardError
          == "bad.txt:5:\(broken.column): error: unknown state \"disapeared\"; expected one of: "
          + "disappeared, appearing, appeared, disappearing\n", "\(result)")
      #expect(folder.contents(of: "out") == ["bad.svg"])
      #expect(String(decoding: try folder.bytes("out/bad.svg"), as: UTF8.self) == "earlier")
      #expect(!folder.exists("report.md"))

      let fresh = try folder.vcgraph("import", "bad.txt", "-o", "fresh")
      #expect(fresh.status == 1, "\(fresh)")
      #expect(fresh.standardError.hasPrefix("bad.txt:5:\(broken.column): error: "), "\(fresh)")
      #expect(!folder.exists("fresh"))
    }
  }

  @Test func aMalformedDumpOnStandardInputIsNamedStdin() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let broken = try Self.brokenMailDump(in: folder)
      let result = try folder.vcgraph("import", "-", "--format", "text", "-o", "-", input: broken.text)
      #expect(result.status == 1, "\(result)")
      #expect(result.standardOutput.isEmpty, "\(result)")
      #expect(result.standardError.hasPrefix("<stdin>:5:\(broken.column): error: unknown state"), "\(result)")
    }
  }

  @Test func aMissingFileOrAFolderIsAClearError() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let missing = try folder.vcgraph("import", "nowhere.txt")
      #expect(missing.status == 1, "\(missing)")
      #expect(missing.standardOutput.isEmpty, "\(missing)")
      #expect(missing.standardError.hasPrefix("nowhere.txt: error: cannot read the dump: "), "\(missing)")
      #expect(missing.standardError.split(separator: "\n").count == 1, "\(missing)")

      let folderDump = try folder.vcgraph("import", "samples/dumps")
      #expect(folderDump.status == 1, "\(folderDump)")
      #expect(
        folderDump.standardError
          == "samples/dumps: error: cannot read the dump: it is a folder; give the text file the dump was saved to\n",
        "\(folderDump)")
      #expect(folder.contents(of: ".") == ["samples"], "nothing is written")
    }
  }

  @Test(arguments: [
    ["-o", "d", "--format", "text"],
    ["-o", "./d/../d", "--format", "svg,text"],
    ["--report", "d/x.txt"],
  ])
  func refusesToOverwriteTheDump(_ options: [String]) throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let dump = try String(contentsOf: folder(Self.settingsAfter), encoding: .utf8)
      try folder.write(dump, to: "d/x.txt")
      let result = try runVCGraph(["import", "d/x.txt"] + options, in: folder.url)
      #expect(result.status == 1, "\(result)")
      #expect(result.standardOutput.isEmpty, "\(result)")
      #expect(
        result.standardError.hasSuffix(
          "/x.txt: error: this would overwrite the dump being imported; choose another -o or --report\n"),
        "\(result)")
      #expect(folder.contents(of: "d") == ["x.txt"], "nothing else is written")
      #expect(try String(contentsOf: folder("d/x.txt"), encoding: .utf8) == dump)
    }
  }
  /// A `--report` path that one of the exports also writes would replace that export: refused,
  /// and nothing is written.
  @Test(arguments: [["--format", "json"], ["--format", "svg,text"]])
  func refusesAReportThatWouldReplaceAnExport(_ formats: [String]) throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let clash = formats.last == "json" ? "out/settings-after.json" : "out/settings-after.txt"
      let result = try runVCGraph(
        ["import", Self.settingsAfter, "-o", "out", "--report", clash] + formats, in: folder.url)
      #expect(result.status == 1, "\(result)")
      #expect(
        result.standardError.contains("\(clash): error: --report names a file this import also writes"), "\(result)")
      #expect(!folder.exists("out"), "nothing is written")
    }
  }

  @Test func helpListsTheFormatsAndAnExample() throws {
    let result = try runVCGraph(["import", "--help"], in: packageRoot)
    #expect(result.status == 0, "\(result)")
    #expect(result.standardOutput.contains("USAGE: vcgraph import <DUMP> ..."), "\(result)")
    #expect(result.standardOutput.contains("Examples:"), "\(result)")
    #expect(result.standardOutput.contains("\n  vcgraph import dump.txt "), "\(result)")
    #expect(result.standardOutput.contains("\n  pbpaste | vcgraph import - "), "\(result)")
    let options = result.standardOutput.replacingOccurrences(of: "\n", with: " ")
      .replacingOccurrences(of: #" +"#, with: " ", options: .regularExpression)
    #expect(options.contains("(values: svg, png, pdf, dot, json, mermaid, text)"), "\(result)")
  }
}

extension ImportCommandTests {
  @Test func aDumpThatIsNotUTF8IsAnErrorAtItsLine() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vcgraph-utf8-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let bad = folder.appendingPathComponent("bad.txt")
    var bytes = Array("<A>, state: appeared, view: <UIView>\n   | <B".utf8)
    bytes += [0xFF] + Array(">, state: appeared, view: <UIView>\n".utf8)
    try Data(bytes).write(to: bad)
    let result = try runVCGraph(["import", "bad.txt", "-o", "out"], in: folder)
    #expect(result.status == 1, "\(result)")
    #expect(result.standardError == "bad.txt:2:8: error: the text is not UTF-8: invalid byte 0xFF\n", "\(result)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
  }

  @Test func aReportThatCannotBeWrittenWritesNothingElse() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph(
        "import", "samples/dumps/settings-before.txt", "-o", "out", "--format", "text", "--report",
        "/proc/no-such-folder/r.md")
      #expect(result.status == 1, "\(result)")
      #expect(result.standardError.hasPrefix("/proc/no-such-folder/r.md: error: cannot"), "\(result)")
      #expect(!folder.exists("out"))
    }
  }
}
