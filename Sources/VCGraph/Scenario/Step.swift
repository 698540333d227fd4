/// One step of a scenario: a UIKit call and where the scenario wrote it.
public struct Step: Sendable, Hashable {
  /// The step's number, from 1.
  public var number: Int
  public var action: Action
  /// Text shown with the step's diagram.
  public var caption: String?
  /// Where the step starts in the scenario file (its action key).
  public var location: SourceLocation
  /// The call's `animated` argument (`animated:` in the scenario, true unless it says false).
  public var isAnimated: Bool
  /// True when the call is made while the previous step's animation still runs
  /// (`duringPreviousAnimation: true`), as when two pushes follow each other in one run-loop turn.
  public var isDuringPreviousAnimation: Bool
  /// True when the step demonstrates a mistake on purpose (`expect: warning`): `vcgraph check`
  /// then requires a warning instead of failing on it.
  public var expectsWarning: Bool

  public init(
    number: Int, action: Action, caption: String? = nil, location: SourceLocation, isAnimated: Bool = true,
    isDuringPreviousAnimation: Bool = false, expectsWarning: Bool = false
  ) {
    self.number = number
    self.action = action
    self.caption = caption
    self.location = location
    self.isAnimated = isAnimated
    self.isDuringPreviousAnimation = isDuringPreviousAnimation
    self.expectsWarning = expectsWarning
  }

  /// The slug used in file names: `present-login-from-home`.
  public var slug: String {
    var slug = ""
    for scalar in action.summary.lowercased().unicodeScalars {
      if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
        slug.unicodeScalars.append(scalar)
      } else if !slug.isEmpty, !slug.hasSuffix("-") {
        slug += "-"
      }
    }
    while slug.hasSuffix("-") { slug.removeLast() }
    if slug.count > 60 {
      slug = String(slug.prefix(60))
      while slug.hasSuffix("-") { slug.removeLast() }
    }
    return slug.isEmpty ? action.name.lowercased() : slug
  }
}
