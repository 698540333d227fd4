import Foundation
import TestSupport
import Testing

@testable import VCGraph

/// Seeded mutation fuzzing of the four readers of untrusted text: the scenario parser, the replay
/// of what it parsed, the `_printHierarchy` importer and the storyboard importer.
///
/// Each target starts from the seed corpus in `Fixtures/Fuzz/<target>/`, applies deterministic
/// mutations (byte flips, line edits, splices of two inputs, special tokens, very long runs) and
/// feeds every mutant to the reader. A reader must return or throw its typed error, and an error's
/// line and column must lie inside the input; a trap kills the test process, which is the signal.
/// Before each run the mutant is written to `$TMPDIR/vcgraph-fuzz-<target>.input`, so a crash
/// leaves its input behind; a run that ends removes it. A mutant that fails an expectation is kept
/// as `$TMPDIR/vcgraph-fuzz-<target>-failed-<N>.input`, and the issue says where.
///
/// Each target tries a counted number of mutants, so a run does the same work however busy the
/// machine is: `VCGRAPH_FUZZ_ITERATIONS` (default 200, 4,000 in the slow tier, `VCGRAPH_TEST_SLOW=1`)
/// per target. `VCGRAPH_FUZZ_SECONDS` runs each target for that long instead, for a long hunt.
/// `VCGRAPH_FUZZ_SEED` (default 1) picks the mutations: the same seed gives the same inputs in the
/// same order.
@Suite("Fuzz: seeded mutations of scenarios, dumps and storyboards never trap")
struct FuzzTests {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/Fuzz")

  /// Mutants per target, after the seeds themselves.
  static let iterations: Int = {
    ProcessInfo.processInfo.environment["VCGRAPH_FUZZ_ITERATIONS"].flatMap { Int($0) }
      ?? (SlowTests.isEnabled ? 4_000 : 200)
  }()

  /// When set, each target runs for this many seconds instead of ``iterations`` mutants.
  static let seconds: Double? = {
    ProcessInfo.processInfo.environment["VCGRAPH_FUZZ_SECONDS"].flatMap(Double.init)
  }()

  static let seed: UInt64 = {
    ProcessInfo.processInfo.environment["VCGRAPH_FUZZ_SEED"].flatMap { UInt64($0) } ?? 1
  }()

  @Test("The scenario parser returns or throws a located ScenarioError")
  func scenarioParser() throws {
    try Self.fuzz("scenario", corpus: "scenario", mutator: .bytes) { bytes in
      let text = String(decoding: bytes, as: UTF8.self)
      do {
        _ = try Scenario(yaml: text, path: "fuzz.yaml")
      } catch let error as ScenarioError {
        return Self.expectInside(error.location, of: bytes, error.description)
      } catch {
        Issue.record("untyped error: \(error)")
        return false
      }
      return true
    }
  }

  /// Line-level and word-level mutations keep most mutants valid YAML, so they reach the replay.
  @Test("The replay of a parsed scenario returns or throws a located ScenarioError")
  func replay() throws {
    var replayed = 0
    try Self.fuzz("replay", corpus: "scenario", mutator: .lines) { bytes in
      let text = String(decoding: bytes, as: UTF8.self)
      guard let scenario = try? Scenario(yaml: text, path: "fuzz.yaml") else { return true }
      replayed += 1
      do {
        _ = try Replay(scenario)
      } catch let error as ScenarioError {
        return Self.expectInside(error.location, of: bytes, error.description)
      } catch {
        Issue.record("untyped error: \(error)")
        return false
      }
      return true
    }
    print("fuzz replay: \(replayed) mutants parsed and were replayed")
    #expect(replayed > 0)
  }

  @Test("The _printHierarchy importer returns or throws a located DumpError")
  func hierarchyDump() throws {
    try Self.fuzz("dump", corpus: "dump", mutator: .bytes) { bytes in
      do {
        _ = try HierarchyDump(data: Data(bytes), path: "fuzz.txt")
      } catch let error as DumpError {
        return Self.expectInside(error.location, of: bytes, error.description)
      } catch {
        Issue.record("untyped error: \(error)")
        return false
      }
      return true
    }
  }

