import Foundation

/// A scenario's frames as one SVG that plays them one after another, in a loop: `animated.svg`.
///
/// The file is made for places that show an SVG as an image (a README, an issue, DocC, a browser
/// tab), so it has no script: each piece of the drawing is shown and hidden by a CSS
/// `@keyframes` animation of its opacity. Every piece is written once, however many steps show
/// it: the frames' drawings are cut into the shapes and texts Graphviz writes (a node's box, a
/// line of its label, an edge, a line of the legend), identical ones are merged, and the ones
/// shown in the same steps share one group and one animation; an outline two shapes draw is
/// written once, in `<defs>`. Ids get the number of the frame that draws them as a prefix
/// (`f3-`), since Graphviz gives every frame the same ids (`graph0`, `edge1`, …).
///
/// Each frame's header already names its step (`STEP 3 OF 8`), its action and its caption;
/// under the drawing, a bar has one segment per step, the current one filled. With
/// `prefers-reduced-motion: reduce`, and wherever CSS animations do not run, the last step shows,
/// standing still.
public struct AnimatedSVG: Sendable, Hashable {
  /// One step's frame: its number and the SVG Graphviz wrote for it (whose header names the step,
  /// its action and its caption).
  public struct Frame: Sendable, Hashable {
    public var number: Int
    /// The frame's drawing, as Graphviz writes SVG.
    public var svg: String

    public init(number: Int, svg: String) {
      self.number = number
      self.svg = svg
    }
  }

  /// The colours of the bar under the drawing and the diagrams' font: the frames' own, from the theme.
  public struct Palette: Sendable, Hashable {
    public var background: String
    /// The bar's segments of the steps not showing.
    public var track: String
    /// The bar's segment of the step showing.
    public var accent: String
    public var font: String

    public init(background: String, track: String, accent: String, font: String) {
      (self.background, self.track, self.accent, self.font) = (background, track, accent, font)
    }
  }

  /// The file's name beside the frames for `theme` when `themes` are drawn: `animated.svg`, and
  /// `animated~dark.svg` for the dark theme of two, and its key in the index (``RenderIndex/key(for:theme:among:)``).
  public static func file(for theme: Theme, among themes: [Theme]) -> (name: String, key: String) {
    (
      "animated" + theme.fileNameSuffix(among: themes) + "." + OutputFormat.svg.fileExtension,
      RenderIndex.key(for: .svg, theme: theme, among: themes)
    )
  }

  /// The file's text.
  public var text: String

  /// How much work building the file took, counted: each shape read, each step that shows a piece,
  /// each keyframe and each piece written. It grows with the frames' size and the file's, never
  /// with the square of the number of steps, which a test checks without a clock.
  var work: Int

  /// The animation of `frames`, in the order given, each shown for `interval` seconds.
  ///
  /// The frames are read one at a time and let go of: only what the file keeps (each distinct shape
  /// once, and the steps that show it) stays in memory, so `frames` may be a lazy sequence that
  /// reads each frame's file as it is asked for.
  public init<Frames: Sequence<Frame>>(frames: Frames, interval: Double, palette: Palette) {
    var merge = Merge()
    for frame in frames { merge.add(ParsedFrame(frame)) }
    (text, work) = merge.file(interval: max(0.1, interval), palette: palette)
  }
}

// MARK: - Reading a frame

extension AnimatedSVG {
  /// What the animation keeps of a frame: its size, its graph's transform and its graph's elements.
  struct ParsedFrame {
    var number: Int
    var width: Double
    var height: Double
    /// The `transform` of Graphviz's graph group, which places the graph's coordinates in the picture.
    var transform: String
    /// The shapes and texts of the graph, in drawing order (see ``shapes(_:)``); `private` for
    /// those that define or refer to ids, which are never shared with another frame, so that a
    /// reference always finds the definition of its own frame.
    var elements: [(text: String, private: Bool)]

