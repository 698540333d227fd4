import Foundation
import Testing

@testable import VCGraph

/// The callbacks of step `number` of `yaml`, as `home viewDidLoad()` lines; the step must not warn.
private func events(
  _ yaml: String, step number: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation
)
  throws -> [String]
{
  let frame = try #require(try replay(yaml).frame(number), sourceLocation: sourceLocation)
  #expect(frame.warnings.isEmpty, sourceLocation: sourceLocation)
  return frame.events.map(\.description)
}

/// An iPad app with iOS 18 tabs: Home, Search, a Library group whose navigation controller
/// `libraryNav` holds its tabs, a Browse group without one, and Settings. `steps` is appended,
/// indented by two spaces.
private func iPad(_ steps: String, mode: String = "tabSidebar") -> String {
  """
  controllers:
    tabs: { class: UITabBarController, mode: \(mode) }
    home: HomeViewController
    search: SearchViewController
    libraryNav: UINavigationController
    library: LibraryViewController
    albums: AlbumsViewController
    artists: ArtistsViewController
    browse: BrowseViewController
    genres: GenresViewController
    charts: ChartsViewController
    settings: SettingsViewController
  steps:
    - setTabs:
        - { tab: home, title: Home, viewController: home }
        - { tab: search, title: Search, viewController: search }
        - group: library
          title: Library
          viewController: library
          managingNavigationController: libraryNav
          tabs:
            - { tab: albums, title: Albums, viewController: albums }
            - { tab: artists, title: Artists, viewController: artists }
        - group: browse
          viewController: browse
          defaultChild: charts
          tabs:
            - { tab: genres, viewController: genres }
            - { tab: charts, viewController: charts }
        - { tab: settings, viewController: settings }
      on: tabs
    - setRoot: tabs

  """ + steps
}

