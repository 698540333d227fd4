import Foundation
import Testing

/// `vcgraph render --jobs N` spreads the frames over N worker processes and writes the same files,
/// byte for byte, as `--jobs 1`; a worker that dies fails only the scenarios it was rendering.
@Suite struct JobsTests {
  /// Every file under `relativePath`, by path inside it, with its bytes.
  static func tree(_ folder: TemporaryFolder, _ relativePath: String) throws -> [String: [UInt8]] {
    let root = folder(relativePath)
    var files: [String: [UInt8]] = [:]
    let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
    while let url = enumerator?.nextObject() as? URL {
      guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
      let name = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
      files[name] = [UInt8](try Data(contentsOf: url))
    }
    return files
  }

  /// Asserts that two rendered trees hold the same files with the same bytes.
  static func expectSameTrees(_ one: [String: [UInt8]], _ other: [String: [UInt8]]) {
    #expect(one.keys.sorted() == other.keys.sorted())
    let different = one.keys.filter { one[$0] != other[$0] }.sorted()
    #expect(different.isEmpty, "files that differ: \(different.prefix(10))")
  }

  /// Four samples, in `some/` (one with the replay's warnings): two scenarios for each of two
  /// workers. The slow tier renders every sample (``CLISlowTests``).
  static let someSamples = ["logged-mistakes.yaml", "navigation.yaml", "sheet-detents.yaml", "tab-bar.yaml"]

  /// Copies ``someSamples`` into `some/`.
  static func copySomeSamples(_ folder: TemporaryFolder) throws {
    for name in someSamples {
      try folder.write(
        try String(contentsOf: samplesFolder.appendingPathComponent(name), encoding: .utf8), to: "some/" + name)
    }
  }

  @Test func jobsWriteTheSameFilesAsOneProcess() throws {
    try withTemporaryFolder { folder in
      try Self.copySomeSamples(folder)
      // Without --jobs: one worker a core, the scenarios shared whole.
      try Self.expectJobsWriteTheSameFiles(in: folder, scenarios: "some", jobs: ["2", nil])
    }
  }

