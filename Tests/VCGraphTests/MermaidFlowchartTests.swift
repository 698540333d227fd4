import Foundation
import Testing

@testable import VCGraph

@Suite("Mermaid flowchart export")
struct MermaidFlowchartTests {
  @Test func aNavigationStackWithAFullScreenPresentation() throws {
    let hierarchy = try #require(try replayedSample("login-flow").frame(3)).hierarchy
    #expect(
      MermaidFlowchart(hierarchy).text == """
        flowchart TD
          subgraph window1["UIWindow · main"]
            w1["UIWindow<br/>main · key window"]
            vc1["NAVIGATION<br/>UINavigationController<br/>nav<br/>off screen · disappeared"]
            vc2["CONTENT<br/>HomeViewController<br/>home · “Home”<br/>off screen · disappeared"]
            vc3["CONTENT<br/>LoginViewController<br/>login<br/>on screen · appeared"]
          end
          w1 ==>|"root"| vc1
          vc1 -->|"stack[0] · top"| vc2
          vc1 -.->|"presents · fullScreen<br/>called on home"| vc3
          classDef keyWindow fill:#1C1C1E,stroke:#1C1C1E,color:#FFFFFF
          classDef window fill:#636366,stroke:#636366,color:#FFFFFF
          classDef onScreen fill:#FFFFFF,stroke:#34C759,stroke-width:2px,color:#1C1C1E
          classDef offScreen fill:#F2F2F7,stroke:#AEAEB2,stroke-width:1px,color:#6E6E73
          classDef notLoaded fill:#FFFFFF,stroke:#C7C7CC,stroke-width:1px,stroke-dasharray:4 3,color:#8E8E93
          class w1 keyWindow
          class vc3 onScreen
          class vc1,vc2 offScreen
          linkStyle 0 stroke:#1C1C1E,stroke-width:2.2px
          linkStyle 1 stroke:#3A3A3C,stroke-width:1.6px
          linkStyle 2 stroke:#AF52DE,stroke-width:1.8px

        """)
    #expect(MermaidGrammar(MermaidFlowchart(hierarchy).text).isValid)
  }

  @Test func windowsControllersOutsideThemAndEdgeStylesAreNumberedInOrder() throws {
    let hierarchy = try finalHierarchy(
      """
      controllers:
        tabs: UITabBarController
        feed: FeedViewController
        profile: ProfileViewController
        toast: ToastViewController
        pages: UIPageViewController
        intro: IntroViewController
      steps:
        - setTabs: [feed, profile]
          on: tabs
        - setRoot: tabs
        - setRoot: toast
          window: overlay
        - setTraits: { horizontalSizeClass: compact }
          window: overlay
        - setPage: intro
          on: pages
      """)
    let grammar = MermaidGrammar(MermaidFlowchart(hierarchy).text)
    #expect(grammar.problems == [])
    let chart = grammar.chart
    #expect(chart.subgraphs.map(\.id) == ["window1", "window2", "detached"])
    #expect(chart.subgraphs.map(\.title) == ["UIWindow · main", "UIWindow · overlay", "Not in a window"])
    #expect(chart.nodes.map(\.id) == ["w1", "vc1", "vc2", "vc3", "w2", "vc4", "vc5", "vc6"])
    #expect(chart.label(of: "w2") == "UIWindow<br/>overlay · compact width")
    #expect(chart.label(of: "vc3") == "CONTENT<br/>ProfileViewController<br/>profile<br/>view not loaded")
    #expect(
      chart.edges == [
        .init(tail: "w1", arrow: "==>", head: "vc1", label: "root"),
        .init(tail: "w2", arrow: "==>", head: "vc4", label: "root"),
        .init(tail: "vc1", arrow: "-->", head: "vc2", label: "tab 0 · selected"),
        .init(tail: "vc1", arrow: "-->", head: "vc3", label: "tab 1"),
        .init(tail: "vc5", arrow: "-->", head: "vc6", label: "page 0"),
      ])
    #expect(chart.linkStyles.map(\.indices) == [[0, 1], [2, 4], [3]])
    #expect(chart.linkStyles.map(\.style).last == "stroke:#8E8E93,stroke-width:1.1px")
    let classes = Dictionary(uniqueKeysWithValues: chart.classAssignments.map { ($0.className, $0.nodes) })
    #expect(
      classes == [
        "keyWindow": ["w1"], "window": ["w2"], "onScreen": ["vc1", "vc2", "vc4"], "notLoaded": ["vc3", "vc5", "vc6"],
      ])
  }

  @Test func presentationsShowTheirStyleOrThatItIsUnknown() {
    var hierarchy = Hierarchy(viewControllers: [
      ViewController(id: "root", className: "RootViewController"),
      ViewController(id: "sheet", className: "SheetViewController"),
      ViewController(id: "alert", className: "UIAlertController"),
    ])
    hierarchy.addWindow(Window(id: "main", isKey: true, rootViewController: "root"))
    hierarchy.attachPresentation("sheet", on: "root", style: .automatic)
    hierarchy.attachPresentation("alert", on: "sheet", style: nil)
    for id in ["root", "sheet", "alert"] {
      hierarchy.setState(
        of: id, appearance: .appeared, isViewLoaded: true,
        dumpRecord: DumpRecord(
          line: 1, printedClassName: id, view: .init(className: "UIView", isInWindow: id != "sheet")))
    }
    let chart = MermaidGrammar(MermaidFlowchart(hierarchy).text).chart
    #expect(chart.edges.map(\.label) == ["root", "presents · automatic → formSheet", "presents · style unknown"])
    #expect(chart.edges.map(\.arrow) == ["==>", "-.->", "-.->"])
    #expect(chart.label(of: "vc2")?.hasSuffix("<br/>on screen · appeared · not in the window") == true)
    #expect(chart.label(of: "vc3")?.hasSuffix("<br/>on screen · appeared") == true)
  }

  @Test func aSplitViewSaysWhetherItIsCollapsed() throws {
    let replay = try replayedSample("split-view-adaptive")
    let collapsed = MermaidGrammar(MermaidFlowchart(try #require(replay.frame(4)).hierarchy).text).chart
    let expanded = MermaidGrammar(MermaidFlowchart(try #require(replay.frame(3)).hierarchy).text).chart
    #expect(collapsed.label(of: "vc1")?.hasPrefix("SPLIT VIEW · COLLAPSED<br/>UISplitViewController") == true)
    #expect(expanded.label(of: "vc1")?.hasPrefix("SPLIT VIEW · EXPANDED<br/>UISplitViewController") == true)
  }

  @Test(arguments: GoldenStateTests.sampleStems)
  func everyStepOfEverySampleIsAValidChart(stem: String) throws {
    for frame in try replayedSample(stem).frames {
      let text = MermaidFlowchart(frame.hierarchy).text
      let grammar = MermaidGrammar(text)
      #expect(grammar.problems == [], "step \(frame.step.number):\n\(text)")
      let drawn = frame.hierarchy.viewControllers.filter { frame.hierarchy.isAttached($0.id) }
      #expect(grammar.chart.nodes.count == drawn.count + frame.hierarchy.windows.count)
    }
  }

  static let hostileTexts = [
    #"Say "hi""#, "<script>alert(1)</script>", "[]{}()|#;&", "`code`", "```", "two\nlines", "tab\there",
    "emoji 🦊👩‍👩‍👧", "end", "%%{init: {\"theme\": \"dark\"}}%%", "direction LR", "style:#abc;", "#quot;", "&lt;",
    "a -->|\"x\"| b", "C# & F#; 100%", "\"", "",
  ]

  @Test(arguments: hostileTexts)
  func hostileNamesAndTitlesCannotBreakTheChartAndKeepTheirText(text: String) throws {
    var hierarchy = Hierarchy(viewControllers: [
      ViewController(id: text, className: "UINavigationController", title: text),
      ViewController(id: "child", className: "UIHostingController<\(text)>", kind: .content, title: text),
      ViewController(id: "presented", className: text.isEmpty ? "X" : text, kind: .content),
    ])
    hierarchy.addWindow(Window(id: text, isKey: true, rootViewController: text))
    hierarchy.attachChild("child", to: text)
    hierarchy.attachPresentation("presented", on: text, style: nil)
    hierarchy.setState(of: text, appearance: .appeared, isViewLoaded: true)
    let chartText = MermaidFlowchart(hierarchy).text
    let grammar = MermaidGrammar(chartText)
    #expect(grammar.problems == [], "\(chartText)")
    let shown = text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ")
    let labels = grammar.chart.nodes.map { MermaidGrammar.unescape($0.label) }
    let childIdentity = shown.isEmpty ? "child" : "child · “\(shown)”"
    #expect(labels.contains { $0.contains("\nUIHostingController<\(shown)>\n\(childIdentity)\n") })
    #expect(
      labels.contains { $0.hasPrefix("NAVIGATION\nUINavigationController\n\(shown) · “\(shown)”\n") || shown.isEmpty })
    #expect(labels.contains("UIWindow\n\(shown) · key window"))
    #expect(grammar.chart.subgraphs.map { MermaidGrammar.unescape($0.title) }.first == "UIWindow · \(shown)")
    #expect(grammar.chart.nodes.allSatisfy { MermaidGrammar.idProblem($0.id) == nil })
  }

  @Test func escapingUsesMermaidsEntityCodes() {
    #expect(MermaidFlowchart.escape(#"A<"B">&#;|`%:"#) == "A#lt;#quot;B#quot;#gt;#amp;#35;#59;#124;#96;#37;#58;")
    #expect(MermaidFlowchart.escape("line\nbreak\r\n") == "line break ")
    #expect(MermaidFlowchart.escape("set direction TB") == "set d#105;rection TB")
    #expect(MermaidFlowchart.escape("🦊 · “x”") == "🦊 · “x”")
  }

  static let brokenCharts: [(String, String)] = [
    ("graph", "flowchart XY\n  a[\"A\"]\n"),
    ("raw quote", "flowchart TD\n  a[\"say \"hi\"\"]\n"),
    ("unquoted label", "flowchart TD\n  a[A]\n"),
    ("empty label", "flowchart TD\n  a[\"\"]\n"),
    ("raw angle bracket", "flowchart TD\n  a[\"UIHostingController<View>\"]\n"),
    ("raw pipe", "flowchart TD\n  a[\"A\"]\n  b[\"B\"]\n  a -->|\"x|y\"| b\n"),
    ("hash without entity", "flowchart TD\n  a[\"C# code\"]\n"),
    ("unknown entity", "flowchart TD\n  a[\"#bogus;\"]\n"),
    ("subgraph not ended", "flowchart TD\n  subgraph s[\"S\"]\n    a[\"A\"]\n"),
    ("end without subgraph", "flowchart TD\n  a[\"A\"]\n  end\n"),
    ("keyword id", "flowchart TD\n  end[\"A\"]\n"),
    ("id with punctuation", "flowchart TD\n  a-b[\"A\"]\n"),
    ("undeclared node", "flowchart TD\n  a[\"A\"]\n  a -->|\"x\"| b\n"),
    ("linkStyle out of range", "flowchart TD\n  a[\"A\"]\n  b[\"B\"]\n  a -->|\"x\"| b\n  linkStyle 1 stroke:#000\n"),
    ("undefined class", "flowchart TD\n  a[\"A\"]\n  class a onScreen\n"),
    ("class of unknown node", "flowchart TD\n  a[\"A\"]\n  classDef c fill:#fff\n  class b c\n"),
    ("direction in a label", "flowchart TD\n  a[\"direction LR\"]\n"),
    ("duplicate node", "flowchart TD\n  a[\"A\"]\n  a[\"B\"]\n"),
    ("unknown statement", "flowchart TD\n  a((\"A\"))\n"),
    ("line break in label", "flowchart TD\n  a[\"A\nB\"]\n"),
  ]

  @Test(arguments: brokenCharts)
  func theCheckerRejectsBrokenCharts(name: String, chart: String) {
    #expect(!MermaidGrammar(chart).isValid, "\(name) passed")
  }

  @Test func theCheckerAcceptsAHandWrittenChartOfTheSubset() {
    let chart = """
      flowchart TD
        subgraph outer["Outer #quot;x#quot;"]
          subgraph inner["Inner"]
            a["A<br/>#35;1"]
          end
          b["B"]
        end
        a ==>|"root"| b
        b -.->|"presents · sheet"| a
        classDef c fill:#fff,stroke-dasharray:4 3
        class a,b c
        linkStyle 0,1 stroke:#000,stroke-width:2px

      """
    let grammar = MermaidGrammar(chart)
    #expect(grammar.problems == [])
    #expect(grammar.chart.nodes.map(\.id) == ["a", "b"])
    #expect(MermaidGrammar.unescape(grammar.chart.label(of: "a") ?? "") == "A\n#1")
    #expect(MermaidGrammar.unescape(grammar.chart.subgraphs[0].title) == #"Outer "x""#)
  }
}
