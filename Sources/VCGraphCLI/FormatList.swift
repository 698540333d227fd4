import ArgumentParser
import Foundation
import VCGraph
import VCGraphviz

/// The value of `--format`: formats separated by commas, `svg,png`.
struct FormatList<Format: RawRepresentable & CaseIterable & Hashable & Sendable>: ExpressibleByArgument
where Format.RawValue == String {
  var formats: [Format]

  init(formats: [Format]) {
    self.formats = formats
  }

  init?(argument: String) {
    let words = argument.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    let formats = words.compactMap(Format.init(rawValue:))
    guard !formats.isEmpty, formats.count == words.count else { return nil }
    self.formats = formats
  }

  var defaultValueDescription: String { formats.map(\.rawValue).joined(separator: ",") }

  static var allValueStrings: [String] { Format.allCases.map(\.rawValue) }

  /// The formats of every `--format` given, each once, in the order given.
  static func merged(_ lists: [FormatList]) -> [Format] {
    lists.flatMap(\.formats).reduce(into: []) { result, format in
      if !result.contains(format) { result.append(format) }
    }
  }
}

extension FoldMode: ExpressibleByArgument {}

/// `--fold` and `--focus`: what a diagram folds into counted nodes, and what it focuses on.
struct FoldingOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "auto: fold by the rules, then more, then wrap, until the picture fits a docs page; none: draw every "
        + "controller; runs, stacks, subtrees or all: fold that much, whatever the size.",
      valueName: "MODE"))
  var fold: FoldMode = .auto

  @Option(
    help: ArgumentHelp(
      "Draw this controller's subtree, presentations and ancestors, and fold the rest; a controller id, or a "
        + "class name (with or without its module). Repeat it to focus on several.",
      valueName: "ID"))
  var focus: [String] = []

  /// The folding these flags ask for.
  var folding: Folding { Folding(mode: fold, focus: focus) }

  func validate() throws {
    if let empty = focus.first(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
      throw ValidationError("--focus \"\(empty)\" names no controller: give an id or a class name.")
    }
  }
}
