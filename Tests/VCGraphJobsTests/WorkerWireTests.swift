import Foundation
import Testing

@testable import VCGraphJobs

/// The worker wire's pieces that need no process: lines cut in linear time and bounded, the
/// silence clock, and the one wording of a failure.
@Suite struct WorkerWireTests {
  /// A line of 8 MB read in 64 KiB pieces is searched once: each byte is looked at one time,
  /// where searching the whole pending line again at each piece looked at 64 times as many on average.
  @Test func aLongLineIsReadInLinearTime() throws {
    let size = 8 << 20
    let piece = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 16)
    var reader = LineReader(limit: 1 << 30)
    for _ in 0..<(size / piece.count) {
      reader.append(piece)
      #expect(try reader.next() == nil)
    }
    reader.append(Array("\nnext\n".utf8))
    let line = try #require(try reader.next())
    #expect(line.count == size)
    #expect(try reader.next() == Array("next".utf8))
    #expect(reader.bytesSearched == size + 6)
  }

  /// A line longer than the limit is refused as soon as that many bytes are in, before its end.
  @Test func aLineOverTheLimitIsRefusedBeforeItsEnd() throws {
    var reader = LineReader(limit: 1000)
    reader.append(Array("short\n".utf8) + [UInt8](repeating: 1, count: 600))
    #expect(try reader.next() == Array("short".utf8))
    #expect(try reader.next() == nil)
    reader.append([UInt8](repeating: 1, count: 600))
    #expect(throws: LineReader.TooLong.self) { try reader.next() }
  }

  /// The silence clock counts at most a tick a wake-up, nothing while the worker is stopped, and
  /// reaches the limit only after enough wake-ups of real silence.
  @Test func theSilenceClockCountsOnlyTimeTheWorkerCouldRun() {
    var clock = SilenceClock(limit: .seconds(120))
    #expect(clock.tick == .seconds(1))
    // Ctrl-Z, then fg ten minutes later: one tick.
    clock.pass(.seconds(600), workerSuspended: false)
    #expect(clock.silence == .seconds(1))
    // The worker itself stopped: nothing.
    clock.pass(.seconds(30), workerSuspended: true)
    #expect(clock.silence == .seconds(1))
    for _ in 0..<118 { clock.pass(.milliseconds(1000), workerSuspended: false) }
    #expect(!clock.isOver)
    #expect(clock.wait == .seconds(1))
    clock.pass(.seconds(1), workerSuspended: false)
    #expect(clock.isOver)
    clock.heard()
    #expect(clock.silence == .zero)
    // A small limit ticks by a quarter of it.
    #expect(SilenceClock(limit: .seconds(2)).tick == .milliseconds(500))
  }

  @Test func everyFailureIsWordedTheSameWayForEveryJob() {
    let limits = WorkerLimits(timeout: 5, memory: 2)
    func message(_ termination: ChildProcess.Termination, peak: Int? = 1 << 20, timedOut: Bool = false) -> String {
      WorkerFailure(
        what: "drawing it as svg", ending: .init(termination: termination, cpuTime: .zero, peakMemory: peak),
        timedOut: timedOut, limits: limits, advice: WorkerFailure.advice(offeringJSON: false)
      ).message
    }
    #expect(message(.signaled(SIGSEGV)) == "Graphviz crashed while drawing it as svg (signal 11, Segmentation fault)")
    #expect(
      message(.signaled(SIGKILL), timedOut: true)
        == "Graphviz did not finish drawing it as svg within 5 s and was stopped (--graphviz-timeout); draw less of "
        + "it: fold more (--fold all) or focus on a part (--focus ID)")
    #expect(
      message(.signaled(SIGABRT), peak: 1_500 << 20)
        == "Graphviz ran out of memory while drawing it as svg (it may take 2 GB, --graphviz-memory); draw less of "
        + "it: fold more (--fold all) or focus on a part (--focus ID)")
    #expect(
      message(.signaled(SIGKILL))
        == "the worker process rendering it was killed by signal 9 (Killed) while drawing it as svg")
    #expect(message(.exited(3)) == "the worker process exited with status 3 while drawing it as svg")
    #expect(WorkerFailure.advice(offeringJSON: true).hasSuffix(", or write --format json"))
  }

  /// Limits from elsewhere than the command line (a header, a library caller) never overflow.
  @Test func limitsStayWithinTheirRangesWhateverTheySay() {
    #expect(WorkerLimits(timeout: .max, memory: .max).memoryBytes == 65_536 << 30)
    #expect(WorkerLimits(timeout: .max, memory: .min).memoryBytes == 1 << 30)
    #expect(WorkerLimits(timeout: .max).timeLimit == .seconds(86_400))
    #expect(!WorkerLimits(memory: .max).ranOut(peak: 1 << 40))
    #expect(WorkerLimits(memory: .max).ranOut(peak: .max))
  }
}
