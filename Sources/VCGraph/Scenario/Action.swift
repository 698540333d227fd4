/// One UIKit call, as a scenario step names it.
public enum Action: Sendable, Hashable {
  /// `window.rootViewController = controller`.
  case setRoot(String, window: String)
  /// `window.makeKey()`.
  case makeKey(window: String)
  /// `navigationController.pushViewController(_:animated:)` on the navigation controller of `on`.
  case push(String, on: String)
  /// `navigationController.popViewController(animated:)` on the navigation controller of the named controller.
  case pop(String)
  /// `navigationController.popToViewController(_:animated:)`: on the navigation controller of `on`,
  /// or of the controller itself when `on` is nil.
  case popTo(String, on: String?)
  /// `navigationController.popToRootViewController(animated:)`.
  case popToRoot(String)
  /// `setViewControllers(_:animated:)` on a navigation controller, or the `viewControllers` of a
  /// split view, page view or tab bar controller.
  case setViewControllers([String], on: String)
  /// `source.present(_:animated:)` with a `modalPresentationStyle`, and for a sheet the
  /// `sheetPresentationController.detents` the app set first (nil: UIKit's default, `[.large()]`).
  case present(String, from: String, style: ModalPresentationStyle, detents: [SheetDetent]? = nil)
  /// `source.show(_:sender:)`: a push inside a navigation controller, else a presentation with `style`.
  case show(String, from: String, style: ModalPresentationStyle)
  /// `source.showDetailViewController(_:sender:)`: the secondary column of the source's split view
  /// (a push onto the primary stack when it is collapsed), else a presentation with `style`.
  case showDetail(String, from: String, style: ModalPresentationStyle)
  /// `controller.dismiss(animated:)`.
  case dismiss(String)
  /// The user swipes a sheet down (or taps outside a popover).
  case interactiveDismiss(String)
  /// `sheetPresentationController.selectedDetentIdentifier = detent` on the sheet holding the
  /// controller; when `isInteractive`, the user drags the sheet to that detent instead, and UIKit
  /// tells the delegate (`sheetPresentationControllerDidChangeSelectedDetentIdentifier(_:)`).
  case selectDetent(SheetDetent, on: String, isInteractive: Bool)
  /// `container.addChild(_:)`, adding the child's view and calling `didMove(toParent:)`.
  case addChild(String, to: String)
  /// `willMove(toParent: nil)`, removing the view, then `removeFromParent()`.
  case removeFromParent(String)
  /// A custom container swaps one child for another: `from.willMove(toParent: nil)`,
  /// `addChild(to)`, `transition(from:to:…)`, then `from.removeFromParent()` and `to.didMove(toParent:)`.
  case transition(from: String, to: String, in: String)
  /// `tabBarController.setViewControllers(_:animated:)`.
  case setTabs([String], on: String)
  /// `tabBarController.setTabs(_:animated:)` (iOS 18): `UITab`s and `UITabGroup`s whose controllers
  /// are created when first needed; the same step key as ``setTabs(_:on:)``, with tabs instead of ids.
  case setUITabs([Tab], on: String)
  /// `tabBarController.selectedViewController = …` (or `selectedIndex`), or `selectedTab = …` for
  /// iOS 18 tabs.
  case selectTab(TabSelection, on: String)
  /// `tabBarController.sidebar.isHidden = …` (iOS 18).
  case setSidebarHidden(Bool, on: String)
  /// `splitViewController.setViewController(_:for:)` for each column given.
  case setSplit(SplitColumns, on: String)
  /// `pageViewController.setViewControllers(_:direction:animated:)`: one page, or two side by side.
  case setPage([String], on: String)
  /// The window's horizontal size class changes (rotation, multitasking): split views collapse or expand.
  case setTraits(horizontalSizeClass: SizeClass, window: String)

  /// The step key that names the action in a scenario.
  public var name: String { kind.rawValue }

  /// Which action this is, without its arguments.
  public var kind: ActionName {
    switch self {
    case .setRoot: return .setRoot
    case .makeKey: return .makeKey
    case .push: return .push
    case .pop: return .pop
    case .popTo: return .popTo
    case .popToRoot: return .popToRoot
    case .setViewControllers: return .setViewControllers
    case .present: return .present
    case .show: return .show
    case .showDetail: return .showDetail
    case .dismiss: return .dismiss
    case .interactiveDismiss: return .interactiveDismiss
    case .selectDetent: return .selectDetent
    case .addChild: return .addChild
    case .removeFromParent: return .removeFromParent
    case .transition: return .transition
    case .setTabs, .setUITabs: return .setTabs
    case .selectTab: return .selectTab
    case .setSidebarHidden: return .setSidebar
    case .setSplit: return .setSplit
    case .setPage: return .setPage
    case .setTraits: return .setTraits
    }
  }

