import Foundation
import Testing

/// `scripts/valgrind-samples --classify LOG`: how the memory check attributes valgrind's
/// "definitely lost" records, read from a small made-up log (valgrind itself is not run).
@Suite("scripts/valgrind-samples attributes valgrind's leak records")
struct ValgrindScriptTests {
  static let script = packageRoot.appendingPathComponent("scripts/valgrind-samples")

  /// A record whose allocation site, under malloc and strdup, is a vcgraph function.
  static let leakInVCGraph = """
    ==7== 64 bytes in 2 blocks are definitely lost in loss record 10 of 40
    ==7==    at 0x48417B4: malloc (in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)
    ==7==    by 0x63C59A9: strdup (strdup.c:42)
    ==7==    by 0x316C0E: $s10VCGraphviz15GraphvizContextC6renderyyF (in /work/vg/vcgraph)
    ==7==    by 0x2DE649: VCGraphCLI_main (in /work/vg/vcgraph)
    ==7==    by 0x634E249: (below main) (libc_start_call_main.h:58)
    ==7== 

    """

  /// A record lost inside libgvc's HTML-label parser, on vcgraph's gvLayout call.
  static let leakInGraphvizHTMLParser = """
    ==7== 72 bytes in 1 blocks are definitely lost in loss record 11 of 40
    ==7==    at 0x48417B4: malloc (in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)
    ==7==    by 0x4893FED: gmalloc (in /usr/lib/x86_64-linux-gnu/libgvc.so.6.0.0)
    ==7==    by 0x489403D: zmalloc (in /usr/lib/x86_64-linux-gnu/libgvc.so.6.0.0)
    ==7==    by 0x4896561: ??? (in /usr/lib/x86_64-linux-gnu/libgvc.so.6.0.0)
    ==7==    by 0x4896FB8: htmlparse (in /usr/lib/x86_64-linux-gnu/libgvc.so.6.0.0)
    ==7==    by 0x489738F: parseHTML (in /usr/lib/x86_64-linux-gnu/libgvc.so.6.0.0)
    ==7==    by 0x489B4C6: make_html_label (in /usr/lib/x86_64-linux-gnu/libgvc.so.6.0.0)
    ==7==    by 0x4885664: gvLayout (in /usr/lib/x86_64-linux-gnu/libgvc.so.6.0.0)
    ==7==    by 0x316C0E: $s10VCGraphviz15GraphvizContextC6renderyyF (in /work/vg/vcgraph)
    ==7==    by 0x2DE649: VCGraphCLI_main (in /work/vg/vcgraph)
    ==7== 

    """

  /// A record allocated in libgvc on a vcgraph call that is no known Graphviz leak: the
  /// gvRenderData buffer vcgraph must free.
  static let unexplainedLeakThroughGraphviz = """
    ==7== 48 (16 direct, 32 indirect) bytes in 1 blocks are definitely lost in loss record 12 of 40
    ==7==    at 0x484682F: realloc (in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)
    ==7==    by 0x4880000: ??? (in /usr/lib/x86_64-linux-gnu/libgvc.so.6.0.0)
    ==7==    by 0x4880100: gvwrite (in /usr/lib/x86_64-linux-gnu/libgvc.so.6.0.0)
    ==7==    by 0x4880200: gvRenderData (in /usr/lib/x86_64-linux-gnu/libgvc.so.6.0.0)
    ==7==    by 0x316C0E: $s10VCGraphviz15GraphvizContextC6renderyyF (in /work/vg/vcgraph)
    ==7==    by 0x2DE649: VCGraphCLI_main (in /work/vg/vcgraph)
    ==7== 

    """

