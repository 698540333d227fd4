/// The app `vcgraph map` reads in the benchmark: `files` Swift files of about 170 lines each, as a
/// real UIKit app has them, generated so the same size always gives the same text.
///
/// Every tenth file is a coordinator (a stored navigation controller, a wrapper `show(_:)`, an enum
/// of routes mapped to controllers, a `start()`); the others are view controllers that push,
/// present and embed other controllers of the app, call the coordinators' wrappers, and have the
/// ordinary rest of a screen (layout, a table's data source, formatting) that the reader must get
/// through. File `0` is the scene delegate that sets the window's root.
enum MapWorkload {
  /// The files: a relative path and its text.
  static func files(count: Int) -> [(path: String, text: String)] {
    (0..<max(count, 2)).map { number in
      let folder = "Feature\(number / 50)"
      if number == 0 { return ("App/SceneDelegate.swift", sceneDelegate(count: count)) }
      if number % 10 == 0 { return ("\(folder)/Feature\(number)Coordinator.swift", coordinator(number, count: count)) }
      return ("\(folder)/Screen\(number)ViewController.swift", screen(number, count: count))
    }
  }

  /// The class name of file `number`'s screen, wrapping around the app's size.
  static func screenName(_ number: Int, count: Int) -> String {
    var target = number % max(count, 2)
    if target % 10 == 0 { target += 1 }
    if target >= count { target = 1 }
    return "Screen\(target)ViewController"
  }

  static func sceneDelegate(count: Int) -> String {
    """
    import UIKit

    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
      var window: UIWindow?

      func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        let tabs = UITabBarController()
        tabs.viewControllers = [
          UINavigationController(rootViewController: \(screenName(1, count: count))()),
          UINavigationController(rootViewController: \(screenName(2, count: count))()),
        ]
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        self.window = window
      }
    }

    """
  }

  static func coordinator(_ number: Int, count: Int) -> String {
    let first = screenName(number + 1, count: count)
    let second = screenName(number + 3, count: count)
    let third = screenName(number + 7, count: count)
    return """
      import UIKit

      /// Routes of feature \(number).
      enum Feature\(number)Route {
        case list
        case detail(id: Int)
        case settings
      }

      final class Feature\(number)Coordinator {
        let navigationController: UINavigationController
        private var children: [AnyObject] = []

        init(navigationController: UINavigationController) {
          self.navigationController = navigationController
        }

        func start() {
          navigationController.pushViewController(\(first)(), animated: false)
        }

        func show(_ viewController: UIViewController, animated: Bool = true) {
          navigationController.pushViewController(viewController, animated: animated)
        }

        func viewController(for route: Feature\(number)Route) -> UIViewController {
          switch route {
          case .list: return \(first)()
          case .detail(let id):
            let controller = \(second)()
            controller.title = "Item \\(id)"
            return controller
          case .settings: return \(third)()
          }
        }

        func navigate(to route: Feature\(number)Route) {
          show(viewController(for: route))
        }

        func presentSettings(from presenter: UIViewController) {
          let settings = UINavigationController(rootViewController: \(third)())
          settings.modalPresentationStyle = .formSheet
          presenter.present(settings, animated: true)
        }

        func didFinish() {
          children.removeAll()
          navigationController.popToRootViewController(animated: true)
        }
      }

      """
  }

