import Foundation
import VCGraph

/// One frame as ``FrameGraphs`` builds it: its diagram, its graph in each theme, and where it draws
/// each controller.
struct BuiltFrame {
  var diagram: Diagram
  var graphs: [GraphDescription]
  var places: [(controller: String, place: String)]
}

/// The graphs of a scenario's frames at one level, built on two threads when the machine has a
/// second core, and read in the frames' order (what ``FrameSketches`` keeps of them).
///
/// Building a frame's graph (its diagram's plan, boxes and edges: pure Swift, no Graphviz) is most
/// of what sketching costs, and a frame's graph needs nothing of another frame's. So the frames are
/// cut into chunks of consecutive frames, and the reader and a helper thread each take the next
/// chunk nobody took yet, the reader between the frames it reads. The frames' diagrams are made
/// by one replay, advanced by whoever takes a chunk. No more than ``chunksAhead`` chunks are taken
/// and not read yet, so memory stays flat however many frames a scenario has.
///
/// Each thread plans its chunks with a memory of its own (``DrawingPlan/Memory``): a chunk's first
/// frame, not the step after the last one that thread planned, is planned whole, and the next ones
/// take from the frame before. The graphs are those one thread would build, in the same order.
///
/// The reader must call ``stop()`` once done (also when it stops early): it waits for the chunk the
/// helper builds and lets it end, so that no thread is left running once sketching returns.
final class FrameGraphs: Sequence, IteratorProtocol, @unchecked Sendable {
  private let themes: [Theme]
  private let level: FoldLevel
  private let pinned: Set<String>
  /// The frames in a chunk; when nil, ``bigChunkSize`` (or ``bigChunkSize(after:)``) when the
  /// chunk's first frame's hierarchy is big enough for a plan to take from the frame before (a
  /// chunk's first frame is planned whole), else ``smallChunkSize``.
  private let chunkSize: Int?
  private var threads: Threads
  /// The most chunks taken and not read yet (``chunksAhead``, more for a build started ahead).
  private var ahead: Int
  /// Whether the last chunk taken was a big one (``bigChunkSize``): no more than ``chunksAhead``
  /// of those wait.
  private var takesBigChunks = false

  private let condition = NSCondition()
  /// The frames' diagrams, advanced only with the lock held.
  private var diagrams: AnyIterator<Diagram>
  private var isExhausted = false
  private var isStopped = false
  /// The number the next chunk taken gets, and the next chunk to read.
  private var nextTaken = 0
  private var nextRead = 0
  /// The chunks built and not read yet, by number.
  private var built: [Int: [BuiltFrame]] = [:]
  private var helperRuns = false
  /// The reader's chunk being read, and where.
  private var reading: [BuiltFrame] = []
  private var readingAt = 0
  private let readerMemory = DrawingPlan.Memory()
  /// A frame read and left for the thread that takes big chunks (``take(by:)``).
  private var peeked: Diagram?
  private var bigChunkTaker: Taker?

  /// How many chunks were built on the helper thread, and whether it runs (for tests).
  var chunksBuiltByHelper: Int {
    condition.lock()
    defer { condition.unlock() }
    return helperChunks
  }
  var isHelperRunning: Bool {
    condition.lock()
    defer { condition.unlock() }
    return helperRuns
  }
  private var helperChunks = 0
  /// How many big chunks each thread took (for tests): one of them takes them all.
  var bigChunks: (reader: Int, helper: Int) {
    condition.lock()
    defer { condition.unlock() }
    return bigChunksTaken
  }
  private var bigChunksTaken = (reader: 0, helper: 0)
  /// How many frames the chunks taken so far build (for tests).
  var framesBuilt: Int {
    condition.lock()
    defer { condition.unlock() }
    return framesTaken
  }
  /// How many frames the chunks taken so far build, and whether big chunks end where sketching asks
  /// whether to go on (``bigChunkSize(after:)``).
  private var framesTaken = 0
  private let endsChunksAtCheckpoints: Bool

  /// The most chunks taken and not read yet, and the most a helper builds ahead of a reader that
  /// has not started (``ahead(of:themes:level:pinned:)``), of small chunks.
  static var chunksAhead: Int { 3 }
  static var chunksAheadOfReading: Int { 12 }
  /// The frames in a chunk, and in a chunk of a hierarchy whose plans take from the frame before.
  static var smallChunkSize: Int { 8 }
  static var bigChunkSize: Int { 32 }

