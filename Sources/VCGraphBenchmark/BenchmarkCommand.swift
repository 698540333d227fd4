import ArgumentParser
import Foundation

/// `vcgraph-bench`: measures vcgraph against a `dot` process per frame and against Graphviz alone, how
/// its cost grows with the hierarchy, and its peak memory, on workloads it generates itself.
@main
struct BenchmarkCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "vcgraph-bench",
    abstract: "Measure vcgraph's speed and memory against Graphviz, on workloads it generates.",
    discussion: """
      Runs the `vcgraph` executable built beside this one as a child process, `dot` from PATH, and
      vcgraph's library in process; generates its scenarios in a temporary folder and removes it at
      the end. Prints one table per measure, then the targets and whether they were met. Progress
      goes to standard error. The full run takes several minutes; --quick is a smoke test.

      Example:
        for product in vcgraph vcgraph-bench; do
          swift build -c release --static-swift-stdlib --product $product
        done
        .build/release/vcgraph-bench --output bench.md
      """
  )

  @Flag(help: "Small workloads, for a smoke test (well under a minute).")
  var quick = false

  @Option(help: ArgumentHelp("Also write the results as Markdown to FILE.", valueName: "FILE"))
  var output: String?

  @Option(
    name: .customLong("measure"),
    help: ArgumentHelp(
      "Run only these measures (comma-separated, or the option repeated): "
        + "\(Measurements.Measure.allCases.map(\.rawValue).joined(separator: ", ")).",
      valueName: "NAME"),
    transform: { value in
      try value.split(separator: ",").map { name in
        guard let measure = Measurements.Measure(rawValue: String(name)) else {
          throw ValidationError(
            "--measure: '\(name)' is not a measure; use "
              + "\(Measurements.Measure.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return measure
      }
    })
  var measureLists: [[Measurements.Measure]] = []

  /// Internal: run the command after `--` as a child of this small, fresh process and print its wall
  /// time (ns) and peak memory (bytes). See ``MeasuredRun/measuredThroughHelper(_:benchmark:scratch:)``.
  @Option(help: .hidden)
  var measureChildIn: String?

  @Argument(parsing: .postTerminator, help: .hidden)
  var measuredCommand: [String] = []

  /// Internal: write the storyboards the atlas measure draws into this folder (`set/`, `big.storyboard`,
  /// `cross.storyboard`), to draw them by hand or with another build, and stop.
  @Option(help: .hidden)
  var writeAtlasInputs: String?

  func run() throws {
    do {
      if let folder = writeAtlasInputs {
        try Measurements.writeAtlasInputs(plan: quick ? Plan.quick : Plan.full, into: folder)
        return
      }
      if let scratch = measureChildIn {
        try MeasuredRun.runAsHelper(measuredCommand, scratch: URL(fileURLWithPath: scratch, isDirectory: true))
        return
      }
      try measure()
    } catch {
      FileHandle.standardError.write(Data("\(error.description)\n".utf8))
      throw ExitCode.failure
    }
  }

  private func measure() throws(BenchmarkError) {
    let vcgraph = try Self.locateVCGraph()
    guard let dot = MeasuredRun.locate("dot") else {
      throw .missingProgram(
        name: "dot", looked: "in PATH", fix: "install Graphviz (`apt-get install graphviz`, or ./scripts/install-deps)")
    }
    let workspace = try Workspace()
    defer { workspace.remove() }
    let plan = quick ? Plan.quick : Plan.full
    let machine = Machine.current(dot: dot, scratch: workspace.url)
    var report = Report()
    report.heading =
      ["vcgraph benchmark (\(quick ? "--quick" : "full run")), \(Self.now())"] + machine.description + [
        "Load average at start: \(Self.loadAverage()) (other work on the machine slows every number)",
        "vcgraph: \(vcgraph) (Swift runtime linked \(Self.swiftRuntimeLinking))",
        "Workspace: \(workspace.url.path), on \(Machine.fileSystem(of: workspace.url.path) ?? "an unknown file system") "
          + "(TMPDIR chooses where: creating files on ext4 without a journal costs more after deletions)",
      ]
    Self.say(report.heading.joined(separator: "\n"))
    let measurements = try Measurements(
      plan: plan, vcgraph: vcgraph, dot: dot, benchmark: Self.executablePath, workspace: workspace, report: report,
      onSection: { section in Self.say("\n" + section.text) })
    try measurements.measureAll(measureLists.flatMap { $0 })
    report = measurements.report
    report.heading.append("Load average at end: \(Self.loadAverage())")
    Self.say("\n" + report.summary.text)
    Self.say("Load average at end: \(Self.loadAverage())")
    if let output {
      do {
        try Data(report.markdown.utf8).write(to: URL(fileURLWithPath: output))
      } catch {
        throw .file(path: output, reason: "cannot write the results: \(error.localizedDescription)")
      }
      Self.say("Results written to \(output)")
    }
  }

  /// Prints a line on standard output at once (not buffered), so it keeps its place among the
  /// progress lines on standard error when both go to one file.
  private static func say(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }

  /// This executable's own path.
  private static var executablePath: String {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
  }

  /// The `vcgraph` executable beside this one (both are products of the same build).
  private static func locateVCGraph() throws(BenchmarkError) -> String {
    let candidates = [
      URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(),
      URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath(),
    ].map { $0.deletingLastPathComponent().appendingPathComponent("vcgraph").path }
    guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
      throw .missingProgram(
        name: "vcgraph", looked: "beside vcgraph-bench: \(candidates.first ?? "")",
        fix:
          "build both with `swift build -c release --static-swift-stdlib --product vcgraph` (then --product "
          + "vcgraph-bench) and run `.build/release/vcgraph-bench`")
    }
    return found
  }

  /// How this build links the Swift runtime and Foundation, as the `vcgraph` beside it does (one
  /// build makes both): `statically` (`--static-swift-stdlib`), or `dynamically`, when this process
  /// has `libswiftCore.so` mapped. A dynamically linked vcgraph starts some milliseconds later in
  /// each of its two processes (the dynamic loader binding the runtime's symbols).
  private static var swiftRuntimeLinking: String {
    let maps = (try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)) ?? ""
    return maps.contains("libswiftCore.so") ? "dynamically" : "statically"
  }

  private static func loadAverage() -> String {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
    let fields = text.split(separator: " ").prefix(3)
    return fields.count == 3 ? fields.joined(separator: " ") : "unknown"
  }

  private static func now() -> String {
    ISO8601DateFormatter().string(from: Date())
  }
}
