import Foundation

/// A hierarchy named by a reference a user types: a `_printHierarchy` dump (`before.txt`, or `-`
/// for standard input), a state JSON written by `vcgraph state --json` or `vcgraph import --format json`
/// (`state.json`, `state.json#3` for its step 3), a scenario's step (`flow.yaml#3`), or a
/// storyboard as it launches (`Main.storyboard`): every kind of input (``Kind``) behind one seam,
/// so that a command reads them all alike.
///
/// Without `#N`, a state JSON or a scenario gives its last step.
public struct HierarchySnapshot: Sendable {
  public let hierarchy: Hierarchy
  /// The reference as the user wrote it, for headings and messages.
  public let name: String
  /// The name without its folders, `settings-after.txt`, `flow.yaml#3`; `standard input` for `-`.
  public var shortName: String {
    name == "-" ? "standard input" : (name as NSString).lastPathComponent
  }

  /// What kind of source the hierarchy came from.
  public let source: Source

  public enum Source: Sendable, Hashable {
    /// A dump, with its text (for a report).
    case dump(text: String)
    case stateDocument(step: Int)
    case scenario(step: Int)
    /// A storyboard: the hierarchy it shows at launch.
    case storyboard
  }

  /// The kinds of input a reference may name, told by the file's extension (and a JSON file's
  /// keys).
  public enum Kind: Sendable, Hashable, CaseIterable {
    /// A `.yaml`, `.yml`, or `.json` file that declares `controllers`.
    case scenario
    /// Another `.json` file: `vcgraph state --json`'s.
    case stateDocument
    /// A `.storyboard` file.
    case storyboard
    /// Anything else: `_printHierarchy` text.
    case dump
  }

  public init(hierarchy: Hierarchy, name: String, source: Source) {
    self.hierarchy = hierarchy
    self.name = name
    self.source = source
  }

  /// Reads the hierarchy `reference` names.
  ///
  /// - Parameters:
  ///   - reference: A dump file, `-`, `state.json`, `state.json#N` or `flow.yaml#N`.
  ///   - keepsPointers: Keep a dump's addresses (see ``HierarchyDump``).
  ///   - standardInput: Reads standard input, for the reference `-`.
  public init(
    reference: String, keepsPointers: Bool = false, standardInput: () -> Data = { Data() }
  ) throws(SnapshotError) {
    if reference == "-" {
      do {
        let dump = try HierarchyDump(data: standardInput(), path: "<stdin>", keepsPointers: keepsPointers)
        self.init(hierarchy: dump.hierarchy, name: reference, source: .dump(text: dump.text))
      } catch {
        throw .dump(error)
      }
      return
    }
    let (path, step) = Self.split(reference)
    // `flow.yaml#abc`, `flow.yaml#`: the file is there, and what follows `#` is not a step number.
    if step == nil, !FileManager.default.fileExists(atPath: path), let hash = path.lastIndex(of: "#"),
      FileManager.default.fileExists(atPath: String(path[..<hash]))
    {
      throw .notAStepNumber(path: String(path[..<hash]), text: String(path[path.index(after: hash)...]))
    }
    switch Self.kind(ofFile: path) {
    case .scenario:
      let replay: Replay
      do {
        replay = try Replay(try Scenario(contentsOfFile: path))
      } catch {
        throw .scenario(error)
      }
      let number = step ?? replay.frames.count
      guard let frame = replay.frame(number) else {
        throw .noSuchStep(path: path, step: number, count: replay.frames.count)
      }
      self.init(hierarchy: frame.hierarchy, name: reference, source: .scenario(step: number))
    case .stateDocument:
      let document: StateDocument
      let hierarchy: Hierarchy
      let number: Int
      do {
        document = try StateDocument.read(contentsOfFile: path)
        number = step ?? document.steps.count
        guard document.steps.indices.contains(number - 1) else {
          throw SnapshotError.noSuchStep(path: path, step: number, count: document.steps.count)
        }
        hierarchy = try Hierarchy(state: document.steps[number - 1])
      } catch let error as StateDocumentError {
        throw .stateDocument(error)
      } catch let error as SnapshotError {
        throw error
      } catch {
        throw .unreadable(path: path, reason: "\(error)")
      }
      self.init(hierarchy: hierarchy, name: reference, source: .stateDocument(step: number))
    case .storyboard:
      if let step { throw .stepOfStoryboard(path: path, step: step) }
      do {
        let storyboard = try Storyboard(contentsOfFile: path)
        self.init(hierarchy: StoryboardHierarchy(storyboard).hierarchy, name: reference, source: .storyboard)
      } catch {
        throw .storyboard(error)
      }
    case .dump:
      if let step {
        throw .stepOfDump(path: path, step: step)
      }
      do {
        let dump = try HierarchyDump(contentsOfFile: path, keepsPointers: keepsPointers)
        self.init(hierarchy: dump.hierarchy, name: reference, source: .dump(text: dump.text))
      } catch {
        throw .dump(error)
      }
    }
  }

  /// `flow.yaml#3` → (`flow.yaml`, 3); a reference that names an existing file, or does not end
  /// in `#` and digits, is a path.
  static func split(_ reference: String) -> (path: String, step: Int?) {
    guard !FileManager.default.fileExists(atPath: reference), let hash = reference.lastIndex(of: "#") else {
      return (reference, nil)
    }
    let digits = reference[reference.index(after: hash)...]
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let number = Int(digits)
    else { return (reference, nil) }
    return (String(reference[..<hash]), number)
  }

  /// What the file at `path` is: a `.yaml`/`.yml` file is a scenario; a `.json` file a scenario
  /// when it declares `controllers`, a state document otherwise; a `.storyboard` file a
  /// storyboard; anything else a dump.
  public static func kind(ofFile path: String) -> Kind {
    switch (path as NSString).pathExtension.lowercased() {
    case "storyboard": return .storyboard
    case "yaml", "yml": return .scenario
    case "json":
      if let data = FileManager.default.contents(atPath: path),
        let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], object["controllers"] != nil
      {
        return .scenario
      }
      return .stateDocument
    default: return .dump
    }
  }
}

/// Why a hierarchy reference could not be read.
public enum SnapshotError: Error, Sendable, Hashable, CustomStringConvertible {
  case dump(DumpError)
  case scenario(ScenarioError)
  case stateDocument(StateDocumentError)
  case storyboard(StoryboardError)
  case noSuchStep(path: String, step: Int, count: Int)
  case stepOfDump(path: String, step: Int)
  case stepOfStoryboard(path: String, step: Int)
  /// `flow.yaml#abc`: what follows `#` is not a step number.
  case notAStepNumber(path: String, text: String)
  case unreadable(path: String, reason: String)

  public var description: String {
    switch self {
    case let .dump(error): return error.description
    case let .scenario(error): return error.description
    case let .stateDocument(error): return error.description
    case let .storyboard(error): return error.description
    case let .noSuchStep(path, step, count):
      if count == 0 { return "\(path): error: it has no steps" }
      return "\(path): error: there is no step \(step); it has \(count) step\(count == 1 ? "" : "s")"
    case let .stepOfDump(path, step):
      return
        "\(path): error: '#\(step)' names a step, but a dump has none; use #N with a scenario (.yaml) or a state JSON"
    case let .stepOfStoryboard(path, step):
      return
        "\(path): error: '#\(step)' names a step, but a storyboard has none; it is drawn as it launches"
    case let .notAStepNumber(path, text):
      return "\(path): error: '#\(text)' is not a step number; use #N, counting steps from 1 (\(path)#3)"
    case let .unreadable(path, reason): return "\(path): error: cannot read: \(reason)"
    }
  }
}
