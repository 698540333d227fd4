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

  /// The names users reported, cut inside a word before, now break at a camel-case hump.
  @Test func reportedNamesBreakAtAHump() {
    #expect(
      HTMLText.lines("PhotoLibraryCropAndRotateEditorViewController", width: 40, maxLines: 8) == [
        "PhotoLibraryCropAndRotateEditorView", "Controller",
      ])
    #expect(
      HTMLText.lines("PhotoLibraryCropAndRotateEditorViewController", width: 22, maxLines: 8) == [
        "PhotoLibraryCropAnd", "RotateEditorView", "Controller",
      ])
    #expect(
      HTMLText.lines("SWRevealViewControllerSeguePushController", width: 40, maxLines: 8) == [
        "SWRevealViewControllerSeguePush", "Controller",
      ])
    #expect(
      HTMLText.lines("IBAnimatable.AnimatableModalViewController", width: 40, maxLines: 8) == [
        "IBAnimatable.AnimatableModalView", "Controller",
      ])
  }

  /// Lines are filled with as many humps as fit; a word that fits on a line is never split, even
  /// when it does not fit after the words before it.
  @Test func camelHumpsFillLinesGreedily() {
    #expect(HTMLText.lines("MasterDetailViewController", width: 16, maxLines: 8) == ["MasterDetailView", "Controller"])
    #expect(HTMLText.lines("MasterDetailViewController", width: 15, maxLines: 8) == ["MasterDetail", "ViewController"])
    #expect(HTMLText.lines("a UINavigationController", width: 23, maxLines: 8) == ["a", "UINavigationController"])
    #expect(HTMLText.lines("UINavigationController", width: 22, maxLines: 8) == ["UINavigationController"])
    // A word longer than the line starts on the current line when its first pieces fit there.
    #expect(
      HTMLText.lines("presented PhotoLibraryCropAndRotateEditorViewController", width: 24, maxLines: 8) == [
        "presented PhotoLibrary", "CropAndRotateEditorView", "Controller",
      ])
  }

  /// An acronym stays whole; it ends before the capital that starts the next word.
  @Test func acronymsEndBeforeTheNextWord() {
    #expect(HTMLText.lines("UINavigationController", width: 16, maxLines: 8) == ["UINavigation", "Controller"])
    #expect(HTMLText.lines("UINavigationController", width: 10, maxLines: 8) == ["UI", "Navigation", "Controller"])
    #expect(HTMLText.lines("URLSessionWebSocketTask", width: 12, maxLines: 8) == ["URLSession", "WebSocket", "Task"])
    #expect(HTMLText.lines("HTTPURLResponseViewer", width: 12, maxLines: 8) == ["HTTPURL", "Response", "Viewer"])
    // After a module's dot, the acronym goes to the next line with the word it starts.
    #expect(
      HTMLText.lines("CarPlay.CPTemplateApplicationSceneViewController", width: 16, maxLines: 8) == [
        "CarPlay.", "CPTemplate", "ApplicationScene", "ViewController",
      ])
    #expect(
      HTMLText.lines("SwiftUI.UIHostingController<Mail.SettingsView>", width: 16, maxLines: 3) == [
        "SwiftUI.", "UIHosting", "… (46 characters in all)",
      ])
    #expect(HTMLText.isWordBoundary(after: "L", at: "S", before: "e"))
    #expect(!HTMLText.isWordBoundary(after: "U", at: "R", before: "L"))
    #expect(!HTMLText.isWordBoundary(after: "L", at: "S", before: nil))
    #expect(HTMLText.isWordBoundary(after: "o", at: "L", before: "i"))
    #expect(!HTMLText.isWordBoundary(after: "L", at: "i", before: "b"))
  }

  /// A name breaks after its module's dot, and its generic arguments go to the next line together
  /// when they fit on one.
  @Test func moduleDotsAndGenericArguments() {
    #expect(
      HTMLText.lines("Mail.ConversationViewController", width: 16, maxLines: 8) == [
        "Mail.", "ConversationView", "Controller",
      ])
    #expect(
      HTMLText.lines("SwiftUI.UIHostingController<Mail.SettingsView>", width: 40, maxLines: 8) == [
        "SwiftUI.UIHostingController", "<Mail.SettingsView>",
      ])
    #expect(
      HTMLText.lines("SwiftUI.UIHostingController<Mail.SettingsView>", width: 24, maxLines: 8) == [
        "SwiftUI.UIHosting", "Controller", "<Mail.SettingsView>",
      ])
    #expect(
      HTMLText.lines("MyApplicationModule.AVeryLongViewControllerName", width: 40, maxLines: 8) == [
        "MyApplicationModule.AVeryLongView", "ControllerName",
      ])
    // Nested arguments too long for a line break inside, the innermost group kept together.
    #expect(
      HTMLText.lines("UIHostingController<ModifiedContent<AnyView,RootModifier>>", width: 24, maxLines: 8) == [
        "UIHostingController", "<ModifiedContent", "<AnyView,RootModifier>>",
      ])
    #expect(
      HTMLText.lines("transitionFrom(from:to:duration:)", width: 20, maxLines: 8) == [
        "transitionFrom", "(from:to:duration:)",
      ])
  }

  /// A name breaks after underscores, commas, slashes, hyphens and colons, never between two of them.
  @Test func underscoresAndOtherPunctuation() {
    #expect(
      HTMLText.lines("my_long_snake_case_controller_name", width: 16, maxLines: 8) == [
        "my_long_snake_", "case_controller_", "name",
      ])
    #expect(
      HTMLText.lines("Feature__DebugMenuController", width: 10, maxLines: 8) == [
        "Feature__", "DebugMenu", "Controller",
      ])
    #expect(
      HTMLText.lines("settings/notifications-list", width: 16, maxLines: 8) == ["settings/", "notifications-", "list"])
  }

  /// Digits stay with the letters before them; a capital after them starts a new word.
  @Test func digitsStayWithTheWordBeforeThem() {
    #expect(HTMLText.lines("Level16ViewController", width: 10, maxLines: 8) == ["Level16", "View", "Controller"])
    #expect(
      HTMLText.lines("OAuth2SignInViewController", width: 12, maxLines: 8) == ["OAuth2SignIn", "View", "Controller"])
    #expect(!HTMLText.isWordBoundary(after: "l", at: "1", before: "6"))
    #expect(HTMLText.isWordBoundary(after: "6", at: "V", before: "i"))
    #expect(!HTMLText.isWordBoundary(after: "6", at: "t", before: "h"))
  }

  /// A piece with no boundary inside, too long for a line, keeps its start and its end around an
  /// ellipsis, exactly `width` characters.
  @Test func aSingleLongWordIsShortenedInTheMiddle() {
    #expect(HTMLText.lines("Supercalifragilisticexpialidocious", width: 16, maxLines: 8) == ["Supercal…docious"])
    #expect(HTMLText.lines("Supercalifragilisticexpialidocious", width: 15, maxLines: 8) == ["Superca…docious"])
    #expect(
      HTMLText.lines("SupercalifragilisticexpialidociousViewController", width: 16, maxLines: 8) == [
        "Supercal…docious", "ViewController",
      ])
    #expect(
      HTMLText.lines("ABCDEFGHIJKLMNOPQRSTUVWXYZViewController", width: 16, maxLines: 8) == [
        "ABCDEFGH…TUVWXYZ", "ViewController",
      ])
    #expect(
      HTMLText.lines("ABCDEFGHIJKLMNOPQRSTUVWXYZViewController", width: 40, maxLines: 8) == [
        "ABCDEFGHIJKLMNOPQRSTUVWXYZViewController"
      ])
    #expect(HTMLText.lines("Supercalifragilistic", width: 2, maxLines: 8) == ["S…"])
    #expect(HTMLText.lines("Supercalifragilistic", width: 1, maxLines: 8) == ["…"])
    let mangled = "$s" + String(repeating: "q", count: 148) + String(repeating: "z", count: 150)
    #expect(
      HTMLText.lines(mangled, width: 22, maxLines: 3) == [
        "$s" + String(repeating: "q", count: 9) + "…" + String(repeating: "z", count: 10)
      ])
  }

  /// Scripts without case have no humps: a long run of them is shortened, whole characters kept;
  /// letters with case outside ASCII have humps.
  @Test func textWithoutCaseHasNoHumps() {
    #expect(HTMLText.lines("設定画面のビューコントローラ", width: 10, maxLines: 8) == ["設定画面の…トローラ"])
    #expect(HTMLText.lines("設定 画面のビューコントローラ", width: 14, maxLines: 8) == ["設定", "画面のビューコントローラ"])
    #expect(
      HTMLText.lines("ÉcranPrincipalViewController", width: 16, maxLines: 8) == ["ÉcranPrincipal", "ViewController"])
    #expect(HTMLText.lines("ГлавныйЭкранКонтроллер", width: 12, maxLines: 8) == ["ГлавныйЭкран", "Контроллер"])
  }

  /// An emoji is one character, never split, whatever its scalars.
  @Test func emojiAreNeverSplit() {
    #expect(HTMLText.lines("👨‍👩‍👧‍👦FamilyViewController", width: 12, maxLines: 8) == ["👨‍👩‍👧‍👦FamilyView", "Controller"])
    let flags = String(repeating: "🇯🇵", count: 10) + String(repeating: "👍🏽", count: 10)
    let lines = HTMLText.lines(flags, width: 9, maxLines: 8)
    #expect(lines == [String(repeating: "🇯🇵", count: 4) + "…" + String(repeating: "👍🏽", count: 4)])
    #expect(lines.first?.unicodeScalars.count == 8 + 1 + 8)
  }

  /// A name that needs exactly `maxLines` lines shows them all; one that needs more keeps
  /// `maxLines − 1` and says how long it was.
  @Test func maxLines() {
    let name = "PhotoLibraryCropAndRotateEditorViewController"
    #expect(HTMLText.lines(name, width: 22, maxLines: 3) == ["PhotoLibraryCropAnd", "RotateEditorView", "Controller"])
    #expect(HTMLText.lines(name, width: 22, maxLines: 2) == ["PhotoLibraryCropAnd", "… (45 characters in all)"])
    #expect(HTMLText.lines(name, width: 22, maxLines: 1) == ["… (45 characters in all)"])
  }

  /// A huge word costs no more than the lines drawn from it and one or two reads of it.
  @Test func hugeWords() {
    let single = HTMLText.lines(String(repeating: "y", count: 1_000_000), width: 40, maxLines: 3)
    #expect(single == [String(repeating: "y", count: 20) + "…" + String(repeating: "y", count: 19)])
    let humps = HTMLText.lines(String(repeating: "Ab", count: 500_000), width: 40, maxLines: 3)
    #expect(
      humps == [
        String(repeating: "Ab", count: 20), String(repeating: "Ab", count: 20), "… (1000000 characters in all)",
      ])
    let brackets = HTMLText.lines(String(repeating: "<a", count: 500_000), width: 40, maxLines: 3)
    #expect(brackets.count == 3)
    #expect(brackets.last == "… (1000000 characters in all)")
  }

  /// Names as apps and UIKit have them, each at three widths: every line break falls on a word
  /// boundary, and nothing is lost but the middle of a piece too long for a line.
  @Test(arguments: realisticNames, [16, 24, 40])
  func realisticNamesBreakOnWordBoundaries(name: String, width: Int) {
    for maxLines in [3, 8] {
      let lines = HTMLText.lines(name, width: width, maxLines: maxLines)
      #expect(wordBreakProblems(of: name, drawnAs: lines, width: width) == [], "\(lines)")
      #expect(lines.allSatisfy { $0.count <= width || $0.hasSuffix(" characters in all)") }, "\(lines)")
    }
  }
}

