import ArgumentParser
import Foundation
import VCGraph
import VCGraphJobs
import VCGraphviz

extension VCGraphCommand {
  /// `vcgraph _draw-worker`: lays out and renders one graph for `import`, `storyboard` and `diff`,
  /// so that Graphviz runs in a process of its own (see ``SupervisedDrawer``). It reads a
  /// ``DrawRequest`` as JSON on standard input and prints a ``DrawResponse`` as JSON.
  struct DrawWorker: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "_draw-worker",
      abstract: "Draw one graph for import, storyboard and diff (a request as JSON on standard input).",
      shouldDisplay: false
    )

    @Option(help: .hidden)
    var graphvizMemory = WorkerMemory.defaultGigabytes

    func run() throws {
      WorkerMemory.limit(gigabytes: graphvizMemory)
      // Its command stops it on an interruption: the user's Ctrl-C to the process group must not
      // end it first, to be reported as a crash.
      for number in [SIGINT, SIGTERM, SIGHUP] { signal(number, SIG_IGN) }
      let input = FileHandle.standardInput
      let fault = DrawFault(ProcessInfo.processInfo.environment[DrawFault.variable])
      var renderer: Renderer?
      while let frame = DrawFrame.read(from: input) {
        let response: DrawResponse
        do {
          let request = try JSONDecoder().decode(DrawRequest.self, from: frame)
          fault?.strike(request.graph)
          do {
            let drawer: Renderer
            if let renderer {
              drawer = renderer
            } else {
              drawer = try Renderer()
              renderer = drawer
            }
            let drawing = try drawer.drawHere(request.graph, formats: request.formats, comfortable: request.budget)
            response = DrawResponse(
              width: drawing.width, height: drawing.height,
              files: drawing.files.map { files in
                Dictionary(uniqueKeysWithValues: files.map { ($0.key, Data($0.value)) })
              },
              error: nil)
          } catch {
            response = DrawResponse(width: nil, height: nil, files: nil, error: error.description)
          }
        } catch {
          printError("error: _draw-worker reads its requests from vcgraph: \(error)")
          throw ExitCode.failure
        }
        FileHandle.standardOutput.write(DrawFrame.framed(try JSONEncoder().encode(response)))
      }
    }
  }
}

/// How requests and responses go over the pipes: the length in bytes, a newline, the JSON.
enum DrawFrame {
  static func framed(_ data: Data) -> Data { Data("\(data.count)\n".utf8) + data }

  /// The next frame of `handle`; nil at the end of its input.
  static func read(from handle: FileHandle) -> Data? {
    var header = Data()
    while true {
      guard let byte = try? handle.read(upToCount: 1), let first = byte.first else { return nil }
      if first == UInt8(ascii: "\n") { break }
      header.append(first)
    }
    guard let count = Int(String(decoding: header, as: UTF8.self)), count >= 0 else { return nil }
    var body = Data()
    while body.count < count {
      guard let chunk = try? handle.read(upToCount: count - body.count), !chunk.isEmpty else { return nil }
      body += chunk
    }
    return body
  }

  /// Takes the first whole frame off the front of `buffer`; nil while it holds none.
  static func take(from buffer: inout Data) -> Data? {
    guard let newline = buffer.firstIndex(of: UInt8(ascii: "\n")),
      let count = Int(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)),
      buffer.distance(from: newline, to: buffer.endIndex) - 1 >= count
    else { return nil }
    let start = buffer.index(after: newline)
    let end = buffer.index(start, offsetBy: count)
    let body = Data(buffer[start..<end])
    buffer = Data(buffer[end...])
    return body
  }
}

/// One graph for `_draw-worker` to draw.
struct DrawRequest: Codable {
  var graph: GraphDescription
  var formats: [OutputFormat]
  /// When set, the files are rendered only if the picture is comfortable in it.
  var budget: PageBudget?
}

/// What `_draw-worker` drew, or Graphviz's error.
struct DrawResponse: Codable {
  var width: Double?
  var height: Double?
  var files: [OutputFormat: Data]?
  var error: String?
}

/// What a test asks `_draw-worker` to suffer, as Graphviz might: `VCGRAPH_TEST_DRAW_FAULT=segv`,
/// `abort` or `hang`, followed by `:TEXT` to strike only graphs whose title holds TEXT (the input's
/// file name). It is how the tests check that `import`, `storyboard` and `diff` survive a Graphviz
/// crash or hang without one at hand; nothing else sets it.
private struct DrawFault {
  static let variable = "VCGRAPH_TEST_DRAW_FAULT"
  var kind: Substring
  var text: Substring?

  init?(_ value: String?) {
    let parts = value?.split(separator: ":", maxSplits: 1) ?? []
    guard let kind = parts.first, ["segv", "abort", "hang"].contains(kind) else { return nil }
    self.kind = kind
    text = parts.count > 1 ? parts[1] : nil
  }

