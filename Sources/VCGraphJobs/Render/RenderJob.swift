import Foundation
import VCGraph
import VCGraphviz

/// The whole of `vcgraph render`: scenarios read and replayed, their frames drawn by supervised
/// worker processes, and each scenario's files (frames, `index.json`, the flipbook pages asked for)
/// moved into its folder all at once.
///
/// ```swift
/// let job = RenderJob(output: "docs/diagrams", options: .init(formats: [.svg, .png], jobs: 2))
/// let succeeded = job.run(["flow.yaml"]) { print($0) }
/// ```
///
/// Graphviz draws only in the workers (see ``run(_:worker:report:)``), so whatever it does costs
/// one scenario. A worker is this program started again as `worker` says, which serves with
/// ``WorkerServer/serve(parent:)``. `vcgraph-bench` draws in its own process with
/// ``drawFrames(of:steps:stableLayout:with:into:willDraw:drawn:)``, ``adopt(_:into:)`` and
/// ``commit(_:entries:into:)``, the pieces the workers and the supervisor use.
public final class RenderJob {
  /// What to render and how: what `vcgraph render`'s flags say, and what each worker receives.
  public struct Options: Codable, Sendable, Hashable {
    /// The formats asked for, each once.
    public var formats: [OutputFormat]
    /// How the frames are drawn (themes, events, layout, folding, page budget), handed whole to the
    /// renderer.
    public var drawing: DrawingOptions
    /// Also `index.html`, the flipbook page that inlines each frame's SVG.
    public var html: Bool
    /// Also `index.md`.
    public var markdown: Bool
    /// Also `animated.svg` (and `animated~dark.svg` with both themes): every step in one SVG that
    /// plays them in a loop. It needs the stable layout, where every frame has the same size.
    public var animate: Bool
    /// How long the animation shows each step, in seconds.
    public var animationInterval: Double
    /// Only this step (counting from 1); nil for every step.
    public var step: Int?
    /// How many worker processes draw (`--jobs N`), a big scenario's frames cut into pieces for
    /// them to share; nil (no `--jobs`) for one a core, each scenario drawn whole by one of them.
    public var jobs: Int?
    /// How long a worker may draw nothing (a frame, or a scenario's frames laid out together)
    /// before it is stopped, and how much memory it may take: past either, the scenario it draws
    /// fails with advice.
    public var limits: WorkerLimits
    /// The horizontal size classes to draw side by side, in order (`--size-classes compact,regular`):
    /// each scenario is replayed once per class (``Replay/sides(of:sizeClasses:)``) and each frame
    /// draws every side. Empty to draw the scenario as it is.
    public var sizeClasses: [SizeClass]

    public init(
      formats: [OutputFormat] = [.svg], drawing: DrawingOptions = DrawingOptions(), html: Bool = false,
      markdown: Bool = false, animate: Bool = false, animationInterval: Double = 2, step: Int? = nil, jobs: Int? = nil,
      limits: WorkerLimits = WorkerLimits(), sizeClasses: [SizeClass] = []
    ) {
      (self.formats, self.drawing, self.sizeClasses) = (formats, drawing, sizeClasses)
      (self.html, self.markdown, self.animate, self.animationInterval) = (html, markdown, animate, animationInterval)
      (self.step, self.jobs, self.limits) = (step, jobs, limits)
    }

    /// The worker processes `--jobs` may ask for (more than the cores start one a core).
    public static let jobCounts = 1...1024
    /// The seconds `--animate-interval` takes: from a tenth of a second to an hour.
    public static let animationIntervals = 0.1...3600.0

