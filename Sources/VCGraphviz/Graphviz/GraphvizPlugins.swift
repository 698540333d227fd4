internal import CGraphviz
import Foundation
import VCGraph

/// Where Graphviz looks for its plugins and what it found there: what vcgraph tells a user to
/// install or run when a layout engine or an output format is missing.
///
/// Graphviz loads its layout engines, renderers and text layout from plugin libraries listed in a
/// config file that `dot -c` writes into its plugin folder: the folder the `GVBINDIR` environment
/// variable names, else `graphviz/` beside `libgvc`.
public struct GraphvizPlugins: Sendable, Hashable {
  /// What Graphviz found of its plugin config.
  public enum Config: Sendable, Hashable {
    /// The plugin folder does not exist.
    case noFolder
    /// The folder has no plugin config.
    case missing
    /// The plugin config is empty.
    case empty
    /// The plugin config is there and lists plugins.
    case present
  }

  /// The plugin folder Graphviz reads.
  public var folder: String
  /// True when the folder comes from the `GVBINDIR` environment variable.
  public var isFromEnvironment: Bool
  /// The plugin config file in the folder.
  public var configPath: String
  public var config: Config
  /// The layout engines Graphviz's config lists.
  public var layouts: [String]
  /// The output formats (devices) Graphviz's config lists.
  public var formats: [String]

  public init(
    folder: String, isFromEnvironment: Bool, configPath: String, config: Config, layouts: [String], formats: [String]
  ) {
    self.folder = folder
    self.isFromEnvironment = isFromEnvironment
    self.configPath = configPath
    self.config = config
    self.layouts = layouts
    self.formats = formats
  }

  /// The name of the plugin config this Graphviz reads, and `dot -c` writes, in `systemFolder`:
  /// Debian's Graphviz 2.42 calls it `config6a`, other builds `config6`; the one the folder has.
  static func configName(systemFolder: String) -> String {
    ["config6a", "config6"].first { FileManager.default.fileExists(atPath: "\(systemFolder)/\($0)") } ?? "config6a"
  }

  /// Inspects `folder` and its config file `configName`; `layouts` and `formats` are what the
  /// Graphviz context lists.
  static func inspect(
    folder: String, isFromEnvironment: Bool, configName: String, layouts: [String], formats: [String]
  ) -> GraphvizPlugins {
    let manager = FileManager.default
    var isFolder: ObjCBool = false
    let configPath = (folder as NSString).appendingPathComponent(configName)
    let config: Config
    if !manager.fileExists(atPath: folder, isDirectory: &isFolder) || !isFolder.boolValue {
      config = .noFolder
    } else if !manager.fileExists(atPath: configPath) {
      config = .missing
    } else if let size = (try? manager.attributesOfItem(atPath: configPath))?[.size] as? NSNumber, size.intValue == 0 {
      config = .empty
    } else {
      config = .present
    }
    return GraphvizPlugins(
      folder: folder, isFromEnvironment: isFromEnvironment, configPath: configPath, config: config, layouts: layouts,
      formats: formats)
  }