@Suite("iOS 18 tabs: controllers created on first selection")
struct IOS18TabLifecycleTests {
  @Test func onlyTheSelectedTabHasAControllerAtFirst() throws {
    let hierarchy = try finalHierarchy(iPad(""))
    let tabBar = try #require(hierarchy["tabs"])
    #expect(tabBar.children == ["home"])
    #expect(tabBar.selectedChild == "home")
    #expect(tabBar.selectedTab == "home")
    #expect(
      tabBar.tabs.map(\.identifier) == [
        "home", "search", "library", "albums", "artists", "browse", "genres", "charts", "settings",
      ])
    #expect(tabBar.rootTabs.map(\.identifier) == ["home", "search", "library", "browse", "settings"])
    let created = tabBar.tabs.filter { hierarchy.isCreated($0, in: "tabs") }.map(\.identifier)
    #expect(created == ["home"])
    // A controller whose tab was never selected is not part of the hierarchy at all.
    #expect(!hierarchy.isMember("search"))
    #expect(hierarchy["search"]?.isViewLoaded == false)
    #expect(hierarchy.role(of: "home") == .namedTab("home", isSelected: true))
  }

  @Test func theFirstSelectionCreatesTheControllerAndAddsItBeforeItAppears() throws {
    #expect(
      try events(iPad("  - selectTab: search\n    on: tabs\n"), step: 3) == [
        "search willMove(toParent: tabs)",
        "search viewDidLoad()",
        "search viewWillAppear(animated: false)",
        "home viewWillDisappear(animated: false)",
        "search viewIsAppearing(animated: false)",
        "home viewDidDisappear(animated: false)",
        "search viewDidAppear(animated: false)",
        "search didMove(toParent: tabs)",
      ])
    let hierarchy = try finalHierarchy(iPad("  - selectTab: search\n    on: tabs\n"))
    // The created controllers are the tab bar's children in the order of their tabs.
    #expect(hierarchy["tabs"]?.children == ["home", "search"])
  }

  @Test func aTabSelectedAgainKeepsItsControllerAndSwitchesLikeAnyTab() throws {
    let yaml = iPad(
      """
        - selectTab: search
          on: tabs
        - selectTab: 0
          on: tabs
        - selectTab: search
          on: tabs
      """)
    #expect(
      try events(yaml, step: 5) == [
        "search viewWillAppear(animated: false)",
        "home viewWillDisappear(animated: false)",
        "search viewIsAppearing(animated: false)",
        "home viewDidDisappear(animated: false)",
        "search viewDidAppear(animated: false)",
      ])
  }

  @Test func aTabOfAManagedGroupGoesOnTheGroupsNavigationStack() throws {
    let yaml = iPad("  - selectTab: albums\n    on: tabs\n")
    #expect(
      try events(yaml, step: 3) == [
        "libraryNav willMove(toParent: tabs)",
        "library willMove(toParent: libraryNav)",
        "albums willMove(toParent: libraryNav)",
        "libraryNav viewDidLoad()",
        "albums viewDidLoad()",
        "libraryNav viewWillAppear(animated: false)",
        "albums viewWillAppear(animated: false)",
        "home viewWillDisappear(animated: false)",
        "libraryNav viewIsAppearing(animated: false)",
        "albums viewIsAppearing(animated: false)",
        "home viewDidDisappear(animated: false)",
        "libraryNav viewDidAppear(animated: false)",
        "albums viewDidAppear(animated: false)",
        "libraryNav didMove(toParent: tabs)",
        "library didMove(toParent: libraryNav)",
        "albums didMove(toParent: libraryNav)",
      ])
    let hierarchy = try finalHierarchy(yaml)
    #expect(hierarchy["libraryNav"]?.children == ["library", "albums"])
    #expect(hierarchy["tabs"]?.children == ["home", "libraryNav"])
    #expect(hierarchy["tabs"]?.selectedTab == "albums")
    #expect(hierarchy.role(of: "libraryNav") == .namedTab("library", isSelected: true))
  }

  @Test func anotherTabOfTheGroupRebuildsTheStackAndTheFirstKeepsItsController() throws {
    let yaml = iPad(
      """
        - selectTab: albums
          on: tabs
        - selectTab: artists
          on: tabs
      """)
    // A change inside the shown tab: the stack's order (will-disappear first), and no deinit: the
    // Albums tab still holds its controller.
    #expect(
      try events(yaml, step: 4) == [
        "albums willMove(toParent: nil)",
        "artists willMove(toParent: libraryNav)",
        "artists viewDidLoad()",
        "albums viewWillDisappear(animated: false)",
        "artists viewWillAppear(animated: false)",
        "artists viewIsAppearing(animated: false)",
        "albums viewDidDisappear(animated: false)",
        "artists viewDidAppear(animated: false)",
        "albums didMove(toParent: nil)",
        "artists didMove(toParent: libraryNav)",
      ])
    let hierarchy = try finalHierarchy(yaml)
    #expect(hierarchy["libraryNav"]?.children == ["library", "artists"])
    let albums = try #require(hierarchy["tabs"]?.tab("albums"))
    #expect(hierarchy.isCreated(albums, in: "tabs"))
    #expect(hierarchy["albums"]?.instance == 1)
    #expect(hierarchy["albums"]?.isViewLoaded == true)
    // Back to Albums: its view is still loaded.
    #expect(!(try events(yaml + "\n  - selectTab: albums\n    on: tabs\n", step: 5)).contains("albums viewDidLoad()"))
  }

  @Test func aTabOfAGroupWithoutANavigationControllerShowsTheGroupsController() throws {
    let yaml = iPad("  - selectTab: genres\n    on: tabs\n")
    let hierarchy = try finalHierarchy(yaml)
    #expect(hierarchy["tabs"]?.selectedChild == "browse")
    #expect(hierarchy["tabs"]?.selectedTab == "genres")
    #expect(hierarchy["browse"]?.appearance == .appeared)
    // UIKit changes the view controller for root tabs only: the child tab's provider never runs.
    #expect(!hierarchy.isMember("genres"))
    let genres = try #require(hierarchy["tabs"]?.tab("genres"))
    #expect(!hierarchy.isCreated(genres, in: "tabs"))
  }

  @Test func aGroupSelectedAsAWholeSelectsItsLastTabElseItsDefaultElseItsFirst() throws {
    #expect(try finalHierarchy(iPad("  - selectTab: browse\n    on: tabs\n"))["tabs"]?.selectedTab == "charts")
    #expect(try finalHierarchy(iPad("  - selectTab: library\n    on: tabs\n"))["tabs"]?.selectedTab == "albums")
    let yaml = iPad(
      """
        - selectTab: artists
          on: tabs
        - selectTab: home
          on: tabs
        - selectTab: library
          on: tabs
      """)
    let hierarchy = try finalHierarchy(yaml)
    #expect(hierarchy["tabs"]?.selectedTab == "artists")
    #expect(hierarchy["tabs"]?.tab("library")?.selectedChild == "artists")
  }

  @Test func selectTabTakesAnIndexAmongTheRootTabsOrAController() throws {
    #expect(try finalHierarchy(iPad("  - selectTab: 3\n    on: tabs\n"))["tabs"]?.selectedTab == "charts")
    // A name that is both a tab and a controller is the tab; a managing navigation controller names its group.
    #expect(try finalHierarchy(iPad("  - selectTab: libraryNav\n    on: tabs\n"))["tabs"]?.selectedTab == "albums")
    expectViolation(
      iPad("  - selectTab: 5\n    on: tabs\n"), "Tab index 5 is out of range: <UITabBarController: tabs> has 5 tabs.")
  }

  @Test func replacingTheTabsKeepsTheControllersOfTabsGivenAgainAndReleasesTheOthers() throws {
    let yaml = iPad(
      """
        - selectTab: search
          on: tabs
        - setTabs:
            - { tab: search, viewController: search }
            - { tab: settings, viewController: settings }
          on: tabs
      """)
    #expect(
      try events(yaml, step: 4) == [
        "home willMove(toParent: nil)",
        "home didMove(toParent: nil)",
        "home deinit",
      ])
    let hierarchy = try finalHierarchy(yaml)
    #expect(hierarchy["tabs"]?.children == ["search"])
    #expect(hierarchy["tabs"]?.selectedTab == "search")
    #expect(hierarchy["home"]?.instance == 2)
  }

  @Test func viewControllersReplaceTheTabsAsBefore() throws {
    let yaml = iPad(
      """
        - setTabs: [search, settings]
          on: tabs
      """)
    let hierarchy = try finalHierarchy(yaml)
    #expect(hierarchy["tabs"]?.tabs.isEmpty == true)
    #expect(hierarchy["tabs"]?.selectedTab == nil)
    #expect(hierarchy["tabs"]?.children == ["search", "settings"])
    #expect(hierarchy["home"]?.instance == 2)
    #expect(hierarchy.role(of: "settings") == .tab(index: 1, isSelected: false))
  }
}

