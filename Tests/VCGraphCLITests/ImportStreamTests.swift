import Foundation
import Testing

/// `vcgraph import -` on streams that never end, and the warnings of a dump read tolerantly, run
/// as a user runs them: the built executable behind a shell pipe.
///
/// That a stream stops is checked by the run ending with its message (a hang is stopped by the
/// suite's ``hangLimit``); how fast it stops is measured by `vcgraph-bench`, not here.
@Suite struct ImportStreamTests {
  /// Runs `command | vcgraph import - ARGS` under `/usr/bin/time`, and returns the result with the
  /// import's largest resident size in KiB (nil without `/usr/bin/time`).
  func pipe(
    _ command: String, into arguments: String, in folder: TemporaryFolder
  ) throws -> (
    result: CommandResult, maximumKiB: Int?
  ) {
    let executable = try #require(vcgraphExecutable, "the vcgraph executable is not built beside the tests")
    let hasTime = FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
    let measured = hasTime ? "/usr/bin/time -f 'maxrss %M' -o time.txt " : ""
    let result = try runProgram(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "(\(command)) 2>/dev/null | \(measured)'\(executable.path)' import - \(arguments)"],
      in: folder.url)
    let time = (try? String(contentsOf: folder("time.txt"), encoding: .utf8)) ?? ""
    let kib = time.split(separator: "\n").first { $0.hasPrefix("maxrss ") }.flatMap { Int($0.dropFirst(7)) }
    return (result, kib)
  }

  @Test func anEndlessStreamOfTextStopsAfterTheSkippedLimit() throws {
    try withTemporaryFolder { folder in
      let run = try pipe("yes garbage", into: "--format text -o -", in: folder)
      // "garbage\n" is 8 bytes: the line that passes 1 MiB.
      let line = (1 << 20) / 8 + 1
      #expect(run.result.status == 1, "\(run.result)")
      #expect(
        run.result.standardError
          == "<stdin>:\(line):1: error: no controller line in the first 1 MiB of text; vcgraph skips at most 1 MiB"
          + " before a dump\n", "\(run.result)")
      #expect(run.result.standardOutput.isEmpty)
      if let kib = run.maximumKiB { #expect(kib < 200 * 1024, "resident \(kib) KiB") }
    }
  }

  @Test func anEndlessStreamAfterADumpStopsReadingWithAWarning() throws {
    try withTemporaryFolder { folder in
      try
        "<UINavigationController: 0x1>, state: appeared, view: <UILayoutContainerView: 0x2>\n   | <App.Home: 0x3>, state: appeared, view: <UIView: 0x4>\n"
        .write(to: folder("dump.txt"), atomically: true, encoding: .utf8)
      let run = try pipe("(cat dump.txt; yes garbage)", into: "--format text -o -", in: folder)
      let last = (1 << 20) / 8 + 3
      #expect(run.result.status == 0, "\(run.result)")
      #expect(
        run.result.standardOutput
          == "<UINavigationController>, state: appeared, view: <UILayoutContainerView>\n"
          + "   | <App.Home>, state: appeared, view: <UIView>\n", "\(run.result)")
      #expect(
        run.result.standardError
          == "<stdin>: warning: line 3: text after the dump left out (lines 3–\(last))\n"
          + "<stdin>: warning: line \(last): stopped reading: 1 MiB of text without a controller line after the dump;"
          + " the rest of the input is left out\n", "\(run.result)")
      if let kib = run.maximumKiB { #expect(kib < 200 * 1024, "resident \(kib) KiB") }
    }
  }

  @Test func anEndlessStreamOfControllerLinesStopsAtTheLineLimit() throws {
    try withTemporaryFolder { folder in
      let run = try pipe("yes '<A>, state: appeared, view: <UIView>'", into: "--format text -o -", in: folder)
      #expect(run.result.status == 1, "\(run.result)")
      #expect(
        run.result.standardError
          == "<stdin>:100001:1: error: more than 100,000 controller lines, the most vcgraph reads from one dump\n",
        "\(run.result)")
      if let kib = run.maximumKiB { #expect(kib < 300 * 1024, "resident \(kib) KiB") }
    }
  }

  @Test func warningsArePrintedWithTheFileAndLine() throws {
    try withTemporaryFolder { folder in
      try """
      Steps: open the feed.
      ```
      <UITabBarController 0x1>, state: appeared, view: <UILayoutContainerView 0x2>
       | <UINavigationController 0x3>, state: appeared, view: <UILayoutContainerView 0x4>
       | | <App.FeedViewController 0x5>, state: appeared, view: <UIView 0x6>
      ```
      """.write(to: folder("issue.txt"), atomically: true, encoding: .utf8)
      let result = try folder.vcgraph("import", "issue.txt", "--format", "text", "-o", "out")
      #expect(result.status == 0, "\(result)")
      #expect(
        result.standardError
          == "issue.txt: warning: line 1: text before the dump left out\n"
          + "issue.txt: warning: line 4: indentation collapsed; depth taken from the \"|\" markers\n", "\(result)")
      #expect(
        String(decoding: try folder.bytes("out/issue.txt"), as: UTF8.self)
          == "<UITabBarController>, state: appeared, view: <UILayoutContainerView>\n"
          + "   | <UINavigationController>, state: appeared, view: <UILayoutContainerView>\n"
          + "   |    | <App.FeedViewController>, state: appeared, view: <UIView>\n")
    }
  }
}
