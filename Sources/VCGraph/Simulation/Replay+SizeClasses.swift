import Foundation

/// A scenario replayed once per horizontal size class, side by side: what `vcgraph render
/// --size-classes compact,regular` draws.
///
/// Each side replays every step with every window in its size class from the start: a split view
/// collapses as soon as it enters a compact window, a presentation shows as that width shows it.
/// The side fixes the width, so a `setTraits` step changes nothing on a side
/// (``Scenario/fixedHorizontalSizeClass``); the picture says so on that step.
extension Replay {
  /// One side: the scenario replayed with every window in one horizontal size class.
  public struct Side: Sendable {
    public var sizeClass: SizeClass
    public var replay: Replay

    public init(sizeClass: SizeClass, replay: Replay) {
      self.sizeClass = sizeClass
      self.replay = replay
    }

    /// The side's heading: `iPhone · compact`, `iPad · regular`.
    public var heading: String { sizeClass.sideHeading }
  }

  /// The scenario replayed once per size class, in the order given.
  ///
  /// - Throws: ``SideError`` for the first side on which a step breaks one of UIKit's rules.
  public static func sides(of scenario: Scenario, sizeClasses: [SizeClass]) throws(SideError) -> [Side] {
    var sides: [Side] = []
    for sizeClass in sizeClasses {
      var fixed = scenario
      fixed.fixedHorizontalSizeClass = sizeClass
      do {
        sides.append(Side(sizeClass: sizeClass, replay: try Replay(fixed)))
      } catch {
        throw SideError(error: error, sizeClass: sizeClass)
      }
    }
    return sides
  }

  /// A step that breaks one of UIKit's rules on one side only: the scenario's error, and the side.
  public struct SideError: Error, Sendable, Hashable, CustomStringConvertible {
    public var error: ScenarioError
    public var sizeClass: SizeClass

    /// `flow.yaml:14:5: error: step 4 (…): … (replayed in compact width, --size-classes)`.
    public var description: String {
      "\(error.description) (replayed in \(sizeClass.rawValue) width, --size-classes)"
    }
  }
}

extension Replay.Side {
  /// What this side's picture notes about `step`: a `setTraits` step changes nothing on a side,
  /// whose width is fixed.
  public func notes(on step: Step) -> [String] {
    guard case .setTraits(let asked, let window) = step.action else { return [] }
    return [
      "setTraits \(asked.rawValue) (window \(window)) is not applied here: "
        + "every window on this side stays \(sizeClass.rawValue)"
    ]
  }
}

extension SizeClass {
  /// The heading of a side drawn in this size class: the device a reader pictures in it, then the
  /// class (`iPhone · compact`, `iPad · regular`). An iPad in slide-over or a narrow split screen is
  /// compact too; an iPhone Plus or Max in landscape is regular.
  public var sideHeading: String {
    switch self {
    case .compact: return "iPhone · compact"
    case .regular: return "iPad · regular"
    }
  }

  /// The size classes of a comma-separated list (`compact,regular`), in the order given: each of
  /// `compact` and `regular` at most once, at least one.
  ///
  /// - Throws: ``ListError`` naming what is wrong.
  public static func list(_ text: String) throws(ListError) -> [SizeClass] {
    var classes: [SizeClass] = []
    for word in text.split(separator: ",", omittingEmptySubsequences: false) {
      let word = word.trimmingCharacters(in: .whitespaces)
      guard !word.isEmpty else { throw .empty(text) }
      guard let sizeClass = SizeClass(rawValue: word.lowercased()) else { throw .unknown(word) }
      guard !classes.contains(sizeClass) else { throw .repeated(sizeClass) }
      classes.append(sizeClass)
    }
    return classes
  }

  /// What is wrong with a list of size classes.
  public enum ListError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A word that is not a size class.
    case unknown(String)
    /// A class named twice.
    case repeated(SizeClass)
    /// An empty list, or an empty item in it (`compact,`).
    case empty(String)

    public var description: String {
      switch self {
      case .unknown(let word):
        return "'\(word)' is not a horizontal size class; use compact, regular, or both (compact,regular)."
      case .repeated(let sizeClass):
        return "\(sizeClass.rawValue) is named twice; name each size class once (compact,regular)."
      case .empty(let text):
        return "'\(text)' has an empty item; name compact, regular, or both separated by a comma (compact,regular)."
      }
    }
  }
}
