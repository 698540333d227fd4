import Foundation
import Testing

@testable import VCGraphCLI

/// A long `vcgraph render` shows its progress on standard error only when that is a terminal, and
/// an interrupted one (SIGINT, SIGTERM) leaves the earlier render as it was, no staging folder and
/// no worker process behind.
@Suite(.serialized) struct ProgressAndInterruptTests {
  /// Without a terminal nothing is drawn, even with the line asked for at once
  /// (`VCGRAPH_PROGRESS_DELAY=0`), so a short render shows it as a long one would.
  @Test func progressIsQuietWhenStandardErrorIsNotATerminal() throws {
    try withTemporaryFolder { folder in
      try folder.write(longScenario(steps: 30), to: "flow.yaml")
      let executable = try #require(vcgraphExecutable)
      for jobs in ["1", "2"] {
        let result = try runProgram(
          executable, ["render", "flow.yaml", "-o", "out\(jobs)", "-j", jobs], in: folder.url,
          environment: ["VCGRAPH_PROGRESS_DELAY": "0"])
        #expect(result.status == 0, "\(result)")
        #expect(result.standardError.isEmpty, "\(result)")
        #expect(result.standardOutput == "flow.yaml → out\(jobs)/flow (30 steps, 31 files)\n")
      }
    }
  }

  /// Under `script`, standard error is a terminal: the line is drawn in place, then erased.
  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"),
      "needs /usr/bin/script to give vcgraph a terminal (Debian's bsdutils)"))
  func progressIsDrawnInPlaceOnATerminalAndErasedAtTheEnd() throws {
    try withTemporaryFolder { folder in
      try folder.write(longScenario(steps: 150), to: "flow.yaml")
      let executable = try #require(vcgraphExecutable)
      for jobs in ["1", "2"] {
        // stdout goes to a file, so what the terminal shows is standard error alone. A render of 150
        // SVG frames may take less than the second before the line shows: it shows at once here.
        let command = "'\(executable.path)' render flow.yaml -o out\(jobs) -j \(jobs) --events > stdout\(jobs).txt"
        let result = try runProgram(
          URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"], in: folder.url,
          environment: ["VCGRAPH_PROGRESS_DELAY": "0"])
        #expect(result.status == 0, "\(result)")
        let terminal = result.standardOutput
        #expect(terminal.contains("\r"), "\(result)")
        #expect(terminal.contains("/150 frames · "), "\(result)")
        #expect(terminal.contains("/1 scenarios"), "\(result)")
        #expect(terminal.contains(" left\u{1B}[K"), "\(result)")
        #expect(terminal.hasSuffix("\r\u{1B}[K"), "\(result)")
        let stdout = String(decoding: try folder.bytes("stdout\(jobs).txt"), as: UTF8.self)
        #expect(stdout == "flow.yaml → out\(jobs)/flow (150 steps, 151 files)\n")
      }
    }
  }

  @Test func progressLineReadsFramesScenariosAndTimeLeft() {
    #expect(
      Progress.line(frames: 120, of: 2000, scenarios: 3, of: 21, elapsed: 2.7)
        == "120/2000 frames · 3/21 scenarios · 0:43 left")
    #expect(Progress.line(frames: 0, of: 10, scenarios: 0, of: 1, elapsed: 1) == "0/10 frames · 0/1 scenarios")
    #expect(Progress.duration(42) == "0:42")
    #expect(Progress.duration(725) == "12:05")
    #expect(Progress.duration(3723) == "1:02:03")
  }

  @Test(arguments: [("1", SIGINT), ("2", SIGINT), ("2", SIGTERM)])
  func anInterruptedRenderLeavesTheEarlierOneAsItWas(jobs: String, signal: Int32) throws {
    try withTemporaryFolder { folder in
      // The earlier render is a short flow; the interrupted one, of the same file, a long one.
      try folder.write(longScenario(steps: 20), to: "flow.yaml")
      let first = try folder.vcgraph("render", "flow.yaml", "-o", "out", "--format", "svg")
      try #require(first.status == 0, "\(first)")
      let earlier = try JobsTests.tree(folder, "out")
      #expect(earlier.count == 21)

      try folder.write(longScenario(steps: 120), to: "flow.yaml")
      let run = try BackgroundRun(
        ["render", "flow.yaml", "-o", "out", "--format", "svg,png", "--events", "-j", jobs], in: folder.url)
      // One worker with --jobs 1, two with --jobs 2.
      let workers = try #require(run.waitForChildren(count: Int(jobs) ?? 1))
      // Frames are in the staging folder, far from the end of the run (240 files, a PNG each
      // taking longer than the 10 ms between two looks).
      #expect(run.waitUntil { folder.stagedFileCount(in: "out/flow") >= 4 }, "no frame was staged")
      #expect(folder.contents(of: "out/flow").contains { $0.hasPrefix(".vcgraph-staging-") })
      kill(run.process.processIdentifier, signal)
      let result = try run.wait()

      #expect(result.status == 128 + signal, "\(result)")
      #expect(result.standardOutput.isEmpty, "\(result)")
      #expect(result.standardError.isEmpty, "\(result)")
      #expect(!folder.contents(of: "out/flow").contains { $0.hasPrefix(".vcgraph-staging-") })
      JobsTests.expectSameTrees(earlier, try JobsTests.tree(folder, "out"))
      for worker in workers {
        // The parent killed and reaped its workers before exiting: none is left.
        #expect(kill(worker, 0) == -1 && errno == ESRCH, "worker \(worker) is still running")
      }
    }
  }
}