  /// Renders `scenarios` with every output at once, with `--jobs 1` and with each of `jobs` (nil:
  /// without `--jobs`): the same files, the same lines on standard output and standard error.
  static func expectJobsWriteTheSameFiles(in folder: TemporaryFolder, scenarios: String, jobs: [String?]) throws {
    let options = ["--format", "svg,png,dot", "--html", "--markdown", "--theme", "both", "--events"]
    let one = try runVCGraph(["render", scenarios, "-o", "one", "--jobs", "1"] + options, in: folder.url)
    try #require(one.status == 0, "\(one)")
    let expected = try Self.tree(folder, "one")
    let count = folder.contents(of: scenarios).count
    #expect(expected.count > count * 10)
    // The replay's warnings, as before.
    #expect(one.standardError.contains("warning:"))
    print("jobs: \(scenarios) drawn by one process")
    for workers in jobs {
      let asked = workers.map { ["--jobs", $0] } ?? []
      let two = try runVCGraph(["render", scenarios, "-o", "two"] + asked + options, in: folder.url)
      try #require(two.status == 0, "\(two)")
      Self.expectSameTrees(expected, try Self.tree(folder, "two"))
      // The same lines, in the same order.
      #expect(two.standardOutput.replacingOccurrences(of: "→ two/", with: "→ one/") == one.standardOutput)
      // More workers than cores are capped, with a warning of their own (--jobs 3 on 2 cores).
      let warnings = two.standardError.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.hasPrefix("warning: --jobs \(workers ?? ""): ") }.joined(separator: "\n")
      #expect(warnings == one.standardError)
      #expect(!folder.contents(of: "two/navigation").contains { $0.hasPrefix(".vcgraph-staging") })
      try FileManager.default.removeItem(at: folder("two"))
      print("jobs: \(scenarios) drawn by \(workers ?? "one a core of the") workers, the same files")
    }
  }

  @Test func jobsWithOneStepKeepTheOtherStepsAsOneProcessDoes() throws {
    try withTemporaryFolder { folder in
      try Self.copySomeSamples(folder)
      let full = try folder.vcgraph("render", "some", "-o", "one", "--format", "svg,png")
      try #require(full.status == 0, "\(full)")
      try FileManager.default.copyItem(at: folder("one"), to: folder("two"))
      let one = try folder.vcgraph("render", "some", "-o", "one", "--step", "3", "--format", "png,dot")
      let two = try folder.vcgraph("render", "some", "-o", "two", "--step", "3", "--format", "png,dot", "-j", "2")
      try #require(one.status == 0, "\(one)")
      try #require(two.status == 0, "\(two)")
      Self.expectSameTrees(try Self.tree(folder, "one"), try Self.tree(folder, "two"))
    }
  }

  @Test func aPageOnlyDrawingIsNeitherWrittenNorListed() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let one = try folder.vcgraph("render", "samples/tab-bar.yaml", "samples/navigation.yaml", "-o", "one", "--html")
      let two = try folder.vcgraph(
        "render", "samples/tab-bar.yaml", "samples/navigation.yaml", "-o", "two", "--html", "--format", "png", "-j", "2"
      )
      let twoSVG = try folder.vcgraph(
        "render", "samples/tab-bar.yaml", "samples/navigation.yaml", "-o", "svg", "--html", "-j", "2")
      try #require(one.status == 0 && two.status == 0 && twoSVG.status == 0, "\(one)\n\(two)\n\(twoSVG)")
      Self.expectSameTrees(try Self.tree(folder, "one"), try Self.tree(folder, "svg"))
      let files = folder.contents(of: "two/tab-bar")
      #expect(files.contains("index.html"))
      #expect(!files.contains { $0.hasSuffix(".svg") })
      let page = String(decoding: try folder.bytes("two/tab-bar/index.html"), as: UTF8.self)
      #expect(page.contains("<svg"))
    }
  }

  @Test func jobsAreCountedFromOne() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try folder.vcgraph("render", "samples/navigation.yaml", "--jobs", "0")
      #expect(result.status == 64)
      #expect(
        result.standardError.contains(
          "The value '0' is invalid for '--jobs <N>': give a number of worker processes from 1 to 1024."),
        "\(result)")
      #expect(!folder.exists("diagrams"))
    }
  }

  @Test func aScenarioThatFailsToLoadFailsAloneWithJobs() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      try folder.write("steps: [", to: "broken.yaml")
      let result = try folder.vcgraph("render", "broken.yaml", "samples/navigation.yaml", "-o", "out", "-j", "2")
      #expect(result.status == 1)
      #expect(result.standardError.contains("broken.yaml:"))
      #expect(folder.contents(of: "out") == ["navigation"])
      #expect(folder.contents(of: "out/navigation").count == 7)
    }
  }

  /// A worker killed in the middle fails the scenario it was rendering, with a message, and
  /// writes nothing of it; the other worker's scenario is written.
  @Test func aWorkerThatDiesFailsOnlyItsScenarios() throws {
    try withTemporaryFolder { folder in
      try folder.write(longScenario(steps: 200), to: "first.yaml")
      try folder.write(longScenario(steps: 200), to: "second.yaml")
      let run = try BackgroundRun(["render", "first.yaml", "second.yaml", "-o", "out", "-j", "2"], in: folder.url)
      let workers = try #require(run.waitForChildren(count: 2))
      // The plan gives the first worker first.yaml, the second second.yaml: it is drawing it.
      #expect(run.waitUntil { folder.stagedFileCount(in: "out/second") >= 1 }, "no frame of second.yaml was staged")
      kill(workers[1], SIGKILL)
      let result = try run.wait()
      #expect(result.status == 1, "\(result)")
      #expect(
        result.standardError.contains("second.yaml: error: the worker process rendering it was killed by signal 9"))
      #expect(result.standardOutput.contains("first.yaml → out/first (200 steps, 201 files)"))
      #expect(folder.contents(of: "out/first").count == 201)
      #expect(folder.contents(of: "out/second").isEmpty)
    }
  }

  /// One long scenario is cut into pieces for the workers, laid out once by the first, which keeps
  /// the layout for the others: the files are those of one process, byte for byte.
  @Test func aScenarioCutIntoPiecesIsLaidOutOnceAndDrawsTheSameFiles() throws {
    try withTemporaryFolder { folder in
      try folder.write(longScenario(steps: 60), to: "long.yaml")
      let one = try runVCGraph(
        ["render", "long.yaml", "-o", "one", "--format", "svg,dot", "--theme", "both"], in: folder.url)
      let two = try runVCGraph(
        ["render", "long.yaml", "-o", "two", "--format", "svg,dot", "--theme", "both", "-j", "2"], in: folder.url)
      try #require(one.status == 0, "\(one)")
      try #require(two.status == 0, "\(two)")
      let expected = try Self.tree(folder, "one")
      #expect(expected.count == 60 * 4 + 1)
      Self.expectSameTrees(expected, try Self.tree(folder, "two"))
      // The kept layout goes with the staging folder.
      #expect(folder.contents(of: "two/long").allSatisfy { !$0.hasPrefix(".") })
    }
  }

  /// A worker that dies while it lays out a scenario for the others fails that scenario alone,
  /// saying so; the pieces waiting for the layout are not drawn, and another scenario is.
  @Test func aWorkerThatDiesLayingOutASharedLayoutFailsOnlyThatScenario() throws {
    try withTemporaryFolder { folder in
      try folder.write(longScenario(steps: 60), to: "long.yaml")
      try folder.write(longScenario(steps: 4), to: "short.yaml")
      let executable = try #require(vcgraphExecutable)
      let result = try runProgram(
        executable, ["render", "long.yaml", "short.yaml", "-o", "out", "-j", "2"], in: folder.url,
        environment: ["VCGRAPH_TEST_WORKER_FAULT": "abort:long.yaml:0"])
      #expect(result.status == 1, "\(result)")
      #expect(
        result.standardError.contains(
          "long.yaml: error: Graphviz crashed while laying out the frames of its steps together (signal 6, Aborted)"),
        "\(result)")
      #expect(result.standardOutput == "short.yaml → out/short (5 steps, 6 files)\n")
      #expect(!folder.exists("out/long"))
    }
  }
}

