extension StoryboardHierarchy {
  /// What a storyboard's diagram says in its header: the file's scenes and segues, counted as the
  /// file has them, and, where the drawing differs (a scene drawn once per container that takes
  /// it, scenes left out), both.
  public struct Counts: Sendable, Hashable {
    /// The storyboard's scenes as the file has them: every scene with a controller (references
    /// included), and every scene left out.
    public var scenesInFile: Int
    /// The file's scenes that hold no controller vcgraph reads, and what they hold.
    public var leftOutScenes: Int
    public var leftOutReason: String?
    /// The boxes drawn for the file's scenes: one per scene drawn, and one per extra instance.
    public var drawnScenes: Int
    /// The scenes of other storyboards drawn (references followed), by storyboard, in order.
    public var followed: [Followed]
    /// The `missing scene` boxes.
    public var missingScenes: Int
    /// The segues of the scenes drawn as the files have them (each once), and the segue edges
    /// drawn (one per instance of the scene a segue starts from); relationships vcgraph draws as
    /// segues count as segues.
    public var segues: Int
    public var drawnSegues: Int
    /// True when an unwind segue is among them.
    public var hasUnwind: Bool
    /// The storyboard references drawn into the scene they name.
    public var referencesFollowed: Int
    /// True when the initial view controller is the root of a window.
    public var hasWindow: Bool
    /// True when the initial view controller is a scene left out.
    public var isInitialLeftOut: Bool
    /// The controllers on screen at launch (references, which stand for a scene, not counted).
    public var onScreenAtLaunch: Int

    /// Scenes of another storyboard, followed from a reference.
    public struct Followed: Sendable, Hashable {
      public var storyboard: String
      public var drawnScenes: Int
    }

    /// `12 scenes + 5 from Settings.storyboard` (`+ 40 from 9 other storyboards` past two),
    /// `3 scenes, drawn as 4 boxes (one per container that takes a scene, …)`, `5 scenes, none drawn (5 left out: WatchKit interface controllers …)`.
    public var scenesPhrase: String {
      var phrase = Self.plural(scenesInFile, "scene")
      var notes: [String] = []
      let drawnOriginals = scenesInFile - leftOutScenes
      if leftOutScenes > 0 {
        phrase += drawnOriginals == 0 ? ", none drawn" : ", \(drawnOriginals) drawn"
        notes.append("\(leftOutScenes) left out: \(leftOutReason ?? "no view controller")")
      }
      if drawnScenes > drawnOriginals {
        phrase += leftOutScenes > 0 ? " as \(drawnScenes) boxes" : ", drawn as \(drawnScenes) boxes"
        notes.append("one per container that takes a scene, as UIKit makes one for each")
      }
      if !notes.isEmpty { phrase += " (" + notes.joined(separator: "; ") + ")" }
      // A set of storyboards that reference each other is one short line, not a list of them all.
      if followed.count > 2 {
        phrase += " + \(followed.reduce(0) { $0 + $1.drawnScenes }) from \(followed.count) other storyboards"
      } else {
        for other in followed { phrase += " + \(other.drawnScenes) from \(other.storyboard).storyboard" }
      }
      return phrase
    }

    /// `9 segues`, or `9 segues drawn 11 times, once per instance of their scene` when instances of
    /// the scenes they start from draw them again; nil when there are none.
    public var seguesPhrase: String? {
      guard segues > 0 || drawnSegues > 0 else { return nil }
      let phrase = Self.plural(segues, "segue")
      return drawnSegues == segues ? phrase : phrase + " drawn \(drawnSegues) times, once per instance of their scene"
    }

    /// `at launch 3 on screen`, or why there is no window.
    public var launchPhrase: String {
      if hasWindow { return "at launch \(onScreenAtLaunch) on screen" }
      return isInitialLeftOut
        ? "the initial controller is left out, so no window" : "no initial view controller, so no window"
    }

    static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
  }

  /// What the diagram's header counts; see ``Counts``.
  public var counts: Counts {
    let own = storyboard.name
    let missing = Set(missingScenes)
    let scenes = hierarchy.order.filter { !missing.contains($0) }
    var followed: [Counts.Followed] = []
    for id in scenes {
      guard let name = origins[id]?.storyboard, name != own else { continue }
      if let index = followed.firstIndex(where: { $0.storyboard == name }) {
        followed[index].drawnScenes += 1
      } else {
        followed.append(.init(storyboard: name, drawnScenes: 1))
      }
    }
    let segues = hierarchy.segues.filter { $0.kind != .reference }
    let initialLeftOut = storyboard.initialViewController.map { initial in
      storyboard.leftOutScenes.contains { $0.objectID == initial }
    }
    return Counts(
      scenesInFile: storyboard.scenes.count + storyboard.leftOutScenes.count,
      leftOutScenes: storyboard.leftOutScenes.count,
      leftOutReason: storyboard.leftOutScenes.isEmpty
        ? nil : Storyboard.whyLeftOut(storyboard.leftOutScenes, platform: storyboard.platform),
      drawnScenes: scenes.filter { origins[$0]?.storyboard == own }.count,
      followed: followed, missingScenes: missing.count,
      segues: segues.filter { !instances.contains($0.source) }.count, drawnSegues: segues.count,
      hasUnwind: segues.contains {
        if case .unwind = $0.kind { return true }
        return false
      },
      referencesFollowed: hierarchy.segues.count - segues.count, hasWindow: !hierarchy.windows.isEmpty,
      isInitialLeftOut: initialLeftOut ?? false,
      onScreenAtLaunch: hierarchy.members.filter {
        hierarchy[$0]?.appearance.isOnScreen == true && hierarchy[$0]?.className != "storyboard reference"
      }.count)
  }
}
