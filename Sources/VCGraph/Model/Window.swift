/// A `UIWindow`, named by the scenario (`main` unless a step says otherwise).
public struct Window: Sendable, Hashable, Identifiable {
  public var id: String
  /// True for the key window; the first window to get a root view controller is key.
  public var isKey: Bool
  /// The window's `rootViewController`.
  public var rootViewController: String?
  /// The window's horizontal size class (`traitCollection.horizontalSizeClass`); regular until a
  /// `setTraits` step changes it.
  public var horizontalSizeClass: SizeClass

  public init(
    id: String, isKey: Bool = false, rootViewController: String? = nil, horizontalSizeClass: SizeClass = .regular
  ) {
    self.id = id
    self.isKey = isKey
    self.rootViewController = rootViewController
    self.horizontalSizeClass = horizontalSizeClass
  }
}
