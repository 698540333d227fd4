/// Why a scenario could not be read or replayed, and where.
///
/// Its description is what the CLI prints:
/// `flow.yaml:14:5: error: step 4 (present login from home): Attempt to present …`.
public struct ScenarioError: Error, Sendable, Hashable, CustomStringConvertible {
  public var location: SourceLocation
  /// The step the error belongs to, when it belongs to one.
  public var step: StepReference?
  public var problem: Problem

  public init(_ problem: Problem, at location: SourceLocation, step: StepReference? = nil) {
    self.problem = problem
    self.location = location
    self.step = step
  }

  public var description: String {
    "\(location): error: " + (step.map { "\($0): " } ?? "") + problem.message
  }

  /// What is wrong.
  public enum Problem: Sendable, Hashable {
    /// The file could not be read.
    case unreadable(String)
    /// The YAML itself is malformed.
    case syntax(String)
    /// A `.json` scenario is not well-formed JSON.
    case jsonSyntax(String)
    /// A mapping holds a key the format does not know.
    case unknownKey(String, context: String, allowed: [String])
    case missingKey(String, context: String)
    case duplicateKey(String)
    /// A value has the wrong YAML type.
    case wrongType(context: String, expected: String)
    /// A value is not one of the accepted words.
    case invalidValue(String, context: String, allowed: [String])
    /// A controller id not declared under `controllers:`, with the declared id it is nearest to
    /// when one is near enough to be a misspelling.
    case unknownController(String, nearest: String? = nil)
    /// `selectTab` names neither a controller nor a tab identifier given by an earlier `setTabs`.
    case unknownTabOrController(String, tabs: [String])
    case duplicateController(String)
    case invalidControllerID(String)
    case noAction(allowed: [String])
    case severalActions([String])
    case noSteps
    /// A `detents:` list UIKit would not take, in words saying why.
    case invalidDetents(String)
    /// The scenario declares more controllers or steps than vcgraph reads.
    case tooMany(String, limit: Int, given: Int)
    case unsupportedVersion(String)
    /// The step breaks one of UIKit's rules.
    case rule(RuleViolation)

    public var message: String {
      switch self {
      case let .unreadable(reason): return "cannot read the scenario: \(reason)"
      case let .syntax(reason): return "invalid YAML: \(reason)"
      case let .jsonSyntax(reason): return "invalid JSON: \(reason)"
      case let .unknownKey(key, context, allowed):
        if let nearest = Self.nearest(to: key, in: allowed) {
          return "unknown key '\(key)' in \(context); did you mean '\(nearest)'?"
        }
        return "unknown key '\(key)' in \(context); expected one of: \(allowed.joined(separator: ", "))"
      case let .missingKey(key, context): return "\(context) needs '\(key):'"
      case let .duplicateKey(key): return "the key '\(key)' appears more than once"
      case let .wrongType(context, expected): return "\(context) must be \(expected)"
      case let .invalidValue(value, context, allowed):
        if let nearest = Self.nearest(to: value, in: allowed) {
          return "'\(value)' is not a valid \(context); did you mean '\(nearest)'?"
        }
        return "'\(value)' is not a valid \(context); expected one of: \(allowed.joined(separator: ", "))"
      case let .unknownController(id, nearest):
        if let nearest { return "unknown controller '\(id)'; did you mean '\(nearest)'?" }
        return "unknown controller '\(id)'; declare it under 'controllers:'"
      case let .unknownTabOrController(name, tabs):
        if let nearest = Self.nearest(to: name, in: tabs) {
          return
            "'\(name)' is neither a controller nor a tab identifier given by an earlier setTabs; did you mean '\(nearest)'?"
        }
        let shown = tabs.prefix(12).joined(separator: ", ") + (tabs.count > 12 ? ", … \(tabs.count - 12) more" : "")
        return "'\(name)' is neither a controller nor a tab identifier given by an earlier setTabs (tabs: \(shown))"
      case let .duplicateController(id): return "the controller '\(id)' is declared twice"
      case let .invalidControllerID(id): return "'\(id)' is not a valid controller id; use a non-empty name"
      case let .noAction(allowed):
        return "a step needs one action key: \(allowed.joined(separator: ", "))"
      case let .severalActions(keys):
        return "a step makes one UIKit call, but this one names \(keys.joined(separator: " and "))"
      case let .tooMany(what, limit, given):
        return "the scenario has \(given) \(what); vcgraph reads at most \(limit)"
      case .noSteps: return "the scenario has no steps; 'steps:' needs at least one"
      case let .invalidDetents(reason): return reason
      case let .unsupportedVersion(version):
        return "unsupported scenario version '\(version)'; this vcgraph reads version 1"
      case let .rule(violation): return violation.message
      }
    }

    /// The word of `words` closest to a misspelt `word`, ignoring case: one whose edit distance is
    /// at most a third of the word's length (at least 1), and nearer than any other; nil otherwise.
    static func nearest(to word: String, in words: [String]) -> String? {
      let typed = Array(word.lowercased())
      guard !typed.isEmpty, typed.count <= 64 else { return nil }
      let limit = max(1, typed.count / 3)
      let ranked = words.map { ($0, editDistance(typed, Array($0.lowercased()))) }.filter { $0.1 <= limit }
      guard let best = ranked.min(by: { $0.1 < $1.1 }), ranked.filter({ $0.1 == best.1 }).count == 1 else {
        return nil
      }
      return best.0
    }

    /// The Levenshtein distance: insertions, deletions and substitutions, one each.
    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
      var previous = Array(0...b.count)
      for (i, x) in a.enumerated() {
        var current = [i + 1] + Array(repeating: 0, count: b.count)
        for (j, y) in b.enumerated() {
          current[j + 1] = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
        }
        previous = current
      }
      return previous[b.count]
    }
  }
}

/// A step as messages name it: `step 4 (present login from home)`.
public struct StepReference: Sendable, Hashable, CustomStringConvertible {
  public var number: Int
  public var summary: String

  public init(number: Int, summary: String) {
    self.number = number
    self.summary = summary
  }

  public init(_ step: Step) {
    self.init(number: step.number, summary: step.action.summary)
  }

  public var description: String { summary.isEmpty ? "step \(number)" : "step \(number) (\(summary))" }
}

/// Something UIKit would let pass but log or ignore, reported for one step.
public struct ReplayWarning: Sendable, Hashable, CustomStringConvertible {
  public var location: SourceLocation
  public var step: StepReference
  public var message: String

  public init(_ message: String, step: Step) {
    self.message = message
    self.step = StepReference(step)
    self.location = step.location
  }

  public var description: String { "\(location): warning: \(step): \(message)" }
}
