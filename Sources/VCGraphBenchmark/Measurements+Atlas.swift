import Foundation

extension Measurements {
  /// `vcgraph storyboard` of maps too big for one page, drawn as atlases (issue 23; issue 27, item
  /// 7): a modular app of many storyboards joined by storyboard references, one storyboard of about
  /// 400 scenes, and a cross-linked storyboard of 200 scenes with 2 segues each; the time, CPU, peak
  /// memory and pages of each.
  func measureAtlas() throws(BenchmarkError) {
    var section = Report.Section(
      title: "storyboard atlases: every page laid out to read at 830 px",
      columns: ["input", "scenes", "wall", "CPU", "peak memory", "pages"])
    let (storyboards, references) = plan.atlasSet
    let set = Workload.storyboardSet(storyboards: storyboards, references: references)
    var paths: [String] = []
    for (name, xml) in set { paths.append(try workspace.writeScenario(xml, named: "set-\(name).storyboard")) }
    let inputs: [(label: String, scenes: Int, paths: [String], target: Duration?)] = [
      (
        "\(storyboards) storyboards, \(references) references", set.reduce(0) { $0 + $1.xml.count(of: "<scene ") },
        paths, .seconds(15)
      ),
      (
        "one storyboard", plan.atlasScenes,
        [try workspace.writeScenario(Workload.bigStoryboard(scenes: plan.atlasScenes), named: "big.storyboard")],
        .seconds(20)
      ),
      (
        "cross-linked, 2 segues a scene", plan.crossLinkedScenes,
        [
          try workspace.writeScenario(
            Workload.crossLinkedStoryboard(scenes: plan.crossLinkedScenes), named: "cross.storyboard")
        ], nil
      ),
    ]
    for input in inputs {
      progress("vcgraph storyboard, an atlas of \(input.label) (\(Format.count(input.scenes)) scenes)")
      let output = "atlas"
      defer { workspace.removeItem(output) }
      let run = try MeasuredRun.measuredThroughHelper(
        [vcgraph, "storyboard"] + input.paths + ["-o", workspace.path(output)],
        benchmark: benchmark, scratch: workspace.url)
      let index = (try? String(contentsOfFile: workspace.path(output + "/index.json"), encoding: .utf8)) ?? ""
      let pages = index.count(of: "\"controllers\"")
      section.rows.append([
        input.label, Format.count(input.scenes), Format.time(run.wallTime), Format.time(run.cpuTime),
        Format.memory(run.peakMemory), Format.count(pages),
      ])
      if let target = input.target {
        judge(
          .init(
            name: "storyboard atlas of \(input.label) (\(Format.count(input.scenes)) scenes)",
            target: "≤ \(Format.time(target)), ≤ 1 GB",
            measured: "\(Format.time(run.wallTime)), \(Format.memory(run.peakMemory))",
            met: run.wallTime <= target && run.peakMemory <= 1 << 30))
      }
    }
    for name in set.map(\.name) { workspace.removeItem("set-\(name).storyboard") }
    try measureMapAtlas(&section)
    section.notes.append(
      "Each run is `vcgraph storyboard FILE… -o DIR` (SVG), started through a helper process: every page cut, laid "
        + "out in the worker (cut again when it does not fit), then drawn, with the overview and index.json. The "
        + "app map is `vcgraph map DIR --format svg -o OUT` of the map measure's generated app (a controller or "
        + "coordinator a file), whose pages are cut by its feature folders.")
    finish(section)
  }
}

extension Measurements {
  /// `vcgraph map` of the generated app of ``Plan/mapAtlasFiles`` files, drawn as an atlas: a row of
  /// `section`, judged against 20 s and 1 GB.
  private func measureMapAtlas(_ section: inout Report.Section) throws(BenchmarkError) {
    let files = plan.mapAtlasFiles
    for (path, text) in MapWorkload.files(count: files) { _ = try workspace.writeScenario(text, named: "app/" + path) }
    defer { workspace.removeItem("app") }
    progress("vcgraph map, an atlas of an app of \(Format.count(files)) files (a controller or coordinator each)")
    let output = "map-atlas"
    defer { workspace.removeItem(output) }
    let run = try MeasuredRun.measuredThroughHelper(
      [vcgraph, "map", workspace.path("app"), "--format", "svg", "-o", workspace.path(output)],
      benchmark: benchmark, scratch: workspace.url)
    let index = (try? String(contentsOfFile: workspace.path(output + "/index.json"), encoding: .utf8)) ?? ""
    let label = "app map, \(Format.count(files)) Swift files"
    section.rows.append([
      label, Format.count(files), Format.time(run.wallTime), Format.time(run.cpuTime), Format.memory(run.peakMemory),
      Format.count(index.count(of: "\"controllers\"")),
    ])
    judge(
      .init(
        name: "map atlas of \(Format.count(files)) controllers and coordinators", target: "≤ 20 s, ≤ 1 GB",
        measured: "\(Format.time(run.wallTime)), \(Format.memory(run.peakMemory))",
        met: run.wallTime <= .seconds(20) && run.peakMemory <= 1 << 30))
  }

  /// Writes the atlas measure's inputs into `folder`: `set/` (the modular app), `big.storyboard`,
  /// `cross.storyboard` and `app/` (the Swift app `vcgraph map` draws).
  static func writeAtlasInputs(plan: Plan, into folder: String) throws(BenchmarkError) {
    let root = URL(fileURLWithPath: folder, isDirectory: true)
    var files = Workload.storyboardSet(storyboards: plan.atlasSet.storyboards, references: plan.atlasSet.references)
      .map { ("set/\($0.name).storyboard", $0.xml) }
    files.append(("big.storyboard", Workload.bigStoryboard(scenes: plan.atlasScenes)))
    files.append(("cross.storyboard", Workload.crossLinkedStoryboard(scenes: plan.crossLinkedScenes)))
    files += MapWorkload.files(count: plan.mapAtlasFiles).map { ("app/" + $0.path, $0.text) }
    for (name, xml) in files {
      let url = root.appendingPathComponent(name)
      do {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(xml.utf8).write(to: url)
      } catch {
        throw .file(path: url.path, reason: "cannot write: \(error.localizedDescription)")
      }
    }
  }
}

extension String {
  /// How many times `text` occurs in it.
  fileprivate func count(of text: String) -> Int {
    components(separatedBy: text).count - 1
  }
}
