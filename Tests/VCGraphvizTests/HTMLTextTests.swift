import Testing

@testable import VCGraphviz

/// How the diagram breaks long text into lines.
@Suite("HTMLText: lines")
struct HTMLTextTests {
  @Test func wordsWrapAtSpaces() {
    #expect(
      HTMLText.lines("tab 0 · selected and more words", width: 12, maxLines: 8) == [
        "tab 0 ·", "selected and", "more words",
      ])
  }

  /// A class name too long for a line breaks where it still reads as names: before its generic
  /// arguments, else after a dot.
  @Test func longClassNamesBreakBeforeGenericArgumentsOrAfterADot() {
    #expect(
      HTMLText.lines("SwiftUI.UIHostingController<Mail.SettingsView>", width: 40, maxLines: 8) == [
        "SwiftUI.UIHostingController", "<Mail.SettingsView>",
      ])
    #expect(
      HTMLText.lines("MyApplicationModule.AVeryLongViewControllerName", width: 40, maxLines: 8) == [
        "MyApplicationModule.", "AVeryLongViewControllerName",
      ])
  }

  /// A word with no such place is cut at the width, and a huge one stops after `maxLines`.
  @Test func aWordWithoutBreakPointsIsCut() {
    #expect(
      HTMLText.lines(String(repeating: "x", count: 25), width: 10, maxLines: 8) == [
        "xxxxxxxxxx", "xxxxxxxxxx", "xxxxx",
      ])
    let huge = HTMLText.lines(String(repeating: "y", count: 100_000), width: 40, maxLines: 3)
    #expect(huge.count == 3)
    #expect(huge.last == "… (100000 characters in all)")
  }
}