@Suite("iOS 18 tabs: the sidebar")
struct IOS18SidebarTests {
  @Test func theSidebarShowsInRegularWidthUnlessHidden() throws {
    #expect(try finalHierarchy(iPad("")).sidebarState(of: "tabs") == .shown)
    let hidden = try replay(iPad("  - setSidebar: hidden\n    on: tabs\n"))
    #expect(hidden.frames.last?.hierarchy.sidebarState(of: "tabs") == .hidden)
    // Hiding the sidebar changes no controller's appearance.
    #expect(hidden.frames.last?.events.isEmpty == true)
    #expect(
      try finalHierarchy(iPad("  - setSidebar: hidden\n    on: tabs\n  - setSidebar: shown\n    on: tabs\n"))
        .sidebarState(of: "tabs") == .shown)
  }

  @Test func compactWidthHasNoSidebar() throws {
    let yaml = iPad("  - setTraits: { horizontalSizeClass: compact }\n")
    #expect(try finalHierarchy(yaml).sidebarState(of: "tabs") == .unavailable)
  }

  @Test func theModeDecides() throws {
    #expect(try finalHierarchy(iPad("", mode: "tabBar")).sidebarState(of: "tabs") == .unavailable)
    // `automatic` shows a sidebar when a group is among the tabs.
    #expect(try finalHierarchy(iPad("", mode: "automatic")).sidebarState(of: "tabs") == .shown)
    let withoutGroup = """
      controllers:
        tabs: UITabBarController
        home: HomeViewController
      steps:
        - setTabs:
            - { tab: home, viewController: home }
          on: tabs
        - setRoot: tabs
      """
    #expect(try finalHierarchy(withoutGroup).sidebarState(of: "tabs") == .unavailable)
  }
}

@Suite("iOS 18 tabs: the scenario's mistakes")
struct IOS18TabErrorTests {
  @Test func aTabMustHaveAControllerWhenItIsShown() {
    expectViolation(
      """
      controllers:
        tabs: UITabBarController
      steps:
        - setTabs:
            - { tab: empty }
          on: tabs
      """,
      "Tab 'empty' of <UITabBarController: tabs> has no view controller provider: give it a viewController (a group shows its own when one of its tabs is selected, unless it has a managingNavigationController)."
    )
  }

  @Test func identifiersAreUnique() {
    expectError(
      """
      controllers:
        tabs: UITabBarController
        a: AViewController
      steps:
        - setTabs:
            - { tab: a, viewController: a }
            - { tab: a }
          on: tabs
      """,
      "test.yaml:7:16: error: step 1 (setTabs […, …] on tabs): 'tab' a must be an identifier unique across all the tabs of the tab bar controller"
    )
  }

