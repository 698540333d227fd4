import UIKit

final class ProfileViewController: UIViewController {
  var coordinator: AccountCoordinator?
  private let user: User?

  init(user: User?) {
    self.user = user
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }

  @objc func edit() {
    guard let user else { return }
    coordinator?.editProfile(of: user)
  }

  @objc func settings() { coordinator?.showSettings() }

  @objc func expenses() { coordinator?.showExpenses() }
}

final class EditProfileViewController: UIViewController {
  init(user: User) { super.init(nibName: nil, bundle: nil) }
  required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }
}