  @Test("The storyboard importer returns or throws a located StoryboardError")
  func storyboard() throws {
    try Self.fuzz("storyboard", corpus: "storyboard", mutator: .bytes) { bytes in
      do {
        let storyboard = try Storyboard(data: Data(bytes), path: "fuzz.storyboard")
        _ = StoryboardHierarchy(storyboard)
      } catch let error as StoryboardError {
        return Self.expectInside(error.location, of: bytes, error.description)
      } catch {
        Issue.record("untyped error: \(error)")
        return false
      }
      return true
    }
  }

  // MARK: - What the fuzzing found

  /// libyaml puts an error at the end of a text with no final line break on the line after it.
  @Test("A YAML error at the end of the text is on its last line")
  func yamlErrorAtTheEnd() {
    #expect(
      throws: ScenarioError(
        .syntax("did not find expected node content while parsing a flow node"),
        at: VCGraph.SourceLocation(file: "end.yaml", line: 2, column: 9))
    ) {
      try Scenario(yaml: "title: x\nsteps: {", path: "end.yaml")
    }
  }

  /// FoundationXML traps on an attribute that is not UTF-8; the importer rejects the byte first.
  @Test("A storyboard byte that is not UTF-8 is an error at its place, not a trap")
  func storyboardNotUTF8() {
    let data =
      Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document a=\"".utf8) + Data([0xEC, 0x6F])
      + Data("\"/>\n".utf8)
    #expect(
      throws: StoryboardError(
        .malformedXML(code: 9, openElement: nil),
        at: VCGraph.SourceLocation(file: "bad.storyboard", line: 2, column: 14))
    ) {
      try Storyboard(data: data, path: "bad.storyboard")
    }
  }

  // MARK: - The loop

  enum Mutator { case bytes, lines }

  /// Runs `body` on the seeds in `Fixtures/Fuzz/<corpus>`, then on ``iterations`` mutants of them
  /// (or for ``seconds``); `body` returns false when the input failed an expectation.
  static func fuzz(
    _ target: String, corpus: String, mutator: Mutator, _ body: ([UInt8]) -> Bool
  ) throws {
    let folder = Self.corpus.appendingPathComponent(corpus)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    let seeds = try names.map { [UInt8](try Data(contentsOf: folder.appendingPathComponent($0))) }
    try #require(!seeds.isEmpty, "no seeds in \(folder.path)")
    let crashInput = FileManager.default.temporaryDirectory
      .appendingPathComponent("vcgraph-fuzz-\(target).input")
    let bound = seconds.map { "\($0) s" } ?? "\(iterations) mutants"
    print("fuzz \(target): seed \(seed), \(bound), \(seeds.count) seeds; input of a crash: \(crashInput.path)")
    // Only a crash leaves the input behind: a run that returns removes it.
    defer { try? FileManager.default.removeItem(at: crashInput) }
    var failures = 0
    func run(_ input: [UInt8]) throws {
      try Data(input).write(to: crashInput)
      guard !body(input) else { return }
      failures += 1
      let kept = FileManager.default.temporaryDirectory
        .appendingPathComponent("vcgraph-fuzz-\(target)-failed-\(failures).input")
      try Data(input).write(to: kept)
      Issue.record("fuzz \(target): the input that failed is kept in \(kept.path)")
    }

    let words = mutator == .lines ? Self.words(in: seeds) : []
    var random = SplitMix64(seed: seed &+ UInt64(truncatingIfNeeded: target.hashValueStable))
    let clock = ContinuousClock()
    let start = clock.now
    var count = 0
    /// Whether to try another mutant: a count, or (asked for) a time, which only bounds a long hunt.
    func goesOn() -> Bool {
      if let seconds { return clock.now - start < .seconds(seconds) }
      return count < iterations
    }
    for seed in seeds {  // every seed as it is first
      try run(seed)
    }
    while goesOn() {
      var input = seeds[random.below(seeds.count)]
      for _ in 0...random.below(4) {
        switch mutator {
        case .bytes: mutateBytes(&input, seeds: seeds, random: &random)
        case .lines: mutateLines(&input, seeds: seeds, words: words, random: &random)
        }
      }
      if input.count > 256 * 1024 { input.removeLast(input.count - 256 * 1024) }
      try run(input)
      count += 1
    }
    print("fuzz \(target): seed \(seed), \(count) mutants tried")
  }

  /// Checks that a thrown location names a line and a column that exist in `bytes` (or just past
  /// its end). Readers disagree on line breaks (libyaml also breaks at CR, NEL, LS and PS; libxml2
  /// counts only LF), so the line may be up to the most lines either way counts, and the column up
  /// to the longest line either way counts, in bytes.
  @discardableResult
  static func expectInside(_ location: VCGraph.SourceLocation, of bytes: [UInt8], _ message: String) -> Bool {
    let text = String(decoding: bytes, as: UTF8.self)
    var lines = 1
    for scalar in text.unicodeScalars where ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar) {
      lines += 1
    }
    let longest = splitLines(Array(text.utf8)).map(\.count).max() ?? 0
    let lineInside = (1...lines).contains(location.line)
    let columnInside = (1...(longest + 1)).contains(location.column)
    #expect(lineInside, "line out of the input (\(lines) lines): \(message)")
    #expect(columnInside, "column out of the input (longest line \(longest)): \(message)")
    return lineInside && columnInside
  }

  // MARK: - Mutations

  static let tokens: [String] = [
    "*alias", "&anchor", "*anchor", "{", "}", "[", "]", "<", ">", "   | ", "   + ", "0x", "0x0", "0x7fa1c2d0e400",
    "presented with:", "<!ENTITY", "<!ENTITY x SYSTEM \"file:///etc/passwd\">", "<!DOCTYPE d [", "]]>", "&x;",
    "<![CDATA[", "-->", "<!--", "</scene>", "<scene sceneID=\"\">", "<viewController id=\"x\">",
    "<segue destination=\"\" kind=\"show\"/>",
    "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\">",
    ": ", "- ", "---", "...", "? ", "!!str", "!tag", "%YAML 1.1", "\"", "'", "\\", "#", "\t", "\r", "\r\n", "\0",
    "\u{FEFF}", "\u{85}", "\u{2028}", "é", "👩‍👩‍👧", "\u{301}", "<UIViewController: ", ">, state: appeared, view: ",
    "<UIWindow: 0x1; frame = (0 0; 1 1)>", ", state: ", "disappeared", "(lldb) ", "Optional(", "\"Optional(",
    "```", "> ", "cy# ", "lldb) ", "2026-03-01 10:22:33.123456+0100 App[42:7] ", "\\n   | ", "@\"", "| ", "| | ",
    "steps:", "controllers:", "windows:", "present:", "push:", "dismiss:", "show:", "style:", "from:", "id:",
    "-1", "99999999999999999999", "1e9999", ".nan", "~", "null", "true", "[]", "{}",
  ]

  static func mutateBytes(_ input: inout [UInt8], seeds: [[UInt8]], random: inout SplitMix64) {
    switch random.below(12) {
    case 0 where !input.isEmpty:  // flip a bit
      input[random.below(input.count)] ^= UInt8(1) << UInt8(random.below(8))
    case 1 where !input.isEmpty:  // any byte
      input[random.below(input.count)] = UInt8(truncatingIfNeeded: random.next())
    case 2 where !input.isEmpty:  // delete a range
      let from = random.below(input.count)
      input.removeSubrange(from..<min(input.count, from + 1 + random.below(64)))
    case 3:  // a token somewhere
      input.insert(contentsOf: tokens[random.below(tokens.count)].utf8, at: random.below(input.count + 1))
    case 4:  // a very long run of a byte or a token
      let unit =
        random.below(2) == 0
        ? [input.isEmpty ? 0x20 : input[random.below(input.count)]]
        : Array(tokens[random.below(tokens.count)].utf8)
      let run = Array([[UInt8]](repeating: unit, count: 1 + random.below(20_000 / unit.count)).joined())
      input.insert(contentsOf: run, at: random.below(input.count + 1))
    case 5:  // splice: a prefix of this input and a suffix of another
      let other = seeds[random.below(seeds.count)]
      input = Array(input.prefix(random.below(input.count + 1)) + other.suffix(random.below(other.count + 1)))
    case 6:  // an interesting integer as text
      let numbers = ["0", "-0", "2147483648", "-9223372036854775809", "18446744073709551616", "0xffffffffffffffffff"]
      input.insert(contentsOf: numbers[random.below(numbers.count)].utf8, at: random.below(input.count + 1))
    default:
      var lines = splitLines(input)
      mutateLineList(&lines, seeds: seeds, random: &random)
      input = Array(lines.joined(separator: [0x0A]))
    }
  }

  static func mutateLines(
    _ input: inout [UInt8], seeds: [[UInt8]], words: [[UInt8]], random: inout SplitMix64
  ) {
    var lines = splitLines(input)
    if random.below(3) == 0, !lines.isEmpty, !words.isEmpty {  // one word for another word of the corpus
      let index = random.below(lines.count)
      var line = lines[index]
      let ranges = wordRanges(in: line)
      if !ranges.isEmpty {
        line.replaceSubrange(ranges[random.below(ranges.count)], with: words[random.below(words.count)])
        lines[index] = line
      }
    } else {
      mutateLineList(&lines, seeds: seeds, random: &random)
    }
    input = Array(lines.joined(separator: [0x0A]))
  }

  static func mutateLineList(_ lines: inout [[UInt8]], seeds: [[UInt8]], random: inout SplitMix64) {
    guard !lines.isEmpty else {
      lines = splitLines(seeds[random.below(seeds.count)])
      return
    }
    let index = random.below(lines.count)
    switch random.below(7) {
    case 0: lines.remove(at: index)
    case 1: lines.insert(lines[index], at: random.below(lines.count + 1))
    case 2: lines.swapAt(index, random.below(lines.count))
    case 3:  // a line of another input
      let other = splitLines(seeds[random.below(seeds.count)])
      if !other.isEmpty { lines.insert(other[random.below(other.count)], at: index) }
    case 4:  // more or less indentation
      if random.below(2) == 0 {
        lines[index].insert(contentsOf: [UInt8](repeating: 0x20, count: 1 + random.below(4)), at: 0)
      } else {
        lines[index] = Array(lines[index].drop(while: { $0 == 0x20 }))
      }
    case 5:  // a block of lines repeated many times
      let end = min(lines.count, index + 1 + random.below(8))
      let block = Array(lines[index..<end])
      let copies = 1 + random.below(300)
      lines.insert(contentsOf: [[[UInt8]]](repeating: block, count: copies).joined(), at: end)
    default:  // splice at a line boundary
      let other = splitLines(seeds[random.below(seeds.count)])
      lines = Array(lines.prefix(index) + other.suffix(random.below(other.count + 1)))
    }
  }

  static func splitLines(_ bytes: [UInt8]) -> [[UInt8]] {
    bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
  }

  static func isWordByte(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F
  }

  static func wordRanges(in line: [UInt8]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var start: Int?
    for (index, byte) in line.enumerated() {
      if isWordByte(byte) {
        if start == nil { start = index }
      } else if let first = start {
        ranges.append(first..<index)
        start = nil
      }
    }
    if let first = start { ranges.append(first..<line.count) }
    return ranges
  }

  /// The distinct words of the seeds, sorted: controller ids, keys, styles.
  static func words(in seeds: [[UInt8]]) -> [[UInt8]] {
    var words: Set<[UInt8]> = []
    for seed in seeds {
      for line in splitLines(seed) {
        for range in wordRanges(in: line) { words.insert(Array(line[range])) }
      }
    }
    return words.sorted { $0.lexicographicallyPrecedes($1) }
  }
}

extension String {
  /// A hash that does not change between runs (Swift's `hashValue` is seeded per process).
  fileprivate var hashValueStable: Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    return Int(truncatingIfNeeded: hash)
  }
}
