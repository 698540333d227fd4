import Foundation
import VCGraph
import VCGraphviz

/// The job of `import`, `storyboard`, `diff` and `map` (and of any command that draws one picture an
/// input): each input's hierarchy exported in every format asked for, its diagram drawn by a
/// supervised worker, its files written all or none, never over the input they were read from.
///
/// ```swift
/// let job = SnapshotJob(options: .init(command: .import, plan: plan))
/// defer { job.close() }
/// switch try job.export(snapshot) {
/// case .printed(let data): FileHandle.standardOutput.write(data)
/// case .written(let line): print(line)
/// }
/// ```
///
/// Graphviz draws in a worker process (``WorkerDrawer``), started for the first picture and kept
/// for the next: a crash, a hang or a memory bomb there fails only the input it was drawing, with
/// the line ``WorkerFailure`` words for every job and the graph kept beside the output as
/// `NAME.crash.dot`. ``close()`` reaps the worker.
public final class SnapshotJob {
  /// What the flags say.
  public struct Options: Sendable {
    /// The command, whose formats and advice the job uses.
    public var command: ExportingCommand
    /// The formats and where they go.
    public var plan: ExportPlan
    public var themes: [Theme]
    public var folding: Folding
    /// The page every picture must read on (`--page-width`).
    public var pageBudget: PageBudget
    public var limits: WorkerLimits

    public init(
      command: ExportingCommand, plan: ExportPlan, themes: [Theme] = [.light], folding: Folding = Folding(),
      pageBudget: PageBudget = PageBudget(), limits: WorkerLimits = WorkerLimits()
    ) {
      (self.command, self.plan, self.themes, self.folding, self.limits) = (command, plan, themes, folding, limits)
      self.pageBudget = pageBudget
    }
  }

  /// One input's hierarchy, and how its files are named and written.
  public struct Snapshot {
    /// The input as the user named it, for messages; nil for a picture of several inputs (a diff).
    public var path: String?
    /// The stem of its files: `Shop` for `Shop.svg`, `Shop.json`.
    public var stem: String
    /// What the input is, for messages: "the dump", "the storyboard", "either side".
    public var noun: String
    public var hierarchy: Hierarchy
    /// The controllers a `--focus` may name (by default the hierarchy's).
    public var focusable: [ViewController]
    public var diagram: () -> Diagram
    /// The step the JSON export names: `import dump.txt`.
    public var action: String
    /// A storyboard's segues and references, for its JSON.
    public var storyboard: Storyboard?
    /// A Markdown report written beside the exports (`import --report`): its path and text.
    public var report: (path: String, contents: Data)?
    /// The file the hierarchy was read from, which nothing may overwrite, and what it is ("the dump
    /// being imported").
    public var input: (path: String, description: String)?
    /// Other names a `--focus` may give a controller, with its id: a storyboard scene's Interface
    /// Builder object id (`BYZ-38-t0r`).
    public var aliases: [String: String] = [:]
    /// False when the diagram is drawn elsewhere (a storyboard's, in the atlas of every storyboard):
    /// only the text exports are made.
    public var drawsDiagram = true
    /// The text exports, when they are not the hierarchy's (an app map's JSON, Mermaid and text).
    public var textExport: ((ExportFormat) -> Data)?

    public init(
      path: String?, stem: String, noun: String, hierarchy: Hierarchy, diagram: @escaping () -> Diagram,
      action: String
    ) {
      (self.path, self.stem, self.noun, self.hierarchy, self.diagram) = (path, stem, noun, hierarchy, diagram)
      self.action = action
      focusable = hierarchy.viewControllers
    }
  }

  /// What became of a snapshot's exports.
  public enum Exported {
    /// The one export, for standard output.
    case printed(Data)
    /// The files written: `out (3 files), report.md`, for the line that says so.
    case written(String)
  }