    init(_ frame: Frame) {
      number = frame.number
      let bytes = Array(frame.svg.utf8)
      var reader = MarkupReader(bytes: bytes)
      var elements: [String] = []
      var (width, height, transform) = (0.0, 0.0, "")
      var depth = 0
      var elementStart: Int?
      while let tag = reader.nextTag() {
        switch tag.kind {
        case .open, .empty:
          if depth == 0, tag.name == "svg" {
            let box = (tag.attribute("viewBox", in: bytes) ?? "").split(separator: " ").compactMap { Double($0) }
            if box.count == 4 { (width, height) = (box[2], box[3]) }
          } else if depth == 1, tag.name == "g" {
            transform = tag.attribute("transform", in: bytes) ?? ""
          } else if depth == 2 {
            elementStart = tag.start
          }
          if tag.kind == .open {
            depth += 1
          } else if depth == 2, let start = elementStart {
            elements.append(String(decoding: bytes[start..<tag.end], as: UTF8.self))
            elementStart = nil
          }
        case .close:
          depth -= 1
          if depth == 2, let start = elementStart {
            elements.append(String(decoding: bytes[start..<tag.end], as: UTF8.self))
            elementStart = nil
          }
        }
      }
      (self.width, self.height, self.transform) = (width, height, transform)
      self.elements = elements.flatMap(Self.shapes)
    }

    /// The shapes and texts an element of the graph draws, without the groups, links and titles
    /// around them (which an image shows nothing of), so that a node that changes shares its
    /// unchanged parts with its other versions. An element that refers to ids (a gradient) stays whole.
    static func shapes(_ element: String) -> [(text: String, private: Bool)] {
      if element.contains("url(#") || element.contains("href=\"#") || element.contains("<defs") {
        return [(element, true)]
      }
      let bytes = Array(element.utf8)
      var reader = MarkupReader(bytes: bytes)
      var shapes: [(text: String, private: Bool)] = []
      var shape: (start: Int, depth: Int, kept: Bool)?
      var depth = 0
      while let tag = reader.nextTag() {
        switch tag.kind {
        case .open, .empty:
          if shape == nil, tag.name != "g", tag.name != "a" {
            shape = (tag.start, depth, tag.name != "title")
          }
          if tag.kind == .open { depth += 1 }
        case .close:
          depth -= 1
        }
        if let open = shape, depth == open.depth {
          if open.kept { shapes.append((String(decoding: bytes[open.start..<tag.end], as: UTF8.self), false)) }
          shape = nil
        }
      }
      return shapes
    }
  }

  /// Reads the tags of XML markup as Graphviz writes it, skipping the prolog, doctype, comments
  /// and text; quoted attribute values may hold `>`.
  struct MarkupReader {
    enum Kind { case open, close, empty }
    struct Tag {
      var kind: Kind
      var name: String
      /// The positions of `<` and after `>`.
      var start: Int
      var end: Int

      /// The value of an attribute of this tag, as written (entities kept).
      func attribute(_ name: String, in bytes: [UInt8]) -> String? {
        let tag = String(decoding: bytes[start..<end], as: UTF8.self)
        guard let range = tag.range(of: " \(name)=\"") ?? tag.range(of: "\n\(name)=\"") else { return nil }
        let rest = tag[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
      }
    }

    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    private func starts(with text: String, at position: Int) -> Bool {
      let pattern = text.utf8
      return position + pattern.count <= bytes.count
        && bytes[position..<position + pattern.count].elementsEqual(pattern)
    }

    private func end(of terminator: String, from position: Int) -> Int {
      var position = position
      while position < bytes.count, !starts(with: terminator, at: position) { position += 1 }
      return min(bytes.count, position + terminator.utf8.count)
    }

    mutating func nextTag() -> Tag? {
      while position < bytes.count {
        guard bytes[position] == UInt8(ascii: "<") else {
          position += 1
          continue
        }
        if starts(with: "<!--", at: position) {
          position = end(of: "-->", from: position + 4)
        } else if starts(with: "<![CDATA[", at: position) {
          position = end(of: "]]>", from: position)
        } else if starts(with: "<?", at: position) {
          position = end(of: "?>", from: position)
        } else if starts(with: "<!", at: position) {
          position = end(of: ">", from: position)
        } else {
          let start = position
          var cursor = position + 1
          var quote: UInt8?
          while cursor < bytes.count {
            let byte = bytes[cursor]
            cursor += 1
            if let open = quote {
              if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
              quote = byte
            } else if byte == UInt8(ascii: ">") {
              break
            }
          }
          position = cursor
          let closing = bytes[start + 1] == UInt8(ascii: "/")
          var nameEnd = start + (closing ? 2 : 1)
          let nameStart = nameEnd
          while nameEnd < cursor, !" \t\r\n/>".utf8.contains(bytes[nameEnd]) { nameEnd += 1 }
          let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
          let kind: Kind = closing ? .close : (cursor >= 2 && bytes[cursor - 2] == UInt8(ascii: "/") ? .empty : .open)
          return Tag(kind: kind, name: name, start: start, end: cursor)
        }
      }
      return nil
    }
  }
}

// MARK: - Merging the frames

extension AnimatedSVG {
  /// The steps that show a piece of the drawing, as runs of consecutive frame offsets
  /// (`[0..<2, 5..<6]`): as long as the times the piece appears, not as the number of steps.
  struct Steps: Hashable {
    private(set) var runs: [Range<Int>] = []

