import Foundation
import Testing
import VCGraphviz

@testable import VCGraphJobs

/// Flags and hidden entry points as an attacker or a careless script uses them: numbers out of any
/// range, the hidden worker run by hand, output paths that trick a reader or a later command, a
/// report through a linked folder.
@Suite struct HostileFlagsTests {
  static let navigation = "samples/navigation.yaml"
  static let dump = "samples/dumps/settings-after.txt"

  /// Every numeric flag is bounded as it is read, with its range: no overflow trap, nothing
  /// written, no staging folder left.
  @Test(arguments: [
    (
      ["render", "-o", "out", navigation, "--graphviz-timeout", "10000000000000000"],
      "give a number of seconds from 1 to 86400."
    ),
    (
      ["render", "-o", "out", navigation, "--graphviz-timeout", "9223372036854775807"],
      "give a number of seconds from 1 to 86400."
    ),
    (
      ["render", "-o", "out", navigation, "--graphviz-timeout", "99999999999999999999"],
      "give a number of seconds from 1 to 86400."
    ),
    (
      ["render", "-o", "out", navigation, "--graphviz-memory", "99999999999"],
      "give a number of gigabytes from 1 to 65536."
    ),
    (
      ["render", "-o", "out", navigation, "--graphviz-memory", "9000000000"],
      "give a number of gigabytes from 1 to 65536."
    ),
    (
      ["render", "-o", "out", navigation, "--jobs", "9223372036854775807"],
      "give a number of worker processes from 1 to 1024."
    ),
    (["render", "-o", "out", navigation, "--step", "9223372036854775807"], "give a number of steps from 1 to 10000."),
    (["render", "-o", "out", navigation, "--animate", "--animate-interval", "1e300s"], "from 100ms to 1h."),
    (["render", "-o", "out", navigation, "--animate", "--animate-interval", "nan"], "from 100ms to 1h."),
    (
      ["import", "-o", "out", dump, "--graphviz-timeout", "9223372036854775807"],
      "give a number of seconds from 1 to 86400."
    ),
    (["storyboard", "-o", "out", "samples/storyboards/Shop.storyboard", "--graphviz-memory", "0"], "from 1 to 65536."),
    (["diff", dump, dump, "-o", "out", "--graphviz-memory=-1"], "from 1 to 65536."),
    (["state", navigation, "--step", "99999999999999999999"], "give a number of steps from 1 to 10000."),
    (["events", navigation, "--step", "0"], "give a number of steps from 1 to 10000."),
  ])
  func numbersOutOfRangeAreRefusedBeforeAnythingRuns(_ arguments: [String], _ message: String) throws {
    // The files need not exist: the flags are read first.
    try withTemporaryFolder { folder in
      let result = try runVCGraph(arguments, in: folder.url)
      #expect(result.status == 64, "\(result)")
      #expect(result.standardError.contains(message), "\(result)")
      #expect(result.standardError.hasPrefix("Error: "), "\(result)")
      #expect(!result.standardError.contains("Fatal error"), "\(result)")
      #expect(!folder.exists("out"), "\(folder.contents(of: "out"))")
    }
  }

