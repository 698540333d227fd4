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
  private var isClosed = false
  private var isRunning = true
  /// How many boxes were measured here (for tests).
  private(set) var measured = 0

  /// Boxes measured together.
  static let batchSize = 64

  /// A measurer whose thread measures in `context`; nil without a second core.
  static func start(in context: GraphvizContext) -> VariantMeasurer? {
    FrameGraphs.hasSecondCore ? VariantMeasurer(context: context) : nil
  }

  init(context: GraphvizContext) {
    self.context = Unmanaged.passUnretained(context)
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
      while queue.count < Self.batchSize, !isClosed { condition.wait() }
      if queue.isEmpty { break }
      let batch = Array(queue.prefix(Self.batchSize))
      queue.removeFirst(batch.count)
      condition.unlock()
      let failed = (try? StableLayout.Measurements.measureAhead(batch, context: context.takeUnretainedValue())) == nil
      condition.lock()
      if failed {
        queue.removeAll()
        break
      }
      measured += batch.count
    }
    isRunning = false
    condition.broadcast()
    condition.unlock()
  }
}
