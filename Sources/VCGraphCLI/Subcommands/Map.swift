import ArgumentParser
import Dispatch
import Foundation
import VCGraph
import VCGraphJobs
import VCGraphSource

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension VCGraphCommand {
  struct Map: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "map",
      abstract: "Read an app's Swift code and storyboards into a map of its screens and transitions.",
      discussion: """
        Parses every .swift file under the paths with SwiftParser and reads every
        .storyboard, then writes the map: each view controller class, each type
        that navigates (coordinators, routers, delegates), and each call site
        that shows a controller (push, present, show, showDetail, addChild,
        rootViewController =, viewControllers =, segues, storyboard
        instantiation, the app's own wrappers of these), with its file:line.

        Left out unless named: build folders, Pods/, Carthage/, .build/,
        DerivedData and test targets (folders and files named ...Tests). A
        destination the code does not say (a parameter typed UIViewController)
        is kept with "to": null and the reason.

        Formats: the diagram (svg, png, pdf, dot: each controller with its
        kind, class and file:line, navigators in grey, transitions labelled
        with their kind and counted, every box and edge with its file:line in
        the SVG's tooltips, linked with --source-url), json (the contract
        other tools read), mermaid (.mmd), text (.txt). With one text format
        and no -o, or with -o -, prints it instead. The diagram folds to fit
        a docs page as every diagram does; a map too big for one page at
        --page-width is an atlas: pages cut by the folders of the code (a
        feature's folder), every controller in full on one page and a link
        box to its page elsewhere, an overview (atlas.svg) and index.json
        (--html, --markdown: index.html, index.md). --fold or --focus draws
        one picture instead. --focus NAME draws what
        NAME reaches within two transitions and folds the rest (and keeps
        only that part in json, mermaid and text). Graphviz draws in a worker
        process (--graphviz-timeout, --graphviz-memory).
        --flow A,B,C writes a scenario that goes through those controllers
        along the map's transitions, which vcgraph check and render take.

        Examples:
          vcgraph map MyApp/ --format svg,png -o docs/map
          vcgraph map MyApp/ --format svg -o docs --source-url 'https://github.com/o/r/blob/main/{file}#L{line}'
          vcgraph map MyApp/ --format json -o docs/map
          vcgraph map MyApp/ --format mermaid > map.mmd
          vcgraph map MyApp/ --focus SettingsViewController --format text
          vcgraph map MyApp/ --flow InboxViewController,MessageViewController -o flow.yaml
        """ + VCGraphCommand.formatsDocumented
    )

    @Argument(help: ArgumentHelp("Folders and .swift or .storyboard files.", valueName: "PATH"))
    var paths: [String]

    @Option(
      name: [.short, .customLong("output")],
      help: ArgumentHelp(
        "The folder to write into (default: standard output for one format, else diagrams), or - for standard "
          + "output; with --flow, the scenario file to write.", valueName: "DIR"))
    var output: String?

    @Option(name: .customLong("format"), help: FormatList<MapFormats>.help(byDefault: "text"))
    var formatLists: [FormatList<MapFormats>] = []

    @Option(
      help: ArgumentHelp(
        "Link each box and edge of the SVG (and each box of the Mermaid chart) to its source: a URL with {file} "
          + "and {line}, 'https://github.com/o/r/blob/main/{file}#L{line}'.", valueName: "TEMPLATE"))
    var sourceURL: String?

    @Option(
      help: ArgumentHelp(
        "Write a scenario through these controllers, in order, along the map's transitions.", valueName: "A,B,C"))
    var flow: String?

    @OptionGroup var drawing: DrawingOptions

    @Flag(help: "With an atlas (the pages of a map too big for one page): also index.html, to browse them.")
    var html = false

    @Flag(help: "With an atlas: also index.md, every page's picture under its heading.")
    var markdown = false

    /// True when the diagram may be an atlas: the whole map, cut into pages that each read at
    /// `--page-width`, when it does not fit one (a focus or a fold mode draws one picture).
    var drawsAtlas: Bool { drawing.folding.fold == .auto && focus.isEmpty }

    /// `--focus`: a controller (or navigator) whose transitions' reach, two steps out, is kept.
    var focus: [String] { drawing.folding.focus }

    var flowNames: [String] {
      (flow ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    func validate() throws {
      if flow != nil {
        if flowNames.isEmpty { throw ValidationError("--flow names no controller; give the classes in order: A,B,C") }
        if !formatLists.isEmpty { throw ValidationError("--flow writes a scenario; leave out --format.") }
      }
      do {
        _ = try ExportingCommand.map.plan(output: output, formats: FormatList.merged(formatLists), inputs: 1)
      } catch {
        throw ValidationError(error.description)
      }
      if let sourceURL, !sourceURL.contains("{file}") {
        throw ValidationError("--source-url needs {file} (and {line}) where the path and line go.")
      }
    }

    func run() throws {
      let progress = MapProgress()
      let map: AppMap
      do {
        map = try AppMapReader(paths: paths).read { done, total in progress.update(done, of: total) }
      } catch {
        progress.clear()
        printError(error.description)
        throw ExitCode.failure
      }
      progress.clear()
      for warning in map.warnings { printError(warning) }
      var shown = map
      if !focus.isEmpty {
        do {
          shown = try map.focused(on: focus)
        } catch {
          printError("\(paths.joined(separator: ", ")): error: --focus: \(error.description)")
          throw ExitCode.failure
        }
      }
      if flow != nil {
        try writeFlow(shown)
        return
      }
      let stem = SafeFileName.make(
        ((paths.first.map { ($0 as NSString).lastPathComponent } ?? "") as NSString).deletingPathExtension,
        fallback: "map")
      // Validated already: a plan is always made.
      guard
        let plan = try? ExportingCommand.map.plan(output: output, formats: FormatList.merged(formatLists), inputs: 1)
      else { throw ExitCode.failure }
      let job = drawing.snapshotJob(.map, plan: plan, outputs: [output])
      defer { job.close() }
      let snapshot = SnapshotJob.Snapshot(map: map, shown: shown, paths: paths, stem: stem, sourceURL: sourceURL)
      do {
        let drawsDiagram = html || markdown || plan.formats.contains { $0.diagramFormat != nil }
        let exported: SnapshotJob.Exported
        if drawsAtlas, drawsDiagram {
          // A map too big for one page is an atlas; one that fits is its one picture.
          var atlasMap = AtlasMap(appMap: AppMapHierarchy(map), name: stem)
          atlasMap.sourceURL = sourceURL
          exported = try job.export(
            atlas: SnapshotJob.AtlasSnapshot(
              map: atlasMap, noun: "the map", path: paths.joined(separator: ", "), html: html, markdown: markdown,
              alone: snapshot))
        } else {
          exported = try job.export(snapshot)
        }
        switch exported {
        case .printed(let data):
          printExport(data)
          printError(shown.summary)
        case .written(let written):
          print("\(paths.joined(separator: ", ")) → \(written) · \(shown.summary)")
        }
      } catch {
        printError(error.description)
        throw ExitCode.failure
      }
    }

    /// Writes the `--flow` scenario to `-o FILE`, or prints it.
    func writeFlow(_ map: AppMap) throws {
      let yaml: String
      do {
        yaml = try map.flowScenario(through: flowNames)
      } catch {
        printError("\(paths.joined(separator: ", ")): error: --flow: \(error.description)")
        throw ExitCode.failure
      }
      guard let output, output != "-" else {
        FileHandle.standardOutput.write(Data(yaml.utf8))
        return
      }
      let url = URL(fileURLWithPath: output)
      var isFolder: ObjCBool = false
      let target =
        FileManager.default.fileExists(atPath: output, isDirectory: &isFolder) && isFolder.boolValue
        ? url.appendingPathComponent("flow.yaml") : url
      do {
        try OutputDirectory(path: target.deletingLastPathComponent().path).write([
          (target.lastPathComponent, Data(yaml.utf8))
        ])
      } catch {
        printError(error.description)
        throw ExitCode.failure
      }
      print("\(paths.joined(separator: ", ")) → \(target.path)")
    }
  }
}

