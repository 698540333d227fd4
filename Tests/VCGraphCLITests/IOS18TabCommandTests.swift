import Foundation
import Testing

/// iOS 18 tabs end to end: `state`, `state --json`, `events --json`, `check` and a scenario mistake,
/// as a user runs them on the sample.
@Suite struct IOS18TabCommandTests {
  @Test func stateNamesTheTabsTheSidebarAndTheTabsWithoutAController() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("state", "samples/ios18-tabs.yaml", "--step", "3")
      #expect(result.status == 0, "\(result)")
      let lines = result.standardOutput.split(separator: "\n").map(String.init)
      #expect(lines.contains("└─ tabs  UITabBarController  appeared, sidebar shown"), "\(result)")
      #expect(
        lines.contains(
          "   │  UITabs: home, search, library [albums, artists, songs, playlists], radio, downloads, settings"),
        "\(result)")
      #expect(
        lines.contains(
          "   │  selected tab: albums · no controller yet: search, artists, songs, playlists, radio, downloads, settings"
        ),
        "\(result)")
      #expect(lines.contains("   └─ tab library · selected  libraryNav  UINavigationController  appeared"), "\(result)")
    }
  }

  @Test func stateJSONSaysWhichTabsHaveControllers() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("state", "samples/ios18-tabs.yaml", "--step", "6", "--json")
      #expect(result.status == 0, "\(result)")
      let state = try #require(try parseJSON(result.standardOutput) as? [String: Any])
      let tabBar = try #require(try stateControllers(state, step: 6)["tabs"])
      #expect(tabBar["selectedTab"] as? String == "search")
      #expect(tabBar["mode"] as? String == "tabSidebar")
      #expect(tabBar["isSidebarHidden"] as? Bool == true)
      #expect(tabBar["sidebar"] as? String == "hidden")
      let tabs = try #require(tabBar["tabs"] as? [[String: Any]])
      #expect(tabs.count == 10)
      let created = tabs.filter { $0["hasViewController"] as? Bool == true }.compactMap { $0["identifier"] as? String }
      #expect(created == ["home", "search", "library", "albums", "songs"])
      #expect(tabs.first { $0["identifier"] as? String == "songs" }?["group"] as? String == "library")
      // A tab whose provider has not run: its controller is in no relation.
      let radio = try #require(try stateControllers(state, step: 6)["radio"])
      #expect(radio["parent"] is NSNull)
      #expect(radio["isViewLoaded"] as? Bool == false)
    }
  }

  @Test func eventsJSONGiveTheFirstSelectionInOrder() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("events", "samples/ios18-tabs.yaml", "--json")
      #expect(result.status == 0, "\(result)")
      let text = result.standardOutput
      let events = try #require(try parseJSON(text) as? [String: Any])
      let steps = try #require(events["steps"] as? [[String: Any]])
      let search = try #require(steps.first { $0["action"] as? String == "selectTab search on tabs" })
      let calls = try #require(search["events"] as? [[String: Any]]).map {
        "\($0["viewController"] as? String ?? "") \($0["event"] as? String ?? "")"
      }
      #expect(calls.first == "search willMove(toParent:)", "\(calls)")
      #expect(calls.dropFirst().first == "search viewDidLoad", "\(calls)")
      #expect(calls.last == "search didMove(toParent:)", "\(calls)")
    }
  }

  @Test func aTabSelectedBeforeItExistsIsALocatedError() throws {
    try withTemporaryFolder { folder in
      let file = try folder.write(
        """
        controllers:
          tabs: UITabBarController
          home: HomeViewController
        steps:
          - setTabs:
              - { tab: home, viewController: home }
            on: tabs
          - selectTab: nowhere
            on: tabs

        """, to: "tabs.yaml")
      _ = file
      let result = try folder.vcgraph("check", "tabs.yaml")
      #expect(result.status != 0, "\(result)")
      #expect(result.standardError.contains("tabs.yaml:8:16: error:"), "\(result)")
    }
  }
}
