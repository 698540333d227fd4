import ArgumentParser
import Foundation
import VCGraphJobs

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