  /// Why a snapshot's files could not be made or written: the line to print.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    public var description: String
  }

  public let options: Options
  /// What to do with a line a worker printed that is not a report (Graphviz's own warnings).
  public var said: (String) -> Void = { _ in }
  private let worker: WorkerCommand
  /// The renderer that draws in the worker, made for the first picture.
  var renderer: Renderer?
  var drawer: WorkerDrawer?

  public init(options: Options, worker: WorkerCommand = WorkerCommand()) {
    self.options = options
    self.worker = worker
  }

  deinit {
    close()
  }

  /// Starts the worker that will draw the pictures, when the plan draws any, so that it loads
  /// Graphviz and the fonts while the input is still being read: call it before reading. Without
  /// it, the worker starts at the first picture. A worker that cannot start is started again, and
  /// its failure told, at the first picture.
  public func startDrawing() {
    guard !options.plan.formats.compactMap(\.diagramFormat).isEmpty, (try? drawingRenderer()) != nil,
      let pool = drawer?.pool, pool.workers.isEmpty
    else { return }
    _ = try? pool.start()
  }

  /// Reaps the worker: it ends at the end of its input.
  public func close() {
    drawer?.pool.close()
  }

  /// Makes the snapshot's files, and writes them (or returns the one export to print).
  ///
  /// - Throws: ``Failure`` when a focus names no controller of the snapshot, Graphviz fails, or a
  ///   file cannot be written (then none is).
  public func export(_ snapshot: Snapshot) throws(Failure) -> Exported {
    let prefix = snapshot.path.map { "\($0): error: " } ?? "error: "
    let folding = options.folding.resolving(snapshot.aliases)
    let unmatched = folding.unmatchedFocus(in: snapshot.focusable)
    if !unmatched.isEmpty {
      throw Failure(
        description: prefix
          + Folding.unmatchedFocusMessage(unmatched, in: snapshot.noun, objectIDs: !snapshot.aliases.isEmpty))
    }
    var files: [(name: String, contents: Data)] = []
    do {
      if snapshot.drawsDiagram { files = try diagramFiles(of: snapshot, folding: folding) }
    } catch {
      throw Failure(description: prefix + error.description)
    }
    for format in options.plan.formats where format.diagramFormat == nil {
      files.append((format.fileName(stem: snapshot.stem), textExport(of: snapshot, as: format)))
    }
    switch options.plan.destination {
    case .standardOutput:
      return .printed(files.reduce(Data()) { $0 + $1.contents })
    case .folder(let folder):
      return .written(try Self.write(files, into: folder, report: snapshot.report, input: snapshot.input))
    }
  }

  /// The diagram's files, drawn in the worker in each diagram format and theme.
  private func diagramFiles(
    of snapshot: Snapshot, folding: Folding
  ) throws(RenderError) -> [(name: String, contents: Data)] {
    let formats = options.plan.formats.compactMap(\.diagramFormat).sorted()
    guard !formats.isEmpty else { return [] }
    let renderer = try drawingRenderer()
    drawer?.input = (
      (snapshot.path.map { ($0 as NSString).lastPathComponent }) ?? snapshot.stem, snapshot.stem,
      options.plan.destination.crashFolder
    )
    var diagram = snapshot.diagram()
    diagram.folding = folding
    var files: [(name: String, contents: Data)] = []
    // One export goes to standard output: the first theme's.
    let themes = options.plan.destination == .standardOutput ? Array(options.themes.prefix(1)) : options.themes
    for theme in themes {
      diagram.theme = theme
      let drawn = try renderer.render(diagram, formats: formats, budget: options.pageBudget)
      for format in formats {
        let name = ExportFormat.diagram(format).fileName(stem: snapshot.stem, theme: theme, among: themes)
        files.append((name, Data(drawn[format] ?? [])))
      }
    }
    return files
  }

  /// The renderer whose pictures a worker draws: its own Graphviz context only builds graphs.
  func drawingRenderer() throws(RenderError) -> Renderer {
    if let renderer { return renderer }
    let made = try Renderer()
    let drawer = WorkerDrawer(
      pool: WorkerPool(command: worker, header: WorkerHeader(limits: options.limits)),
      advice: WorkerFailure.advice(offeringJSON: options.command.writesJSON))
    drawer.said = { [weak self] line in self?.said(line) }
    made.drawer = drawer
    (renderer, self.drawer) = (made, drawer)
    return made
  }

  /// The snapshot as text: its state as JSON (with a storyboard's segues and references), a
  /// Mermaid flowchart or an outline.
  func textExport(of snapshot: Snapshot, as format: ExportFormat) -> Data {
    if let export = snapshot.textExport { return export(format) }
    switch format {
    case .json:
      var document = StateDocument(steps: [.init(number: 1, action: snapshot.action, hierarchy: snapshot.hierarchy)])
      document.storyboard = snapshot.storyboard.map(StoryboardSummary.init)
      return Data(document.jsonString().utf8)
    case .mermaid: return Data(MermaidFlowchart(snapshot.hierarchy).text.utf8)
    default: return Data(HierarchyText(snapshot.hierarchy).text.utf8)
    }
  }
}

