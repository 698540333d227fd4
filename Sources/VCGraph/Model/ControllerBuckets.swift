/// The controllers of a ``ControllerTable`` by id: one dictionary, or for a big table that steps
/// are replayed on (``spread()``, ``spreadLimit`` controllers and more), spread over buckets by the
/// id, so that a write to a table that shares its storage with a copy (a replayed frame kept while
/// the next step plays) copies the bucket it writes to, not every controller.
struct ControllerBuckets: Sendable {
  /// Every controller, when the table is not spread.
  private var whole: [String: ViewController]
  /// The buckets of a spread table; nil when it is not.
  private var buckets: [[String: ViewController]]?
  /// The bucket of an id is its hash masked with this (one less than a power of two).
  private var mask: Int

  /// The fewest controllers a table is spread for: below that, copying every controller at a
  /// step costs less than the bucket looked for at every read.
  static let spreadLimit = 1024
  /// The controllers a bucket holds on average, at most, when the table is made.
  private static let bucketSize = 32

  init(_ byID: [String: ViewController]) {
    (whole, buckets, mask) = (byID, nil, 0)
  }

  /// Spreads the controllers over buckets when there are ``spreadLimit`` or more: what a table
  /// whose frames are kept while steps write to it (a replay's) does; every other table (a dump's,
  /// a storyboard's) reads faster as one dictionary.
  mutating func spread() {
    guard buckets == nil, whole.count >= Self.spreadLimit else { return }
    var count = 1
    while count * Self.bucketSize < whole.count { count *= 2 }
    mask = count - 1
    var buckets = [[String: ViewController]](repeating: [:], count: count)
    for (id, controller) in whole { buckets[Self.bucket(of: id, mask: mask)][id] = controller }
    (self.buckets, whole) = (buckets, [:])
  }

  /// The bucket of `id`: FNV-1a of its UTF-8 bytes (cheaper than a dictionary's hash, which the
  /// bucket's dictionary works out again), masked.
  @inline(__always) private static func bucket(of id: String, mask: Int) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in id.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return Int(truncatingIfNeeded: hash ^ (hash >> 32)) & mask
  }

  subscript(id: String) -> ViewController? {
    get {
      guard let buckets else { return whole[id] }
      return buckets[Self.bucket(of: id, mask: mask)][id]
    }
    _modify {
      if buckets == nil {
        yield &whole[id]
      } else {
        let index = Self.bucket(of: id, mask: mask)
        yield &buckets![index][id]
      }
    }
  }

  var count: Int { buckets.map { $0.reduce(0) { $0 + $1.count } } ?? whole.count }

  /// Every id, in no particular order.
  var keys: [String] { buckets.map { $0.flatMap(\.keys) } ?? Array(whole.keys) }

  /// Every controller, in no particular order.
  var values: [ViewController] { buckets.map { $0.flatMap(\.values) } ?? Array(whole.values) }
}

extension ControllerBuckets: Hashable {
  /// Equal when they hold the same controllers, however they are spread.
  static func == (lhs: ControllerBuckets, rhs: ControllerBuckets) -> Bool {
    switch (lhs.buckets, rhs.buckets) {
    case (nil, nil): return lhs.whole == rhs.whole
    case let (left?, right?) where lhs.mask == rhs.mask: return left == right
    default:
      guard lhs.count == rhs.count else { return false }
      return lhs.keys.allSatisfy { lhs[$0] == rhs[$0] }
    }
  }

  func hash(into hasher: inout Hasher) {
    // As a dictionary hashes its elements: in any order, however they are spread.
    var combined = 0
    for (id, controller) in buckets.map({ $0.flatMap { $0 } }) ?? Array(whole) {
      var element = Hasher()
      element.combine(id)
      element.combine(controller)
      combined ^= element.finalize()
    }
    hasher.combine(count)
    hasher.combine(combined)
  }
}
