import UIKit

protocol LoginViewControllerDelegate: AnyObject {
  func loginViewControllerDidSignIn(_ controller: LoginViewController)
}

final class LoginViewController: UIViewController {
  weak var delegate: LoginViewControllerDelegate?

  @objc func signUp() {
    navigationController?.pushViewController(SignUpViewController(), animated: true)
  }

  @objc func forgotPassword() {
    let alert = UIAlertController(title: "Reset password", message: nil, preferredStyle: .alert)
    alert.addAction(UIAlertAction(title: "Send link", style: .default))
    present(alert, animated: true)
  }
}

final class SignUpViewController: UIViewController {}
