import Foundation
import Testing

/// `vcgraph map` end to end, through the built binary, on the sample app.
@Suite struct MapCommandTests {
  @Test func jsonOnStandardOutputAndFilesThroughStaging() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let printed = try folder.vcgraph("map", "samples/app/Trips", "--format", "json", "-o", "-")
      #expect(printed.status == 0, "\(printed)")
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(printed.standardOutput.utf8)) as? [String: Any])
      #expect(object["version"] as? Int == 1)
      let transitions = try #require(object["transitions"] as? [[String: Any]])
      #expect(
        transitions.contains {
          $0["to"] as? String == "PhotoViewerViewController" && $0["style"] as? String == "fullScreen"
        })
      #expect(printed.standardError.contains("controllers ·"))

      let written = try folder.vcgraph("map", "samples/app/Trips", "--format", "json,mermaid,text", "-o", "out")
      #expect(written.status == 0, "\(written)")
      #expect(folder.contents(of: "out") == ["Trips.json", "Trips.mmd", "Trips.txt"])
    }
  }

  @Test func drawnInSVGWithLinksAndPrintedAsDOT() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let drawn = try folder.vcgraph(
        "map", "samples/app/Trips", "--format", "svg", "-o", "out", "--fold", "none",
        "--source-url", "https://github.com/o/r/blob/main/{file}#L{line}")
      #expect(drawn.status == 0, "\(drawn)")
      #expect(folder.contents(of: "out") == ["Trips.svg"])
      #expect(drawn.standardOutput.contains("samples/app/Trips → out (1 file) · 30 controllers"))
      let svg = String(decoding: try folder.bytes("out/Trips.svg"), as: UTF8.self)
      // A box per controller, the navigators apart, each linked to its declaration.
      #expect(svg.contains("id=\"vc&#45;TripDetailViewController\" class=\"node vc kind&#45;container\""))
      #expect(svg.contains("id=\"vc&#45;TripsCoordinator\" class=\"node vc navigator\""))
      #expect(
        svg.contains(
          "xlink:href=\"https://github.com/o/r/blob/main/samples/app/Trips/Trips/TripDetailViewController.swift#L3\""))
      #expect(svg.contains(">present · fullScreen</text>"))

      let dot = try folder.vcgraph(
        "map", "samples/app/Trips", "--format", "dot", "-o", "-", "--focus", "ExploreViewController")
      #expect(dot.status == 0, "\(dot)")
      #expect(dot.standardOutput.hasPrefix("digraph vcgraph {"))
      #expect(dot.standardOutput.contains("FOCUS ExploreViewController"))
      #expect(dot.standardOutput.contains("\"vc:ArticleViewController\""))
      #expect(!dot.standardOutput.contains("\"vc:LoginViewController\""))
      let unknown = try folder.vcgraph("map", "samples/app/Trips", "--format", "svg", "-o", "x", "--focus", "Trip")
      #expect(unknown.status == 1)
      #expect(unknown.standardError.contains("did you mean"), "\(unknown)")
      #expect(!folder.exists("x"))
    }
  }

  @Test func aFlowScenarioThatCheckAccepts() throws {
    try withTemporaryFolder { folder in
      try folder.copySamples()
      let flow = try folder.vcgraph(
        "map", "samples/app/Trips", "--flow",
        "TripsListViewController,TripDetailViewController,PhotoGalleryViewController",
        "-o", "flow.yaml")
      #expect(flow.status == 0, "\(flow)")
      let check = try folder.vcgraph("check", "flow.yaml")
      #expect(check.status == 0, "\(check)")
      let missing = try folder.vcgraph(
        "map", "samples/app/Trips", "--flow", "PhotoViewerViewController,LoginViewController")
      #expect(missing.status == 1)
      #expect(
        missing.standardError.contains("no transition leads from PhotoViewerViewController to LoginViewController"))
    }
  }

  @Test func nothingToReadIsAnErrorAndNothingIsWritten() throws {
    try withTemporaryFolder { folder in
      try folder.write("notes", to: "empty/README.md")
      let result = try folder.vcgraph("map", "empty", "--format", "json", "-o", "out")
      #expect(result.status == 1)
      #expect(result.standardError.contains("empty: error: no Swift file and no storyboard to read"), "\(result)")
      #expect(!folder.exists("out"))
    }
  }
}
