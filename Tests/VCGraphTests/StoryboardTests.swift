import Foundation
import Testing

@testable import VCGraph

/// Reading storyboards: the fixtures under `Fixtures/Storyboards`, one per Xcode vintage, and the
/// damaged or unusual documents a real project can hold.
@Suite("Storyboard: scenes, containment and segues of Interface Builder storyboards")
struct StoryboardTests {
  /// `Tests/VCGraphTests/Fixtures/Storyboards`, beside this file.
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Storyboards")

  static func fixturePath(_ name: String) -> String {
    fixtures.appendingPathComponent(name).path
  }

  static func load(_ name: String) throws -> Storyboard {
    try Storyboard(contentsOfFile: fixturePath(name))
  }

  /// The hierarchy of fixture `name`, following references into the fixtures named in `others`.
  static func build(_ name: String, others: [String] = []) throws -> StoryboardHierarchy {
    StoryboardHierarchy(try load(name), others: try others.map(load))
  }

  /// One line per controller, in declaration order: id, class, kind, state, and its place.
  static func summary(_ hierarchy: Hierarchy) -> [String] {
    hierarchy.viewControllers.map { controller in
      var line = "\(controller.id): \(controller.className), \(controller.kind.rawValue)"
      line += controller.isViewLoaded ? ", \(controller.appearance)" : ", not loaded"
      if let title = controller.title { line += ", “\(title)”" }
      if let parent = controller.parent, let role = hierarchy.role(of: controller.id) {
        line += " | \(role) of \(parent)"
      }
      if let window = hierarchy.windowRooted(at: controller.id) { line += " | root of \(window.id)" }
      return line
    }
  }

  /// One line per segue: `source → destination: label “identifier”`.
  static func segues(_ hierarchy: Hierarchy) -> [String] {
    hierarchy.segues.map { segue in
      "\(segue.source) → \(segue.destination ?? "?"): \(segue.kind.label)"
        + (segue.identifier.map { " “\($0)”" } ?? "")
    }
  }

  /// Storyboard XML read from a string, as if from `path`.
  static func storyboard(_ xml: String, path: String = "test.storyboard") throws(StoryboardError) -> Storyboard {
    try Storyboard(data: Data(xml.utf8), path: path)
  }

  /// The error reading `xml` throws, or nil when it reads.
  static func error(_ xml: String) -> StoryboardError? {
    do {
      _ = try storyboard(xml)
      return nil
    } catch {
      return error
    }
  }

  // MARK: - Xcode vintages

