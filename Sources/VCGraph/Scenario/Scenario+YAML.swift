import Foundation

extension Scenario {
  /// The extensions of scenario files in a folder.
  public static let fileExtensions = ["yaml", "yml", "json"]

  /// Scenario paths as a command line names them: files as given, folders replaced by the scenario
  /// files directly inside them, in name order. A folder with none stays as it is, so reading it
  /// reports that it holds no scenario.
  public static func paths(expanding paths: [String]) -> [String] {
    paths.flatMap { path -> [String] in
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
        let names = try? FileManager.default.contentsOfDirectory(atPath: path)
      else { return [path] }
      let found = names.filter { fileExtensions.contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
      return found.isEmpty ? [path] : found.map { (path as NSString).appendingPathComponent($0) }
    }
  }

  /// Reads a scenario file: YAML, or JSON (`.json`, read by JSON's rules, then as YAML's flow style).
  public init(contentsOfFile path: String) throws(ScenarioError) {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      let inside = Scenario.paths(expanding: [path]).filter { $0 != path }
      let reason =
        inside.isEmpty
        ? "it is a folder with no " + Self.fileExtensions.map { ".\($0)" }.joined(separator: ", ") + " file"
        : "it is a folder; this command reads one scenario file, such as \(inside[0])"
      throw ScenarioError(.unreadable(reason), at: SourceLocation(wholeFile: path))
    }
    if let kind = InputFile.specialFileKind(at: path) {
      throw ScenarioError(
        .unreadable("it is \(kind), not a file; save the scenario to a file"),
        at: SourceLocation(wholeFile: path))
    }
    var text: String
    do {
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      guard let decoded = String(data: data, encoding: .utf8) else {
        throw ScenarioError(
          .unreadable("the file is not UTF-8 text"), at: SourceLocation(wholeFile: path))
      }
      text = decoded
    } catch let error as ScenarioError {
      throw error
    } catch {
      let reason = (error as NSError).localizedFailureReason ?? "no such file, or it cannot be opened"
      throw ScenarioError(.unreadable(reason), at: SourceLocation(wholeFile: path))
    }
    // A .json file is read by JSON's rules first (see JSONScenarioText).
    if (path as NSString).pathExtension.lowercased() == "json" {
      text = try JSONScenarioText.yamlText(of: text, path: path)
    }
    try self.init(yaml: text, path: path)
  }

  /// Parses scenario text; `path` names the file in messages.
  public init(yaml text: String, path: String) throws(ScenarioError) {
    self = try ScenarioReader(path: path).read(text)
  }
}
