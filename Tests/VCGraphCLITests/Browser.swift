import Foundation
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Headless Chromium, driven through its DevTools protocol by `Fixtures/Browser/chromium.py`
/// (Python's standard library only): a page loaded at a viewport size and with media features,
/// screenshots read back as pixels, and expressions evaluated in the page.
///
/// `scripts/install-test-deps` installs Chromium (Debian's `chromium`); `.ci/run` calls it. A test
/// that needs the browser is skipped when it is missing, except on CI (`CI=true`), where it fails.
enum Browser {
  /// The driver script beside the tests.
  static let script = packageRoot.appendingPathComponent("Tests/VCGraphCLITests/Fixtures/Browser/chromium.py")

  /// The first of the names Chromium goes by found on the `PATH`, and `python3`.
  static let programs: (chromium: URL, python: URL)? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    func find(_ names: [String]) -> URL? {
      for folder in path.split(separator: ":") {
        for name in names {
          let url = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
          if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
      }
      return nil
    }
    guard let chromium = find(["chromium", "chromium-browser", "google-chrome", "chrome"]),
      let python = find(["python3"])
    else { return nil }
    return (chromium, python)
  }()

  /// True when the browser tests can run.
  static let isAvailable = programs != nil

  /// True on CI, where a missing browser fails the browser tests instead of skipping them.
  static let isRequired = ProcessInfo.processInfo.environment["CI"] == "true"

  /// Why a browser test is skipped.
  static let skipReason: Comment = "needs chromium and python3 (scripts/install-test-deps installs them)"

  /// One thing to do in the loaded page.
  enum Step {
    case wait(milliseconds: Int)
    case screenshot(URL)
    /// A key pressed and released as a keyboard does it: `ArrowLeft`, `j`, `Escape`.
    case key(String)
    case evaluate(String)

    var json: [String: Any] {
      switch self {
      case .wait(let milliseconds): return ["wait": milliseconds]
      case .screenshot(let url): return ["screenshot": url.path]
      case .key(let key): return ["key": key]
      case .evaluate(let expression): return ["evaluate": expression]
      }
    }
  }

  /// A page to load, how, and what to do there.
  struct Visit {
    var url: String
    var width = 1280
    var height = 900
    var mobile = false
    /// Emulated media features: `["prefers-color-scheme": "dark"]`.
    var media: [String: String] = [:]
    /// False to load the page with its scripts off (the steps' expressions still run).
    var javascript = true
    var steps: [Step]

    /// A visit of `url` (a file URL, with a `#fragment` if need be) in the colour scheme `scheme`.
    init(
      _ url: String, width: Int = 1280, height: Int = 900, mobile: Bool = false, scheme: String,
      javascript: Bool = true, steps: [Step]
    ) {
      (self.url, self.width, self.height, self.mobile) = (url, width, height, mobile)
      (self.media, self.javascript, self.steps) = (["prefers-color-scheme": scheme], javascript, steps)
    }

    init(_ page: URL, width: Int, height: Int, mobile: Bool, media: [String: String], steps: [Step]) {
      (url, self.width, self.height, self.mobile, self.media, self.steps) = (
        page.absoluteString, width, height, mobile, media, steps
      )
    }

    var json: [String: Any] {
      [
        "url": url, "width": width, "height": height, "mobile": mobile, "media": media, "javascript": javascript,
        "steps": steps.map(\.json),
      ]
    }
  }

  /// Starts one Chromium with `flags` (`--force-prefers-reduced-motion`, which reaches SVG images
  /// too), makes each visit in turn, and returns each visit's results, one a step: NSNull for a
  /// wait or a key, `[width, height]` for a screenshot, the value of an expression.
  static func run(_ visits: [Visit], flags: [String] = []) throws -> [[Any]] {
    let programs = try #require(programs, "chromium and python3 are not installed: run scripts/install-test-deps")
    let plan: [String: Any] = ["flags": flags, "visits": visits.map(\.json)]
    let input = String(decoding: try JSONSerialization.data(withJSONObject: plan), as: UTF8.self)
    let result = try runProgram(
      programs.python, [script.path], in: FileManager.default.temporaryDirectory, standardInput: input)
    try #require(result.status == 0, "the browser failed: \(result)")
    return try #require(try parseJSON(result.standardOutput) as? [[Any]], "\(result)")
  }

  /// Loads `page` at `width` × `height` CSS pixels (as a phone when `mobile`), with `media`
  /// features (`prefers-color-scheme: dark`) and Chromium started with `flags`, runs `steps` and
  /// returns each step's result (see ``run(_:flags:)``).
  static func run(
    _ page: URL, width: Int, height: Int, mobile: Bool = false, media: [String: String] = [:],
    flags: [String] = [], steps: [Step]
  ) throws -> [Any] {
    let visit = Visit(page, width: width, height: height, mobile: mobile, media: media, steps: steps)
    return try #require(try run([visit], flags: flags).first)
  }
}

