import Foundation
import Testing
import VCGraph

@testable import VCGraphviz

/// Frames' graphs built on two threads (``FrameGraphs``, issue 26: sketching a scenario's frames
/// is most of what its stable layout costs) come out as one thread builds them, in order.
@Suite struct FrameGraphsTests {
  /// A tab bar of `tabs` navigation controllers of `screens` screens each, then `pushes` pushes
  /// and pops on them in turn: `tabs × (screens + 1) + 1` controllers and more.
  static func tabs(_ tabs: Int, screens: Int, pushes: Int) -> String {
    var lines = ["title: Tabs", "controllers:", "  tabs: UITabBarController"]
    for tab in 0..<tabs {
      lines.append("  nav\(tab): UINavigationController")
      for screen in 0...screens {
        lines.append("  s\(tab)_\(screen): { class: Screen\(screen)ViewController, title: S\(screen) }")
      }
    }
    lines.append("steps:")
    for tab in 0..<tabs {
      lines += [
        "  - setViewControllers: [\((0..<screens).map { "s\(tab)_\($0)" }.joined(separator: ", "))]",
        "    on: nav\(tab)",
      ]
    }
    lines += [
      "  - setTabs: [\((0..<tabs).map { "nav\($0)" }.joined(separator: ", "))]", "    on: tabs", "  - setRoot: tabs",
    ]
    for push in 0..<pushes {
      let tab = push % tabs
      lines += [
        "  - selectTab: \(tab)", "    on: tabs", "  - push: s\(tab)_\(screens)", "    on: nav\(tab)",
        "  - pop: nav\(tab)",
      ]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func diagrams(_ yaml: String) throws -> [Diagram] {
    Array(Diagram.frames(of: ReplayedScenario(try replay(yaml)), options: DrawingOptions()))
  }

  /// Each frame's graphs (two themes) and places, as `FrameGraphs` hands them over.
  static func built(
    _ diagrams: [Diagram], threads: FrameGraphs.Threads, chunkSize: Int?
  ) -> (frames: [BuiltFrame], helperChunks: Int, bigChunks: (reader: Int, helper: Int)) {
    let graphs = FrameGraphs(
      diagrams, themes: [.light, .dark], level: .all, pinned: [], threads: threads, chunkSize: chunkSize)
    defer { graphs.stop() }
    let frames = Array(graphs)
    return (frames, graphs.chunksBuiltByHelper, graphs.bigChunks)
  }

  /// Small hierarchies (no plan taken from the frame before) and big ones (each chunk's first
  /// frame planned whole, the next ones from the frame before, on either thread): every frame's
  /// graphs and places are the ones its diagram makes alone, in the frames' order, whoever built
  /// them and however the frames are cut.
  @Test(arguments: [(8, 2, 6), (9, 8, 10)])
  func everyFrameAsOneThreadBuildsIt(tabs: Int, screens: Int, pushes: Int) throws {
    let diagrams = try Self.diagrams(Self.tabs(tabs, screens: screens, pushes: pushes))
    let members = diagrams.last?.hierarchy.members.count ?? 0
    #expect((members >= 64) == (screens == 8), "\(members) controllers")
    let expected = diagrams.map { diagram in
      var places: [String] = []
      let graphs = diagram.graphs(themes: [.light, .dark], level: .all, pinned: [], memory: nil) {
        places.append($0 + "@" + $1)
      }
      return (graphs, places)
    }
    for (threads, chunkSize) in [
      (FrameGraphs.Threads.one, nil), (.two, 5), (.two, nil), (.helperOnly, 5), (.helperOnly, nil),
    ] {
      let (frames, helperChunks, bigChunks) = Self.built(diagrams, threads: threads, chunkSize: chunkSize)
      // Big chunks (plans taken from the frame before) are all built on one thread, so that no
      // chunk but the first starts with a whole plan.
      #expect(bigChunks.reader == 0 || bigChunks.helper == 0, "\(threads): \(bigChunks)")
      #expect((bigChunks.reader + bigChunks.helper > 0) == (screens == 8 && chunkSize == nil), "\(threads)")
      #expect(frames.count == diagrams.count, "\(threads)")
      for (index, frame) in frames.enumerated() where index < expected.count {
        #expect(frame.graphs == expected[index].0, "\(threads), frame \(index + 1)")
        #expect(
          frame.places.map { $0.controller + "@" + $0.place } == expected[index].1, "\(threads), frame \(index + 1)")
        #expect(frame.diagram.context == diagrams[index].context)
      }
      // A chunk is as long as its first frame's hierarchy asks.
      var chunks = 0
      var start = 0
      while start < diagrams.count {
        let big = diagrams[start].hierarchy.members.count >= 64
        start += chunkSize ?? (big ? FrameGraphs.bigChunkSize : FrameGraphs.smallChunkSize)
        chunks += 1
      }
      switch threads {
      case .one: #expect(helperChunks == 0)
      case .helperOnly: #expect(helperChunks == chunks)
      case .two: #expect(helperChunks < chunks)
      }
    }
  }

  /// Sketching that may give up after 8 frames, 16, 32 (``FrameSketches``) has a big hierarchy's
  /// frames built in chunks that end there (8, 8, 16, 32…): cut after the first 8, it built no more
  /// than those 8, on either thread, and its sketches are those of the first 8 frames.
  @Test func aBigHierarchysChunksEndWhereSketchingMayGiveUp() throws {
    // The frames after the tab bar is set up: a big hierarchy from the first.
    let diagrams = Array(try Self.diagrams(Self.tabs(9, screens: 8, pushes: 20)).dropFirst(11))
    #expect(diagrams.count > 40 && diagrams[0].hierarchy.members.count >= 64)
    // Up to the next checkpoint, also after small chunks (24 frames: 8 more; 40: 24 more).
    #expect([0, 8, 16, 24, 32, 40, 64, 96].map(FrameGraphs.bigChunkSize(after:)) == [8, 8, 16, 8, 32, 24, 32, 32])
    var built = 0
    let cut = FrameSketches(diagrams, level: .stacks, pinned: [], themes: [.light]) { (sketches: FrameSketches) in
      built = sketches.count
      return true
    }
    #expect(cut.isCut && cut.count == 8 && built == 8)
    let graphs = FrameGraphs(
      diagrams, themes: [.light], level: .stacks, pinned: [], threads: .two, endingChunksAtCheckpoints: true)
    let first = Array(graphs.prefix(8))
    graphs.stop()
    // The reader took one chunk, the helper none, and no more than the 8 frames read were built.
    #expect(graphs.bigChunks.helper == 0 && graphs.bigChunks.reader == 1, "\(graphs.bigChunks)")
    #expect(graphs.framesBuilt == 8)
    #expect(first.map(\.diagram.context) == diagrams.prefix(8).map(\.context))
    let whole = FrameSketches(diagrams, level: .stacks, pinned: [], themes: [.light])
    for frame in 0..<8 { #expect(cut.graph(frame: frame, theme: 0) == whole.graph(frame: frame, theme: 0)) }
  }

  /// A reader that stops early (a sketching given up) stops the helper: it ends, whatever it was
  /// building, and builds nothing after.
  @Test func stoppingEarlyEndsTheHelper() throws {
    let diagrams = try Self.diagrams(Self.tabs(4, screens: 2, pushes: 30))
    let graphs = FrameGraphs(diagrams, themes: [.light], level: .all, pinned: [], threads: .helperOnly, chunkSize: 4)
    let first = Array(graphs.prefix(6))
    #expect(first.map(\.diagram.context) == diagrams.prefix(6).map(\.context))
    graphs.stop()
    #expect(!graphs.isHelperRunning)
    let built = graphs.chunksBuiltByHelper
    #expect(built <= 2 + FrameGraphs.chunksAhead, "\(built) chunks for 6 frames read")
    #expect(graphs.chunksBuiltByHelper == built)
  }

  /// Graphs built ahead (while a sample is laid out) are read by the sketches of every frame at
  /// their level, as if built then; built at another level, they are not read, and stopped.
  @Test func graphsBuiltAheadAreTakenOnlyAtTheirLevel() throws {
    let diagrams = try Self.diagrams(Self.tabs(6, screens: 2, pushes: 12))
    let fresh = FrameSketches(diagrams, level: .all, pinned: [], themes: [.light, .dark])
    let ahead = FrameGraphs(
      diagrams, themes: [.light, .dark], level: .all, pinned: [], threads: .helperOnly, chunkSize: 4,
      chunksAhead: FrameGraphs.chunksAheadOfReading)
    let other = FrameGraphs(
      diagrams, themes: [.light, .dark], level: .stacks, pinned: [], threads: .helperOnly, chunkSize: 4)
    for (builtAhead, taken) in [(ahead, true), (other, false)] {
      #expect(builtAhead.builds(themes: [.light, .dark], level: .all, pinned: []) == taken)
      let sketches = FrameSketches(diagrams, level: .all, pinned: [], themes: [.light, .dark], builtAhead: builtAhead)
      #expect(!builtAhead.isHelperRunning)
      #expect(sketches.count == fresh.count)
      for frame in 0..<fresh.count {
        for theme in 0..<2 {
          #expect(
            sketches.graph(frame: frame, theme: theme) == fresh.graph(frame: frame, theme: theme), "frame \(frame + 1)")
        }
      }
    }
  }
}
