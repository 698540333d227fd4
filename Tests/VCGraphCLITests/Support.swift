import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

// MARK: - Where things are

/// The package root, found from this file's path (`Tests/VCGraphCLITests/Support.swift`).
let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The package's `samples/` folder.
let samplesFolder = packageRoot.appendingPathComponent("samples")

/// The file names of the scenarios in `samples/`, sorted.
let sampleNames: [String] = {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: samplesFolder.path)) ?? []
  return names.filter { $0.hasSuffix(".yaml") }.sorted()
}()

/// The built `vcgraph` executable, beside the test bundle.
///
/// On Linux the tests run from `.build/<triple>/debug/<package>PackageTests.xctest`, an executable in
/// the same folder as the products; `Bundle.main` is that folder. The first argument and
/// `/proc/self/exe` point there too; the package's `.build/debug` is the last resort.
let vcgraphExecutable: URL? = {
  var folders: [URL] = []
  #if os(macOS)
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      folders.append(bundle.bundleURL.deletingLastPathComponent())
    }
  #endif
  folders.append(Bundle.main.bundleURL)
  folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent())
  folders.append(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent())
  folders.append(packageRoot.appendingPathComponent(".build/debug"))
  return folders.map { $0.appendingPathComponent("vcgraph") }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }
}()

// MARK: - Running vcgraph

/// What a run of `vcgraph` printed and how it exited.
struct CommandResult: CustomStringConvertible {
  var status: Int32
  var standardOutput: String
  var standardError: String

  var description: String {
    "exit status \(status)\n--- stdout\n\(standardOutput)--- stderr\n\(standardError)"
  }
}

/// A temporary folder for one test, removed when the test ends (see ``withTemporaryFolder(_:)``).
struct TemporaryFolder {
  let url: URL

  /// The URL of `relativePath` inside the folder.
  func callAsFunction(_ relativePath: String) -> URL { url.appendingPathComponent(relativePath) }

  /// Writes text to `relativePath`, creating folders on the way.
  @discardableResult
  func write(_ text: String, to relativePath: String) throws -> URL {
    let file = url.appendingPathComponent(relativePath)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    return file
  }

  /// Copies the package's samples to `samples/` inside the folder, so commands can name them as a user does;
  /// `samples/rendered`, where the README's first command draws them, is left out.
  func copySamples() throws {
    let manager = FileManager.default
    let copy = url.appendingPathComponent("samples")
    try manager.createDirectory(at: copy, withIntermediateDirectories: true)
    for name in try manager.contentsOfDirectory(atPath: samplesFolder.path) where name != "rendered" {
      try manager.copyItem(at: samplesFolder.appendingPathComponent(name), to: copy.appendingPathComponent(name))
    }
  }

  /// True when something exists at `relativePath`.
  func exists(_ relativePath: String) -> Bool {
    FileManager.default.fileExists(atPath: url.appendingPathComponent(relativePath).path)
  }

  /// The names in the folder at `relativePath`, sorted; empty when it does not exist.
  func contents(of relativePath: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.appendingPathComponent(relativePath).path)) ?? [])
      .sorted()
  }

  /// How many files a render has written so far into the staging folders (`.vcgraph-staging-*/new/`)
  /// of the output folder at `relativePath`: 0 before it has begun, or once it is done.
  func stagedFileCount(in relativePath: String) -> Int {
    contents(of: relativePath).filter { $0.hasPrefix(".vcgraph-staging-") }.reduce(0) { count, staging in
      count + contents(of: "\(relativePath)/\(staging)/new").count
    }
  }

  /// The bytes of the file at `relativePath`.
  func bytes(_ relativePath: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url.appendingPathComponent(relativePath)))
  }

  /// Runs `vcgraph` with `arguments` in this folder, as a user would from a shell.
  func vcgraph(_ arguments: String...) throws -> CommandResult {
    try runVCGraph(arguments, in: url)
  }
}

