import Foundation
import VCGraphJobs

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one run of a program cost, measured by its parent.
struct ChildRun: Sendable {
  /// Wall time from spawning the program to reaping it.
  var wallTime: Duration
  /// The processor time the program used (user + system), from `wait4`: less disturbed than the
  /// wall time when other work shares the machine.
  var cpuTime: Duration
  /// The program's peak resident memory (`ru_maxrss` from `wait4`), in bytes.
  var peakMemory: Int
  /// What it printed on standard output.
  var standardOutput: String
  /// What it printed on standard error.
  var standardError: String
}

/// Runs programs as child processes, one at a time, and measures each: started and reaped by
/// VCGraphJobs's ``VCGraphJobs/ChildProcess``, the one place vcgraph starts processes.
enum MeasuredRun {
  /// Runs `program` with `arguments`, waits for it and returns its cost.
  ///
  /// Standard output and standard error go to files in `scratch` (so a chatty program never blocks
  /// on a full pipe) and are read back afterwards; a run that exits non-zero is an error that carries
  /// what the program said.
  static func run(_ program: String, _ arguments: [String], scratch: URL) throws(BenchmarkError) -> ChildRun {
    let command = ([program] + arguments).joined(separator: " ")
    let token = UUID().uuidString
    let outputPath = scratch.appendingPathComponent(".stdout-\(token)").path
    let errorPath = scratch.appendingPathComponent(".stderr-\(token)").path
    defer {
      unlink(outputPath)
      unlink(errorPath)
    }
    let clock = ContinuousClock()
    let start = clock.now
    let ending: ChildProcess.Ending
    do {
      ending = try ChildProcess(
        program, arguments: arguments, standardOutput: .file(outputPath), standardError: .file(errorPath)
      ).wait()
    } catch {
      throw .cannotStart(command: command, reason: error.reason)
    }
    let wallTime = start.duration(to: clock.now)
    let standardOutput = Self.text(atPath: outputPath)
    let standardError = Self.text(atPath: errorPath)
    guard ending.termination == .exited(0) else {
      let said = standardError.trimmingCharacters(in: .whitespacesAndNewlines)
      throw .childFailed(
        command: command, status: Self.describe(ending.termination), output: String(said.suffix(2_000)))
    }
    return ChildRun(
      wallTime: wallTime, cpuTime: ending.cpuTime, peakMemory: ending.peakMemory ?? 0, standardOutput: standardOutput,
      standardError: standardError)
  }

  /// Runs `command` through a helper process, a second copy of the benchmark started with
  /// `--measure-child-in SCRATCH -- COMMAND…`, which runs it and reports its wall time and peak memory.
  ///
  /// The helper is needed for memory: `posix_spawn` starts a child in its parent's address space
  /// (`vfork`), and Linux adds the peak resident memory of that address space to the child's
  /// `ru_maxrss` when it calls `exec`. A child of the benchmark, which holds hundreds of rendered frames
  /// after measuring in process, would report at least the benchmark's own peak. The helper is a fresh,
  /// small process, so what it measures is the command's own peak.
  static func measuredThroughHelper(
    _ command: [String], benchmark: String, scratch: URL
  ) throws(BenchmarkError) -> ChildRun {
    let helper = try run(benchmark, ["--measure-child-in", scratch.path, "--"] + command, scratch: scratch)
    let fields = helper.standardOutput.split(whereSeparator: \.isWhitespace).compactMap { Int64($0) }
    guard fields.count == 2 else {
      throw .cannotStart(
        command: command.joined(separator: " "), reason: "the helper printed '\(helper.standardOutput)'")
    }
    return ChildRun(
      wallTime: .nanoseconds(fields[0]), cpuTime: helper.cpuTime, peakMemory: Int(fields[1]), standardOutput: "",
      standardError: helper.standardError)
  }

  /// The helper's side of ``measuredThroughHelper(_:benchmark:scratch:)``: runs `command` and prints
  /// its wall time in nanoseconds and its peak memory in bytes.
  static func runAsHelper(_ command: [String], scratch: URL) throws(BenchmarkError) {
    guard let program = command.first else {
      throw .cannotStart(command: "", reason: "no command after --")
    }
    let measured = try run(program, Array(command.dropFirst()), scratch: scratch)
    let parts = measured.wallTime.components
    let nanoseconds = parts.seconds * 1_000_000_000 + parts.attoseconds / 1_000_000_000
    print("\(nanoseconds) \(measured.peakMemory)")
  }

  /// Runs `program` and returns what it printed on both outputs, whatever its exit status; nil when it
  /// cannot be started. For short queries such as `dot -V`.
  static func output(of program: String, _ arguments: [String], scratch: URL) -> String? {
    do {
      let run = try run(program, arguments, scratch: scratch)
      return run.standardOutput + run.standardError
    } catch .childFailed(_, _, let output) {
      return output
    } catch {
      return nil
    }
  }

  /// The full path of `name`: found in `PATH`, or as given when it contains a slash.
  static func locate(_ name: String) -> String? {
    if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
    return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// The processor time this thread has used so far (`CLOCK_THREAD_CPUTIME_ID`).
  static func threadCPUTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
  }

  private static func text(atPath path: String) -> String {
    guard let data = FileManager.default.contents(atPath: path) else { return "" }
    return String(decoding: data, as: UTF8.self)
  }

  private static func describe(_ termination: ChildProcess.Termination) -> String {
    switch termination {
    case .exited(let status): return "exit status \(status)"
    case .signaled(let signal): return "killed by signal \(signal)"
    }
  }
}
