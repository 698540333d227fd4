/// A step that breaks one of UIKit's rules. The message uses UIKit's own words where UIKit has them.
///
/// Controllers are named by their UIKit description, `<ClassName: id>`.
public enum RuleViolation: Error, Sendable, Hashable {
  /// `Application tried to present modally an active controller <B>.`
  case presentingActiveController(String)
  /// `Application tried to present modally a view controller <B> that has a parent view controller <P>.`
  case presentingChild(String, parent: String)
  /// `Pushing the same view controller instance more than once is not supported (<B>).`
  case pushingSameInstance(String)
  /// `Pushing a navigation controller is not supported.`
  case pushingNavigationController(String)
  /// A container named for an action it does not have (`push` on something outside any navigation controller).
  case notInContainer(String, kind: ViewControllerKind, action: String)
  /// A child that already has another parent.
  case alreadyHasParent(child: String, parent: String)
  /// A controller that is presented cannot also be a child or a root.
  case isPresented(String, presenter: String)
  /// A window's root cannot also be a child or presented.
  case isWindowRoot(String, window: String)
  /// A relation that would make a controller its own ancestor.
  case cycle(child: String, parent: String)
  /// `addChild` on one of UIKit's containers, which manage their children through their own API.
  case addChildToSystemContainer(container: String, kind: ViewControllerKind, instead: String)
  /// A list names the same controller twice.
  case duplicateInList(String, action: String)
  /// A tab bar asked to select a controller that is not one of its tabs.
  case notATab(String, tabBar: String)
  case tabIndexOutOfRange(Int, tabBar: String, count: Int)
  /// More children than the container shows (a split view has two columns, a page view one or two pages).
  case tooManyChildren(container: String, kind: ViewControllerKind, limit: Int, given: Int)
  /// A root that is already the root of another window.
  case rootOfAnotherWindow(String, window: String)
  /// A controller id the hierarchy does not hold.
  case unknownController(String)
  /// A step names a window that has no root view controller yet.
  case unknownWindow(String, known: [String])
  /// `Tried to pop to a view controller that doesn't exist.`; the navigation controller searched, if any.
  case popToMissing(String, navigation: String?)
  /// An interactive dismissal of a controller that is not presented.
  case notPresented(String)
  /// An interactive dismissal of a sheet that presents another controller.
  case notTopmostPresentation(String, presenting: String)
  /// An interactive dismissal of a presentation the user cannot swipe away.
  case notInteractivelyDismissible(String, style: ModalPresentationStyle)
  /// `transition(from:to:)` with a `from` controller that is not a child of the container.
  case transitionWithoutCommonParent(from: String, to: String)
  /// `transition(from:to:)` where `to` is already a child of the container.
  case transitionToExistingChild(String, container: String)
  /// `transition` on one of UIKit's containers, which make their own transitions.
  case transitionInSystemContainer(container: String, kind: ViewControllerKind)
  /// A split view left without a primary column by `action`.
  case splitViewWithoutPrimary(String, action: String)
  /// One controller named for two columns of a split view.
  case columnTwice(String, splitView: String)
  /// An interactive dismissal of a presentation whose view is not on screen.
  case notOnScreen(String)
  /// A presentation by a controller that the presented controller itself presents (or contains).
  case presentationCycle(String, presenter: String)
  /// `transition(from:to:)` with the same controller on both sides.
  case transitionToItself(String)
  /// `detents` for a presentation that is not a sheet: only a `UISheetPresentationController` has them.
  case detentsWithoutSheet(String, style: ModalPresentationStyle)
  /// `selectDetent` on a controller that no presented sheet holds.
  case notInSheet(String, action: String)
  /// `selectDetent` naming a detent the sheet does not have.
  case unknownDetent(SheetDetent, sheet: String, detents: [SheetDetent])
  /// A user's drag of a sheet that is not on screen, or that presents another controller.
  case sheetNotDraggable(String, reason: String)
  /// A split view's compact column given to another column too, or a column-style call on it.
  case compactColumnTwice(String, splitView: String)
  /// Two iOS 18 tabs of one tab bar controller with the same identifier.
  case duplicateTabIdentifier(String, tabBar: String)
  /// A tab named by `selectTab` that the tab bar controller's iOS 18 tabs do not hold; `known` lists its root tabs.
  case unknownTab(String, tabBar: String, known: [String])
  /// A tab whose view controller provider is needed but that names no controller.
  case tabWithoutViewController(String, tabBar: String)
  /// A controller created by a tab of another tab bar controller, named by a tab again.
  case controllerOfAnotherTabBar(String, tabBar: String)
  /// `managingNavigationController` that is not a navigation controller, or set on a group inside a group.
  case invalidManagingNavigationController(String, group: String, reason: String)

