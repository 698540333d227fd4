import Foundation
import Testing

@testable import VCGraph

/// What survives an export and an import: every sample step written as `_printHierarchy` text and
/// read back as a dump, and every dump written as state JSON and read back.
@Suite("Round trips: _printHierarchy text and state JSON")
struct RoundTripTests {
  /// `samples/dumps`.
  static let sampleDumps = GoldenStateTests.samples.appendingPathComponent("dumps")
  /// `Tests/VCGraphTests/Fixtures/Dumps`, beside this file.
  static let fixtureDumps = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Dumps")

  /// The `.txt` files in `folder`, as paths, sorted.
  static func dumps(in folder: URL) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".txt") }.sorted().map { folder.appendingPathComponent($0).path }
  }

  /// Every dump the JSON round trip reads: the samples' and the importer's fixtures.
  static let allDumps = dumps(in: sampleDumps) + dumps(in: fixtureDumps)

  @Test func theSamplesAndDumpsAreFound() {
    #expect(GoldenStateTests.sampleStems.count >= 7)
    #expect(Self.dumps(in: Self.sampleDumps).count >= 3)
    #expect(Self.dumps(in: Self.fixtureDumps).count >= 10)
  }

  // MARK: - Scenario step → _printHierarchy text → dump

  /// Each step of the sample, exported with ``HierarchyText`` and imported with ``HierarchyDump``,
  /// describes the same hierarchy as far as the text can tell.
  @Test(arguments: GoldenStateTests.sampleStems)
  func everyStepOfASampleSurvivesTheTextExport(stem: String) throws {
    let replay = try replayedSample(stem)
    #expect(!replay.frames.isEmpty)
    for frame in replay.frames {
      try expectTextRoundTrip(frame.hierarchy, "\(stem).yaml step \(frame.step.number)")
    }
  }

  /// Exports `hierarchy` as text, reads it back and compares the two; `name` says which step in messages.
  private func expectTextRoundTrip(_ hierarchy: Hierarchy, _ name: String) throws {
    let text = HierarchyText(hierarchy).text
    let printed = hierarchy.printOrder
    guard !printed.isEmpty else {
      // Nothing attached yet (a step that only declares): nothing to print, and a dump needs a line.
      #expect(text.isEmpty, "\(name): a hierarchy with nothing drawn prints nothing")
      #expect(hierarchy.members.isEmpty, "\(name): every member is printed")
      return
    }
    let dump = try HierarchyDump(text: text, path: name).hierarchy

    // Every member is printed once; the dump lists its controllers in line order, so the n-th
    // printed controller is the dump's n-th (whose id is its class name, numbered).
    #expect(Set(printed.map(\.id)) == Set(hierarchy.members), "\(name): printed controllers are the members")
    #expect(dump.order.count == printed.count, "\(name): one controller per printed line\n\(text)")
    guard dump.order.count == printed.count else { return }
    var toDump: [String: String] = [:]
    for (entry, id) in zip(printed, dump.order) { toDump[entry.id] = id }
    func mapped(_ id: String?) -> String? { id.flatMap { toDump[$0] } }

    for entry in printed {
      let original = try #require(hierarchy[entry.id])
      let imported = try #require(dump[toDump[entry.id] ?? ""])
      let what = "\(name): \(entry.id)"
      #expect(imported.className == original.className, "\(what): class")
      if ViewControllerKind.inferred(fromClassName: original.className) != .content {
        // UIKit's own containers are known by their class. (An app's class is not: the importer
        // guesses from the name's ending, so page-view.yaml's `WelcomePageViewController`, a
        // content page, comes back as a page view controller.)
        #expect(imported.kind == original.kind, "\(what): kind")
      }
      #expect(imported.parent == mapped(original.parent), "\(what): parent")
      #expect(imported.children == original.children.compactMap { toDump[$0] }, "\(what): children in order")
      #expect(imported.children.count == original.children.count, "\(what): every child printed")
      #expect(imported.presenter == mapped(original.presenter), "\(what): presenting controller")
      #expect(
        imported.presentation?.presented == mapped(original.presentation?.presented), "\(what): presented controller")
      if let style = original.presentation?.style {
        // `automatic` resolves to a form sheet (iOS 18 SDK and later), whose presentation
        // controller is what the text prints; the dump reads it back as formSheet.
        let expected: ModalPresentationStyle = style == .automatic ? .formSheet : style
        #expect(imported.presentation?.style == expected, "\(what): presentation style")
      }
      #expect(imported.appearance == original.appearance, "\(what): appearance state")
      #expect(imported.isViewLoaded == original.isViewLoaded, "\(what): isViewLoaded")
      #expect(
        dump.isViewInWindow(imported.id) == hierarchy.isViewInWindow(original.id), "\(what): isViewInWindow")
      // A tab bar's selected tab is told by the only child on screen.
      if original.kind == .tabBar, let selected = original.selectedChild, hierarchy[selected]?.appearance == .appeared {
        #expect(imported.selectedChild == mapped(selected), "\(what): the selected tab")
      }
    }

    // The window roots, in window order; a dump names its windows 1, 2, … and cannot tell which is key.
    #expect(
      dump.windows.map(\.rootViewController) == hierarchy.windows.map { mapped($0.rootViewController) },
      "\(name): window roots")
    #expect(dump.windows.map(\.id) == hierarchy.windows.indices.map { "\($0 + 1)" }, "\(name): window names")

    // And the dump prints the same text again: nothing was lost that the text holds.
    #expect(HierarchyText(dump).text == text, "\(name): the imported dump prints the text it was read from")
  }

  // MARK: - Dump → state JSON → hierarchy → state JSON

  /// A dump imported, written as state JSON, read back into a hierarchy and written again gives
  /// the same JSON, with or without the addresses.
  @Test(arguments: allDumps)
  func everyDumpSurvivesTheStateJSON(path: String) throws {
    for keepsPointers in [false, true] {
      let dump = try HierarchyDump(contentsOfFile: path, keepsPointers: keepsPointers)
      let name = URL(fileURLWithPath: path).lastPathComponent + (keepsPointers ? " (pointers kept)" : "")
      let first = StateDocument(steps: [.init(number: 1, action: "import \(name)", hierarchy: dump.hierarchy)])
      let json = first.jsonString()

      let read = try StateDocument(jsonData: Data(json.utf8), path: name)
      let step = try #require(read.steps.first)
      #expect(read.steps.count == 1)
      let rebuilt = try Hierarchy(state: step)
      let second = StateDocument(steps: [.init(number: step.number, action: step.action, hierarchy: rebuilt)])
      #expect(second.jsonString() == json, "\(name): the JSON of the rebuilt hierarchy")

      // The rebuilt hierarchy has the dump's relations, states and view places.
      #expect(rebuilt.order == dump.hierarchy.order, "\(name)")
      #expect(rebuilt.windows == dump.hierarchy.windows, "\(name)")
      for id in dump.hierarchy.order {
        let original = try #require(dump.hierarchy[id])
        let back = try #require(rebuilt[id])
        #expect(back.parent == original.parent && back.children == original.children, "\(name): \(id)")
        #expect(back.presentation?.presented == original.presentation?.presented, "\(name): \(id)")
        #expect(back.presentation?.style == original.presentation?.style, "\(name): \(id)")
        #expect(back.appearance == original.appearance && back.isViewLoaded == original.isViewLoaded, "\(name): \(id)")
        #expect(rebuilt.isViewInWindow(id) == dump.hierarchy.isViewInWindow(id), "\(name): \(id)")
        #expect(back.dumpRecord?.address == original.dumpRecord?.address, "\(name): \(id)")
      }
      // The rebuilt hierarchy draws what the dump drew (a controller the dump lists alone outside
      // any window stays a member through its `dumpLine`), so the diff of the two sees no change.
      #expect(rebuilt.members == dump.hierarchy.members, "\(name)")
      #expect(HierarchyDiff(before: dump.hierarchy, after: rebuilt).summaryText == "no changes\n", "\(name)")
      // The dump's lines and view classes come back (view addresses and mangled class names do not).
      for id in dump.hierarchy.members {
        #expect(rebuilt[id]?.dumpRecord?.line == dump.hierarchy[id]?.dumpRecord?.line, "\(name): \(id)")
        #expect(
          rebuilt[id]?.dumpRecord?.view?.className == dump.hierarchy[id]?.dumpRecord?.view?.className,
          "\(name): \(id)")
      }
    }
  }

  /// Pointers are kept when asked for, and then reach the JSON.
  @Test func theAddressesOfADumpReachTheJSONOnlyWhenKept() throws {
    let path = Self.sampleDumps.appendingPathComponent("settings-after.txt").path
    let stripped = try HierarchyDump(contentsOfFile: path)
    let kept = try HierarchyDump(contentsOfFile: path, keepsPointers: true)
    let strippedJSON = StateDocument(steps: [.init(number: 1, action: "import", hierarchy: stripped.hierarchy)])
      .jsonString()
    let keptJSON = StateDocument(steps: [.init(number: 1, action: "import", hierarchy: kept.hierarchy)]).jsonString()
    #expect(!strippedJSON.contains("0x7b3219e0"))
    #expect(keptJSON.contains("\"address\" : \"0x7b3219e0\""))
    let step = try #require(try StateDocument(jsonData: Data(keptJSON.utf8), path: "kept.json").steps.first)
    #expect(try Hierarchy(state: step)["HomeViewController"]?.dumpRecord?.address == "0x7b3219e0")
  }
}