  @Test func aListIsEitherControllersOrTabs() {
    let error = scenarioError(
      """
      controllers:
        tabs: UITabBarController
        a: AViewController
      steps:
        - setTabs:
            - { tab: a, viewController: a }
            - a
          on: tabs
      """)
    #expect(error?.description.contains("test.yaml:7:9") == true, "\(String(describing: error))")
  }

  @Test func modeBelongsToATabBarController() {
    let error = scenarioError(
      """
      controllers:
        nav: { class: UINavigationController, mode: tabSidebar }
      steps:
        - setRoot: nav
      """)
    #expect(error?.description.hasPrefix("test.yaml:2:41: error:") == true, "\(String(describing: error))")
    #expect(error?.description.contains("tab bar controller") == true)
  }

  @Test func anUnknownTabIsNamedWithTheTabsThereAre() {
    expectViolation(
      iPad(
        "  - setTabs:\n      - { tab: home, viewController: home }\n    on: tabs\n  - selectTab: search\n    on: tabs\n"
      ),
      "<SearchViewController: search> is not one of the tabs of <UITabBarController: tabs>.")
  }

  @Test func aDefaultChildIsOneOfTheGroupsTabs() {
    let error = scenarioError(
      """
      controllers:
        tabs: UITabBarController
        a: AViewController
      steps:
        - setTabs:
            - group: g
              viewController: a
              defaultChild: nope
              tabs:
                - { tab: b }
          on: tabs
      """)
    #expect(error?.description.contains("test.yaml:8:23") == true, "\(String(describing: error))")
  }
}

@Suite("iOS 18 tabs: state JSON")
struct IOS18TabStateTests {
  static let sample = GoldenStateTests.samples.appendingPathComponent("ios18-tabs.yaml").path

  @Test func everyStepOfTheSampleSurvivesTheStateJSON() throws {
    let replayed = try Replay(try Scenario(contentsOfFile: Self.sample))
    for frame in replayed.frames {
      let json = StateDocument(frames: [frame]).jsonString()
      let read = try StateDocument(jsonData: Data(json.utf8), path: "state.json")
      let rebuilt = try Hierarchy(state: try #require(read.steps.first))
      #expect(StateDocument(steps: [.init(frame: frame)]).jsonString() == json)
      #expect(
        StateDocument(steps: [.init(number: frame.step.number, action: frame.step.action.summary, hierarchy: rebuilt)])
          .jsonString() == json, "step \(frame.step.number)")
      let original = try #require(frame.hierarchy["tabs"])
      let back = try #require(rebuilt["tabs"])
      #expect(back.tabs == original.tabs && back.selectedTab == original.selectedTab)
      #expect(back.tabBarMode == original.tabBarMode && back.isSidebarHidden == original.isSidebarHidden)
      for id in frame.hierarchy.order {
        #expect(rebuilt[id]?.tabOwner == frame.hierarchy[id]?.tabOwner, "step \(frame.step.number): \(id)")
      }
    }
  }

