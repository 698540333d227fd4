import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading an importer's input file, with the reasons people need when it cannot be read.
enum InputFile {
  /// The bytes of the file at `path`, or why they cannot be read: a folder (`it is a folder; ` and
  /// `folderHint`), or a file that is missing or cannot be opened.
  static func contents(of path: String, folderHint: String) -> Result<Data, InputFileProblem> {
    if let problem = problem(at: path, folderHint: folderHint) { return .failure(problem) }
    do {
      return .success(try Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
      return .failure(
        InputFileProblem(
          reason: (error as NSError).localizedFailureReason ?? "no such file, or it cannot be opened"))
    }
  }
}

extension InputFile {
  /// Why the thing at `path` is not an input to open: a folder (`it is a folder; ` and
  /// `folderHint`), a named pipe, a device or a socket; nil for a file, or nothing at all (opening
  /// it says why).
  static func problem(at path: String, folderHint: String) -> InputFileProblem? {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      return InputFileProblem(reason: "it is a folder; " + folderHint)
    }
    guard let kind = specialFileKind(at: path) else { return nil }
    return InputFileProblem(
      reason: "it is \(kind), not a file; save the text to a file, or pipe it to vcgraph and give - for standard input")
  }

  /// What the file at `path` is when it is neither a regular file nor a folder (after links): "a
  /// named pipe (FIFO)", "a device", "a socket"; nil for a file, a folder, or nothing at all.
  ///
  /// Reading a FIFO blocks until a writer comes and `/dev/zero` never ends, and Foundation calls
  /// either a permission problem: they are refused by name before they are opened.
  static func specialFileKind(at path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    switch info.st_mode & S_IFMT {
    case S_IFREG, S_IFDIR: return nil
    case S_IFIFO: return "a named pipe (FIFO)"
    case S_IFCHR, S_IFBLK: return "a device"
    case S_IFSOCK: return "a socket"
    default: return "not a regular file"
    }
  }
}

/// Why an input file could not be read.
struct InputFileProblem: Error {
  var reason: String
}

extension InputFile {
  /// The file at `path` opened for reading, or why it cannot be: a folder (`it is a folder; ` and
  /// `folderHint`), or a file that is missing or cannot be opened.
  static func handle(for path: String, folderHint: String) -> Result<FileHandle, InputFileProblem> {
    if let problem = problem(at: path, folderHint: folderHint) { return .failure(problem) }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      let exists = FileManager.default.fileExists(atPath: path)
      return .failure(
        InputFileProblem(
          reason: exists ? "it cannot be opened (check its permissions)" : "no such file, or it cannot be opened"))
    }
    return .success(handle)
  }
}