    init() {}

    /// The steps of the frames at `offsets`.
    init(only offsets: Range<Int>) { runs = offsets.isEmpty ? [] : [offsets] }

    /// The step of one frame, by its offset.
    init(only offset: Int) { self.init(only: offset..<(offset + 1)) }

    /// Adds a frame's offset, at or after every offset added before.
    mutating func append(_ offset: Int) {
      guard let last = runs.last else {
        runs = [offset..<(offset + 1)]
        return
      }
      if last.contains(offset) { return }
      if last.upperBound == offset {
        runs[runs.count - 1] = last.lowerBound..<(offset + 1)
      } else {
        runs.append(offset..<(offset + 1))
      }
    }

    /// True when every one of `count` frames shows it.
    func isEvery(of count: Int) -> Bool { runs == [0..<count] }

    /// True when the last of `count` frames shows it: what stands still without animation.
    func showsLast(of count: Int) -> Bool { runs.last?.upperBound == count }
  }

  /// A run of elements drawn one after the other, shown in the same steps, in the same coordinates.
  struct Layer {
    var steps: Steps
    var transform: String
    var elements: [String]
  }

  /// The frames read so far, merged: every element once, with the steps that show it and the
  /// elements that come after it in some frame, so that one order can keep every frame's.
  struct Merge {
    struct Key: Hashable {
      var transform: String
      var text: String
      /// The frame a private element belongs to (see ``ParsedFrame/elements``); nil when shared.
      var frame: Int?
    }

    struct Edge: Hashable {
      var from: Int
      var to: Int
    }

    /// The frames' numbers, in the order read.
    private(set) var numbers: [Int] = []
    /// The largest frame's size.
    private(set) var width = 0.0
    private(set) var height = 0.0
    /// See ``AnimatedSVG/work``.
    private(set) var work = 0
    /// Element ids by key, and each id's key, first frame (its offset) and steps.
    private var ids: [Key: Int] = [:]
    private var keys: [Key] = []
    private var firstFrame: [Int] = []
    private var steps: [Steps] = []
    /// What follows each element in some frame, each pair once.
    private var successors: [[Int]] = []
    private var edges: Set<Edge> = []
    private var predecessorCount: [Int] = []

    /// Adds the next frame's elements (`private` ones are never merged with another frame's).
    mutating func add(_ frame: ParsedFrame) {
      let offset = numbers.count
      numbers.append(frame.number)
      (width, height) = (max(width, frame.width), max(height, frame.height))
      var previous: Int?
      for element in frame.elements {
        work += 1
        let key = Key(transform: frame.transform, text: element.text, frame: element.private ? offset : nil)
        let id: Int
        if let known = ids[key] {
          id = known
        } else {
          id = keys.count
          ids[key] = id
          keys.append(key)
          firstFrame.append(offset)
          steps.append(Steps())
          successors.append([])
          predecessorCount.append(0)
        }
        steps[id].append(offset)
        if let previous, previous != id, edges.insert(Edge(from: previous, to: id)).inserted {
          successors[previous].append(id)
          predecessorCount[id] += 1
        }
        previous = id
      }
    }

    /// The elements of every frame, each once, in an order that keeps each frame's drawing order
    /// (when the frames disagree, the first frame to draw an element wins), cut into layers. The
    /// text written for an element is `rewrite(text, number of the first frame that draws it)`.
    mutating func layers(rewrite: (String, Int) -> String) -> [Layer] {
      // Kahn's order, taking the element that appeared first among those ready: the element ids
      // are in order of first appearance, so the smallest ready id.
      var predecessorCount = self.predecessorCount
      var ready = Heap()
      for id in keys.indices where predecessorCount[id] == 0 { ready.insert(id) }
      var placed = [Bool](repeating: false, count: keys.count)
      var order: [Int] = []
      order.reserveCapacity(keys.count)
      var nextUnplaced = 0
      while order.count < keys.count {
        work += 1
        let id: Int
        if let next = ready.popMinimum() {
          id = next
        } else {
          // The frames disagree about an order (a cycle): place the earliest element left.
          while placed[nextUnplaced] { nextUnplaced += 1 }
          id = nextUnplaced
        }
        guard !placed[id] else { continue }
        placed[id] = true
        order.append(id)
        for next in successors[id] where !placed[next] {
          work += 1
          predecessorCount[next] -= 1
          if predecessorCount[next] == 0 { ready.insert(next) }
        }
      }
      var layers: [Layer] = []
      for id in order {
        work += 1 + steps[id].runs.count
        let text = rewrite(keys[id].text, numbers[firstFrame[id]])
        if let last = layers.last, last.steps == steps[id], last.transform == keys[id].transform {
          layers[layers.count - 1].elements.append(text)
        } else {
          layers.append(Layer(steps: steps[id], transform: keys[id].transform, elements: [text]))
        }
      }
      return layers
    }

