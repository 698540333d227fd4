import UIKit

final class ExploreViewController: UIViewController, UISearchResultsUpdating {
  private lazy var searchController: UISearchController = {
    let controller = UISearchController(searchResultsController: SearchResultsViewController())
    controller.searchResultsUpdater = self
    return controller
  }()

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Explore"
    navigationItem.searchController = searchController
  }

  func updateSearchResults(for searchController: UISearchController) {}

  func open(_ article: Article) {
    let reader = ArticleViewController(article: article)
    navigationController?.pushViewController(reader, animated: true)
  }

  func openWebsite(_ url: URL) {
    present(SFSafariViewController(url: url), animated: true)
  }
}

final class SearchResultsViewController: UITableViewController {}

final class ArticleViewController: UIViewController {
  init(article: Article) { super.init(nibName: nil, bundle: nil) }
  required init?(coder: NSCoder) { fatalError("init(coder:) is not used") }
}
