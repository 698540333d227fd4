#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How long a worker may work without a word and how much memory it may take: what
/// `--graphviz-timeout` and `--graphviz-memory` say, for every command that draws.
///
/// Past either, the worker is stopped (or dies) and only the input it was drawing fails, with
/// advice, instead of the command hanging or the machine running short.
public struct WorkerLimits: Codable, Sendable, Hashable {
  /// Seconds a worker holding a task may say nothing (a frame, or a scenario's frames laid out
  /// together) before it is stopped. Only time in which it could run counts (see ``SilenceClock``).
  public var timeout: Int
  /// Gigabytes of address space a worker may take (`RLIMIT_AS`).
  public var memory: Int

  public init(timeout: Int = 120, memory: Int = 4) {
    self.timeout = timeout
    self.memory = memory
  }

  /// The seconds `--graphviz-timeout` takes: up to a day.
  public static let timeouts = 1...86_400
  /// The gigabytes `--graphviz-memory` takes: up to 64 TiB, more than a 64-bit process can map.
  public static let memories = 1...65_536

  /// The limit on the worker's memory, in bytes, within ``memories`` whatever ``memory`` says.
  var memoryBytes: Int { min(max(memory, Self.memories.lowerBound), Self.memories.upperBound) << 30 }

  /// The time limit, within ``timeouts`` whatever ``timeout`` says.
  var timeLimit: Duration { .seconds(min(max(timeout, Self.timeouts.lowerBound), Self.timeouts.upperBound)) }

  /// Limits this process's address space; a worker calls it before reading any task.
  func limitThisProcess() {
    let bytes = rlim_t(memoryBytes)
    var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
    _ = setrlimit(Int32(RLIMIT_AS.rawValue), &limit)
  }

  /// Whether a worker that died having held `peak` bytes at most most likely ran out of its
  /// memory: it held more than half of it (the rest is address space it had reserved).
  func ranOut(peak: Int?) -> Bool {
    guard let peak else { return false }
    return peak > memoryBytes / 2
  }
}