    /// The file: the merged frames, and under them a bar with a segment per step, the current one
    /// filled; the work it took, in all.
    mutating func file(interval: Double, palette: Palette) -> (text: String, work: Int) {
      var writer = Writer(count: max(numbers.count, 1), width: width, height: height, interval: interval)
      // The diagrams' font is said once, in the style, and the default anchor not at all.
      let fontAttribute = " font-family=\"\(Flipbook.html(palette.font))\""
      let layers = self.layers { text, number in
        Flipbook.inlineSVG(text, idPrefix: "f\(number)-")
          .replacingOccurrences(of: fontAttribute, with: "")
          .replacingOccurrences(of: " text-anchor=\"start\"", with: "")
      }
      let text = writer.text(of: layers, palette: palette)
      return (text, work + writer.work)
    }
  }

  /// A binary min-heap of element ids.
  struct Heap {
    private var items: [Int] = []

    mutating func insert(_ item: Int) {
      items.append(item)
      var child = items.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        guard items[child] < items[parent] else { break }
        items.swapAt(child, parent)
        child = parent
      }
    }

    mutating func popMinimum() -> Int? {
      guard let first = items.first else { return nil }
      let last = items.removeLast()
      if !items.isEmpty {
        items[0] = last
        var parent = 0
        while true {
          let left = 2 * parent + 1
          let right = left + 1
          var smallest = parent
          if left < items.count, items[left] < items[smallest] { smallest = left }
          if right < items.count, items[right] < items[smallest] { smallest = right }
          if smallest == parent { break }
          items.swapAt(parent, smallest)
          parent = smallest
        }
      }
      return first
    }
  }
}

// MARK: - Writing the file

extension AnimatedSVG {
  /// Writes the merged layers of `count` frames as the file, each layer's group shown in its steps
  /// by a CSS animation (one per set of steps), with the bar under the drawing.
  struct Writer {
    /// The margins of the band under the drawing, in points.
    static let margin = 16.0

    let count: Int
    let width: Double
    let height: Double
    /// How long each step shows, and the whole loop, in seconds.
    let interval: Double
    let duration: Double
    private(set) var work = 0
    /// The animations written so far, by the steps they show; named `k0`, `k1`…
    private var animations: [Steps: Int] = [:]
    private var style: [String] = []

    init(count: Int, width: Double, height: Double, interval: Double) {
      (self.count, self.width, self.height) = (count, width, height)
      (self.interval, duration) = (interval, interval * Double(count))
    }

    func number(_ value: Double) -> String { String(format: "%.2f", value) }

    private func percent(_ offset: Int) -> String {
      String(format: "%.4g", Double(offset) * 100 / Double(count)) + "%"
    }

    /// The class of the animation that shows a group in `steps` (written to the style the first
    /// time), or nil when every step shows it.
    private mutating func animation(for steps: Steps) -> String? {
      guard !steps.isEvery(of: count) else { return nil }
      if let known = animations[steps] { return "k\(known)" }
      let name = "k\(animations.count)"
      animations[steps] = animations.count
      // Opacity 1 from where each run starts, 0 from where it ends.
      var keyframes = ["0%{opacity:\(steps.runs.first?.lowerBound == 0 ? 1 : 0)}"]
      for run in steps.runs {
        work += 1
        if run.lowerBound > 0 { keyframes.append("\(percent(run.lowerBound)){opacity:1}") }
        if run.upperBound < count { keyframes.append("\(percent(run.upperBound)){opacity:0}") }
      }
      let standing = steps.showsLast(of: count) ? 1 : 0
      keyframes.append("100%{opacity:\(standing)}")
      style.append(".\(name){opacity:\(standing);animation:\(name) \(number(duration))s step-end infinite}")
      style.append("@keyframes \(name){\(keyframes.joined())}")
      return name
    }