/// `vcgraph map`'s `--format`: the formats ``ExportingCommand/map`` takes.
enum MapFormats: FormatsOfCommand { static let command = ExportingCommand.map }

/// `412/1200 files parsed`, on one line of standard error redrawn in place, on a terminal only and
/// once the reading has lasted a second (`VCGRAPH_PROGRESS_DELAY`), as ``Progress`` does for frames.
private final class MapProgress: @unchecked Sendable {
  private let lock = NSLock()
  private let isTerminal = isatty(STDERR_FILENO) == 1
  private let start = DispatchTime.now()
  private let delay = ProcessInfo.processInfo.environment["VCGRAPH_PROGRESS_DELAY"].flatMap(Double.init) ?? 1
  private var lastDrawn = DispatchTime(uptimeNanoseconds: 0)
  private var isShown = false

  func update(_ done: Int, of total: Int) {
    guard isTerminal else { return }
    lock.lock()
    defer { lock.unlock() }
    let now = DispatchTime.now()
    let elapsed = Double(now.uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    guard elapsed >= delay, now.uptimeNanoseconds - lastDrawn.uptimeNanoseconds > 250_000_000 || done == total else {
      return
    }
    lastDrawn = now
    let left =
      done > 0 && done < total ? " · \(Progress.duration(elapsed * Double(total - done) / Double(done))) left" : ""
    FileHandle.standardError.write(Data("\r\(done)/\(total) files parsed\(left)\u{1B}[K".utf8))
    isShown = true
  }

  func clear() {
    lock.lock()
    defer { lock.unlock() }
    if isShown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    isShown = false
  }
}
