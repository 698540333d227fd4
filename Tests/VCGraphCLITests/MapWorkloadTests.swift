import Testing
import VCGraph
import VCGraphSource

@testable import VCGraphBenchmark

/// The app `vcgraph-bench` maps: the same every time, and read the way its text says.
@Suite struct MapWorkloadTests {
  @Test func theSameSizeGivesTheSameApp() {
    let first = MapWorkload.files(count: 30)
    let second = MapWorkload.files(count: 30)
    #expect(first.map(\.path) == second.map(\.path))
    #expect(first.map(\.text) == second.map(\.text))
    #expect(first.count == 30)
    #expect(first.filter { $0.path.contains("Coordinator") }.count == 2)
  }

  @Test func everyScreenNavigatesAsWritten() {
    let files = MapWorkload.files(count: 30)
    let map = AppMapReader.map(sources: files)
    #expect(map.warnings.isEmpty, "\(map.warnings)")
    // 27 screens, each pushing a detail, presenting a sheet and an alert, and embedding a panel.
    let screens = map.controllers.filter { $0.name.hasPrefix("Screen") }
    #expect(screens.count == 27)
    for screen in screens {
      let kinds = Set(map.transitions.filter { $0.from == screen.name }.map(\.kind))
      #expect(kinds.isSuperset(of: [.push, .present, .embed]), "\(screen.name): \(kinds)")
    }
    #expect(map.navigators.map(\.kind).filter { $0 == .coordinator }.count == 2)
    #expect(map.transitions.contains { $0.kind == .root && $0.to == "UITabBarController" })
  }
}
