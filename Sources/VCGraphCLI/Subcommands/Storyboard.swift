import ArgumentParser
import Foundation
import VCGraph
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

        With one storyboard, one text format (json, mermaid, text or dot) and no
        -o, or with -o -, prints that export to standard output instead.

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

    @Option(
      name: .customLong("format"),
      help: ArgumentHelp(
        "Formats, comma-separated (default: svg).", valueName: "FORMATS"))
    var formatLists: [FormatList<SnapshotExports.Format>] = []

    /// The formats asked for, each once, in the order given; SVG when none is.
    var formats: [SnapshotExports.Format] {
      let formats = FormatList.merged(formatLists)
      return formats.isEmpty ? [.svg] : formats
    }

    @Option(help: Theme.Choice.help)
    var theme: Theme.Choice = .light

    @OptionGroup var folding: FoldingOptions

    /// The folder the files go to.
    var folder: String { output ?? "diagrams" }

    /// Whether the one export goes to standard output: `-o -`, or no `-o` with one storyboard and
    /// one text format.
    var printsExport: Bool {
      output == "-" || (output == nil && storyboards.count == 1 && formats.count == 1 && formats[0].isText)
    }

    func validate() throws {
      if output == "-" {
        if storyboards.count != 1 { throw ValidationError("-o - prints the export of one storyboard; give one.") }
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
      // Every storyboard is read first, so that references between them resolve.
      var read: [VCGraph.Storyboard] = []
      var names: [String: String] = [:]
      for path in storyboards {
        let name = SafeFileName.make(
          ((path as NSString).lastPathComponent as NSString).deletingPathExtension, fallback: "storyboard")
        if let other = names[name] {
          printError(
            "\(path): error: \(other) already writes \(name).* in \(folder); draw them into different folders")
          failed = true
          continue
        }
        names[name] = path
        do {
          let storyboard = try VCGraph.Storyboard(contentsOfFile: path)
          for warning in storyboard.warnings { printError(warning.description) }
          read.append(storyboard)
        } catch {
          printError(error.description)
          failed = true
        }
      }
      let renderer = SharedRenderer()
      // A build warning about a scene followed from several storyboards is printed once.
      var printed: Set<String> = []
      for storyboard in read {
        let drawn = StoryboardHierarchy(
          storyboard, windowID: storyboards.count > 1 ? storyboard.name : "main",
          others: read.filter { $0.path != storyboard.path })
        for warning in drawn.warnings where printed.insert(warning.description).inserted {
          printError(warning.description)
        }
        if !write(drawn, renderer: renderer) { failed = true }
      }
      if failed { throw ExitCode.failure }
    }

    /// Writes one storyboard's files, all or none; prints why and returns false when it cannot.
    func write(_ drawn: StoryboardHierarchy, renderer: SharedRenderer) -> Bool {
      let storyboard = drawn.storyboard
      let exports = SnapshotExports(formats: formats, themes: theme.themes, folding: folding.folding)
      do {
        let files = try exports.files(
          of: drawn.hierarchy, diagram: Diagram(storyboard: drawn),
          name: SafeFileName.make(storyboard.name, fallback: "storyboard"),
          action: "storyboard \(storyboard.path)", kind: "the storyboard", path: storyboard.path,
          storyboard: storyboard,
          renderer: renderer.get)
        if printsExport {
          for file in files { FileHandle.standardOutput.write(file.contents) }
        } else {
          print("\(storyboard.path) → \(try SnapshotExports.write(files, into: folder))")
        }
        return true
      } catch {
        printError("\(error)")
        return false
      }
    }
  }
}
