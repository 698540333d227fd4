import VCGraph

extension Diagram {
  /// How a diff marks an element of the diagram.
  enum Mark: Hashable {
    case added
    case removed
    /// Changed, with what changed (`appeared → disappeared`).
    case changed([String])
  }

  /// The CSS class of a diff's mark: `added`, `removed` or `changed`; nil without a mark.
  static func className(of mark: Mark?) -> String? {
    switch mark {
    case .added?: return "added"
    case .removed?: return "removed"
    case .changed?: return "changed"
    case nil: return nil
    }
  }

  func windowMark(_ id: String, isRemoved: Bool) -> Mark? {
    guard let changes else { return nil }
    if isRemoved { return .removed }
    if changes.addedWindows.contains(id) { return .added }
    return changes.windowChanges[id].map { .changed($0) }
  }

  func controllerMark(_ id: String, in source: Hierarchy) -> Mark? {
    guard let changes else { return nil }
    if source != hierarchy { return .removed }
    if changes.addedControllers.contains(id) { return .added }
    return changes.controllerChanges[id].map { .changed($0) }
  }

  func relationMark(_ relation: HierarchyDiff.Relation) -> Mark? {
    guard let changes else { return nil }
    if changes.addedRelations.contains(relation) { return .added }
    return changes.relationChanges[relation].map { .changed([$0]) }
  }

  /// The first line of an element a diff marked: `+ ADDED`, `− REMOVED`, `~ CHANGED`.
  func markNote(_ mark: Mark?, onDark: Bool = false) -> String? {
    switch mark {
    case .added?: return HTMLText.font("+ ADDED", size: 8, color: onDark ? style.windowAdded : style.added, bold: true)
    case .removed?:
      return HTMLText.font("− REMOVED", size: 8, color: onDark ? style.windowRemoved : style.removed, bold: true)
    case .changed?:
      return HTMLText.font("~ CHANGED", size: 8, color: onDark ? style.windowChanged : style.changed, bold: true)
    case nil: return nil
    }
  }
}
