/// The controllers of a ``Hierarchy`` by id, with what a step needs to change them in place.
///
/// While a step is recorded (``beginRecording()``), the first write to a controller keeps its
/// value from before the step, so the step can be undone (``undo()``) or compared with what came
/// before (``earlier(_:)``) without copying every controller: a step costs what it changes.
///
/// Two tables are equal when their controllers are; what a step recorded and the bookkeeping
/// below are not compared.
struct ControllerTable: Sendable {
  private(set) var byID: [String: ViewController]
  /// The value before the recorded step of each controller it wrote to (nil for an id that had none).
  private(set) var originals: [String: ViewController?] = [:]
  private(set) var isRecording = false
  /// True while every controller's ``ViewController/appearance`` is what its place on screen
  /// gives (as `updateAppearance()` sets it): a step may then look only at the controllers it
  /// touches. Any write outside a step, and any change of the windows, clears it.
  var isAppearanceCurrent: Bool
  /// The split view controllers, in declaration order (and any controller written to later that
  /// became one, after them): adapting split views to the size class looks at these only.
  private(set) var splitViews: [String]

  /// The controllers, with `order` their declaration order.
  init(_ byID: [String: ViewController], order: [String]) {
    self.byID = byID
    splitViews = order.filter { byID[$0]?.kind == .splitView }
    // Without windows nothing is on screen: the appearances are current when none has appeared.
    isAppearanceCurrent = byID.values.allSatisfy { $0.appearance == .disappeared }
  }

  var count: Int { byID.count }

  subscript(id: String) -> ViewController? {
    get { byID[id] }
    _modify {
      if isRecording, originals.index(forKey: id) == nil { originals[id] = .some(byID[id]) }
      isAppearanceCurrent = false
      yield &byID[id]
      if byID[id]?.kind == .splitView, !splitViews.contains(id) { splitViews.append(id) }
    }
  }

  /// Starts keeping the earlier value of each controller written to.
  mutating func beginRecording() {
    originals = [:]
    isRecording = true
  }

  /// Stops recording and forgets the earlier values.
  mutating func endRecording() {
    originals = [:]
    isRecording = false
  }

  /// Puts back every controller written to since ``beginRecording()``, and stops recording.
  mutating func undo() {
    for (id, original) in originals { byID[id] = original }
    endRecording()
  }

  /// The ids written to since ``beginRecording()``.
  var touched: Dictionary<String, ViewController?>.Keys { originals.keys }

  /// The controller as it was when recording began.
  func earlier(_ id: String) -> ViewController? {
    if let index = originals.index(forKey: id) { return originals[index].value }
    return byID[id]
  }
}

extension ControllerTable: Hashable {
  static func == (lhs: ControllerTable, rhs: ControllerTable) -> Bool {
    lhs.byID == rhs.byID
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(byID)
  }
}
