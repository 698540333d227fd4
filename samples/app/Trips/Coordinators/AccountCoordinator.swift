import SwiftUI
import UIKit

final class AccountCoordinator {
  let navigationController: UINavigationController

  init(navigationController: UINavigationController) {
    self.navigationController = navigationController
  }

  func editProfile(of user: User) {
    let edit = EditProfileViewController(user: user)
    navigationController.pushViewController(edit, animated: true)
  }

  func showSettings() {
    let settings = UIHostingController(rootView: SettingsView(model: SettingsModel()))
    settings.title = "Settings"
    navigationController.pushViewController(settings, animated: true)
  }

  func showExpenses() {
    let storyboard = UIStoryboard(name: "Expenses", bundle: nil)
    guard let expenses = storyboard.instantiateInitialViewController() else { return }
    expenses.modalPresentationStyle = .fullScreen
    navigationController.present(expenses, animated: true)
  }
}