  /// A record from pango's own thread, with no vcgraph frame.
  static let leakInFontconfigThread = """
    ==7== 256 bytes in 1 blocks are definitely lost in loss record 13 of 40
    ==7==    at 0x48417B4: malloc (in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)
    ==7==    by 0xB794431: ??? (in /usr/lib/x86_64-linux-gnu/libfontconfig.so.1.12.0)
    ==7==    by 0xB78C737: FcInitLoadConfigAndFonts (in /usr/lib/x86_64-linux-gnu/libfontconfig.so.1.12.0)
    ==7==    by 0xB5B3C6C: ??? (in /usr/lib/x86_64-linux-gnu/libglib-2.0.so.0.7400.6)
    ==7==    by 0x63B01F4: start_thread (pthread_create.c:442)
    ==7==    by 0x642FB4F: clone (clone.S:100)
    ==7== 

    """

  /// A log of one run holding `records`, with the leak summary valgrind would print for them.
  static func log(_ records: [String], definitelyLost: Int) -> String {
    """
    ### run: render: vcgraph render samples/
    ==7== Memcheck, a memory error detector
    ==7== Command: /work/vg/vcgraph render samples/
    ==7== 
    ==7== HEAP SUMMARY:
    ==7==     in use at exit: 1,000 bytes in 10 blocks
    ==7== 

    """ + records.joined() + """
      ==7== LEAK SUMMARY:
      ==7==    definitely lost: \(definitelyLost) bytes in 4 blocks
      ==7==    indirectly lost: 0 bytes in 0 blocks
      ==7== 
      ### end: render: exit status 0, 1 s

      """
  }

  /// The summary line of the script's output that starts with `label`, trimmed.
  static func summaryLine(_ output: String, _ label: String) -> String? {
    output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix(label) }
  }

  /// The category column of each line of `leaks.txt`, in order.
  static func categories(_ report: String) -> [String] {
    report.split(separator: "\n").map { String($0.split(separator: "\t")[1]) }
  }

  @Test("a leak in vcgraph's code, or one through Graphviz that no known Graphviz leak explains, fails the check")
  func leaksAttributedToVCGraph() throws {
    try withTemporaryFolder { folder in
      let log = try folder.write(
        Self.log(
          [
            Self.leakInVCGraph, Self.leakInGraphvizHTMLParser, Self.unexplainedLeakThroughGraphviz,
            Self.leakInFontconfigThread,
          ],
          definitelyLost: 408),
        to: "valgrind.log")
      let result = try runProgram(
        URL(fileURLWithPath: "/bin/bash"), [Self.script.path, "--classify", log.path], in: folder.url)
      #expect(result.status == 1, "\(result)")
      let ours = Self.summaryLine(result.standardOutput, "attributed to vcgraph's code:")
      #expect(ours?.hasSuffix(" 80 bytes in 2 records (and 32 bytes indirectly lost)") == true, "\(result)")
      let report = try String(contentsOf: folder("leaks.txt"), encoding: .utf8)
      #expect(Self.categories(report) == ["vcgraph", "graphviz", "vcgraph", "system"], "\(report)")
      #expect(report.contains("parseHTML"), "\(report)")
    }
  }

  @Test("Graphviz's own leaks and a library thread's pass the check")
  func onlyLibraryLeaks() throws {
    try withTemporaryFolder { folder in
      let log = try folder.write(
        Self.log([Self.leakInGraphvizHTMLParser, Self.leakInFontconfigThread], definitelyLost: 328), to: "valgrind.log")
      let result = try runProgram(
        URL(fileURLWithPath: "/bin/bash"), [Self.script.path, "--classify", log.path], in: folder.url)
      #expect(result.status == 0, "\(result)")
      let ours = Self.summaryLine(result.standardOutput, "attributed to vcgraph's code:")
      #expect(ours?.hasSuffix(" 0 bytes in 0 records (and 0 bytes indirectly lost)") == true, "\(result)")
      let graphviz = Self.summaryLine(result.standardOutput, "Graphviz 2.42's own leaks:")
      #expect(graphviz?.hasSuffix(" 72 bytes in 1 records (and 0 bytes indirectly lost)") == true, "\(result)")
      let report = try String(contentsOf: folder("leaks.txt"), encoding: .utf8)
      #expect(Self.categories(report) == ["graphviz", "system"], "\(report)")
    }
  }
}
