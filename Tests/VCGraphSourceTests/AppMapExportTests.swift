import Foundation
import Testing
import VCGraph
import VCGraphSource

/// The map's exports: the JSON contract, text, Mermaid, the flow scenario and the drawable hierarchy.
@Suite struct AppMapExportTests {
  /// A small app: a scene delegate with a tab bar of two stacks, a push, a sheet, a router.
  static let app = map([
    (
      "App/SceneDelegate.swift",
      """
      class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        var window: UIWindow?
        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
          let tabs = RootTabBarController()
          tabs.viewControllers = [UINavigationController(rootViewController: InboxViewController()), SettingsViewController()]
          window?.rootViewController = tabs
        }
      }
      class RootTabBarController: UITabBarController {}
      """
    ),
    (
      "App/Inbox.swift",
      """
      class InboxViewController: UITableViewController {
        func open() { navigationController?.pushViewController(MessageViewController(), animated: true) }
        func compose() {
          let compose = ComposeViewController()
          compose.modalPresentationStyle = .formSheet
          present(compose, animated: true)
        }
        func other(_ vc: UIViewController) { present(vc, animated: true) }
      }
      class MessageViewController: UIViewController {}
      class ComposeViewController: UIViewController {}
      class SettingsViewController: UIViewController {}
      """
    ),
  ])

  @Test func jsonKeepsTheContractsKeysInOrderAndEverySite() throws {
    let text = Self.app.jsonText
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["version"] as? Int == 1)
    // Top-level keys in the contract's order.
    let order = ["\"version\"", "\"controllers\"", "\"navigators\"", "\"transitions\"", "\"skipped\""].map {
      text.range(of: $0)?.lowerBound
    }
    #expect(order.allSatisfy { $0 != nil })
    #expect(order.compactMap { $0 }.sorted() == order.compactMap { $0 })
    let transitions = try #require(object["transitions"] as? [[String: Any]])
    #expect(transitions.count == Self.app.transitions.count)
    let present = try #require(transitions.first { $0["to"] as? String == "ComposeViewController" })
    #expect(present["kind"] as? String == "present")
    #expect(present["style"] as? String == "formSheet")
    #expect(present["file"] as? String == "App/Inbox.swift")
    #expect(present["line"] as? Int == 6)
    let unresolved = try #require(transitions.first { $0["to"] is NSNull })
    #expect(unresolved["unresolved"] as? String == "parameter")
    let controllers = try #require(object["controllers"] as? [[String: Any]])
    let inbox = try #require(controllers.first { $0["name"] as? String == "InboxViewController" })
    #expect(inbox["superclass"] as? String == "UITableViewController")
    #expect(inbox["kind"] as? String == "content")
    let navigators = try #require(object["navigators"] as? [[String: Any]])
    #expect(navigators.map { $0["kind"] as? String } == ["delegate"])
  }

  @Test func textAndMermaidListTheSameTransitions() {
    let text = Self.app.text
    #expect(text.hasPrefix("6 controllers · 1 navigator · 7 transitions (1 unresolved)"))
    #expect(text.contains("InboxViewController → ComposeViewController · present · formSheet · App/Inbox.swift:6"))
    let mermaid = Self.app.mermaid(sourceURL: "https://example.com/blob/main/{file}#L{line}")
    #expect(mermaid.hasPrefix("flowchart LR\n"))
    // Every transition is drawn (grouped by ends, kind and style) and every box declared links to its source.
    #expect(mermaid.components(separatedBy: "-.->").count - 1 + mermaid.components(separatedBy: "-->").count - 1 == 7)
    #expect(mermaid.contains("href \"https://example.com/blob/main/App/Inbox.swift#L1\""))
    #expect(mermaid.contains("destination not known"))
  }

  @Test func aFlowScenarioFollowsTheEdgesFromTheRootAndReplays() throws {
    let yaml = try Self.app.flowScenario(through: ["InboxViewController", "MessageViewController"])
    let replay = try Replay(try Scenario(yaml: yaml, path: "flow.yaml"))
    #expect(replay.warnings.isEmpty, "\(replay.warningLines)")
    #expect(yaml.contains("- setRoot: rootTabBarController"))
    #expect(yaml.contains("- push: messageViewController"))
    let last = try #require(replay.frame(replay.scenario.steps.count))
    // The pushed message is on top of the inbox's stack, in the first tab.
    let navigation = try #require(last.hierarchy["uiNavigationController"])
    #expect(navigation.children == ["inboxViewController", "messageViewController"])
    let sheet = try Self.app.flowScenario(through: ["InboxViewController", "ComposeViewController"])
    #expect(sheet.contains("- present: composeViewController\n    from: inboxViewController\n    style: formSheet"))
  }

  @Test func aPairWithoutATransitionNamesTheNearestOnes() {
    #expect(throws: AppMap.FlowError.self) {
      try Self.app.flowScenario(through: ["MessageViewController", "InboxViewController"])
    }
    do {
      _ = try Self.app.flowScenario(through: ["InboxViewController", "SettingsViewController"])
      Issue.record("no error")
    } catch {
      #expect(error.description.contains("no transition leads from InboxViewController to SettingsViewController"))
      #expect(error.description.contains("InboxViewController → MessageViewController · push"))
      #expect(error.description.contains("RootTabBarController → SettingsViewController · tabs"))
    }
    do {
      _ = try Self.app.flowScenario(through: ["Inbox"])
      Issue.record("no error")
    } catch {
      #expect(error.description == "Inbox is not a controller of the map; did you mean InboxViewController?")
    }
  }

  @Test func theDrawableHierarchyHasContainmentAndEdgesWithTheirSites() throws {
    let drawn = AppMapHierarchy(Self.app)
    let hierarchy = drawn.hierarchy
    // The tab bar is the window's root; its tabs come from the tabs transitions, in order.
    #expect(hierarchy.windows.first?.rootViewController == "RootTabBarController")
    // The navigation controller made around the inbox is one node of its own.
    #expect(
      hierarchy["RootTabBarController"]?.children == [
        "UINavigationController(InboxViewController)", "SettingsViewController",
      ])
    #expect(hierarchy["UINavigationController(InboxViewController)"]?.children == ["InboxViewController"])
    #expect(drawn.nodes["UINavigationController(InboxViewController)"]?.className == "UINavigationController")
    #expect(hierarchy._checkInvariants().isEmpty)
    // The other transitions are edges, each with its file:line.
    let push = try #require(drawn.edges.first { $0.kind == .push })
    #expect(push.source == "InboxViewController" && push.destination == "MessageViewController")
    #expect(push.tooltip == "App/Inbox.swift:2")
    #expect(push.label == "push")
    let unknown = try #require(drawn.edges.first { $0.destination == nil })
    #expect(unknown.label == "present · ? (parameter)")
    #expect(drawn.nodes["SceneDelegate"]?.role == .navigator(.delegate))
  }

  @Test func focusKeepsWhatANodeReachesWithinTwoSteps() throws {
    let focused = try Self.app.focused(on: ["RootTabBarController"])
    #expect(Set(focused.controllers.map(\.name)) == ["RootTabBarController"])
    let fromDelegate = try Self.app.focused(on: ["SceneDelegate"])
    #expect(fromDelegate.controllers.map(\.name).contains("InboxViewController"))
    #expect(!fromDelegate.controllers.map(\.name).contains("MessageViewController"))
    #expect(throws: AppMap.FlowError.self) { try Self.app.focused(on: ["Nope"]) }
  }
}