/// UIKit's controllers and app-like ones, some long, mangled or with generic arguments.
let realisticNames = [
  "UINavigationController", "UITabBarController", "UISplitViewController", "UIPageViewController",
  "UIInputWindowController", "UIEditingOverlayViewController", "UICompatibilityInputViewController",
  "UISystemKeyboardDockController", "UIPredictionViewController", "UIActivityViewController",
  "UIDocumentBrowserViewController", "UIImagePickerController", "UIReferenceLibraryViewController",
  "UIAlertController", "UIDocumentPickerViewController", "UIColorPickerViewController",
  "_UIAlertControllerTextFieldViewController", "UIKeyboardCandidateGridCollectionViewController",
  "SFSafariViewController", "AVPlayerViewController", "MFMailComposeViewController", "PHPickerViewController",
  "CNContactPickerViewController", "QLPreviewController",
  "PhotoLibraryCropAndRotateEditorViewController", "SWRevealViewControllerSeguePushController",
  "IBAnimatable.AnimatableModalViewController", "SwiftUI.UIHostingController<MyApp.LibraryView>",
  "_TtGC7SwiftUI19UIHostingControllerV4Mail12SettingsView_", "ABCDEFGHIJKLMNOPQRSTUVWXYZViewController",
  "SwiftUI.UIHostingController<SwiftUI.ModifiedContent<SwiftUI.AnyView, SwiftUI.RootModifier>>",
  "MyApp.OnboardingPageViewController", "Level16ViewController", "OAuth2SignInViewController",
  "Checkout.PaymentMethodSelectionViewController", "Settings.NotificationPreferencesTableViewController",
  "HTTPURLResponseInspectorViewController", "FeatureFlags_DebugMenu_ViewController",
  "CarPlay.CPTemplateApplicationSceneViewController", "ÉcranPrincipalViewController", "設定画面のビューコントローラ",
  "Supercalifragilisticexpialidocious",
]