  /// `vcgraph _worker` run by hand refuses anything but its parent's protocol at once, with one
  /// line: it reads no more than its first bytes of garbage, and a header of at most a megabyte.
  /// Also when started exactly as a job starts it (`--parent`), which skips the argument parser.
  @Test(arguments: [
    ("garbage", String(repeating: "1", count: 30 << 20)),
    ("a greeting then a header too long", "vcgraph worker protocol 1\n{" + String(repeating: " ", count: 8 << 20)),
  ])
  func theHiddenWorkerRefusesAnythingButItsProtocol(_ what: String, _ input: String) throws {
    let executable = try #require(vcgraphExecutable)
    for arguments in [["_worker"], ["_worker", "--parent", "\(getpid())"]] {
      let process = Process()
      process.executableURL = executable
      process.arguments = arguments
      let standardInput = Pipe()
      let standardError = Pipe()
      process.standardInput = standardInput
      process.standardOutput = FileHandle.nullDevice
      process.standardError = standardError
      // A write to a worker that left must fail, not end the test.
      signal(SIGPIPE, SIG_IGN)
      try process.run()
      // Counts what the worker took before it closed its input; the pipe holds 64 KiB more at most.
      let accepted = Self.write(Array(input.utf8), to: standardInput.fileHandleForWriting.fileDescriptor)
      try? standardInput.fileHandleForWriting.close()
      let said = String(decoding: standardError.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      let run = "\(what), \(arguments.joined(separator: " ")): \(said)"
      #expect(process.terminationStatus == 1, "\(run)")
      #expect(said.split(separator: "\n").count == 1, "\(run)")
      #expect(said.hasPrefix("error: vcgraph _worker draws for render, import, storyboard and diff"), "\(run)")
      #expect(accepted <= (1 << 20) + (256 << 10), "\(run): the worker took \(accepted) bytes before refusing")
    }
  }

  /// A worker whose reader is gone (its command killed) ends quietly by SIGPIPE at its next
  /// report: no `Fatal error`, no stack trace on the terminal it shares.
  @Test func aWorkerWhoseReaderIsGoneEndsQuietly() throws {
    let executable = try #require(vcgraphExecutable)
    let process = Process()
    process.executableURL = executable
    process.arguments = ["_worker"]
    let standardInput = Pipe()
    let standardOutput = Pipe()
    let standardError = Pipe()
    (process.standardInput, process.standardOutput, process.standardError) = (
      standardInput, standardOutput, standardError
    )
    try process.run()
    // Nothing reads what it reports.
    try standardOutput.fileHandleForReading.close()
    let task = WorkerTask.graph(GraphTask(id: 1, input: "x", graph: GraphDescription(), formats: [.dot], budget: nil))
    try standardInput.fileHandleForWriting.write(
      contentsOf: WorkerWire.opening(WorkerHeader(limits: WorkerLimits())) + WorkerWire.line(task))
    try standardInput.fileHandleForWriting.close()
    let said = String(decoding: standardError.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal, "\(said)")
    #expect(process.terminationStatus == SIGPIPE, "\(said)")
    #expect(said.isEmpty, "\(said)")
  }

  /// Writes `bytes` in pieces until all are written or the reader is gone; how many were taken.
  private static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress! + offset, min(1 << 16, bytes.count - offset))
      }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { break }
      offset += written
    }
    return offset
  }

  /// `--report` compares what paths name on disk: through a linked folder (existing or not yet
  /// made) it is the Mermaid export's file, and nothing is written.
  @Test(arguments: [true, false])
  func aReportThroughALinkedFolderDoesNotOverwriteAnExport(outputExists: Bool) throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      if outputExists { try FileManager.default.createDirectory(at: folder("out"), withIntermediateDirectories: true) }
      try FileManager.default.createSymbolicLink(atPath: folder("link").path, withDestinationPath: "out")
      let result = try folder.vcgraph(
        "import", Self.dump, "--format", "mermaid", "-o", "out", "--report", "link/settings-after.mmd")
      #expect(result.status == 1, "\(result)")
      #expect(
        result.standardError
          == "link/settings-after.mmd: error: --report names a file this import also writes "
          + "(out/settings-after.mmd); choose another path\n", "\(result)")
      #expect(folder.contents(of: "out").isEmpty)
    }
  }

  /// An output folder named like an option, or holding a character that reorders or hides what a
  /// terminal shows, is used as given, with a warning naming what is wrong; the warning itself
  /// shows the character escaped.
  @Test(arguments: [
    (
      "--output=-rf",
      "warning: the output path \"-rf\" starts with \"-\", so a command such as rm or cp given it reads it as options; "
        + "./-rf names the same path safely"
    ),
    (
      "--output=out\u{202E}gpj.svg",
      "warning: the output path \"out\\u{202E}gpj.svg\" holds U+202E RIGHT-TO-LEFT OVERRIDE, which shows the text "
        + "around it in another order than it is written"
    ),
    ("--output=out\u{7}", "warning: the output path \"out\\u{7}\" holds U+0007, a control character"),
  ])
  func anOutputPathThatMisleadsIsWarnedAbout(_ option: String, _ warning: String) throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      for command in [["render", Self.navigation], ["import", Self.dump]] {
        let result = try runVCGraph(command + [option], in: folder.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.standardError == warning + "\n", "\(result)")
      }
    }
  }
}