  /// A one-line description for people: `present login from home`, `push home on nav`.
  public var summary: String {
    func list(_ ids: [String]) -> String { "[" + ids.joined(separator: ", ") + "]" }
    func inWindow(_ window: String) -> String { window == Scenario.defaultWindow ? "" : " in window \(window)" }
    switch self {
    case let .setRoot(id, window): return "setRoot \(id)" + inWindow(window)
    case let .makeKey(window): return "makeKey \(window)"
    case let .push(id, on): return "push \(id) on \(on)"
    case let .pop(id): return "pop \(id)"
    case let .popTo(id, on): return "popTo \(id)" + (on.map { " on \($0)" } ?? "")
    case let .popToRoot(id): return "popToRoot \(id)"
    case let .setViewControllers(ids, on): return "setViewControllers \(list(ids)) on \(on)"
    case let .present(id, from, _, detents):
      return "present \(id) from \(from)" + (detents.map { " with detents \(list($0.map(\.identifier)))" } ?? "")
    case let .show(id, from, _): return "show \(id) from \(from)"
    case let .showDetail(id, from, _): return "showDetail \(id) from \(from)"
    case let .dismiss(id): return "dismiss \(id)"
    case let .interactiveDismiss(id): return "interactiveDismiss \(id)"
    case let .selectDetent(detent, on, isInteractive):
      return "selectDetent \(detent.identifier) on \(on)" + (isInteractive ? " by the user" : "")
    case let .addChild(id, to): return "addChild \(id) to \(to)"
    case let .removeFromParent(id): return "removeFromParent \(id)"
    case let .transition(from, to, container): return "transition \(from) to \(to) in \(container)"
    case let .setTabs(ids, on): return "setTabs \(list(ids)) on \(on)"
    case let .setUITabs(tabs, on): return "setTabs \(Self.summary(of: tabs)) on \(on)"
    case let .selectTab(.controller(id), on), let .selectTab(.identifier(id), on): return "selectTab \(id) on \(on)"
    case let .selectTab(.index(index), on): return "selectTab \(index) on \(on)"
    case let .setSidebarHidden(isHidden, on): return "setSidebar \(isHidden ? "hidden" : "shown") on \(on)"
    case let .setSplit(columns, on): return "setSplit \(columns.summary) on \(on)"
    case let .setPage(ids, on): return "setPage \(ids.count == 1 ? ids[0] : list(ids)) on \(on)"
    case let .setTraits(sizeClass, window): return "setTraits \(sizeClass.rawValue)" + inWindow(window)
    }
  }
}

extension Action {
  /// iOS 18 tabs in one line, each group's children in brackets: `[home, library [albums, artists]]`.
  static func summary(of tabs: [Tab]) -> String {
    var children: [String?: [Tab]] = [:]
    for tab in tabs { children[tab.group, default: []].append(tab) }
    // Walked without recursion: each pending entry is a tab, or nil for a group's closing bracket.
    var text = "["
    var pending: [(tab: Tab?, isFirst: Bool)] = (children[nil] ?? []).enumerated().reversed().map {
      ($0.element, $0.offset == 0)
    }
    var seen: Set<String> = []
    while let (tab, isFirst) = pending.popLast() {
      guard let tab else {
        text += "]"
        continue
      }
      text += (isFirst ? "" : ", ") + tab.identifier
      guard tab.isGroup, seen.insert(tab.identifier).inserted else { continue }
      text += " ["
      pending.append((nil, false))
      pending += (children[tab.identifier] ?? []).enumerated().reversed().map { ($0.element, $0.offset == 0) }
    }
    return text + "]"
  }
}

/// How `selectTab` names the tab: by controller id, by index, or by an iOS 18 tab's identifier.
public enum TabSelection: Sendable, Hashable {
  /// A controller id; on a tab bar with iOS 18 tabs, a tab's identifier first, then its controller.
  case controller(String)
  /// `selectedIndex`: the index among the tab bar's items (the root tabs, for iOS 18 tabs).
  case index(Int)
  /// An iOS 18 tab's identifier that names no controller.
  case identifier(String)
}

/// The columns a `setSplit` step sets; a column left out keeps its controller.
public struct SplitColumns: Sendable, Hashable {
  public var primary: String?
  public var supplementary: String?
  public var secondary: String?
  /// `setViewController(_:for: .compact)` (iOS 14): the controller a collapsed split view shows
  /// instead of its other columns.
  public var compact: String?
  /// True for `setViewController(nil, for: .compact)` (`compact: null`): the split view loses its
  /// compact column and collapses onto its primary column again.
  public var removesCompact: Bool

  public init(
    primary: String? = nil, supplementary: String? = nil, secondary: String? = nil, compact: String? = nil,
    removesCompact: Bool = false
  ) {
    self.primary = primary
    self.supplementary = supplementary
    self.secondary = secondary
    self.compact = compact
    self.removesCompact = removesCompact && compact == nil
  }

  /// `primary: list, secondary: detail`.
  public var summary: String {
    [
      ("primary", primary), ("supplementary", supplementary), ("secondary", secondary),
      ("compact", removesCompact ? "nil" : compact),
    ]
    .compactMap { name, id in id.map { "\(name): \($0)" } }
    .joined(separator: ", ")
  }
}

/// The name of each UIKit call a scenario's step can make, as its key (`push: home`): the one list
/// of them, for the scenario reader, the actions and the rules' messages.
public enum ActionName: String, CaseIterable, Sendable, Hashable {
  case setRoot
  case makeKey
  case push
  case pop
  case popTo
  case popToRoot
  case setViewControllers
  case present
  case show
  case showDetail
  case dismiss
  case interactiveDismiss
  case selectDetent
  case addChild
  case removeFromParent
  case transition
  case setTabs
  case selectTab
  case setSidebar
  case setSplit
  case setPage
  case setTraits

  /// The keys a step of this action may hold besides the action key and the options every step
  /// may hold (`caption`, `animated`, …).
  public var parameters: [String] {
    switch self {
    case .setRoot, .setTraits: return ["window"]
    case .makeKey, .pop, .popToRoot, .dismiss, .interactiveDismiss, .removeFromParent, .transition: return []
    case .push, .popTo, .setViewControllers, .setTabs, .selectTab, .setSidebar, .setSplit, .setPage: return ["on"]
    case .selectDetent: return ["on", "interactive"]
    case .present: return ["from", "style", "detents"]
    case .show, .showDetail: return ["from", "style"]
    case .addChild: return ["to"]
    }
  }
}
