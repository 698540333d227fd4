import Foundation
import Testing
import VCGraph

@testable import VCGraphviz

/// The stable layout handed from one process to another.
@Suite struct ScenarioLayoutTests {
  /// A layout that went through JSON (from the worker that computed it to the others) draws the
  /// same bytes as the one computed where it is drawn.
  @Test func aLayoutReadFromAnotherProcessDrawsTheSameFrames() throws {
    let replay = try sampleReplay("tab-bar.yaml")
    try withRenderer { renderer in
      let themes: [Theme] = [.light, .dark]
      let computed = try renderer.stableLayout(of: replay, themes: themes)
      let read = try JSONDecoder().decode(ScenarioLayout.self, from: try JSONEncoder().encode(computed))
      func frames(_ layout: ScenarioLayout?) throws -> [Data] {
        var files: [Data] = []
        try renderer.renderFrames(
          replay, formats: [.svg, .dot], steps: [2, 5, 8], themes: themes, stableLayout: layout
        ) { frame in files += frame.files.map(\.contents) }
        return files
      }
      let own = try frames(nil)
      #expect(own.count == 12)
      #expect(try frames(read) == own)
      #expect(try frames(computed) == own)
    }
  }
}
