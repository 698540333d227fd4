import Foundation

/// `index.json` beside a scenario's rendered frames: which file shows which step.
public struct RenderIndex: Sendable, Codable, Hashable {
  /// The index's file name beside the frames.
  public static let fileName = "index.json"

  /// The scenario's path relative to the output folder (`../samples/tab-bar.yaml` for
  /// `-o diagrams`), as ``recordedPath(of:relativeTo:)`` gives it.
  public var scenario: String
  public var title: String?
  public var steps: [Entry]
  /// The animation of every step (`render --animate`) per theme, keyed as a frame's SVG is
  /// (`{"svg": "animated.svg", "svg~dark": "animated~dark.svg"}`); nil when none was written.
  public var animation: [String: String]?

  public init(scenario: String, title: String?, steps: [Entry], animation: [String: String]? = nil) {
    self.scenario = scenario
    self.title = title
    self.steps = steps
    self.animation = animation
  }

  /// One rendered step and its file per format (`{"svg": "01-setroot-nav.svg"}`).
  public struct Entry: Sendable, Codable, Hashable {
    public var number: Int
    public var action: String
    public var caption: String?
    public var files: [String: String]
    /// With `render --size-classes`, what each side of the picture shows, in its order (left
    /// first); nil otherwise.
    public var sides: [Side]?

    public init(number: Int, action: String, caption: String?, files: [String: String], sides: [Side]? = nil) {
      self.number = number
      self.action = action
      self.caption = caption
      self.files = files
      self.sides = sides
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(number, forKey: .number)
      try container.encode(action, forKey: .action)
      try container.encode(caption, forKey: .caption)
      try container.encode(files, forKey: .files)
      try container.encodeIfPresent(sides, forKey: .sides)
    }

    enum CodingKeys: String, CodingKey { case number, action, caption, files, sides }
  }

  /// One side of a step drawn with `render --size-classes`:
  /// `{"sizeClass": "compact", "heading": "iPhone · compact", "events": ["home viewWillDisappear(animated: true)"]}`.
  public struct Side: Sendable, Codable, Hashable {
    /// The horizontal size class every window has on this side.
    public var sizeClass: SizeClass
    /// The heading drawn above the side.
    public var heading: String
    /// The callbacks UIKit made on this side during the step, in order, as `vcgraph events` prints
    /// them: the controller's id, then the call.
    public var events: [String]
    /// What the side's picture notes about the step (a `setTraits` step that a fixed width ignores).
    public var notes: [String]

    public init(sizeClass: SizeClass, heading: String, events: [String], notes: [String] = []) {
      self.sizeClass = sizeClass
      self.heading = heading
      self.events = events
      self.notes = notes
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(scenario, forKey: .scenario)
    try container.encode(title, forKey: .title)
    try container.encode(steps, forKey: .steps)
    try container.encodeIfPresent(animation, forKey: .animation)
  }

  enum CodingKeys: String, CodingKey { case scenario, title, steps, animation }

  /// The name of a step's file: `NN-slug.ext`, the number zero-padded so names sort in step order.
  ///
  /// `suffix` goes before the extension: `~dark` for the dark theme's files (`03-push-detail~dark.svg`).
  public static func fileName(for step: Step, stepCount: Int, fileExtension: String, suffix: String = "") -> String {
    let width = max(2, String(stepCount).count)
    let number = String(step.number)
    return String(repeating: "0", count: max(0, width - number.count)) + number + "-" + step.slug + suffix + "."
      + fileExtension
  }

  /// The name of a step's file in `format` drawn in `theme` when `themes` are drawn, and its key in
  /// the index (``key(for:theme:among:)``): the one function that names a frame's files.
  public static func frameFile(
    for step: Step, stepCount: Int, format: OutputFormat, theme: Theme = .light, among themes: [Theme] = [.light]
  ) -> (name: String, key: String) {
    (
      fileName(
        for: step, stepCount: stepCount, fileExtension: format.fileExtension,
        suffix: theme.fileNameSuffix(among: themes)),
      key(for: format, theme: theme, among: themes)
    )
  }

  /// The key the index lists a file under: its format, with the theme's file name suffix when
  /// `themes` are drawn (`svg`, `svg~dark`, `png~dark`). The one place keys are spelt, for frames
  /// and the animation alike.
  public static func key(for format: OutputFormat, theme: Theme = .light, among themes: [Theme] = [.light]) -> String {
    format.rawValue + theme.fileNameSuffix(among: themes)
  }

  /// Every key a file can have (``key(for:theme:among:)`` with both themes), formats in the order
  /// vcgraph renders them and each format's light theme first: `svg`, `svg~dark`, `png`…
  public static let keys: [String] = OutputFormat.allCases.flatMap { format in
    Theme.allCases.map { key(for: format, theme: $0, among: Theme.allCases) }
  }

  /// A scenario's path as the index records it: relative to `folder`, the output folder
  /// (`../samples/tab-bar.yaml` for `render samples/tab-bar.yaml -o diagrams`), however it was
  /// typed, so the index names no path of the machine that rendered it and stays right when the
  /// project moves. Symbolic links are resolved in both.
  public static func recordedPath(of scenario: String, relativeTo folder: String) -> String {
    func components(_ path: String) -> [String] {
      URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().pathComponents.filter { $0 != "/" }
    }
    let file = components(scenario)
    let base = components(folder)
    let shared = zip(file, base).prefix { $0 == $1 }.count
    return (Array(repeating: "..", count: base.count - shared) + file[shared...]).joined(separator: "/")
  }

  /// This index plus the steps of `earlier` that it does not hold and that the scenario still has with
  /// the same action (`stepActions[n - 1]` is step n's), in step order: the index of a folder after
  /// rendering only some steps again.
  public func keepingSteps(of earlier: RenderIndex?, stillIn stepActions: [String]) -> RenderIndex {
    guard let earlier, earlier.scenario == scenario else { return self }
    let rendered = Set(steps.map(\.number))
    let unchanged = earlier.steps.filter { entry in
      !rendered.contains(entry.number) && stepActions.indices.contains(entry.number - 1)
        && stepActions[entry.number - 1] == entry.action
    }
    var merged = self
    merged.steps = (steps + unchanged).sorted { $0.number < $1.number }
    return merged
  }

  /// True for the names ``fileName(for:stepCount:fileExtension:suffix:)`` makes: `NN-slug.ext`, `NN-slug~dark.ext`.
  public static func isFrameFileName(_ name: String) -> Bool {
    let parts = name.split(separator: "-", maxSplits: 1)
    guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy(\.isASCII), parts[0].allSatisfy(\.isNumber),
      let dot = parts[1].lastIndex(of: "."),
      OutputFormat.allCases.map(\.fileExtension).contains(String(parts[1][parts[1].index(after: dot)...]))
    else { return false }
    var stem = parts[1][..<dot]
    for suffix in Theme.allCases.map(\.fileNameSuffix) where !suffix.isEmpty && stem.hasSuffix(suffix) {
      stem = stem.dropLast(suffix.count)
    }
    return stem.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }
  }

  /// The index as pretty-printed JSON with sorted keys, ending in a newline.
  public func jsonData() -> Data {
    Data(JSONText.encode(self).utf8)
  }
}
