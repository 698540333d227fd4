/// A replayable story: the controllers it names and the UIKit calls made on them, one per step.
public struct Scenario: Sendable, Hashable {
  /// The window a step means when it names none.
  public static let defaultWindow = "main"
  /// The iOS SDK a scenario is built with when it names none (`sdk:`): today's.
  public static let currentSDK = 26
  /// The first iOS SDK whose UIKit calls `viewIsAppearing(_:)` (Xcode 15; the call is back-deployed
  /// to iOS 13, so what matters is the SDK the app is built with, not the system it runs on).
  public static let firstSDKWithViewIsAppearing = 17
  /// The most steps a scenario file may hold (a step number beyond it names no step).
  public static var maximumSteps: Int { ScenarioReader.maximumSteps }

  /// The path the scenario was read from, as given (used in messages and `index.json`).
  public var path: String
  public var title: String?
  /// The declared controllers, in declaration order, unattached.
  public var viewControllers: [ViewController]
  public var steps: [Step]
  /// Where each controller was declared, for messages.
  public var declarations: [String: SourceLocation]
  /// The major version of the iOS SDK the app is built with (`sdk: 16`); it decides which callbacks
  /// UIKit makes.
  public var sdk: Int
  /// The horizontal size class every window has for the whole replay, whatever a `setTraits` step
  /// says; nil (as a scenario file gives it) for windows that start `regular` and change with
  /// `setTraits`. `vcgraph render --size-classes` replays a scenario once per class with it set
  /// (``Replay/sides(of:sizeClasses:)``).
  public var fixedHorizontalSizeClass: SizeClass?

  public init(
    path: String,
    title: String? = nil,
    viewControllers: [ViewController],
    steps: [Step],
    declarations: [String: SourceLocation] = [:],
    sdk: Int = Scenario.currentSDK
  ) {
    self.path = path
    self.title = title
    self.viewControllers = viewControllers
    self.steps = steps
    self.declarations = declarations
    self.sdk = sdk
  }

  /// True when UIKit calls `viewIsAppearing(_:)`: the app is built with the iOS 17 SDK or later.
  public var callsViewIsAppearing: Bool { sdk >= Self.firstSDKWithViewIsAppearing }

  /// The file name without directory and extension, made safe (``SafeFileName``): the name of the
  /// scenario's output folder, which never leaves the folder it is made in (`...yaml` gives
  /// `scenario`, not `..`).
  public var stem: String {
    var name = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    if let dot = name.lastIndex(of: "."), dot != name.startIndex {
      name = String(name[..<dot])
    }
    return SafeFileName.make(name, fallback: "scenario")
  }
}