    /// A duration as `--animate-interval` takes it, in seconds: `2s`, `1.5s`, `800ms` or `2`;
    /// nil when it is not one, or not within ``animationIntervals``.
    public static func seconds(_ text: String) -> Double? {
      let text = text.trimmingCharacters(in: .whitespaces).lowercased()
      let (digits, scale): (Substring, Double) =
        text.hasSuffix("ms")
        ? (text.dropLast(2), 0.001) : text.hasSuffix("s") ? (text.dropLast(), 1) : (Substring(text), 1)
      guard let value = Double(digits), value.isFinite, animationIntervals.contains(value * scale) else { return nil }
      return value * scale
    }

    /// The formats drawn: those asked for, and SVG for `index.html` and the animation, which are
    /// made of it.
    public var drawnFormats: [OutputFormat] {
      (html || animate) && !formats.contains(.svg) ? formats + [.svg] : formats
    }
  }

  /// What the job tells its caller as it goes, in order.
  public enum Report: Sendable, Equatable {
    /// A scenario's replay warns about a call UIKit logs, or vcgraph assumes something (told in
    /// the scenarios' order, as each worker replays one), or the job says something.
    case warning(String)
    /// An input failed before its frames were drawn (it cannot be read, or it names a step or a
    /// focus it does not have): the line to print. A scenario that breaks UIKit's rules fails
    /// when its worker replays it (``failed(path:message:)``).
    case error(String)
    /// The scenarios are loaded: this many frames of this many scenarios will be drawn.
    case started(frames: Int, scenarios: Int)
    /// A frame is drawn.
    case frameDrawn
    /// A loaded scenario failed: nothing of it was written.
    case failed(path: String, message: String)
    /// A scenario's files were moved into `folder`.
    case written(path: String, folder: String, steps: Int, files: Int)
  }

  /// A scenario read, and the folder its files go to. It is replayed once, by the worker that
  /// draws it (``serve(_:in:)``).
  struct LoadedScenario {
    var path: String
    var scenario: Scenario
    var folder: String
  }

  public let options: Options
  /// The folder each scenario's folder goes into.
  public let output: String
  /// Called before each failure is reported: while an interruption is under way (it stops the
  /// workers itself), it blocks for good, so the workers it killed are never reported as failures.
  var beforeFailure: () -> Void = Interruption.waitIfUnderway
  /// Called with the signal when a worker was ended by SIGINT, SIGTERM or SIGHUP: someone is
  /// stopping vcgraph (a `kill` of every vcgraph process), maybe before it reached this process.
  /// Under ``Interruption/stopsJobs(before:)`` that stops here; otherwise the scenario fails.
  var interrupted: (Int32) -> Void = Interruption.interrupt

  /// The most worker processes a job starts: one a core. Graphviz draws on one core, so more
  /// processes only wait for a core, each with its own memory.
  public static var maximumJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

  /// The number of worker processes this job starts at most: ``Options/jobs``, or
  /// ``maximumJobs`` when it asks for more or says nothing.
  var workerCount: Int { min(max(1, options.jobs ?? Self.maximumJobs), Self.maximumJobs) }

  /// True when a scenario's frames may be cut into pieces for several workers (``Options/jobs``
  /// given): a piece not the first waits for the scenario's layout and reads it, which pays only
  /// for a long scenario of big frames. Without `--jobs`, the workers share the scenarios whole.
  var cutsScenarios: Bool { options.jobs != nil }

  public init(output: String, options: Options) {
    self.output = output
    self.options = options
  }

  /// Renders the scenarios (files, or folders of them) and reports what happens; false when any
  /// failed. A scenario that fails writes nothing; the others are written, in the given order.
  public func run(_ paths: [String], worker: WorkerCommand = WorkerCommand(), report: (Report) -> Void) -> Bool {
    var failed = false
    if let jobs = options.jobs, jobs > Self.maximumJobs {
      report(
        .warning(
          "warning: --jobs \(jobs): this machine has \(Self.maximumJobs) core\(Self.maximumJobs == 1 ? "" : "s"); "
            + "drawing with \(workerCount) worker process\(workerCount == 1 ? "" : "es")"))
    }
    let pool = WorkerPool(command: worker, header: WorkerHeader(limits: options.limits, render: options))
    let expanded = Scenario.paths(expanding: paths)
    // The first worker starts before the scenarios are read: Graphviz and the fonts load in it
    // meanwhile (``Renderer/warmUp()``). One that cannot start is tried again, and told, when a
    // task is handed out.
    if !expanded.isEmpty { _ = try? pool.start() }
    let scenarios = load(expanded, failed: &failed, report: report)
    report(.started(frames: scenarios.reduce(0) { $0 + steps(of: $1.scenario).count }, scenarios: scenarios.count))
    if !supervise(scenarios, pool: pool, report: report) { failed = true }
    return !failed
  }

