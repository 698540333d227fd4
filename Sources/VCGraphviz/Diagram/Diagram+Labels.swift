import VCGraph

extension Diagram {
  /// A class name in bold, on as few lines as it fits, broken where a reader expects: after the
  /// module's dot (`MyApp.`), before a `ViewController` or `Controller` suffix, else at word
  /// boundaries (camel-case humps, dots, underscores) as ``HTMLText/lines(_:width:maxLines:)`` does;
  /// a word too long for a line is shortened in the middle. At most five lines.
  static func classNameLabel(_ className: String, color: String) -> String {
    classNameLines(className).map {
      HTMLText.font($0, size: DiagramStyle.classNameSize, color: color, bold: true, width: classNameWidth)
    }
    .joined(separator: "<BR ALIGN=\"LEFT\"/>")
  }

  /// The lines ``classNameLabel(_:color:)`` draws a class name on.
  static func classNameLines(_ className: String) -> [String] {
    let width = classNameWidth
    guard className.count > width else { return [className] }
    var lines: [String] = []
    var rest = Substring(className)
    // The module on a line of its own, unless generic arguments follow (`SwiftUI.UIHostingController<…>`).
    if let dot = rest.firstIndex(of: "."), !rest.contains("<"), rest.distance(from: rest.startIndex, to: dot) < width {
      lines.append(String(rest[...dot]))
      rest = rest[rest.index(after: dot)...]
    }
    guard rest.count > width else { return lines + [String(rest)] }
    // The module with the rest of the name but its suffix, when they fit: `MyApp.FullScreen` / `ViewController`.
    for suffix in ["ViewController", "Controller"] where rest.hasSuffix(suffix) && rest.count > suffix.count {
      let head = (lines.first ?? "") + rest.dropLast(suffix.count)
      if head.count <= width { return [head, suffix] }
    }
    for suffix in ["ViewController", "Controller"] where rest.hasSuffix(suffix) && rest.count > suffix.count {
      let head = HTMLText.lines(String(rest.dropLast(suffix.count)), width: width, maxLines: 4)
      if head.count <= 3 { return lines + head + [suffix] }
    }
    return lines + HTMLText.lines(String(rest), width: width, maxLines: 4)
  }

  /// The widest line of a class name, in characters: a longer name breaks at a word boundary.
  /// `UINavigationController` fits.
  static let classNameWidth = 22

  /// Two no-break spaces between two pieces of text on one line of a label.
  static let gap = "&#160;&#160;"

  /// What a reader sees when pointing at a controller's box in a browser: its full class name, id,
  /// title and role, however the box had to shorten them.
  static func tooltip(of controller: ViewController, placement: Placement?) -> String {
    let parts = [
      controller.className, controller.isIDClassName ? nil : "id \(controller.id)",
      controller.title.flatMap { $0.isEmpty ? nil : "“\($0)”" }, placement?.text,
    ]
    return Self.plainAttribute(parts.compactMap { $0 }.joined(separator: " · "))
  }

  /// Text for a plain (not HTML) Graphviz attribute such as a tooltip: no control characters, a
  /// backslash kept from Graphviz's escapes, and at most 16,000 characters.
  static func plainAttribute(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars.prefix(16_000) {
      if scalar == "\\" {
        result += "\\\\"
      } else if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
        result += " "
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Where a controller sits, as its node says after its kind: its role in its parent, or how it is
  /// presented.
  struct Placement: Hashable {
    /// `stack[1] · top`, `tab 0 · selected`, `presented · pageSheet`.
    var text: String
    /// True for the child its container shows.
    var isEmphasized: Bool
    var isPresentation: Bool
    /// More about a presentation: `called on home` when UIKit forwarded it, `with
    /// _UIPageSheetPresentationController` for a dump.
    var notes: [String] = []
  }

  /// The placement of `id` in `hierarchy`: its role, or how it is presented; nil for a root.
  ///
  /// A presentation's style is written on the presented controller, not on the edge: a label on an
  /// edge between two boxes on one rank makes Graphviz 2.42 free memory twice (`make_vn_slot`
  /// reallocates a rank's node list that `dot_cleanup` then frees again).
  func placement(of id: String, in hierarchy: Hierarchy) -> Placement? {
    if let role = hierarchy.role(of: id) {
      return Placement(text: role.description, isEmphasized: role.isShown, isPresentation: false)
    }
    guard let presenter = hierarchy[id]?.presenter, let presentation = hierarchy[presenter]?.presentation else {
      return nil
    }
    var name = presentation.style?.rawValue ?? "style unknown"
    if presentation.style == .automatic { name += " → \(ModalPresentationStyle.automatic.resolved.rawValue)" }
    var notes: [String] = []
    if let printed = hierarchy[id]?.dumpRecord?.presentationController {
      notes.append("with \(printed.className ?? "(null)")")
    }
    if presentation.source != presenter { notes.append("called on \(presentation.source)") }
    if let detents = presentation.detentSummary { notes.append(detents) }
    if hierarchy.window(of: presenter)?.horizontalSizeClass == .compact {
      if let adapted = presentation.style?.compactWidthAdaptation { name += " → \(adapted.rawValue)" }
      if let appearance = presentation.style?.compactWidthAppearance { notes.append(appearance) }
    }
    return Placement(text: "presented · \(name)", isEmphasized: true, isPresentation: true, notes: notes)
  }

  /// Label lines in a borderless table whose padding keeps the text off the edge it labels.
  func padded(_ lines: [String]) -> String {
    "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"4\">"
      + "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">" + lines.joined(separator: "<BR ALIGN=\"LEFT\"/>")
      + "</TD></TR></TABLE>"
  }
}
