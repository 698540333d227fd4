import Foundation

/// A checker for the part of Mermaid's flowchart grammar that ``MermaidFlowchart`` writes, after
/// mermaid-js/mermaid's `flow.jison` and the entity pre-pass of `mermaidAPI.ts`.
///
/// The subset, one statement a line, indented freely:
/// ```
/// flowchart TD                          header: flowchart or graph, then TB, TD, BT, LR or RL
/// subgraph ID["label"] … end            nested; every subgraph ended, no end without one
/// ID["label"]                           a node
/// ID -->|"label"| ID                    an edge: --> solid, ==> thick, -.-> dotted; both nodes declared
/// classDef NAME key:value,…             a class of styles
/// class ID,ID NAME                      declared nodes, a defined class
/// linkStyle N,N key:value,…             indices of edges that exist, counted from 0 in order
/// ```
/// An ID is a letter then letters, digits or `_`, not a keyword (`end`, `subgraph`, `class`, …).
/// A label is a non-empty double-quoted string whose inside holds no `"`, line break or control
/// character (the lexer's `<string>[^"]+`); no `|` or backtick (a quote followed by a backtick opens
/// a Markdown string); no `<` or `>` but in `<br/>`, no `&` or `%` (labels are HTML, `%%{` a
/// directive); and `#` only to open an entity code `#name;` or `#123;`, `;` only to close one
/// (Mermaid replaces `#\w+;` before it parses). A line must also not trip two rules that match
/// whole lines: the lexer's `.*direction\s+(TB|BT|RL|LR)` and the pre-pass `style.*:\S*#.*;`.
struct MermaidGrammar {
  struct Edge: Equatable {
    var tail: String
    var arrow: String
    var head: String
    /// The label as written between the quotes.
    var label: String
  }

  /// What a chart declares, in order.
  struct Chart {
    var nodes: [(id: String, label: String)] = []
    var edges: [Edge] = []
    var subgraphs: [(id: String, title: String)] = []
    var classDefs: [String] = []
    var classAssignments: [(nodes: [String], className: String)] = []
    var linkStyles: [(indices: [Int], style: String)] = []

    func label(of node: String) -> String? { nodes.first { $0.id == node }?.label }
  }

  let chart: Chart
  /// What is wrong, one message a problem, with the line number; empty for a valid chart.
  let problems: [String]

  static let keywords: Set<String> = [
    "end", "subgraph", "graph", "flowchart", "flowchart-elk", "class", "classDef", "style", "linkStyle", "click",
    "call", "href", "default", "interpolate", "direction", "accTitle", "accDescr", "_self", "_blank", "_parent", "_top",
  ]
  static let entityNames: Set<String> = ["quot", "amp", "lt", "gt", "apos", "nbsp"]

