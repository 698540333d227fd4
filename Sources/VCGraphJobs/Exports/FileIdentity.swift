import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether two paths name the same file, asked of the file system rather than of the text:
/// through symbolic links, `.` and `..`, and for files that do not exist yet.
enum FileIdentity {
  /// True when `first` and `second` are, or would be once written, the same file: the same device
  /// and inode when both exist; otherwise the same place once the deepest folder of each that
  /// exists is resolved (links and all) and the rest of the path added.
  static func same(_ first: String, _ second: String) -> Bool {
    if let one = identity(first), let other = identity(second) { return one == other }
    return place(first) == place(second)
  }

  /// The device and inode of the file at `path` (through links); nil when there is none.
  private static func identity(_ path: String) -> [UInt64]? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return [UInt64(status.st_dev), UInt64(status.st_ino)]
  }

  /// Where `path` is or would be: its deepest existing ancestor's real path, then the rest; through
  /// a link to something that does not exist yet, where the link points.
  static func place(_ path: String) -> String {
    place(path, links: 0)
  }

  private static func place(_ path: String, links: Int) -> String {
    var url = URL(fileURLWithPath: path).standardizedFileURL
    var rest: [String] = []
    while true {
      if let resolved = realpath(url.path, nil) {
        defer { free(resolved) }
        return rest.reduce(URL(fileURLWithPath: String(cString: resolved))) { $0.appendingPathComponent($1) }.path
      }
      // A dangling link: writing through it makes its target. Followed a few times at most, as
      // the system does, so a loop of links ends.
      if links < 8, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: url.path) {
        let pointed =
          target.hasPrefix("/")
          ? URL(fileURLWithPath: target) : url.deletingLastPathComponent().appendingPathComponent(target)
        return place(rest.reduce(pointed) { $0.appendingPathComponent($1) }.path, links: links + 1)
      }
      guard url.pathComponents.count > 1 else { return path }
      rest.insert(url.lastPathComponent, at: 0)
      url = url.deletingLastPathComponent()
    }
  }
}
