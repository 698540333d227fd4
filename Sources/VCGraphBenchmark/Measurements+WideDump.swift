import Foundation

extension Measurements {
  /// `vcgraph import` of a wide dump (issue 27, item 8): a navigation controller and its N − 1
  /// children, one a line, at two sizes, as JSON (reading the dump) and as SVG (reading it and
  /// drawing it); what drawing costs a line at the larger size against the smaller.
  func measureWideDump() throws(BenchmarkError) {
    var section = Report.Section(
      title: "import of a wide dump: a navigation controller with N − 1 children",
      columns: [
        "lines", "--format json: wall", "CPU", "--format svg: wall", "CPU", "peak memory (svg)", "drawing: CPU",
        "drawing CPU / line",
      ])
    var perLine: [Int: Duration] = [:]
    for lines in plan.wideDumpLines {
      let dump = try workspace.writeScenario(Workload.wideDump(lines: lines), named: "wide-\(lines).txt")
      progress("vcgraph import, a wide dump of \(Format.count(lines)) lines (--format json, then svg)")
      let json = try importDump(dump, format: "json")
      let svg = try importDump(dump, format: "svg")
      workspace.removeItem("wide-\(lines).txt")
      let drawing = max(.zero, svg.cpuTime - json.cpuTime)
      perLine[lines] = drawing.per(lines)
      section.rows.append([
        Format.count(lines), Format.time(json.wallTime), Format.time(json.cpuTime), Format.time(svg.wallTime),
        Format.time(svg.cpuTime), Format.memory(svg.peakMemory), Format.time(drawing),
        Format.smallTime(drawing.per(lines)),
      ])
    }
    if let small = plan.wideDumpLines.min(), let large = plan.wideDumpLines.max(), small < large,
      let base = perLine[small], let top = perLine[large], base > .zero
    {
      let growth = top / base
      let linear = growth <= 2
      section.notes.append(
        "Drawing's CPU per line at \(Format.count(large)) lines is \(Format.ratio(growth)) that at "
          + "\(Format.count(small)): \(linear ? "linear (within 2×)" : "grows faster than linear (more than 2×)").")
      record(
        .init(
          name:
            "import --format svg of a wide dump, drawing linear (\(Format.count(small)) → \(Format.count(large)) lines)",
          target: "per-line cost ≤ 2×", measured: Format.ratio(growth), met: linear))
    }
    section.notes.append(
      "Each run is `vcgraph import DUMP -o DIR --format json` or `--format svg`, started through a helper process "
        + "(its CPU counts vcgraph's reaped children too). drawing: the SVG run's CPU minus the JSON run's, "
        + "what drawing adds to reading the dump and writing a file.")
    finish(section)
  }

  /// Runs `vcgraph import DUMP -o DIR --format FORMAT` into a new folder, through the helper that
  /// measures its peak memory, and removes the folder.
  private func importDump(_ dump: String, format: String) throws(BenchmarkError) -> ChildRun {
    let output = "import-\(format)"
    defer { workspace.removeItem(output) }
    return try ChildProcess.measuredThroughHelper(
      [vcgraph, "import", dump, "-o", workspace.path(output), "--format", format], benchmark: benchmark,
      scratch: workspace.url)
  }
}
