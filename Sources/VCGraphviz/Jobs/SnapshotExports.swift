import Foundation
import VCGraph

/// The files `vcgraph import` and `vcgraph storyboard` make of one snapshot (the hierarchy a dump
/// or a storyboard describes): its diagram in each format and theme, its state as JSON, a Mermaid
/// flowchart or an outline, and for a dump a Markdown bug report; and how they are written, all
/// or none, never over the input they were read from.
public struct SnapshotExports: Sendable {
  /// A file a snapshot is exported to.
  public enum Format: String, CaseIterable, Hashable, Sendable, Codable {
    case svg, png, pdf, dot
    /// The hierarchy as `vcgraph state --json` prints it.
    case json
    /// A Mermaid flowchart (`.mmd`).
    case mermaid
    /// The indented outline `_printHierarchy` prints (`.txt`).
    case text

    /// The diagram format, for the formats Graphviz renders.
    public var diagramFormat: OutputFormat? { OutputFormat(rawValue: rawValue) }

    /// Whether the export is text a terminal or a pipe can take (`dot` too): one export of one
    /// input in such a format goes to standard output when no folder is given, as `dot -Tsvg` does.
    public var isText: Bool { self != .svg && self != .png && self != .pdf }

    public var fileExtension: String {
      switch self {
      case .mermaid: return "mmd"
      case .text: return "txt"
      default: return rawValue
      }
    }
  }

  /// Why a snapshot's files could not be written: the line to print.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    public var description: String
  }

  public var formats: [Format]
  public var themes: [Theme]
  public var folding: Folding

  public init(formats: [Format], themes: [Theme] = [.light], folding: Folding = Folding()) {
    (self.formats, self.themes, self.folding) = (formats, themes, folding)
  }

  /// The files of a snapshot named `name` (`name.svg`, `name~dark.svg`, `name.json`…): `diagram`
  /// drawn in each diagram format and theme by the renderer `renderer` gives (asked for only when
  /// one is drawn), and `hierarchy` written in each text format; `action` is the JSON state's step,
  /// and a `storyboard`'s segues and references go into its JSON too.
  ///
  /// - Throws: ``Failure`` when a focus names no controller of the snapshot (`kind` names it: "the
  ///   dump", "the storyboard"), ``RenderError`` when Graphviz fails.
  public func files(
    of hierarchy: Hierarchy, diagram: @autoclosure () -> Diagram, name: String, action: String, kind: String,
    path: String, storyboard: Storyboard? = nil, renderer: () throws(RenderError) -> Renderer
  ) throws -> [(name: String, contents: Data)] {
    let unmatched = folding.unmatchedFocus(in: hierarchy.viewControllers)
    if !unmatched.isEmpty {
      throw Failure(description: "\(path): error: " + Folding.unmatchedFocusMessage(unmatched, in: kind))
    }
    var files: [(name: String, contents: Data)] = []
    let diagramFormats = formats.compactMap(\.diagramFormat)
    if !diagramFormats.isEmpty {
      do {
        files += try renderer().renderFiles(
          diagram(), named: name, formats: diagramFormats, options: DrawingOptions(themes: themes, folding: folding))
      } catch {
        throw Failure(description: "\(path): error: \(error.description)")
      }
    }
    for format in formats where format.diagramFormat == nil {
      let text: String
      switch format {
      case .json:
        var document = StateDocument(steps: [.init(number: 1, action: action, hierarchy: hierarchy)])
        document.storyboard = storyboard.map(StoryboardSummary.init)
        text = document.jsonString()
      case .mermaid: text = MermaidFlowchart(hierarchy).text
      default: text = HierarchyText(hierarchy).text
      }
      files.append(("\(name).\(format.fileExtension)", Data(text.utf8)))
    }
    return files
  }

  /// Writes `files` into `output` and `report` (a Markdown file, path and contents) where it
  /// says, each all or nothing: nothing at all when one would replace `input` (its path, and what
  /// it is: "the dump being imported"), when
  /// the report would replace one of the files or a folder, or when its folder cannot be written.
  ///
  /// - Returns: What was written, for the line that says so (`out (3 files), report.md`).
  public static func write(
    _ files: [(name: String, contents: Data)], into output: String, report: (path: String, contents: Data)? = nil,
    input: (path: String, description: String)? = nil
  ) throws(Failure) -> String {
    let targets = files.map { (output as NSString).appendingPathComponent($0.name) }
    // Never write over the input being read.
    if let input, let clash = (targets + (report.map { [$0.path] } ?? [])).first(where: { isSameFile($0, input.path) })
    {
      throw Failure(
        description: "\(clash): error: this would overwrite \(input.description); choose another -o or --report")
    }
    if let report {
      if let clash = targets.first(where: { isSameFile($0, report.path) }) {
        throw Failure(
          description:
            "\(report.path): error: --report names a file this import also writes (\(clash)); choose another path")
      }
      // Writing the report over a folder would replace the folder and everything in it.
      var isFolder: ObjCBool = false
      if report.path.hasSuffix("/")
        || (FileManager.default.fileExists(atPath: report.path, isDirectory: &isFolder) && isFolder.boolValue)
      {
        throw Failure(description: "\(report.path): error: this is a folder; --report names the Markdown file to write")
      }
      // The report goes to another folder than the other files: make sure it can be written there
      // before writing anything, so a bad --report path leaves no files behind.
      let folder = URL(fileURLWithPath: report.path).deletingLastPathComponent()
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      } catch {
        throw Failure(description: "\(report.path): error: cannot create its folder \(folder.path)")
      }
      guard FileManager.default.isWritableFile(atPath: folder.path) else {
        throw Failure(description: "\(report.path): error: cannot write into its folder \(folder.path)")
      }
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

  /// True when both paths name the same file (after resolving `.`, `..` and links).
  static func isSameFile(_ first: String, _ second: String) -> Bool {
    let a = URL(fileURLWithPath: first).standardizedFileURL.resolvingSymlinksInPath().path
    let b = URL(fileURLWithPath: second).standardizedFileURL.resolvingSymlinksInPath().path
    return a == b
  }
}
