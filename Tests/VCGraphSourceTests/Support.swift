import Foundation
import Testing
import VCGraph
import VCGraphSource

/// The map of Swift source text, read in process as the file `path`.
func map(_ source: String, path: String = "App.swift", storyboards: [Storyboard] = []) -> AppMap {
  AppMapReader.map(source: source, path: path, storyboards: storyboards)
}

/// The map of several files.
func map(_ sources: [(String, String)], storyboards: [Storyboard] = []) -> AppMap {
  AppMapReader.map(sources: sources.map { (path: $0.0, text: $0.1) }, storyboards: storyboards)
}

extension AppMap {
  /// `from → to · kind` of every transition (`?` for an unknown destination), in the map's order.
  var edges: [String] {
    transitions.map { "\($0.from) → \($0.to ?? "?") · \($0.kind.rawValue)" + ($0.style.map { " · \($0)" } ?? "") }
  }

  /// The transitions at `line`.
  func transitions(atLine line: Int) -> [Transition] { transitions.filter { $0.site.line == line } }
}

/// The package root, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The folder of this target's fixtures.
let fixturesFolder = packageRoot.appendingPathComponent("Tests/VCGraphSourceTests/Fixtures")
