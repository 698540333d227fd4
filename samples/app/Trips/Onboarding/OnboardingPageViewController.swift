import UIKit

final class OnboardingPageViewController: UIPageViewController {
  var onFinish: (() -> Void)?
  private let pages = (0..<3).map { OnboardingStepViewController(step: $0) }

  override func viewDidLoad() {
    super.viewDidLoad()
    // Turning pages is not navigation: UIPageViewController's own setViewControllers.
    setViewControllers([pages[0]], direction: .forward, animated: false)
  }
}

final class OnboardingStepViewController: UIViewController {
  init(step: Int) { super.init(nibName: nil, bundle: nil) }
  required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }
}