    /// The group of `elements`, shown in `steps`, in `transform`'s coordinates.
    private mutating func group(_ elements: [String], steps: Steps, transform: String = "") -> [String] {
      work += elements.count
      var attributes = ""
      if let name = animation(for: steps) { attributes += " class=\"\(name)\"" }
      if !transform.isEmpty { attributes += " transform=\"\(transform)\"" }
      return ["<g\(attributes)>"] + elements + ["</g>"]
    }

    mutating func text(of layers: [Layer], palette: Palette) -> String {
      let (shapes, layers) = AnimatedSVG.sharingOutlines(layers)
      style = ["text{font-family:\(palette.font)}"]
      var body: [String] = []
      for layer in layers { body += group(layer.elements, steps: layer.steps, transform: layer.transform) }

      // The bar: a grey segment per step, always there, and over it each step's own segment in
      // the accent colour, shown in that step only.
      let (margin, barHeight, gap) = (Self.margin, 5.0, 3.0)
      let barTop = height + margin / 2
      let segment = max(1, (width - 2 * margin - gap * Double(count - 1)) / Double(count))
      func rect(_ offset: Int, _ fill: String) -> String {
        "<rect x=\"\(number(margin + Double(offset) * (segment + gap)))\" y=\"\(number(barTop))\" "
          + "width=\"\(number(segment))\" height=\"\(number(barHeight))\" rx=\"2\" fill=\"\(fill)\"/>"
      }
      body += group((0..<count).map { rect($0, palette.track) }, steps: Steps(only: 0..<count))
      for offset in 0..<count {
        body += group([rect(offset, palette.accent)], steps: Steps(only: offset))
      }
      style.append("@media (prefers-reduced-motion:reduce){g[class]{animation:none}}")

      let totalHeight = barTop + barHeight + margin / 2
      var lines = [
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
        "<!-- Generated by vcgraph: \(count) step\(count == 1 ? "" : "s"), \(number(interval)) s each, in a loop -->",
        "<svg width=\"\(number(width))pt\" height=\"\(number(totalHeight))pt\" "
          + "viewBox=\"0 0 \(number(width)) \(number(totalHeight))\" xmlns=\"http://www.w3.org/2000/svg\" "
          + "xmlns:xlink=\"http://www.w3.org/1999/xlink\">",
        "<style>",
      ]
      lines += style
      lines += ["</style>", "<rect width=\"100%\" height=\"100%\" fill=\"\(palette.background)\"/>"]
      if !shapes.isEmpty { lines += ["<defs>"] + shapes + ["</defs>"] }
      lines += body
      lines.append("</svg>")
      return lines.joined(separator: "\n") + "\n"
    }
  }

  /// The layers with every outline (a path's `d`) that two paths draw written once, in
  /// `<defs>`, and drawn with `<use>`: a controller's box is the same shape in every state, filled
  /// once and stroked once, in whatever colours its state has.
  static func sharingOutlines(_ layers: [Layer]) -> (definitions: [String], layers: [Layer]) {
    func outline(_ element: String) -> Range<String.Index>? {
      guard element.hasPrefix("<path "), element.hasSuffix("/>"), !element.contains(" id=\""),
        let start = element.range(of: " d=\"")
      else { return nil }
      guard let end = element[start.upperBound...].firstIndex(of: "\"") else { return nil }
      return start.lowerBound..<element.index(after: end)
    }
    var uses: [Substring: Int] = [:]
    for layer in layers {
      for element in layer.elements {
        if let range = outline(element), element.distance(from: range.lowerBound, to: range.upperBound) > 40 {
          uses[element[range], default: 0] += 1
        }
      }
    }
    var names: [Substring: String] = [:]
    var definitions: [String] = []
    var result = layers
    for (layerOffset, layer) in layers.enumerated() {
      for (offset, element) in layer.elements.enumerated() {
        guard let range = outline(element), uses[element[range], default: 0] > 1 else { continue }
        let d = element[range]
        let name: String
        if let known = names[d] {
          name = known
        } else {
          name = "o\(definitions.count)"
          names[d] = name
          definitions.append("<path id=\"\(name)\"\(d)/>")
        }
        var attributes = element
        attributes.removeSubrange(range)
        result[layerOffset].elements[offset] =
          "<use xlink:href=\"#\(name)\"" + attributes.dropFirst("<path".count)
      }
    }
    return (definitions, result)
  }
}