/// Calls `body` with a new empty temporary folder, and removes the folder afterwards.
func withTemporaryFolder<Result>(_ body: (TemporaryFolder) throws -> Result) throws -> Result {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("vcgraph-cli-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: url) }
  return try body(TemporaryFolder(url: url))
}

/// Runs the built `vcgraph` with `arguments` in `directory`, capturing its output through files
/// (so a full pipe can never block it) and waiting for it to exit.
///
/// With `input`, writes it into a pipe on the program's standard input (from another thread, so a
/// program that does not read cannot block the test) and closes it, as `cat file | vcgraph …` does;
/// without, standard input is empty.
func runVCGraph(_ arguments: [String], in directory: URL, standardInput input: String? = nil) throws -> CommandResult {
  let executable = try #require(vcgraphExecutable, "the vcgraph executable is not built beside the tests")
  return try runProgram(executable, arguments, in: directory, standardInput: input)
}

/// Runs `executable` with `arguments` in `directory` the way ``runVCGraph(_:in:standardInput:)`` does.
/// `environment` adds to (or replaces) variables of the test's own environment.
func runProgram(
  _ executable: URL, _ arguments: [String], in directory: URL, standardInput input: String? = nil,
  environment: [String: String] = [:]
) throws -> CommandResult {
  let capture = FileManager.default.temporaryDirectory.appendingPathComponent("vcgraph-run-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: capture) }
  let outURL = capture.appendingPathComponent("stdout")
  let errURL = capture.appendingPathComponent("stderr")
  try Data().write(to: outURL)
  try Data().write(to: errURL)
  let out = try FileHandle(forWritingTo: outURL)
  let err = try FileHandle(forWritingTo: errURL)
  defer {
    try? out.close()
    try? err.close()
  }

  // A write into a pipe whose reader has gone must fail, not kill the test process.
  signal(SIGPIPE, SIG_IGN)
  let pipe = Pipe()
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  process.currentDirectoryURL = directory
  if !environment.isEmpty {
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
  }
  process.standardInput = input == nil ? FileHandle.nullDevice : pipe
  process.standardOutput = out
  process.standardError = err
  let exited = DispatchSemaphore(value: 0)
  process.terminationHandler = { _ in exited.signal() }
  try process.run()
  let written = DispatchSemaphore(value: 0)
  if let input {
    let writer = pipe.fileHandleForWriting
    let data = Data(input.utf8)
    Thread.detachNewThread {
      // A program that exits without reading closes the pipe: the write then fails, which is fine.
      try? writer.write(contentsOf: data)
      try? writer.close()
      written.signal()
    }
  } else {
    written.signal()
  }
  waitForExit(process, exited, arguments: arguments)
  // Nothing reads any more: a write still waiting fails instead of blocking.
  try? pipe.fileHandleForReading.close()
  written.wait()
  return CommandResult(
    status: process.terminationStatus,
    standardOutput: try String(contentsOf: outURL, encoding: .utf8),
    standardError: try String(contentsOf: errURL, encoding: .utf8))
}

/// How long a command may run before the test takes it for a hang, kills it and fails: far longer
/// than any command of the suite takes on a loaded machine. It only stops a hang; speed is
/// measured by `vcgraph-bench`, never asserted by a test.
let hangLimit: DispatchTimeInterval = .seconds(600)

/// Waits for `process` to exit (`exited` is signalled by its termination handler), then for every
/// other process of its process group (Foundation starts each child in a group of its own, which
/// vcgraph's workers inherit), so that nothing the command started still writes into a folder the
/// test is about to remove. A command still running after ``hangLimit`` is killed with its group,
/// and the test fails.
func waitForExit(
  _ process: Process, _ exited: DispatchSemaphore, arguments: [String],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  if exited.wait(timeout: .now() + hangLimit) == .timedOut {
    Issue.record(
      "\(arguments.joined(separator: " ")) did not end within \(hangLimit) and was killed: a hang",
      sourceLocation: sourceLocation)
    kill(-process.processIdentifier, SIGKILL)
    exited.wait()
  }
  process.waitUntilExit()
  waitForProcessGroup(process.processIdentifier, of: arguments)
}

/// Waits until no process is left in process group `group`: the workers of a command that ended
/// before them. Polls Linux's answer to `kill(-group, 0)` a counted number of times, 10 ms apart
/// (a minute in all), then kills what is left. A process that outlived the command is noted in
/// the log, for whoever reads it: vcgraph itself should have waited for it.
func waitForProcessGroup(_ group: pid_t, of arguments: [String]) {
  if kill(-group, 0) == -1 && errno == ESRCH { return }
  print("note: a process of `\(arguments.joined(separator: " "))` outlived it; waiting for it")
  for _ in 0..<6_000 {
    if kill(-group, 0) == -1 && errno == ESRCH { return }
    usleep(10_000)
  }
  kill(-group, SIGKILL)
}

/// Whether `signal` was sent to process `pid` and not yet delivered: Linux's pending masks in
/// `/proc/PID/status` (`SigPnd`, for the thread, and `ShdPnd`, for the process). False once the
/// process has ended. An ignored signal that is not blocked is dropped when sent, never pending.
func isPending(_ signal: Int32, in pid: pid_t) -> Bool {
  signalMasks(of: pid, ["SigPnd:", "ShdPnd:"]).contains { $0 & (UInt64(1) << UInt64(signal - 1)) != 0 }
}

/// Whether process `pid`'s main thread blocks `signal` (`SigBlk` in `/proc/PID/status`).
func isBlocked(_ signal: Int32, in pid: pid_t) -> Bool {
  signalMasks(of: pid, ["SigBlk:"]).contains { $0 & (UInt64(1) << UInt64(signal - 1)) != 0 }
}

/// The signal masks named by `fields` in `/proc/PID/status`; none once the process has ended.
private func signalMasks(of pid: pid_t, _ fields: [String]) -> [UInt64] {
  guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return [] }
  return status.split(separator: "\n").compactMap { line in
    guard fields.contains(where: { line.hasPrefix($0) }) else { return nil }
    return UInt64(line.split(separator: "\t").last ?? "", radix: 16)
  }
}

// MARK: - JSON

/// Parses JSON output into Foundation values.
func parseJSON(_ text: String) throws -> Any {
  try JSONSerialization.jsonObject(with: Data(text.utf8))
}

/// Parses JSON output whose top level must be an object.
func parseJSONObject(_ bytes: [UInt8]) throws -> [String: Any] {
  try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any], "the JSON is not an object")
}

