import Foundation
import VCGraph
import VCGraphviz

/// Runs the benchmark's measurements, one section of the report each, on workloads it generates in a
/// ``Workspace``.
///
/// vcgraph is measured as a user runs it, as a child process (`vcgraph render`), and in process with
/// its library where Graphviz's part must be told from vcgraph's own.
final class Measurements {
  let plan: Plan
  let vcgraph: String
  let dot: String
  /// This benchmark's own executable, started again as a helper to measure memory.
  let benchmark: String
  let workspace: Workspace
  /// The one Graphviz context of this process, used serially.
  let renderer: Renderer
  private(set) var report: Report
  /// Called with each section as soon as it is measured.
  private let onSection: (Report.Section) -> Void
  var runCount = 0

  init(
    plan: Plan, vcgraph: String, dot: String, benchmark: String, workspace: Workspace, report: Report,
    onSection: @escaping (Report.Section) -> Void
  ) throws(BenchmarkError) {
    self.plan = plan
    self.vcgraph = vcgraph
    self.dot = dot
    self.benchmark = benchmark
    self.workspace = workspace
    self.report = report
    self.onSection = onSection
    do {
      renderer = try Renderer()
    } catch {
      throw .render(error)
    }
  }

  /// A measurement, by the name `vcgraph-bench --measure` takes, in the order of the report.
  enum Measure: String, CaseIterable, Sendable {
    case frames, graphviz, growth, memory, jobs, animation
    case imports = "import"
    case deep, map, atlas
    case frameGrowth = "frame-growth"
    case stack
  }

  /// The measurements asked for (every one when `measures` is empty), in the order of the report.
  func measureAll(_ measures: [Measure] = []) throws(BenchmarkError) {
    for measure in Measure.allCases where measures.isEmpty || measures.contains(measure) {
      switch measure {
      case .frames: try measureFrames()
      case .graphviz: try measureGraphvizAlone()
      case .growth: try measureGrowth()
      case .memory: try measureMemory()
      case .jobs: try measureJobs()
      case .animation: try measureAnimation()
      case .imports: try measureImports()
      case .deep: try measureDeepInputs()
      case .map: try measureMap()
      case .atlas: try measureAtlas()
      case .frameGrowth: try measureFrameGrowth()
      case .stack: try measureStack()
      }
    }
  }

  // MARK: - 1 and 2: vcgraph against a `dot` process per frame

