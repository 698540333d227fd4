import Foundation
import Testing

/// The slow tier: scale and fuzz cases too costly for the README's `swift test`, run when
/// `VCGRAPH_TEST_SLOW=1` (`.ci/run` runs them after the README's command).
///
/// A slow case checks again, at a larger size or longer, a property a cheaper test of the default
/// run already checks; it never holds the only check of anything.
public enum SlowTests {
  /// True when `VCGRAPH_TEST_SLOW=1` asks for the slow tier.
  public static let isEnabled = ProcessInfo.processInfo.environment["VCGRAPH_TEST_SLOW"] == "1"

  /// Why a slow case is skipped, shown in the test log.
  public static let skipReason: Comment =
    "a slow case: run it with VCGRAPH_TEST_SLOW=1 swift test (.ci/run does, after the default run)"
}

extension Trait where Self == ConditionTrait {
  /// Runs the test only in the slow tier (`VCGRAPH_TEST_SLOW=1`), saying so when it is skipped.
  public static var slow: Self { .enabled(if: SlowTests.isEnabled, SlowTests.skipReason) }
}
