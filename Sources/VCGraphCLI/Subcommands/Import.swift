import ArgumentParser
import Foundation
import VCGraph
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
        With one dump, one text format (json, mermaid, text or dot) and no -o,
        or with -o -, prints that export to standard output instead.
        A dump with a line vcgraph cannot read is an error naming that line, and
        nothing is written for it; the other dumps are still imported, and the
        command exits with status 1.

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

    @Option(
      name: .customLong("format"),
      help: ArgumentHelp(
        "Formats, comma-separated (default: svg, or none with --report).",
        valueName: "FORMATS"))
    var formatLists: [FormatList<SnapshotExports.Format>] = []

    @Flag(help: "Keep the addresses (0x7b3218d0) the dump prints; by default they are left out.")
    var keepPointers = false

    @Option(
      help: ArgumentHelp(
        "Also write a Markdown report to paste into a bug report: a summary, the Mermaid diagram and the dump.",
        valueName: "FILE"))
    var report: String?

    @Option(help: Theme.Choice.help)
    var theme: Theme.Choice = .light

    @OptionGroup var folding: FoldingOptions

    /// The formats asked for, each once, in the order given.
    var formats: [SnapshotExports.Format] {
      let formats = FormatList.merged(formatLists)
      return formats.isEmpty && report == nil ? [.svg] : formats
    }

    /// The folder the files go to.
    var folder: String { output ?? "diagrams" }

    /// Whether the one export goes to standard output: `-o -`, or no `-o` with one dump, no
    /// report and one text format.
    var printsExport: Bool {
      output == "-" || (output == nil && dumps.count == 1 && report == nil && formats.count == 1 && formats[0].isText)
    }

    func validate() throws {
      if dumps.filter({ $0 == "-" }).count > 1 { throw ValidationError("Standard input (-) can be read only once.") }
      if dumps.count > 1 && report != nil { throw ValidationError("--report describes one dump; give one.") }
      if dumps.count > 1 && output == "-" { throw ValidationError("-o - prints the export of one dump; give one.") }
      if report == "-" { throw ValidationError("--report writes a Markdown file; give its path.") }
      if report != nil && output == "-" {
        throw ValidationError(
          "-o - prints one export and --report writes a file; give -o a folder, or leave out --report.")
      }
      if output == "-" {
        let images = formats.filter { !$0.isText }
        if !images.isEmpty {
          throw ValidationError(
            "-o - prints text; \(images.map(\.rawValue).joined(separator: ", ")) needs a folder to write into.")
        }
        if formats.count != 1 {
          throw ValidationError("-o - prints one export; name one of json, mermaid, text, dot with --format.")
        }
      }
    }

    func run() throws {
      var failed = false
      var names: [String: String] = [:]
      let renderer = SharedRenderer()
      for dump in dumps {
        let name =
          dump == "-"
          ? "hierarchy"
          : SafeFileName.make(
            ((dump as NSString).lastPathComponent as NSString).deletingPathExtension, fallback: "hierarchy")
        if let other = names[name] {
          printError(
            "\(dump): error: \(other) already writes \(name).* in \(folder); import them into different folders")
          failed = true
          continue
        }
        names[name] = dump
        if !importDump(dump, name: name, renderer: renderer) { failed = true }
      }
      if failed { throw ExitCode.failure }
    }

    /// Imports one dump and writes its files; prints why and returns false when it cannot.
    func importDump(_ dump: String, name: String, renderer: SharedRenderer) -> Bool {
      let snapshot: HierarchyDump
      do {
        if dump == "-" {
          snapshot = try HierarchyDump(reading: .standardInput, path: "<stdin>", keepsPointers: keepPointers)
        } else {
          snapshot = try HierarchyDump(contentsOfFile: dump, keepsPointers: keepPointers)
        }
      } catch {
        printError(error.description)
        return false
      }
      for warning in snapshot.warnings { printError(warning.description) }
      let hierarchy = snapshot.hierarchy
      let exports = SnapshotExports(formats: formats, themes: theme.themes, folding: folding.folding)
      do {
        let files = try exports.files(
          of: hierarchy,
          diagram: Diagram(
            snapshot: HierarchySnapshot(hierarchy: hierarchy, name: dump, source: .dump(text: snapshot.text))),
          name: name, action: "import \(snapshot.path)", kind: "the dump", path: snapshot.path, renderer: renderer.get)
        if printsExport {
          for file in files { FileHandle.standardOutput.write(file.contents) }
          return true
        }
        let bugReport = report.map { path in
          (
            path,
            Data(BugReport(hierarchy: hierarchy, dumpText: snapshot.shownText, source: snapshot.path).markdown.utf8)
          )
        }
        let written = try SnapshotExports.write(
          files, into: folder, report: bugReport, input: dump == "-" ? nil : (dump, "the dump being imported"))
        print("\(snapshot.path) → \(written)")
        return true
      } catch {
        printError("\(error)")
        return false
      }
    }
  }
}
