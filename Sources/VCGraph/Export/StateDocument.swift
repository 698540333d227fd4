import Foundation

/// The JSON that `vcgraph state --json` prints: the hierarchy after each step.
///
/// Every declared controller is listed, with null relations when it is not attached.
public struct StateDocument: Sendable, Encodable {
  public var steps: [StepState]
  /// For `vcgraph storyboard --format json`: the storyboard's segues and references; nil (and not
  /// written) for anything else.
  public var storyboard: StoryboardSummary?

  public init(frames: some Sequence<Frame>) {
    steps = frames.map(StepState.init(frame:))
  }

  public init(steps: [StepState]) {
    self.steps = steps
  }

  /// The document as pretty-printed JSON with sorted keys, ending in a newline.
  public func jsonString() -> String {
    JSONText.encode(self)
  }

  /// One step: its number, its action and the hierarchy after it.
  public struct StepState: Sendable, Encodable {
    public var number: Int
    public var action: String
    public var windows: [WindowState]
    public var viewControllers: [ViewControllerState]

    public init(frame: Frame) {
      self.init(number: frame.step.number, action: frame.step.action.summary, hierarchy: frame.hierarchy)
    }

    /// A step that led to `hierarchy`; an imported dump is one step whose action says where it came from.
    public init(number: Int, action: String, hierarchy: Hierarchy) {
      self.number = number
      self.action = action
      windows = hierarchy.windows.map {
        WindowState(
          id: $0.id, isKey: $0.isKey, rootViewController: $0.rootViewController,
          horizontalSizeClass: $0.horizontalSizeClass)
      }
      let derived = hierarchy.derivedRelations()
      viewControllers = hierarchy.viewControllers.map { ViewControllerState($0, in: hierarchy, derived: derived) }
    }
  }

  public struct WindowState: Sendable, Encodable {
    public var id: String
    public var isKey: Bool
    public var rootViewController: String?
    public var horizontalSizeClass: SizeClass

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(isKey, forKey: .isKey)
      try container.encode(rootViewController, forKey: .rootViewController)
      try container.encode(horizontalSizeClass, forKey: .horizontalSizeClass)
    }

    enum CodingKeys: String, CodingKey { case id, isKey, rootViewController, horizontalSizeClass }
  }

  /// A controller as UIKit's properties describe it.
  public struct ViewControllerState: Sendable, Encodable {
    public var id: String
    public var className: String
    public var kind: ViewControllerKind
    /// For a hosting controller, the SwiftUI view it shows (`LibraryView`); the key is left out for
    /// other kinds.
    public var swiftUIView: String?
    public var title: String?
    public var restorationIdentifier: String?
    /// Which instance of the declared controller this is, from 1 (a deallocated controller named again is a new one).
    public var instance: Int
    public var parent: String?
    public var children: [String]
    public var selectedViewController: String?
    /// For a split view, `isCollapsed`; null for other controllers, and for a split view whose input
    /// does not say (a dump that shows neither one column nor several on screen).
    public var isCollapsed: Bool?
    /// UIKit's `presentingViewController` (also set on the children of a presented controller).
    public var presentingViewController: String?
    /// UIKit's `presentedViewController` (also set on the children of a presenting controller).
    public var presentedViewController: String?
    /// The style of the presentation, when the controller is presented.
    public var modalPresentationStyle: ModalPresentationStyle?
    public var state: AppearanceState
    public var isViewLoaded: Bool
    /// True when the view is in a window (`view.window != nil`); a dump says `not in the window` otherwise.
    public var isViewInWindow: Bool
    public var window: String?
    /// The instance's address, when it was imported from a dump that printed one (and pointers were kept).
    public var address: String?
    /// The class of the presentation controller a dump printed after `presented with:`.
    public var presentationController: String?
    /// The line of the dump that listed the controller, for a hierarchy imported from one.
    public var dumpLine: Int?
    /// The class of the view a dump printed (`UITableView`), for a hierarchy imported from one.
    public var viewClass: String?

    public init(_ controller: ViewController, in hierarchy: Hierarchy) {
      self.init(controller, in: hierarchy, derived: nil)
    }

    /// The controller's state, with what it derives from the relations above it found beforehand
    /// for every controller (or, when `derived` is nil, walked up to now).
    init(_ controller: ViewController, in hierarchy: Hierarchy, derived: DerivedRelations?) {
      id = controller.id
      className = controller.className
      kind = controller.kind
      swiftUIView = controller.swiftUIRootView
      title = controller.title
      restorationIdentifier = controller.restorationIdentifier
      instance = controller.instance
      parent = controller.parent
      children = controller.children
      selectedViewController = controller.kind == .tabBar ? controller.selectedChild : nil
      isCollapsed = controller.kind == .splitView ? controller.isCollapsed : nil
      presentingViewController =
        derived.map { $0.presenting[controller.id] } ?? hierarchy.presentingViewController(of: controller.id)
      presentedViewController =
        derived.map { $0.presented[controller.id] } ?? hierarchy.presentedViewController(of: controller.id)
      modalPresentationStyle = controller.presenter.flatMap { hierarchy[$0]?.presentation?.style }
      state = controller.appearance
      isViewLoaded = controller.isViewLoaded
      window = derived.map { $0.window[controller.id] } ?? hierarchy.window(of: controller.id)?.id
      isViewInWindow = hierarchy.isViewInWindow(controller.id, window: window)
      address = controller.dumpRecord?.address
      presentationController = controller.dumpRecord?.presentationController?.className
      dumpLine = controller.dumpRecord?.line
      viewClass = controller.dumpRecord?.view?.className
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(className, forKey: .className)
      try container.encode(kind, forKey: .kind)
      try container.encodeIfPresent(swiftUIView, forKey: .swiftUIView)
      try container.encode(title, forKey: .title)
      try container.encode(restorationIdentifier, forKey: .restorationIdentifier)
      try container.encode(instance, forKey: .instance)
      try container.encode(parent, forKey: .parent)
      try container.encode(children, forKey: .children)
      try container.encode(selectedViewController, forKey: .selectedViewController)
      try container.encode(isCollapsed, forKey: .isCollapsed)
      try container.encode(presentingViewController, forKey: .presentingViewController)
      try container.encode(presentedViewController, forKey: .presentedViewController)
      try container.encode(modalPresentationStyle, forKey: .modalPresentationStyle)
      try container.encode(state, forKey: .state)
      try container.encode(isViewLoaded, forKey: .isViewLoaded)
      try container.encode(isViewInWindow, forKey: .isViewInWindow)
      try container.encode(window, forKey: .window)
      try container.encode(address, forKey: .address)
      try container.encode(presentationController, forKey: .presentationController)
      try container.encode(dumpLine, forKey: .dumpLine)
      try container.encode(viewClass, forKey: .viewClass)
    }

    enum CodingKeys: String, CodingKey {
      case id, kind, swiftUIView, title, restorationIdentifier, instance, parent, children, selectedViewController,
        isCollapsed
      case presentingViewController
      case presentedViewController, modalPresentationStyle, state, isViewLoaded, isViewInWindow, window
      case address, presentationController, dumpLine, viewClass
      case className = "class"
    }
  }
}
