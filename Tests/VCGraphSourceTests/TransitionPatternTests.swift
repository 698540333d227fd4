import Testing
import VCGraph
import VCGraphSource

/// One tiny app per pattern of the issue: each call site becomes the edge a careful reader expects.
@Suite struct TransitionPatternTests {
  @Test func pushOfAConstructorCall() {
    let map = map(
      """
      import UIKit
      class InboxViewController: UITableViewController {
        func open(_ message: Message) {
          navigationController?.pushViewController(MessageViewController(message: message), animated: true)
        }
      }
      class MessageViewController: UIViewController {}
      """)
    #expect(map.edges == ["InboxViewController → MessageViewController · push"])
    #expect(map.transitions.first?.site.line == 4)
    #expect(map.controller(named: "InboxViewController")?.superclass == "UITableViewController")
  }

  @Test func presentWithStyleAndDetentsSetInTheSameScope() {
    let map = map(
      """
      class HomeViewController: UIViewController {
        func compose() {
          let compose = ComposeViewController()
          let nav = UINavigationController(rootViewController: compose)
          nav.modalPresentationStyle = .formSheet
          if let sheet = nav.sheetPresentationController {
            sheet.detents = [.medium(), .large()]
          }
          present(nav, animated: true)
        }
      }
      class ComposeViewController: UIViewController {}
      """)
    #expect(
      map.edges == [
        "UINavigationController → ComposeViewController · stack",
        "HomeViewController → UINavigationController · present · formSheet",
      ])
    #expect(map.transitions(atLine: 9).first?.detents == ["medium", "large"])
  }

  @Test func localsThroughIfLetGuardLetCastsAndConfiguringClosures() {
    let map = map(
      """
      class ListViewController: UIViewController {
        lazy var detail: DetailViewController = DetailViewController()
        let settings = SettingsViewController()
        func a() {
          guard let vc = storyboard?.instantiateViewController(withIdentifier: "x") as? ProfileViewController else { return }
          show(vc, sender: self)
        }
        func b() {
          let configured: UIViewController = {
            let vc = AboutViewController()
            vc.title = "About"
            return vc
          }()
          present(configured, animated: true)
        }
        func c() { navigationController?.pushViewController(detail, animated: true) }
        func d() { navigationController?.pushViewController(self.settings, animated: false) }
      }
      class DetailViewController: UIViewController {}
      class SettingsViewController: UIViewController {}
      class ProfileViewController: UIViewController {}
      class AboutViewController: UIViewController {}
      """)
    #expect(map.transitions(atLine: 6).map(\.to) == ["ProfileViewController"])
    #expect(map.transitions(atLine: 6).map(\.kind) == [.show])
    #expect(map.transitions(atLine: 14).map(\.to) == ["AboutViewController"])
    #expect(map.transitions(atLine: 16).map(\.to) == ["DetailViewController"])
    #expect(map.transitions(atLine: 17).map(\.to) == ["SettingsViewController"])
  }

  @Test func functionReturnTypesAppWide() {
    let map = map([
      (
        "Factory.swift",
        """
        enum Screens {
          static func makeProfile(id: Int) -> ProfileViewController { ProfileViewController() }
        }
        func makeSettings() -> UIViewController { return SettingsViewController() }
        """
      ),
      (
        "Home.swift",
        """
        class HomeViewController: UIViewController {
          func go() {
            navigationController?.pushViewController(Screens.makeProfile(id: 1), animated: true)
            present(makeSettings(), animated: true)
          }
        }
        class ProfileViewController: UIViewController {}
        class SettingsViewController: UIViewController {}
        """
      ),
    ])
    #expect(
      map.edges == [
        "HomeViewController → ProfileViewController · push", "HomeViewController → SettingsViewController · present",
      ])
  }

  @Test func wrappersOfWrappersAreSitesAtEachCall() {
    let map = map(
      """
      final class Router {
        let navigationController: UINavigationController
        init(navigationController: UINavigationController) { self.navigationController = navigationController }
        func push(_ viewController: UIViewController) {
          navigationController.pushViewController(viewController, animated: true)
        }
        func open(_ screen: UIViewController) { push(screen) }
      }
      class FeedViewController: UIViewController {
        var router: Router!
        func tap() {
          router.open(PostViewController())
          router.push(AuthorViewController())
        }
      }
      class PostViewController: UIViewController {}
      class AuthorViewController: UIViewController {}
      """)
    #expect(
      map.edges == [
        "Router → ? · push", "Router → ? · push", "FeedViewController → PostViewController · push",
        "FeedViewController → AuthorViewController · push",
      ])
    #expect(map.transitions(atLine: 5).first?.unresolved == "parameter")
    // The wrapper of the wrapper passes its own parameter on: a site too, whose destination is the parameter.
    #expect(map.transitions(atLine: 7).first?.unresolved == "parameter")
    #expect(map.transitions(atLine: 12).first?.via == ["Router.open(_:)", "Router.push(_:)"])
    #expect(map.navigator(named: "Router")?.kind == .router)
  }

  @Test func enumFactoriesResolvePerCaseAtEachCallSite() {
    let map = map(
      """
      enum Scene { case profile(Int), settings }
      enum Transition { case push, modal }
      final class AppCoordinator {
        let navigation = UINavigationController()
        func viewController(for scene: Scene) -> UIViewController {
          switch scene {
          case .profile(let id): return ProfileViewController(id: id)
          case .settings: return SettingsViewController()
          }
        }
        func show(_ scene: Scene, transition: Transition) {
          let vc = viewController(for: scene)
          switch transition {
          case .push: navigation.pushViewController(vc, animated: true)
          case .modal: navigation.present(vc, animated: true)
          }
        }
        func start() {
          show(.profile(1), transition: .push)
          show(.settings, transition: .modal)
        }
      }
      class ProfileViewController: UIViewController {}
      class SettingsViewController: UIViewController {}
      """)
    #expect(map.transitions(atLine: 19).map { "\($0.to ?? "?") \($0.kind)" } == ["ProfileViewController push"])
    #expect(map.transitions(atLine: 20).map { "\($0.to ?? "?") \($0.kind)" } == ["SettingsViewController present"])
    #expect(map.navigator(named: "AppCoordinator")?.kind == .coordinator)
  }

  @Test func aBooleanParameterChoosesTheBranchAtEachCall() {
    let map = map(
      """
      final class Coordinator {
        let navigationController = UINavigationController()
        func show(_ controller: UIViewController, modally: Bool = false) {
          if modally {
            navigationController.present(controller, animated: true)
          } else {
            navigationController.pushViewController(controller, animated: true)
          }
        }
      }
      class ListViewController: UIViewController {
        var coordinator: Coordinator!
        func open() {
          coordinator.show(DetailViewController())
          coordinator.show(ComposeViewController(), modally: true)
        }
      }
      class DetailViewController: UIViewController {}
      class ComposeViewController: UIViewController {}
      """)
    #expect(map.transitions(atLine: 14).map { "\($0.kind) \($0.to ?? "?")" } == ["push DetailViewController"])
    #expect(map.transitions(atLine: 15).map { "\($0.kind) \($0.to ?? "?")" } == ["present ComposeViewController"])
  }

  @Test func rootTabsAndStacksInASceneDelegate() {
    let map = map(
      """
      class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        var window: UIWindow?
        func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
          let tabs = MainTabBarController()
          tabs.viewControllers = [UINavigationController(rootViewController: InboxViewController()), SearchViewController()]
          window?.rootViewController = tabs
        }
      }
      class MainTabBarController: UITabBarController {}
      class InboxViewController: UIViewController {}
      class SearchViewController: UIViewController {}
      """)
    // Each tab at its element's place: the navigation controller made there, then its stack.
    #expect(
      map.edges == [
        "UINavigationController → InboxViewController · stack", "SceneDelegate → UINavigationController · tabs",
        "SceneDelegate → SearchViewController · tabs", "SceneDelegate → MainTabBarController · root",
      ])
    #expect(map.transitions.filter { $0.kind == .tabs }.map(\.site.column) == [29, 96])
    #expect(map.navigator(named: "SceneDelegate")?.kind == .delegate)
    #expect(map.controller(named: "MainTabBarController")?.kind == .tabBar)
  }

  @Test func embedAndHosting() {
    let map = map(
      """
      import SwiftUI
      class PlayerContainerViewController: UIViewController {
        func viewDidLoad() {
          let player = PlayerViewController()
          addChild(player)
          let settings = UIHostingController(rootView: SettingsView().environment(\\.locale, .current))
          present(settings, animated: true)
        }
      }
      class PlayerViewController: UIViewController {}
      struct SettingsView: View { var body: some View { Text("x") } }
      class GameScene: SKScene {
        func setUp() { addChild(SKSpriteNode()) }
      }
      """)
    #expect(
      map.edges == [
        "PlayerContainerViewController → PlayerViewController · embed",
        "PlayerContainerViewController → UIHostingController<SettingsView> · hosting",
        "PlayerContainerViewController → UIHostingController<SettingsView> · present",
      ])
    #expect(map.controller(named: "UIHostingController<SettingsView>")?.hostedView == "SettingsView")
  }

  @Test func lookalikesAreNoEdges() {
    let map = map(
      """
      protocol Presenting { func present(_ model: Model) }
      struct Presenter: Presenting { func present(_ model: Model) {} }
      final class Formatter { func show(_ text: String, sender: Any?) {} }
      class ViewController: UIViewController {
        let presenter = Presenter()
        let formatter = Formatter()
        func go() {
          presenter.present(Model())
          formatter.show("x", sender: nil)
          // navigationController?.pushViewController(Other(), animated: true)
          let text = "present(vc, animated: true)"
          print(text)
        }
      }
      struct Model {}
      """)
    #expect(map.transitions.isEmpty, "\(map.edges)")
  }

  @Test func unresolvedSitesAreKeptWithTheirReason() {
    let map = map(
      """
      extension UIViewController {
        func showAlert(_ controller: UIViewController) { present(controller, animated: true) }
      }
      class A: UIViewController {
        var factory: ScreenFactory!
        func go() { navigationController?.pushViewController(factory.make(), animated: true) }
      }
      protocol ScreenFactory { func make() -> UIViewController }
      """)
    #expect(map.transitions.count == 2)
    #expect(map.transitions.allSatisfy { $0.to == nil && $0.unresolved != nil })
    #expect(map.navigator(named: "UIViewController")?.kind == .extension)
  }

  @Test func classesAcrossExtensionsAndFilesAreOneNodeAndUnknownBasesFollowedByName() {
    let map = map([
      ("A.swift", "class FormScreen: FormViewController {}\nclass Base: UIViewController {}\nclass Leaf: Base {}"),
      (
        "B.swift",
        "extension Leaf { func go() { present(FormScreen(), animated: true) } }\nclass Weird: LibraryBase {}\nclass X: UIViewController { func go() { show(Weird(), sender: nil) } }"
      ),
    ])
    #expect(map.controller(named: "Leaf")?.superclass == "Base")
    #expect(map.controller(named: "FormScreen")?.baseOutsideSources == true)
    #expect(map.controller(named: "Weird")?.baseOutsideSources == true)
    #expect(map.edges.contains("Leaf → FormScreen · present"))
    #expect(map.edges.contains("X → Weird · show"))
  }
}
