import Foundation

/// A storyboard as a ``Hierarchy``: its scenes as controllers, its relationship and embed segues as
/// containment, its other segues as ``Hierarchy/segues``, and its initial view controller as the root
/// of a window, with what UIKit shows at launch on screen.
///
/// - Controller ids are the storyboard identifier, else the custom class without its module, else
///   the element's UIKit class (`UINavigationController`), then `-2`, `-3`, … for the later ones of
///   the same name. A storyboard reference is `Settings.storyboard` (`Settings.storyboard#Profile`
///   with a referenced identifier); a scene followed into another storyboard has that storyboard's
///   name in front (`Settings/SettingsViewController`); a segue to an object no scene has leads to
///   a `missing scene` controller, `missing OBJECT-ID`.
/// - Containment: a navigation controller's `rootViewController` is its stack's bottom; a tab bar's
///   `viewControllers` are its tabs in order, the first selected; a split view's
///   `masterViewController`, `supplementaryViewController` and `detailViewController` are its
///   columns; an `embed` segue makes the destination a child of the controller whose container view
///   holds it, which becomes a custom container. A scene several containers take (container
///   views, tab bars, navigation controllers, split views, in any mix of embed and relationship
///   segues) is one controller per taker, as UIKit instantiates it for each: the scene itself goes
///   to the first taker met from the initial view controller (then in document order), the later
///   ones are `SCENE-ID (embed 2)` for an embed, `SCENE-ID (instance 2)` for a relationship, `3`, …,
///   with the scene's segues and their own instances of what the scene contains (at most
///   ``maximumEmbeddedInstances`` in all; past that, a later taker's segue is drawn as a segue,
///   with a warning). Other relationships (`nextPage`) are segues of kind
///   ``Segue/Kind/relationship(_:)``.
/// - Size class: the window has the horizontal size class of the storyboard's device
///   (``StoryboardDevice/horizontalSizeClass``; regular when the device does not say). On a compact
///   canvas (an iPhone) every split view is collapsed, as UIKit collapses one that enters a compact
///   window: with a navigation controller as primary, the other columns go onto its stack. On a
///   regular one (an iPad) split views are expanded; when the device does not say, they are neither
///   (``ViewController/isCollapsed`` nil, labelled neither collapsed nor expanded).
/// - Launch: the initial controller is loaded and appeared, and so is every child its containers
///   show (a stack's top, the first tab, an expanded split view's columns or a collapsed one's
///   primary, embedded children), through storyboard references that are followed. Every other
///   scene is `disappeared` with its view not loaded: nothing instantiates it until a segue or the
///   app's code does.
/// - References: a storyboard reference whose storyboard is among `others` is followed: the scene
///   it names (the initial view controller when it names none) is added, with every scene reachable
///   from it, and a segue of kind ``Segue/Kind/reference`` leads from the reference to it.
public struct StoryboardHierarchy: Sendable {
  public let storyboard: Storyboard
  public let hierarchy: Hierarchy
  /// Problems found while building: segues to missing scenes, relationships vcgraph cannot draw as
  /// containment. The storyboard's own reading warnings are in ``Storyboard/warnings``.
  public let warnings: [StoryboardWarning]
  /// Where each controller comes from, by controller id: its storyboard's name and object id.
  public let origins: [String: Origin]

  /// Where a controller of the hierarchy was declared.
  public struct Origin: Sendable, Hashable {
    /// The storyboard's name (`Main`).
    public var storyboard: String
    /// Interface Builder's object id of the scene's controller, or of the missing object.
    public var objectID: String
  }

  /// Builds the hierarchy of `storyboard`, whose initial view controller is the root of window
  /// `windowID`; storyboard references to storyboards among `others` are followed.
  public init(_ storyboard: Storyboard, windowID: String = "main", others: [Storyboard] = []) {
    var builder = StoryboardHierarchyBuilder(storyboard: storyboard, others: others)
    let result = builder.build(windowID: windowID)
    self.storyboard = storyboard
    hierarchy = result.hierarchy
    warnings = builder.warnings
    origins = result.origins
    missingScenes = result.missing
    instances = result.instances
  }

  /// The most instances of scenes drawn besides the scenes themselves, for scenes several
  /// containers take: scenes that embed a scene twice, within each other, double them at each level.
  public static let maximumEmbeddedInstances = 2_000

  /// The ids of the `missing scene` controllers drawn where a segue or reference leads to no scene.
  public let missingScenes: [String]

  /// The ids of the controllers that are another instance of a scene several containers take
  /// (`Sparkline (embed 2)`, `Orders (instance 2)`), and of what those contain.
  public let instances: Set<String>

  /// The number of controllers drawn for scenes (references and instances included), without the
  /// missing ones. ``counts`` counts the file's scenes.
  public var sceneCount: Int { hierarchy.order.count - missingScenes.count }
}
