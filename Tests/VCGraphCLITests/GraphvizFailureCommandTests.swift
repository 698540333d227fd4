import Foundation
import Testing

/// `vcgraph render` when Graphviz's plugins are missing or not registered: Graphviz reads them from
/// the folder `GVBINDIR` names, so each test points it at a broken setup. The command fails with one
/// message per scenario that says what to install or run, and writes nothing.
@Suite struct GraphvizFailureCommandTests {
  /// No plugins and no config: the config is missing.
  @Test func anEmptyPluginFolderSaysToRunDotCAndInstall() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let plugins = try makeFolder(folder("plugins"))
      let result = try renderNavigation(in: folder, format: "png", plugins: plugins)
      #expect(result.status != 0, "\(result)")
      #expect(
        result.standardError.contains("\(plugins.path)/\(configName) (GVBINDIR names it) is missing"), "\(result)")
      #expect(result.standardError.contains("run `dot -c` as root"), "\(result)")
      #expect(result.standardError.contains("apt-get install -y libgraphviz-dev"), "\(result)")
      expectOneCleanError(result)
      #expect(!FileManager.default.fileExists(atPath: folder("out").path), "a failed render left its folder")
    }
  }

  @Test func anEmptyPluginConfigSaysToRunDotC() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let plugins = try makeFolder(folder("plugins"))
      // Graphviz 2.42 reads config6a as Debian builds it, config6 as others do: both empty.
      for name in ["config6", "config6a"] {
        try Data().write(to: plugins.appendingPathComponent(name))
      }
      let result = try renderNavigation(in: folder, format: "png", plugins: plugins)
      #expect(result.status != 0, "\(result)")
      #expect(result.standardError.contains("\(configName) (GVBINDIR names it) is empty"), "\(result)")
      #expect(result.standardError.contains("run `dot -c` as root to rebuild it"), "\(result)")
      expectOneCleanError(result)
      #expect(!FileManager.default.fileExists(atPath: folder("out").path), "a failed render left its folder")
    }
  }

  @Test func aPluginFolderThatDoesNotExistSaysToInstall() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let result = try renderNavigation(in: folder, format: "svg", plugins: folder("no-such-folder"))
      #expect(result.status != 0, "\(result)")
      #expect(result.standardError.contains("no-such-folder (GVBINDIR names it) does not exist"), "\(result)")
      #expect(result.standardError.contains("apt-get install -y libgraphviz-dev"), "\(result)")
      expectOneCleanError(result)
      #expect(!FileManager.default.fileExists(atPath: folder("out").path), "a failed render left its folder")
    }
  }

  /// The core and layout plugins, registered with `dot -c`, and no cairo: SVG draws, PNG does not.
  @Test func pluginsWithoutCairoDrawSVGButSayWhatToInstallForPNG() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let plugins = try partialPluginFolder(folder("plugins"), libraries: ["core", "dot_layout", "neato_layout"])

      let svg = try renderNavigation(in: folder, format: "svg", plugins: plugins, output: "svg-out")
      #expect(svg.status == 0, "\(svg)")
      #expect(folder.contents(of: "svg-out/navigation").contains { $0.hasSuffix(".svg") })

      let png = try renderNavigation(in: folder, format: "png", plugins: plugins)
      #expect(png.status != 0, "\(png)")
      #expect(png.standardError.contains("Graphviz cannot write png: it has no plugin for that format"), "\(png)")
      #expect(png.standardError.contains("formats they have: svg, dot"), "\(png)")
      #expect(png.standardError.contains("apt-get install -y libgraphviz-dev"), "\(png)")
      #expect(png.standardError.contains("run `dot -c` as root"), "\(png)")
      #expect(png.standardError.contains("renderer for png is unavailable"), "Graphviz's own words: \(png)")
      expectOneCleanError(png)
      #expect(!FileManager.default.fileExists(atPath: folder("out").path), "a failed render left its folder")
    }
  }

  /// Without the layout plugins, even SVG cannot be drawn; two scenarios fail alike, one message each.
  @Test func pluginsWithoutLayoutsSayWhichLayoutIsMissingForEveryScenario() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let plugins = try partialPluginFolder(folder("plugins"), libraries: ["core"])
      let result = try runVCGraph(
        ["render", "samples/navigation.yaml", "samples/tab-bar.yaml", "-o", "out", "--format", "svg"], in: folder.url,
        gvbindir: plugins)
      #expect(result.status != 0, "\(result)")
      let lines = result.standardError.split(separator: "\n")
      #expect(lines.count == 2, "\(result)")
      #expect(
        lines.first?.hasPrefix("samples/navigation.yaml: error: Graphviz cannot lay out the diagram: it has no") == true
      )
      #expect(
        lines.last?.hasPrefix("samples/tab-bar.yaml: error: Graphviz cannot lay out the diagram: it has no") == true)
      #expect(lines.allSatisfy { $0.contains("layouts they have: none") }, "\(result)")
      #expect(!FileManager.default.fileExists(atPath: folder("out").path), "a failed render left its folder")
    }
  }

  // MARK: - Helpers

  /// The plugin config's name as this Graphviz writes it with `dot -c` (Debian's 2.42: `config6a`).
  private var configName: String {
    ["config6a", "config6"].first { FileManager.default.fileExists(atPath: "\(systemPluginFolder)/\($0)") }
      ?? "config6a"
  }

  private func renderNavigation(
    in folder: TemporaryFolder, format: String, plugins: URL, output: String = "out"
  ) throws -> CommandResult {
    try runVCGraph(
      ["render", "samples/navigation.yaml", "-o", output, "--format", format], in: folder.url, gvbindir: plugins)
  }

  /// One line on standard error, vcgraph's, and nothing Graphviz printed itself.
  private func expectOneCleanError(_ result: CommandResult, sourceLocation: SourceLocation = #_sourceLocation) {
    let lines = result.standardError.split(separator: "\n")
    #expect(lines.count == 1, "\(result)", sourceLocation: sourceLocation)
    #expect(
      lines.first?.hasPrefix("samples/navigation.yaml: error: Graphviz cannot ") == true, sourceLocation: sourceLocation
    )
    #expect(!result.standardError.contains("Use one of:"), "\(result)", sourceLocation: sourceLocation)
  }

  @discardableResult
  private func makeFolder(_ url: URL) throws -> URL {
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A plugin folder with only these of Graphviz's plugin libraries, linked from the system's, and
  /// the config `dot -c` writes for them.
  private func partialPluginFolder(_ url: URL, libraries: [String]) throws -> URL {
    try makeFolder(url)
    for library in libraries {
      let name = "libgvplugin_\(library).so.6"
      try FileManager.default.createSymbolicLink(
        at: url.appendingPathComponent(name), withDestinationURL: URL(fileURLWithPath: "\(systemPluginFolder)/\(name)"))
    }
    let dot = try #require(
      ["/usr/bin/dot", "/usr/local/bin/dot"].first { FileManager.default.isExecutableFile(atPath: $0) },
      "no dot program")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: dot)
    process.arguments = ["-c"]
    process.environment = ProcessInfo.processInfo.environment.merging(["GVBINDIR": url.path]) { $1 }
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "GVBINDIR=\(url.path) dot -c failed")
    return url
  }

  /// The system's Graphviz plugin folder, where libgvplugin_core is.
  private var systemPluginFolder: String {
    let candidates =
      ["x86_64-linux-gnu", "aarch64-linux-gnu"].map { "/usr/lib/\($0)/graphviz" }
      + ["/usr/lib/graphviz", "/usr/local/lib/graphviz", "/usr/lib64/graphviz"]
    return candidates.first { FileManager.default.fileExists(atPath: "\($0)/libgvplugin_core.so.6") } ?? candidates[0]
  }
}

/// Runs the built `vcgraph` like ``runVCGraph(_:in:standardInput:)``, with `GVBINDIR` set to `gvbindir`.
private func runVCGraph(_ arguments: [String], in directory: URL, gvbindir: URL) throws -> CommandResult {
  let executable = try #require(vcgraphExecutable, "the vcgraph executable is not built beside the tests")
  return try runProgram(executable, arguments, in: directory, environment: ["GVBINDIR": gvbindir.path])
}
