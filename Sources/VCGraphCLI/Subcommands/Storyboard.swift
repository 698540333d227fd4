import ArgumentParser
import Foundation
import VCGraph
import VCGraphJobs
import VCGraphviz

extension VCGraphCommand {
  struct Storyboard: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "storyboard",
      abstract: "Draw the scenes and segues of Interface Builder storyboards.",
      discussion: """
        Reads .storyboard files saved by any Xcode since 4.2 and draws each one to
        DIR/<name>.<format>, where <name> is the file name without its extension.
        Scenes are controllers; relationship and embed segues are containment
        (a navigation controller's root, tabs, split view columns, container
        views); other segues (show, present, popover, push, unwind, …) are dotted
        teal edges labelled with their kind. The initial view controller is the
        root of window "main" (of a window named after the storyboard when several
        are given), drawn as UIKit shows it at launch.

        Every storyboard is read before any is drawn, so a storyboard reference to
        another storyboard on the command line is followed into it. A file that is
        not well-formed XML is an error naming its line, and nothing is written
        for it; the others are still drawn, and the command exits with status 1.
        What vcgraph does not know (an element, a segue kind) is drawn generically
        and reported as a warning.

        With one storyboard, one text format (\(ExportingCommand.list(ExportingCommand.storyboard.printedFormats)))
        and no -o, or with -o -, prints that export to standard output instead.
        Graphviz draws in a worker process: a crash, a hang (--graphviz-timeout)
        or too much memory (--graphviz-memory) fails only the storyboard it was
        drawing, its graph kept as DIR/<name>.crash.dot.

        Examples:
          vcgraph storyboard Main.storyboard
          vcgraph storyboard Base.lproj/*.storyboard -o docs/storyboards --format svg,png
          vcgraph storyboard Main.storyboard --format json | jq .
        """ + VCGraphCommand.formatsDocumented
    )

    @Argument(help: ArgumentHelp("Storyboard files.", valueName: "STORYBOARD"))
    var storyboards: [String]

    @Option(
      name: [.short, .customLong("output")],
      help: ArgumentHelp(
        "The folder to write into (default: diagrams, or standard output for one text export of one storyboard), or - "
          + "for standard output.", valueName: "DIR"))
    var output: String?

    @Option(name: .customLong("format"), help: FormatList<StoryboardFormats>.help(byDefault: "svg"))
    var formatLists: [FormatList<StoryboardFormats>] = []

    @OptionGroup var drawing: DrawingOptions

    @Flag(help: "With an atlas (the pages of storyboards too big for one page): also index.html, to browse them.")
    var html = false

    @Flag(help: "With an atlas: also index.md, every page's picture under its heading.")
    var markdown = false

    /// True when the diagrams are an atlas: every storyboard together, cut into pages that each
    /// read at the page width. An explicit fold level or a focus draws one picture a storyboard.
    var drawsAtlas: Bool { drawing.folding.fold == .auto && drawing.folding.focus.isEmpty }

    /// Where the exports go and in which formats; throws when the flags do not go together.
    func plan() throws(ExportPlanError) -> ExportPlan? {
      try ExportingCommand.storyboard.plan(
        output: output, formats: FormatList.merged(formatLists), inputs: storyboards.count)
    }

    func validate() throws {
      do {
        _ = try plan()
      } catch {
        throw ValidationError(error.description)
      }
    }

    func run() throws {
      guard let plan = try plan() else { return }
      var failed = false
      // Every storyboard is read first, so that references between them resolve.
      var read: [(storyboard: VCGraph.Storyboard, stem: String)] = []
      for (path, stem) in ExportingCommand.storyboard.stems(
        of: storyboards, standardInput: "storyboard", fallback: "storyboard",
        folder: output ?? ExportingCommand.defaultFolder)
      {
        do {
          let stem = try stem.get()
          let storyboard = try VCGraph.Storyboard(contentsOfFile: path)
          for warning in storyboard.warnings { printError(warning.description) }
          read.append((storyboard, stem))
        } catch {
          printError("\(error)")
          failed = true
        }
      }
      let job = drawing.snapshotJob(.storyboard, plan: plan, outputs: [output])
      defer { job.close() }
      // A build warning about a scene followed from several storyboards is printed once.
      var printed: Set<String> = []
      let atlas = drawsAtlas && (html || markdown || plan.formats.contains { $0.diagramFormat != nil })
      // A storyboard none of whose scenes is drawn (a WatchKit one) is no part of the atlas: its own
      // picture says what was left out.
      let inAtlas = read.filter { !StoryboardHierarchy($0.storyboard).hierarchy.members.isEmpty }
      if atlas, !inAtlas.isEmpty {
        let map = AtlasMap(storyboards: inAtlas.map(\.storyboard))
        let snapshot = SnapshotJob.AtlasSnapshot(
          map: map, noun: inAtlas.count == 1 ? "the storyboard" : "the storyboards",
          path: inAtlas.count == 1 ? inAtlas[0].storyboard.path : map.title, html: html, markdown: markdown)
        do {
          switch try job.export(atlas: snapshot) {
          case .printed(let data): printExport(data)
          case .written(let written): print("\(snapshot.path) → \(written)")
          }
        } catch {
          printError(error.description)
          failed = true
        }
      }
      for (storyboard, stem) in read {
        let drawn = StoryboardHierarchy(
          storyboard, windowID: storyboards.count > 1 ? storyboard.name : "main",
          others: read.map(\.storyboard).filter { $0.path != storyboard.path })
        for warning in drawn.warnings where printed.insert(warning.description).inserted {
          printError(warning.description)
        }
        var snapshot = SnapshotJob.Snapshot(
          path: storyboard.path, stem: stem, noun: "the storyboard", hierarchy: drawn.hierarchy,
          diagram: { Diagram(storyboard: drawn) }, action: "storyboard \(storyboard.path)")
        snapshot.storyboard = storyboard
        snapshot.aliases = drawn.objectIDs
        // The atlas drew the diagrams: each storyboard's text exports, if any, remain.
        if atlas, inAtlas.contains(where: { $0.storyboard.path == storyboard.path }) {
          guard plan.formats.contains(where: { $0.diagramFormat == nil }) else { continue }
          snapshot.drawsDiagram = false
        }
        do {
          switch try job.export(snapshot) {
          case .printed(let data): printExport(data)
          case .written(let written): print("\(storyboard.path) → \(written)")
          }
        } catch {
          printError(error.description)
          failed = true
        }
      }
      if failed { throw ExitCode.failure }
    }
  }
}
