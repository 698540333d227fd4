/// Windows and view controllers with their three kinds of relation: window → root,
/// parent → child and presenting → presented.
///
/// A hierarchy is a value: replaying a step makes a new one. Every declared controller
/// is in it, attached or not, in declaration order.
public struct Hierarchy: Sendable, Hashable {
  /// The windows in the order they got their first root view controller.
  public internal(set) var windows: [Window] = [] {
    didSet { controllers.isAppearanceCurrent = false }
  }
  /// Controller ids in declaration order.
  public let order: [String]
  var controllers: ControllerTable
  /// The segues of a hierarchy read from a storyboard, in document order; empty otherwise.
  public internal(set) var segues: [Segue] = []
  /// The controllers a storyboard declared as scenes: drawn whether or not they have a relation.
  var storyboardScenes: Set<String> = []
  /// The horizontal size class every window takes and keeps, whatever a `setTraits` step says; nil
  /// when windows start `regular` and follow `setTraits` (``Scenario/fixedHorizontalSizeClass``).
  /// Only `setRoot` makes a window and only `setTraits` changes its class: both follow it.
  var fixedHorizontalSizeClass: SizeClass?

  /// A hierarchy of unattached controllers, in the given order.
  public init(viewControllers: [ViewController]) {
    order = viewControllers.map(\.id)
    controllers = ControllerTable(
      Dictionary(viewControllers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }), order: order)
  }

  /// The controller with this id.
  public subscript(id: String) -> ViewController? { controllers[id] }

  /// Every declared controller, in declaration order.
  public var viewControllers: [ViewController] { order.compactMap { controllers[$0] } }

  /// What is wrong with the hierarchy's relations, one sentence each; empty when they agree: each
  /// child's parent lists it once among its children and each listed child names that parent;
  /// presenting and presented name each other; a window's root has no parent and is not presented,
  /// and no controller is two windows' root. `apply` checks it after every step in debug builds
  /// (the tests and the fuzz run); a release build never calls it.
  public func _checkInvariants() -> [String] {
    _checkInvariants(of: controllers.byID.keys)
  }

  /// What ``_checkInvariants()`` finds wrong with the relations of `ids` (and the windows'): each
  /// controller's parent, children and presentations, from both ends.
  ///
  /// A step that wrote only to some controllers can break only their relations, so `apply` checks
  /// those of a big hierarchy, and all of a small one. A parent with more than `childLimit`
  /// children is not checked against its children (each costs a look-up, on every step that
  /// touches it): a debug build then stays linear on a stack of thousands.
  func _checkInvariants(of ids: some Sequence<String>, childLimit: Int = .max) -> [String] {
    var problems: [String] = []
    // How many times each parent lists each of its children, counted once per parent.
    var listings: [String: [String: Int]] = [:]
    func listed(_ child: String, by parent: String) -> Int? {
      if let counts = listings[parent] { return counts[child] ?? 0 }
      let children = controllers[parent]?.children ?? []
      guard children.count <= childLimit else { return nil }
      var counts: [String: Int] = [:]
      for listed in children { counts[listed, default: 0] += 1 }
      listings[parent] = counts
      return counts[child] ?? 0
    }
    for id in ids {
      guard let controller = controllers[id] else { continue }
      if let parent = controller.parent, let listed = listed(id, by: parent), listed != 1 {
        problems.append("\(id)'s parent \(parent) lists it \(listed) times")
      }
      for child in controller.children.count <= childLimit ? controller.children : []
      where controllers[child]?.parent != id {
        problems.append("\(id) lists \(child), whose parent is \(controllers[child]?.parent ?? "none")")
      }
      if let presented = controller.presentation?.presented, controllers[presented]?.presenter != id {
        problems.append(
          "\(id) presents \(presented), whose presenter is \(controllers[presented]?.presenter ?? "none")")
      }
      if let presenter = controller.presenter, controllers[presenter]?.presentation?.presented != id {
        problems.append("\(id) is presented by \(presenter), which does not present it")
      }
      // iOS 18 tabs: a controller a tab created is named by a tab of that tab bar controller, and
      // the selected tab is one of its tabs.
      if let owner = controller.tabOwner,
        controllers[owner]?.tabs.contains(where: { $0.viewController == id || $0.managingNavigationController == id })
          != true
      {
        problems.append("\(id) was created by a tab of \(owner), which has no tab naming it")
      }
      if let selected = controller.selectedTab, controller.tab(selected) == nil {
        problems.append("\(id)'s selected tab \(selected) is not one of its tabs")
      }
    }
    var roots: Set<String> = []
    for window in windows {
      guard let root = window.rootViewController else { continue }
      if !roots.insert(root).inserted { problems.append("\(root) is the root of two windows") }
      if let parent = controllers[root]?.parent {
        problems.append("window \(window.id)'s root \(root) has a parent, \(parent)")
      }
      if let presenter = controllers[root]?.presenter {
        problems.append("window \(window.id)'s root \(root) is presented by \(presenter)")
      }
    }
    return problems.sorted()
  }

  /// True when `other` is a copy of this hierarchy that neither was changed in since (a frame kept
  /// and the same frame read again): told without comparing controllers. False says nothing.
  public func isUnchangedCopy(of other: Hierarchy) -> Bool {
    controllers.isUnwrittenCopy(of: other.controllers) && windows == other.windows && order == other.order
      && segues == other.segues && storyboardScenes == other.storyboardScenes
      && fixedHorizontalSizeClass == other.fixedHorizontalSizeClass
  }

  /// The window with this id.
  public func window(named id: String) -> Window? { windows.first { $0.id == id } }

  /// The key window.
  public var keyWindow: Window? { windows.first(where: \.isKey) }

  /// The outermost controller of `id`'s containment tree: a window's root, a presented controller,
  /// or a controller attached to nothing.
  public func containmentRoot(of id: String) -> String {
    var current = id
    while let parent = controllers[current]?.parent { current = parent }
    return current
  }

  /// The parents of `id`, nearest first.
  public func ancestors(of id: String) -> [String] {
    var result: [String] = []
    var current = id
    while let parent = controllers[current]?.parent {
      result.append(parent)
      current = parent
    }
    return result
  }

  /// `id` followed by its parents, nearest first.
  public func lineage(of id: String) -> [String] {
    [id] + ancestors(of: id)
  }

  /// True when `ancestor` is `id` or one of its parents.
  public func isSelfOrAncestor(_ ancestor: String, of id: String) -> Bool {
    firstInLineage(of: id) { $0 == ancestor ? true : nil } ?? false
  }

  /// The first non-nil `body` gives for `id` and then for each of its parents, nearest first:
  /// what `lineage(of: id).lazy.compactMap(body).first` gives, without building the lineage.
  func firstInLineage<Found>(of id: String, _ body: (String) -> Found?) -> Found? {
    var current = id
    while true {
      if let found = body(current) { return found }
      guard let parent = controllers[current]?.parent else { return nil }
      current = parent
    }
  }

  /// The window whose hierarchy holds `id`, through parents and presenting controllers.
  public func window(of id: String) -> Window? {
    var current = containmentRoot(of: id)
    var seen: Set<String> = []
    while let presenter = controllers[current]?.presenter, seen.insert(current).inserted {
      current = containmentRoot(of: presenter)
    }
    return windows.first { $0.rootViewController == current }
  }

  /// The window whose root view controller is `id`.
  public func windowRooted(at id: String) -> Window? {
    windows.first { $0.rootViewController == id }
  }

  /// UIKit's `presentingViewController`: the controller presenting `id` or its nearest presented ancestor.
  public func presentingViewController(of id: String) -> String? {
    firstInLineage(of: id) { controllers[$0]?.presenter }
  }

  /// UIKit's `presentedViewController`: the controller presented by `id` or by its nearest presenting ancestor.
  public func presentedViewController(of id: String) -> String? {
    firstInLineage(of: id) { controllers[$0]?.presentation?.presented }
  }

  /// Every controller presented above `id`: presented by it or by one of its descendants (a
  /// current-context presentation inside a container), and so on up the chain, nearest first.
  public func presentationChain(above id: String) -> [String] {
    var chain: [String] = []
    var pending = [id]
    var next = 0
    var seen: Set<String> = [id]
    while next < pending.count {
      let current = pending[next]
      next += 1
      for member in [current] + descendants(of: current) {
        if let presented = controllers[member]?.presentation?.presented, seen.insert(presented).inserted {
          chain.append(presented)
          pending.append(presented)
        }
      }
    }
    return chain
  }

  /// True when ``presentationChain(above:)`` is not empty: `id` or one of its descendants presents
  /// a controller. Allocates nothing for a controller without children.
  func hasPresentation(above id: String) -> Bool {
    guard let controller = controllers[id] else { return false }
    if let presented = controller.presentation?.presented, presented != id { return true }
    if controller.children.isEmpty { return false }
    return descendants(of: id).contains { member in
      controllers[member]?.presentation.map { $0.presented != id } ?? false
    }
  }

  /// Every child of `id`, their children and so on, depth first.
  public func descendants(of id: String) -> [String] {
    var result: [String] = []
    var stack = Array((controllers[id]?.children ?? []).reversed())
    var seen: Set<String> = [id]
    while let next = stack.popLast() {
      guard seen.insert(next).inserted else { continue }
      result.append(next)
      stack += (controllers[next]?.children ?? []).reversed()
    }
    return result
  }

  /// The nearest controller of `kind` that is `id` or one of its parents
  /// (UIKit's `navigationController`, `tabBarController`, `splitViewController`).
  public func nearest(_ kind: ViewControllerKind, from id: String) -> String? {
    firstInLineage(of: id) { controllers[$0]?.kind == kind ? $0 : nil }
  }

  /// The controllers that are part of the hierarchy, in declaration order: every controller with a
  /// relation, and every controller a dump listed (a dump can list one outside any window, alone).
  ///
  /// Found once for a hierarchy and kept; a replayed step's hierarchy finds them from those of the
  /// hierarchy the step began from, when they were found, by the controllers the step wrote to:
  /// a scenario's frames, read in order, do not each look at every controller.
  public var members: [String] {
    let context = ControllerTable.Members.Context(
      roots: windows.map(\.rootViewController), scenes: storyboardScenes)
    if let known = controllers.knownMembers(in: context) { return known }
    var list: [String]
    if let (earlier, written) = controllers.membersBeforeStep(in: context) {
      list = earlier
      for id in written.sorted(by: { (controllers.positions[$0] ?? 0) < (controllers.positions[$1] ?? 0) }) {
        guard let position = controllers.positions[id] else { continue }
        // The first member at or after `id` in declaration order.
        var low = 0
        var high = list.count
        while low < high {
          let middle = (low + high) / 2
          if (controllers.positions[list[middle]] ?? 0) < position { low = middle + 1 } else { high = middle }
        }
        let isListed = low < list.count && list[low] == id
        if isMember(id), !isListed {
          list.insert(id, at: low)
        } else if !isMember(id), isListed {
          list.remove(at: low)
        }
      }
      #if DEBUG
        if controllers.count <= Self.wholeCheckLimit {
          assert(list == order.filter(isMember), "members found from the step before differ")
        }
      #endif
    } else {
      list = order.filter(isMember)
    }
    controllers.keepMembers(list, in: context)
    return list
  }

  /// True when `id` has a relation or was listed by a dump or a storyboard: what a diagram of the hierarchy draws.
  public func isMember(_ id: String) -> Bool {
    isAttached(id) || controllers[id]?.dumpRecord != nil || storyboardScenes.contains(id)
  }

  /// True when `id` takes part in any relation: it has a window, a parent, children or a presentation.
  public func isAttached(_ id: String) -> Bool {
    guard let controller = controllers[id] else { return false }
    return controller.parent != nil || !controller.children.isEmpty || controller.presentation != nil
      || controller.presenter != nil || windowRooted(at: id) != nil
  }
}