  init(_ text: String) {
    var chart = Chart()
    var problems: [String] = []
    var nodeIDs: Set<String> = []
    var depth = 0
    var sawHeader = false
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    func problem(_ number: Int, _ message: String) { problems.append("line \(number): \(message)") }

    for (index, rawLine) in lines.enumerated() {
      let number = index + 1
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("%%") && !line.hasPrefix("%%{") { continue }
      if rawLine.contains("\r") { problem(number, "carriage return") }
      if !sawHeader {
        if line.wholeMatch(of: /(flowchart|graph) (TB|TD|BT|LR|RL)/) == nil {
          problem(number, "expected a header such as 'flowchart TD', got '\(line)'")
        }
        sawHeader = true
        continue
      }
      if line.contains(/direction\s+(TB|BT|RL|LR)/) {
        problem(number, "the lexer reads any line with 'direction TB' as a direction statement")
      }
      if !line.hasPrefix("classDef ") && !line.hasPrefix("style ") && line.contains(/style.*:\S*#.*;/) {
        problem(number, "Mermaid's pre-pass would drop the last ';' of this line")
      }

      if line == "end" {
        if depth == 0 { problem(number, "'end' without a subgraph") } else { depth -= 1 }
      } else if let match = line.wholeMatch(of: /subgraph ([^\[\s]+)\[(.*)\]/) {
        let id = String(match.1)
        if let message = Self.idProblem(id) { problem(number, message) }
        if let message = Self.labelProblem(String(match.2)) { problem(number, message) }
        chart.subgraphs.append((id, Self.inside(String(match.2))))
        depth += 1
      } else if let match = line.wholeMatch(of: /classDef (\S+) (.+)/) {
        if let message = Self.idProblem(String(match.1)) { problem(number, message) }
        if let message = Self.stylesProblem(String(match.2)) { problem(number, message) }
        chart.classDefs.append(String(match.1))
      } else if let match = line.wholeMatch(of: /class (\S+) (\S+)/) {
        chart.classAssignments.append((match.1.split(separator: ",").map(String.init), String(match.2)))
      } else if let match = line.wholeMatch(of: /linkStyle ([0-9]+(?:,[0-9]+)*) (.+)/) {
        if let message = Self.stylesProblem(String(match.2)) { problem(number, message) }
        chart.linkStyles.append((match.1.split(separator: ",").compactMap { Int($0) }, String(match.2)))
      } else if let match = line.wholeMatch(of: /([^\s\[|]+) (-->|==>|-\.->)\|("[^"]*")\| ([^\s\[|]+)/) {
        let (tail, head) = (String(match.1), String(match.4))
        for id in [tail, head] {
          if let message = Self.idProblem(id) { problem(number, message) }
          if !nodeIDs.contains(id) { problem(number, "the edge names '\(id)', which is not a declared node") }
        }
        if let message = Self.labelProblem(String(match.3)) { problem(number, message) }
        chart.edges.append(Edge(tail: tail, arrow: String(match.2), head: head, label: Self.inside(String(match.3))))
      } else if let match = line.wholeMatch(of: /([^\s\[|]+)\[(.*)\]/) {
        let id = String(match.1)
        if let message = Self.idProblem(id) { problem(number, message) }
        if let message = Self.labelProblem(String(match.2)) { problem(number, message) }
        if !nodeIDs.insert(id).inserted { problem(number, "the node '\(id)' is declared twice") }
        chart.nodes.append((id, Self.inside(String(match.2))))
      } else {
        problem(number, "not a statement of the subset: '\(line)'")
      }
    }
    if !sawHeader { problems.append("line 1: the chart is empty") }
    if depth > 0 { problems.append("end of chart: \(depth) subgraph(s) without 'end'") }
    let subgraphIDs = chart.subgraphs.map(\.id)
    if Set(subgraphIDs).count != subgraphIDs.count || !Set(subgraphIDs).isDisjoint(with: nodeIDs) {
      problems.append("subgraph ids must differ from each other and from node ids")
    }
    for (nodes, className) in chart.classAssignments {
      for node in nodes where !nodeIDs.contains(node) {
        problems.append("class statement: '\(node)' is not a declared node")
      }
      if !chart.classDefs.contains(className) {
        problems.append("class statement: no classDef '\(className)'")
      }
    }
    for (indices, _) in chart.linkStyles {
      for index in indices where index >= chart.edges.count {
        problems.append("linkStyle \(index): the chart has \(chart.edges.count) edges")
      }
    }
    self.chart = chart
    self.problems = problems
  }

  /// Why `id` cannot be a node or subgraph id of the subset, or nil.
  static func idProblem(_ id: String) -> String? {
    if id.wholeMatch(of: /[A-Za-z][A-Za-z0-9_]*/) == nil { return "'\(id)' is not a plain id" }
    if keywords.contains(id) { return "'\(id)' is a keyword" }
    return nil
  }

  /// Why `quoted` (with its quotes) is not a valid label, or nil.
  static func labelProblem(_ quoted: String) -> String? {
    guard quoted.count >= 2, quoted.hasPrefix("\""), quoted.hasSuffix("\"") else {
      return "a label must be in double quotes: \(quoted)"
    }
    let text = Array(inside(quoted))
    if text.isEmpty { return "an empty label" }
    var index = 0
    while index < text.count {
      let character = text[index]
      switch character {
      case "\"": return "a raw double quote inside a label"
      case "|", "`", "&", "%", ">": return "a raw '\(character)' inside a label"
      case ";": return "a ';' that closes no entity code"
      case "<":
        guard String(text[index...].prefix(5)) == "<br/>" else { return "a raw '<' inside a label" }
        index += 5
        continue
      case "#":
        guard let end = text[index...].firstIndex(of: ";") else { return "a '#' that opens no entity code" }
        let name = String(text[(index + 1)..<end])
        guard name.wholeMatch(of: /[0-9]+/) != nil || entityNames.contains(name) else {
          return "'#\(name);' is not an entity code"
        }
        index = end + 1
        continue
      default:
        if character.isNewline
          || character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        {
          return "a line break or control character inside a label"
        }
      }
      index += 1
    }
    return nil
  }

  /// Why `styles` is not a list of `key:value` styles, or nil.
  static func stylesProblem(_ styles: String) -> String? {
    for style in styles.split(separator: ",", omittingEmptySubsequences: false) {
      if style.wholeMatch(of: /[a-z-]+:[#A-Za-z0-9. ]+/) == nil { return "'\(style)' is not a style" }
    }
    return nil
  }

  /// The text between a label's quotes.
  static func inside(_ quoted: String) -> String {
    guard quoted.count >= 2 else { return quoted }
    return String(quoted.dropFirst().dropLast())
  }

  /// What a label shows: entity codes decoded, `<br/>` as line breaks.
  static func unescape(_ label: String) -> String {
    let named: [String: String] = ["quot": "\"", "amp": "&", "lt": "<", "gt": ">", "apos": "'", "nbsp": "\u{A0}"]
    let text = label.replacingOccurrences(of: "<br/>", with: "\n")
    return text.replacing(/#([A-Za-z]+|[0-9]+);/) { match in
      let name = String(match.1)
      if let value = named[name] { return value }
      if let code = UInt32(name), let scalar = Unicode.Scalar(code) { return String(Character(scalar)) }
      return String(match.0)
    }
  }

  var isValid: Bool { problems.isEmpty }
}
