import Foundation
import Testing

@testable import VCGraph

/// A map in a navigation controller, with `placeNav` (holding `place`) ready to present; `steps`
/// is appended, indented by two spaces.
private func mapScenario(_ steps: String) -> String {
  """
  sdk: 16
  controllers:
    mapNav: UINavigationController
    map: MapViewController
    placeNav: UINavigationController
    place: PlaceViewController
    photos: PhotosViewController
    alert: UIAlertController
  steps:
    - setViewControllers: [map]
      on: mapNav
    - setRoot: mapNav
    - setViewControllers: [place]
      on: placeNav

  """ + steps
}

private let halfSheet = """
    - present: placeNav
      from: map
      style: pageSheet
      detents: [medium, large]

  """

/// Sheet detents (iOS 15): what a sheet rests at, who stays on screen, and which changes UIKit
/// tells the delegate about.
@Suite("Sheet detents")
struct SheetDetentTests {
  @Test func onlyTheSheetStylesHaveDetents() {
    #expect(ModalPresentationStyle.allCases.filter(\.isSheet) == [.automatic, .pageSheet, .formSheet])
  }

  @Test func aSheetWithDetentsRestsAtTheSmallestUntilOneIsSelected() throws {
    let frame = try #require(try replay(mapScenario(halfSheet)).frames.last)
    let presentation = try #require(frame.hierarchy["mapNav"]?.presentation)
    #expect(presentation.sheetDetents == [.medium, .large])
    #expect(presentation.selectedDetentIdentifier == nil)
    #expect(presentation.selectedDetent == .medium)
    // The map stays on screen under the half-height sheet: it gets no callbacks.
    #expect(frame.events.map(\.description).allSatisfy { $0.hasPrefix("placeNav ") || $0.hasPrefix("place ") })
    #expect(frame.hierarchy["map"]?.appearance == .appeared)
    #expect(frame.hierarchy["mapNav"]?.appearance == .appeared)
  }

  @Test func aSheetWithoutDetentsHasUIKitsDefaultLarge() throws {
    let hierarchy = try finalHierarchy(mapScenario("  - present: placeNav\n    from: map\n"))
    let presentation = try #require(hierarchy["mapNav"]?.presentation)
    #expect(presentation.detents == nil)
    #expect(presentation.sheetDetents == [.large])
    #expect(presentation.selectedDetent == .large)
    #expect(presentation.detentSummary == nil)
    // Not a sheet: no detents at all.
    let full = try finalHierarchy(mapScenario("  - present: placeNav\n    from: map\n    style: fullScreen\n"))
    #expect(full["mapNav"]?.presentation?.sheetDetents == nil)
    #expect(full["mapNav"]?.presentation?.selectedDetent == nil)
  }

  @Test func selectingADetentInCodeMakesNoCallback() throws {
    let replayed = try replay(mapScenario(halfSheet + "  - selectDetent: large\n    on: place\n"))
    let frame = try #require(replayed.frames.last)
    #expect(frame.events.isEmpty)
    #expect(frame.warnings.isEmpty)
    #expect(frame.hierarchy["mapNav"]?.presentation?.selectedDetentIdentifier == .large)
    // At full height the map is still on screen under the sheet.
    #expect(frame.hierarchy["map"]?.appearance == .appeared)
    #expect(frame.hierarchy["place"]?.appearance == .appeared)
  }