  /// Reads each scenario; reports why one fails (a step or a focus it does not have, or another
  /// scenario writing to its folder). Nothing is replayed here: the worker that draws a scenario
  /// replays it, once, and hands its warnings on.
  private func load(_ paths: [String], failed: inout Bool, report: (Report) -> Void) -> [LoadedScenario] {
    var loaded: [LoadedScenario] = []
    var folders: [String: String] = [:]
    for path in paths {
      let scenario: Scenario
      do {
        scenario = try Scenario(contentsOfFile: path)
      } catch {
        report(.error(String(describing: error)))
        failed = true
        continue
      }
      if let step = options.step, !scenario.steps.indices.contains(step - 1) {
        let count = scenario.steps.count
        report(
          .error(
            "\(path): error: --step \(step) is out of range; the scenario has \(count) step\(count == 1 ? "" : "s")"))
        failed = true
        continue
      }
      let unmatched = options.drawing.folding.unmatchedFocus(in: scenario.viewControllers)
      if !unmatched.isEmpty {
        report(.error("\(path): error: " + Folding.unmatchedFocusMessage(unmatched, in: "this scenario")))
        failed = true
        continue
      }
      let folder = (output as NSString).appendingPathComponent(scenario.stem)
      if let other = folders[folder] {
        report(.error("\(path): error: \(other) already writes to \(folder); render them into different folders"))
        failed = true
        continue
      }
      folders[folder] = path
      loaded.append(LoadedScenario(path: path, scenario: scenario, folder: folder))
    }
    return loaded
  }

  /// A scenario's replay as the options draw it, and with ``Options/sizeClasses`` its replay per
  /// side (the replay is then the first side's).
  ///
  /// - Throws: ``ScenarioError`` when a step breaks one of UIKit's rules, or ``Replay/SideError``
  ///   when it does on one side.
  public func replays(of scenario: Scenario) throws -> (replay: Replay, sides: [Replay.Side]) {
    guard !options.sizeClasses.isEmpty else { return (try Replay(scenario), []) }
    let sides = try Replay.sides(of: scenario, sizeClasses: options.sizeClasses)
    return (sides[0].replay, sides)
  }

  /// The warnings a scenario's replay prints: the first side's, and those another side adds,
  /// each with its side.
  func warningLines(of replay: Replay, sides: [Replay.Side]) -> [String] {
    guard sides.count > 1 else { return replay.warningLines }
    var lines = replay.warningLines.map { $0 + " (\(sides[0].sizeClass.rawValue) width)" }
    let first = Set(replay.warningLines)
    for side in sides.dropFirst() {
      lines += side.replay.warningLines.map { first.contains($0) ? nil : $0 + " (\(side.sizeClass.rawValue) width)" }
        .compactMap { $0 }
    }
    return lines
  }

  /// The numbers of the steps to render of a scenario: ``Options/step``'s, or every step.
  func steps(of scenario: Scenario) -> [Int] {
    options.step.map { [$0] } ?? scenario.steps.map(\.number)
  }

