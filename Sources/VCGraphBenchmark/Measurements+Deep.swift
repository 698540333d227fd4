import Foundation

extension Measurements {
  /// Deep inputs within the documented limits, which must cost what their size does: the peak
  /// memory of `vcgraph import` of deep dumps (how much more memory the deeper one takes, per byte
  /// it has more), and the time of `vcgraph check` of deep `addChild` nests (per step).
  func measureDeepInputs() throws(BenchmarkError) {
    var section = Report.Section(
      title: "Deep inputs (vcgraph import of a deep dump, vcgraph check of a deep nest; child process)",
      columns: ["input", "size", "wall", "CPU", "peak RSS"])
    var dumps: [(size: Int, peak: Int)] = []
    for depth in plan.dumpDepths {
      let path = try workspace.writeScenario(Workload.deepDump(depth: depth), named: "deep-\(depth).txt")
      let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
      progress("vcgraph import, a dump \(Format.count(depth)) levels deep (peak memory)")
      runCount += 1
      let output = workspace.path("import-\(runCount)")
      let run = try MeasuredRun.measuredThroughHelper(
        [vcgraph, "import", path, "--format", "json", "-o", output], benchmark: benchmark, scratch: workspace.url)
      workspace.removeItem("import-\(runCount)")
      workspace.removeItem("deep-\(depth).txt")
      dumps.append((size, run.peakMemory))
      section.rows.append([
        "dump, \(Format.count(depth)) levels", Format.memory(size), Format.time(run.wallTime),
        Format.time(run.cpuTime), Format.memory(run.peakMemory),
      ])
    }
    var nests: [(depth: Int, cpu: Duration)] = []
    for (index, depth) in plan.nestDepths.enumerated() {
      let path = try workspace.writeScenario(Workload.deepNest(depth: depth), named: "nest-\(depth).yaml")
      progress("vcgraph check, a nest \(Format.count(depth)) levels deep")
      // The first run of the measure loads the program from disk: warmed up once.
      if index == 0 { _ = try MeasuredRun.run(vcgraph, ["check", path], scratch: workspace.url) }
      let run = try MeasuredRun.run(vcgraph, ["check", path], scratch: workspace.url)
      workspace.removeItem("nest-\(depth).yaml")
      nests.append((depth, run.cpuTime))
      section.rows.append([
        "nest, \(Format.count(depth)) steps", "", Format.time(run.wallTime), Format.time(run.cpuTime),
        Format.memory(run.peakMemory),
      ])
    }
    if let small = dumps.first, let big = dumps.last, big.size > small.size {
      let perByte = Double(big.peak - small.peak) / Double(big.size - small.size)
      let met = perByte <= 4
      section.notes.append(
        "The deeper dump takes \(Format.ratio(perByte)) its extra size in extra memory (target ≤ 4×, a small "
          + "multiple of the input): \(met ? "PASS" : "MISS").")
      judge(
        .init(
          name: "import of a deep dump: extra memory per extra byte", target: "≤ 4×",
          measured: Format.ratio(perByte), met: met))
    }
    if let small = nests.first, let big = nests.last, big.depth > small.depth, small.cpu > .zero {
      let growth = (big.cpu / big.depth) / (small.cpu / small.depth)
      let met = growth <= 2
      section.notes.append(
        "CPU time per step at \(Format.count(big.depth)) levels is \(Format.ratio(growth)) that at "
          + "\(Format.count(small.depth)) (target ≤ 2×, linear): \(met ? "PASS" : "MISS").")
      judge(
        .init(
          name: "check of a deep nest: time per step, \(Format.count(small.depth)) → \(Format.count(big.depth))",
          target: "≤ 2× (linear)", measured: Format.ratio(growth), met: met))
    }
    finish(section)
  }
}