  /// The frames in a big chunk that starts after `taken` frames, when chunks end at the
  /// checkpoints (``endsChunksAtCheckpoints``): up to the next checkpoint, and no more than
  /// ``bigChunkSize`` (8, 8, 16, 32, 32… from the first frame). Sketching asks after 8 frames, 16,
  /// 32 and so on whether to go on (``FrameSketches``), and a big hierarchy's frames at a level too
  /// big for the page stop at the first of those: the chunks end there, so that no frame past it
  /// is built.
  static func bigChunkSize(after taken: Int) -> Int {
    var checkpoint = smallChunkSize
    while checkpoint <= taken { checkpoint *= 2 }
    return Swift.min(bigChunkSize, checkpoint - taken)
  }

  /// Whether a second thread can make sketching faster: the machine has a second core.
  static var hasSecondCore: Bool { ProcessInfo.processInfo.activeProcessorCount > 1 }

  /// Who builds the chunks.
  enum Threads {
    /// The reader alone.
    case one
    /// The reader and a helper thread, started once the reader built the first chunk and more
    /// frames follow.
    case two
    /// The helper thread alone, the reader waiting for each chunk: a build started before the
    /// reader reads (``ahead(of:themes:level:pinned:)``, until ``startReading()``), and tests (every
    /// chunk crosses threads, each planned with a memory that skipped none).
    case helperOnly
  }

  /// The graphs of `diagrams` at `level` in each theme, pinning `pinned`, built by `threads`, in
  /// chunks of `chunkSize` frames (by default, as each chunk's first frame's hierarchy asks).
  ///
  /// With `endingChunksAtCheckpoints`, big chunks end where sketching asks whether to go on
  /// (``bigChunkSize(after:)``).
  init(
    _ diagrams: some Sequence<Diagram>, themes: [Theme], level: FoldLevel, pinned: Set<String>,
    threads: Threads = FrameGraphs.hasSecondCore ? .two : .one, chunkSize: Int? = nil, chunksAhead: Int? = nil,
    endingChunksAtCheckpoints: Bool = false
  ) {
    endsChunksAtCheckpoints = endingChunksAtCheckpoints
    ahead = Swift.max(1, chunksAhead ?? Self.chunksAhead)
    self.diagrams = AnyIterator(diagrams.makeIterator())
    self.themes = themes
    self.level = level
    self.pinned = pinned
    self.threads = threads
    self.chunkSize = chunkSize.map { Swift.max(1, $0) }
    if threads == .helperOnly {
      condition.lock()
      startHelper()
      condition.unlock()
    }
  }

  /// The graphs of `diagrams` built ahead on the helper thread alone, up to
  /// ``chunksAheadOfReading`` chunks, while the reader does something else (lays out a sample of
  /// the frames, say) and before it knows whether it wants them: when it does, ``startReading()``
  /// lets it build chunks too, as ``Threads/two``; when not, ``stop()``. Nil without a second core.
  static func ahead(
    of diagrams: some Sequence<Diagram>, themes: [Theme], level: FoldLevel, pinned: Set<String>
  ) -> FrameGraphs? {
    guard hasSecondCore else { return nil }
    return FrameGraphs(
      diagrams, themes: themes, level: level, pinned: pinned, threads: .helperOnly,
      chunksAhead: chunksAheadOfReading)
  }

  /// Whether this build makes the graphs at this level, in these themes, pinning these.
  func builds(themes: [Theme], level: FoldLevel, pinned: Set<String>) -> Bool {
    (self.themes, self.level, self.pinned) == (themes, level, pinned)
  }

  /// A build started ahead (``ahead(of:themes:level:pinned:)``) read now: the reader builds
  /// chunks too, and no more than ``chunksAhead`` chunks wait once those built ahead are read.
  func startReading() {
    condition.lock()
    defer { condition.unlock() }
    if threads == .helperOnly { threads = .two }
    ahead = Swift.min(ahead, Self.chunksAhead)
  }