  /// Draws the frames of `steps` (every step when nil) of a replayed scenario here, in this
  /// process, as the options say, and writes each frame's files into `folder` under their final
  /// names, on a thread of its own while the next frames are drawn (``FrameWriter``); `drawn` gets
  /// each frame's index entry, in order, once its files are written. `stableLayout` is the
  /// scenario's layout when another process computed it already.
  ///
  /// - Returns: The time spent writing files (on the writer's thread, beside the drawing).
  /// - Throws: ``RenderError`` when Graphviz fails, ``OutputDirectory/WriteError`` when a file
  ///   cannot be written, or what `drawn` throws.
  @discardableResult
  public func drawFrames(
    of scenario: ReplayedScenario, steps: Set<Int>?, stableLayout: ScenarioLayout? = nil, with renderer: Renderer,
    into folder: URL, willDraw: (Int) -> Void = { _ in }, drawn: (RenderIndex.Entry) throws -> Void
  ) throws -> Duration {
    let writer = FrameWriter(into: folder, creatingAhead: frameFileNames(of: scenario.scenario, steps: steps))
    defer { writer.stop() }
    try renderer.renderFrames(
      of: scenario, formats: options.drawnFormats, options: options.drawing, steps: steps, stableLayout: stableLayout,
      willDraw: willDraw
    ) { frame in
      for entry in try writer.write(frame) { try drawn(entry) }
    }
    return try Self.finish(writer, drawn: drawn)
  }

  /// Draws the frames of `steps` of `scenario` from its stable layout, sketched where it was laid
  /// out (``ScenarioLayout/isSketched``), without replaying it; as
  /// ``drawFrames(of:steps:stableLayout:with:into:willDraw:drawn:)`` does otherwise.
  @discardableResult
  public func drawFrames(
    of scenario: Scenario, layout: ScenarioLayout, steps: Set<Int>?, with renderer: Renderer, into folder: URL,
    willDraw: (Int) -> Void = { _ in }, drawn: (RenderIndex.Entry) throws -> Void
  ) throws -> Duration {
    let writer = FrameWriter(into: folder, creatingAhead: frameFileNames(of: scenario, steps: steps))
    defer { writer.stop() }
    try renderer.renderFrames(
      of: scenario, layout: layout, formats: options.drawnFormats, options: options.drawing, steps: steps,
      willDraw: willDraw
    ) { frame in
      for entry in try writer.write(frame) { try drawn(entry) }
    }
    return try Self.finish(writer, drawn: drawn)
  }

  /// The names of the files of the frames of `steps` (every step when nil), in the order they are
  /// drawn: step by step, theme by theme, in ``OutputFormat`` order.
  func frameFileNames(of scenario: Scenario, steps: Set<Int>?) -> [String] {
    let (themes, formats) = (options.drawing.themes, options.drawnFormats.sorted())
    return scenario.steps.filter { steps?.contains($0.number) ?? true }.flatMap { step in
      themes.flatMap { theme in
        formats.map { format in
          RenderIndex.frameFile(for: step, stepCount: scenario.steps.count, format: format, theme: theme, among: themes)
            .name
        }
      }
    }
  }

  /// Waits for `writer` to write the last frames, hands their entries to `drawn`, and returns the
  /// time it spent writing.
  private static func finish(
    _ writer: FrameWriter, drawn: (RenderIndex.Entry) throws -> Void
  ) throws -> Duration {
    let (entries, writing) = try writer.finish()
    for entry in entries { try drawn(entry) }
    return writing
  }

  /// The stable layout of a replayed scenario's frames as the options draw them, for the other
  /// processes that draw its frames (``drawFrames(of:layout:steps:with:into:willDraw:drawn:)``).
  public func layOut(_ scenario: ReplayedScenario, with renderer: Renderer) throws(RenderError) -> ScenarioLayout {
    try renderer.stableLayout(of: scenario, options: options.drawing)
  }

