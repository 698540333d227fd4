import Foundation
import VCGraph
import VCGraphviz

/// Writes drawn frames' files on a thread of its own, in the order they were drawn, while the
/// next frames are drawn.
///
/// Creating a file is the kernel's work (on ext4 without a journal, each new inode after many
/// deletions scans the recently freed ones), and a frame's drawing does not need its files: with
/// a second core, the writing costs no time of the drawing's. A frame's index entry is handed back
/// only once its files are written, in the order the frames were given, so whoever is told of a
/// frame finds its files in place.
///
/// The files are made empty ahead of their frames (``init(into:creatingAhead:)``) by a thread of
/// their own that runs only on a core nothing else wants (``Syscalls/runThisThreadOnlyWhenIdle()``):
/// while the frames are laid out, both cores are busy sketching and measuring, and making 200 files
/// there took 20 ms of the layout's; the files it has not made when their frame comes are made by
/// the writing.
///
/// At most ``limit`` frames wait to be written: past that, ``write(_:)`` waits for the writer, so
/// memory stays flat however many frames a scenario has. The first file that cannot be written
/// stops the writing; ``write(_:)`` or ``finish()`` throws its error. ``stop()`` (also on the way
/// out of a failed drawing) waits for the file being written and drops the rest, so that nothing
/// is written into the folder after its owner returns.
final class FrameWriter: @unchecked Sendable {
  private let folder: URL
  private let condition = NSCondition()
  /// The frames given and not written yet, the first being written.
  private var queue: [RenderedFrame] = []
  /// The entries of the frames written and not handed back yet, in order.
  private var written: [RenderIndex.Entry] = []
  private var failure: OutputDirectory.WriteError?
  /// Set when no more frames come: the thread ends once the queue is empty, or at once when stopped.
  private var isClosed = false
  private var isStopped = false
  private var isRunning = true
  /// The time spent writing, on the writer's thread.
  private var writingTime = Duration.zero

  /// The most frames given and not yet written.
  static let limit = 16

  /// The names of the files the frames will have, made empty ahead of them (``init(into:creatingAhead:)``).
  private let ahead: [String]
  private var nextAhead = 0
  /// Whether the thread making them runs.
  private var isMaking = false

  /// Whether the files named ahead are still being made (for tests).
  var isMakingFiles: Bool {
    condition.lock()
    defer { condition.unlock() }
    return isMaking
  }

  /// A writer of frames into `folder`, its thread started, and a thread that creates the files
  /// named `ahead` (the frames' files, in the order they come), empty, on a core nothing else
  /// wants: a frame's files are then written into files that exist. Creating a file (its inode)
  /// costs the most of writing it.
  init(into folder: URL, creatingAhead ahead: [String] = []) {
    self.folder = folder
    self.ahead = ahead
    let thread = Thread { [self] in run() }
    thread.name = "vcgraph frame writer"
    thread.start()
    guard !ahead.isEmpty else { return }
    isMaking = true
    let maker = Thread { [self] in makeFiles() }
    maker.name = "vcgraph file maker"
    maker.start()
  }

  /// Hands `frame` over to be written, waiting while ``limit`` frames wait already. Returns the
  /// entries of the frames written since the last call, in order.
  ///
  /// - Throws: The error of a file that could not be written, once: the writing stopped there.
  func write(_ frame: RenderedFrame) throws(OutputDirectory.WriteError) -> [RenderIndex.Entry] {
    condition.lock()
    defer { condition.unlock() }
    while queue.count >= Self.limit, failure == nil { condition.wait() }
    if let failure { throw failure }
    queue.append(frame)
    condition.broadcast()
    return takeWritten()
  }

  /// Waits until every frame given is written and the thread has ended. Returns the entries not
  /// handed back yet, in order, and the time spent writing.
  ///
  /// - Throws: The error of a file that could not be written.
  func finish() throws(OutputDirectory.WriteError) -> (entries: [RenderIndex.Entry], writing: Duration) {
    condition.lock()
    defer { condition.unlock() }
    isClosed = true
    condition.broadcast()
    while isRunning || isMaking { condition.wait() }
    if let failure { throw failure }
    return (takeWritten(), writingTime)
  }

  /// Drops the frames not written yet and waits for the thread to end; nothing is written after.
  func stop() {
    condition.lock()
    defer { condition.unlock() }
    isStopped = true
    isClosed = true
    condition.broadcast()
    while isRunning || isMaking { condition.wait() }
  }

  /// The entries written so far, handed back once. Called with the lock held.
  private func takeWritten() -> [RenderIndex.Entry] {
    defer { written.removeAll(keepingCapacity: true) }
    return written
  }

  /// The writer's thread: the frames in order, each file with ``Syscalls/writeFile(_:to:)``.
  private func run() {
    let clock = ContinuousClock()
    condition.lock()
    while true {
      while queue.isEmpty, !isClosed { condition.wait() }
      guard !isStopped, failure == nil, let frame = queue.first else { break }
      condition.unlock()
      let start = clock.now
      var error: OutputDirectory.WriteError?
      for file in frame.files {
        if nextAhead < ahead.count, ahead[nextAhead] == file.name { nextAhead += 1 }
        let path = folder.appendingPathComponent(file.name).path
        if let reason = Syscalls.writeFile(file.contents, to: path) {
          error = OutputDirectory.WriteError(path: path, reason: reason)
          break
        }
      }
      let took = start.duration(to: clock.now)
      condition.lock()
      writingTime += took
      queue.removeFirst()
      if let error {
        failure = error
      } else {
        written.append(frame.entry)
      }
      condition.broadcast()
    }
    queue.removeAll()
    isRunning = false
    condition.broadcast()
    condition.unlock()
  }

  /// The file maker's thread: the files named ahead, in order, each made empty unless its frame
  /// was written first, until every one is made or the writing ends.
  private func makeFiles() {
    Syscalls.runThisThreadOnlyWhenIdle()
    condition.lock()
    while !isClosed, nextAhead < ahead.count {
      let name = ahead[nextAhead]
      nextAhead += 1
      condition.unlock()
      // A file that cannot be made now is reported when its frame is written.
      Syscalls.createFile(folder.appendingPathComponent(name).path)
      condition.lock()
    }
    isMaking = false
    condition.broadcast()
    condition.unlock()
  }
}
