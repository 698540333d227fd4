import Foundation

/// A folder that receives a set of generated files all at once.
///
/// Every file is first written beside its final name under a temporary name; only when all of them
/// are written are they renamed into place, so a failed run leaves no partial file behind and no
/// earlier good file damaged.
public struct OutputDirectory: Sendable {
  public let url: URL

  public init(path: String) {
    url = URL(fileURLWithPath: path, isDirectory: true)
  }

  /// Why files could not be written.
  public struct WriteError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): error: cannot write: \(reason)" }
  }

  /// Writes `files` (name → contents), then removes the `stale` names that are not among them.
  public func write(_ files: [(name: String, contents: Data)], removing stale: [String] = []) throws(WriteError) {
    let manager = FileManager.default
    do {
      try manager.createDirectory(at: url, withIntermediateDirectories: true)
    } catch {
      throw WriteError(path: url.path, reason: Self.reason(error))
    }
    let token = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
    var staged: [(temporary: URL, final: URL)] = []
    do {
      for file in files {
        let final = url.appendingPathComponent(file.name)
        let temporary = url.appendingPathComponent(".\(file.name).\(token).tmp")
        staged.append((temporary, final))
        try file.contents.write(to: temporary)
      }
      for file in staged {
        if rename(file.temporary.path, file.final.path) != 0 {
          throw WriteError(path: file.final.path, reason: String(cString: strerror(errno)))
        }
      }
    } catch {
      for file in staged { try? manager.removeItem(at: file.temporary) }
      if let error = error as? WriteError { throw error }
      throw WriteError(path: url.path, reason: Self.reason(error))
    }
    let written = Set(files.map(\.name))
    for name in stale where !written.contains(name) && !name.contains("/") {
      try? manager.removeItem(at: url.appendingPathComponent(name))
    }
  }

  /// Writes a scenario's frames and its `index.json` together.
  ///
  /// A full render replaces the previous index and removes the frames it listed that are not written
  /// again; a partial render (`--step`) keeps the previous index's other steps and their files.
  public func writeFrames(
    _ frames: [(name: String, contents: Data)], index: RenderIndex, isPartial: Bool
  ) throws(WriteError) {
    let previous = contents(of: RenderIndex.fileName).flatMap { try? JSONDecoder().decode(RenderIndex.self, from: $0) }
    let written = isPartial ? index.keepingOtherSteps(of: previous) : index
    let stale = isPartial ? [] : (previous?.steps.flatMap { $0.files.values } ?? [])
    try write(frames + [(RenderIndex.fileName, written.jsonData())], removing: stale)
  }

  /// Reads a file of the folder, if it is there.
  public func contents(of name: String) -> Data? {
    try? Data(contentsOf: url.appendingPathComponent(name))
  }

  private static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError {
      return underlying.localizedDescription
    }
    return nsError.localizedDescription
  }
}
