import Foundation
import VCGraph

/// Measures new boxes on a thread of its own while the frames that draw them are sketched: the
/// union of every frame, laid out next, then finds their sizes known
/// (``StableLayout/Measurements/measureAhead(_:context:)``).
///
/// Measuring a box is Graphviz's work (its HTML label parsed and sized, its texts measured by the
/// text layout), and a union measures every box its frames draw that no union measured before:
/// most of what laying out every frame of a scenario costs, on one core, after the sketching. The
/// sketching itself needs no Graphviz, so the boxes are measured meanwhile, a batch at a time, in
/// the order they are first drawn. The sizes are the ones the union would measure (a box is
/// measured alone, whatever else is in its batch).
///
/// Graphviz is used by one thread at a time: whoever makes a measurer uses no Graphviz until
/// ``finish()`` returns. A box Graphviz cannot measure stops the measuring; the union measures it
/// again, and reports why.
final class VariantMeasurer: @unchecked Sendable {
  /// Not held: whoever makes a measurer holds the context until ``finish()`` returns, and the
  /// context is never freed on the measuring thread, after its owner moved on.
  private let context: Unmanaged<GraphvizContext>
  private let condition = NSCondition()
  private var queue: [[GraphDescription.Attribute]] = []
  /// The frames' graphs' attributes, whose headers (their labels) are measured into ``headers``.
  private var headerQueue: [[GraphDescription.Attribute]] = []
  /// Where the headers' sizes go: the search's (``SketchedSearch/headerSizes``), which the union of
  /// the frames looks them up in. Nil to measure no header.
  private let headers: StableLayout.Measurements.KnownSizes?
  private var isClosed = false
  private var isRunning = true
  /// How many boxes were measured here (for tests).
  private(set) var measured = 0

  /// Boxes measured together.
  static let batchSize = 64

  /// A measurer whose thread measures in `context`, the frames' headers into `headers`; nil
  /// without a second core.
  static func start(
    in context: GraphvizContext, headers: StableLayout.Measurements.KnownSizes? = nil
  ) -> VariantMeasurer? {
    FrameGraphs.hasSecondCore ? VariantMeasurer(context: context, headers: headers) : nil
  }

  init(context: GraphvizContext, headers: StableLayout.Measurements.KnownSizes? = nil) {
    self.context = Unmanaged.passUnretained(context)
    self.headers = headers
    let box = UncheckedSendable(self)
    let thread = Thread { box.value.run() }
    thread.name = "vcgraph box measurer"
    thread.start()
  }

  /// Boxes to measure (a node's defaults, then its attributes).
  func add(_ variants: [[GraphDescription.Attribute]]) {
    condition.lock()
    defer { condition.unlock() }
    queue += variants
    if queue.count >= Self.batchSize { condition.broadcast() }
  }

  /// A frame's graph's attributes: its header (its label) is measured, with its legend stood in
  /// for, as a union of the frames measures it. Nothing without a place for headers' sizes.
  func add(headerOf attributes: [GraphDescription.Attribute]) {
    guard headers != nil else { return }
    condition.lock()
    defer { condition.unlock() }
    headerQueue.append(attributes)
    if headerQueue.count >= Self.batchSize { condition.broadcast() }
  }

  /// Measures what is left and waits for the thread to end: Graphviz is free again.
  func finish() {
    condition.lock()
    defer { condition.unlock() }
    isClosed = true
    condition.broadcast()
    while isRunning { condition.wait() }
  }

  private func run() {
    condition.lock()
    while true {
      while queue.count < Self.batchSize, headerQueue.count < Self.batchSize, !isClosed { condition.wait() }
      if queue.isEmpty, headerQueue.isEmpty { break }
      // Boxes first.
      let isHeaders = queue.count < Self.batchSize && !(isClosed && !queue.isEmpty)
      let batch = Array((isHeaders ? headerQueue : queue).prefix(Self.batchSize))
      if isHeaders { headerQueue.removeFirst(batch.count) } else { queue.removeFirst(batch.count) }
      condition.unlock()
      let context = context.takeUnretainedValue()
      let failed: Bool
      if isHeaders, let headers {
        failed = (try? StableLayout.Measurements.measureHeadersAhead(of: batch, context: context, into: headers)) == nil
      } else {
        failed = (try? StableLayout.Measurements.measureAhead(batch, context: context)) == nil
      }
      condition.lock()
      if failed {
        queue.removeAll()
        headerQueue.removeAll()
        break
      }
      if !isHeaders { measured += batch.count }
    }
    isRunning = false
    condition.broadcast()
    condition.unlock()
  }
}
