import Foundation
import VCGraph
import VCGraphviz

/// The wire between a job and its worker processes, the one every job uses: lines on the worker's
/// standard input and output.
///
/// The worker reads the ``greeting`` line, then one ``WorkerHeader`` (JSON, at most
/// ``headerLimit`` bytes), then a ``WorkerTask`` a line at a time (JSON), and answers each task
/// with ``WorkerReport`` lines (JSON) on its standard output. JSON never holds a raw newline, so a
/// line is a message. The end of its input ends a worker.
enum WorkerWire {
  /// The first line a worker reads: anything else is not its parent speaking, and it stops at the
  /// first byte that differs.
  static let greeting = "vcgraph worker protocol 1"
  /// The longest header a worker reads.
  static let headerLimit = 1 << 20
  /// The longest task or report: a graph of thousands of nodes, a frame's files, well within.
  static let messageLimit = 1 << 30

  /// `value` as one line of JSON.
  static func line(_ value: some Encodable) -> Data {
    do {
      return try JSONEncoder().encode(value) + Data("\n".utf8)
    } catch {
      preconditionFailure("the wire's messages are plain values: \(error)")
    }
  }

  /// What a worker reads first: the greeting and the header.
  static func opening(_ header: WorkerHeader) -> Data {
    Data((greeting + "\n").utf8) + line(header)
  }
}

/// What every task of a worker shares: its limits and, for a render job's worker, the job's options.
struct WorkerHeader: Codable, Sendable {
  var limits: WorkerLimits
  /// The render job's options, for ``WorkerTask/frames(_:)`` tasks.
  var render: RenderJob.Options?
}

/// One thing for a worker to do.
enum WorkerTask: Codable, Sendable {
  /// Some frames of one of a render job's scenarios, drawn into its staging folder.
  case frames(RenderTask)
  /// One graph laid out and rendered, the files sent back: a snapshot job's picture, or one try
  /// of it at a fold level.
  case graph(GraphTask)

  var id: Int {
    switch self {
    case .frames(let task): return task.id
    case .graph(let task): return task.id
    }
  }
}

/// One graph for a worker to lay out and render (``Renderer/drawHere(_:formats:comfortable:)``).
struct GraphTask: Codable, Sendable {
  var id: Int
  /// The file name of the input the graph draws, for a test's fault (``WorkerFault``).
  var input: String
  var graph: GraphDescription
  var formats: [OutputFormat]
  /// When set, the files are rendered only if the picture is comfortable in it.
  var budget: PageBudget?
}

/// One line a worker prints on its standard output.
enum WorkerReport: Codable, Sendable, Equatable {
  /// The task's scenario is replayed (here, once, not in the parent), with these warnings: the
  /// lines to print, told by the scenario's first task.
  case replayed(task: Int, warnings: [String])
  /// The task's scenario is laid out, and its layout kept for the scenario's other tasks.
  case laidOut(task: Int)
  /// The worker is about to draw this step (its layout is done): what it was doing if it dies
  /// before the frame's report.
  case drawing(task: Int, step: Int)
  /// A frame's files are written; `entry` lists them, as ``RenderedFrame/entry`` does.
  case frame(task: Int, entry: RenderIndex.Entry)
  /// The worker could not do the task; `message` is the line to print.
  case failed(task: Int, message: String)
  /// Every frame of the task is reported; the worker waits for its next task.
  case finished(task: Int)
  /// A graph task's drawing.
  case drawn(task: Int, drawing: WireDrawing)

  /// Whether the report ends its task: the worker is idle after it.
  var endsTask: Bool {
    switch self {
    case .failed, .finished, .drawn: return true
    case .replayed, .laidOut, .drawing, .frame: return false
    }
  }
}

/// A ``GraphDrawing`` on the wire: the files as base64, not as arrays of numbers.
struct WireDrawing: Codable, Sendable, Equatable {
  var width: Double?
  var height: Double?
  var files: [String: Data]?

  init(_ drawing: GraphDrawing) {
    (width, height) = (drawing.width, drawing.height)
    files = drawing.files.map { files in
      Dictionary(uniqueKeysWithValues: files.map { ($0.key.rawValue, Data($0.value)) })
    }
  }

  var drawing: GraphDrawing {
    GraphDrawing(
      width: width, height: height,
      files: files.map { files in
        Dictionary(
          uniqueKeysWithValues: files.compactMap { key, value in
            OutputFormat(rawValue: key).map { ($0, [UInt8](value)) }
          })
      })
  }
}