  @Test func anXcode4IPadMasterDetailStoryboard() throws {
    let storyboard = try Self.load("xcode4-ipad-master-detail.storyboard")
    #expect(storyboard.name == "xcode4-ipad-master-detail")
    #expect(storyboard.toolsVersion == "2182")
    #expect(storyboard.warnings.isEmpty, "\(storyboard.warnings)")
    let drawn = StoryboardHierarchy(storyboard)
    #expect(drawn.warnings.isEmpty, "\(drawn.warnings)")
    let hierarchy = drawn.hierarchy
    #expect(
      Self.summary(hierarchy) == [
        "UINavigationController: UINavigationController, navigation, appeared | primary of UISplitViewController",
        // An empty storyboardIdentifier is no identifier: the id comes from the class.
        "MasterViewController: MasterViewController, content, appeared, “Master” | stack[0] · top of UINavigationController",
        "HistoryViewController: HistoryViewController, content, not loaded, “History”",
        "DetailViewController: DetailViewController, content, appeared, “Detail” | secondary of UISplitViewController",
        "InfoViewController: InfoViewController, content, not loaded",
        "EditViewController: EditViewController, content, not loaded",
        "UISplitViewController: UISplitViewController, splitView, appeared | root of main",
      ])
    #expect(
      Self.segues(hierarchy) == [
        "MasterViewController → DetailViewController: replace (iOS 5–7) “showDetail”",
        "MasterViewController → HistoryViewController: push (iOS 5–7) “showHistory”",
        // The iPad-only popover segue of iOS 5–7, named as push, modal and replace are.
        "DetailViewController → InfoViewController: popover (iOS 5–7) “showInfo”",
        "DetailViewController → EditViewController: modal (iOS 5–7) · formSheet “editItem”",
      ])
    #expect(hierarchy.windows == [Window(id: "main", isKey: true, rootViewController: "UISplitViewController")])
    #expect(hierarchy["UISplitViewController"]?.isCollapsed == false)
    #expect(drawn.origins["MasterViewController"]?.objectID == "12")
  }

  @Test func anXcode5TabBarStoryboardWithOldSegueKinds() throws {
    let drawn = try Self.build("xcode5-tab-bar.storyboard")
    #expect(drawn.storyboard.warnings.isEmpty && drawn.warnings.isEmpty, "\(drawn.warnings)")
    let hierarchy = drawn.hierarchy
    #expect(
      Self.summary(hierarchy) == [
        "UITabBarController: UITabBarController, tabBar, appeared | root of main",
        "UINavigationController: UINavigationController, navigation, appeared, “Feed”"
          + " | tab 0 · selected of UITabBarController",
        "FeedViewController: FeedViewController, content, appeared, “Feed” | stack[0] · top of UINavigationController",
        "PostViewController: PostViewController, content, not loaded",
        "Author: AuthorViewController, content, not loaded",
        "UINavigationController-2: UINavigationController, navigation, not loaded",
        "ComposeViewController: ComposeViewController, content, not loaded, “New Post”"
          + " | stack[0] · top of UINavigationController-2",
        "PhotosViewController: PhotosViewController, content, not loaded, “Photos” | tab 1 of UITabBarController",
        "SettingsViewController: SettingsViewController, content, not loaded, “Settings”"
          + " | tab 2 of UITabBarController",
      ])
    // `<segue reference=…>` in `<inferredMetricsTieBreakers>` is not a segue; an unwind has no
    // destination until run time.
    #expect(
      Self.segues(hierarchy) == [
        "FeedViewController → PostViewController: push (iOS 5–7) “ShowPost”",
        "FeedViewController → UINavigationController-2: modal (iOS 5–7) “Compose”",
        "PostViewController → Author: custom · CrossfadeSegue “ShowAuthor”",
        "ComposeViewController → ?: unwind · cancelCompose:",
      ])
    #expect(hierarchy["UITabBarController"]?.selectedChild == "UINavigationController")
    #expect(hierarchy["UITabBarController"]?.definesPresentationContext == true)
    #expect(hierarchy.segues.last?.kind == .unwind(action: "cancelCompose:"))
    #expect(hierarchy.segues.last?.objectID == "e8n-wD-bBh")
  }

  @Test func anXcode8AdaptiveStoryboardWithEmbedsAndModernSegues() throws {
    let drawn = try Self.build("xcode8-adaptive.storyboard")
    #expect(drawn.warnings.isEmpty, "\(drawn.warnings)")
    let hierarchy = drawn.hierarchy
    // An iPhone 8 canvas (`retina4_7`, portrait): compact width, so the split view starts
    // collapsed, its secondary navigation controller pushed onto the primary's stack, on top of the
    // master, whose view is not loaded until the user goes back.
    #expect(drawn.storyboard.device.idiom == .iPhone)
    #expect(drawn.storyboard.device.horizontalSizeClass == .compact)
    #expect(hierarchy.windows.first?.horizontalSizeClass == .compact)
    #expect(hierarchy["UISplitViewController"]?.isCollapsed == true)
    #expect(
      Self.summary(hierarchy) == [
        "UINavigationController: UINavigationController, navigation, appeared, “Master”"
          + " | primary of UISplitViewController",
        "MasterViewController: Notes.MasterViewController, content, not loaded, “Master”"
          + " | stack[0] of UINavigationController",
        "Onboarding.storyboard: storyboard reference, content, not loaded",
        "FiltersViewController: Notes.FiltersViewController, content, not loaded",
        "UINavigationController-2: UINavigationController, navigation, not loaded",
        "NewNoteViewController: Notes.NewNoteViewController, content, not loaded, “New Note”"
          + " | stack[0] · top of UINavigationController-2",
        "UISplitViewController: UISplitViewController, splitView, appeared | root of main",
        "UINavigationController-3: UINavigationController, navigation, appeared"
          + " | stack[1] · top of UINavigationController",
        "DetailViewController: Notes.DetailViewController, container, appeared, “Detail”"
          + " | stack[0] · top of UINavigationController-3",
        // Embedded children are loaded and on screen with the controller whose view holds them.
        "ChartViewController: Notes.ChartViewController, content, appeared | child 0 of DetailViewController",
        "GalleryPageViewController: Notes.GalleryPageViewController, pageView, appeared"
          + " | child 1 of DetailViewController",
        "ModelViewController: Notes.ModelViewController, content, not loaded",
        "AVPlayerViewController: AVPlayerViewController, content, not loaded",
      ])
    #expect(
      Self.segues(hierarchy) == [
        "MasterViewController → UINavigationController-3: show detail “showDetail”",
        "MasterViewController → FiltersViewController: popover “showFilters”",
        "MasterViewController → UINavigationController-2: present · formSheet “newNote”",
        "MasterViewController → Onboarding.storyboard: present · fullScreen “onboarding”",
        "NewNoteViewController → ?: unwind · unwindToNotes:",
        "DetailViewController → ModelViewController: show “showModel”",
        // The segue gives no style: the destination's own modalPresentationStyle is used.
        "DetailViewController → AVPlayerViewController: present · overFullScreen “playVideo”",
      ])
    // The reference's storyboard is not given: it is drawn, not followed, and that is no warning.
    #expect(!hierarchy.segues.contains { $0.kind == .reference })
  }

  @Test func anXcode15TripleColumnSplitViewFollowingReferences() throws {
    let drawn = try Self.build("xcode15-columns.storyboard", others: ["Account.storyboard"])
    #expect(drawn.warnings.isEmpty, "\(drawn.warnings)")
    let hierarchy = drawn.hierarchy
    let split = try #require(hierarchy["UISplitViewController"])
    // Columns in UIKit's order, whatever the document's order of the relationships; the
    // `compactViewController` relationship is the compact column (iOS 14), its last child, not
    // shown on the iPad canvas.
    #expect(
      split.children == [
        "UINavigationController", "UINavigationController-2", "UINavigationController-3", "UITabBarController",
      ])
    #expect(split.hasSupplementaryColumn)
    #expect(split.compactColumn == "UITabBarController")
    #expect(split.isCollapsed == false)
    #expect(
      split.children.compactMap { hierarchy.role(of: $0)?.description } == [
        "primary", "supplementary", "secondary", "compact · hidden",
      ])
    #expect(hierarchy["UIHostingController"]?.title == "Mail")
    #expect(hierarchy["UIHostingController"]?.parent == "UITabBarController")
    #expect(
      Self.segues(hierarchy) == [
        "MailboxViewController → UINavigationController-3: show detail “showMessage”",
        "MessageViewController → Account.storyboard: present · pageSheet “showAccount”",
        "Account.storyboard → Account/AccountNav: storyboard reference",
        "Account.storyboard#AccountNav → Account/AccountNav: storyboard reference",
        "Account/AccountViewController → Account/ProfileViewController: show “showProfile”",
      ])
    // The referenced storyboard's scenes reachable from the reference are drawn, not the others.
    let followed = hierarchy.order.filter { $0.hasPrefix("Account/") }
    #expect(followed == ["Account/AccountNav", "Account/AccountViewController", "Account/ProfileViewController"])
    #expect(drawn.origins["Account/AccountNav"] == .init(storyboard: "Account", objectID: "Acn-Nv-0Aa"))
    #expect(hierarchy["Account.storyboard#AccountNav"]?.title == "Account")
    #expect(hierarchy["Account.storyboard#AccountNav"]?.className == "storyboard reference")
    // Every scene is drawn, in a relation or not.
    #expect(hierarchy.members == hierarchy.order)
    // At launch the split view shows its three columns; the compact tab bar is not on screen.
    let onScreen = hierarchy.viewControllers.filter(\.appearance.isOnScreen).map(\.id)
    #expect(
      onScreen == [
        "UISplitViewController", "UINavigationController", "SidebarViewController", "UINavigationController-2",
        "MailboxViewController", "UINavigationController-3", "MessageViewController",
      ])
  }

  @Test func onAnIPhoneCanvasTheSplitViewShowsItsCompactColumn() throws {
    // The same column-style split view on an iPhone canvas: UIKit shows the compact column's
    // controller when the split view is collapsed, and the other columns leave the screen.
    let text = try String(contentsOfFile: Self.fixturePath("xcode15-columns.storyboard"), encoding: .utf8)
      .replacingOccurrences(
        of: "<device id=\"ipad10_9rounded\" orientation=\"landscape\" layout=\"fullscreen\" appearance=\"light\"/>",
        with: "<device id=\"retina6_12\" orientation=\"portrait\" appearance=\"light\"/>")
    let drawn = StoryboardHierarchy(try Self.storyboard(text, path: "Main.storyboard"))
    let hierarchy = drawn.hierarchy
    let split = try #require(hierarchy["UISplitViewController"])
    #expect(split.isCollapsed == true)
    #expect(split.compactColumn == "UITabBarController")
    // Collapsed onto its compact column, nothing is pushed onto the primary stack.
    #expect(hierarchy["UINavigationController"]?.children == ["SidebarViewController"])
    #expect(hierarchy.role(of: "UITabBarController")?.description == "compact")
    let onScreen = Set(hierarchy.viewControllers.filter(\.appearance.isOnScreen).map(\.id))
    #expect(onScreen.isSuperset(of: ["UISplitViewController", "UITabBarController", "UIHostingController"]))
    #expect(
      onScreen.isDisjoint(with: ["UINavigationController", "UINavigationController-2", "UINavigationController-3"]))
  }

  @Test func withoutTheReferencedStoryboardTheReferenceIsNotFollowed() throws {
    let drawn = try Self.build("xcode15-columns.storyboard")
    #expect(drawn.warnings.isEmpty)
    #expect(!drawn.hierarchy.order.contains { $0.hasPrefix("Account/") })
    #expect(!drawn.hierarchy.segues.contains { $0.kind == .reference })
    #expect(drawn.hierarchy["Account.storyboard"]?.className == "storyboard reference")
  }

  @Test func aReferenceToAnIdentifierTheOtherStoryboardLacksLeadsToAMissingScene() throws {
    let text = try String(contentsOfFile: Self.fixturePath("xcode15-columns.storyboard"), encoding: .utf8)
      .replacingOccurrences(of: "referencedIdentifier=\"AccountNav\"", with: "referencedIdentifier=\"Billing\"")
    let main = try Self.storyboard(text, path: "Main.storyboard")
    let drawn = StoryboardHierarchy(main, others: [try Self.load("Account.storyboard")])
    #expect(
      drawn.warnings.map(\.problem) == [.missingReferencedScene(storyboard: "Account", identifier: "Billing")])
    #expect(drawn.missingScenes == ["Account/missing Billing"])
    #expect(drawn.hierarchy["Account/missing Billing"]?.className == "missing scene")
    #expect(
      drawn.hierarchy.segues.contains {
        $0.source == "Account.storyboard#Billing" && $0.destination == "Account/missing Billing"
      })
    #expect(drawn.sceneCount == drawn.hierarchy.order.count - 1)
  }

  @Test func aLaunchTabThatIsAReferenceShowsTheReferencedScene() throws {
    let xml = """
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" initialViewController="tab">
        <scenes>
          <scene sceneID="a"><objects>
            <tabBarController id="tab" sceneMemberID="viewController">
              <connections>
                <segue destination="ref" kind="relationship" relationship="viewControllers" id="s1"/>
              </connections>
            </tabBarController>
          </objects></scene>
          <scene sceneID="b"><objects>
            <viewControllerPlaceholder storyboardName="Account" referencedIdentifier="AccountNav" id="ref" sceneMemberID="viewController"/>
          </objects></scene>
        </scenes>
      </document>
      """
    let drawn = StoryboardHierarchy(try Self.storyboard(xml), others: [try Self.load("Account.storyboard")])
    let hierarchy = drawn.hierarchy
    // The reference is the selected tab: on screen, as the scene it stands for.
    #expect(hierarchy["UITabBarController"]?.selectedChild == "Account.storyboard#AccountNav")
    #expect(hierarchy["Account.storyboard#AccountNav"]?.appearance == .appeared)
    #expect(hierarchy["Account/AccountNav"]?.appearance == .appeared)
    #expect(hierarchy["Account/AccountViewController"]?.appearance == .appeared)
    #expect(hierarchy["Account/ProfileViewController"]?.isViewLoaded == false)
    // The header counts the controllers on screen, not the reference standing for one of them.
    #expect(drawn.counts.onScreenAtLaunch == 3)
    #expect(drawn.counts.launchPhrase == "at launch 3 on screen")
  }

  // MARK: - What vcgraph does not know

  @Test func unknownElementsKindsAndBrokenLinksAreDrawnGenericallyAndReported() throws {
    let storyboard = try Self.load("unknown-things.storyboard")
    let path = Self.fixturePath("unknown-things.storyboard")
    #expect(
      storyboard.warnings.map { "\($0.location.line): \($0.problem.message)" } == [
        "22: unknown segue kind \"morph\"; drawn as a segue labelled with it",
        "24: a segue without a kind; drawn as a segue labelled \"no kind\"",
        "40: unknown controller element <visionScannerController>; drawn as a content controller named after it",
      ])
    #expect(storyboard.warnings.allSatisfy { $0.location.file == path && $0.description.hasPrefix(path + ":") })
    let drawn = StoryboardHierarchy(storyboard)
    #expect(
      drawn.warnings.map(\.problem) == [
        .missingDestination(objectID: "Gon-Vc-404", kind: "show"),
        .duplicateIdentifier("Detail"),
        .unknownRelationship("nextPage", element: "viewController"),
        .containmentCycle(child: "Detail", parent: "Detail-2"),
      ])
    let hierarchy = drawn.hierarchy
    #expect(
      Self.summary(hierarchy) == [
        "Home: Odd.HomeViewController, content, appeared | root of main",
        "visionScannerController: visionScannerController, content, not loaded",
        "Detail: Odd.DetailViewController, container, not loaded",
        "Detail-2: Odd.OtherDetailViewController, container, not loaded | child 0 of Detail",
        "Lonely: UIViewController, content, not loaded",
        "missing Gon-Vc-404: missing scene, content, not loaded",
      ])
    #expect(
      Self.segues(hierarchy) == [
        "Home → visionScannerController: morph (unknown kind) “scan”",
        "Home → missing Gon-Vc-404: show “gone”",
        "Home → visionScannerController: segue (no kind)",
        "Home → visionScannerController: relationship · nextPage",
        // A segue on a gesture recognizer beside the controller starts from the scene's controller.
        "Home → Detail-2: present · overCurrentContext “swipe”",
        "Detail-2 → Detail: relationship · embed",
      ])
    // A scene with no relation and no segue is still drawn.
    #expect(hierarchy.isMember("Lonely"))
    #expect(drawn.missingScenes == ["missing Gon-Vc-404"])
    #expect(drawn.sceneCount == 5)
  }

  /// A WatchKit storyboard holds interface controllers, not view controllers: its scenes are left
  /// out, counted as the file has them, with one warning saying which and why.
  @Test func watchKitScenesAreLeftOutAndCounted() throws {
    let storyboard = try Self.load("watchkit-interface.storyboard")
    #expect(storyboard.platform == .watchOS)
    #expect(storyboard.scenes.isEmpty)
    #expect(
      storyboard.leftOutScenes.map(\.element) == [
        "controller", "controller", "controller", "glanceController", "notificationController",
      ])
    #expect(storyboard.leftOutScenes.map(\.segueCount) == [3, 0, 0, 0, 0])
    #expect(
      storyboard.warnings.map(\.description) == [
        Self.fixturePath("watchkit-interface.storyboard") + ":11:36: warning: all 5 scenes left out, not drawn: they"
          + " hold WatchKit interface controllers (<controller>, <glanceController>, <notificationController>),"
          + " which are not UIKit view controllers"
      ])
    let drawn = StoryboardHierarchy(storyboard)
    // No "missing initial view controller": the initial controller is one of the scenes left out.
    #expect(drawn.warnings.isEmpty, "\(drawn.warnings)")
    #expect(drawn.hierarchy.order.isEmpty)
    let counts = drawn.counts
    #expect(counts.scenesInFile == 5)
    #expect(counts.leftOutScenes == 5)
    #expect(
      counts.scenesPhrase
        == "5 scenes, none drawn (5 left out: WatchKit interface controllers (<controller>, <glanceController>,"
        + " <notificationController>), which are not UIKit view controllers)")
    #expect(counts.launchPhrase == "the initial controller is left out, so no window")
    #expect(counts.seguesPhrase == nil)
  }

  /// The header's counts are the file's: scenes and segues as the file has them, and, where the
  /// drawing has more (a scene drawn once per container that takes it), both.
  @Test func theHeaderCountsTheFilesScenesAndSegues() throws {
    let drawn = try Self.build("../StoryboardShapes/tab-also-embedded.storyboard")
    let counts = drawn.counts
    #expect(counts.scenesInFile == 9)
    #expect(counts.drawnScenes == 9 + 6)
    #expect(
      counts.scenesPhrase
        == "9 scenes, drawn as 15 boxes (one per container that takes a scene, as UIKit makes one for each)")
    #expect(counts.segues == 1)
    #expect(counts.drawnSegues == 2)
    #expect(counts.seguesPhrase == "1 segue drawn 2 times, once per instance of their scene")
    // A storyboard drawn as the file has it says so once.
    let plain = try Self.build("xcode8-adaptive.storyboard").counts
    #expect(plain.drawnScenes == plain.scenesInFile)
    #expect(plain.scenesPhrase == "\(plain.scenesInFile) scenes")
    #expect(plain.seguesPhrase == "\(plain.segues) segues")
  }

  /// A set of storyboards that reference each other draws the scenes it follows; past two
  /// storyboards the header says how many, in one short line.
  @Test func aSetsHeaderIsOneShortLine() {
    var counts = StoryboardHierarchy.Counts(
      scenesInFile: 12, leftOutScenes: 0, leftOutReason: nil, drawnScenes: 12,
      followed: [.init(storyboard: "Settings", drawnScenes: 5)], missingScenes: 0, segues: 3, drawnSegues: 3,
      hasUnwind: false, referencesFollowed: 1, hasWindow: true, isInitialLeftOut: false, onScreenAtLaunch: 3)
    #expect(counts.scenesPhrase == "12 scenes + 5 from Settings.storyboard")
    counts.followed = (1...9).map { .init(storyboard: "Feature\($0)WithALongStoryboardName", drawnScenes: $0) }
    #expect(counts.scenesPhrase == "12 scenes + 45 from 9 other storyboards")
  }

  @Test func anAppKitStoryboardIsReadAndItsRelationshipsAreSegues() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB" version="3.0" toolsVersion="22155" targetRuntime="MacOSX.Cocoa" initialViewController="B8D-0N-5wS">
        <scenes>
          <scene sceneID="JPo-4y-FX3">
            <objects>
              <application id="hnw-xV-0zn" sceneMemberID="viewController"/>
              <customObject id="Ady-hI-5gd" userLabel="First Responder" customClass="NSResponder" sceneMemberID="firstResponder"/>
            </objects>
          </scene>
          <scene sceneID="R2V-B0-nI4">
            <objects>
              <windowController id="B8D-0N-5wS" sceneMemberID="viewController">
                <connections>
                  <segue destination="XfG-lQ-9wD" kind="relationship" relationship="window.shadowedContentViewController" id="cq2-FE-JQM"/>
                </connections>
              </windowController>
            </objects>
          </scene>
          <scene sceneID="hIz-AP-VOD">
            <objects>
              <viewController id="XfG-lQ-9wD" customClass="ViewController" customModule="Mac" sceneMemberID="viewController"/>
            </objects>
          </scene>
        </scenes>
      </document>
      """
    let storyboard = try Self.storyboard(xml, path: "Mac.storyboard")
    #expect(
      storyboard.warnings.first?.problem == .otherPlatform(type: "com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB"))
    let drawn = StoryboardHierarchy(storyboard)
    #expect(
      Self.summary(drawn.hierarchy) == [
        "application: application, content, not loaded",
        "NSWindowController: NSWindowController, content, appeared | root of main",
        "ViewController: Mac.ViewController, content, not loaded",
      ])
    #expect(
      Self.segues(drawn.hierarchy) == [
        "NSWindowController → ViewController: relationship · window.shadowedContentViewController"
      ])
  }

  @Test func aStoryboardWithoutAnInitialViewControllerHasNoWindow() throws {
    let xml = """
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB">
        <scenes><scene sceneID="a"><objects>
          <viewController storyboardIdentifier="Onboarding" id="x" sceneMemberID="viewController"/>
        </objects></scene></scenes>
      </document>
      """
    let drawn = StoryboardHierarchy(try Self.storyboard(xml))
    #expect(drawn.hierarchy.windows.isEmpty)
    #expect(drawn.hierarchy.members == ["Onboarding"])
    #expect(drawn.hierarchy["Onboarding"]?.isViewLoaded == false)
  }

  @Test func anInitialViewControllerThatIsNoSceneIsReported() throws {
    let xml = """
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" initialViewController="gone">
        <scenes><scene sceneID="a"><objects><viewController id="x" sceneMemberID="viewController"/></objects></scene></scenes>
      </document>
      """
    let drawn = StoryboardHierarchy(try Self.storyboard(xml))
    #expect(drawn.warnings.map(\.problem) == [.missingInitialViewController("gone")])
    #expect(drawn.hierarchy.windows.isEmpty)
  }

  // MARK: - Device and size class

  /// A storyboard with a split view (a navigation controller as primary, a detail as secondary)
  /// on the canvas `device`, or none; `attributes` go on the document.
  static func splitViewStoryboard(device: String?, attributes: String = "") -> String {
    """
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" \(attributes) initialViewController="s">
      \(device ?? "")
      <scenes>
        <scene sceneID="a"><objects>
          <splitViewController id="s" sceneMemberID="viewController"><connections>
            <segue destination="p" kind="relationship" relationship="masterViewController" id="r1"/>
            <segue destination="d" kind="relationship" relationship="detailViewController" id="r2"/>
          </connections></splitViewController>
        </objects></scene>
        <scene sceneID="b"><objects>
          <navigationController id="p" sceneMemberID="viewController"><connections>
            <segue destination="l" kind="relationship" relationship="rootViewController" id="r3"/>
          </connections></navigationController>
        </objects></scene>
        <scene sceneID="c"><objects>
          <tableViewController id="l" customClass="ListViewController" sceneMemberID="viewController"/>
        </objects></scene>
        <scene sceneID="d"><objects>
          <viewController id="d" customClass="DetailViewController" sceneMemberID="viewController"/>
        </objects></scene>
      </scenes>
    </document>
    """
  }

  /// The device ids of every Xcode since 8, and what older files say, give the launch size class
  /// of Apple's table (Human Interface Guidelines, Layout, Device size classes): iPad full screen
  /// regular; iPhone portrait compact; iPhone landscape regular on a Plus or Max only.
  @Test(
    arguments: [
      (#"<device id="retina6_12" orientation="portrait" appearance="light"/>"#, "", SizeClass.compact),
      (#"<device id="retina4_7" orientation="portrait"><adaptation id="fullscreen"/></device>"#, "", .compact),
      (#"<device id="retina4_0" orientation="landscape" appearance="light"/>"#, "", .compact),
      (#"<device id="retina6_12" orientation="landscape" appearance="light"/>"#, "", .compact),
      (#"<device id="retina5_5" orientation="landscape" appearance="light"/>"#, "", .regular),
      (#"<device id="retina6_72" orientation="landscape" appearance="light"/>"#, "", .regular),
      (#"<device id="retina6_1" orientation="landscape" appearance="light"/>"#, "", nil),
      (#"<device id="iPhoneSE3" orientation="portrait"/>"#, "", .compact),
      (#"<device id="ipad9_7" orientation="portrait"><adaptation id="fullscreen"/></device>"#, "", .regular),
      (#"<device id="ipad12_9rounded" orientation="landscape" layout="fullscreen" appearance="light"/>"#, "", .regular),
      (#"<device id="iPad13_0rounded" orientation="portrait" layout="fullscreen" appearance="light"/>"#, "", .regular),
      (#"<device id="ipad11_0rounded" orientation="portrait" appearance="light"/>"#, "", .regular),
      (#"<device id="ipad10_2" orientation="landscape" layout="splitview1_2" appearance="light"/>"#, "", nil),
      (#"<device id="apple_tv" orientation="landscape" appearance="light"/>"#, "", nil),
      (nil, #"targetRuntime="iOS.CocoaTouch.iPad""#, .regular),
      (nil, #"targetRuntime="iOS.CocoaTouch" useTraitCollections="YES""#, nil),
    ] as [(String?, String, SizeClass?)])
  func theCanvasDeviceGivesTheLaunchSizeClass(device: String?, attributes: String, expected: SizeClass?) throws {
    let storyboard = try Self.storyboard(Self.splitViewStoryboard(device: device, attributes: attributes))
    #expect(storyboard.device.horizontalSizeClass == expected)
    let drawn = StoryboardHierarchy(storyboard)
    let hierarchy = drawn.hierarchy
    let split = try #require(hierarchy["UISplitViewController"])
    switch expected {
    case .compact?:
      // Collapsed: the detail is pushed onto the primary's stack, on top of the list.
      #expect(split.isCollapsed == true)
      #expect(split.children == ["UINavigationController"])
      #expect(hierarchy["UINavigationController"]?.children == ["ListViewController", "DetailViewController"])
      #expect(hierarchy["DetailViewController"]?.appearance == .appeared)
      #expect(hierarchy["ListViewController"]?.isViewLoaded == false)
      #expect(hierarchy.windows.first?.horizontalSizeClass == .compact)
    case .regular?:
      #expect(split.isCollapsed == false)
      #expect(split.children == ["UINavigationController", "DetailViewController"])
      #expect(hierarchy["ListViewController"]?.appearance == .appeared)
      #expect(hierarchy["DetailViewController"]?.appearance == .appeared)
      #expect(hierarchy.windows.first?.horizontalSizeClass == .regular)
    case nil:
      // Nothing says: neither collapsed nor expanded, the columns as the storyboard lays them out.
      #expect(split.isCollapsed == nil)
      #expect(split.splitViewState == nil)
      #expect(split.children == ["UINavigationController", "DetailViewController"])
    }
    let summary = StoryboardSummary(storyboard)
    #expect(summary.device.horizontalSizeClass == expected)
  }

  @Test func theFixturesOfEveryXcodeKnowTheirDevice() throws {
    let xcode4 = try Self.load("xcode4-ipad-master-detail.storyboard")
    #expect(xcode4.device.idiom == .iPad)
    #expect(StoryboardHierarchy(xcode4).hierarchy["UISplitViewController"]?.isCollapsed == false)
    let xcode5 = try Self.load("xcode5-tab-bar.storyboard")
    #expect(xcode5.device.simulatedScreen == "retina4")
    #expect(xcode5.device.idiom == .iPhone)
    #expect(xcode5.device.horizontalSizeClass == .compact)
    // Xcode 7's universal Master-Detail template: no device, so its split view is labelled neither.
    let xcode7 = try Self.load("xcode7-universal-master-detail.storyboard")
    #expect(xcode7.device == StoryboardDevice(targetRuntime: "iOS.CocoaTouch"))
    #expect(xcode7.device.idiom == nil)
    let universal = StoryboardHierarchy(xcode7).hierarchy
    #expect(universal["UISplitViewController"]?.isCollapsed == nil)
    #expect(universal["MasterViewController"]?.appearance == .appeared)
    #expect(universal["DetailViewController"]?.appearance == .appeared)
    let xcode8 = try Self.load("xcode8-adaptive.storyboard")
    #expect(
      xcode8.device
        == StoryboardDevice(
          id: "retina4_7", orientation: "portrait", layout: "fullscreen", targetRuntime: "iOS.CocoaTouch"))
    let xcode15 = try Self.load("xcode15-columns.storyboard")
    #expect(xcode15.device.idiom == .iPad)
    #expect(StoryboardHierarchy(xcode15).hierarchy["UISplitViewController"]?.isCollapsed == false)
    let dashboard = try Self.load("xcode16-ipad-dashboard.storyboard")
    #expect(dashboard.device.summary == "iPad · regular width")
    #expect(StoryboardHierarchy(dashboard).hierarchy["UISplitViewController"]?.splitViewState == "expanded")
  }

  /// Two container views embedding one scene: UIKit instantiates the scene once per embed segue,
  /// so the dashboard holds two sparklines, each with its own segues, and no warning.
  @Test func aSceneEmbeddedByTwoContainerViewsIsTwoInstances() throws {
    let drawn = try Self.build("xcode16-ipad-dashboard.storyboard")
    #expect(drawn.warnings.isEmpty, "\(drawn.warnings)")
    let hierarchy = drawn.hierarchy
    #expect(Set(hierarchy.order).count == hierarchy.order.count)
    #expect(
      hierarchy["DashboardViewController"]?.children == [
        "SparklineViewController", "SparklineViewController (embed 2)",
      ])
    let copy = try #require(hierarchy["SparklineViewController (embed 2)"])
    #expect(copy.className == "Dashboard.SparklineViewController")
    #expect(copy.parent == "DashboardViewController")
    #expect(copy.appearance == .appeared)
    #expect(hierarchy.role(of: copy.id) == .child(index: 1))
    // Both come from the same scene, and both can perform its segue.
    #expect(drawn.origins[copy.id] == drawn.origins["SparklineViewController"])
    #expect(
      Self.segues(hierarchy).filter { $0.contains("DataPointViewController") } == [
        "SparklineViewController → DataPointViewController: present · formSheet “showPoint”",
        "SparklineViewController (embed 2) → DataPointViewController: present · formSheet “showPoint”",
      ])
    #expect(!Self.segues(hierarchy).contains { $0.contains("embed") && $0.contains("relationship") })
    // The state JSON lists both.
    let json = StateDocument(steps: [.init(number: 1, action: "storyboard", hierarchy: hierarchy)]).jsonString()
    #expect(json.contains(#""id" : "SparklineViewController (embed 2)""#))
    #expect(json.contains(#""parent" : "DashboardViewController""#))
  }

  /// An embedded scene that is itself a container is copied with what it contains: each embed gets
  /// its own navigation controller and root.
  @Test func aContainerEmbeddedTwiceIsCopiedWithWhatItContains() throws {
    let xml = """
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" initialViewController="home">
        <device id="retina6_12" orientation="portrait" appearance="light"/>
        <scenes>
          <scene sceneID="a"><objects>
            <viewController id="home" customClass="HomeViewController" sceneMemberID="viewController">
              <view key="view" id="v"><subviews>
                <containerView id="c1"><connections><segue destination="nav" kind="embed" id="e1"/></connections></containerView>
                <containerView id="c2"><connections><segue destination="nav" kind="embed" id="e2"/></connections></containerView>
              </subviews></view>
            </viewController>
          </objects></scene>
          <scene sceneID="b"><objects>
            <viewController id="side" customClass="SideViewController" sceneMemberID="viewController">
              <view key="view" id="w"><subviews>
                <containerView id="c3"><connections><segue destination="nav" kind="embed" id="e3"/></connections></containerView>
              </subviews></view>
            </viewController>
          </objects></scene>
          <scene sceneID="c"><objects>
            <navigationController id="nav" sceneMemberID="viewController"><connections>
              <segue destination="list" kind="relationship" relationship="rootViewController" id="r1"/>
            </connections></navigationController>
          </objects></scene>
          <scene sceneID="d"><objects>
            <tableViewController id="list" customClass="ListViewController" sceneMemberID="viewController"/>
          </objects></scene>
        </scenes>
      </document>
      """
    let drawn = StoryboardHierarchy(try Self.storyboard(xml))
    #expect(drawn.warnings.isEmpty, "\(drawn.warnings)")
    let hierarchy = drawn.hierarchy
    #expect(Set(hierarchy.order).count == hierarchy.order.count)
    #expect(
      hierarchy["HomeViewController"]?.children == ["UINavigationController", "UINavigationController (embed 2)"])
    #expect(hierarchy["SideViewController"]?.children == ["UINavigationController (embed 3)"])
    #expect(hierarchy["UINavigationController"]?.children == ["ListViewController"])
    #expect(hierarchy["UINavigationController (embed 2)"]?.children == ["ListViewController (embed 2)"])
    #expect(hierarchy["UINavigationController (embed 3)"]?.children == ["ListViewController (embed 3)"])
    // On screen with the home scene: both its copies; the side scene's is not shown at launch.
    #expect(hierarchy["ListViewController (embed 2)"]?.appearance == .appeared)
    #expect(hierarchy["ListViewController (embed 3)"]?.isViewLoaded == false)
  }

  /// A scene taken by two containers of different kinds (a tab bar's tab that a container view
  /// also embeds, a navigation controller that is a tab of two tab bars) is one instance per taker,
  /// as UIKit instantiates it for each. The initial view controller's tree keeps the scenes
  /// themselves, although the container view comes first in the document.
  @Test func aSceneTakenByATabBarAndAContainerViewIsOneInstancePerTaker() throws {
    let drawn = try Self.build("../StoryboardShapes/tab-also-embedded.storyboard")
    #expect(drawn.warnings.isEmpty, "\(drawn.warnings)")
    let hierarchy = drawn.hierarchy
    #expect(Set(hierarchy.order).count == hierarchy.order.count)
    #expect(hierarchy._checkInvariants() == [])
    // Both tabs, the split view with its columns.
    #expect(hierarchy["MainTabBarController"]?.children == ["UINavigationController", "UISplitViewController"])
    #expect(
      hierarchy["UISplitViewController"]?.children == ["UINavigationController-2", "ArticleViewController"])
    #expect(hierarchy["UINavigationController-2"]?.children == ["HelpTopicsViewController"])
    #expect(hierarchy["UINavigationController"]?.children == ["OrdersViewController"])
    // The container view's instance, with its own columns and their contents.
    #expect(hierarchy["Dashboard"]?.children == ["UISplitViewController (embed 2)"])
    #expect(
      hierarchy["UISplitViewController (embed 2)"]?.children == [
        "UINavigationController-2 (embed 2)", "ArticleViewController (embed 2)",
      ])
    #expect(hierarchy["UINavigationController-2 (embed 2)"]?.children == ["HelpTopicsViewController (embed 2)"])
    // The second tab bar's instance of the Orders stack, made by a relationship.
    #expect(hierarchy["Admin"]?.children == ["UINavigationController (instance 2)"])
    #expect(hierarchy["UINavigationController (instance 2)"]?.children == ["OrdersViewController (instance 2)"])
    #expect(drawn.origins["UINavigationController (instance 2)"] == drawn.origins["UINavigationController"])
    // Every instance of Orders can perform its segue; no relationship is left as a segue.
    #expect(
      Self.segues(hierarchy) == [
        "OrdersViewController → Dashboard: show “showDashboard”",
        "OrdersViewController (instance 2) → Dashboard: show “showDashboard”",
      ])
    // At launch the first tab is on screen: the original Orders stack, not the second tab bar's.
    #expect(hierarchy["OrdersViewController"]?.appearance == .appeared)
    #expect(hierarchy["OrdersViewController (instance 2)"]?.isViewLoaded == false)
    #expect(hierarchy["HelpTopicsViewController"]?.isViewLoaded == false)
    #expect(hierarchy["UISplitViewController"]?.isCollapsed == false)
  }

  /// Each scene of a chain embedding the next twice doubles the instances: 2^16 of them are not
  /// drawn; past the limit the embeds are segues, with one warning.
  @Test func embedsThatDoubleAtEachLevelStopAtALimit() throws {
    let depth = 16
    var scenes = ""
    for level in 0..<depth {
      let next =
        level + 1 < depth
        ? """
        <view key="view" id="v\(level)"><subviews>
          <containerView id="a\(level)"><connections><segue destination="s\(level + 1)" kind="embed" id="e\(level)a"/></connections></containerView>
          <containerView id="b\(level)"><connections><segue destination="s\(level + 1)" kind="embed" id="e\(level)b"/></connections></containerView>
        </subviews></view>
        """ : ""
      scenes += """
        <scene sceneID="c\(level)"><objects>
          <viewController id="s\(level)" customClass="Level\(level)ViewController" sceneMemberID="viewController">\(next)</viewController>
        </objects></scene>
        """
    }
    let xml = """
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" initialViewController="s0">
        <scenes>\(scenes)</scenes>
      </document>
      """
    // Counted, not timed: the limit holds the instances to 2,000 of the 2^16 the embeds make.
    let drawn = StoryboardHierarchy(try Self.storyboard(xml))
    let hierarchy = drawn.hierarchy
    #expect(Set(hierarchy.order).count == hierarchy.order.count)
    #expect(hierarchy.order.count == depth + StoryboardHierarchy.maximumEmbeddedInstances)
    #expect(drawn.warnings.map(\.problem).contains(.tooManyEmbeddedInstances(limit: 2_000)))
    #expect(hierarchy._checkInvariants() == [])
  }

  /// UIKit instantiates a navigation controller's root for each navigation controller: two
  /// navigation controllers with one root scene hold an instance each.
  @Test func twoRelationshipsToOneControllerMakeTwoInstances() throws {
    let xml = """
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB">
        <scenes>
          <scene sceneID="a"><objects>
            <navigationController id="n1" sceneMemberID="viewController"><connections>
              <segue destination="v" kind="relationship" relationship="rootViewController" id="r1"/>
            </connections></navigationController>
          </objects></scene>
          <scene sceneID="b"><objects>
            <navigationController id="n2" sceneMemberID="viewController"><connections>
              <segue destination="v" kind="relationship" relationship="rootViewController" id="r2"/>
            </connections></navigationController>
          </objects></scene>
          <scene sceneID="c"><objects><viewController id="v" sceneMemberID="viewController"/></objects></scene>
        </scenes>
      </document>
      """
    let drawn = StoryboardHierarchy(try Self.storyboard(xml))
    #expect(drawn.warnings.isEmpty, "\(drawn.warnings)")
    #expect(drawn.hierarchy["UINavigationController"]?.children == ["UIViewController"])
    #expect(drawn.hierarchy["UINavigationController-2"]?.children == ["UIViewController (instance 2)"])
    #expect(drawn.hierarchy.segues.isEmpty)
  }

  // MARK: - Malformed documents

  @Test func malformedXMLIsAnErrorWithItsLine() throws {
    let mismatched = """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB">
        <scenes>
          <scene sceneID="a"><objects>
            <viewController id="x" sceneMemberID="viewController">
          </objects></scene>
        </scenes>
      </document>
      """
    let error = try #require(Self.error(mismatched))
    #expect(error.location.file == "test.storyboard")
    #expect(error.location.line == 6)
    #expect(error.location.column >= 1)
    #expect(error.problem == .malformedXML(code: 76, openElement: "viewController"))
    #expect(
      error.description.hasPrefix("test.storyboard:6:")
        && error.description.hasSuffix(
          ": error: malformed XML: the end tag does not close the open element <viewController>")
    )

    let truncated =
      "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\">\n<scenes>\n<scene sceneID=\"a\">"
    let cut = try #require(Self.error(truncated))
    #expect(cut.location.line == 3)
    #expect(cut.problem.message == "malformed XML: the file ends before <scene> is closed")

    let unclosedQuote = "<document>\n<scenes>\n<scene sceneID=\"a><objects/></scene>\n</scenes>\n</document>\n"
    #expect(Self.error(unclosedQuote)?.location.line == 3)

    let notXML = try #require(Self.error("Main storyboard, version 2"))
    #expect(
      notXML.description
        == "test.storyboard:1:1: error: malformed XML: expected an element (\"<\"); the file is not XML")
  }

  @Test func documentsThatAreNotStoryboardsAreErrors() throws {
    #expect(Self.error("")?.description.hasPrefix("test.storyboard:1:1: error: the file is empty") == true)
    #expect(Self.error(" \n\t\n")?.problem == .empty)
    #expect(
      Self.error("<svg xmlns=\"http://www.w3.org/2000/svg\"/>")?.problem == .notInterfaceBuilder(rootElement: "svg"))
    let xib = """
      <?xml version="1.0" encoding="UTF-8"?>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22155">
        <objects><placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/></objects>
      </document>
      """
    let error = try #require(Self.error(xib))
    #expect(error.problem == .notAStoryboard(type: "com.apple.InterfaceBuilder3.CocoaTouch.XIB"))
    #expect(error.location.line == 2)
  }

  /// A storyboard that declares one 10 KB entity and uses it 900 times in scene titles: 66 KB that
  /// libxml2 would expand to 9 MB of titles (and vcgraph to a 180 MB JSON export).
  static func entityAmplification(_ prolog: String = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n") -> String {
    let scenes = (0..<900).map { _ in
      "<scene><objects><viewController title=\"&big;\"/></objects></scene>"
    }
    return prolog + """
      <!DOCTYPE document [
      <!ENTITY big "\(String(repeating: "A", count: 10_000))">
      ]>
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
      <scenes>
      \(scenes.joined(separator: "\n"))
      </scenes>
      </document>
      """
  }

  @Test func aDocumentTypeDeclarationIsRefusedWhereItIsAndNoEntityIsExpanded() throws {
    let attack = Self.entityAmplification()
    #expect((60_000..<72_000).contains(attack.utf8.count))
    let error = try #require(Self.error(attack))
    #expect(error.problem == .documentTypeDeclaration)
    #expect(
      error.description
        == "test.storyboard:2:1: error: the storyboard has a document type declaration (<!DOCTYPE>), where entities"
        + " are declared; storyboards written by Xcode never have one, and vcgraph does not expand entities")

    // After comments and processing instructions, in UTF-16, after a byte order mark.
    let commented = Self.entityAmplification("<?xml version=\"1.0\"?>\n<!-- <!DOCTYPE in a comment> -->\n  <?pi x?> ")
    #expect(Self.error(commented)?.location == SourceLocation(file: "test.storyboard", line: 3, column: 12))
    var utf16 = Data([0xFF, 0xFE])
    for unit in Self.entityAmplification().utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    #expect(
      throws: StoryboardError(.documentTypeDeclaration, at: SourceLocation(file: "u.storyboard", line: 2, column: 1))
    ) {
      try Storyboard(data: utf16, path: "u.storyboard")
    }
    let bom = "\u{FEFF}<!DOCTYPE document>\n<document/>"
    #expect(Self.error(bom)?.location == SourceLocation(file: "test.storyboard", line: 1, column: 1))
    // The words in a comment or in the document are not a declaration.
    let mentioned = """
      <?xml version="1.0"?><!-- <!DOCTYPE --><document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB">
      <scenes><scene sceneID="a"><objects><viewController id="v" title="&lt;!DOCTYPE" sceneMemberID="viewController"/>
      </objects></scene></scenes></document>
      """
    #expect(try Self.storyboard(mentioned).scenes.map(\.title) == ["<!DOCTYPE"])
  }

  /// libxml2 converts any encoding an XML declaration names: in UTF-7 the bomb above spells
  /// `<!DOCTYPE` as `<+ACE-DOCTYPE`, which no check of the bytes sees. Only UTF-8 and UTF-16 are read.
  @Test func encodingsOtherThanUTF8AndUTF16AreRefusedBeforeParsing() throws {
    let utf7 = Self.entityAmplification("<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n")
      .replacingOccurrences(of: "<!", with: "<+ACE-")
    #expect(utf7.contains("<+ACE-DOCTYPE") && !utf7.contains("<!DOCTYPE"))
    let error = try #require(Self.error(utf7))
    #expect(error.problem == .unsupportedEncoding("the encoding \"UTF-7\""))
    #expect(
      error.description
        == "test.storyboard:1:21: error: the document is in the encoding \"UTF-7\"; vcgraph reads storyboards in"
        + " UTF-8, as Xcode writes them, or UTF-16")
    for declared in ["ISO-8859-1", "utf-7", "UTF-16", "EBCDIC-US"] {
      let xml = "<?xml version='1.0' encoding = '\(declared)' ?><document/>"
      #expect(Self.error(xml)?.problem == .unsupportedEncoding("the encoding \"\(declared)\""), "\(declared)")
    }
    // UTF-32 and EBCDIC are told by their first bytes.
    #expect(
      throws: StoryboardError(.unsupportedEncoding("UTF-32"), at: SourceLocation(file: "t", line: 1, column: 1))
    ) {
      try Storyboard(data: Data([0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x3C]), path: "t")
    }
    // A UTF-16 document names UTF-16 or nothing; with a byte order mark, UTF-7 is refused too.
    func utf16(_ text: String) -> Data {
      var data = Data([0xFF, 0xFE])
      for unit in text.utf16 { data += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
      return data
    }
    let document = #"<document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB"><scenes/></document>"#
    #expect(throws: Never.self) {
      try Storyboard(data: utf16(#"<?xml version="1.0" encoding="UTF-16"?>"# + document), path: "u")
    }
    #expect(throws: StoryboardError.self) {
      try Storyboard(data: utf16(#"<?xml version="1.0" encoding="UTF-7"?>"# + document), path: "u")
    }
    // UTF-8, however it is spelled, reads.
    #expect(try Self.storyboard(#"<?xml version="1.0" encoding="utf-8"?>"# + document).scenes.isEmpty)
  }

  /// Whatever path expanded text takes past the checks before parsing, the parser is stopped once
  /// it delivered more than the limit, with an error naming it.
  @Test func theTextTheParserDeliversIsBounded() throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: Self.fixturePath("big-shop.storyboard")))
    #expect(throws: Never.self) { try Storyboard(data: data, path: "big-shop.storyboard") }
    #expect(Storyboard.maximumTextBytes == 64 << 20)
    do {
      _ = try Storyboard(data: data, path: "big-shop.storyboard", maximumTextBytes: 10_000)
      Issue.record("read past the limit")
    } catch {
      #expect(error.problem == .textTooLong(limit: 10_000))
      #expect(error.location.line > 1)
    }
    #expect(
      StoryboardError.Problem.textTooLong(limit: 64 << 20).message
        == "the document's text grows past 64 MiB as the XML parser reads it, the most vcgraph reads from one"
        + " storyboard (Xcode's largest storyboards hold a few MiB); reading stopped there")
  }

  @Test func twoScenesWithOneObjectIDAreRefusedWithBothLines() throws {
    let duplicated = """
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB">
      <scenes>
      <scene sceneID="a"><objects><viewController id="same" title="First" sceneMemberID="viewController"/></objects></scene>
      <scene sceneID="b"><objects>
        <tableViewController id="same" title="Second" sceneMemberID="viewController"/>
      </objects></scene>
      </scenes>
      </document>
      """
    let error = try #require(Self.error(duplicated))
    #expect(error.problem == .duplicateObjectID("same", firstLine: 3))
    #expect(error.location.line == 5)
    #expect(
      error.description.hasSuffix(
        "error: a second scene controller with the object id \"same\" (the first is on line 3);"
          + " Xcode refuses such a storyboard as corrupt"))
  }

  @Test func unreadableFilesAreErrors() throws {
    let missing = Self.fixturePath("no-such.storyboard")
    #expect(throws: StoryboardError.self) { try Storyboard(contentsOfFile: missing) }
    do {
      _ = try Storyboard(contentsOfFile: Self.fixtures.path)
      Issue.record("a folder was read as a storyboard")
    } catch {
      #expect(
        error.description
          == "\(Self.fixtures.path): error: cannot read the storyboard: it is a folder; give the .storyboard file")
    }
  }

  /// Every prefix of a real storyboard, and the storyboard with a quote or a bracket dropped in, either
  /// reads or is an error with a line: never a crash, never a hang.
  @Test func damagedStoryboardsNeverCrash() throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: Self.fixturePath("xcode8-adaptive.storyboard")))
    let lineCount = data.filter { $0 == UInt8(ascii: "\n") }.count + 1
    var errors = 0
    for cut in stride(from: 0, to: data.count, by: max(1, data.count / 97)) {
      for damaged in [
        data.prefix(cut), data.prefix(cut) + Data("\"".utf8) + data.dropFirst(cut + 1),
        data.prefix(cut) + Data("<".utf8) + data.dropFirst(cut),
      ] {
        do {
          let storyboard = try Storyboard(data: Data(damaged), path: "damaged.storyboard")
          _ = StoryboardHierarchy(storyboard, others: [storyboard])
        } catch {
          errors += 1
          #expect((1...lineCount + 1).contains(error.location.line), "\(error)")
        }
      }
    }
    #expect(errors > 100)
  }

  // MARK: - Model

  @Test func segueKindsSayWhatTheyDo() {
    #expect(Segue.Kind.presentation(style: nil).label == "present · default")
    #expect(Segue.Kind.presentation(style: .formSheet).label == "present · formSheet")
    #expect(Segue.Kind.custom(className: nil).label == "custom")
    #expect(Segue.Kind.relationship("compactViewController").label == "compact column")
    #expect(Segue.Kind.other("").label == "segue (no kind)")
    #expect(Segue.Kind.popover.name == "popoverPresentation")
    #expect(Segue.Kind.popover.label == "popover")
    #expect(Segue.Kind.legacyPopover.name == "popover")
    #expect(Segue.Kind.legacyPopover.label == "popover (iOS 5–7)")
    let unwind = Segue(source: "a", destination: nil, kind: .unwind(action: "done:"))
    #expect(unwind.involves("a") && !unwind.involves("b"))
  }

  @Test func storyboardScenesAreMembersOnlyOfStoryboardHierarchies() throws {
    // A scenario's declared but unused controller is still not drawn.
    let hierarchy = Hierarchy(viewControllers: [ViewController(id: "a", className: "A")])
    #expect(hierarchy.members.isEmpty)
    #expect(hierarchy.segues.isEmpty)
  }

  /// Peek and pop (Xcode 7 and later) writes a segue's `commit` and `preview` parts as `<segue
  /// key="commit">` inside it, with no destination: they are parts of the segue, not segues of
  /// their own, and draw no "segue without a destination" warning.
  @Test func peekAndPopPartsOfASegueAreNotSegues() throws {
    let storyboard = try Self.storyboard(
      """
      <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" initialViewController="a">
      <scenes>
      <scene sceneID="s1"><objects><tableViewController id="a" sceneMemberID="viewController">
        <connections>
          <segue destination="b" kind="show" identifier="detail" id="g1">
            <segue key="commit" inheritsFrom="parentRelationship" id="g2"/>
            <segue key="preview" inheritsFrom="commit" id="g3"/>
          </segue>
        </connections>
      </tableViewController></objects></scene>
      <scene sceneID="s2"><objects><viewController id="b" sceneMemberID="viewController"/></objects></scene>
      </scenes>
      </document>
      """)
    #expect(storyboard.warnings.isEmpty, "\(storyboard.warnings)")
    #expect(storyboard.connections.map(\.objectID) == ["g1"])
    #expect(storyboard.connections.first?.destination == "b")
  }

}
