/// UIKit's `UIUserInterfaceSizeClass` for the horizontal axis of a window.
public enum SizeClass: String, Sendable, CaseIterable, Codable {
  /// iPhone portrait, iPad slide-over: a split view collapses to one navigation stack.
  case compact
  /// iPad full screen: a split view shows its columns side by side.
  case regular
}
