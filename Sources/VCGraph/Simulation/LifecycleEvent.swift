/// One callback UIKit makes on a view controller (or on its presentation controller's delegate)
/// while a step is replayed.
public struct LifecycleEvent: Sendable, Hashable, CustomStringConvertible {
  /// The controller the callback is made on; for the presentation-controller delegate callbacks,
  /// the presented controller whose presentation controller calls them.
  public var viewController: String
  public var callback: Callback

  public init(_ viewController: String, _ callback: Callback) {
    self.viewController = viewController
    self.callback = callback
  }

  /// The callbacks vcgraph simulates.
  public enum Callback: Sendable, Hashable {
    case viewDidLoad
    case viewWillAppear(animated: Bool)
    /// `viewIsAppearing(_:)` (iOS 17 SDK, back-deployed to iOS 13): once per appearance, after the
    /// view is in the hierarchy and has its traits and geometry, before the transition animates.
    /// Apple: https://developer.apple.com/documentation/uikit/uiviewcontroller/viewisappearing(_:)
    case viewIsAppearing(animated: Bool)
    case viewDidAppear(animated: Bool)
    case viewWillDisappear(animated: Bool)
    case viewDidDisappear(animated: Bool)
    /// `willMove(toParent:)`; nil when the controller is leaving its parent.
    case willMove(toParent: String?)
    /// `didMove(toParent:)`; nil when the controller has left its parent.
    case didMove(toParent: String?)
    case presentationControllerShouldDismiss
    case presentationControllerWillDismiss
    case presentationControllerDidDismiss
    case presentationControllerDidAttemptToDismiss
    /// `sheetPresentationControllerDidChangeSelectedDetentIdentifier(_:)`: the user dragged a sheet
    /// to another detent. UIKit does not call it when the app sets `selectedDetentIdentifier`.
    case sheetPresentationControllerDidChangeSelectedDetentIdentifier
    case `deinit`
  }

  /// The callback's name as the events JSON writes it: `viewWillAppear`, `willMove(toParent:)`, `deinit`.
  public var name: String {
    switch callback {
    case .viewDidLoad: return "viewDidLoad"
    case .viewWillAppear: return "viewWillAppear"
    case .viewIsAppearing: return "viewIsAppearing"
    case .viewDidAppear: return "viewDidAppear"
    case .viewWillDisappear: return "viewWillDisappear"
    case .viewDidDisappear: return "viewDidDisappear"
    case .willMove: return "willMove(toParent:)"
    case .didMove: return "didMove(toParent:)"
    case .presentationControllerShouldDismiss: return "presentationControllerShouldDismiss"
    case .presentationControllerWillDismiss: return "presentationControllerWillDismiss"
    case .presentationControllerDidDismiss: return "presentationControllerDidDismiss"
    case .presentationControllerDidAttemptToDismiss: return "presentationControllerDidAttemptToDismiss"
    case .sheetPresentationControllerDidChangeSelectedDetentIdentifier:
      return "sheetPresentationControllerDidChangeSelectedDetentIdentifier"
    case .deinit: return "deinit"
    }
  }

  /// The parent a `willMove(toParent:)` or `didMove(toParent:)` names (nil for the others, and when leaving).
  public var parent: String? {
    switch callback {
    case let .willMove(parent), let .didMove(parent): return parent
    default: return nil
    }
  }

  /// The `animated` argument of an appearance callback (`viewWillAppear`, `viewIsAppearing`,
  /// `viewDidAppear`, `viewWillDisappear`, `viewDidDisappear`); nil for the others.
  public var animated: Bool? {
    switch callback {
    case let .viewWillAppear(animated), let .viewIsAppearing(animated), let .viewDidAppear(animated),
      let .viewWillDisappear(animated), let .viewDidDisappear(animated):
      return animated
    default: return nil
    }
  }

  /// True for `willMove(toParent:)` and `didMove(toParent:)`, the events that carry a parent.
  public var isParentChange: Bool {
    switch callback {
    case .willMove, .didMove: return true
    default: return false
    }
  }

  /// The call as Swift code writes it: `viewWillAppear(animated: true)`, `willMove(toParent: nav)`.
  public var call: String {
    switch callback {
    case .viewDidLoad: return "viewDidLoad()"
    case let .viewWillAppear(animated), let .viewIsAppearing(animated), let .viewDidAppear(animated),
      let .viewWillDisappear(animated), let .viewDidDisappear(animated):
      return "\(name)(animated: \(animated))"
    case let .willMove(parent): return "willMove(toParent: \(parent ?? "nil"))"
    case let .didMove(parent): return "didMove(toParent: \(parent ?? "nil"))"
    case .presentationControllerShouldDismiss, .presentationControllerWillDismiss,
      .presentationControllerDidDismiss, .presentationControllerDidAttemptToDismiss,
      .sheetPresentationControllerDidChangeSelectedDetentIdentifier:
      return "\(name)(_:)"
    case .deinit: return "deinit"
    }
  }

  /// `home viewWillDisappear(animated: true)`.
  public var description: String { "\(viewController) \(call)" }
}
