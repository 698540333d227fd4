import Foundation
import PackagePlugin

/// `swift package vcgraph …`: runs the `vcgraph` command in the package's directory, so a package
/// can regenerate the diagrams in its docs from its scenarios.
///
/// ```sh
/// swift package --allow-writing-to-package-directory vcgraph render samples/ -o Docs/ --format svg,png
/// ```
///
/// The arguments go to `vcgraph` as they are, and relative paths are read from the package's
/// directory. What `vcgraph` prints is shown as it prints it (SwiftPM puts a plugin's standard
/// error on its own standard output), and the command fails when `vcgraph` does. A plugin has no
/// standard input: `vcgraph import -` reads nothing, so dumps are given as files.
///
/// The plugin builds the `vcgraph` product itself (in the debug configuration, as `swift build`
/// does) instead of naming it as a dependency: SwiftPM cannot give a plugin a tool whose product is
/// named differently from its executable target (the product `vcgraph` builds the target
/// `VCGraphCLI`; swiftlang/swift-package-manager#8831).
@main
struct VCGraphPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let executable = try buildVCGraph()
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = context.package.directoryURL
    // Standard output and error are inherited, so `state --json` or `-o -` print as they do on
    // their own. The plugin's standard input is SwiftPM's channel to it, not the user's.
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    switch process.terminationReason {
    case .exit where process.terminationStatus == 0:
      return
    case .exit:
      // vcgraph has printed why; SwiftPM reports the status and fails the command.
      exit(process.terminationStatus)
    case .uncaughtSignal:
      Diagnostics.error("vcgraph was stopped by signal \(process.terminationStatus)")
      exit(1)
    @unknown default:
      exit(1)
    }
  }

  /// Builds the `vcgraph` product, from this package or from the package that depends on it, and
  /// returns the executable's location.
  private func buildVCGraph() throws -> URL {
    // Quick when it is up to date; the first time, the package and its dependencies are compiled.
    Diagnostics.progress("Building vcgraph")
    let result = try packageManager.build(
      .product("vcgraph"), parameters: PackageManager.BuildParameters(configuration: .debug, logging: .concise))
    guard result.succeeded else {
      FileHandle.standardError.write(Data(result.logText.utf8))
      throw PluginFailure.buildFailed
    }
    guard
      let executable = result.builtArtifacts.first(where: {
        $0.kind == .executable && $0.url.deletingPathExtension().lastPathComponent == "vcgraph"
      })
    else {
      throw PluginFailure.noExecutable(built: result.builtArtifacts.map(\.url.lastPathComponent))
    }
    return executable.url
  }
}

/// Why the plugin could not run `vcgraph`.
enum PluginFailure: Error, CustomStringConvertible {
  /// Building the `vcgraph` product failed; the build log has been printed.
  case buildFailed
  /// The build succeeded but listed no `vcgraph` executable among what it built.
  case noExecutable(built: [String])

  var description: String {
    switch self {
    case .buildFailed:
      return "building vcgraph failed (the build log is above)"
    case .noExecutable(let built):
      return "the build made no vcgraph executable (it made: \(built.joined(separator: ", ")))"
    }
  }
}
