import Foundation
import Testing
import VCGraph

@testable import VCGraphviz

/// A header's legend stood in for by an empty table of its size (``LegendStandIn``): found in every
/// kind of header, and the header exactly as big with the stand-in, so that a stable layout
/// measures and draws a frame's header without the legend and puts the legend's own SVG in.
@Suite struct LegendStandInTests {
  /// The headers of every sample's frames: side by side and stacked, with and without folds, with
  /// the callbacks panel, in both themes, and an app map's.
  private static func headers() throws -> [String] {
    var headers: [String] = []
    for name in sampleNames {
      let replay = try sampleReplay(name)
      for (index, frame) in replay.frames.enumerated() {
        var diagram = Diagram(frame: frame, stepCount: replay.scenario.steps.count, title: replay.scenario.title)
        diagram.theme = index.isMultiple(of: 2) ? .light : .dark
        let stacked = index.isMultiple(of: 3)
        headers.append(diagram.header(showsFolds: index.isMultiple(of: 2), stacked: stacked))
      }
      let events = Diagram.frames(of: replay, showsEvents: true).prefix(3)
      headers += events.map { $0.header(showsFolds: false) }
    }
    return headers
  }

  @Test func theLegendIsFoundInEveryKindOfHeader() throws {
    let headers = try Self.headers()
    #expect(headers.count > 150)
    for header in headers {
      let split = try #require(LegendStandIn.split(header), "no legend in \(header.prefix(200))")
      #expect(split.legend.hasPrefix("<TABLE BORDER=\"1\" COLOR=\""))
      #expect(split.legend.hasSuffix("</TABLE>"))
      #expect(String(split.before) + String(split.legend) + String(split.after) == header)
      // The legend's own tables are inside it: as many opened as closed.
      let opened = split.legend.components(separatedBy: "<TABLE").count - 1
      #expect(opened == split.legend.components(separatedBy: "</TABLE>").count - 1)
      #expect(opened >= 4)
    }
    #expect(LegendStandIn.split("<TABLE><TR><TD VALIGN=\"TOP\">no legend</TD></TR></TABLE>") == nil)
    // A legend not closed is not cut.
    #expect(LegendStandIn.split("<TD VALIGN=\"TOP\"><TABLE BORDER=\"1\" COLOR=\"#000\"><TR><TD></TD></TR>") == nil)
  }

  /// The header with its legend stood in for is as big as the header, to the point: every sample's
  /// headers, and the same padded to a bigger frame as the stable layout pads them.
  @Test func aHeaderIsExactlyAsBigWithItsLegendStoodInFor() throws {
    var headers = try Self.headers()
    headers += headers.prefix(40).map {
      StableLayout.padded(
        header: $0, size: LayoutSize(width: 400, height: 120), to: LayoutSize(width: 980, height: 260))
    }
    try withRenderer { renderer in
      let context = renderer.context
      let font = [GraphDescription.Attribute("fontname", DiagramStyle.font)]
      var graph = GraphDescription()
      for (index, header) in headers.enumerated() {
        let split = try #require(LegendStandIn.split(header))
        let standIn = try #require(
          LegendStandIn.header(split, legendSize: try context.legendSize(split.legend, font: font)))
        #expect(standIn.count < header.count - 500)
        for (name, label) in [("h\(index)", header), ("s\(index)", standIn)] {
          graph.nodes.append(
            .init(
              name: name,
              attributes: font + [
                .init("shape", "plaintext"), .init("margin", "0"), .init("width", "0"), .init("height", "0"),
                .init("label", html: label), .init("pos", "0,0"),
              ]))
        }
      }
      let layout = try context.layout(graph, engine: "nop2")
      for index in headers.indices {
        let header = try #require(layout.nodes["h\(index)"])
        let standIn = try #require(layout.nodes["s\(index)"])
        #expect(header["width"] == standIn["width"], "header \(index): \(headers[index].prefix(120))")
        #expect(header["height"] == standIn["height"], "header \(index)")
      }
    }
  }

  /// Legends are looked up by their bytes: equal texts from different strings (and slices) are one
  /// key, and texts of one length that differ only past the ends a legend is hashed by are not.
  @Test func legendsAreKeysByEveryByte() {
    let ends = LegendStandIn.Legend.hashedEnds
    let text = String(repeating: "a", count: ends) + "<TD>middle</TD>" + String(repeating: "z", count: ends)
    let other = String(repeating: "a", count: ends) + "<TD>muddle</TD>" + String(repeating: "z", count: ends)
    let sliced = ("xx" + text + "yy").dropFirst(2).dropLast(2)
    let (legend, same, different) = (
      LegendStandIn.Legend(text: Substring(text)), LegendStandIn.Legend(text: sliced),
      LegendStandIn.Legend(text: Substring(other))
    )
    #expect(legend == same)
    #expect(legend.hashValue == same.hashValue)
    #expect(legend != different)
    var sizes: [LegendStandIn.Legend: Int] = [legend: 1]
    sizes[different] = 2
    #expect(sizes[same] == 1)
    #expect(sizes.count == 2)
    #expect(LegendStandIn.Legend(text: "") == LegendStandIn.Legend(text: Substring(String())))
  }
}
