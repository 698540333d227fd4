import Dispatch
import Foundation
import VCGraph

/// Reads an app's Swift files and storyboards into an ``AppMap``: `vcgraph map`'s library.
///
/// Every Swift file is parsed with SwiftParser on a bounded pool of threads (one per core; the
/// syntax trees are independent), indexed on its own, then resolved app-wide: which classes are
/// controllers, what each navigation call shows, which of the app's functions wrap one.
public struct AppMapReader: Sendable {
  /// The files and folders to read, as given (paths in the map are built from them).
  public var paths: [String]
  /// How many files are parsed at once; the machine's cores by default.
  public var threads: Int

  public init(paths: [String], threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
    self.paths = paths
    self.threads = max(1, threads)
  }

  /// Why nothing could be mapped.
  public enum Failure: Error, Sendable, CustomStringConvertible, Equatable {
    /// The paths name nothing to read.
    case badPaths([String])
    /// No Swift file and no storyboard under the paths.
    case nothingToRead(paths: [String], skipped: [String])

    public var description: String {
      switch self {
      case let .badPaths(messages): return messages.joined(separator: "\n")
      case let .nothingToRead(paths, skipped):
        var text = "\(paths.joined(separator: ", ")): error: no Swift file and no storyboard to read"
        if !skipped.isEmpty {
          text += "; left out: " + skipped.prefix(5).joined(separator: ", ")
          if skipped.count > 5 { text += " and \(skipped.count - 5) more" }
          if skipped.contains(where: { !$0.hasSuffix(")") }) {
            text += " (name a test or build folder on the command line to read it)"
          }
        }
        return text
      }
    }
  }

  /// Reads the app. `progress` is called with the files parsed so far and their number (from
  /// several threads, a few times a second at most is the caller's business).
  public func read(progress: (@Sendable (Int, Int) -> Void)? = nil) throws(Failure) -> AppMap {
    let inputs = SourceInputs(paths: paths)
    if !inputs.errors.isEmpty, inputs.swiftFiles.isEmpty, inputs.storyboards.isEmpty {
      throw .badPaths(inputs.errors)
    }
    if inputs.swiftFiles.isEmpty, inputs.storyboards.isEmpty {
      throw .nothingToRead(
        paths: paths,
        skipped: inputs.skipped.folders + inputs.skipped.testTargets
          + inputs.skipped.failed.map { "\($0.file) (\($0.reason))" })
    }
    var warnings = inputs.errors.map { $0.replacingOccurrences(of: ": error: ", with: ": warning: ") }
    var skipped = inputs.skipped
    let parsed = Self.parse(inputs.swiftFiles, threads: threads, progress: progress)
    var files: [FileIndex] = []
    for result in parsed {
      switch result {
      case let .success(file):
        if let error = file.syntaxError {
          warnings.append(
            "\(error.file):\(error.line):\(error.column): warning: syntax error; the file is read as the parser recovers it"
          )
        }
        files.append(file)
      case let .failure(failure):
        skipped.failed.append(failure)
        warnings.append("\(failure.file): warning: not read: \(failure.reason)")
      }
    }
    var storyboards: [Storyboard] = []
    for path in inputs.storyboards {
      do {
        storyboards.append(try Storyboard(contentsOfFile: path))
      } catch {
        skipped.failed.append(.init(file: path, reason: error.description))
        warnings.append(error.description.replacingOccurrences(of: ": error: ", with: ": warning: "))
      }
    }
    if skipped.objectiveCFiles > 0 {
      warnings.append(
        "warning: \(skipped.objectiveCFiles) Objective-C file\(skipped.objectiveCFiles == 1 ? "" : "s") not read: "
          + "navigation written in Objective-C is not on the map")
    }
    var map = MapBuilder(files: files, storyboards: storyboards).build()
    map.skipped = skipped
    map.warnings = warnings
    return map
  }

  /// Reads a single source text, for tests and tools: as if it were the file `path`.
  public static func map(source: String, path: String = "App.swift", storyboards: [Storyboard] = []) -> AppMap {
    map(sources: [(path, source)], storyboards: storyboards)
  }

  /// Reads source texts in memory, as if they were the files named.
  public static func map(sources: [(path: String, text: String)], storyboards: [Storyboard] = []) -> AppMap {
    let files = sources.map { FileIndex(source: $0.text, path: $0.path) }
    var map = MapBuilder(files: files, storyboards: storyboards).build()
    map.warnings = files.compactMap { file in
      file.syntaxError.map {
        "\($0.file):\($0.line):\($0.column): warning: syntax error; the file is read as the parser recovers it"
      }
    }
    return map
  }

  /// Parses the files on `threads` threads, each taking the next file when it is done.
  static func parse(
    _ paths: [String], threads: Int, progress: (@Sendable (Int, Int) -> Void)?
  )
    -> [Result<FileIndex, AppMap.Skipped.Failure>]
  {
    let results = ResultSlots(count: paths.count)
    let workers = min(threads, max(1, paths.count))
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while let next = results.claim() {
        let result = readFile(paths[next])
        let done = results.store(result, at: next)
        progress?(done, paths.count)
      }
    }
    return results.all
  }

  /// Reads and indexes one file; a file that cannot be read or is not UTF-8 text is a failure.
  static func readFile(_ path: String) -> Result<FileIndex, AppMap.Skipped.Failure> {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      return .failure(.init(file: path, reason: "cannot be read: \(OutputDirectory.reason(error))"))
    }
    guard var text = String(validating: data, as: UTF8.self) else {
      let offset = Self.firstInvalidUTF8(data)
      return .failure(.init(file: path, reason: "not UTF-8 text (byte \(offset + 1))"))
    }
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    return .success(FileIndex(source: text, path: path))
  }

  static func firstInvalidUTF8(_ data: Data) -> Int {
    var low = 0
    var high = data.count
    // The longest valid prefix, found by halves (a multi-byte character cut at the edge is fine).
    while high - low > 4 {
      let middle = (low + high) / 2
      if String(validating: data.prefix(middle), as: UTF8.self) != nil
        || (1...3).contains(where: { String(validating: data.prefix(middle - $0), as: UTF8.self) != nil })
      {
        low = middle
      } else {
        high = middle
      }
    }
    return low
  }
}

/// The results of a parallel parse, in file order, and the next file to take.
private final class ResultSlots: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [Result<FileIndex, AppMap.Skipped.Failure>?]
  private var next = 0
  private var done = 0

  init(count: Int) { slots = Array(repeating: nil, count: count) }

  func claim() -> Int? {
    lock.lock()
    defer { lock.unlock() }
    guard next < slots.count else { return nil }
    next += 1
    return next - 1
  }

  func store(_ result: Result<FileIndex, AppMap.Skipped.Failure>, at index: Int) -> Int {
    lock.lock()
    defer { lock.unlock() }
    slots[index] = result
    done += 1
    return done
  }

  var all: [Result<FileIndex, AppMap.Skipped.Failure>] {
    lock.lock()
    defer { lock.unlock() }
    return slots.map { $0! }
  }
}
