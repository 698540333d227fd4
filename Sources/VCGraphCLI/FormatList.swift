import ArgumentParser
import Foundation
import VCGraph
import VCGraphJobs
import VCGraphviz

/// A command whose `--format` takes the formats ``ExportingCommand/formats`` lists for it.
protocol FormatsOfCommand {
  static var command: ExportingCommand { get }
}

enum RenderFormats: FormatsOfCommand { static let command = ExportingCommand.render }
enum ImportFormats: FormatsOfCommand { static let command = ExportingCommand.import }
enum StoryboardFormats: FormatsOfCommand { static let command = ExportingCommand.storyboard }
enum DiffFormats: FormatsOfCommand { static let command = ExportingCommand.diff }

/// The value of `--format`: formats separated by commas, `svg,png`, each one the command takes.
struct FormatList<Command: FormatsOfCommand>: ExpressibleByArgument {
  var formats: [ExportFormat]

  init(formats: [ExportFormat]) {
    self.formats = formats
  }

  init?(argument: String) {
    let words = argument.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    let formats = words.compactMap(ExportFormat.init(rawValue:)).filter(Command.command.formats.contains)
    guard !formats.isEmpty, formats.count == words.count else { return nil }
    self.formats = formats
  }

  var defaultValueDescription: String { ExportingCommand.list(formats) }

  static var allValueStrings: [String] { Command.command.formats.map(\.rawValue) }

  /// The formats of every `--format` given, each once, in the order given.
  static func merged(_ lists: [FormatList]) -> [ExportFormat] {
    lists.flatMap(\.formats).reduce(into: []) { result, format in
      if !result.contains(format) { result.append(format) }
    }
  }

  /// The help of the command's `--format`, listing its formats.
  static func help(byDefault: String, _ more: String = "") -> ArgumentHelp {
    ArgumentHelp(Command.command.formatHelp(byDefault: byDefault) + more, valueName: "FORMATS")
  }
}

extension FoldMode: ExpressibleByArgument {}

/// `--fold` and `--focus`: what a diagram folds into counted nodes, and what it focuses on.
struct FoldingOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "auto (default): fold by the rules, then more, then wrap, until the picture fits a docs page; none: draw every "
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

/// `--graphviz-timeout` and `--graphviz-memory`: the limits of the workers that draw, the same for
/// every command that draws.
struct WorkerOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Stop Graphviz when it has drawn nothing for this many seconds (a frame, or a scenario's frames laid out "
        + "together), not counting time it was suspended (Ctrl-Z), and fail what it was drawing (default "
        + "\(WorkerLimits().timeout)).", valueName: "SECONDS"),
    transform: Bounds.count("seconds", in: WorkerLimits.timeouts))
  var graphvizTimeout = WorkerLimits().timeout

  @Option(
    help: ArgumentHelp(
      "The memory, in gigabytes, a worker drawing with Graphviz may take; past it, what it draws fails (default "
        + "\(WorkerLimits().memory)).", valueName: "GB"),
    transform: Bounds.count("gigabytes", in: WorkerLimits.memories))
  var graphvizMemory = WorkerLimits().memory

  /// The limits these flags set.
  var limits: WorkerLimits { WorkerLimits(timeout: graphvizTimeout, memory: graphvizMemory) }
}

/// The ranges numeric flags take, checked as they are read: a number out of range (or too big for
/// any integer) is refused with its range, before anything runs.
enum Bounds {
  /// Reads a whole number of `unit` within `range`.
  static func count(_ unit: String, in range: ClosedRange<Int>) -> @Sendable (String) throws -> Int {
    { text in
      guard let value = Int(text.trimmingCharacters(in: .whitespaces)), range.contains(value) else {
        throw ValidationError("give a number of \(unit) from \(range.lowerBound) to \(range.upperBound).")
      }
      return value
    }
  }
}