  /// vcgraph's time per frame in SVG and PNG, and the same frames drawn by one `dot` process each.
  func measureFrames() throws(BenchmarkError) {
    let steps = plan.flowSteps
    let scenario = try workspace.writeScenario(Workload.longFlow(steps: steps), named: "flow-\(steps).yaml")
    progress("warming up: vcgraph render, \(steps) frames")
    _ = try render(scenario, format: "svg")
    var vcgraphPerFrame: [String: (wall: Duration, cpu: Duration)] = [:]
    var canvases: [String: String] = [:]
    for format in ["svg", "png"] {
      let repeats = format == "svg" ? plan.repeats : 1
      var runs: [ChildRun] = []
      for run in 1...repeats {
        progress("vcgraph render --format \(format), \(steps) frames (run \(run) of \(repeats))")
        let isLast = run == repeats
        let rendered = try render(scenario, format: format, keeping: isLast)
        runs.append(rendered.run)
        if isLast {
          canvases[format] = Self.canvasSize(inFolder: rendered.folder, format: format)
          workspace.removeItem(URL(fileURLWithPath: rendered.folder).deletingLastPathComponent().lastPathComponent)
        }
      }
      vcgraphPerFrame[format] = (
        Self.median(runs.map(\.wallTime)).per(steps), Self.median(runs.map(\.cpuTime)).per(steps)
      )
    }
    let dotFolder = try render(scenario, format: "dot", keeping: true).folder
    let dotFiles = try workspace.files(in: dotFolder, withExtension: "dot")
    guard dotFiles.count == steps else {
      throw .unexpectedWorkload("vcgraph wrote \(dotFiles.count) DOT files for \(steps) steps in \(dotFolder)")
    }
    var section = Report.Section(
      title: "Per frame: vcgraph against a `dot` process per frame (\(Format.count(steps))-step scenario)",
      columns: [
        "format", "vcgraph / frame", "dot process / frame", "dot ÷ vcgraph", "target", "result",
        "CPU time: dot ÷ vcgraph", "canvas",
      ])
    for (format, target) in [("svg", 20.0), ("png", 3.0)] {
      let folder = workspace.path("dot-\(format)")
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      progress("dot -T\(format), one process per frame, \(steps) frames")
      let clock = ContinuousClock()
      let start = clock.now
      var dotCPUTime = Duration.zero
      for (number, file) in dotFiles.enumerated() {
        dotCPUTime += try MeasuredRun.run(
          dot, ["-T\(format)", file, "-o", "\(folder)/\(number).\(format)"], scratch: workspace.url
        ).cpuTime
      }
      let dotPerFrame = start.duration(to: clock.now).per(steps)
      workspace.removeItem("dot-\(format)")
      let vcgraphTime = vcgraphPerFrame[format] ?? (.zero, .zero)
      let ratio = dotPerFrame / vcgraphTime.wall
      let met = ratio >= target
      section.rows.append([
        format.uppercased(), Format.time(vcgraphTime.wall), Format.time(dotPerFrame), Format.ratio(ratio),
        "≥ \(Format.ratio(target))", met ? "PASS" : "MISS", Format.ratio(dotCPUTime.per(steps) / vcgraphTime.cpu),
        canvases[format] ?? "?",
      ])
      report.verdicts.append(
        .init(
          name: "\(format.uppercased()) frames vs a dot process per frame", target: "≥ \(Format.ratio(target))",
          measured: Format.ratio(ratio), met: met))
    }
    section.notes = [
      "vcgraph: wall time of `vcgraph render FILE -o DIR --format svg` (or png) as a child process, divided by "
        + "the \(steps) frames; the median of \(plan.repeats) run(s) for SVG, one run for PNG, after a warm-up run. "
        + "It includes starting the process, parsing, replay, the stable layout and writing the files.",
      "dot: the same frames, written by `vcgraph render --format dot` (positions set, layout=nop2), drawn by "
        + "`dot -Tsvg f.dot -o f.svg` (or -Tpng), one process per frame, one after the other; wall time divided by "
        + "\(steps).",
      "The targets are judged on wall time. CPU time (user + system, from wait4) is shown for comparison: it is "
        + "less disturbed when other work shares the machine.",
    ]
    finish(section)
  }

  // MARK: - 3: Graphviz alone