  static func screen(_ number: Int, count: Int) -> String {
    let next = screenName(number + 1, count: count)
    let detail = screenName(number + 2, count: count)
    let child = screenName(number + 5, count: count)
    let coordinator = "Feature\(max(10, number / 10 * 10))Coordinator"
    let hasCoordinator = (number / 10 * 10) >= 10 && (number / 10 * 10) < count
    let route =
      hasCoordinator
      ? """
          coordinator?.navigate(to: .detail(id: indexPath.row))
          coordinator?.show(\(next)())
      """ : "    _ = indexPath"
    return """
      import UIKit

      /// Screen \(number): a list of items, a detail, a child panel.
      final class Screen\(number)ViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
        \(hasCoordinator ? "weak var coordinator: \(coordinator)?" : "var coordinator: AnyObject?")
        private let tableView = UITableView(frame: .zero, style: .insetGrouped)
        private var items: [String] = []
        private let formatter: DateFormatter = {
          let formatter = DateFormatter()
          formatter.dateStyle = .medium
          formatter.timeStyle = .short
          return formatter
        }()
        private lazy var panel = \(child)()

        override func viewDidLoad() {
          super.viewDidLoad()
          title = "Screen \(number)"
          view.backgroundColor = .systemBackground
          tableView.dataSource = self
          tableView.delegate = self
          tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
          view.addSubview(tableView)
          tableView.translatesAutoresizingMaskIntoConstraints = false
          NSLayoutConstraint.activate([
            tableView.topAnchor.constraint(equalTo: view.topAnchor),
            tableView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            tableView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            tableView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
          ])
          navigationItem.rightBarButtonItem = UIBarButtonItem(
            barButtonSystemItem: .compose, target: self, action: #selector(compose))
          addChild(panel)
          panel.didMove(toParent: self)
          reload()
        }

        private func reload() {
          items = (0..<20).map { index in
            let date = Date(timeIntervalSince1970: TimeInterval(index * 3_600))
            return "Item \\(index) · \\(formatter.string(from: date))"
          }
          tableView.reloadData()
        }

        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
          items.count
        }

        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
          let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
          var content = cell.defaultContentConfiguration()
          content.text = items[indexPath.row]
          content.secondaryText = indexPath.row.isMultiple(of: 2) ? "even" : "odd"
          cell.contentConfiguration = content
          cell.accessoryType = .disclosureIndicator
          return cell
        }

        func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
          tableView.deselectRow(at: indexPath, animated: true)
          if indexPath.row == 0 {
            let detail = \(detail)()
            detail.title = items[indexPath.row]
            navigationController?.pushViewController(detail, animated: true)
            return
          }
      \(route)
        }

        @objc private func compose() {
          let next = \(next)()
          let navigation = UINavigationController(rootViewController: next)
          navigation.modalPresentationStyle = .pageSheet
          if let sheet = navigation.sheetPresentationController {
            sheet.detents = [.medium(), .large()]
          }
          present(navigation, animated: true)
        }

        private func showAlert(message: String) {
          let alert = UIAlertController(title: "Screen \(number)", message: message, preferredStyle: .alert)
          alert.addAction(UIAlertAction(title: "OK", style: .default))
          present(alert, animated: true)
        }

        private func summary() -> String {
          let total = items.reduce(0) { $0 + $1.count }
          let average = items.isEmpty ? 0 : total / items.count
          var parts: [String] = []
          parts.append("items: \\(items.count)")
          parts.append("characters: \\(total)")
          parts.append("average: \\(average)")
          if average > 10 {
            parts.append("long")
          } else {
            parts.append("short")
          }
          return parts.joined(separator: ", ")
        }

        private func validate(_ text: String) -> Bool {
          guard !text.isEmpty else { return false }
          let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
          switch trimmed.count {
          case 0: return false
          case 1...3: return trimmed.allSatisfy(\\.isLetter)
          default: return trimmed.count < 200
          }
        }

        override func viewWillAppear(_ animated: Bool) {
          super.viewWillAppear(animated)
          if let selected = tableView.indexPathForSelectedRow {
            tableView.deselectRow(at: selected, animated: animated)
          }
          if !validate(summary()) { showAlert(message: "Nothing to show") }
        }
      }

      /// What screen \(number) lists, and how it sorts and filters them.
      struct Screen\(number)Item: Hashable, Comparable {
        enum Filter { case all, recent, starred, archived }

        var title: String
        var date: Date
        var isStarred: Bool
        var isArchived: Bool

        var subtitle: String {
          let days = Int(Date().timeIntervalSince(date) / 86_400)
          switch days {
          case ..<1: return "today"
          case 1: return "yesterday"
          case 2..<7: return "\\(days) days ago"
          default: return "long ago"
          }
        }

        static func < (lhs: Self, rhs: Self) -> Bool {
          if lhs.isStarred != rhs.isStarred { return lhs.isStarred }
          return lhs.date > rhs.date
        }

        static func apply(_ filter: Filter, to items: [Self]) -> [Self] {
          switch filter {
          case .all: return items.sorted()
          case .recent: return items.filter { Date().timeIntervalSince($0.date) < 604_800 }.sorted()
          case .starred: return items.filter(\\.isStarred).sorted()
          case .archived: return items.filter(\\.isArchived).sorted()
          }
        }

        static func grouped(_ items: [Self]) -> [(String, [Self])] {
          let groups = Dictionary(grouping: items, by: \\.subtitle)
          return groups.keys.sorted().map { ($0, groups[$0] ?? []) }
        }

        func matches(_ query: String) -> Bool {
          guard !query.isEmpty else { return true }
          let words = query.lowercased().split(separator: " ")
          return words.allSatisfy { title.lowercased().contains($0) }
        }
      }

      """
  }
}
