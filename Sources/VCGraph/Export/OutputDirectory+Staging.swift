import Foundation

extension OutputDirectory {
  /// Files written one at a time into a hidden folder inside the output folder, then moved into
  /// place together: a run that fails, or is interrupted, leaves no partial file behind and every
  /// earlier file as it was.
  ///
  /// Each file goes to `.vcgraph-staging-TOKEN/new/NAME` as soon as it is made, so a long render
  /// holds one frame at a time in memory. ``commit(removing:)`` moves every earlier file aside into
  /// the staging folder, then every new one into place, and removes the staging folder; when a move
  /// fails, every earlier file is put back. Other processes may write files into ``newFiles`` too
  /// (`render --jobs`): ``adopt(_:)`` counts them in.
  ///
  /// A staging folder that is neither committed nor discarded is removed when the object goes away.
  /// ``discardAllForInterruption()`` removes every staging folder of the process, waiting for a
  /// commit or a write under way to end, for a signal handler that is about to exit.
  public final class Staging: @unchecked Sendable {
    public let directory: OutputDirectory
    /// The hidden folder that holds the new files and, during a commit, the earlier ones.
    public let folder: URL
    /// Where the new files are written, under their final names.
    public var newFiles: URL { folder.appendingPathComponent("new", isDirectory: true) }
    private var earlierFiles: URL { folder.appendingPathComponent("old", isDirectory: true) }
    /// The names of the new files, in the order they were added.
    public private(set) var names: [String] = []
    private var isFinished = false
    /// The folders made for the output folder, deepest first: removed again, when empty, if nothing
    /// is committed.
    private var madeFolders: [URL] = []

    /// Makes the output folder (and its parents) and a staging folder inside it.
    public init(_ directory: OutputDirectory) throws(WriteError) {
      self.directory = directory
      let token = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
      folder = directory.url.appendingPathComponent(".vcgraph-staging-\(token)", isDirectory: true)
      var missing = directory.url.standardizedFileURL
      while !FileManager.default.fileExists(atPath: missing.path), missing.pathComponents.count > 1 {
        madeFolders.append(missing)
        missing = missing.deletingLastPathComponent()
      }
      // A file where the output folder (or one of its parents) should be: say so plainly.
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: missing.path, isDirectory: &isFolder), !isFolder.boolValue {
        throw WriteError(path: missing.path, reason: "it is a file, not a folder; write into a folder (-o DIR)")
      }
      do {
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
      } catch {
        throw WriteError(path: directory.url.path, reason: OutputDirectory.reason(error))
      }
      Self.register(folder)
      do {
        try FileManager.default.createDirectory(
          at: folder.appendingPathComponent("new"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
          at: folder.appendingPathComponent("old"), withIntermediateDirectories: true)
      } catch {
        discard()
        throw WriteError(path: directory.url.path, reason: OutputDirectory.reason(error))
      }
    }

    deinit {
      if !isFinished { discard() }
    }

    /// Writes one new file into the staging folder.
    public func add(_ name: String, contents: Data) throws(WriteError) {
      try Self.check(name, in: directory)
      let url = newFiles.appendingPathComponent(name)
      // Under the commit lock, so that an interruption removes the staging folder only between two
      // writes, and none is written after (the lock stays held until the process exits).
      Self.commitLock.lock()
      defer { Self.commitLock.unlock() }
      do {
        try contents.write(to: url)
      } catch {
        throw WriteError(path: directory.url.appendingPathComponent(name).path, reason: OutputDirectory.reason(error))
      }
      names.append(name)
    }

    /// Counts in a file another process wrote into ``newFiles``.
    public func adopt(_ name: String) throws(WriteError) {
      try Self.check(name, in: directory)
      guard FileManager.default.fileExists(atPath: newFiles.appendingPathComponent(name).path) else {
        throw WriteError(path: directory.url.appendingPathComponent(name).path, reason: "it was not written")
      }
      names.append(name)
    }

    /// Refuses a name that would leave the folder (`..`, `a/b`) or hide in it (`.x`): every name
    /// vcgraph writes is made safe before (``SafeFileName``), so this is the last guard.
    private static func check(_ name: String, in directory: OutputDirectory) throws(WriteError) {
      guard name.isEmpty || name.hasPrefix(".") || name.contains("/") || name.contains("\0") else { return }
      throw WriteError(
        path: directory.url.appendingPathComponent(name).path, reason: "vcgraph never writes a file of this name")
    }

    /// The contents of a new file, read back from the staging folder.
    public func contents(of name: String) -> Data? {
      try? Data(contentsOf: newFiles.appendingPathComponent(name))
    }

