/// One step of a scenario: a UIKit call and where the scenario wrote it.
public struct Step: Sendable, Hashable {
  /// The step's number, from 1.
  public var number: Int
  public var action: Action
  /// Text shown with the step's diagram.
  public var caption: String?
  /// Where the step starts in the scenario file (its action key).
  public var location: SourceLocation

  public init(number: Int, action: Action, caption: String? = nil, location: SourceLocation) {
    self.number = number
    self.action = action
    self.caption = caption
    self.location = location
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
