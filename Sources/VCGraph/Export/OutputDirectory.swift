import Foundation

/// A folder that receives a set of generated files all at once.
///
/// Every file is first written into a hidden staging folder inside it (see ``Staging``). Only when
/// all of them are written are they moved into place, each earlier file kept aside until every move
/// has worked: a run that fails leaves no partial file behind and every earlier file as it was.
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

    public init(path: String, reason: String) {
      (self.path, self.reason) = (path, reason)
    }
  }

  /// Writes `files` (name → contents) all or nothing, then removes the `stale` names not among them.
  public func write(_ files: [(name: String, contents: Data)], removing stale: [String] = []) throws(WriteError) {
    let staging = try Staging(self)
    for file in files { try staging.add(file.name, contents: file.contents) }
    try staging.commit(removing: stale)
  }

  /// Reads a file of the folder, if it is there.
  public func contents(of name: String) -> Data? {
    try? Data(contentsOf: url.appendingPathComponent(name))
  }

  static func move(_ source: String, to destination: String) throws(WriteError) {
    guard rename(source, destination) == 0 else {
      throw WriteError(path: destination, reason: String(cString: strerror(errno)))
    }
  }

  /// The plain words of a file error: the system's reason, not Foundation's wrapper.
  public static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError {
      return underlying.localizedDescription
    }
    return nsError.localizedDescription
  }
}
