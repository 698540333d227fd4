import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How far a long `render` is, on one line of standard error redrawn in place:
/// `120/2000 frames · 3/21 scenarios · 0:42 left`.
///
/// The line is drawn only when standard error is a terminal, and only once the run has lasted a
/// second (`VCGRAPH_PROGRESS_DELAY` seconds when that is set), then redrawn a few times a second;
/// ``clear()`` erases it at the end. Anything else
/// printed while it shows goes through ``withLineErased(_:)``.
final class Progress: @unchecked Sendable {
  private let lock = NSLock()
  private let isTerminal = isatty(STDERR_FILENO) == 1
  private var timer: DispatchSourceTimer?
  private var start = DispatchTime.now()
  private var totalFrames = 0
  private var totalScenarios = 0
  private var frames = 0
  private var scenarios = 0
  /// The text on the terminal's line; nil when none is shown.
  private var shownLine: String?
  private var isCleared = false
  /// How long a run lasts before the line is drawn, in seconds: `VCGRAPH_PROGRESS_DELAY` within an
  /// hour (a number out of range or not a number is never a trap), else a second.
  private let delay =
    ProcessInfo.processInfo.environment["VCGRAPH_PROGRESS_DELAY"].flatMap(Double.init).flatMap {
      $0.isFinite ? min(max($0, 0), 3600) : nil
    } ?? 1

  /// Starts counting towards `frames` frames of `scenarios` scenarios, and drawing after a second.
  func start(frames: Int, scenarios: Int) {
    lock.lock()
    defer { lock.unlock() }
    totalFrames = frames
    totalScenarios = scenarios
    start = .now()
    guard isTerminal, !isCleared, frames > 0 else { return }
    let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "vcgraph.progress"))
    timer.schedule(deadline: .now() + delay, repeating: 0.25)
    timer.setEventHandler { [weak self] in self?.draw() }
    timer.resume()
    self.timer = timer
  }

  /// Counts a frame rendered.
  func frameDone() {
    lock.lock()
    defer { lock.unlock() }
    frames += 1
  }

  /// Counts a scenario finished, written or failed.
  func scenarioDone() {
    lock.lock()
    defer { lock.unlock() }
    scenarios += 1
  }

  /// Erases the line while `body` prints, so what it prints starts at the beginning of a line; the
  /// line comes back at the next redraw.
  func withLineErased<Result>(_ body: () throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    erase()
    return try body()
  }

  /// Stops drawing and erases the line, leaving the terminal's line as it was: at the end of the
  /// run, or on an interruption.
  func clear() {
    lock.lock()
    defer { lock.unlock() }
    isCleared = true
    timer?.cancel()
    timer = nil
    erase()
  }

  /// The text of the line: frames and scenarios done, and the time left at the pace so far.
  static func line(frames: Int, of totalFrames: Int, scenarios: Int, of totalScenarios: Int, elapsed: Double) -> String
  {
    var line = "\(frames)/\(totalFrames) frames · \(scenarios)/\(totalScenarios) scenarios"
    if frames > 0, frames < totalFrames {
      let left = elapsed * Double(totalFrames - frames) / Double(frames)
      line += " · \(duration(left)) left"
    }
    return line
  }

  /// `0:42`, `12:05`, `1:02:03`.
  static func duration(_ seconds: Double) -> String {
    let whole = Int(seconds.rounded(.up))
    let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
    let clock = String(format: "%d:%02d", hours > 0 ? minutes : whole / 60, rest)
    return hours > 0 ? "\(hours):" + (minutes < 10 ? "0" : "") + clock : clock
  }

  private func draw() {
    lock.lock()
    defer { lock.unlock() }
    guard !isCleared else { return }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    let text = Self.line(frames: frames, of: totalFrames, scenarios: scenarios, of: totalScenarios, elapsed: elapsed)
    guard text != shownLine else { return }
    // Back to the start of the line, the text, and erase what an earlier, longer line left.
    write("\r" + text + "\u{1B}[K")
    shownLine = text
  }

  private func erase() {
    guard shownLine != nil else { return }
    write("\r\u{1B}[K")
    shownLine = nil
  }

  /// Writes to standard error at once, unbuffered, whatever thread draws.
  private func write(_ text: String) {
    Array(text.utf8).withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Glibc.write(STDERR_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return }
        offset += written
      }
    }
  }
}
