import VCGraph

extension Diagram {
  /// The most callbacks the panel lists; a longer step ends the list with how many more there were.
  static let panelLimit = 60
  /// Callbacks per column of the panel.
  static let panelColumnLength = 12

  /// The numbers (from 1) of the callbacks each controller received in the panel's list.
  var callbackNumbers: [String: [Int]] {
    guard let events else { return [:] }
    var numbers: [String: [Int]] = [:]
    for (index, event) in events.prefix(Self.panelLimit).enumerated() {
      numbers[event.viewController, default: []].append(index + 1)
    }
    return numbers
  }

  /// The step's callbacks, numbered in UIKit's order, in columns: `3  home  viewWillDisappear(animated: true)`.
  var callbacksPanel: String? {
    guard let events else { return nil }
    let heading = HTMLText.font("CALLBACKS IN THIS STEP", size: 10, color: style.tertiaryLabel, bold: true)
    guard !events.isEmpty else {
      return "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"2\">"
        + "<TR><TD ALIGN=\"LEFT\">\(heading)</TD></TR><TR><TD ALIGN=\"LEFT\">"
        + HTMLText.font(
          "none: no view appeared, disappeared, loaded or moved", size: 10, color: style.secondaryLabel)
        + "</TD></TR></TABLE>"
    }
    let shown = Array(events.prefix(Self.panelLimit))
    // Callbacks run down each column, then on to the next; every row of the table holds one line
    // of each column, so the lines of all columns stay level.
    let length = min(Self.panelColumnLength, shown.count)
    let columnCount = (shown.count + length - 1) / length
    let span = columnCount * 2 - 1
    func line(_ index: Int) -> String {
      guard shown.indices.contains(index) else { return "<TD></TD>" }
      let event = shown[index]
      let number = HTMLText.font("\(index + 1)", size: 10, color: style.tertiaryLabel, bold: true)
      let id = HTMLText.font(
        event.viewController, size: 10, color: style.label, bold: true, width: 22, maxLines: 2)
      let call = HTMLText.font(
        event.call, size: 10, color: style.color(for: event.callback), width: 56, maxLines: 2)
      return "<TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\(number)  \(id)  \(call)</TD>"
    }
    var rows = "<TR><TD ALIGN=\"LEFT\" COLSPAN=\"\(span)\">\(heading)</TD></TR>"
    for row in 0..<length {
      rows +=
        "<TR>" + (0..<columnCount).map { line($0 * length + row) }.joined(separator: "<TD WIDTH=\"16\"></TD>") + "</TR>"
    }
    if events.count > shown.count {
      rows +=
        "<TR><TD ALIGN=\"LEFT\" COLSPAN=\"\(span)\">"
        + HTMLText.font(
          "… and \(events.count - shown.count) more (vcgraph events lists them all)", size: 10,
          color: style.secondaryLabel)
        + "</TD></TR>"
    }
    return
      "<TABLE BORDER=\"1\" COLOR=\"\(style.panelBorder)\" STYLE=\"rounded\" CELLBORDER=\"0\" CELLSPACING=\"1\" CELLPADDING=\"3\">"
      + rows + "</TABLE>"
  }
}
