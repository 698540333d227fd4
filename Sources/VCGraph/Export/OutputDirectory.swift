import Foundation

/// A folder that receives a set of generated files all at once.
///
/// Every file is first written beside its final name under a temporary name. Only when all of them
/// are written are they moved into place, each earlier file kept aside until every move has worked:
/// a run that fails leaves no partial file behind and every earlier file as it was.
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

  /// Writes `files` (name → contents) all or nothing, then removes the `stale` names not among them.
  public func write(_ files: [(name: String, contents: Data)], removing stale: [String] = []) throws(WriteError) {
    let manager = FileManager.default
    do {
      try manager.createDirectory(at: url, withIntermediateDirectories: true)
    } catch {
      throw WriteError(path: url.path, reason: Self.reason(error))
    }
    // A folder where a file should go is the user's, not an earlier output: never replace it.
    for file in files {
      var isFolder: ObjCBool = false
      let path = url.appendingPathComponent(file.name).path
      if manager.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
        throw WriteError(path: path, reason: "a folder is in the way of the file to write")
      }
    }
    let token = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
    let staged = files.map { file in
      (
        temporary: url.appendingPathComponent(".\(file.name).\(token).tmp"),
        final: url.appendingPathComponent(file.name),
        earlier: url.appendingPathComponent(".\(file.name).\(token).old")
      )
    }
    var written = 0
    var moved: [(final: URL, earlier: URL?)] = []
    do {
      for (file, place) in zip(files, staged) {
        try file.contents.write(to: place.temporary)
        written += 1
      }
      for place in staged {
        let hadEarlier = manager.fileExists(atPath: place.final.path)
        if hadEarlier { try Self.move(place.final, to: place.earlier) }
        moved.append((place.final, hadEarlier ? place.earlier : nil))
        try Self.move(place.temporary, to: place.final)
      }
    } catch {
      // Put every earlier file back and leave no new one.
      for place in moved.reversed() {
        try? manager.removeItem(at: place.final)
        if let earlier = place.earlier { try? Self.move(earlier, to: place.final) }
      }
      for place in staged.prefix(written) { try? manager.removeItem(at: place.temporary) }
      if let error = error as? WriteError { throw error }
      throw WriteError(path: url.path, reason: Self.reason(error))
    }
    for place in moved { if let earlier = place.earlier { try? manager.removeItem(at: earlier) } }
    let names = Set(files.map(\.name))
    for name in stale where !names.contains(name) {
      try? manager.removeItem(at: url.appendingPathComponent(name))
    }
  }

  /// Writes a scenario's frames and its `index.json` together, and removes the frames of an earlier
  /// render that the new index no longer lists.
  ///
  /// - Parameters:
  ///   - frames: The frame files, name and contents.
  ///   - index: The index of the render, written as `index.json`.
  ///   - stepActions: For a render of some steps only (`--step`), the action of every step
  ///     of the scenario: the earlier index's other steps are kept when the scenario still has them,
  ///     with the same action. Nil for a render of every step, which replaces the earlier index.
  ///   - extraFiles: Files written with the frames, all or nothing with them (the flipbook's
  ///     `index.html` and `index.md`). A later render without them leaves them as they are.
  public func writeFrames(
    _ frames: [(name: String, contents: Data)], index: RenderIndex, stepActions: [String]? = nil,
    extraFiles: [(name: String, contents: Data)] = []
  ) throws(WriteError) {
    let earlier = contents(of: RenderIndex.fileName).flatMap { try? JSONDecoder().decode(RenderIndex.self, from: $0) }
    let merged = stepActions.map { index.keepingSteps(of: earlier, stillIn: $0) } ?? index
    let kept = Set(merged.steps.flatMap { $0.files.values })
    // Only names vcgraph writes are ever removed, whatever an earlier index.json says.
    let stale = (earlier?.steps.flatMap { $0.files.values } ?? []).filter {
      !kept.contains($0) && RenderIndex.isFrameFileName($0)
    }
    try write(frames + [(RenderIndex.fileName, merged.jsonData())] + extraFiles, removing: stale)
  }

  /// Reads a file of the folder, if it is there.
  public func contents(of name: String) -> Data? {
    try? Data(contentsOf: url.appendingPathComponent(name))
  }

  private static func move(_ source: URL, to destination: URL) throws(WriteError) {
    guard rename(source.path, destination.path) == 0 else {
      throw WriteError(path: destination.path, reason: String(cString: strerror(errno)))
    }
  }

  private static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError {
      return underlying.localizedDescription
    }
    return nsError.localizedDescription
  }
}