  /// vcgraph's whole run of the long scenario against Graphviz laying out and drawing the same frames.
  func measureGraphvizAlone() throws(BenchmarkError) {
    let steps = plan.longFlowSteps
    let scenario = try workspace.writeScenario(Workload.longFlow(steps: steps), named: "flow-\(steps).yaml")
    progress("vcgraph render --format svg, \(steps) frames (whole run)")
    let whole = try render(scenario, format: "svg").run
    progress("vcgraph render --format dot, \(steps) frames")
    let dotFolder = try render(scenario, format: "dot", keeping: true).folder
    let dotFiles = try workspace.files(in: dotFolder, withExtension: "dot")
    guard dotFiles.count == steps else {
      throw .unexpectedWorkload("vcgraph wrote \(dotFiles.count) DOT files for \(steps) steps in \(dotFolder)")
    }
    var sources: [[UInt8]] = []
    for file in dotFiles { sources.append(try workspace.bytes(of: file)) }
    // The issue's baseline: Graphviz laying out (dot) and drawing every frame itself. Beside it,
    // Graphviz drawing the frames at the positions vcgraph set (nop2): what drawing alone costs.
    var alone: [(engine: String, time: Duration, cpu: Duration)] = []
    for engine in ["dot", "nop2"] {
      progress("Graphviz alone: gvLayout (\(engine)) + gvRenderData (SVG) of the same \(steps) frames")
      let cpuBefore = MeasuredRun.threadCPUTime()
      do {
        let time = try renderer.timeGraphvizAlone(dotSources: sources, formats: [.svg], engine: engine)
        // Reading the sources into cgraph is not in `time`, so this CPU time is an upper bound.
        alone.append((engine, time, MeasuredRun.threadCPUTime() - cpuBefore))
      } catch {
        throw .render(error)
      }
    }
    sources.removeAll()
    progress("in process: where vcgraph's time goes, \(steps) frames")
    let parts = try Breakdown.measure(
      scenario: scenario, formats: [.svg], into: workspace.path("breakdown-\(steps)"), renderer: renderer)
    workspace.removeItem("breakdown-\(steps)")

    let target = 0.5
    let ratio = whole.wallTime / alone[0].time
    let met = ratio <= target
    var section = Report.Section(
      title: "vcgraph against Graphviz alone (\(Format.count(steps)) frames, SVG)",
      columns: ["measure", "total", "per frame", "CPU time"])
    section.rows = [
      [
        "vcgraph render, whole run (child process)", Format.time(whole.wallTime),
        Format.time(whole.wallTime.per(steps)), Format.time(whole.cpuTime),
      ]
    ]
    for run in alone {
      section.rows.append([
        "Graphviz alone: gvLayout (\(run.engine)) + gvRenderData", Format.time(run.time),
        Format.time(run.time.per(steps)), Format.time(run.cpu),
      ])
    }
    section.rows += [
      [
        "vcgraph ÷ Graphviz alone laying out (target ≤ \(Format.ratio(target)))", Format.ratio(ratio),
        met ? "PASS" : "MISS", Format.ratio(whole.cpuTime / alone[0].cpu),
      ],
      [
        "vcgraph ÷ Graphviz alone drawing at set positions (nop2)", Format.ratio(whole.wallTime / alone[1].time), "",
        Format.ratio(whole.cpuTime / alone[1].cpu),
      ],
    ]
    section.notes = [
      "Graphviz alone: the \(steps) DOT frames vcgraph writes with --format dot, read into cgraph graphs "
        + "beforehand (not timed), then laid out and drawn to SVG in process through one Graphviz context "
        + "(`Renderer.timeGraphvizAlone`): laid out by `dot`, as Graphviz alone does each frame (the target), "
        + "and with layout=nop2 at the positions vcgraph set (drawing alone, for comparison).",
      "The target is judged on wall time. CPU time: the child's user + system time from wait4; for Graphviz "
        + "alone, this thread's CPU time over the whole call, which also reads the DOT sources (so a bit high).",
    ]
    report.verdicts.append(
      .init(
        name: "\(Format.count(steps))-frame run vs Graphviz alone", target: "≤ \(Format.ratio(target))",
        measured: Format.ratio(ratio), met: met))
    finish(section)
    finish(breakdownSection(parts, whole: whole.wallTime))
  }

  /// Where the time of the long scenario's render goes, phase by phase.
  private func breakdownSection(_ parts: Breakdown, whole: Duration) -> Report.Section {
    var section = Report.Section(
      title: "Where vcgraph's time goes (in process, \(Format.count(parts.frames)) frames, SVG)",
      columns: ["phase", "time", "share"])
    let other = parts.rendering - parts.graphviz.total
    let phases: [(String, Duration)] = [
      ("parsing the scenario", parts.parsing),
      ("replay", parts.replay),
      ("diagrams and stable layout (Swift)", other),
      ("building cgraph graphs", parts.graphviz.building),
      ("Graphviz layout (gvLayout)", parts.graphviz.layout),
      ("Graphviz rendering (gvRenderData, gvFreeLayout)", parts.graphviz.rendering),
      ("writing files", parts.writing),
    ]
    for (phase, time) in phases {
      section.rows.append([phase, Format.time(time), "\(Format.decimal(100 * (time / parts.total), places: 1)) %"])
    }
    section.rows.append(["total in process", Format.time(parts.total), "100.0 %"])
    section.rows.append([
      "the child process's whole run, for comparison", Format.time(whole),
      "\(Format.decimal(100 * (whole / parts.total), places: 1)) %",
    ])
    section.notes = [
      "Measured with vcgraph's library as `vcgraph render` uses it: `Scenario(contentsOfFile:)`, `Replay`, "
        + "`Renderer.renderFrames` writing each frame into `OutputDirectory.Staging`; Graphviz's part from `Renderer.graphvizTimes`."
    ]
    return section
  }