// MARK: - SVG, PNG, PDF

/// The `<g class="node …">` ids of an SVG file, without the nodes a diff drew as removed, decoded by a real XML parser (Foundation's `XMLParser`).
func svgNodeIDs(_ bytes: [UInt8]) throws -> [String] {
  let parser = XMLParser(data: Data(bytes))
  parser.shouldResolveExternalEntities = false
  let collector = NodeIDCollector()
  parser.delegate = collector
  guard parser.parse(), collector.rootName == "svg" else {
    throw SVGParseFailure(
      description: "not an SVG document (root \(collector.rootName ?? "none")); line \(parser.lineNumber): "
        + String(describing: parser.parserError))
  }
  return collector.nodeIDs
}

/// Why a file did not parse as SVG.
struct SVGParseFailure: Error, CustomStringConvertible {
  var description: String
}

private final class NodeIDCollector: NSObject, XMLParserDelegate {
  var rootName: String?
  var nodeIDs: [String] = []

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
    attributes attributeDict: [String: String] = [:]
  ) {
    if rootName == nil { rootName = elementName }
    // What a step's diff draws faded from the step before (class "removed") is not in the hierarchy.
    let classes = attributeDict["class"]?.split(separator: " ") ?? []
    if elementName == "g", classes.first == "node", !classes.contains("removed"), let id = attributeDict["id"] {
      nodeIDs.append(id)
    }
  }
}

/// The eight bytes every PNG file starts with.
let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

/// The image size from a PNG's first chunk, IHDR; nil when the bytes are not a PNG.
func pngSize(_ bytes: [UInt8]) -> (width: UInt32, height: UInt32)? {
  guard bytes.count >= 24, Array(bytes[0..<8]) == pngSignature, Array(bytes[12..<16]) == Array("IHDR".utf8) else {
    return nil
  }
  func bigEndian(_ offset: Int) -> UInt32 { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) } }
  return (bigEndian(16), bigEndian(20))
}

/// Where the tests expect Graphviz's `dot` program.
let dotProgram = "/usr/bin/dot"

/// True when `dot` is installed (scripts/install-deps installs it).
let hasDotProgram = FileManager.default.isExecutableFile(atPath: dotProgram)

/// Runs `dot -Tsvg` on a DOT file and returns its exit status.
func dotStatus(readingFile file: URL) throws -> Int32 {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: dotProgram)
  process.arguments = ["-Tsvg", "-o", "/dev/null", file.path]
  process.standardError = FileHandle.nullDevice
  try process.run()
  process.waitUntilExit()
  return process.terminationStatus
}

// MARK: - What the hierarchy should look like

/// The controllers `vcgraph state --json` reports for step `number`, by id.
func stateControllers(_ state: [String: Any], step number: Int) throws -> [String: [String: Any]] {
  let steps = try #require(state["steps"] as? [[String: Any]])
  let step = try #require(steps.first { $0["number"] as? Int == number }, "no step \(number) in the state")
  let controllers = try #require(step["viewControllers"] as? [[String: Any]])
  return Dictionary(uniqueKeysWithValues: controllers.compactMap { c in (c["id"] as? String).map { ($0, c) } })
}