  func strike(_ graph: GraphDescription) {
    if let text, !(graph.attributes["label"] ?? "").contains(text) { return }
    sufferAsGraphvizMight(kind)
  }
}

/// Draws each graph in a `vcgraph _draw-worker` process of its own and waits for it: whatever
/// Graphviz does there (a segfault, an abort, a double free, an endless loop) fails that drawing
/// with ``RenderError/crashed(reason:formats:graph:)``, and the command goes on with its next input.
/// The graph is then kept as DOT (written here by cgraph alone, no layout) in a temporary file the
/// error names.
final class SupervisedDrawer: GraphDrawer {
  /// How long a drawing may take before its process is stopped.
  let timeout: Duration
  /// How much memory its process may take, in gigabytes.
  let memoryGigabytes: Int
  /// For the DOT of a graph that crashed Graphviz: cgraph only, no layout.
  private let local: Renderer
  /// The process drawing, kept for the next graph; nil until the first and after a crash.
  private var process: WorkerProcess?
  private var pending = Data()

  init(timeout: Duration = .seconds(120), memoryGigabytes: Int = WorkerMemory.defaultGigabytes, local: Renderer) {
    self.timeout = timeout
    self.memoryGigabytes = memoryGigabytes
    self.local = local
  }

  deinit {
    // Its input ends, so it ends: reap it.
    if let process {
      process.closeInput()
      _ = process.wait()
    }
  }

  func draw(
    _ graph: GraphDescription, formats: [OutputFormat], comfortable budget: PageBudget?
  ) throws(RenderError) -> GraphDrawing {
    let request: Data
    do {
      request = DrawFrame.framed(try JSONEncoder().encode(DrawRequest(graph: graph, formats: formats, budget: budget)))
    } catch {
      throw .inWorker("vcgraph could not hand the graph to Graphviz's process: \(error)")
    }
    signal(SIGPIPE, SIG_IGN)
    let process: WorkerProcess
    if let running = self.process {
      process = running
    } else {
      do {
        process = try WorkerProcess(
          WorkerProcess.currentExecutable,
          arguments: [
            VCGraphCommand.DrawWorker.configuration.commandName ?? "", "--graphviz-memory", "\(memoryGigabytes)",
          ],
          input: Data(), registeringWith: WorkerProcesses(), keepsInputOpen: true)
      } catch {
        throw .inWorker("\(error)")
      }
      self.process = process
      pending = Data()
    }
    _ = process.send(request)
    let deadline = ContinuousClock.now + timeout
    var stopped = false
    var answer: Data?
    while answer == nil {
      let left = deadline - ContinuousClock.now
      if left <= .zero, !stopped {
        kill(process.pid, SIGKILL)
        stopped = true
      }
      guard !WorkerProcess.waitForOutput([process], timeout: stopped ? nil : left).isEmpty else { continue }
      guard let chunk = process.readBytes() else { break }
      pending += chunk
      answer = DrawFrame.take(from: &pending)
    }
    guard let answer else {
      // It died, or was stopped: the next graph gets a new process.
      self.process = nil
      let termination = process.wait()
      let reason: String
      switch termination {
      case _ where stopped:
        reason = "did not finish within \(timeout.components.seconds) s and was stopped (\(WorkerMemory.advice))"
      case _ where WorkerMemory.ranOut(peak: process.peakMemory, gigabytes: memoryGigabytes):
        reason = "ran out of memory (it may take \(memoryGigabytes) GB; \(WorkerMemory.advice))"
      case .signaled(let signal): reason = "crashed (signal \(signal), \(String(cString: strsignal(signal))))"
      case .exited(let status): reason = "'s process ended (status \(status)) before it was done"
      case .stopped: reason = "did not finish and was stopped"
      }
      throw .crashed(reason: reason, formats: formats, graph: keep(graph))
    }
    guard let response = try? JSONDecoder().decode(DrawResponse.self, from: answer) else {
      throw .inWorker("Graphviz's process answered something vcgraph cannot read")
    }
    if let error = response.error { throw .inWorker(error) }
    return GraphDrawing(
      width: response.width, height: response.height,
      files: response.files.map { files in Dictionary(uniqueKeysWithValues: files.map { ($0.key, [UInt8]($0.value)) }) }
    )
  }

  /// Writes the DOT of `graph` to a temporary file and returns its path; nil when it cannot.
  private func keep(_ graph: GraphDescription) -> String? {
    guard let source = try? local.unlaidSource(of: graph) else { return nil }
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "vcgraph-crash-\(UUID().uuidString.prefix(8)).dot")
    guard (try? Data(source).write(to: url)) != nil else { return nil }
    return url.path
  }
}
