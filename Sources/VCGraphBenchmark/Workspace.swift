import Foundation

/// The temporary folder a run generates its scenarios in and renders into; removed by ``remove()``.
struct Workspace {
  let url: URL

  /// Makes a new, empty folder under the system's temporary folder.
  init() throws(BenchmarkError) {
    let template = FileManager.default.temporaryDirectory.appendingPathComponent("vcgraph-bench-XXXXXX").path
    var bytes = Array(template.utf8CString)
    guard let made = mkdtemp(&bytes) else {
      throw .file(path: template, reason: "cannot make a temporary folder: \(String(cString: strerror(errno)))")
    }
    url = URL(fileURLWithPath: String(cString: made), isDirectory: true)
  }

  /// The path of `name` inside the folder.
  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Writes a generated scenario as `name` and returns its path.
  func writeScenario(_ text: String, named name: String) throws(BenchmarkError) -> String {
    let path = path(name)
    do {
      // A name may lie in a folder: `app/Feature0/Screen1ViewController.swift`.
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    } catch {
      throw .file(path: path, reason: "cannot write: \(error.localizedDescription)")
    }
    return path
  }

  /// The files of `folder` whose names end in `.extension`, sorted by name (which is step order).
  func files(in folder: String, withExtension fileExtension: String) throws(BenchmarkError) -> [String] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw .file(path: folder, reason: "cannot list: \(error.localizedDescription)")
    }
    return names.filter { $0.hasSuffix(".\(fileExtension)") }.sorted().map { "\(folder)/\($0)" }
  }

  /// Reads a file's bytes.
  func bytes(of path: String) throws(BenchmarkError) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .file(path: path, reason: "cannot read")
    }
    return [UInt8](data)
  }

  /// Takes `name` and everything in it out of the way: moves it into a folder that ``remove()``
  /// deletes at the end of the run, and frees its name.
  ///
  /// The files are not deleted here: on ext4 without a journal (this project's CI machines), every
  /// file created within about half a minute of a deletion scans the inodes freed recently
  /// (`recently_deleted` in the kernel's inode allocator), so deleting one run's 2,000 frames made
  /// the next run's file creations several times slower — a cost of the benchmark's own cleanup,
  /// not of vcgraph or Graphviz, which both write one file per frame.
  func removeItem(_ name: String) {
    let removed = url.appendingPathComponent(Self.removedFolder, isDirectory: true)
    try? FileManager.default.createDirectory(at: removed, withIntermediateDirectories: true)
    let target = removed.appendingPathComponent(UUID().uuidString + "-" + URL(fileURLWithPath: name).lastPathComponent)
    if (try? FileManager.default.moveItem(atPath: path(name), toPath: target.path)) == nil {
      try? FileManager.default.removeItem(atPath: path(name))
    }
  }

  /// The folder ``removeItem(_:)`` moves things into.
  static let removedFolder = ".removed"

  /// Removes the whole folder.
  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