    /// Moves every new file into place, all or nothing, then removes the `stale` names not among
    /// them and the staging folder.
    public func commit(removing stale: [String] = []) throws(WriteError) {
      let manager = FileManager.default
      // Paths by plain concatenation, each name looked at once (`stat`, following links): a render
      // commits hundreds of frames.
      let (finalFolder, newFolder, earlierFolder) = (directory.url.path, newFiles.path, earlierFiles.path)
      var hadEarlier: [Bool] = []
      hadEarlier.reserveCapacity(names.count)
      for name in names {
        let path = finalFolder + "/" + name
        var info = stat()
        guard stat(path, &info) == 0 else {
          hadEarlier.append(false)
          continue
        }
        // A folder where a file should go is the user's, not an earlier output: never replace it.
        if info.st_mode & S_IFMT == S_IFDIR {
          discard()
          throw WriteError(path: path, reason: "a folder is in the way of the file to write")
        }
        hadEarlier.append(true)
      }
      Self.commitLock.lock()
      defer { Self.commitLock.unlock() }
      var moved: [(final: String, earlier: String?)] = []
      do {
        for (name, hadEarlier) in zip(names, hadEarlier) {
          let (final, earlier) = (finalFolder + "/" + name, earlierFolder + "/" + name)
          if hadEarlier { try OutputDirectory.move(final, to: earlier) }
          moved.append((final, hadEarlier ? earlier : nil))
          try OutputDirectory.move(newFolder + "/" + name, to: final)
        }
      } catch {
        // Put every earlier file back and leave no new one.
        for place in moved.reversed() {
          try? manager.removeItem(atPath: place.final)
          if let earlier = place.earlier { try? OutputDirectory.move(earlier, to: place.final) }
        }
        discardLocked()
        throw error
      }
      discardLocked()
      let kept = Set(names)
      for name in stale where !kept.contains(name) {
        try? manager.removeItem(at: directory.url.appendingPathComponent(name))
      }
    }

    /// Adds the scenario's `index.json` and commits, removing the frames of an earlier render that
    /// the new index no longer lists. With `stepActions` (a render of some steps only, `--step`: the
    /// action of every step of the scenario), the earlier index's other steps are kept when the
    /// scenario still has them, with the same action.
    public func commitFrames(index: RenderIndex, stepActions: [String]? = nil) throws(WriteError) {
      let earlier = directory.contents(of: RenderIndex.fileName).flatMap {
        try? JSONDecoder().decode(RenderIndex.self, from: $0)
      }
      let merged = stepActions.map { index.keepingSteps(of: earlier, stillIn: $0) } ?? index
      let kept = Set(merged.steps.flatMap { $0.files.values })
      // Only names vcgraph writes are ever removed, whatever an earlier index.json says.
      let stale = (earlier?.steps.flatMap { $0.files.values } ?? []).filter {
        !kept.contains($0) && RenderIndex.isFrameFileName($0)
      }
      try add(RenderIndex.fileName, contents: merged.jsonData())
      try commit(removing: stale)
    }

    /// Removes the staging folder and every new file in it; the output folder is left as it was.
    public func discard() {
      Self.commitLock.lock()
      defer { Self.commitLock.unlock() }
      discardLocked()
    }

    private func discardLocked() {
      isFinished = true
      try? FileManager.default.removeItem(at: folder)
      Self.unregister(folder)
      // rmdir(2) removes a folder only when it is empty; the folders are kept, so that discarding
      // again (once another staging folder in them is gone) removes them.
      for made in madeFolders { rmdir(made.path) }
    }

    // MARK: - Every staging folder of the process

    /// Held while a file is written or files are moved into place, so an interruption waits for
    /// the write or the moves to end.
    private static let commitLock = NSRecursiveLock()
    private static let registryLock = NSLock()
    nonisolated(unsafe) private static var active: Set<URL> = []

    private static func register(_ folder: URL) {
      registryLock.lock()
      defer { registryLock.unlock() }
      active.insert(folder)
    }

    private static func unregister(_ folder: URL) {
      registryLock.lock()
      defer { registryLock.unlock() }
      active.remove(folder)
    }

    /// Removes every staging folder of the process once no write or commit is under way, and keeps
    /// any other from starting: for a signal handler that exits next.
    public static func discardAllForInterruption() {
      commitLock.lock()
      registryLock.lock()
      let folders = active
      active.removeAll()
      registryLock.unlock()
      for folder in folders { try? FileManager.default.removeItem(at: folder) }
      // The commit lock stays held: the process is about to exit.
    }
  }
}
