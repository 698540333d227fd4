/// What UIKit derives for every controller from the relations above it, found for all of them in
/// one pass: asked one controller at a time, each answer walks up the hierarchy, and a nest
/// 20,000 deep would take 20,000 steps per controller.
struct DerivedRelations {
  /// ``Hierarchy/presentingViewController(of:)`` of each controller that has one.
  var presenting: [String: String] = [:]
  /// ``Hierarchy/presentedViewController(of:)`` of each controller that has one.
  var presented: [String: String] = [:]
  /// The id of ``Hierarchy/window(of:)`` of each controller that has one.
  var window: [String: String] = [:]
}

extension Hierarchy {
  /// ``DerivedRelations`` of every controller, in time in proportion to the controllers.
  func derivedRelations() -> DerivedRelations {
    var derived = DerivedRelations()
    derived.presenting = lineageAnswers { $0.presenter }
    derived.presented = lineageAnswers { $0.presentation?.presented }
    // The window of a controller is that of the outermost controller of its tree: the window it is
    // the root of, or the window of the controller presenting it.
    let roots = lineageAnswers { $0.parent == nil ? $0.id : nil }
    var windowOfRoot: [String: String?] = [:]
    for id in order {
      guard let root = roots[id] else { continue }
      if let known = windowOfRoot[root] {
        if let known { derived.window[id] = known }
        continue
      }
      var path: [String] = []
      var onPath: Set<String> = []
      var current = root
      var answer: String??
      while answer == nil {
        if let known = windowOfRoot[current] {
          answer = known
        } else if !onPath.insert(current).inserted {
          // Presentations that lead back to where they began: what `window(of:)` gives.
          answer = .some(window(of: current)?.id)
        } else {
          path.append(current)
          if let presenter = controllers[current]?.presenter {
            current = roots[presenter] ?? presenter
          } else {
            answer = .some(windowRooted(at: current)?.id)
          }
        }
      }
      let window = answer ?? nil
      for root in path { windowOfRoot[root] = window }
      if let window { derived.window[id] = window }
    }
    return derived
  }

  /// For each controller, the first non-nil `value` of it and then of its parents, nearest first,
  /// as ``firstInLineage(of:_:)`` gives it: each controller's answer is its own or its parent's.
  private func lineageAnswers(_ value: (ViewController) -> String?) -> [String: String] {
    var answers: [String: String?] = [:]
    answers.reserveCapacity(controllers.count)
    var path: [String] = []
    for id in order where answers[id] == nil {
      path.removeAll(keepingCapacity: true)
      var current = id
      var answer: String??
      while answer == nil {
        if let known = answers[current] {
          answer = known
        } else if let controller = controllers[current] {
          path.append(current)
          if let found = value(controller) {
            answer = .some(found)
          } else if let parent = controller.parent {
            current = parent
          } else {
            answer = .some(nil)
          }
        } else {
          answer = .some(nil)
        }
      }
      for member in path { answers[member] = answer ?? nil }
    }
    return answers.compactMapValues { $0 }
  }

  /// ``isViewInWindow(_:)`` with the controller's window already found.
  func isViewInWindow(_ id: String, window: String?) -> Bool {
    guard let controller = controllers[id], controller.isViewLoaded else { return false }
    if let view = controller.dumpRecord?.view { return view.isInWindow }
    return controller.appearance != .disappeared && window != nil
  }
}