  // MARK: - 4: growth with the number of controllers

  /// The whole run and vcgraph's own work for hierarchies of growing size.
  func measureGrowth() throws(BenchmarkError) {
    var section = Report.Section(
      title: "Growth with the number of controllers (\(Workload.wideStepCount) steps each, SVG)",
      columns: [
        "controllers", "whole run", "Graphviz layout+render", "own work", "own work / controller",
        "per controller vs previous size",
      ])
    var perController: [Int: Duration] = [:]
    var previousSize: Int?
    for size in plan.hierarchySizes {
      let scenario = try workspace.writeScenario(
        Workload.wideHierarchy(controllers: size), named: "hierarchy-\(size).yaml")
      progress("in process, \(Format.count(size)) controllers")
      let parts = try Breakdown.measure(
        scenario: scenario, formats: [.svg], into: workspace.path("growth-\(size)"), renderer: renderer)
      workspace.removeItem("growth-\(size)")
      let own = parts.ownWork.per(size)
      let previous = previousSize.flatMap { perController[$0] }
      perController[size] = own
      previousSize = size
      section.rows.append([
        Format.count(size), Format.time(parts.total), Format.time(parts.graphvizWork),
        Format.time(parts.ownWork), Format.smallTime(own), previous.map { Format.ratio(own / $0) } ?? "",
      ])
    }
    let largest = plan.hierarchySizes.max() ?? plan.baselineSize
    if let base = perController[plan.baselineSize], let top = perController[largest], base > .zero {
      let growth = top / base
      let linear = growth <= 2
      section.notes.append(
        "Own work per controller at \(Format.count(largest)) is \(Format.ratio(growth)) that at "
          + "\(Format.count(plan.baselineSize)): "
          + (linear
            ? "linear (within 2×)."
            : "grows faster than linear (more than 2×)."))
      report.verdicts.append(
        .init(
          name: "own work linear in controllers (\(Format.count(plan.baselineSize)) → \(Format.count(largest)))",
          target: "per-controller cost ≤ 2× ", measured: Format.ratio(growth), met: linear))
    }
    section.notes += [
      "Each scenario: a tab bar with 4 navigation controllers whose stacks share the other controllers, built in "
        + "\(Workload.wideStepCount) steps (setViewControllers ×4, setTabs, setRoot): wide, not deep.",
      "whole run: measured in process with the library, as `vcgraph render --format svg` does it: "
        + "Scenario(contentsOfFile:) + Replay + Renderer.renderFrames + OutputDirectory.Staging (a child process "
        + "adds only its start, tens of milliseconds). own work: the whole run minus Graphviz's layout and "
        + "rendering (building cgraph graphs counts as vcgraph's).",
    ]
    finish(section)
  }

  // MARK: - 5: memory

  /// Peak memory of a short and of the long scenario's render.
  func measureMemory() throws(BenchmarkError) {
    // Each flow a few times, in turn with the other, and the median of each: a peak moves by a
    // few MiB from one run to the next (the threads' timing), more than the target allows for.
    let flows = [plan.shortFlowSteps, plan.longFlowSteps]
    var scenarios: [String] = []
    for steps in flows {
      scenarios.append(try workspace.writeScenario(Workload.longFlow(steps: steps), named: "flow-\(steps).yaml"))
    }
    var measured: [[Int]] = flows.map { _ in [] }
    for round in 1...plan.memoryRounds {
      for (index, steps) in flows.enumerated() {
        progress("vcgraph render --format svg, \(steps) frames (peak memory, run \(round) of \(plan.memoryRounds))")
        measured[index].append(try render(scenarios[index], format: "svg", measuringMemory: true).run.peakMemory)
      }
    }
    let peaks = zip(flows, measured).map { steps, runs in (frames: steps, peak: Self.median(runs)) }
    let short = peaks[0]
    let long = peaks[1]
    let ratio = Double(long.peak) / Double(max(short.peak, 1))
    let met = ratio <= 1.1
    var section = Report.Section(
      title: "Peak memory (vcgraph render --format svg, child process)", columns: ["frames", "peak RSS"])
    section.rows = peaks.map { [Format.count($0.frames), Format.memory($0.peak)] }
    section.notes = [
      "Peak resident memory (ru_maxrss from wait4) of `vcgraph render`, started by a small helper process so "
        + "that the benchmark's own memory is not counted; the median of \(plan.memoryRounds) runs of each, taken in "
        + "turn. \(Format.count(long.frames)) frames use "
        + "\(Format.ratio(ratio)) the memory of \(Format.count(short.frames)) (target ≤ 1.10×): \(met ? "PASS" : "MISS")."
    ]
    report.verdicts.append(
      .init(
        name: "peak memory, \(Format.count(long.frames)) vs \(Format.count(short.frames)) frames", target: "≤ 1.10×",
        measured: Format.ratio(ratio), met: met))
    finish(section)
  }

