/// What one UIKit call did besides changing relations: the order UIKit makes the appearance
/// callbacks in, the callbacks only this call makes, and what it logged.
struct Change {
  /// The transition still animating from the previous step, when this step is made during it.
  var running: AppearanceTransition?
  var order: AppearanceOrder = .navigation
  /// The `animated` flag UIKit passes whatever the step says, for the calls it never animates
  /// (setting `rootViewController`, selecting a tab, a size-class change); nil passes the call's own.
  var isAnimated: Bool?
  /// Views the call loads even when they do not appear (`container.view.addSubview(child.view)`).
  var loads: [String] = []
  /// Callbacks before the others (the presentation-controller delegate's `…ShouldDismiss`, `…WillDismiss`).
  var leading: [LifecycleEvent] = []
  /// Callbacks after the appearance callbacks and before deallocation (`…DidDismiss`).
  var trailing: [LifecycleEvent] = []
  var misuses: [LoggedMisuse] = []
  /// True when UIKit refused the call (or the user could not complete the gesture): nothing changes.
  var isRefused = false

  init(running: AppearanceTransition?) {
    self.running = running
  }

  /// Records a misuse UIKit logs; a refused call changes nothing.
  mutating func log(_ misuse: LoggedMisuse) {
    misuses.append(misuse)
    if misuse.isRefused { isRefused = true }
  }
}

/// The order UIKit makes the appearance callbacks of one transition in (seed 003 and the reference).
enum AppearanceOrder {
  /// `present` and `dismiss`, and replacing a window's root: the disappearing controllers' will, the
  /// appearing controllers' will and did, then the disappearing controllers' did.
  case presentation
  /// Pushes, pops, containment and column changes: will-disappear, will-appear, did-disappear, did-appear.
  case navigation
  /// Switching tabs: will-appear, will-disappear, did-disappear, did-appear.
  case tabSwitch
}

/// The controllers whose appearance a step changed while its animation runs; a step made during it
/// (`duringPreviousAnimation: true`) that changes one of them again is unbalanced.
public struct AppearanceTransition: Sendable, Hashable {
  /// Controllers appearing or disappearing.
  public var controllers: Set<String>
  /// True when the transition is a presentation or dismissal.
  public var isPresentation: Bool

  public init(controllers: Set<String>, isPresentation: Bool) {
    self.controllers = controllers
    self.isPresentation = isPresentation
  }
}

/// What replaying one step did: the callbacks UIKit makes, in order, and what it logged.
public struct StepOutcome: Sendable, Hashable {
  public var events: [LifecycleEvent]
  /// Warnings for the step: misuses UIKit logs, calls it ignores.
  public var warnings: [String]
  /// The appearance transition the step started, when it was animated and changed any appearance.
  public var transition: AppearanceTransition?
}
