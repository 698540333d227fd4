import Foundation

extension Measurements {
  /// `vcgraph map` on generated apps of growing size: time, time per file and peak memory.
  func measureMap() throws(BenchmarkError) {
    var section = Report.Section(
      title: "vcgraph map: a generated app of N Swift files (child process, --format json)",
      columns: ["files", "lines", "transitions", "time", "time / 1,000 files", "peak RSS"])
    var perThousand: [(files: Int, time: Duration)] = []
    for size in plan.mapSizes {
      let folder = "app-\(size)"
      var lines = 0
      for file in MapWorkload.files(count: size) {
        let path = workspace.path("\(folder)/\(file.path)")
        try? FileManager.default.createDirectory(
          atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        do {
          try Data(file.text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
          throw .file(path: path, reason: "cannot write: \(error.localizedDescription)")
        }
        lines += file.text.split(separator: "\n", omittingEmptySubsequences: false).count
      }
      progress("vcgraph map, \(size) files")
      let output = workspace.path("map-\(size)")
      let run = try MeasuredRun.measuredThroughHelper(
        [vcgraph, "map", workspace.path(folder), "--format", "json", "-o", output], benchmark: benchmark,
        scratch: workspace.url)
      let json = FileManager.default.contents(atPath: "\(output)/\(folder).json") ?? Data()
      let transitions = String(decoding: json, as: UTF8.self).components(separatedBy: "\"call\":").count - 1
      workspace.removeItem(folder)
      workspace.removeItem("map-\(size)")
      perThousand.append((size, run.wallTime.per(size) * 1_000))
      section.rows.append([
        Format.count(size), Format.count(lines), Format.count(transitions), Format.time(run.wallTime),
        Format.time(run.wallTime.per(size) * 1_000), Format.memory(run.peakMemory),
      ])
      if size == 1_200 {
        let met = run.wallTime <= .seconds(10) && run.peakMemory <= 1_536 << 20
        judge(
          .init(
            name: "vcgraph map, 1,200 files", target: "≤ 10 s, ≤ 1.5 GB",
            measured: "\(Format.time(run.wallTime)), \(Format.memory(run.peakMemory))", met: met))
      }
    }
    if let first = perThousand.first, let last = perThousand.last, last.files > first.files {
      let ratio = last.time / first.time
      section.notes.append(
        "Time per file at \(Format.count(last.files)) files is \(Format.ratio(ratio)) that at "
          + "\(Format.count(first.files)): the cost grows linearly when this stays near 1×.")
    }
    section.notes.append(
      "Each app is written into the workspace first (not timed): a scene delegate, a coordinator every ten files "
        + "(wrappers, an enum of routes, start()) and view controllers of about 170 lines that push, present, embed "
        + "and call the coordinators. Wall time and peak memory of `vcgraph map DIR --format json -o OUT`, through "
        + "the helper process.")
    finish(section)
  }
}
