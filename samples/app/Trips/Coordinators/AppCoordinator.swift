import UIKit

/// Decides what the window shows: onboarding, the sign-in flow, or the tabs.
final class AppCoordinator {
  private let window: UIWindow
  private let session: Session
  private(set) var tripsCoordinator: TripsCoordinator!
  private var accountCoordinator: AccountCoordinator?

  init(window: UIWindow, session: Session) {
    self.window = window
    self.session = session
  }

  func start() {
    if !session.hasSeenOnboarding {
      let onboarding = OnboardingPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
      onboarding.onFinish = { [weak self] in self?.showMain() }
      window.rootViewController = onboarding
    } else if session.user == nil {
      let login = LoginViewController()
      login.delegate = self
      window.rootViewController = UINavigationController(rootViewController: login)
    } else {
      showMain()
    }
  }

  func showMain() {
    let tabs = MainTabBarController()
    let tripsNavigation = UINavigationController()
    tripsCoordinator = TripsCoordinator(navigationController: tripsNavigation)
    tripsCoordinator.start()
    let accountNavigation = UINavigationController(rootViewController: ProfileViewController(user: session.user))
    accountCoordinator = AccountCoordinator(navigationController: accountNavigation)
    tabs.viewControllers = [tripsNavigation, UINavigationController(rootViewController: ExploreViewController()), accountNavigation]
    window.rootViewController = tabs
  }
}

extension AppCoordinator: LoginViewControllerDelegate {
  func loginViewControllerDidSignIn(_ controller: LoginViewController) {
    showMain()
  }
}