  // MARK: - render --jobs

  /// `render --jobs 2` against `--jobs 1`, when vcgraph has `--jobs`: on a batch of scenarios (the
  /// target), and on the long scenario alone, whose frames the two workers share.
  func measureJobs() throws(BenchmarkError) {
    let batchCount = 8
    var section = Report.Section(
      title: "render --jobs 2 against --jobs 1 (SVG)",
      columns: ["workload", "--jobs 1", "--jobs 2", "speed-up", "same output"])
    let help = try MeasuredRun.run(vcgraph, ["render", "--help"], scratch: workspace.url).standardOutput
    guard help.contains("--jobs") else {
      section.notes = ["Skipped: this vcgraph's `render --help` has no --jobs option."]
      report.verdicts.append(.init(name: "--jobs 2 vs --jobs 1", target: "≥ 1.70×", measured: "no --jobs", met: nil))
      finish(section)
      return
    }
    var batch: [String] = []
    for number in 1...batchCount {
      batch.append(
        try workspace.writeScenario(Workload.longFlow(steps: plan.flowSteps), named: "batch-\(number).yaml"))
    }
    // Written here too: `--measure jobs` alone runs no measure that writes it before.
    let long = try workspace.writeScenario(
      Workload.longFlow(steps: plan.longFlowSteps), named: "flow-\(plan.longFlowSteps).yaml")
    let workloads = [
      (name: "\(batchCount) scenarios of \(Format.count(plan.flowSteps)) steps", scenarios: batch),
      (name: "1 scenario of \(Format.count(plan.longFlowSteps)) steps", scenarios: [long]),
    ]
    var batchSpeedUp = 0.0
    var batchIdentical = false
    for (index, workload) in workloads.enumerated() {
      progress("vcgraph render --jobs 1, \(workload.name)")
      let one = try render(workload.scenarios, format: "svg", arguments: ["--jobs", "1"], keeping: true)
      progress("vcgraph render --jobs 2, \(workload.name)")
      let two = try render(workload.scenarios, format: "svg", arguments: ["--jobs", "2"], keeping: true)
      let identical = sameFiles(one.output, two.output)
      let speedUp = one.run.wallTime / two.run.wallTime
      if index == 0 { (batchSpeedUp, batchIdentical) = (speedUp, identical) }
      section.rows.append([
        workload.name, Format.time(one.run.wallTime), Format.time(two.run.wallTime), Format.ratio(speedUp),
        identical ? "yes" : "NO",
      ])
    }
    let met = batchSpeedUp >= 1.7 && batchIdentical
    section.notes = [
      "Target (the batch): ≥ 1.70× on 2 cores with the same output: \(met ? "PASS" : "MISS"). "
        + "The long scenario alone is shown too: each worker drawing part of a scenario computes its "
        + "stable layout over every step again, so a single scenario gains less."
    ]
    report.verdicts.append(
      .init(
        name: "--jobs 2 vs --jobs 1 (\(batchCount) scenarios)", target: "≥ 1.70×, same output",
        measured: Format.ratio(batchSpeedUp) + (batchIdentical ? "" : ", output differs"), met: met))
    finish(section)
  }

