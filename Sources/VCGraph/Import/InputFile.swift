import Foundation

/// Reading an importer's input file, with the reasons people need when it cannot be read.
enum InputFile {
  /// The bytes of the file at `path`, or why they cannot be read: a folder (`it is a folder; ` and
  /// `folderHint`), or a file that is missing or cannot be opened.
  static func contents(of path: String, folderHint: String) -> Result<Data, InputFileProblem> {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      return .failure(InputFileProblem(reason: "it is a folder; " + folderHint))
    }
    do {
      return .success(try Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
      return .failure(
        InputFileProblem(
          reason: (error as NSError).localizedFailureReason ?? "no such file, or it cannot be opened"))
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
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      return .failure(InputFileProblem(reason: "it is a folder; " + folderHint))
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      let exists = FileManager.default.fileExists(atPath: path)
      return .failure(
        InputFileProblem(
          reason: exists ? "it cannot be opened (check its permissions)" : "no such file, or it cannot be opened"))
    }
    return .success(handle)
  }
}
