import ArgumentParser
import Foundation
import VCGraph
import VCGraphJobs
import VCGraphviz

extension VCGraphCommand {
  struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Compare two hierarchies: what was added, removed and changed.",
      discussion: """
        Each side is a _printHierarchy dump (or - for standard input), a state
        JSON (state.json, or state.json#N for its step N), a scenario step
        (flow.yaml#N), or a storyboard (the hierarchy it shows at launch). A
        state JSON or scenario without #N gives its last step.
        Controllers are matched by id; a dump's ids are its class names
        (DetailViewController, DetailViewController-2 for the second one).

        Prints one line per difference, sorted: "+" added, "-" removed,
        "~" changed. Exits with status 0, or with --exit-code 1 when the
        hierarchies differ; 2 when a side cannot be read or the diagram cannot
        be written, as diff(1) does. With -o, also draws DIR/diff.<format>: the later hierarchy
        with added elements outlined, changed ones marked with what they were,
        and removed ones faded where they were. With --format dot and no -o (or
        with -o -), prints that diagram's DOT to standard output instead of the
        lines, as dot -Tsvg does.

        Examples:
          vcgraph diff before.txt after.txt
          vcgraph diff samples/login-flow.yaml#3 samples/login-flow.yaml#4 -o diagrams
          pbpaste | vcgraph diff before.txt - --exit-code
        """ + VCGraphCommand.formatsDocumented
    )

    @Argument(help: ArgumentHelp("The earlier hierarchy.", valueName: "BEFORE"))
    var before: String

    @Argument(help: ArgumentHelp("The later hierarchy.", valueName: "AFTER"))
    var after: String

    @Option(
      name: [.short, .customLong("output")],
      help: ArgumentHelp(
        "Also draw the diff into this folder, as diff.<format>; - prints the DOT of the diagram instead of the lines.",
        valueName: "DIR"))
    var output: String?

    @Option(
      name: .customLong("format"),
      help: FormatList<DiffFormats>.help(byDefault: "svg", " Without -o, dot alone prints the diagram's DOT."))
    var formatLists: [FormatList<DiffFormats>] = []

    @Flag(help: "Keep the addresses dumps print, and report a controller whose address changed.")
    var keepPointers = false

    @Flag(help: "Exit with status 1 when the hierarchies differ (like git diff --exit-code).")
    var exitCode = false

    @OptionGroup var drawing: DrawingOptions

    /// Where the diagram goes and in which formats, or nil for the lines alone; throws when the
    /// flags do not go together.
    func plan() throws(ExportPlanError) -> ExportPlan? {
      try ExportingCommand.diff.plan(output: output, formats: FormatList.merged(formatLists), inputs: 1)
    }

    func validate() throws {
      if before == "-" && after == "-" { throw ValidationError("Only one side can be read from standard input.") }
      do {
        _ = try plan()
      } catch {
        throw ValidationError(error.description)
      }
    }

    func run() throws {
      let sides: (before: HierarchySnapshot, after: HierarchySnapshot)
      do {
        let read = { ((try? FileHandle.standardInput.readToEnd()) ?? nil) ?? Data() }
        sides = (
          try HierarchySnapshot(reference: before, keepsPointers: keepPointers, standardInput: read),
          try HierarchySnapshot(reference: after, keepsPointers: keepPointers, standardInput: read)
        )
      } catch {
        printError(error.description)
        throw ExitCode(2)
      }
      let diff = HierarchyDiff(before: sides.before.hierarchy, after: sides.after.hierarchy)
      if let plan = try plan() {
        let job = drawing.snapshotJob(.diff, plan: plan, outputs: [output])
        defer { job.close() }
        var snapshot = SnapshotJob.Snapshot(
          path: nil, stem: "diff", noun: "either side", hierarchy: diff.after,
          diagram: { Diagram(diff: diff, before: sides.before, after: sides.after) }, action: "diff")
        snapshot.focusable = sides.before.hierarchy.viewControllers + sides.after.hierarchy.viewControllers
        do {
          if case .printed(let data) = try job.export(snapshot) {
            // The diagram's DOT instead of the lines, as `dot -Tsvg` prints.
            printExport(data)
            if exitCode && !diff.isEmpty { throw ExitCode.failure }
            return
          }
        } catch let failure as SnapshotJob.Failure {
          printError(failure.description)
          throw ExitCode(2)
        }
      }
      print(diff.summaryText, terminator: "")
      if exitCode && !diff.isEmpty { throw ExitCode.failure }
    }
  }
}
