import Foundation

extension Measurements {
  /// `vcgraph import` of a wide dump (issue 27, item 8): a navigation controller and its N − 1
  /// children, one a line, at two sizes, as SVG (reading the dump and drawing it) and, for
  /// comparison, as JSON (reading it and writing its state); the SVG import's CPU a line at the
  /// larger size against the smaller. Then two streams that never end, which it must stop reading
  /// at its limits (the tests check that it stops, and with what message; how fast is measured here).
  func measureImports() throws(BenchmarkError) {
    var section = Report.Section(
      title: "import of a wide dump: a navigation controller with N − 1 children",
      columns: [
        "lines", "--format svg: wall", "CPU", "CPU / line", "peak memory", "--format json: wall", "CPU",
      ])
    var perLine: [Int: Duration] = [:]
    for lines in plan.wideDumpLines {
      let dump = try workspace.writeScenario(Workload.wideDump(lines: lines), named: "wide-\(lines).txt")
      progress("vcgraph import, a wide dump of \(Format.count(lines)) lines (--format svg, then json)")
      let svg = try importDump(dump, format: "svg")
      let json = try importDump(dump, format: "json")
      workspace.removeItem("wide-\(lines).txt")
      perLine[lines] = svg.cpuTime.per(lines)
      section.rows.append([
        Format.count(lines), Format.time(svg.wallTime), Format.time(svg.cpuTime),
        Format.smallTime(svg.cpuTime.per(lines)),
        Format.memory(svg.peakMemory), Format.time(json.wallTime), Format.time(json.cpuTime),
      ])
    }
    if let small = plan.wideDumpLines.min(), let large = plan.wideDumpLines.max(), small < large,
      let base = perLine[small], let top = perLine[large], base > .zero
    {
      let growth = top / base
      let linear = growth <= 2
      section.notes.append(
        "The SVG import's CPU per line at \(Format.count(large)) lines is \(Format.ratio(growth)) that at "
          + "\(Format.count(small)): \(linear ? "linear (within 2×)" : "grows faster than linear (more than 2×)").")
      judge(
        .init(
          name: "import --format svg of a wide dump, linear (\(Format.count(small)) → \(Format.count(large)) lines)",
          target: "CPU per line ≤ 2×", measured: Format.ratio(growth), met: linear))
    }
    section.notes.append(
      "Each run is `vcgraph import DUMP -o DIR --format svg` (or `json`), started through a helper process. Its "
        + "CPU is vcgraph's and that of the worker that draws with Graphviz, which it waits for.")
    finish(section)
    try measureEndlessStreams()
  }

  /// `vcgraph import -` of two streams that never end: it stops reading each at its limit, with an
  /// error or a warning naming it.
  private func measureEndlessStreams() throws(BenchmarkError) {
    var section = Report.Section(
      title: "import of endless streams on standard input (vcgraph import -, child process)",
      columns: ["input", "wall time", "CPU time"])
    // The streams end the import with an error or a warning: `|| true` keeps the shell's status 0.
    let streams = [
      ("`yes garbage | vcgraph import -`: 1 MiB without a controller line", "yes garbage"),
      (
        "`yes '<A>, state: appeared, view: <UIView>' | vcgraph import -`: 100,000 controller lines",
        "yes '<A>, state: appeared, view: <UIView>'"
      ),
    ]
    for (name, command) in streams {
      progress("vcgraph import -, \(command)")
      let run = try MeasuredRun.run(
        "/bin/sh", ["-c", "\(command) 2>/dev/null | '\(vcgraph)' import - --format text -o - >/dev/null || true"],
        scratch: workspace.url)
      section.rows.append([name, Format.time(run.wallTime), Format.time(run.cpuTime)])
    }
    section.notes.append(
      "A stream's times include `yes` and the shell; vcgraph stops reading each at its limit, with an error "
        + "naming it. The tests check that and what it says; how fast is measured here.")
    finish(section)
  }

  /// Runs `vcgraph import DUMP -o DIR --format FORMAT` into a new folder, through the helper that
  /// measures its peak memory, and removes the folder.
  private func importDump(_ dump: String, format: String) throws(BenchmarkError) -> ChildRun {
    let output = "import-\(format)"
    defer { workspace.removeItem(output) }
    return try MeasuredRun.measuredThroughHelper(
      [vcgraph, "import", dump, "-o", workspace.path(output), "--format", format], benchmark: benchmark,
      scratch: workspace.url)
  }
}
