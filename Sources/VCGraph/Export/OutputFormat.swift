/// A file format vcgraph renders: the formats Graphviz writes that docs use.
public enum OutputFormat: String, Sendable, CaseIterable, Hashable, Comparable, Codable {
  case svg
  case png
  case pdf
  /// The graph as vcgraph built it, written by Graphviz before layout; `dot -Tsvg` redraws it.
  case dot

  /// The file extension.
  public var fileExtension: String { rawValue }

  public static func < (lhs: OutputFormat, rhs: OutputFormat) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
