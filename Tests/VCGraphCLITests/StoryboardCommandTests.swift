import Foundation
import Testing

/// `vcgraph storyboard`, run as a user runs it: the built executable in a temporary folder, on the
/// sample storyboards in `samples/storyboards/`.
@Suite struct StoryboardCommandTests {
  static let main = "samples/storyboards/Main.storyboard"
  static let settings = "samples/storyboards/Settings.storyboard"

  /// The SVG text of a node, joined, for looking a line up.
  static func nodeText(_ texts: SVGTexts, _ id: String) -> String {
    (texts.nodes[id] ?? []).joined(separator: " | ")
  }

  /// Main's reference to Settings is followed into the atlas of both: Main's page draws the
  /// reference as a link box to Settings' page, and Settings' scenes only on their own page.
  @Test func bothSampleStoryboardsAreDrawnWithTheReferenceFollowed() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph(
        "storyboard", Self.main, Self.settings, "--format", "svg,dot,json", "-o", "out")
      #expect(result.status == 0, "\(result)")
      #expect(result.standardError.isEmpty, "\(result)")
      #expect(
        result.standardOutput
          == "2 storyboards: Main, Settings → out (7 files)\n\(Self.main) → out (1 file)\n\(Self.settings) → out (1 file)\n",
        "\(result)")
      #expect(
        folder.contents(of: "out") == [
          "Main.dot", "Main.json", "Main.svg", "Settings.dot", "Settings.json", "Settings.svg", "atlas.dot",
          "atlas.svg",
          "index.json",
        ])

      let texts = try svgTexts(try folder.bytes("out/Main.svg"))
      // Every scene of Main, with the window; the reference is a link to Settings' page.
      #expect(
        Set(texts.nodes.keys) == [
          "window-Main", "vc-MainTabBarController", "vc-UINavigationController", "vc-TripsViewController",
          "vc-TripDetail", "vc-MapViewController", "vc-ShareOptionsViewController", "vc-UINavigationController-2",
          "vc-NewTripViewController", "vc-UINavigationController-3", "vc-ExploreViewController",
          "vc-PlaceViewController", "vc-Settings.storyboard",
        ], "\(texts.nodes.keys.sorted())")
      #expect(Self.nodeText(texts, "vc-TripsViewController").contains("on screen · appeared"))
      // A scene that is not on screen at launch is drawn plainly, not as "not loaded".
      #expect(Self.nodeText(texts, "vc-TripDetail").contains("not shown at launch"))
      #expect(Self.nodeText(texts, "vc-TripDetail").contains("CONTAINER"))
      #expect(Self.nodeText(texts, "vc-Settings.storyboard").contains("→ Settings · page 2"))
      #expect(Self.nodeText(texts, "vc-Settings.storyboard").contains("storyboard reference"))
      // Each kind of segue is drawn with its label.
      for label in ["show", "present · formSheet", "popover", "“newTrip”"] {
        #expect(texts.all.contains(label), "no \(label) in \(texts.all)")
      }
      // Unwind segues are listed on the scene they start from.
      #expect(
        Self.nodeText(texts, "vc-NewTripViewController").contains("↩ unwindToTrips:, saveNewTrip:"),
        "\(Self.nodeText(texts, "vc-NewTripViewController"))")
      #expect(texts.graph.contains("Main.storyboard"), "\(texts.graph)")
      // The file's counts, as Main's own diagram gives them (its reference is a scene of the file).
      #expect(texts.graph.joined(separator: " ").contains("12 scenes · 6 segues"), "\(texts.graph)")
      // Settings' page draws its scenes, the reference's segue among them.
      let settingsTexts = try svgTexts(try folder.bytes("out/Settings.svg"))
      #expect(settingsTexts.nodes.keys.contains("vc-SettingsViewController"), "\(settingsTexts.nodes.keys.sorted())")
      #expect(settingsTexts.all.contains("present · pageSheet"), "\(settingsTexts.all)")
      let index = try parseJSONObject(try folder.bytes("out/index.json"))
      let pages = try #require(index["pages"] as? [[String: Any]])
      #expect(pages.map { $0["file"] as? String } == ["Main.svg", "Settings.svg"])
      #expect(pages.first?["links"] as? [String] == ["Settings/SettingsNavigation"])

      let dot = String(decoding: try folder.bytes("out/Main.dot"), as: UTF8.self)
      #expect(dot.hasPrefix("digraph "))
      #expect(dot.contains("style=dotted"), "segues are dotted")
      if hasDotProgram { #expect(try dotStatus(readingFile: folder("out/Main.dot")) == 0) }

      let state = try parseJSONObject(try folder.bytes("out/Main.json"))
      let steps = try #require(state["steps"] as? [[String: Any]])
      let windows = try #require(steps.first?["windows"] as? [[String: Any]])
      #expect(windows.first?["id"] as? String == "Main")
      #expect(windows.first?["rootViewController"] as? String == "MainTabBarController")
      let controllers = try stateControllers(state, step: 1)
      #expect(controllers["MainTabBarController"]?["selectedViewController"] as? String == "UINavigationController")
      #expect(controllers["MainTabBarController"]?["class"] as? String == "Trips.MainTabBarController")
      #expect(controllers["TripsViewController"]?["state"] as? String == "appeared")
      #expect(controllers["NewTripViewController"]?["state"] as? String == "disappeared")

      // Settings drawn on its own: its window is named after it.
      let settings = try parseJSONObject(try folder.bytes("out/Settings.json"))
      let settingsWindows = try #require((settings["steps"] as? [[String: Any]])?.first?["windows"] as? [[String: Any]])
      #expect(settingsWindows.first?["rootViewController"] as? String == "SettingsNavigation")
    }
  }

  /// The shape of IBAnimatable's DemoApp.storyboard, which made Graphviz 2.42 double-free in
  /// `gvFreeLayout` when segue labels rode on edges dot could lay flat (presentation segues from
  /// scenes not shown at launch back to the initial scene): vcgraph draws it, as SVG and PNG, with
  /// every segue back labelled.
  @Test func seguesBackToTheInitialSceneAreDrawnWithTheirLabels() throws {
    try withTemporaryFolder { folder in
      let storyboard = packageRoot.appendingPathComponent(
        "Tests/VCGraphCLITests/Fixtures/segues-back-to-the-initial-scene.storyboard")
      let result = try folder.vcgraph("storyboard", storyboard.path, "--format", "svg,png", "-o", "out")
      #expect(result.status == 0, "\(result)")
      #expect(result.standardError.isEmpty, "\(result)")
      #expect(folder.contents(of: "out").count == 2)
      let texts = try svgTexts(try folder.bytes("out/segues-back-to-the-initial-scene.svg")).all.joined(separator: " ")
      for identifier in [
        "presentation2", "presentation3", "presentation6", "presentation7", "presentation8", "presentation10",
      ] {
        #expect(texts.contains(identifier), "\(identifier) in \(texts)")
      }
    }
  }

  /// The JSON lists the segues (kind, source, destination, identifier) and the storyboard
  /// references with their storyboard and scene in fields of their own; `diff` still reads it.
  @Test func theJSONListsSeguesAndReferences() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("storyboard", Self.main, "--format", "json", "-o", "out")
      #expect(result.status == 0, "\(result)")
      let document = try #require(
        try JSONSerialization.jsonObject(with: Data(try folder.bytes("out/Main.json"))) as? [String: Any])
      let storyboard = try #require(document["storyboard"] as? [String: Any])
      #expect(storyboard["name"] as? String == "Main")
      let segues = try #require(storyboard["segues"] as? [[String: Any]])
      #expect(
        segues.contains {
          $0["kind"] as? String == "relationship" && $0["relationship"] as? String == "viewControllers"
        })
      let shown = segues.filter { $0["kind"] as? String == "show" }
      #expect(!shown.isEmpty)
      #expect(shown.allSatisfy { $0["source"] is String && $0["destination"] is String })
      #expect(segues.contains { $0["identifier"] != nil })
      let references = try #require(storyboard["references"] as? [[String: Any]])
      #expect(references.contains { $0["storyboard"] as? String == "Settings" })
      let diff = try folder.vcgraph("diff", "out/Main.json", "out/Main.json")
      #expect(diff.status == 0, "\(diff)")
    }
  }

  /// The canvas's device decides the launch size class: on an iPhone the shop's help split view
  /// is collapsed, on an iPad the dashboard's is expanded, and Xcode 7's universal template, which
  /// names no device, says neither, in the diagram, the outline, the Mermaid chart and the JSON.
  @Test func theDeviceDecidesWhetherASplitViewIsCollapsedExpandedOrNeither() throws {
    let fixtures = packageRoot.appendingPathComponent("Tests/VCGraphTests/Fixtures/Storyboards")
    let universal = fixtures.appendingPathComponent("xcode7-universal-master-detail.storyboard").path
    try withTemporaryFolder { folder in
      try folder.copySamples()
      for storyboard in ["samples/storyboards/Shop.storyboard", "samples/storyboards/Dashboard.storyboard", universal] {
        let result = try folder.vcgraph("storyboard", storyboard, "--format", "svg,json,text,mermaid", "-o", "out")
        #expect(result.status == 0, "\(result)")
        #expect(result.standardError.isEmpty, "\(result)")
      }
      /// The page of `name`'s drawing that holds its split view (`Shop.svg` or one of its atlas's pages).
      func splitViews(_ name: String) throws -> (svg: String, json: [String: Any], device: [String: Any]) {
        let pages = folder.contents(of: "out").filter {
          $0.hasSuffix(".svg") && ($0 == "\(name).svg" || $0.hasPrefix("\(name)-"))
        }
        let drawn = try pages.map { try svgTexts(try folder.bytes("out/\($0)")) }
        let texts = try #require(drawn.first { $0.nodes["vc-UISplitViewController"] != nil }, "\(pages)")
        let split = Self.nodeText(texts, "vc-UISplitViewController")
        let state = try parseJSONObject(try folder.bytes("out/\(name).json"))
        let controllers = try stateControllers(state, step: 1)
        let device = try #require((state["storyboard"] as? [String: Any])?["device"] as? [String: Any])
        return (
          texts.graph.joined(separator: " ") + " | " + split, try #require(controllers["UISplitViewController"]), device
        )
      }

      let shop = try splitViews("Shop")
      #expect(shop.svg.contains("STORYBOARD · IPHONE · COMPACT WIDTH"), "\(shop.svg)")
      #expect(shop.svg.contains("SPLIT VIEW · COLLAPSED"), "\(shop.svg)")
      #expect(shop.json["isCollapsed"] as? Bool == true)
      #expect(shop.device["id"] as? String == "retina6_12")
      #expect(shop.device["idiom"] as? String == "iPhone")
      #expect(shop.device["orientation"] as? String == "portrait")
      #expect(shop.device["horizontalSizeClass"] as? String == "compact")
      let shopWindow = try #require(
        ((try parseJSONObject(try folder.bytes("out/Shop.json"))["steps"] as? [[String: Any]])?.first?["windows"]
          as? [[String: Any]])?.first)
      #expect(shopWindow["horizontalSizeClass"] as? String == "compact")
      #expect(try String(contentsOf: folder("out/Shop.mmd"), encoding: .utf8).contains("SPLIT VIEW · COLLAPSED"))

      let dashboard = try splitViews("Dashboard")
      #expect(dashboard.svg.contains("STORYBOARD · IPAD · REGULAR WIDTH"), "\(dashboard.svg)")
      #expect(dashboard.svg.contains("SPLIT VIEW · EXPANDED"), "\(dashboard.svg)")
      #expect(dashboard.json["isCollapsed"] as? Bool == false)
      #expect(dashboard.device["horizontalSizeClass"] as? String == "regular")
      // The sparkline embedded by two container views: two boxes, two controllers in the JSON.
      let texts = try svgTexts(try folder.bytes("out/Dashboard.svg"))
      #expect(texts.nodes["vc-SparklineViewController"] != nil)
      #expect(
        Self.nodeText(texts, "vc-SparklineViewController%20(embed%202)").contains("SparklineViewController (embed"))
      let controllers = try stateControllers(try parseJSONObject(try folder.bytes("out/Dashboard.json")), step: 1)
      #expect(controllers["SparklineViewController (embed 2)"]?["parent"] as? String == "DashboardViewController")

      let old = try splitViews("xcode7-universal-master-detail")
      #expect(old.svg.contains("NO DEVICE: SIZE CLASS NOT KNOWN"), "\(old.svg)")
      #expect(old.svg.contains("SPLIT VIEW"), "\(old.svg)")
      #expect(!old.svg.contains("COLLAPSED") && !old.svg.contains("EXPANDED"), "\(old.svg)")
      #expect(old.json["isCollapsed"] is NSNull)
      #expect(old.device["horizontalSizeClass"] is NSNull)
      #expect(old.device["id"] is NSNull)
      let outline = try String(contentsOf: folder("out/xcode7-universal-master-detail.mmd"), encoding: .utf8)
      #expect(!outline.contains("COLLAPSED") && !outline.contains("EXPANDED"), "\(outline)")
      // The JSON with its null reads back: diff compares it with the dashboard's.
      let diff = try folder.vcgraph("diff", "out/xcode7-universal-master-detail.json", "out/Dashboard.json")
      #expect(diff.status == 0, "\(diff)")
    }
  }

  /// A storyboard's hierarchy at launch in the text formats `import` writes, from the same code.
  @Test func aStoryboardIsWrittenAsAnOutlineAndAMermaidFlowchart() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("storyboard", Self.main, "--format", "text,mermaid", "-o", "out")
      #expect(result.status == 0, "\(result)")
      #expect(result.standardOutput == "\(Self.main) → out (2 files)\n", "\(result)")
      #expect(folder.contents(of: "out") == ["Main.mmd", "Main.txt"])
      let outline = try String(contentsOf: folder("out/Main.txt"), encoding: .utf8)
      #expect(outline.hasPrefix("<Trips.MainTabBarController>, state: appeared"), "\(outline)")
      #expect(outline.contains("   |    | <Trips.TripsViewController>, state: appeared"), "\(outline)")
      let flowchart = try String(contentsOf: folder("out/Main.mmd"), encoding: .utf8)
      #expect(flowchart.hasPrefix("flowchart"), "\(flowchart)")
      #expect(flowchart.contains("MainTabBarController"), "\(flowchart)")
    }
  }

  @Test func oneStoryboardAloneDrawsTheReferenceWithoutFollowingItIntoADefaultSVG() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("storyboard", Self.main)
      #expect(result.status == 0, "\(result)")
      #expect(result.standardError.isEmpty, "\(result)")
      #expect(result.standardOutput == "\(Self.main) → diagrams (1 file)\n")
      #expect(folder.contents(of: "diagrams") == ["Main.svg"])
      let ids = try svgNodeIDs(try folder.bytes("diagrams/Main.svg"))
      #expect(ids.contains("window-main"))
      #expect(ids.contains("vc-Settings.storyboard"))
      #expect(!ids.contains { $0.hasPrefix("vc-Settings/") }, "\(ids)")
      #expect(ids.count == 13, "a window and twelve scenes: \(ids)")
    }
  }

  @Test func malformedXMLIsAnErrorWithItsLineAndWritesNothingForThatFile() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      try folder.write(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
            <scenes>
                <scene sceneID="abc-de-fgh">
                    <objects>
                        <viewController id="xyz-12-345" sceneMemberID="viewController">
                    </objects>
                </scene>
            </scenes>
        </document>
        """, to: "Broken.storyboard")
      let result = try folder.vcgraph("storyboard", "Broken.storyboard", Self.settings, "-o", "out")
      #expect(result.status == 1, "\(result)")
      let lines = result.standardError.split(separator: "\n").map(String.init)
      #expect(lines.count == 1, "\(result)")
      #expect(lines.first?.hasPrefix("Broken.storyboard:7:") == true, "\(result)")
      #expect(
        lines.first?.hasSuffix(
          ": error: malformed XML: the end tag does not close the open element <viewController>") == true,
        "\(result)")
      // The other storyboard is still drawn.
      #expect(result.standardOutput == "\(Self.settings) → out (1 file)\n", "\(result)")
      #expect(folder.contents(of: "out") == ["Settings.svg"])
    }
  }

  @Test func whatVCGraphDoesNotKnowIsDrawnAndWarnedAbout() throws {
    try withTemporaryFolder { folder in
      try folder.write(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="24000" initialViewController="Hom-Vc-001">
            <scenes>
                <scene sceneID="Hom-Sc-001">
                    <objects>
                        <viewController id="Hom-Vc-001" customClass="HomeViewController" sceneMemberID="viewController">
                            <connections>
                                <segue destination="Fut-Vc-001" kind="teleport" id="Tel-Sg-001"/>
                                <segue destination="Gon-Vc-404" kind="show" identifier="gone" id="Gon-Sg-001"/>
                            </connections>
                        </viewController>
                    </objects>
                </scene>
                <scene sceneID="Fut-Sc-001">
                    <objects>
                        <futureController id="Fut-Vc-001" sceneMemberID="viewController"/>
                    </objects>
                </scene>
            </scenes>
        </document>
        """, to: "Future.storyboard")
      let result = try folder.vcgraph("storyboard", "Future.storyboard", "--format", "svg")
      #expect(result.status == 0, "\(result)")
      let warnings = result.standardError.split(separator: "\n").map(String.init)
      #expect(warnings.count == 3, "\(result)")
      #expect(warnings.allSatisfy { $0.hasPrefix("Future.storyboard:") && $0.contains(": warning: ") }, "\(result)")
      #expect(
        warnings.contains { $0.hasPrefix("Future.storyboard:8:") && $0.contains("unknown segue kind \"teleport\"") })
      #expect(warnings.contains { $0.hasPrefix("Future.storyboard:16:") && $0.contains("<futureController>") })
      #expect(warnings.contains { $0.hasPrefix("Future.storyboard:9:") && $0.contains("\"Gon-Vc-404\"") })
      let texts = try svgTexts(try folder.bytes("diagrams/Future.svg"))
      #expect(Self.nodeText(texts, "vc-futureController").contains("futureController"))
      #expect(Self.nodeText(texts, "vc-missing%20Gon-Vc-404").contains("missing scene"))
      #expect(texts.all.contains("teleport (unknown kind)"), "\(texts.all)")
    }
  }

  @Test func twoStoryboardsOfTheSameNameAreRefused() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      try FileManager.default.createDirectory(at: folder("en.lproj"), withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: folder(Self.main), to: folder("en.lproj/Main.storyboard"))
      let result = try folder.vcgraph("storyboard", Self.main, "en.lproj/Main.storyboard", "-o", "out")
      #expect(result.status == 1, "\(result)")
      #expect(
        result.standardError
          == "en.lproj/Main.storyboard: error: \(Self.main) already writes Main.* in out; draw them into different folders\n"
      )
      #expect(folder.contents(of: "out") == ["Main.svg"])
    }
  }

  @Test func aMissingFileIsAnErrorAndHelpDescribesTheCommand() throws {
    try withTemporaryFolder { folder in
      let missing = try folder.vcgraph("storyboard", "Nope.storyboard")
      #expect(missing.status == 1)
      #expect(missing.standardError.hasPrefix("Nope.storyboard: error: cannot read the storyboard"), "\(missing)")
      #expect(!folder.exists("diagrams"))

      let help = try folder.vcgraph("storyboard", "--help")
      #expect(help.status == 0)
      #expect(help.standardOutput.contains("--format"), "\(help)")
      let root = try folder.vcgraph("--help")
      #expect(root.standardOutput.contains("storyboard"), "\(root)")
      let badFormat = try folder.vcgraph("storyboard", "x.storyboard", "--format", "mermaid")
      #expect(badFormat.status != 0)
    }
  }

  /// `Tests/VCGraphTests/Fixtures/Storyboards/NAME`.
  static func fixture(_ name: String) -> String {
    packageRoot.appendingPathComponent("Tests/VCGraphTests/Fixtures/Storyboards/\(name)").path
  }

  /// A tab bar's tab that a container view also embeds, and a stack that two tab bars hold, are
  /// drawn once per taker in the SVG; the header counts the file's scenes and segues and says how
  /// many boxes and edges the drawing has.
  @Test func aSceneTakenByTwoContainersIsDrawnOncePerTakerWithTheFilesCounts() throws {
    try withTemporaryFolder { folder in
      let result = try folder.vcgraph(
        "storyboard", Self.fixture("../StoryboardShapes/tab-also-embedded.storyboard"), "--format", "svg", "-o", "out")
      #expect(result.status == 0, "\(result)")
      #expect(result.standardError.isEmpty, "\(result)")
      let texts = try svgTexts(try folder.bytes("out/tab-also-embedded.svg"))
      let splits = texts.nodes.keys.filter { $0.hasPrefix("vc-UISplitViewController") }.sorted()
      #expect(splits == ["vc-UISplitViewController", "vc-UISplitViewController%20(embed%202)"])
      // The tab bar shows both its tabs; each split view its own columns.
      #expect(Self.nodeText(texts, "vc-UISplitViewController").contains("tab 1"))
      #expect(Self.nodeText(texts, "vc-UINavigationController").contains("tab 0 · selected"))
      #expect(Self.nodeText(texts, "vc-UISplitViewController%20(embed%202)").contains("child 0"))
      #expect(texts.nodes["vc-HelpTopicsViewController%20(embed%202)"] != nil)
      #expect(texts.nodes["vc-OrdersViewController%20(instance%202)"] != nil)
      #expect(texts.nodes.keys.filter { $0.hasPrefix("vc-") }.count == 15)
      let header = texts.graph.joined(separator: " ")
      #expect(header.contains("9 scenes, drawn as 15 boxes"), "\(header)")
      #expect(header.contains("1 segue drawn 2 times"), "\(header)")
    }
  }

  /// A WatchKit storyboard: its scenes are not UIKit view controllers; the header says what was
  /// left out and why, and counts the file's scenes; one warning, exit 0.
  @Test func aWatchKitStoryboardSaysWhatItLeftOut() throws {
    try withTemporaryFolder { folder in
      let path = Self.fixture("watchkit-interface.storyboard")
      let result = try folder.vcgraph("storyboard", path, "--format", "svg", "-o", "out")
      #expect(result.status == 0, "\(result)")
      #expect(
        result.standardError
          == "\(path):11:36: warning: all 5 scenes left out, not drawn: they hold WatchKit interface controllers"
          + " (<controller>, <glanceController>, <notificationController>), which are not UIKit view controllers\n")
      let texts = try svgTexts(try folder.bytes("out/watchkit-interface.svg"))
      let header = texts.graph.joined(separator: " ")
      #expect(header.contains("5 scenes, none drawn (5 left out: WatchKit interface controllers"), "\(header)")
      #expect(header.contains("the initial controller is left out, so no window"), "\(header)")
      #expect(!header.contains("0 scenes"))
    }
  }

  /// A macOS storyboard's window is an NSWindow; a storyboard reference that is the selected tab is
  /// on screen, as the scene it stands for.
  @Test func aMacWindowIsAnNSWindowAndASelectedReferenceIsOnScreen() throws {
    try withTemporaryFolder { folder in
      try folder.write(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB" version="3.0" toolsVersion="22155" targetRuntime="MacOSX.Cocoa" initialViewController="win">
          <scenes>
            <scene sceneID="a"><objects><windowController id="win" sceneMemberID="viewController"/></objects></scene>
          </scenes>
        </document>
        """, to: "Mac.storyboard")
      try folder.write(
        """
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" initialViewController="tab">
          <scenes>
            <scene sceneID="a"><objects>
              <tabBarController id="tab" sceneMemberID="viewController"><connections>
                <segue destination="ref" kind="relationship" relationship="viewControllers" id="s1"/>
              </connections></tabBarController>
            </objects></scene>
            <scene sceneID="b"><objects>
              <viewControllerPlaceholder storyboardName="Account" id="ref" sceneMemberID="viewController"/>
            </objects></scene>
          </scenes>
        </document>
        """, to: "Tabs.storyboard")
      let result = try folder.vcgraph("storyboard", "Mac.storyboard", "Tabs.storyboard", "--format", "svg", "-o", "out")
      #expect(result.status == 0, "\(result)")
      let mac = try svgTexts(try folder.bytes("out/Mac.svg"))
      #expect(Self.nodeText(mac, "window-Mac").contains("NSWindow"), "\(mac.nodes)")
      #expect(!mac.all.contains("UIWindow"))
      let tabs = try svgTexts(try folder.bytes("out/Tabs.svg"))
      #expect(Self.nodeText(tabs, "window-Tabs").contains("UIWindow"))
      let reference = Self.nodeText(tabs, "vc-Account.storyboard")
      #expect(reference.contains("on screen"), "\(reference)")
      #expect(!reference.contains("not shown at launch"), "\(reference)")
    }
  }

  /// Drawing a set, a warning about a scene of a storyboard that another one follows a reference
  /// into is printed once, not once more with the storyboard's name in front of its ids.
  @Test func aSetPrintsEachWarningOnce() throws {
    try withTemporaryFolder { folder in
      try folder.write(
        """
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" initialViewController="ref">
          <scenes><scene sceneID="a"><objects>
            <viewControllerPlaceholder storyboardName="Other" referencedIdentifier="A" id="ref" sceneMemberID="viewController"/>
          </objects></scene></scenes>
        </document>
        """, to: "Main.storyboard")
      try folder.write(
        """
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB">
          <scenes>
            <scene sceneID="a"><objects><viewController storyboardIdentifier="A" id="a" sceneMemberID="viewController">
              <view key="view" id="va"><subviews><containerView id="ca"><connections>
                <segue destination="b" kind="embed" id="e1"/>
              </connections></containerView></subviews></view>
            </viewController></objects></scene>
            <scene sceneID="b"><objects><viewController storyboardIdentifier="B" id="b" sceneMemberID="viewController">
              <view key="view" id="vb"><subviews><containerView id="cb"><connections>
                <segue destination="a" kind="embed" id="e2"/>
              </connections></containerView></subviews></view>
            </viewController></objects></scene>
          </scenes>
        </document>
        """, to: "Other.storyboard")
      let result = try folder.vcgraph(
        "storyboard", "Main.storyboard", "Other.storyboard", "--format", "json", "-o", "out")
      #expect(result.status == 0, "\(result)")
      let warnings = result.standardError.split(separator: "\n")
      #expect(warnings.count == 1, "\(result.standardError)")
      #expect(warnings.first?.contains("B cannot contain A, which contains it") == true, "\(result.standardError)")
    }
  }

  /// The entity bomb through UTF-7 (`<+ACE-DOCTYPE`), generated here: refused before parsing, with
  /// the encoding named, and nothing written.
  @Test func aUTF7EntityBombIsRefusedAndNothingIsWritten() throws {
    try withTemporaryFolder { folder in
      let scenes = (0..<900).map { _ in "<scene><objects><viewController title=\"&big;\"/></objects></scene>" }
      let bomb = """
        <?xml version="1.0" encoding="UTF-7"?>
        <+ACE-DOCTYPE document +AFs-
        <+ACE-ENTITY big "\(String(repeating: "A", count: 10_000))">
        +AF0->
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0"><scenes>
        \(scenes.joined(separator: "\n"))
        </scenes></document>
        """
      try folder.write(bomb, to: "bomb.storyboard")
      let result = try folder.vcgraph("storyboard", "bomb.storyboard", "--format", "json,svg", "-o", "out")
      #expect(result.status == 1, "\(result)")
      #expect(
        result.standardError
          == "bomb.storyboard:1:21: error: the document is in the encoding \"UTF-7\"; vcgraph reads storyboards in"
          + " UTF-8, as Xcode writes them, or UTF-16\n")
      #expect(folder.contents(of: "out").isEmpty)
    }
  }
}
