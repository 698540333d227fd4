extension AppMap {
  /// The map as plain text for a terminal or a review: a header with the counts, then the
  /// controllers, the navigators and the transitions, one a line, each with its `file:line`.
  ///
  /// ```
  /// 24 controllers · 5 navigators · 61 transitions (3 unresolved)
  ///
  /// Controllers
  ///   InboxViewController · content · UITableViewController · App/Inbox/InboxViewController.swift:8
  /// Transitions
  ///   InboxViewController → MessageViewController · push · App/Inbox/InboxViewController.swift:40
  ///   Router → ? · present · parameter · App/Router.swift:12
  /// ```
  public var text: String {
    var lines = [summary, ""]
    lines.append("Controllers")
    for controller in controllers {
      var parts = [controller.name, controller.kind.displayName]
      if let superclass = controller.superclass {
        parts.append(superclass + (controller.baseOutsideSources ? " (outside the sources)" : ""))
      }
      if let view = controller.hostedView { parts.append("hosts \(view)") }
      for scene in controller.scenes {
        parts.append("scene \(scene.storyboard)/\(scene.storyboardIdentifier ?? scene.objectID)")
      }
      if let site = controller.site { parts.append(site.description) }
      lines.append("  " + parts.joined(separator: " · "))
    }
    if !navigators.isEmpty {
      lines.append("Navigators")
      for navigator in navigators {
        lines.append(
          "  "
            + ([navigator.name, navigator.kind.rawValue] + (navigator.site.map { [$0.description] } ?? []))
            .joined(separator: " · "))
      }
    }
    lines.append("Transitions")
    for transition in transitions {
      lines.append("  " + transition.line)
    }
    let skippedLines = skipped.lines
    if !skippedLines.isEmpty {
      lines.append("Skipped")
      lines += skippedLines.map { "  " + $0 }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `24 controllers · 5 navigators · 61 transitions (3 unresolved)`.
  public var summary: String {
    func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
    var line = [plural(controllers.count, "controller"), plural(navigators.count, "navigator")].joined(separator: " · ")
    line += " · " + plural(transitions.count, "transition")
    let unresolvedCount = unresolved.count
    if unresolvedCount > 0 { line += " (\(unresolvedCount) unresolved)" }
    return line
  }
}

extension AppMap.Transition {
  /// `InboxViewController → MessageViewController · push · App/Inbox.swift:40`, with the style,
  /// detents, the reason a destination is unknown and the wrappers it went through.
  public var line: String {
    var parts = ["\(from) → \(to ?? "?")", kind.rawValue]
    if let style { parts.append(style) }
    if let detents { parts.append("detents " + detents.joined(separator: ", ")) }
    if let identifier { parts.append("“\(identifier)”") }
    if let unresolved { parts.append(unresolved) }
    if !via.isEmpty { parts.append("via " + via.joined(separator: " → ")) }
    parts.append(site.description)
    return parts.joined(separator: " · ")
  }
}

extension AppMap.Skipped {
  /// What was left out, one line each.
  public var lines: [String] {
    var lines: [String] = []
    for folder in folders { lines.append("\(folder) (build or dependency folder)") }
    for target in testTargets { lines.append("\(target) (tests; name it to read it)") }
    if objectiveCFiles > 0 {
      lines.append("\(objectiveCFiles) Objective-C file\(objectiveCFiles == 1 ? "" : "s") (not read)")
    }
    for failure in failed { lines.append("\(failure.file) (\(failure.reason))") }
    return lines
  }
}
