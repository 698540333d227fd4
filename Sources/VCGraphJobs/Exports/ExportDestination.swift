import Foundation
import VCGraph

/// Where a command's exports go: a folder, or standard output (`-o -`, or one text export of one
/// input without `-o`, as `dot -Tsvg` prints).
public enum ExportDestination: Sendable, Hashable {
  case folder(String)
  case standardOutput

  /// The folder a crash's graph is kept in: the output folder, or the current one for standard
  /// output.
  var crashFolder: String {
    switch self {
    case .folder(let path): return path
    case .standardOutput: return ""
    }
  }
}

/// What a command exports and where: ``ExportingCommand/plan(output:formats:inputs:report:)``.
public struct ExportPlan: Sendable, Hashable {
  public var destination: ExportDestination
  /// The formats, each once, in the order asked for; the command's default when none was.
  public var formats: [ExportFormat]
}

/// Why `-o`, `--format` and the inputs do not go together: the sentence to show.
public struct ExportPlanError: Error, Sendable, Hashable, CustomStringConvertible {
  public var description: String
}

extension ExportingCommand {
  /// The folder exports go to when `-o` is not given.
  public static let defaultFolder = "diagrams"

  /// Where the exports go and in which formats, from `-o` (nil when not given), `--format` (empty
  /// when not given), the number of inputs and `--report`; nil when nothing is exported (`diff`
  /// without `-o` prints only its lines).
  ///
  /// `-o -` prints one text export of one input; so does no `-o` with one input, one text format
  /// and no report (and `diff --format dot`); anything else goes to the folder.
  ///
  /// - Throws: ``ExportPlanError`` for `-o -` with an image, several formats, several inputs or a
  ///   report, and for `diff --format` without `-o` in another format than `dot`.
  public func plan(
    output: String?, formats given: [ExportFormat], inputs: Int, report: String? = nil
  ) throws(ExportPlanError) -> ExportPlan? {
    let printed = ExportingCommand.list(printedFormats)
    if output == "-" {
      let formats = given.isEmpty ? defaultFormats(printing: true, report: report) : given
      if inputs != 1 { throw ExportPlanError(description: "-o - prints the export of one \(inputNoun); give one.") }
      if report != nil {
        throw ExportPlanError(
          description: "-o - prints one export and --report writes a file; give -o a folder, or leave out --report.")
      }
      let images = formats.filter { !$0.isText }
      if !images.isEmpty {
        throw ExportPlanError(
          description: "-o - prints text; \(ExportingCommand.list(images)) needs a folder to write into.")
      }
      if formats.count != 1 {
        throw ExportPlanError(description: "-o - prints one export; name one of \(printed) with --format.")
      }
      return ExportPlan(destination: .standardOutput, formats: formats)
    }
    if output == nil, self == .diff {
      // Without a folder, diff prints its lines, or its diagram's DOT as `dot -Tsvg` does.
      if given.isEmpty { return nil }
      guard given.count == 1, given[0].isText else {
        throw ExportPlanError(
          description: "--format chooses the diagram's formats; give -o DIR too (only \(printed) prints without it).")
      }
      return ExportPlan(destination: .standardOutput, formats: given)
    }
    let formats = given.isEmpty ? defaultFormats(printing: false, report: report) : given
    if output == nil, inputs == 1, report == nil, formats.count == 1, formats[0].isText {
      return ExportPlan(destination: .standardOutput, formats: formats)
    }
    return ExportPlan(destination: .folder(output ?? Self.defaultFolder), formats: formats)
  }

  /// What an input is called in messages: `dump`, `storyboard`.
  private var inputNoun: String {
    switch self {
    case .import: return "dump"
    case .storyboard: return "storyboard"
    case .render: return "scenario"
    case .diff: return "diff"
    case .map: return "app"
    }
  }

  /// The formats written without `--format`: SVG; a diff printed, its DOT; a report alone, none.
  private func defaultFormats(printing: Bool, report: String?) -> [ExportFormat] {
    if printing, self == .diff { return [.diagram(.dot)] }
    if report != nil, self == .import { return [] }
    if self == .map { return [.text] }
    return [.diagram(.svg)]
  }

  /// The stem each input's files are named after (its file name without its extension, made safe;
  /// `standardInput` for `-`), or, for an input whose stem an earlier one has, why it cannot be
  /// written: `b/x.txt: error: a/x.txt already writes x.* in out; import them into different folders`.
  public func stems(
    of inputs: [String], standardInput: String, fallback: String, folder: String
  ) -> [(
    input: String, stem: Result<String, ExportPlanError>
  )] {
    var taken: [String: String] = [:]
    return inputs.map { input in
      let stem =
        input == "-"
        ? standardInput
        : SafeFileName.make(
          ((input as NSString).lastPathComponent as NSString).deletingPathExtension, fallback: fallback)
      if let other = taken[stem] {
        let verb = self == .import ? "import" : "draw"
        return (
          input,
          .failure(
            ExportPlanError(
              description:
                "\(input): error: \(other) already writes \(stem).* in \(folder); \(verb) them into different folders"))
        )
      }
      taken[stem] = input
      return (input, .success(stem))
    }
  }
}