extension SnapshotJob.Snapshot {
  /// An app map's snapshot (`vcgraph map`): its diagram drawn from the whole map, the focus folding
  /// the rest, and its JSON, Mermaid and text written from `shown` (the map, or the part a focus keeps).
  ///
  /// - Parameters:
  ///   - paths: the paths read, as the command line gives them (the first names the picture).
  ///   - stem: the files' name: `Trips` for `Trips.svg`.
  ///   - sourceURL: a URL with `{file}` and `{line}` the boxes and edges link to (and Mermaid's boxes).
  public init(map: AppMap, shown: AppMap, paths: [String], stem: String, sourceURL: String?) {
    let drawn = AppMapHierarchy(map)
    self.init(
      path: paths.joined(separator: ", "), stem: stem, noun: "the map", hierarchy: drawn.hierarchy,
      diagram: { Diagram(appMap: drawn, name: stem, sourceURL: sourceURL) }, action: "map")
    textExport = { format in
      switch format {
      case .json: return Data(shown.jsonText.utf8)
      case .mermaid: return Data(shown.mermaid(sourceURL: sourceURL).utf8)
      default: return Data(shown.text.utf8)
      }
    }
  }
}

extension SnapshotJob {
  /// Writes `files` into `output` and `report` (a Markdown file, path and contents) where it
  /// says, each all or nothing: nothing at all when one would replace `input` (its path, and what
  /// it is: "the dump being imported"), when the report would replace one of the files or a
  /// folder, or when its folder cannot be written. Paths are compared by what they name on disk
  /// (``FileIdentity``), through links.
  ///
  /// - Returns: What was written, for the line that says so (`out (3 files), report.md`).
  public static func write(
    _ files: [(name: String, contents: Data)], into output: String, report: (path: String, contents: Data)? = nil,
    input: (path: String, description: String)? = nil
  ) throws(Failure) -> String {
    let targets = files.map { (output as NSString).appendingPathComponent($0.name) }
    // Never write over the input being read.
    if let input,
      let clash = (targets + (report.map { [$0.path] } ?? [])).first(where: { FileIdentity.same($0, input.path) })
    {
      throw Failure(
        description: "\(clash): error: this would overwrite \(input.description); choose another -o or --report")
    }
    if let report {
      if let clash = targets.first(where: { FileIdentity.same($0, report.path) }) {
        throw Failure(
          description:
            "\(report.path): error: --report names a file this import also writes (\(clash)); choose another path")
      }
      try checkReportFolder(report.path)
    }
    do {
      if !files.isEmpty { try OutputDirectory(path: output).write(files) }
      if let report {
        // Not NSString.deletingLastPathComponent: on Linux it crashes on a one-character path ("r").
        let url = URL(fileURLWithPath: report.path)
        try OutputDirectory(path: url.deletingLastPathComponent().path).write([(url.lastPathComponent, report.contents)]
        )
      }
    } catch {
      throw Failure(description: error.description)
    }
    var written = files.isEmpty ? [] : ["\(output) (\(files.count) file\(files.count == 1 ? "" : "s"))"]
    if let report { written.append(report.path) }
    return written.joined(separator: ", ")
  }

  /// Checks that the report can be written where it says before anything is: not over a folder,
  /// and into a folder that exists or can be made, and can be written.
  private static func checkReportFolder(_ path: String) throws(Failure) {
    // Writing the report over a folder would replace the folder and everything in it.
    var isFolder: ObjCBool = false
    if path.hasSuffix("/")
      || (FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue)
    {
      throw Failure(description: "\(path): error: this is a folder; --report names the Markdown file to write")
    }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw Failure(description: "\(path): error: cannot create its folder \(folder.path)")
    }
    guard FileManager.default.isWritableFile(atPath: folder.path) else {
      throw Failure(description: "\(path): error: cannot write into its folder \(folder.path)")
    }
  }
}