  // MARK: - Running vcgraph

  /// Runs `vcgraph render SCENARIO -o DIR --format FORMAT` into a new folder, and removes the folder
  /// afterwards unless `keeping`. Returns the run and the folder its frames were written to.
  /// With `measuringMemory`, it is started through a helper process
  /// (``MeasuredRun/measuredThroughHelper(_:benchmark:scratch:)``), and its peak memory is its own.
  func render(
    _ scenario: String, format: String, arguments: [String] = [], keeping: Bool = false, measuringMemory: Bool = false
  ) throws(BenchmarkError) -> (run: ChildRun, folder: String) {
    let rendered = try render(
      [scenario], format: format, arguments: arguments, keeping: keeping, measuringMemory: measuringMemory)
    let stem = URL(fileURLWithPath: scenario).deletingPathExtension().lastPathComponent
    return (rendered.run, "\(rendered.output)/\(stem)")
  }

  /// Runs `vcgraph render SCENARIO... -o DIR --format FORMAT` into a new folder DIR, returned as
  /// `output`, and removes it afterwards unless `keeping`.
  private func render(
    _ scenarios: [String], format: String, arguments: [String] = [], keeping: Bool = false,
    measuringMemory: Bool = false
  ) throws(BenchmarkError) -> (run: ChildRun, output: String) {
    runCount += 1
    let output = "render-\(runCount)"
    let command = ["render"] + scenarios + ["-o", workspace.path(output), "--format", format] + arguments
    let run =
      measuringMemory
      ? try MeasuredRun.measuredThroughHelper([vcgraph] + command, benchmark: benchmark, scratch: workspace.url)
      : try MeasuredRun.run(vcgraph, command, scratch: workspace.url)
    if !keeping { workspace.removeItem(output) }
    return (run, workspace.path(output))
  }

  /// The size of the first frame vcgraph wrote into `folder`, in pixels at the PNG's resolution:
  /// `1365 × 1024 px` (read from a PNG's header, or from an SVG's size in points, 4/3 of a pixel each).
  static func canvasSize(inFolder folder: String, format: String) -> String {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
      $0.hasSuffix("." + format)
    }.sorted()
    guard let first = names.first, let data = FileManager.default.contents(atPath: "\(folder)/\(first)") else {
      return "?"
    }
    let bytes = [UInt8](data)
    if format == "png", bytes.count >= 24 {
      func bigEndian(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
      return "\(bigEndian(16)) × \(bigEndian(20)) px"
    }
    let text = String(decoding: bytes.prefix(2_000), as: UTF8.self)
    guard let match = text.firstMatch(of: #/viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"/#),
      let width = Double(match.output.1), let height = Double(match.output.2)
    else { return "?" }
    return "\(Int((width * 4 / 3).rounded())) × \(Int((height * 4 / 3).rounded())) px"
  }

  /// Whether two folders hold the same files, however deep, with the same bytes.
  private func sameFiles(_ first: String, _ second: String) -> Bool {
    let manager = FileManager.default
    let names = (manager.subpaths(atPath: first) ?? []).sorted()
    guard !names.isEmpty, names == (manager.subpaths(atPath: second) ?? []).sorted() else { return false }
    for name in names
    where manager.contents(atPath: "\(first)/\(name)") != manager.contents(atPath: "\(second)/\(name)") {
      return false
    }
    return true
  }

  /// Adds a target and whether this run met it to the report.
  func judge(_ verdict: Report.Verdict) {
    report.verdicts.append(verdict)
  }

  func finish(_ section: Report.Section) {
    report.sections.append(section)
    onSection(section)
  }

  func progress(_ message: String) {
    FileHandle.standardError.write(Data("… \(message)\n".utf8))
  }

  /// The middle value of `values` (the upper of the two middle ones); zero when there is none.
  static func median<Value: Comparable & AdditiveArithmetic>(_ values: [Value]) -> Value {
    let sorted = values.sorted()
    return sorted.isEmpty ? .zero : sorted[sorted.count / 2]
  }
}