  public var message: String {
    switch self {
    case let .presentingActiveController(controller):
      return "Application tried to present modally an active controller \(controller)."
    case let .presentingChild(controller, parent):
      return
        "Application tried to present modally a view controller \(controller) that has a parent view controller \(parent)."
    case let .pushingSameInstance(controller):
      return "Pushing the same view controller instance more than once is not supported (\(controller))."
    case .pushingNavigationController:
      return "Pushing a navigation controller is not supported."
    case let .notInContainer(controller, kind, action):
      return
        "\(action) needs a \(kind.displayName) controller, but \(controller) is not one and has none among its parents."
    case let .alreadyHasParent(child, parent):
      return "\(child) already has a parent view controller \(parent); call removeFromParent first."
    case let .isPresented(controller, presenter):
      return "\(controller) is presented by \(presenter); dismiss it first."
    case let .isWindowRoot(controller, window):
      return
        "\(controller) is the root view controller of window '\(window)'; a root has no parent and is not presented."
    case let .cycle(child, parent):
      return "Adding \(child) under \(parent) would make \(child) its own ancestor."
    case let .addChildToSystemContainer(container, kind, instead):
      return
        "\(container) is a \(kind.displayName) controller; it manages its children itself, use \(instead) instead of addChild."
    case let .duplicateInList(controller, action):
      if action == "setViewControllers" {
        return "Pushing the same view controller instance more than once is not supported (\(controller))."
      }
      return "\(controller) appears more than once in the list given to \(action)."
    case let .notATab(controller, tabBar):
      return "\(controller) is not one of the tabs of \(tabBar)."
    case let .tabIndexOutOfRange(index, tabBar, count):
      return "Tab index \(index) is out of range: \(tabBar) has \(count) tab\(count == 1 ? "" : "s")."
    case let .tooManyChildren(container, kind, limit, given):
      return
        "A \(kind.displayName) controller shows at most \(limit) view controllers; \(container) was given \(given)."
    case let .rootOfAnotherWindow(controller, window):
      return "\(controller) is already the root view controller of window '\(window)'."
    case let .unknownController(id):
      return "No view controller is named '\(id)'."
    case let .unknownWindow(window, known):
      let names =
        known.isEmpty ? "no window has one yet" : "windows: " + known.map { "'\($0)'" }.joined(separator: ", ")
      return "Window '\(window)' has no root view controller (\(names)); give it one with setRoot first."
    case let .popToMissing(controller, navigation):
      let context =
        navigation.map { "\(controller) is not on the stack of \($0)" }
        ?? "\(controller) is not in a navigation controller"
      return "Tried to pop to a view controller that doesn't exist. (\(context).)"
    case let .notPresented(controller):
      return "\(controller) is not presented; only a presented sheet or popover can be dismissed interactively."
    case let .notTopmostPresentation(controller, presenting):
      return "\(controller) is presenting \(presenting); only the topmost presentation can be dismissed interactively."
    case let .notInteractivelyDismissible(controller, style):
      return
        "\(controller) is presented with style \(style.rawValue); only sheets (automatic, pageSheet, formSheet) and popovers can be dismissed interactively."
    case let .transitionWithoutCommonParent(from, to):
      return
        "Children view controllers \(from) and \(to) must have a common parent view controller when calling -[UIViewController transitionFromViewController:toViewController:duration:options:animations:completion:]"
    case let .transitionToExistingChild(controller, container):
      return "\(controller) is already a child of \(container); a transition step adds the new child itself."
    case let .transitionInSystemContainer(container, kind):
      return
        "\(container) is a \(kind.displayName) controller; it makes its own transitions, transition(from:to:) is for custom containers."
    case let .splitViewWithoutPrimary(container, action):
      let hint = action == "setSplit" ? "give 'primary' in setSplit" : "give \(action) at least one view controller"
      return "\(container) needs a primary column; \(hint)."
    case let .columnTwice(controller, splitView):
      return
        "\(controller) would fill two columns of \(splitView); a controller has one parent, give the other column another controller."
    case let .notOnScreen(controller):
      return "\(controller) is not on screen; the user can only swipe away a sheet or popover in a window."
    case let .presentationCycle(controller, presenter):
      return
        "\(controller) cannot be presented by \(presenter): \(presenter) is presented by \(controller) or inside it."
    case let .transitionToItself(controller):
      return "transition needs two different children; from and to are both \(controller)."
    case let .detentsWithoutSheet(controller, style):
      return
        "\(controller) is presented with style \(style.rawValue), which has no sheetPresentationController; detents apply only to sheets (automatic, pageSheet, formSheet)."
    case let .notInSheet(controller, action):
      return
        "\(controller) is not in a presented sheet; \(action) changes the selectedDetentIdentifier of the sheet (pageSheet, formSheet, automatic) that holds the controller."
    case let .unknownDetent(detent, sheet, detents):
      let list = detents.map(\.identifier).joined(separator: ", ")
      return
        "The sheet of \(sheet) has no detent '\(detent.identifier)'; its detents are [\(list)]. selectedDetentIdentifier must name one of them."
    case let .sheetNotDraggable(controller, reason):
      return "The user cannot drag the sheet of \(controller): \(reason)."
    case let .compactColumnTwice(controller, splitView):
      return
        "\(controller) would be both the compact column and another column of \(splitView); a controller has one parent, give the compact column its own controller."
    case let .duplicateTabIdentifier(identifier, tabBar):
      return
        "Two tabs of \(tabBar) have the identifier '\(identifier)'; each identifier must be unique across all the tabs managed by a UITabBarController."
    case let .unknownTab(name, tabBar, known):
      guard !known.isEmpty else {
        return "\(tabBar) has no iOS 18 tabs (UITab) named '\(name)'; give it tabs with setTabs first."
      }
      return "No tab of \(tabBar) has the identifier '\(name)' (its tabs: \(known.joined(separator: ", ")))."
    case let .tabWithoutViewController(identifier, tabBar):
      return
        "Tab '\(identifier)' of \(tabBar) has no view controller provider: give it a viewController (a group shows its own when one of its tabs is selected, unless it has a managingNavigationController)."
    case let .controllerOfAnotherTabBar(controller, tabBar):
      return "\(controller) was created by a tab of \(tabBar); a controller belongs to one tab."
    case let .invalidManagingNavigationController(controller, group, reason):
      return "The managingNavigationController \(controller) of tab group '\(group)' \(reason)."
    }
  }
}