  @Test func aUsersDragTellsTheDelegateAfterTheChange() throws {
    let yaml = mapScenario(halfSheet + "  - selectDetent: large\n    on: place\n    interactive: true\n")
    let frame = try #require(try replay(yaml).frames.last)
    #expect(
      frame.events.map(\.description) == ["placeNav sheetPresentationControllerDidChangeSelectedDetentIdentifier(_:)"])
    #expect(frame.hierarchy["mapNav"]?.presentation?.selectedDetent == .large)
    #expect(frame.step.action.summary == "selectDetent large on place by the user")
  }

  @Test func aDragBackToTheDetentItRestsAtChangesNothing() throws {
    let yaml = mapScenario(halfSheet + "  - selectDetent: medium\n    on: place\n    interactive: true\n")
    let frame = try #require(try replay(yaml).frames.last)
    #expect(frame.events.isEmpty)
    #expect(frame.hierarchy["mapNav"]?.presentation?.selectedDetentIdentifier == nil)
  }

  @Test func customDetentsKeepTheirOrder() throws {
    let yaml = mapScenario(
      """
        - present: placeNav
          from: map
          style: formSheet
          detents: [peek, medium, .large]
        - selectDetent: medium
          on: placeNav
      """)
    let replayed = try replay(yaml)
    let presented = try #require(replayed.frame(4)?.hierarchy["mapNav"]?.presentation)
    #expect(presented.sheetDetents == [SheetDetent("peek"), .medium, .large])
    #expect(presented.selectedDetent == SheetDetent("peek"))
    #expect(
      replayed.frames.last?.hierarchy["mapNav"]?.presentation?.detentSummary
        == "detents peek, medium, large · at medium")
  }

  @Test func detentsOnAStyleThatIsNotASheetAreALocatedError() {
    expectError(
      mapScenario("  - present: placeNav\n    from: map\n    style: fullScreen\n    detents: [medium]\n"),
      "test.yaml:18:5: error: step 4 (present placeNav from map): detents apply only to a sheet (style automatic, "
        + "pageSheet or formSheet); style fullScreen has no sheetPresentationController")
    expectError(
      mapScenario("  - present: placeNav\n    from: map\n    style: popover\n    detents: [medium]\n"),
      "test.yaml:18:5: error: step 4 (present placeNav from map): detents apply only to a sheet (style automatic, "
        + "pageSheet or formSheet); style popover has no sheetPresentationController (a popover that adapts to a "
        + "sheet in compact width takes its detents from popoverPresentationController.adaptiveSheetPresentationController, "
        + "which vcgraph does not model)")
    // An alert brings its own presentation, whatever `automatic` means for others.
    expectViolation(
      mapScenario("  - present: alert\n    from: map\n    detents: [medium]\n"),
      "<UIAlertController: alert> is presented with style custom, which has no sheetPresentationController; "
        + "detents apply only to sheets (automatic, pageSheet, formSheet).")
  }

  @Test func badDetentListsAreLocatedErrors() {
    func present(_ detents: String) -> String {
      mapScenario("  - present: placeNav\n    from: map\n    detents: \(detents)\n")
    }
    expectError(
      present("[medium, medium]"),
      "test.yaml:17:23: error: step 4 (present placeNav from map): the detent 'medium' appears more than once in 'detents'"
    )
    expectError(
      present("[large, medium]"),
      "test.yaml:17:22: error: step 4 (present placeNav from map): 'detents' go from the smallest to the largest "
        + "height (Apple's documentation of UISheetPresentationController.detents): medium comes before large")
    expectError(
      present("[]"),
      "test.yaml:17:14: error: step 4 (present placeNav from map): 'detents' must be a list of detents such as "
        + "[medium, large], at least one")
    expectError(
      present("medium"),
      "test.yaml:17:14: error: step 4 (present placeNav from map): 'detents' must be a list of detents such as "
        + "[medium, large], at least one")
    expectError(
      present("[[medium]]"),
      "test.yaml:17:15: error: step 4 (present placeNav from map): an item of 'detents' must be a detent: medium, "
        + "large or a custom identifier")
  }

  @Test func selectingADetentTheSheetDoesNotHaveIsAnError() {
    expectViolation(
      mapScenario(halfSheet + "  - selectDetent: peek\n    on: place\n"),
      "The sheet of <UINavigationController: placeNav> has no detent 'peek'; its detents are [medium, large]. "
        + "selectedDetentIdentifier must name one of them.")
    // A sheet without detents has only large.
    expectViolation(
      mapScenario("  - present: placeNav\n    from: map\n  - selectDetent: medium\n    on: placeNav\n"),
      "The sheet of <UINavigationController: placeNav> has no detent 'medium'; its detents are [large]. "
        + "selectedDetentIdentifier must name one of them.")
  }

  @Test func selectingADetentOutsideASheetIsAnError() {
    let message =
      "<MapViewController: map> is not in a presented sheet; selectDetent changes the selectedDetentIdentifier of "
      + "the sheet (pageSheet, formSheet, automatic) that holds the controller."
    expectViolation(mapScenario("  - selectDetent: large\n    on: map\n"), message)
    expectViolation(
      mapScenario(
        "  - present: placeNav\n    from: map\n    style: overFullScreen\n  - selectDetent: large\n    on: place\n"),
      "<PlaceViewController: place> is not in a presented sheet; selectDetent changes the selectedDetentIdentifier "
        + "of the sheet (pageSheet, formSheet, automatic) that holds the controller.")
  }

  @Test func onlyTheTopmostSheetCanBeDragged() {
    let covered = mapScenario(
      halfSheet
        + "  - present: photos\n    from: place\n  - selectDetent: large\n    on: place\n    interactive: true\n")
    expectViolation(
      covered,
      "The user cannot drag the sheet of <UINavigationController: placeNav>: it presents "
        + "<PhotosViewController: photos>, which covers it.")
    // In code, the sheet underneath can change its detent.
    #expect(scenarioError(covered.replacingOccurrences(of: "    interactive: true\n", with: "")) == nil)
  }

  @Test func aDetentChangeShowsInADiff() throws {
    let replayed = try replay(mapScenario(halfSheet + "  - selectDetent: large\n    on: place\n"))
    let before = try #require(replayed.frame(4)?.hierarchy)
    let after = try #require(replayed.frames.last?.hierarchy)
    #expect(HierarchyDiff.changes(of: "placeNav", from: before, to: after) == ["detent medium → large"])
    #expect(HierarchyDiff.changes(of: "place", from: before, to: after) == [])
  }

  @Test func theStateJSONCarriesTheDetentsAndReadsBack() throws {
    let replayed = try replay(mapScenario(halfSheet + "  - selectDetent: large\n    on: place\n"))
    let document = StateDocument(frames: replayed.frames)
    let json = document.jsonString()
    let decoded = try JSONDecoder().decode(StateDocument.self, from: Data(json.utf8))
    let halfStep = try #require(decoded.steps.first { $0.number == 4 })
    let placeNav = try #require(halfStep.viewControllers.first { $0.id == "placeNav" })
    #expect(placeNav.sheetDetents == ["medium", "large"])
    #expect(placeNav.selectedDetent == "medium")
    let map = try #require(halfStep.viewControllers.first { $0.id == "map" })
    #expect(map.sheetDetents == nil && map.selectedDetent == nil)
    for (step, frame) in zip(decoded.steps, replayed.frames) {
      let rebuilt = try Hierarchy(state: step)
      #expect(rebuilt["mapNav"]?.presentation?.sheetDetents == frame.hierarchy["mapNav"]?.presentation?.sheetDetents)
      #expect(
        rebuilt["mapNav"]?.presentation?.selectedDetent == frame.hierarchy["mapNav"]?.presentation?.selectedDetent)
      let again = StateDocument.StepState(number: step.number, action: step.action, hierarchy: rebuilt)
      #expect(JSONText.encode(again) == JSONText.encode(step))
    }
  }

  @Test func stateJSONWithDetentsWhereNoneCanBeIsRefused() throws {
    let replayed = try replay(mapScenario(halfSheet))
    var step = try #require(StateDocument(frames: replayed.frames).steps.last)
    let index = try #require(step.viewControllers.firstIndex { $0.id == "placeNav" })
    step.viewControllers[index].selectedDetent = "peek"
    #expect(throws: StateDocumentError.self) { try Hierarchy(state: step) }
    do {
      _ = try Hierarchy(state: step)
    } catch {
      #expect(
        error.problem
          == .invalidField(
            controller: "placeNav", field: "selectedDetent",
            reason: "is 'peek', which is not one of its sheetDetents [\"medium\", \"large\"]"))
    }
    step.viewControllers[index].selectedDetent = nil
    let map = try #require(step.viewControllers.firstIndex { $0.id == "map" })
    step.viewControllers[map].sheetDetents = ["large"]
    #expect(throws: StateDocumentError.self) { try Hierarchy(state: step) }
  }

  @Test func theOutlineAndTheDiagramTextShowTheDetents() throws {
    let hierarchy = try finalHierarchy(mapScenario(halfSheet))
    #expect(
      HierarchyOutline(hierarchy).text.contains(
        "presents (pageSheet · detents medium, large · at medium)  placeNav  UINavigationController  appeared"))
    #expect(MermaidFlowchart(hierarchy).text.contains("detents medium, large · at medium"))
  }
}
