import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What a break-in attempt found in the commands, each pinned: names made from inputs never leave
/// their folder, odd inputs and outputs get plain messages, `--jobs` is capped, and a Ctrl-C is an
/// interruption whichever process sees it first.
@Suite struct BreakInTests {
  /// A scenario file named `...yaml` or `..yaml` used to render into the parent of `-o`, or into
  /// `-o` itself, replacing the user's own files there.
  @Test(arguments: [("...yaml", "scenario"), ("..yaml", "scenario"), (".yaml", "yaml")])
  func aScenarioNamedWithDotsRendersInsideTheOutputFolder(_ name: String, stem: String) throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let scenario = try String(contentsOf: folder("samples/navigation.yaml"), encoding: .utf8)
      try folder.write(scenario, to: "in/\(name)")
      try folder.write("mine", to: "site/index.json")
      try folder.write("mine", to: "site/docs/index.json")
      let result = try runVCGraph(["render", "in/\(name)", "-o", "site/docs"], in: folder.url)
      #expect(result.status == 0, "\(result)")
      #expect(result.standardOutput == "in/\(name) → site/docs/\(stem) (6 steps, 7 files)\n", "\(result)")
      #expect(try String(contentsOf: folder("site/index.json"), encoding: .utf8) == "mine")
      #expect(try String(contentsOf: folder("site/docs/index.json"), encoding: .utf8) == "mine")
      #expect(folder.contents(of: "site/docs") == ["index.json", stem])
      #expect(folder.contents(of: "site/docs/\(stem)").count == 7)
    }
  }

  /// A dump or a storyboard whose name starts with dots is written under a name that stays in the
  /// folder and is not hidden.
  @Test func importAndStoryboardNamesStayInTheirFolder() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let dump = try String(contentsOf: folder("samples/dumps/settings-after.txt"), encoding: .utf8)
      try folder.write(dump, to: "in/...txt")
      let imported = try runVCGraph(["import", "in/...txt", "-o", "out", "--format", "text"], in: folder.url)
      #expect(imported.status == 0, "\(imported)")
      #expect(folder.contents(of: "out") == ["hierarchy.txt"])
      let storyboard = try String(contentsOf: folder("samples/storyboards/Settings.storyboard"), encoding: .utf8)
      try folder.write(storyboard, to: "in/..storyboard")
      let drawn = try runVCGraph(["storyboard", "in/..storyboard", "-o", "boards", "--format", "json"], in: folder.url)
      #expect(drawn.status == 0, "\(drawn)")
      #expect(folder.contents(of: "boards") == ["storyboard.json"])
    }
  }

  /// `-o` naming a file says so, instead of Foundation's `NSCocoaErrorDomain error 512`.
  @Test func anOutputFolderThatIsAFileIsSaidPlainly() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      try folder.write("not a folder", to: "taken")
      let result = try runVCGraph(["render", "samples/navigation.yaml", "-o", "taken/docs"], in: folder.url)
      #expect(result.status == 1, "\(result)")
      #expect(
        result.standardError.contains("taken: error: cannot write: it is a file, not a folder; write into a folder"),
        "\(result)")
      #expect(!result.standardError.contains("NSCocoaErrorDomain"), "\(result)")
      #expect(try String(contentsOf: folder("taken"), encoding: .utf8) == "not a folder")
    }
  }

  /// A named pipe or a device as input is refused by what it is, at once, not read for ever or
  /// called a permission problem.
  @Test func aPipeOrADeviceAsInputIsRefusedByWhatItIs() throws {
    try withTemporaryFolder { folder in
      let fifo = folder.url.appendingPathComponent("pipe.txt").path
      #expect(mkfifo(fifo, 0o600) == 0)
      let piped = try runVCGraph(["import", "pipe.txt", "-o", "out"], in: folder.url)
      #expect(piped.status == 1, "\(piped)")
      #expect(piped.standardError.contains("pipe.txt"), "\(piped)")
      #expect(piped.standardError.contains("it is a named pipe (FIFO), not a file"), "\(piped)")
      let device = try runVCGraph(["storyboard", "/dev/zero", "-o", "out"], in: folder.url)
      #expect(device.status == 1, "\(device)")
      #expect(device.standardError.contains("/dev/zero"), "\(device)")
      #expect(device.standardError.contains("it is a device, not a file"), "\(device)")
      #expect(!folder.exists("out"))
    }
  }

  /// `diff flow.yaml#abc` names the step that is not a number, not a missing file.
  @Test func aStepThatIsNotANumberIsSaidPlainly() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try runVCGraph(["diff", "samples/navigation.yaml#abc", "samples/navigation.yaml#2"], in: folder.url)
      #expect(result.status == 2, "\(result)")
      #expect(
        result.standardError
          == "samples/navigation.yaml: error: '#abc' is not a step number; use #N, counting steps from 1 "
          + "(samples/navigation.yaml#3)\n", "\(result)")
    }
  }

  /// `--jobs 150` on a small machine starts no more workers than it has cores, and says so.
  @Test func jobsAreCappedAtTheCores() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let cores = ProcessInfo.processInfo.activeProcessorCount
      let result = try runVCGraph(["render", "samples/navigation.yaml", "-o", "out", "--jobs", "150"], in: folder.url)
      #expect(result.status == 0, "\(result)")
      #expect(
        result.standardError.hasPrefix(
          "warning: --jobs 150: this machine has \(cores) core\(cores == 1 ? "" : "s"); drawing with "),
        "\(result)")
      #expect(folder.contents(of: "out/navigation").count == 7)
    }
  }

  /// The warnings a scenario shows on purpose (`expect: warning`) say they were expected.
  @Test func expectedWarningsSaySo() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try runVCGraph(["render", "samples/logged-mistakes.yaml", "-o", "out"], in: folder.url)
      #expect(result.status == 0, "\(result)")
      let lines = result.standardError.split(separator: "\n")
      #expect(lines.count == 3, "\(result)")
      #expect(lines.allSatisfy { $0.hasSuffix("(expected: the step says 'expect: warning')") }, "\(result)")
      #expect(lines[0].hasPrefix("samples/logged-mistakes.yaml:16:5: warning: step 4 (present login from home): "))
    }
  }

  /// SIGINT sent to every vcgraph process (`pkill -INT vcgraph`; a terminal's Ctrl-C reaches only
  /// `render`, its workers lead groups of their own): the workers may die of it before `render`
  /// sees it. It is an interruption all the same (status 130, nothing printed), never a worker's
  /// failure.
  @Test func aCtrlCThatReachesTheWorkersFirstIsAnInterruption() throws {
    try withTemporaryFolder { folder in
      try folder.write(longScenario(steps: 300), to: "flow.yaml")
      let run = try BackgroundRun(
        ["render", "flow.yaml", "-o", "out", "--format", "svg,png", "-j", "2"], in: folder.url)
      let workers = try #require(run.waitForChildren(count: 2))
      // The workers are drawing: frames are staged.
      #expect(run.waitUntil { folder.stagedFileCount(in: "out/flow") >= 2 }, "no frame was staged")
      for worker in workers { kill(worker, SIGINT) }
      // Each worker has taken the signal before the parent gets it: it is no longer pending in
      // /proc, or it stays pending because the worker blocks it (workers inherit render's mask,
      // in which SIGINT is blocked, and ignore it: render stops them itself).
      #expect(run.waitUntil { workers.allSatisfy { !isPending(SIGINT, in: $0) || isBlocked(SIGINT, in: $0) } })
      kill(run.process.processIdentifier, SIGINT)
      let result = try run.wait()
      #expect(result.status == 130, "\(result)")
      #expect(result.standardError.isEmpty, "\(result)")
      #expect(!folder.exists("out/flow") || folder.contents(of: "out/flow").isEmpty)
    }
  }
}
