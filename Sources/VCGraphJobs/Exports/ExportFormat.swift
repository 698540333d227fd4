import VCGraph

/// What a command writes, in one list for every command: the diagram in one of Graphviz's
/// formats (``OutputFormat``), or the hierarchy as text.
///
/// Which command takes which is ``ExportingCommand/formats``; the help of every `--format`, the
/// checks of `-o -` and the files' names are made from them.
public enum ExportFormat: Hashable, Sendable, CaseIterable, RawRepresentable {
  /// The diagram, drawn by Graphviz.
  case diagram(OutputFormat)
  /// The hierarchy as `vcgraph state --json` prints it.
  case json
  /// A Mermaid flowchart (`.mmd`).
  case mermaid
  /// The indented outline `_printHierarchy` prints (`.txt`).
  case text

  public static let allCases: [ExportFormat] = OutputFormat.allCases.map { .diagram($0) } + [.json, .mermaid, .text]

  public init?(rawValue: String) {
    if let format = OutputFormat(rawValue: rawValue) {
      self = .diagram(format)
      return
    }
    switch rawValue {
    case "json": self = .json
    case "mermaid": self = .mermaid
    case "text": self = .text
    default: return nil
    }
  }

  /// Its name on the command line: `svg`, `json`, `mermaid`.
  public var rawValue: String {
    switch self {
    case .diagram(let format): return format.rawValue
    case .json: return "json"
    case .mermaid: return "mermaid"
    case .text: return "text"
    }
  }

  /// The diagram format, for the formats Graphviz renders.
  public var diagramFormat: OutputFormat? {
    if case .diagram(let format) = self { return format }
    return nil
  }

  /// Whether the export is text a terminal or a pipe can take (`dot` too): one export of one
  /// input in such a format goes to standard output when no folder is given, as `dot -Tsvg` does.
  public var isText: Bool { self != .diagram(.svg) && self != .diagram(.png) && self != .diagram(.pdf) }

  public var fileExtension: String {
    switch self {
    case .diagram(let format): return format.fileExtension
    case .json: return "json"
    case .mermaid: return "mmd"
    case .text: return "txt"
    }
  }

  /// The one name of an export's file: `stem.svg`, `stem.mmd`, and among several themes the
  /// diagram of the dark one `stem~dark.svg` (text has no theme).
  public func fileName(stem: String, theme: Theme = .light, among themes: [Theme] = [.light]) -> String {
    let suffix = diagramFormat == nil ? "" : theme.fileNameSuffix(among: themes)
    return stem + suffix + "." + fileExtension
  }
}

/// The commands that write exports, and which formats each takes.
public enum ExportingCommand: String, Sendable, CaseIterable {
  case render
  case `import`
  case storyboard
  case diff
  /// `vcgraph map`: the app map, drawn, or as JSON, Mermaid or text.
  case map

  /// The formats it takes, in ``ExportFormat``'s order.
  public var formats: [ExportFormat] {
    switch self {
    case .render, .diff: return ExportFormat.allCases.filter { $0.diagramFormat != nil }
    case .import, .storyboard, .map: return ExportFormat.allCases
    }
  }

  /// The formats it prints with `-o -`: its text formats.
  public var printedFormats: [ExportFormat] { formats.filter(\.isText) }

  /// Whether it writes JSON, which advice may then offer.
  var writesJSON: Bool { formats.contains(.json) }

  /// The help of its `--format`: what it writes without the flag (the formats it takes follow,
  /// as the argument parser lists an option's values).
  public func formatHelp(byDefault: String) -> String {
    "Formats, comma-separated (default: \(byDefault))."
  }

  /// `svg, png, pdf`: formats as a message lists them.
  public static func list(_ formats: [ExportFormat]) -> String {
    formats.map(\.rawValue).joined(separator: ", ")
  }
}