  /// The next frame's graphs, in the frames' order; nil after the last.
  func next() -> BuiltFrame? {
    if readingAt < reading.count {
      defer { readingAt += 1 }
      return reading[readingAt]
    }
    guard let chunk = nextChunk() else { return nil }
    (reading, readingAt) = (chunk, 1)
    return chunk[0]
  }

  /// Lets the helper thread end (waiting for the chunk it builds); nothing is built after.
  func stop() {
    condition.lock()
    defer { condition.unlock() }
    isStopped = true
    condition.broadcast()
    while helperRuns { condition.wait() }
  }

  /// The next chunk to read: built by the helper, or built here while the helper builds another.
  private func nextChunk() -> [BuiltFrame]? {
    condition.lock()
    defer { condition.unlock() }
    while true {
      if let chunk = built.removeValue(forKey: nextRead) {
        nextRead += 1
        condition.broadcast()
        return chunk
      }
      if threads != .helperOnly, let (number, frames) = take(by: .reader) {
        condition.unlock()
        let chunk = build(frames, memory: readerMemory)
        condition.lock()
        built[number] = chunk
        // A first chunk followed by more frames: the helper starts on them.
        if number == 0, threads == .two, !isExhausted { startHelper() }
        continue
      }
      if isExhausted || isStopped, nextRead == nextTaken { return nil }
      condition.wait()
    }
  }

  /// Who takes a chunk.
  private enum Taker {
    case reader, helper
  }

  /// The next chunk nobody took, with its number; nil when none is left, when reading stopped,
  /// while ``chunksAhead`` chunks are taken and not read, or when it is a big chunk and the other
  /// thread takes those. Called with the lock held.
  ///
  /// Big chunks (a hierarchy whose plans take from the frame before) are all taken by the thread
  /// that took the first: on two threads, each chunk's first frame would be planned whole, and a
  /// whole plan of thousands of controllers costs more than the frames of a chunk save.
  private func take(by taker: Taker) -> (number: Int, frames: [Diagram])? {
    let ahead = takesBigChunks ? Swift.min(self.ahead, Self.chunksAhead) : self.ahead
    guard !isStopped, !isExhausted, nextTaken < nextRead + ahead else { return nil }
    guard let first = peeked ?? diagrams.next() else {
      isExhausted = true
      return nil
    }
    peeked = nil
    let isBig = chunkSize == nil && first.hierarchy.members.count >= readerMemory.smallestHierarchy
    if isBig {
      if let owner = bigChunkTaker, owner != taker {
        peeked = first
        // The owner may be waiting for a chunk to take.
        condition.broadcast()
        return nil
      }
      bigChunkTaker = taker
      switch taker {
      case .reader: bigChunksTaken.reader += 1
      case .helper: bigChunksTaken.helper += 1
      }
    }
    let bigSize = endsChunksAtCheckpoints ? Self.bigChunkSize(after: framesTaken) : Self.bigChunkSize
    let size = chunkSize ?? (isBig ? bigSize : Self.smallChunkSize)
    takesBigChunks = isBig
    var frames = [first]
    frames.reserveCapacity(size)
    while frames.count < size, let diagram = diagrams.next() { frames.append(diagram) }
    if frames.count < size { isExhausted = true }
    framesTaken += frames.count
    defer { nextTaken += 1 }
    return (nextTaken, frames)
  }

  private func startHelper() {
    helperRuns = true
    let thread = Thread { [self] in helper() }
    thread.name = "vcgraph frame graphs"
    thread.start()
  }

  private func helper() {
    let memory = DrawingPlan.Memory()
    condition.lock()
    while !isStopped {
      if let (number, frames) = take(by: .helper) {
        condition.unlock()
        let chunk = build(frames, memory: memory)
        condition.lock()
        built[number] = chunk
        helperChunks += 1
        condition.broadcast()
        continue
      }
      if isExhausted { break }
      condition.wait()
    }
    helperRuns = false
    condition.broadcast()
    condition.unlock()
  }

  private func build(_ frames: [Diagram], memory: DrawingPlan.Memory) -> [BuiltFrame] {
    frames.map { diagram in
      var places: [(controller: String, place: String)] = []
      let graphs = diagram.graphs(themes: themes, level: level, pinned: pinned, memory: memory) {
        places.append(($0, $1))
      }
      return BuiltFrame(diagram: diagram, graphs: graphs, places: places)
    }
  }
}
