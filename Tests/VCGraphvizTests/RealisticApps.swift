import Foundation
import TestSupport

/// Scenarios of real-size apps, made from a seed: tab bars of navigation stacks up to twenty deep,
/// a three-column split view, presentation chains, a second window, with class names like an app's.
///
/// The same seed always gives the same text, so a failure names the scenario it happened on.
enum RealisticApps {
  /// What a generated app holds.
  struct Shape: CustomStringConvertible {
    var tabs = 5
    /// How deep the deepest stack goes (the others are three or four deep).
    var depth = 20
    /// Presentations one above the other.
    var chain = 4
    var windows = 2
    /// One tab is a three-column split view.
    var splitView = true
    /// The deep stack is pushed one screen a step (else set all at once).
    var pushes = true
    var seed: UInt64 = 1

    var description: String {
      "\(tabs) tabs, \(depth) deep\(pushes ? " pushed" : ""), chain \(chain), \(windows) window(s), seed \(seed)"
    }
  }

  /// The shapes the tests draw: the realistic app of the issue (about 60 controllers), and smaller
  /// and odder ones.
  static let shapes: [Shape] = [
    Shape(),
    Shape(tabs: 5, depth: 20, chain: 4, windows: 2, splitView: true, pushes: false, seed: 2),
    Shape(tabs: 5, depth: 4, chain: 0, windows: 1, splitView: false, pushes: false, seed: 3),
    Shape(tabs: 1, depth: 20, chain: 0, windows: 1, splitView: false, pushes: true, seed: 4),
    Shape(tabs: 7, depth: 8, chain: 2, windows: 1, splitView: true, pushes: true, seed: 5),
    Shape(tabs: 3, depth: 12, chain: 4, windows: 2, splitView: false, pushes: true, seed: 6),
  ]

  private static let words = [
    "Photo", "Library", "Crop", "Rotate", "Editor", "Account", "Settings", "Profile", "Feed", "Story", "Detail",
    "Search", "Results", "Filter", "Message", "Thread", "Conversation", "Notification", "Preferences", "Privacy",
    "Security", "Album", "Track", "Playlist", "Now", "Playing", "Compose", "Attachment", "Picker", "Location",
    "Onboarding", "Subscription", "Checkout", "Payment", "Receipt", "Order", "History", "Map", "Place", "Review",
  ]

  /// A class name of one to five words and a controller kind's suffix, in the app's module.
  private static func className(_ generator: inout SplitMix64, suffix: String = "ViewController") -> String {
    let count = Int.random(in: 1...5, using: &generator)
    let name = (0..<count).map { _ in words.randomElement(using: &generator)! }.joined()
    return "MyApp." + name + suffix
  }

  /// The scenario text of `shape`.
  static func scenario(_ shape: Shape) -> String {
    var generator = SplitMix64(seed: shape.seed)
    var controllers: [String] = []
    var steps: [String] = []
    func declare(_ id: String, _ className: String, title: String? = nil, kind: String? = nil) {
      var fields = ["class: \"\(className)\""]
      if let title { fields.append("title: \"\(title)\"") }
      if let kind { fields.append("kind: \(kind)") }
      controllers.append("  \(id): { \(fields.joined(separator: ", ")) }")
    }
    func step(_ lines: String...) { steps.append("  - " + lines.joined(separator: "\n    ")) }

    declare("tabs", "UITabBarController")
    var tabIDs: [String] = []
    var deepStack: (nav: String, screens: [String])?
    for tab in 0..<shape.tabs {
      if shape.splitView && tab == 1 {
        declare("split", "UISplitViewController")
        var columns: [String] = []
        for column in ["primary", "supplementary", "secondary"] {
          let nav = "\(column)Nav"
          declare(nav, "UINavigationController")
          let screen = "\(column)Screen"
          declare(screen, className(&generator), title: column.capitalized)
          step("setViewControllers: [\(screen)]", "on: \(nav)")
          columns.append(nav)
        }
        step(
          "setSplit: { primary: \(columns[0]), supplementary: \(columns[1]), secondary: \(columns[2]) }",
          "on: split")
        tabIDs.append("split")
        continue
      }
      let nav = "nav\(tab)"
      declare(nav, "UINavigationController")
      let isDeep = tab == shape.tabs - 1 || shape.tabs == 1
      let count = isDeep ? shape.depth : Int.random(in: 3...4, using: &generator)
      let screens = (0..<count).map { "t\(tab)s\($0)" }
      for (index, screen) in screens.enumerated() {
        declare(screen, className(&generator), title: "Screen \(index)")
      }
      if isDeep && shape.pushes {
        step("setViewControllers: [\(screens[0])]", "on: \(nav)")
        deepStack = (nav, screens)
      } else {
        step("setViewControllers: [\(screens.joined(separator: ", "))]", "on: \(nav)")
      }
      tabIDs.append(nav)
    }
    step("setTabs: [\(tabIDs.joined(separator: ", "))]", "on: tabs")
    step("setRoot: tabs")
    step("selectTab: \(tabIDs.count - 1)", "on: tabs")
    if let deepStack {
      for screen in deepStack.screens.dropFirst() { step("push: \(screen)", "on: \(deepStack.nav)") }
    }
    // A presentation chain, each from the one before.
    var presenter = "tabs"
    let styles = ["pageSheet", "formSheet", "fullScreen", "overFullScreen", "popover"]
    for level in 0..<shape.chain {
      let nav = "modal\(level)Nav"
      let screen = "modal\(level)"
      declare(nav, "UINavigationController")
      declare(screen, className(&generator, suffix: "Controller"), title: "Modal \(level)")
      step("setViewControllers: [\(screen)]", "on: \(nav)")
      step("present: \(nav)", "from: \(presenter)", "style: \(styles[level % styles.count])")
      presenter = screen
    }
    if shape.splitView {
      step("selectTab: split", "on: tabs")
    }
    for window in 1..<max(1, shape.windows) {
      let root = "window\(window)Root"
      declare(root, className(&generator), kind: "container")
      let child = "window\(window)Child"
      declare(child, className(&generator))
      step("addChild: \(child)", "to: \(root)")
      step("setRoot: \(root)", "window: external\(window)")
    }
    if shape.chain > 1 { step("dismiss: modal1") }
    return "title: A real-size app (\(shape))\ncontrollers:\n" + controllers.joined(separator: "\n") + "\nsteps:\n"
      + steps.joined(separator: "\n") + "\n"
  }
}
