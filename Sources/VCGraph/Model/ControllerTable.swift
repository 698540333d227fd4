import Foundation

/// The controllers of a ``Hierarchy`` by id, with what a step needs to change them in place.
///
/// While a step is recorded (``beginRecording()``), the first write to a controller keeps its
/// value from before the step, so the step can be undone (``undo()``) or compared with what came
/// before (``earlier(_:)``) without copying every controller: a step costs what it changes.
///
/// Two tables are equal when their controllers are; what a step recorded and the bookkeeping
/// below are not compared.
struct ControllerTable: Sendable {
  private(set) var byID: ControllerBuckets
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
  /// Each controller's index in the declaration order: what puts a few of them in that order
  /// without walking all of them.
  let positions: [String: Int]
  /// True when some controller was written with a ``ViewController/dumpRecord`` (a dump's, which
  /// a diff may match by address).
  private(set) var hasDumpRecords: Bool
  /// This table's contents: a new token at every write, kept by every copy until it writes.
  private var version = Version()
  /// The ``version`` when the last step began (``beginRecording()``): with ``written``, what tells
  /// a diff that this table is that earlier one after the step (``written(since:)``).
  private var stepBase: Version?
  /// The ids written to since the last step began, during the step and after it (the views it
  /// loaded, the appearances it updated, the controllers it released).
  private var writtenInStep: Set<String> = []

  /// The identity of a table's contents, copies share it until one of them writes; with the
  /// ``Hierarchy/members`` found for them, so the next step's are found from these.
  private final class Version: @unchecked Sendable {
    private let lock = NSLock()
    private var members: Members?

    /// The members found for these contents with `context`'s windows and scenes.
    func members(in context: Members.Context) -> [String]? {
      lock.lock()
      defer { lock.unlock() }
      return members.flatMap { $0.context == context ? $0.list : nil }
    }

    func keep(_ list: [String], in context: Members.Context) {
      lock.lock()
      defer { lock.unlock() }
      members = Members(context: context, list: list)
    }
  }

  /// A hierarchy's members, and what else than the controllers they were found with.
  struct Members {
    /// What a controller's membership reads besides the controller: the windows' roots and the
    /// storyboard's scenes.
    struct Context: Equatable {
      var roots: [String?]
      var scenes: Set<String>
    }
    var context: Context
    var list: [String]
  }

  /// The members kept for these contents in `context`, if they were found.
  func knownMembers(in context: Members.Context) -> [String]? {
    version.members(in: context)
  }

  /// The members kept for the contents the last step began from, in `context`, with the ids
  /// written since: the members now are those with the written ids' membership updated.
  func membersBeforeStep(in context: Members.Context) -> (list: [String], written: Set<String>)? {
    guard let stepBase, let list = stepBase.members(in: context) else { return nil }
    return (list, writtenInStep)
  }

  /// Keeps `list` as the members of these contents in `context`.
  func keepMembers(_ list: [String], in context: Members.Context) {
    version.keep(list, in: context)
  }

  /// The controllers, with `order` their declaration order.
  init(_ byID: [String: ViewController], order: [String]) {
    self.byID = ControllerBuckets(byID)
    splitViews = order.filter { byID[$0]?.kind == .splitView }
    var positions: [String: Int] = [:]
    positions.reserveCapacity(order.count)
    for (index, id) in order.enumerated() where positions[id] == nil { positions[id] = index }
    self.positions = positions
    hasDumpRecords = byID.values.contains { $0.dumpRecord != nil }
    // Without windows nothing is on screen: the appearances are current when none has appeared.
    isAppearanceCurrent = byID.values.allSatisfy { $0.appearance == .disappeared }
  }

  var count: Int { byID.count }

  /// Readies a big table for steps whose frames are kept (``ControllerBuckets/spread()``).
  mutating func spreadForSteps() { byID.spread() }

  subscript(id: String) -> ViewController? {
    get { byID[id] }
    _modify {
      if isRecording, originals.index(forKey: id) == nil { originals[id] = .some(byID[id]) }
      isAppearanceCurrent = false
      noteWrite(id)
      yield &byID[id]
      if byID[id]?.kind == .splitView, !splitViews.contains(id) { splitViews.append(id) }
      if byID[id]?.dumpRecord != nil { hasDumpRecords = true }
    }
  }

  private mutating func noteWrite(_ id: String) {
    version = Version()
    writtenInStep.insert(id)
  }

  /// Starts keeping the earlier value of each controller written to.
  mutating func beginRecording() {
    originals = [:]
    isRecording = true
    stepBase = version
    writtenInStep = []
  }

  /// The ids of the controllers that may differ from `earlier`'s, when this table is `earlier` as it
  /// was when the last step began, changed by that step (and whatever was written after it); nil
  /// when it is not, and only a comparison of every controller tells.
  func written(since earlier: ControllerTable) -> Set<String>? {
    guard let stepBase, stepBase === earlier.version else { return nil }
    return writtenInStep
  }

  /// True when this table and `other` are copies of one table that neither wrote to since:
  /// told without comparing controllers.
  func isUnwrittenCopy(of other: ControllerTable) -> Bool { version === other.version }

  /// Stops recording and forgets the earlier values.
  mutating func endRecording() {
    originals = [:]
    isRecording = false
  }

  /// Puts back every controller written to since ``beginRecording()``, and stops recording.
  mutating func undo() {
    for (id, original) in originals {
      noteWrite(id)
      byID[id] = original
    }
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
