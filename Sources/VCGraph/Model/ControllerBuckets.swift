/// The controllers of a ``ControllerTable`` by id, spread over buckets by the id's hash: a write to
/// a table that shares its storage with a copy (a replayed frame kept while the next step plays)
/// copies the bucket it writes to, not every controller.
///
/// A table of a few dozen controllers has one bucket, looked up as one dictionary; a bigger one
/// about 32 controllers a bucket, found by one more hash of the id.
struct ControllerBuckets: Sendable {
  private var buckets: [[String: ViewController]]
  /// The bucket of an id is its hash masked with this (one less than a power of two).
  private let mask: Int

  /// The controllers a bucket holds on average, at most, when the table is made.
  private static let bucketSize = 32

  init(_ byID: [String: ViewController]) {
    var count = 1
    while count * Self.bucketSize < byID.count { count *= 2 }
    mask = count - 1
    if count == 1 {
      buckets = [byID]
      return
    }
    buckets = Array(repeating: [:], count: count)
    for (id, controller) in byID { buckets[id.hashValue & mask][id] = controller }
  }

  private func bucket(of id: String) -> Int { mask == 0 ? 0 : id.hashValue & mask }

  subscript(id: String) -> ViewController? {
    get { buckets[bucket(of: id)][id] }
    _modify {
      let index = bucket(of: id)
      yield &buckets[index][id]
    }
  }

  var count: Int { buckets.reduce(0) { $0 + $1.count } }

  /// Every id, in no particular order.
  var keys: [String] { buckets.flatMap(\.keys) }

  /// Every controller, in no particular order.
  var values: some Sequence<ViewController> { buckets.lazy.flatMap(\.values) }
}

extension ControllerBuckets: Hashable {
  /// Equal when they hold the same controllers, however they are spread.
  static func == (lhs: ControllerBuckets, rhs: ControllerBuckets) -> Bool {
    if lhs.mask == rhs.mask { return lhs.buckets == rhs.buckets }
    guard lhs.count == rhs.count else { return false }
    for bucket in lhs.buckets {
      for (id, controller) in bucket where rhs[id] != controller { return false }
    }
    return true
  }

  func hash(into hasher: inout Hasher) {
    // As a dictionary hashes its elements: in any order.
    var combined = 0
    for bucket in buckets {
      for (id, controller) in bucket {
        var element = Hasher()
        element.combine(id)
        element.combine(controller)
        combined ^= element.finalize()
      }
    }
    hasher.combine(count)
    hasher.combine(combined)
  }
}
