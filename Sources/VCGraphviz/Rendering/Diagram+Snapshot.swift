import VCGraph

extension Diagram {
  /// The diagram of a hierarchy read from a dump, a state JSON, a scenario step or a storyboard: headed by where
  /// it came from, with its windows, controllers and what is on screen counted in the caption.
  public init(snapshot: HierarchySnapshot, title: String? = nil) {
    let hierarchy = snapshot.hierarchy
    let context: String
    switch snapshot.source {
    case .dump: context = "IMPORTED _printHierarchy DUMP"
    case let .stateDocument(step): context = "STATE JSON · STEP \(step)"
    case let .scenario(step): context = "SCENARIO · STEP \(step)"
    case .storyboard: context = "STORYBOARD AT LAUNCH"
    }
    self.init(
      hierarchy: hierarchy, context: context, headline: snapshot.shortName, caption: Self.counts(of: hierarchy),
      title: title)
  }

  /// The diagram of `diff` between two snapshots, headed `before → after`, with the diff's counts.
  public init(diff: HierarchyDiff, before: HierarchySnapshot, after: HierarchySnapshot) {
    var counts = [
      (diff.addedControllers.count, "controller", "added"), (diff.removedControllers.count, "controller", "removed"),
      (diff.controllerChanges.count, "controller", "changed"),
    ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s") \($0.2)" }
    if diff.isEmpty { counts = ["no changes"] }
    self.init(
      diff: diff, headline: "\(before.shortName) → \(after.shortName)", caption: counts.joined(separator: " · "))
  }

  /// `2 windows · 14 controllers · 4 on screen`.
  static func counts(of hierarchy: Hierarchy) -> String {
    let members = hierarchy.members
    let onScreen = members.filter { hierarchy[$0]?.appearance.isOnScreen == true }.count
    func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
    return [plural(hierarchy.windows.count, "window"), plural(members.count, "controller"), "\(onScreen) on screen"]
      .joined(separator: " · ")
  }
}
