import Foundation
import Testing
import VCGraph
import VCGraphSource

/// Inputs a real checkout has: broken files, links, generated files, folders with nothing to read.
@Suite struct BadInputTests {
  /// A new temporary folder, removed after `body`.
  func withFolder(_ body: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vcgraph-map-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try body(folder)
  }

  func write(_ text: String, to path: String, in folder: URL) throws {
    let url = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  @Test func aFileWithSyntaxErrorsIsReadWithOneWarningNamingItsPlace() throws {
    let map = map(
      """
      class A: UIViewController {
        func go() { navigationController?.pushViewController(B(), animated: true) }
        func broken( { let x = }
      }
      class B: UIViewController {}
      """, path: "Broken.swift")
    #expect(map.edges == ["A → B · push"])
    #expect(map.warnings.count == 1)
    #expect(map.warnings.first?.hasPrefix("Broken.swift:3:") == true, "\(map.warnings)")
    #expect(map.warnings.first?.contains("warning: syntax error") == true)
  }

  @Test func notUTF8LinksLoopsBigFilesAndTestsAreReportedNotRead() throws {
    try withFolder { folder in
      try write(
        "class A: UIViewController { func go() { present(B(), animated: true) } }", to: "App/A.swift", in: folder)
      try write("class B: UIViewController {}", to: "App/B.swift", in: folder)
      try Data([0x63, 0x6C, 0x61, 0x73, 0x73, 0x20, 0xFF, 0xFE, 0x0A]).write(
        to: folder.appendingPathComponent("App/Latin1.swift"))
      try write("class T: XCTestCase {}", to: "AppTests/T.swift", in: folder)
      try write("@interface X : UIViewController\n@end", to: "App/Legacy.m", in: folder)
      try write("class P: UIViewController {}", to: "Pods/Lib/P.swift", in: folder)
      // A link back to the app's own folder: read once, no loop.
      try FileManager.default.createSymbolicLink(
        atPath: folder.appendingPathComponent("App/Loop").path,
        withDestinationPath: folder.appendingPathComponent("App").path)
      // A generated file larger than the reader takes.
      let big = String(repeating: "let value\(0) = 1\n", count: (SourceInputs.maximumFileSize / 14) + 10)
      try write(big, to: "App/Generated.swift", in: folder)

      let map = try AppMapReader(paths: [folder.path], threads: 2).read()
      #expect(map.edges == ["A → B · present"])
      #expect(map.skipped.objectiveCFiles == 1)
      #expect(map.skipped.testTargets.map { ($0 as NSString).lastPathComponent } == ["AppTests"])
      #expect(map.skipped.folders.map { ($0 as NSString).lastPathComponent } == ["Pods"])
      let failed = Dictionary(
        uniqueKeysWithValues: map.skipped.failed.map { (($0.file as NSString).lastPathComponent, $0.reason) })
      #expect(failed["Latin1.swift"] == "not UTF-8 text (byte 7)")
      #expect(failed["Generated.swift"]?.contains("larger than 8 MB") == true)
      #expect(map.warnings.contains { $0.contains("Latin1.swift: warning: not read: not UTF-8 text") })
      #expect(map.warnings.contains { $0.contains("1 Objective-C file not read") })
      // A test target named on the command line is read.
      let tests = try AppMapReader(paths: [folder.appendingPathComponent("AppTests").path]).read()
      #expect(tests.skipped.testTargets.isEmpty)
    }
  }

  @Test func aFolderWithNothingToReadIsAClearError() throws {
    try withFolder { folder in
      try write("# notes", to: "README.md", in: folder)
      try write("class T: XCTestCase {}", to: "AppTests/T.swift", in: folder)
      #expect(throws: AppMapReader.Failure.self) { try AppMapReader(paths: [folder.path]).read() }
      do {
        _ = try AppMapReader(paths: [folder.path]).read()
      } catch {
        #expect("\(error)".contains("error: no Swift file and no storyboard to read"))
        #expect("\(error)".contains("AppTests"))
      }
      #expect(throws: AppMapReader.Failure.self) { try AppMapReader(paths: [folder.path + "/missing"]).read() }
    }
  }

  @Test func thousandsOfFilesAreEachReadOnceInParallel() throws {
    try withFolder { folder in
      let count = 400
      for number in 0..<count {
        try write(
          "class S\(number): UIViewController { func go() { show(S\((number + 1) % count)(), sender: nil) } }",
          to: "App/F\(number / 100)/S\(number).swift", in: folder)
      }
      let counter = Counter()
      let map = try AppMapReader(paths: [folder.path], threads: 4).read { _, _ in counter.increment() }
      #expect(counter.value == count)
      #expect(map.controllers.count == count)
      #expect(map.transitions.count == count)
    }
  }
}

/// A count several threads add to.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func increment() { lock.lock(); count += 1; lock.unlock() }
  var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