/// A screenshot's pixels, read from the binary PPM (P6) the driver writes.
struct Pixels: CustomStringConvertible {
  var width: Int
  var height: Int
  var bytes: [UInt8]

  init(contentsOf url: URL) throws {
    let data = [UInt8](try Data(contentsOf: url))
    // "P6\n<width> <height>\n255\n", then RGB rows.
    var fields: [String] = []
    var position = 0
    while fields.count < 4, position < data.count {
      while position < data.count, data[position] == 0x20 || data[position] == 0x0A { position += 1 }
      let start = position
      while position < data.count, data[position] != 0x20, data[position] != 0x0A { position += 1 }
      fields.append(String(decoding: data[start..<position], as: UTF8.self))
    }
    guard fields.count == 4, fields[0] == "P6", let width = Int(fields[1]), let height = Int(fields[2]) else {
      throw SVGParseFailure(description: "\(url.path) is not a binary PPM")
    }
    (self.width, self.height) = (width, height)
    bytes = Array(data[(position + 1)...])
  }

  /// Its size only: a failed expectation does not print every pixel.
  var description: String { "\(width) × \(height) pixels" }

  /// The colour at a pixel, as red, green and blue.
  subscript(x: Int, y: Int) -> (red: Int, green: Int, blue: Int) {
    let offset = (min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)) * 3
    return (Int(bytes[offset]), Int(bytes[offset + 1]), Int(bytes[offset + 2]))
  }

  /// How many pixels of the rectangle differ from `background` by more than `tolerance` in a channel.
  func count(
    differingFrom background: (red: Int, green: Int, blue: Int), in rect: (x: Int, y: Int, width: Int, height: Int),
    tolerance: Int = 40
  ) -> Int {
    var count = 0
    for y in rect.y..<(rect.y + rect.height) {
      for x in rect.x..<(rect.x + rect.width) {
        let pixel = self[x, y]
        if abs(pixel.red - background.red) > tolerance || abs(pixel.green - background.green) > tolerance
          || abs(pixel.blue - background.blue) > tolerance
        {
          count += 1
        }
      }
    }
    return count
  }
}

/// What an SVG frame as Graphviz writes it places where: its view box, its graph's translation and
/// each node's box (in the picture's units, the graph's translation applied), read with `XMLParser`.
struct SVGGeometry {
  var width: Double
  var height: Double
  /// Each `<g class="node …">`'s id (removed ones left out) and the box around its shapes' points.
  var nodes: [String: (minX: Double, minY: Double, maxX: Double, maxY: Double)]
  /// The ids of the nodes a diff draws faded, as removed since the step before.
  var removed: Set<String>

  init(_ bytes: [UInt8]) throws {
    let parser = XMLParser(data: Data(bytes))
    let reader = GeometryReader()
    parser.delegate = reader
    guard parser.parse() else { throw SVGParseFailure(description: "\(String(describing: parser.parserError))") }
    (width, height, removed) = (reader.width, reader.height, reader.removed)
    nodes = reader.boxes.filter { !reader.removed.contains($0.key) }
  }

  private final class GeometryReader: NSObject, XMLParserDelegate {
    var width = 0.0
    var height = 0.0
    var translation = (x: 0.0, y: 0.0)
    var boxes: [String: (minX: Double, minY: Double, maxX: Double, maxY: Double)] = [:]
    var stack: [String?] = []
    var removed: Set<String> = []

    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
      attributes: [String: String] = [:]
    ) {
      if elementName == "svg", let box = attributes["viewBox"] {
        let numbers = box.split(separator: " ").compactMap { Double($0) }
        if numbers.count == 4 { (width, height) = (numbers[2], numbers[3]) }
      }
      if elementName == "g", attributes["id"] == "graph0", let transform = attributes["transform"],
        let range = transform.range(of: "translate(")
      {
        let numbers = transform[range.upperBound...].prefix { $0 != ")" }.split(separator: " ").compactMap {
          Double($0)
        }
        if numbers.count == 2 { translation = (numbers[0], numbers[1]) }
      }
      let classes = attributes["class"]?.split(separator: " ") ?? []
      let node: String? = elementName == "g" && classes.first == "node" ? attributes["id"] : nil
      if let node, classes.contains("removed") { removed.insert(node) }
      stack.append(node ?? stack.last ?? nil)
      guard let owner = stack.last ?? nil, let points = attributes["points"] ?? attributes["d"] else { return }
      let numbers = points.split { !"0123456789.-".contains($0) }.compactMap { Double($0) }
      var box = boxes[owner] ?? (.infinity, .infinity, -.infinity, -.infinity)
      for pair in stride(from: 0, to: numbers.count - 1, by: 2) {
        let (x, y) = (numbers[pair] + translation.x, numbers[pair + 1] + translation.y)
        box = (min(box.minX, x), min(box.minY, y), max(box.maxX, x), max(box.maxY, y))
      }
      boxes[owner] = box
    }

    func parser(
      _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
      stack.removeLast()
    }
  }
}
