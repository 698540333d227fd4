import ArgumentParser
import Foundation
import VCGraph
import VCGraphviz

extension VCGraphCommand {
  struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Compare two hierarchies: what was added, removed and changed.",
      discussion: """
        Each side is a _printHierarchy dump (or - for standard input), a state
        JSON (state.json, or state.json#N for its step N), or a scenario step
        (flow.yaml#N). A state JSON or scenario without #N gives its last step.
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
      help: ArgumentHelp(
        "Diagram formats, comma-separated (default: svg); dot alone without -o prints it.",
        valueName: "FORMATS"))
    var formatLists: [FormatList<OutputFormat>] = []

    @Flag(help: "Keep the addresses dumps print, and report a controller whose address changed.")
    var keepPointers = false

    @Flag(help: "Exit with status 1 when the hierarchies differ (like git diff --exit-code).")
    var exitCode = false

    @Option(help: Theme.Choice.help)
    var theme: Theme.Choice = .light

    @OptionGroup var folding: FoldingOptions

    func validate() throws {
      if before == "-" && after == "-" { throw ValidationError("Only one side can be read from standard input.") }
      let formats = FormatList.merged(formatLists)
      if output == "-" && formats != [.dot] {
        throw ValidationError("-o - prints the diagram's DOT; leave out --format, or give --format dot.")
      }
      if output == nil && !formats.isEmpty && formats != [.dot] {
        throw ValidationError("--format chooses the diagram's formats; give -o DIR too (only dot prints without it).")
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
      let unmatched = folding.folding.unmatchedFocus(
        in: sides.before.hierarchy.viewControllers + sides.after.hierarchy.viewControllers)
      // The DOT of the diagram on standard output, as `dot -Tsvg` prints: `--format dot` without
      // a folder, or `-o -`.
      let printsDOT = output == "-" || (output == nil && FormatList.merged(formatLists) == [.dot])
      if output != nil || printsDOT, !unmatched.isEmpty {
        printError("error: " + Folding.unmatchedFocusMessage(unmatched, in: "either side"))
        throw ExitCode(2)
      }
      if printsDOT {
        do {
          var diagram = Diagram(diff: diff, before: sides.before, after: sides.after)
          diagram.folding = folding.folding
          let files = try SharedRenderer.supervised().renderFiles(
            diagram, named: "diff", formats: [.dot], themes: [theme.themes[0]])
          for file in files { FileHandle.standardOutput.write(file.contents) }
        } catch {
          printError("error: \(error)")
          throw ExitCode(2)
        }
        if exitCode && !diff.isEmpty { throw ExitCode.failure }
        return
      }
      if let output {
        let formats = formatLists.isEmpty ? [.svg] : FormatList.merged(formatLists)
        do {
          var diagram = Diagram(diff: diff, before: sides.before, after: sides.after)
          diagram.folding = folding.folding
          try OutputDirectory(path: output).write(
            try SharedRenderer.supervised().renderFiles(diagram, named: "diff", formats: formats, themes: theme.themes))
        } catch let error as RenderError {
          printError("error: \(error.description)")
          throw ExitCode(2)
        } catch {
          printError("\(error)")
          throw ExitCode(2)
        }
      }
      print(diff.summaryText, terminator: "")
      if exitCode && !diff.isEmpty { throw ExitCode.failure }
    }
  }
}
