import ArgumentParser
import Foundation
import VCGraph
import VCGraphJobs
import VCGraphviz

extension VCGraphCommand {
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import",
      abstract: "Draw the hierarchy a _printHierarchy dump describes, and export it for a bug report.",
      discussion: """
        Reads the text lldb prints for
          po UIViewController.value(forKey: "_printHierarchy")
        from a file, or from standard input with "-". Writes DIR/<name>.<format>
        for every format (mermaid as .mmd, text as .txt), where <name> is the
        dump's file name without its extension ("hierarchy" for standard input).
        With one dump, one text format (\(ExportingCommand.list(ExportingCommand.import.printedFormats)))
        and no -o, or with -o -, prints that export to standard output instead.
        A dump with a line vcgraph cannot read is an error naming that line, and
        nothing is written for it; the other dumps are still imported, and the
        command exits with status 1. Graphviz draws in a worker process: a crash,
        a hang (--graphviz-timeout) or too much memory (--graphviz-memory) fails
        only the dump it was drawing, its graph kept as DIR/<name>.crash.dot.

        The dump may sit inside other text: an lldb or cycript session, a log
        (a prefix before the first line), a Markdown code fence or quote, a
        quoted string with \\n escapes. Indentation that lost its spaces is read
        from the "|" and "+" markers. Each such assumption is printed as
        FILE: warning: line N: ... on standard error.

        Limits: at most 64 MiB are read from a file or standard input, lines of
        at most 1 MiB, 100,000 controller lines, and at most 1 MiB of text
        without a controller line in a row: before the dump that is an error,
        after it reading stops there.

        Examples:
          vcgraph import dump.txt --format svg,png
          pbpaste | vcgraph import - --format mermaid
          vcgraph import dump.txt --report report.md
          vcgraph import dump.txt --format json -o snapshots
        """ + VCGraphCommand.formatsDocumented
    )

    @Argument(help: ArgumentHelp("_printHierarchy dumps, or - to read standard input.", valueName: "DUMP"))
    var dumps: [String]

    @Option(
      name: [.short, .customLong("output")],
      help: ArgumentHelp(
        "The folder to write into (default: diagrams, or standard output for one text export of one dump), or - for "
          + "standard output.", valueName: "DIR"))
    var output: String?

    @Option(name: .customLong("format"), help: FormatList<ImportFormats>.help(byDefault: "svg, or none with --report"))
    var formatLists: [FormatList<ImportFormats>] = []

    @Flag(help: "Keep the addresses (0x7b3218d0) the dump prints; by default they are left out.")
    var keepPointers = false

    @Option(
      help: ArgumentHelp(
        "Also write a Markdown report to paste into a bug report: a summary, the Mermaid diagram and the dump.",
        valueName: "FILE"))
    var report: String?

    @OptionGroup var drawing: DrawingOptions

    /// Where the exports go and in which formats; throws when the flags do not go together.
    func plan() throws(ExportPlanError) -> ExportPlan? {
      try ExportingCommand.import.plan(
        output: output, formats: FormatList.merged(formatLists), inputs: dumps.count, report: report)
    }

    func validate() throws {
      if dumps.filter({ $0 == "-" }).count > 1 { throw ValidationError("Standard input (-) can be read only once.") }
      if dumps.count > 1 && report != nil { throw ValidationError("--report describes one dump; give one.") }
      if report == "-" { throw ValidationError("--report writes a Markdown file; give its path.") }
      do {
        _ = try plan()
      } catch {
        throw ValidationError(error.description)
      }
    }

    func run() throws {
      guard let plan = try plan() else { return }
      let job = drawing.snapshotJob(.import, plan: plan, outputs: [output, report])
      defer { job.close() }
      var failed = false
      let folder = output ?? ExportingCommand.defaultFolder
      for (dump, stem) in ExportingCommand.import.stems(
        of: dumps, standardInput: "hierarchy", fallback: "hierarchy", folder: folder)
      {
        switch stem {
        case .failure(let clash):
          printError(clash.description)
          failed = true
        case .success(let stem):
          if !importDump(dump, stem: stem, with: job) { failed = true }
        }
      }
      if failed { throw ExitCode.failure }
    }

    /// Imports one dump and writes its files; prints why and returns false when it cannot.
    func importDump(_ dump: String, stem: String, with job: SnapshotJob) -> Bool {
      let read: HierarchyDump
      do {
        if dump == "-" {
          read = try HierarchyDump(reading: .standardInput, path: "<stdin>", keepsPointers: keepPointers)
        } else {
          read = try HierarchyDump(contentsOfFile: dump, keepsPointers: keepPointers)
        }
      } catch {
        printError(error.description)
        return false
      }
      for warning in read.warnings { printError(warning.description) }
      let hierarchy = read.hierarchy
      var snapshot = SnapshotJob.Snapshot(
        path: read.path, stem: stem, noun: "the dump", hierarchy: hierarchy,
        diagram: {
          Diagram(snapshot: HierarchySnapshot(hierarchy: hierarchy, name: dump, source: .dump(text: read.text)))
        },
        action: "import \(read.path)")
      snapshot.report = report.map { path in
        (path, Data(BugReport(hierarchy: hierarchy, dumpText: read.shownText, source: read.path).markdown.utf8))
      }
      snapshot.input = dump == "-" ? nil : (dump, "the dump being imported")
      do {
        switch try job.export(snapshot) {
        case .printed(let data): printExport(data)
        case .written(let written): print("\(read.path) → \(written)")
        }
        return true
      } catch {
        printError(error.description)
        return false
      }
    }
  }
}
