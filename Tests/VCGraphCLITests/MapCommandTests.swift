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