  @Test func theJSONSaysWhichTabsHaveControllers() throws {
    let hierarchy = try finalHierarchy(iPad("  - selectTab: albums\n    on: tabs\n"))
    let state = StateDocument.ViewControllerState(try #require(hierarchy["tabs"]), in: hierarchy)
    let tabs = try #require(state.tabs)
    #expect(tabs.filter(\.hasViewController).map(\.identifier) == ["home", "library", "albums"])
    #expect(tabs.first { $0.identifier == "albums" }?.group == "library")
    #expect(tabs.first { $0.identifier == "library" }?.isGroup == true)
    #expect(tabs.first { $0.identifier == "library" }?.managingNavigationController == "libraryNav")
    #expect(state.selectedTab == "albums")
    #expect(state.mode == .tabSidebar)
    #expect(state.sidebar == .shown)
    // A tab bar given view controllers writes none of it.
    let classic = try finalHierarchy(iPad("  - setTabs: [home]\n    on: tabs\n", mode: "automatic"))
    let classicState = StateDocument.ViewControllerState(try #require(classic["tabs"]), in: classic)
    #expect(classicState.tabs == nil && classicState.mode == nil && classicState.sidebar == nil)
  }

  @Test func aSelectedTabThatIsNotATabIsRefused() throws {
    let hierarchy = try finalHierarchy(iPad(""))
    let json = StateDocument(steps: [.init(number: 1, action: "a", hierarchy: hierarchy)]).jsonString()
    let broken = json.replacingOccurrences(of: "\"selectedTab\" : \"home\"", with: "\"selectedTab\" : \"nope\"")
    #expect(broken != json)
    #expect(throws: StateDocumentError.self) { try StateDocument(jsonData: Data(broken.utf8), path: "s.json") }
  }
}

@Suite("iOS 18 tabs: importing a SwiftUI TabView")
struct IOS18TabImportTests {
  static let fixture = RoundTripTests.fixtureDumps.appendingPathComponent("swiftui-ios18-sidebar-tabs.txt").path

  @Test func aSidebarAdaptableTabViewReadsAsATabBarWithItsCreatedTabs() throws {
    let dump = try HierarchyDump(contentsOfFile: Self.fixture)
    #expect(dump.warnings.isEmpty)
    let hierarchy = dump.hierarchy
    let tabBar = try #require(hierarchy["UIKitTabBarController"])
    #expect(tabBar.kind == .tabBar)
    // Only the tabs whose controllers exist are printed; the one on screen is the selected tab.
    #expect(tabBar.children == ["TabHostingController", "TabHostingController-2", "TabHostingController-3"])
    #expect(tabBar.selectedChild == "TabHostingController-2")
    #expect(hierarchy.role(of: "TabHostingController-2") == .tab(index: 1, isSelected: true))
    // SwiftUI's private hosting controllers are hosting controllers; its navigation controller a navigation one.
    #expect(hierarchy["TabHostingController"]?.kind == .hosting)
    #expect(hierarchy["NavigationStackHostingController<AnyView>"]?.kind == .hosting)
    #expect(hierarchy["UIKitNavigationController-2"]?.kind == .navigation)
    #expect(hierarchy["UIKitNavigationController-2"]?.children.count == 2)
    #expect(hierarchy["NavigationStackHostingController<AnyView>-3"]?.appearance == .appeared)
  }

  @Test func theSameTabsFromAScenarioPrintWhatADumpReadsBack() throws {
    // The scenario's hierarchy exported as `_printHierarchy` text lists the created tabs only,
    // and reads back as a tab bar with those tabs, the selected one on screen.
    let hierarchy = try finalHierarchy(iPad("  - selectTab: albums\n    on: tabs\n"))
    let text = HierarchyText(hierarchy).text
    let dump = try HierarchyDump(text: text, path: "tabs.txt").hierarchy
    let tabBar = try #require(dump["UITabBarController"])
    #expect(tabBar.children == ["HomeViewController", "UINavigationController"])
    #expect(tabBar.selectedChild == "UINavigationController")
    #expect(dump["UINavigationController"]?.children == ["LibraryViewController", "AlbumsViewController"])
  }
}

@Suite("iOS 18 tabs: deallocation")
struct IOS18TabDeallocationTests {
  @Test func aReleasedTabBarTakesTheControllersItsTabsHeldOffScreen() throws {
    let yaml = iPad(
      """
        - selectTab: albums
          on: tabs
        - selectTab: artists
          on: tabs
        - setRoot: home2
      """
    ).replacingOccurrences(
      of: "  settings: SettingsViewController\n",
      with: "  settings: SettingsViewController\n  home2: HomeViewController\n")
    let frame = try #require(try replay(yaml).frame(5))
    let deinits = frame.events.filter { $0.callback == .deinit }.map(\.viewController)
    // Albums was off its stack, held by its tab only: it goes with the tab bar.
    #expect(deinits == ["tabs", "albums", "home", "libraryNav", "library", "artists"])
    #expect(frame.hierarchy["albums"]?.tabOwner == nil)
    #expect(frame.hierarchy["albums"]?.instance == 2)
    #expect(frame.hierarchy._checkInvariants().isEmpty)
  }
}

@Suite("iOS 18 tabs: reading scenarios")
struct IOS18TabReadingTests {
  @Test func aNameThatIsNeitherAControllerNorATabSaysWhichTabsThereAre() {
    expectError(
      iPad("  - selectTab: nowhere\n    on: tabs\n"),
      "test.yaml:33:16: error: step 3 (selectTab nowhere on tabs): 'nowhere' is neither a controller nor a tab identifier given by an earlier setTabs (tabs: albums, artists, browse, charts, genres, home, library, search, settings)"
    )
  }

  @Test func aTabIdentifierThatNamesNoControllerIsReadAsOne() throws {
    let yaml = """
      controllers:
        tabs: UITabBarController
        homeScreen: HomeViewController
      steps:
        - setTabs:
            - { tab: home, viewController: homeScreen }
          on: tabs
        - selectTab: home
          on: tabs
      """
    let steps = try scenario(yaml).steps
    #expect(steps[1].action == .selectTab(.identifier("home"), on: "tabs"))
    #expect(
      steps[0].action == .setUITabs([Tab(identifier: "home", viewController: "homeScreen")], on: "tabs"))
    #expect(steps[0].action.summary == "setTabs [home] on tabs")
  }

  @Test func aJSONScenarioWritesTabsAsObjects() throws {
    let json = """
      {"controllers": {"tabs": {"class": "UITabBarController", "mode": "tabSidebar"}, "a": "A", "b": "B"},
       "steps": [
         {"setTabs": [{"tab": "a", "viewController": "a"},
                      {"group": "g", "title": "Group", "tabs": [{"tab": "b", "viewController": "b"}]}],
          "on": "tabs"},
         {"setRoot": "tabs"},
         {"selectTab": "b", "on": "tabs"}]}
      """
    let text = try JSONScenarioText.yamlText(of: json, path: "tabs.json")
    let read = try Scenario(yaml: text, path: "tabs.json")
    guard case let .setUITabs(tabs, on: "tabs") = read.steps[0].action else {
      Issue.record("not iOS 18 tabs: \(read.steps[0].action)")
      return
    }
    #expect(tabs.map(\.identifier) == ["a", "g", "b"])
    #expect(tabs.map(\.group) == [nil, nil, "g"])
    #expect(tabs[1].isGroup && tabs[1].title == "Group")
    #expect(read.viewControllers.first?.tabBarMode == .tabSidebar)
    // A tab of a group without a controller of its own has nothing to show: UIKit changes only the
    // controllers of root tabs.
    do {
      _ = try Replay(read)
      Issue.record("selecting b was accepted")
    } catch {
      #expect(error.description.hasPrefix("tabs.json:7:5: error: step 3 (selectTab b on tabs): Tab 'g' of"))
    }
  }
}

@Suite("iOS 18 tabs: a state document's tabs are checked")
struct IOS18TabStateCheckTests {
  @Test func aControllerCreatedByTheTabsOfTwoTabBarsIsRefused() throws {
    let yaml = """
      controllers:
        split: UISplitViewController
        left: UITabBarController
        right: UITabBarController
        a: AViewController
        b: BViewController
      steps:
        - setTabs:
            - { tab: a, viewController: a }
          on: left
        - setTabs:
            - { tab: b, viewController: b }
          on: right
        - setSplit: { primary: left, secondary: right }
          on: split
        - setRoot: split
      """
    let hierarchy = try finalHierarchy(yaml)
    let json = StateDocument(steps: [.init(number: 1, action: "a", hierarchy: hierarchy)]).jsonString()
    // The document as written reads back.
    _ = try StateDocument(jsonData: Data(json.utf8), path: "s.json")
    var document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    var steps = try #require(document["steps"] as? [[String: Any]])
    var controllers = try #require(steps[0]["viewControllers"] as? [[String: Any]])
    let right = try #require(controllers.firstIndex { $0["id"] as? String == "right" })
    var tabs = try #require(controllers[right]["tabs"] as? [[String: Any]])
    tabs[0]["viewController"] = "a"
    controllers[right]["tabs"] = tabs
    steps[0]["viewControllers"] = controllers
    document["steps"] = steps
    let broken = try JSONSerialization.data(withJSONObject: document)
    do {
      _ = try StateDocument(jsonData: broken, path: "s.json")
      Issue.record("a controller held by two tab bars' tabs was read")
    } catch {
      // The error points at the tabs that name it, in the one line JSONSerialization writes.
      let message = error.description
      let suffix = ": error: step 1: controller 'right': 'tabs': 'a' has a controller created by a tab of 'left' too"
      #expect(message.hasPrefix("s.json:1:") && message.hasSuffix(suffix), "\(message)")
      let column = Int(message.dropFirst("s.json:1:".count).prefix { $0.isNumber }) ?? 0
      let text = String(decoding: broken, as: UTF8.self).utf8
      #expect(column > 0 && column <= text.count, "\(message)")
      if column > 0, column <= text.count {
        let tabs = String(decoding: text.dropFirst(column - 1), as: UTF8.self)
        #expect(tabs.hasPrefix("["), "\(message)")
        #expect(tabs.prefix { $0 != "]" }.contains("\"viewController\":\"a\""), "\(message)")
      }
    }
  }
}
