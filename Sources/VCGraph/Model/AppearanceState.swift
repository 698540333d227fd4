/// A view controller's appearance state, with the names `_printHierarchy` prints.
public enum AppearanceState: String, Sendable, CaseIterable, Codable {
  case disappeared
  case appearing
  case appeared
  case disappearing

  /// True while the controller's view is on screen or about to be.
  public var isOnScreen: Bool { self == .appeared || self == .appearing }
}
