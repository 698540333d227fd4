/// The scenarios the benchmark renders, generated as YAML text so that vcgraph reads them as a user's
/// files would be read.
enum Workload {
  /// A flow of `steps` steps over 31 controllers: a tab bar with 4 navigation controllers of 6 screens
  /// each and 2 modals, made of pushes, pops, tab switches and a form sheet presented and dismissed.
  ///
  /// The first 6 steps build the tab bar and put it in the window; every step after changes what is
  /// on screen. The same `steps` always gives the same text.
  static func longFlow(steps: Int) -> String {
    let navigations = (0..<4).map { "nav\($0)" }
    let screens = navigations.map { navigation in (0..<6).map { "\(navigation)_s\($0)" } }
    let modal = "modal0"
    var lines = ["title: A long flow", "controllers:", "  tabs: UITabBarController"]
    for navigation in navigations { lines.append("  \(navigation): UINavigationController") }
    for stack in screens {
      for (position, screen) in stack.enumerated() {
        lines.append("  \(screen): { class: ScreenS\(position)ViewController, title: \(screen) }")
      }
    }
    for number in 0..<2 { lines.append("  modal\(number): { class: ModalViewController, title: modal\(number) }") }
    lines.append("steps:")
    for (navigation, stack) in zip(navigations, screens) {
      lines += ["  - setViewControllers: [\(stack[0])]", "    on: \(navigation)"]
    }
    lines += ["  - setTabs: [\(navigations.joined(separator: ", "))]", "    on: tabs", "  - setRoot: tabs"]
    var count = navigations.count + 2
    var depths = Array(repeating: 1, count: navigations.count)
    var tab = 0
    var turn = 0
    while count < steps {
      let navigation = navigations[tab]
      turn += 1
      if turn % 7 == 0 {
        tab = (tab + 1) % navigations.count
        lines += ["  - selectTab: \(tab)", "    on: tabs"]
      } else if turn % 11 == 0 {
        lines += ["  - present: \(modal)", "    from: tabs", "    style: formSheet"]
        count += 1
        if count >= steps { break }
        lines.append("  - dismiss: \(modal)")
      } else if depths[tab] < 6, turn % 3 != 2 || depths[tab] == 1 {
        lines += ["  - push: \(screens[tab][depths[tab]])", "    on: \(navigation)"]
        depths[tab] += 1
      } else {
        lines += ["  - pop: \(navigation)"]
        depths[tab] -= 1
      }
      count += 1
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The navigation controllers of ``wideHierarchy(controllers:)``.
  static let wideNavigationCount = 4

  /// The number of steps of ``wideHierarchy(controllers:)``, whatever its size: one
  /// `setViewControllers` per navigation controller, `setTabs` and `setRoot`.
  static let wideStepCount = wideNavigationCount + 2

  /// A hierarchy of exactly `controllers` controllers (at least 9), wide rather than deep: a tab bar
  /// whose 4 navigation controllers share the other controllers as their stacks, built in 6 steps
  /// whatever the size, so the work per step grows with the size alone.
  static func wideHierarchy(controllers: Int) -> String {
    let navigationCount = wideNavigationCount
    let screenCount = max(controllers - 1 - navigationCount, navigationCount)
    let stacks = (0..<navigationCount).map { navigation in
      // Screens dealt out in turn, so the stacks differ by one at most.
      stride(from: navigation, to: screenCount, by: navigationCount).map { "screen\($0)" }
    }
    var lines = ["title: A hierarchy of \(1 + navigationCount + screenCount) controllers", "controllers:"]
    lines.append("  tabs: UITabBarController")
    for navigation in 0..<navigationCount { lines.append("  nav\(navigation): UINavigationController") }
    for screen in 0..<screenCount {
      lines.append("  screen\(screen): { class: Screen\(screen % 10)ViewController, title: Screen \(screen) }")
    }
    lines.append("steps:")
    for (navigation, stack) in stacks.enumerated() {
      lines += ["  - setViewControllers: [\(stack.joined(separator: ", "))]", "    on: nav\(navigation)"]
    }
    let tabs = (0..<navigationCount).map { "nav\($0)" }.joined(separator: ", ")
    lines += ["  - setTabs: [\(tabs)]", "    on: tabs", "  - setRoot: tabs"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// A `_printHierarchy` dump of `lines` lines: a navigation controller on screen, and its
  /// `lines − 1` children, the last on screen (its top) and the others off screen, their views out
  /// of the window. Every pointer is distinct.
  static func wideDump(lines: Int) -> String {
    var text =
      "<UINavigationController: 0x7e0000000001>, state: appeared, view: <UILayoutContainerView: 0x7d0000000001>\n"
    for index in 1..<max(1, lines) {
      let address = String(index, radix: 16)
      let isTop = index == lines - 1
      text +=
        "   | <App.Screen\(index)ViewController: 0x7f\(address)>, state: \(isTop ? "appeared" : "disappeared"), "
        + "view: <UIView: 0x7c\(address)>\(isTop ? "" : " not in the window")\n"
    }
    return text
  }
}

extension Workload {
  /// A flow of `steps` steps over 3 controllers, the shape issue 27 timed `render --animate` on: a
  /// navigation controller in the window with `a` as its root, then `b` pushed and popped in turn.
  static func pushPopFlow(steps: Int) -> String {
    var lines = [
      "title: Push and pop", "controllers:", "  nav: UINavigationController",
      "  a: { class: AViewController, title: A }", "  b: { class: BViewController, title: B }", "steps:",
      "  - setViewControllers: [a]", "    on: nav", "  - setRoot: nav",
    ]
    for step in 2..<max(steps, 2) {
      lines += step % 2 == 0 ? ["  - push: b", "    on: nav"] : ["  - pop: nav"]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A `_printHierarchy` dump `depth` levels deep, each controller the only child of the one above,
  /// its indentation collapsed to `| ` per level (as pasted dumps often are): the size grows with
  /// the square of the depth (5,000 levels: 25 MB).
  static func deepDump(depth: Int) -> String {
    var text = ""
    for level in 0..<depth {
      text += String(repeating: "| ", count: level)
      text +=
        "<Level\(level)ViewController: 0x\(String(0x7b00_0000 + level, radix: 16))>, state: appeared, view: <UIView: 0x"
        + String(0x7c00_0000 + level, radix: 16) + ">\n"
    }
    return text
  }

  /// A scenario of `depth` custom containers, each added as the child of the one before: `depth`
  /// steps, the last one `depth` levels deep.
  static func deepNest(depth: Int) -> String {
    var text = "controllers:\n"
    for level in 0..<depth { text += "  c\(level): { class: C, kind: container }\n" }
    text += "steps:\n  - setRoot: c0\n"
    for level in 1..<max(depth, 1) { text += "  - addChild: c\(level)\n    to: c\(level - 1)\n" }
    return text
  }
}