/// The helper other tests use to check names read back from a picture.
@Suite("wordBreakProblems")
struct NameBreaksTests {
  @Test func flagsABreakInsideAWord() {
    let problems = wordBreakProblems(
      of: "PhotoLibraryCropAndRotateEditorViewController",
      drawnAs: ["PhotoLibraryCropAndRotateEditorViewContr", "oller"],
      width: 40)
    #expect(problems.count == 1)
    #expect(problems.first?.contains("inside a word") == true)
    #expect(
      !wordBreakProblems(
        of: "IBAnimatable.AnimatableModalViewController", drawnAs: ["IBAnimatable.AnimatableModalViewControll", "er"],
        width: 40
      )
      .isEmpty)
  }

  @Test func acceptsTheNewOutput() {
    for name in ["PhotoLibraryCropAndRotateEditorViewController", "SWRevealViewControllerSeguePushController"] {
      let lines = HTMLText.lines(name, width: 40, maxLines: 8)
      #expect(lines.count == 2)
      #expect(wordBreakProblems(of: name, drawnAs: lines, width: 40) == [])
    }
    #expect(wordBreakProblems(of: "SWRevealViewController", drawnAs: ["SWReveal", "ViewController"], width: 16) == [])
    #expect(wordBreakProblems(of: "a  b\tSWReveal", drawnAs: ["a b", "SWReveal"], width: 16) == [])
  }

  @Test func flagsABadEllipsis() {
    let fits = wordBreakProblems(of: "Supercalifragilistic", drawnAs: ["Super…listic"], width: 24)
    #expect(fits.count == 1)
    #expect(fits.first?.contains("would have fit") == true)
    let acrossHumps = wordBreakProblems(
      of: "PhotoLibraryCropAndRotateEditorViewController", drawnAs: ["PhotoLib…roller"], width: 16)
    #expect(acrossHumps.count == 1)
    #expect(acrossHumps.first?.contains("hides a word boundary") == true)
    #expect(wordBreakProblems(of: "Supercalifragilistic", drawnAs: ["Super…listi"], width: 12).count == 1)
    #expect(wordBreakProblems(of: "Supercalifragilistic", drawnAs: ["Super…listic"], width: 12) == [])
  }

  @Test func flagsLostOrAddedCharacters() {
    #expect(
      wordBreakProblems(of: "SWRevealViewController", drawnAs: ["SWRevealView", "Controll"], width: 16).count == 1)
    #expect(wordBreakProblems(of: "SWRevealViewController", drawnAs: ["SWRevealView"], width: 16).count == 1)
    #expect(
      wordBreakProblems(of: "SWRevealViewController", drawnAs: ["SWRevealView", "Controllers"], width: 16).count == 1)
    #expect(wordBreakProblems(of: "SWRevealViewController", drawnAs: ["SWRevealViewController"], width: 16).count == 1)
    #expect(wordBreakProblems(of: "SWRevealView Controller", drawnAs: ["SWRevealViewController"], width: 30).count == 1)
  }

  @Test func readsTheLastLineOfATextTooLong() {
    let name = "PhotoLibraryCropAndRotateEditorViewController"
    #expect(wordBreakProblems(of: name, drawnAs: HTMLText.lines(name, width: 22, maxLines: 2), width: 22) == [])
    #expect(
      wordBreakProblems(of: name, drawnAs: ["PhotoLibraryCropAnd", "… (44 characters in all)"], width: 22).count == 1)
    #expect(
      wordBreakProblems(of: name, drawnAs: ["PhotoLibraryCropAndRota", "… (45 characters in all)"], width: 22).count
        == 2)
  }

  /// Text read from an SVG may or may not have its entities decoded; escaped backslashes carry a guard.
  @Test func readsTextAsAnSVGHasIt() {
    let name = "SwiftUI.UIHostingController<Mail.SettingsView>"
    #expect(
      wordBreakProblems(of: name, drawnAs: ["SwiftUI.UIHostingController", "&lt;Mail.SettingsView&gt;"], width: 40)
        == [])
    #expect(
      wordBreakProblems(of: name, drawnAs: ["SwiftUI.UIHostingController", "<Mail.SettingsView>"], width: 40) == [])
    #expect(wordBreakProblems(of: "my-list&more", drawnAs: ["my&#45;list&amp;more"], width: 40) == [])
    #expect(wordBreakProblems(of: "A &amp; B", drawnAs: ["A &amp; B"], width: 40) == [])
    #expect(wordBreakProblems(of: #"C:\Temp"#, drawnAs: [HTMLText.escape(#"C:\Temp"#)], width: 40) == [])
    #expect(wordBreakProblems(of: "bell\u{7}", drawnAs: ["bell\u{FFFD}"], width: 40) == [])
  }

  /// The helper accepts whatever `HTMLText.lines` draws, for text of every kind.
  @Test func acceptsTheOutputOfLinesForAnyText() {
    let alphabet: [Character] = Array("aAbBzZ09_.,/-:<>()[] 漢字ÉéЖж👍🏽🇯🇵\t\u{1}\\&") + ["e\u{301}"]
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func random(_ bound: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(bound))
    }
    for _ in 0..<2_000 {
      let text = String((0..<random(60)).map { _ in alphabet[random(alphabet.count)] })
      let width = 1 + random(30)
      let lines = HTMLText.lines(text, width: width, maxLines: 1 + random(6))
      #expect(
        wordBreakProblems(of: text, drawnAs: lines, width: width) == [], "\(text.debugDescription) \(width) \(lines)")
    }
  }
}