/// How many controllers each fold node of an SVG counts (`N controllers`), in document order.
func foldCounts(_ bytes: [UInt8]) throws -> [Int] {
  try svgTexts(bytes).nodes.filter { $0.key.hasPrefix("fold-") }.sorted { $0.key < $1.key }.compactMap { _, texts in
    texts.lazy.compactMap { text -> Int? in
      let words = text.split(separator: " ")
      guard words.count == 2, words[1] == "controllers" || words[1] == "controller" else { return nil }
      return Int(words[0])
    }.first
  }
}

/// The SVG node ids a step must draw, from `vcgraph state --json`: every controller in a relation, and every window.
func expectedNodeIDs(_ state: [String: Any], step number: Int) throws -> Set<String> {
  let steps = try #require(state["steps"] as? [[String: Any]])
  let step = try #require(steps.first { $0["number"] as? Int == number })
  let windows = try #require(step["windows"] as? [[String: Any]])
  let roots = Set(windows.compactMap { $0["rootViewController"] as? String })
  var ids = Set(windows.compactMap { ($0["id"] as? String).map { "window-" + $0 } })
  for (id, controller) in try stateControllers(state, step: number) {
    let attached =
      roots.contains(id) || controller["parent"] is String || !((controller["children"] as? [String]) ?? []).isEmpty
      || controller["presentingViewController"] is String || controller["presentedViewController"] is String
    if attached { ids.insert("vc-" + id) }
  }
  return ids
}

/// The text an SVG file draws, decoded by a real XML parser: each `<text>` element's content, in
/// document order, split into what the graph itself draws (its label, where `render --events` puts the
/// callbacks panel) and what each `<g class="node">` draws, by node id.
struct SVGTexts {
  /// The texts outside any node or edge: the graph label, the legend and the callbacks panel.
  var graph: [String] = []
  /// The texts inside each node, by the node's id (`vc-home`).
  var nodes: [String: [String]] = [:]
  /// Every text, in document order.
  var all: [String] = []
  /// `width`, `height` and `viewBox` of the `<svg>` element: the frame's size.
  var size = ""
  /// The coordinates of the first shape (`path` or `polygon`) of each node, by the node's id: where
  /// the frame draws it.
  var shapes: [String: String] = [:]
}

/// The texts of an SVG file; see ``SVGTexts``.
func svgTexts(_ bytes: [UInt8]) throws -> SVGTexts {
  let parser = XMLParser(data: Data(bytes))
  parser.shouldResolveExternalEntities = false
  let collector = TextCollector()
  parser.delegate = collector
  guard parser.parse(), collector.rootName == "svg" else {
    throw SVGParseFailure(
      description: "not an SVG document (root \(collector.rootName ?? "none")); line \(parser.lineNumber): "
        + String(describing: parser.parserError))
  }
  return collector.texts
}

private final class TextCollector: NSObject, XMLParserDelegate {
  var rootName: String?
  var texts = SVGTexts()
  /// For each open `<g>`: the node id when it is a node, "" when it is an edge, nil otherwise.
  private var groups: [String?] = []
  private var text: String?

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
    attributes attributeDict: [String: String] = [:]
  ) {
    if rootName == nil { rootName = elementName }
    switch elementName {
    case "svg":
      texts.size = ["width", "height", "viewBox"].map { attributeDict[$0] ?? "" }.joined(separator: " ")
    case "path", "polygon":
      if let id = groups.last(where: { $0 != nil }) ?? nil, !id.isEmpty, texts.shapes[id] == nil {
        texts.shapes[id] = attributeDict["d"] ?? attributeDict["points"]
      }
    case "g":
      // Graphviz writes `node` or `edge` first, then the classes vcgraph gave the element.
      switch attributeDict["class"]?.split(separator: " ").first {
      case "node": groups.append(attributeDict["id"] ?? "")
      case "edge": groups.append("")
      default: groups.append(nil)
      }
    case "text": text = ""
    default: break
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    text? += string
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
  ) {
    switch elementName {
    case "g": groups.removeLast()
    case "text":
      guard let finished = text else { return }
      text = nil
      texts.all.append(finished)
      if let owner = groups.last(where: { $0 != nil }) ?? nil {
        if !owner.isEmpty { texts.nodes[owner, default: []].append(finished) }
      } else {
        texts.graph.append(finished)
      }
    default: break
    }
  }
}

// MARK: - Standard input

extension TemporaryFolder {
  /// Runs `vcgraph` with `arguments` in this folder with `input` on its standard input, as
  /// `cat file | vcgraph …` would.
  func vcgraph(_ arguments: String..., input: String) throws -> CommandResult {
    try runVCGraph(arguments, in: url, standardInput: input)
  }
}