/// A scenario of `steps` steps: tabs of navigation stacks, pushes, pops, tab changes and a sheet.
func longScenario(steps: Int) -> String {
  var lines = ["title: A long flow", "controllers:", "  tabs: UITabBarController"]
  let stacks = (0..<3).map { "nav\($0)" }
  for stack in stacks {
    lines.append("  \(stack): UINavigationController")
    for screen in 0..<5 {
      lines.append("  \(stack)_s\(screen): { class: Screen\(screen)ViewController, title: \(stack) \(screen) }")
    }
  }
  lines.append("  sheet: { class: SheetViewController, title: Sheet }")
  lines.append("steps:")
  for stack in stacks { lines += ["  - setViewControllers: [\(stack)_s0]", "    on: \(stack)"] }
  lines += ["  - setTabs: [\(stacks.joined(separator: ", "))]", "    on: tabs", "  - setRoot: tabs"]
  var count = stacks.count + 2
  var depth = Array(repeating: 1, count: stacks.count)
  var tab = 0
  var turn = 0
  while count < steps {
    turn += 1
    if turn % 9 == 0 {
      tab = (tab + 1) % stacks.count
      lines += ["  - selectTab: \(tab)", "    on: tabs"]
    } else if turn % 13 == 0, count + 1 < steps {
      lines += ["  - present: sheet", "    from: tabs", "    style: formSheet", "  - dismiss: sheet"]
      count += 1
    } else if depth[tab] < 5, turn % 3 != 2 {
      lines += ["  - push: \(stacks[tab])_s\(depth[tab])", "    on: \(stacks[tab])"]
      depth[tab] += 1
    } else if depth[tab] > 1 {
      lines += ["  - pop: \(stacks[tab])"]
      depth[tab] -= 1
    } else {
      lines += ["  - push: \(stacks[tab])_s1", "    on: \(stacks[tab])"]
      depth[tab] += 1
    }
    count += 1
  }
  return lines.joined(separator: "\n") + "\n"
}

/// `vcgraph` running in the background, its output captured in files, for a test to signal it or
/// its workers while it runs.
final class BackgroundRun {
  let process = Process()
  private let capture: URL
  private let exited = DispatchSemaphore(value: 0)

  init(_ arguments: [String], in directory: URL, executable: URL? = nil) throws {
    capture = FileManager.default.temporaryDirectory.appendingPathComponent("vcgraph-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
    for name in ["stdout", "stderr"] {
      try Data().write(to: capture.appendingPathComponent(name))
    }
    let built: URL = try #require(vcgraphExecutable, "the vcgraph executable is not built")
    process.executableURL = executable ?? built
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: capture.appendingPathComponent("stdout"))
    process.standardError = try FileHandle(forWritingTo: capture.appendingPathComponent("stderr"))
    let exited = exited
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
  }

  /// A test that stopped early (a failed `#require`) ends the run, and waits for it and its
  /// workers, before its temporary folder is removed.
  deinit {
    if !hasEnded {
      kill(-process.processIdentifier, SIGKILL)
      waitForEnd()
    }
    try? FileManager.default.removeItem(at: capture)
  }

  private var hasEnded = false

  /// Waits, once, for the process and its process group to end.
  private func waitForEnd() {
    guard !hasEnded else { return }
    hasEnded = true
    waitForExit(process, exited, arguments: process.arguments ?? [])
  }

  /// The process's children, from Linux's `/proc/PID/task/PID/children`, in the order started.
  var children: [pid_t] {
    let pid = process.processIdentifier
    let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
    return text.split(separator: " ").compactMap { pid_t($0) }.sorted()
  }

  /// Waits for the process to have `count` children and returns them; nil when it ends first, or
  /// does not start them in 6,000 looks 10 ms apart (a minute: only a hang takes that long).
  func waitForChildren(count: Int) -> [pid_t]? {
    for _ in 0..<6_000 {
      let children = children
      if children.count >= count { return children }
      guard process.isRunning else { return nil }
      usleep(10_000)
    }
    return nil
  }

  /// Waits until `condition` holds, looking every 10 ms, 6,000 times at most (a minute: only a
  /// hang takes that long); false when the process ends first or it never holds.
  func waitUntil(_ condition: () -> Bool) -> Bool {
    for _ in 0..<6_000 {
      if condition() { return true }
      guard process.isRunning else { return condition() }
      usleep(10_000)
    }
    return false
  }

  /// Waits for the process, and every worker of its process group, to end; what it printed and
  /// how it exited.
  func wait() throws -> CommandResult {
    waitForEnd()
    return CommandResult(
      status: process.terminationReason == .uncaughtSignal
        ? 128 + process.terminationStatus : process.terminationStatus,
      standardOutput: try String(contentsOf: capture.appendingPathComponent("stdout"), encoding: .utf8),
      standardError: try String(contentsOf: capture.appendingPathComponent("stderr"), encoding: .utf8))
  }
}
