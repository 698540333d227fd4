/// A Markdown report of a hierarchy, ready to paste into an issue: a summary, the Mermaid diagram and
/// the `_printHierarchy` dump it came from.
///
/// The summary lists the windows with their roots, how many controllers there are, what is on screen,
/// the presentation chains with their styles, and what looks wrong: a controller whose state says it
/// is on screen while its view is not in the window, a presentation whose style is unknown.
public struct BugReport: Sendable {
  public let hierarchy: Hierarchy
  /// The dump as it was read.
  public let dumpText: String
  /// Where the dump came from: a file path, of which the report shows the file name.
  public let source: String

  public init(hierarchy: Hierarchy, dumpText: String, source: String) {
    self.hierarchy = hierarchy
    self.dumpText = dumpText
    self.source = source
  }

  /// The report, ending with a newline.
  public var markdown: String {
    let fileName = source.split(separator: "/").last.map(String.init) ?? source
    var lines = ["# View controller hierarchy: " + Self.codeSpan(fileName), ""]
    lines += summary
    lines += [
      "", "## Diagram", "", "```mermaid", MermaidFlowchart(hierarchy).text.trimmingTrailingNewlines, "```", "",
      "Edges: thick, window → root view controller; solid, parent → child (its role); dotted, presenting → "
        + "presented (the style). Boxes: green border, on screen; grey, off screen; dashed, view not loaded.",
      "",
    ]
    let dump = dumpText.trimmingTrailingNewlines
    // Not split(separator: "\n"): "\r\n" is one Character, so CRLF lines would count as one.
    let lineCount = dump.split(whereSeparator: \.isNewline).count
    let fence = String(repeating: "`", count: max(3, Self.longestBacktickRun(in: dump) + 1))
    lines += [
      "<details><summary><code>_printHierarchy</code> output (\(lineCount) line\(lineCount == 1 ? "" : "s"))</summary>",
      "", fence + "text", dump, fence, "", "</details>",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The bullet list under the title.
  var summary: [String] {
    let entries = hierarchy.printOrder
    var lines = ["- **Windows:** \(hierarchy.windows.count)"]
    for window in hierarchy.windows {
      var name = Self.codeSpan(window.id)
      let notes = [window.isKey ? "key" : nil, window.horizontalSizeClass == .compact ? "compact width" : nil]
        .compactMap { $0 }
      if !notes.isEmpty { name += " (\(notes.joined(separator: ", ")))" }
      let root = window.rootViewController.map { "root " + reference($0) } ?? "no root view controller"
      lines.append("  - \(name): \(root)")
    }
    lines.append("- **Controllers:** \(entries.count)")

    let onScreen = entries.compactMap { entry in hierarchy[entry.id].flatMap { $0.appearance.isOnScreen ? $0 : nil } }
    lines.append(
      "- **On screen:** "
        + (onScreen.isEmpty
          ? "nothing"
          : onScreen.map { reference($0.id, note: $0.appearance == .appearing ? "appearing" : nil) }
            .joined(separator: ", ")))

    let chains = presentationChains
    if chains.isEmpty {
      lines.append("- **Presentations:** none")
    } else {
      lines.append("- **Presentations:**")
      lines += chains.map { "  - " + $0 }
    }

    let problems = suspicious
    if problems.isEmpty {
      lines.append(
        "- **Suspicious:** nothing; every on-screen controller's view is in its window, and every presentation's "
          + "style is known.")
    } else {
      lines.append("- **Suspicious:**")
      lines += problems.map { "  - " + $0 }
    }
    return lines
  }

  /// Each chain of presentations from a controller that is not presented itself:
  /// `` `UITabBarController` → `LoginViewController` (pageSheet) → `UIAlertController` (style unknown) ``.
  /// A tree in which several controllers present gives one chain for each.
  private var presentationChains: [String] {
    /// The ways on from the tree of `id`: one list of steps per presentation made in it.
    func continuations(from id: String, seen: Set<String>) -> [[String]] {
      let presenters = ([id] + hierarchy.descendants(of: id)).filter { hierarchy[$0]?.presentation != nil }
      guard !presenters.isEmpty else { return [[]] }
      return presenters.flatMap { presenter -> [[String]] in
        guard let presentation = hierarchy[presenter]?.presentation, !seen.contains(presentation.presented) else {
          return [[]]
        }
        let step = reference(presentation.presented) + " (" + Self.styleText(presentation) + ")"
        return continuations(from: presentation.presented, seen: seen.union([presentation.presented])).map {
          [step] + $0
        }
      }
    }
    var chains: [String] = []
    let roots = hierarchy.windows.compactMap(\.rootViewController) + hierarchy.outsideRoots
    for root in roots {
      for presenter in [root] + hierarchy.descendants(of: root) {
        guard let presentation = hierarchy[presenter]?.presentation else { continue }
        let first =
          reference(presenter) + " → " + reference(presentation.presented) + " ("
          + Self.styleText(presentation) + ")"
        for rest in continuations(from: presentation.presented, seen: [presenter, presentation.presented]) {
          chains.append(([first] + rest).joined(separator: " → "))
        }
      }
    }
    return chains
  }

  /// What the dump shows that UIKit would not normally have, in tree order.
  private var suspicious: [String] {
    var problems: [String] = []
    for entry in hierarchy.printOrder {
      guard let controller = hierarchy[entry.id] else { continue }
      if controller.appearance.isOnScreen {
        let state = "\(reference(entry.id)): state \(controller.appearance.rawValue), but its view is"
        if !controller.isViewLoaded {
          problems.append(state + " not loaded.")
        } else if !hierarchy.isViewInWindow(entry.id) {
          problems.append(state + " not in the window.")
        }
      }
      if let presenter = controller.presenter, hierarchy[presenter]?.presentation?.style == nil {
        let printed = controller.dumpRecord?.presentationController
        let how: String
        if let printed {
          how =
            "with "
            + (printed.className.map { Self.codeSpan($0) + ", which does not tell the style" }
              ?? "(null) as its presentation controller")
        } else {
          how = "in a style the dump does not tell"
        }
        problems.append("\(reference(entry.id)) is presented by \(reference(presenter)) \(how).")
      }
    }
    return problems
  }

  /// A controller for the summary: `` `HomeViewController` (`home`) ``, or just the class when the id
  /// is the class, with or without its module (as a dump's ids are).
  private func reference(_ id: String, note: String? = nil) -> String {
    let className = hierarchy[id]?.className ?? id
    let details = [hierarchy[id]?.isIDClassName ?? true ? nil : Self.codeSpan(id), note].compactMap { $0 }
    return Self.codeSpan(className) + (details.isEmpty ? "" : " (" + details.joined(separator: ", ") + ")")
  }

  /// `pageSheet`, `pageSheet · detents medium, large · at medium`, `style unknown`.
  private static func styleText(_ presentation: Presentation) -> String {
    [presentation.style?.rawValue ?? "style unknown", presentation.detentSummary].compactMap { $0 }
      .joined(separator: " · ")
  }

  /// `text` as a Markdown code span, fenced by more backticks than it holds in a row.
  static func codeSpan(_ text: String) -> String {
    let flat = String(text.map { $0.isNewline ? " " : $0 })
    guard !flat.isEmpty else { return "` `" }
    let fence = String(repeating: "`", count: longestBacktickRun(in: flat) + 1)
    let padding = flat.hasPrefix("`") || flat.hasSuffix("`") ? " " : ""
    return fence + padding + flat + padding + fence
  }

  /// The length of the longest run of backticks in `text`.
  static func longestBacktickRun(in text: String) -> Int {
    var longest = 0
    var current = 0
    for character in text {
      current = character == "`" ? current + 1 : 0
      longest = max(longest, current)
    }
    return longest
  }
}

extension String {
  /// The string without the line breaks it ends with.
  fileprivate var trimmingTrailingNewlines: String {
    var text = Substring(self)
    while text.last?.isNewline == true { text = text.dropLast() }
    return String(text)
  }
}
