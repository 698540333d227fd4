/// The lifecycle callbacks of each step, as `vcgraph events` prints them.
public struct EventLog: Sendable {
  public var steps: [StepEvents]

  public init(frames: some Sequence<Frame>) {
    steps = frames.map { StepEvents(number: $0.step.number, action: $0.step.action.summary, events: $0.events) }
  }

  /// One step's callbacks.
  public struct StepEvents: Sendable, Encodable {
    public var number: Int
    public var action: String
    public var events: [LifecycleEvent]
  }

  /// For people: a header per step, then one callback a line with the controller ids in a column.
  ///
  /// ```
  /// step 3: present login from home
  ///   login  viewDidLoad()
  ///   home   viewWillDisappear(animated: true)
  /// ```
  public var text: String {
    var lines: [String] = []
    for step in steps {
      lines.append("step \(step.number): \(step.action)")
      guard !step.events.isEmpty else {
        lines.append("  (no callbacks)")
        continue
      }
      let width = step.events.map(\.viewController.count).max() ?? 0
      for event in step.events {
        let id = event.viewController
        lines.append("  " + id + String(repeating: " ", count: width - id.count) + "  " + event.call)
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `{"steps": [{"number", "action", "events": [{"viewController", "event", "parent", "animated"}]}]}`;
  /// `parent` only on `willMove(toParent:)` and `didMove(toParent:)`, null when the controller leaves;
  /// `animated` only on the appearance callbacks (`viewWillAppear`, `viewIsAppearing`, …).
  public func jsonString() -> String {
    JSONText.encode(Document(steps: steps))
  }

  private struct Document: Encodable {
    var steps: [StepEvents]
  }
}

extension LifecycleEvent: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(viewController, forKey: .viewController)
    try container.encode(name, forKey: .event)
    if isParentChange { try container.encode(parent, forKey: .parent) }
    if let animated { try container.encode(animated, forKey: .animated) }
  }

  private enum CodingKeys: String, CodingKey { case viewController, event, parent, animated }
}
