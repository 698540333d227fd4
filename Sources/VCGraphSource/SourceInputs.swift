import Foundation
import VCGraph

/// The files `vcgraph map` reads under the paths it is given: Swift files and storyboards, with
/// what was left out and why.
///
/// Folders are walked depth first in name order. Left out unless named on the command line: build
/// and dependency folders (`.build`, `build`, `DerivedData`, `Pods`, `Carthage`, `node_modules`,
/// hidden folders) and test targets (folders or files whose name ends in `Tests` or `UITests`, or
/// `Tests.swift`). Objective-C files are counted. A folder reached twice through links (a link
/// loop) is read once; a file larger than ``maximumFileSize`` is reported and not read.
public struct SourceInputs: Sendable {
  /// The Swift files to read, as paths built from the paths given (`App/Sources/Inbox.swift`).
  public var swiftFiles: [String] = []
  /// The storyboards to read.
  public var storyboards: [String] = []
  public var skipped = AppMap.Skipped()
  /// Problems with the paths themselves (missing, unreadable), one message each.
  public var errors: [String] = []
  /// Files left out for their size.
  public var tooLarge: [(path: String, size: Int)] = []

  /// A file larger than this is left out (a generated file of tens of megabytes is data, not navigation).
  public static let maximumFileSize = 8 << 20

  /// The folder names that hold build products or other projects' code.
  static let skippedFolderNames: Set<String> = [
    ".build", "build", "Build", "DerivedData", "Pods", "Carthage", "node_modules", ".git", ".swiftpm", "vendor",
    "Vendor", "third_party", "ThirdParty", "fastlane", "xcuserdata",
  ]

  /// Walks `paths`.
  public init(paths: [String]) {
    var seenFolders: Set<FileIdentity> = []
    for path in paths {
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
        errors.append("\(path): error: no such file or folder")
        continue
      }
      if isFolder.boolValue {
        walk(folder: path, seen: &seenFolders, named: true)
      } else {
        add(file: path, named: true)
      }
    }
  }

  /// True for a folder or file name of a test target: `AppTests`, `AppUITests`, `FooTests.swift`.
  static func isTestName(_ name: String) -> Bool {
    let stem = name.hasSuffix(".swift") ? String(name.dropLast(6)) : name
    return stem.hasSuffix("Tests") || stem.hasSuffix("Specs")
  }

  private mutating func add(file path: String, named: Bool) {
    let name = (path as NSString).lastPathComponent
    let ext = (name as NSString).pathExtension.lowercased()
    switch ext {
    case "swift":
      if !named, Self.isTestName(name) {
        skipped.testTargets.append(path)
        return
      }
      if let size = Self.size(of: path), size > Self.maximumFileSize {
        tooLarge.append((path, size))
        skipped.failed.append(
          .init(file: path, reason: "\(size >> 20) MB: larger than \(Self.maximumFileSize >> 20) MB, not read"))
        return
      }
      swiftFiles.append(path)
    case "storyboard":
      storyboards.append(path)
    case "m", "mm", "h":
      skipped.objectiveCFiles += 1
    default:
      if named { errors.append("\(path): error: not a Swift file or a storyboard") }
    }
  }

  private mutating func walk(folder: String, seen: inout Set<FileIdentity>, named: Bool) {
    guard let identity = FileIdentity(path: folder) else {
      skipped.failed.append(.init(file: folder, reason: "cannot be read"))
      return
    }
    // A link back to a folder already walked (a loop, or two links to one place): read once.
    guard seen.insert(identity).inserted else { return }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    } catch {
      skipped.failed.append(.init(file: folder, reason: "cannot be read: \(OutputDirectory.reason(error))"))
      return
    }
    for name in names {
      let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
        // A dangling link.
        continue
      }
      if isFolder.boolValue {
        if name.hasPrefix(".") && name != ".." || Self.skippedFolderNames.contains(name) {
          if !name.hasPrefix(".") || name == ".build" { skipped.folders.append(path) }
          continue
        }
        if name.hasSuffix(".xcassets") || name.hasSuffix(".bundle") || name.hasSuffix(".framework")
          || name.hasSuffix(".xcframework") || name.hasSuffix(".app")
        {
          continue
        }
        if Self.isTestName(name) {
          skipped.testTargets.append(path)
          continue
        }
        walk(folder: path, seen: &seen, named: false)
      } else {
        add(file: path, named: false)
      }
    }
  }

  private static func size(of path: String) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
  }
}

/// A folder's device and inode: the same for every path (and link) that reaches it.
struct FileIdentity: Hashable {
  var device: UInt64
  var inode: UInt64

  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }
}