  /// Counts a frame's files, written into `staging`'s new files, in the scenario's files, and
  /// returns its index entry. The SVGs drawn only for `index.html` (`--html` without `--format svg`)
  /// are left out of both: they stay in the staging folder for the page, and go with it.
  public func adopt(
    _ entry: RenderIndex.Entry, into staging: OutputDirectory.Staging
  ) throws(OutputDirectory.WriteError) -> RenderIndex.Entry {
    var entry = entry
    var pageOnly: Set<String> = []
    if !options.formats.contains(.svg) {
      let themes = options.drawing.themes
      let keys = themes.map { RenderIndex.key(for: .svg, theme: $0, among: themes) }
      pageOnly = Set(keys.compactMap { entry.files[$0] })
      for key in keys { entry.files[key] = nil }
    }
    for name in entry.files.values.sorted() where !pageOnly.contains(name) { try staging.adopt(name) }
    return entry
  }

  /// Adds `index.json` (the frames' `entries`, in any order), the animation and the flipbook pages
  /// asked for to `staging`, and moves everything into place. Returns how many steps and files
  /// were written.
  ///
  /// The flipbook pages list each step's callbacks and warnings: for them alone the scenario is
  /// replayed here (`replayed`, when the caller has its replay already).
  public func commit(
    _ scenario: Scenario, replayed: ReplayedScenario? = nil, entries: [RenderIndex.Entry],
    into staging: OutputDirectory.Staging
  ) throws(OutputDirectory.WriteError) -> (steps: Int, files: Int) {
    let entries = entries.sorted { $0.number < $1.number }
    var index = RenderIndex(
      scenario: RenderIndex.recordedPath(of: scenario.path, relativeTo: output), title: scenario.title, steps: entries)
    if options.animate { index.animation = try addAnimations(scenario, entries: entries, into: staging) }
    if options.html || options.markdown,
      let replayed = replayed ?? (try? ReplayedScenario(scenario, sizeClasses: options.sizeClasses))
    {
      // The SVGs drawn only for the page are read from the staging folder too.
      var flipbook = Flipbook(replay: replayed.replay, index: index, sides: replayed.sides) { staging.contents(of: $0) }
      flipbook.scenario = Flipbook.shownPath(of: scenario.path, writtenTo: output)
      if options.html { try staging.add(Flipbook.htmlFileName, contents: Data(flipbook.html.utf8)) }
      if options.markdown { try staging.add(Flipbook.markdownFileName, contents: Data(flipbook.markdown.utf8)) }
    }
    let files = staging.names.count + 1
    try staging.commitFrames(
      index: index, stepActions: options.step == nil ? nil : scenario.steps.map(\.action.summary))
    return (entries.count, files)
  }
}

extension RenderJob {
  /// Adds `animated.svg` for each theme, made of the frames' SVGs in `staging` (those drawn only
  /// for it too); returns the files by index key.
  private func addAnimations(
    _ scenario: Scenario, entries: [RenderIndex.Entry], into staging: OutputDirectory.Staging
  ) throws(OutputDirectory.WriteError) -> [String: String] {
    let stepCount = scenario.steps.count
    var files: [String: String] = [:]
    let themes = options.drawing.themes
    for theme in themes {
      // Read one at a time as the animation takes them: no more than one frame's SVG in memory.
      let frames = entries.lazy.compactMap { entry -> AnimatedSVG.Frame? in
        guard scenario.steps.indices.contains(entry.number - 1) else { return nil }
        let step = scenario.steps[entry.number - 1]
        let name = RenderIndex.frameFile(
          for: step, stepCount: stepCount, format: .svg, theme: theme, among: themes
        ).name
        guard let svg = staging.contents(of: name) else { return nil }
        return AnimatedSVG.Frame(number: entry.number, svg: String(decoding: svg, as: UTF8.self))
      }
      let animation = AnimatedSVG(frames: frames, interval: options.animationInterval, palette: theme.animationPalette)
      let file = AnimatedSVG.file(for: theme, among: themes)
      try staging.add(file.name, contents: Data(animation.text.utf8))
      files[file.key] = file.name
    }
    return files
  }
}
