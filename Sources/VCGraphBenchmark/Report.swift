import Foundation

/// The benchmark's results: a few tables, each with notes, printed as aligned text or as Markdown.
struct Report {
  /// One table of results.
  struct Section {
    var title: String
    var columns: [String]
    var rows: [[String]] = []
    /// Sentences printed under the table: what the numbers mean, and why a target was missed.
    var notes: [String] = []
  }

  /// A target of issue 6, and whether this run met it.
  struct Verdict {
    var name: String
    var target: String
    var measured: String
    /// Nil when the measure was skipped.
    var met: Bool?

    var result: String {
      switch met {
      case true?: "PASS"
      case false?: "MISS"
      case nil: "skipped"
      }
    }
  }

  /// Lines about the machine and the run, printed first.
  var heading: [String] = []
  var sections: [Section] = []
  var verdicts: [Verdict] = []

  /// The targets as a last section.
  var summary: Section {
    Section(
      title: "Targets", columns: ["target", "wanted", "measured", "result"],
      rows: verdicts.map { [$0.name, $0.target, $0.measured, $0.result] })
  }

  /// The whole report as plain text with aligned columns.
  var text: String {
    var lines = heading
    for section in sections + [summary] {
      lines.append("")
      lines.append(section.text)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The whole report as Markdown.
  var markdown: String {
    var lines = ["# vcgraph benchmark", ""] + heading.map { "- \($0)" }
    for section in sections + [summary] {
      lines.append("")
      lines.append(section.markdown)
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension Report.Section {
  /// The table with aligned columns (numbers on the right), then its notes.
  var text: String {
    let table = [columns] + rows
    let widths = columns.indices.map { column in
      table.map { row in column < row.count ? row[column].count : 0 }.max() ?? 0
    }
    func line(_ row: [String]) -> String {
      columns.indices.map { column in
        let cell = column < row.count ? row[column] : ""
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        return column == 0 || !cell.startsWithDigit ? cell + padding : padding + cell
      }.joined(separator: "  ").trimmingTrailingSpaces
    }
    var lines = [
      "== \(title) ==", line(columns), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "),
    ]
    lines += rows.map(line)
    lines += notes.map { "  * \($0)" }
    return lines.joined(separator: "\n")
  }

  /// The table as a Markdown table under a heading, then its notes as a list.
  var markdown: String {
    func line(_ row: [String]) -> String {
      "| " + columns.indices.map { $0 < row.count ? row[$0].replacingPipes : "" }.joined(separator: " | ") + " |"
    }
    let alignment = "|" + columns.indices.map { $0 == 0 ? " --- |" : " ---: |" }.joined()
    var lines = ["## \(title)", "", line(columns), alignment] + rows.map(line)
    if !notes.isEmpty { lines += [""] + notes.map { "- \($0)" } }
    return lines.joined(separator: "\n")
  }
}

extension String {
  fileprivate var startsWithDigit: Bool { first?.isNumber ?? false }
  fileprivate var trimmingTrailingSpaces: String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
  fileprivate var replacingPipes: String {
    split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
  }
}

/// How the report writes numbers.
enum Format {
  /// Seconds with 2 decimals, or milliseconds below a second.
  static func time(_ duration: Duration) -> String {
    let seconds = duration.seconds
    if seconds >= 1 { return "\(decimal(seconds, places: 2)) s" }
    return "\(decimal(seconds * 1_000, places: seconds * 1_000 >= 10 ? 1 : 2)) ms"
  }

  /// Microseconds or milliseconds, for small per-item costs.
  static func smallTime(_ duration: Duration) -> String {
    let microseconds = duration.seconds * 1_000_000
    if microseconds >= 1_000 { return "\(decimal(microseconds / 1_000, places: 2)) ms" }
    return "\(decimal(microseconds, places: 1)) µs"
  }

  /// A ratio such as `23.4×`.
  static func ratio(_ value: Double) -> String {
    guard value.isFinite else { return "n/a" }
    return "\(decimal(value, places: value >= 10 ? 1 : 2))×"
  }

  /// Bytes in mebibytes.
  static func memory(_ bytes: Int) -> String {
    "\(decimal(Double(bytes) / 1_048_576, places: 1)) MiB"
  }

  /// A count with thousands separated by commas: `5,000`.
  static func count(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var grouped = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(",") }
      grouped.append(digit)
    }
    return value < 0 ? "-" + grouped : grouped
  }

  /// `value` rounded to `places` decimals.
  static func decimal(_ value: Double, places: Int) -> String {
    guard value.isFinite else { return "n/a" }
    return String(format: "%.\(places)f", value)
  }
}

extension Duration {
  /// The duration in seconds, as a `Double`.
  var seconds: Double {
    let parts = components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }

  /// `self` divided by `count`, for per-frame and per-controller costs.
  func per(_ count: Int) -> Duration { count > 0 ? self / count : .zero }
}
