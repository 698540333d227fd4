import Foundation

/// `index.json` beside a scenario's rendered frames: which file shows which step.
public struct RenderIndex: Sendable, Codable, Hashable {
  /// The index's file name beside the frames.
  public static let fileName = "index.json"

  /// The scenario path as given on the command line.
  public var scenario: String
  public var title: String?
  public var steps: [Entry]

  public init(scenario: String, title: String?, steps: [Entry]) {
    self.scenario = scenario
    self.title = title
    self.steps = steps
  }

  /// One rendered step and its file per format (`{"svg": "01-setroot-nav.svg"}`).
  public struct Entry: Sendable, Codable, Hashable {
    public var number: Int
    public var action: String
    public var caption: String?
    public var files: [String: String]

    public init(number: Int, action: String, caption: String?, files: [String: String]) {
      self.number = number
      self.action = action
      self.caption = caption
      self.files = files
    }

    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(number, forKey: .number)
      try container.encode(action, forKey: .action)
      try container.encode(caption, forKey: .caption)
      try container.encode(files, forKey: .files)
    }

    enum CodingKeys: String, CodingKey { case number, action, caption, files }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(scenario, forKey: .scenario)
    try container.encode(title, forKey: .title)
    try container.encode(steps, forKey: .steps)
  }

  enum CodingKeys: String, CodingKey { case scenario, title, steps }

  /// The name of a step's file: `NN-slug.ext`, the number zero-padded so names sort in step order.
  public static func fileName(for step: Step, stepCount: Int, fileExtension: String) -> String {
    let width = max(2, String(stepCount).count)
    let number = String(step.number)
    return String(repeating: "0", count: max(0, width - number.count)) + number + "-" + step.slug + "." + fileExtension
  }

  /// This index plus the steps of `previous` that it does not hold, in step order: the index of a
  /// folder after rendering only some steps of the scenario `previous` already described.
  public func keepingOtherSteps(of previous: RenderIndex?) -> RenderIndex {
    guard let previous, previous.scenario == scenario else { return self }
    let rendered = Set(steps.map(\.number))
    var merged = self
    merged.steps = (steps + previous.steps.filter { !rendered.contains($0.number) }).sorted { $0.number < $1.number }
    return merged
  }

  /// The index as pretty-printed JSON with sorted keys, ending in a newline.
  public func jsonData() -> Data {
    Data(JSONText.encode(self).utf8)
  }
}