  /// What to install or run so that Graphviz has the plugin it misses, in one or two sentences.
  func advice(for wanted: MissingGraphvizPlugin.Wanted) -> String {
    let environment = isFromEnvironment ? " (GVBINDIR names it)" : ""
    let install = "apt-get install -y libgraphviz-dev"
    let rebuild = "run `dot -c` as root to rebuild it" + (isFromEnvironment ? ", with the same GVBINDIR" : "")
    switch config {
    case .noFolder:
      return
        "Graphviz's plugin folder \(folder)\(environment) does not exist: install its plugins (\(install), as root)"
        + (isFromEnvironment ? " or point GVBINDIR at the folder that has them." : ".")
    case .missing:
      return "Graphviz's plugin config \(configPath)\(environment) is missing: \(rebuild); if its plugins are not "
        + "installed, install them first (\(install), as root)."
    case .empty:
      return "Graphviz's plugin config \(configPath)\(environment) is empty: \(rebuild)."
    case .present:
      let name: String
      let kind: String
      let listed: [String]
      switch wanted {
      case let .layout(engine):
        (name, kind, listed) = (engine, "layouts", layouts)
      case let .format(format):
        // Of the many formats Graphviz writes, the ones vcgraph asks for.
        (name, kind, listed) = (
          format.rawValue, "formats", OutputFormat.allCases.map(\.rawValue).filter(formats.contains)
        )
      }
      if listed.contains(name) {
        return "Graphviz's plugin config \(configPath)\(environment) lists it, but its plugin library did not load: "
          + "reinstall Graphviz's plugins (\(install), as root), then run `dot -c` as root to register them."
      }
      return "Graphviz's plugins in \(folder)\(environment) do not include it (\(kind) they have: "
        + "\(listed.isEmpty ? "none" : listed.joined(separator: ", "))): install them (\(install), as root), "
        + "then run `dot -c` as root to register them."
    }
  }
}

/// A layout engine or output format Graphviz has no plugin for, with where it looked and what it said.
public struct MissingGraphvizPlugin: Sendable, Hashable {
  public enum Wanted: Sendable, Hashable {
    /// A layout engine (`dot`, or `nop2` for a frame whose positions are set).
    case layout(String)
    case format(OutputFormat)
  }

  public var wanted: Wanted
  public var plugins: GraphvizPlugins
  /// Graphviz's own messages.
  public var detail: String

  public init(wanted: Wanted, plugins: GraphvizPlugins, detail: String) {
    self.wanted = wanted
    self.plugins = plugins
    self.detail = detail
  }

  /// The plugin's name as Graphviz knows it.
  public var name: String {
    switch wanted {
    case let .layout(engine): return engine
    case let .format(format): return format.rawValue
    }
  }
}

extension GraphvizContext {
  /// Graphviz's plugin folder: `GVBINDIR`, else `graphviz/` in the folder `libgvc` was loaded from
  /// (as Graphviz's `gvconfig_libdir` finds it on Linux, from the libraries the process has loaded).
  static func pluginFolder() -> (path: String, isFromEnvironment: Bool) {
    if let folder = ProcessInfo.processInfo.environment["GVBINDIR"] { return (folder, true) }
    return (systemPluginFolder(), false)
  }

  /// `graphviz/` in the folder `libgvc` was loaded from.
  static func systemPluginFolder() -> String {
    // The mapped files of this process, one a line, the path last: the libgvc vcgraph runs with.
    let maps = (try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)) ?? ""
    for line in maps.split(separator: "\n") {
      guard let slash = line.firstIndex(of: "/"), line.contains("/libgvc.so") else { continue }
      let library = URL(fileURLWithPath: String(line[slash...]))
      return library.deletingLastPathComponent().appendingPathComponent("graphviz").path
    }
    return "/usr/lib/x86_64-linux-gnu/graphviz"
  }

  /// Graphviz's messages about a missing plugin, one of each, without its empty "Use one of:" lists
  /// and the follow-up complaints ("Layout was not done").
  static func pluginDetail(_ messages: [String]) -> String {
    var seen: Set<String> = []
    var lines: [String] = []
    for message in messages {
      var line = message
      for prefix in ["Error: ", "Warning: "] where line.hasPrefix(prefix) { line.removeFirst(prefix.count) }
      var choices = ""
      if let range = line.range(of: " Use one of:") {
        choices = line[range.upperBound...].trimmingCharacters(in: .whitespaces)
        line = String(line[..<range.lowerBound])
      }
      if line.hasSuffix(".") { line.removeLast() }
      if !choices.isEmpty { line += " (it has: \(choices))" }
      guard !line.isEmpty, line != "Layout was not done", seen.insert(line).inserted else { continue }
      lines.append(line)
    }
    return lines.joined(separator: "; ")
  }
}
