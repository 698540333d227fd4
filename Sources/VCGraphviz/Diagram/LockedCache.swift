import Foundation
import VCGraph

/// Values already made, by everything they are made from, safe to share between threads: a
/// scenario's frames draw most of their controllers as the frame before did, and one of a few
/// legends. Emptied when it holds `limit` values, so it never grows with the number of frames.
final class LockedCache<Key: Hashable, Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Key: Value] = [:]
  private let limit: Int

  init(limit: Int) {
    self.limit = limit
  }

  subscript(key: Key) -> Value? {
    get {
      lock.lock()
      defer { lock.unlock() }
      return values[key]
    }
    set {
      lock.lock()
      defer { lock.unlock() }
      if values.count >= limit { values.removeAll(keepingCapacity: true) }
      values[key] = newValue
    }
  }
}

/// What a controller's node is drawn from (``Diagram/controllerNode(_:in:cluster:placement:callbacks:mark:)``).
struct NodeCacheKey: Hashable {
  var controller: ViewController
  var cluster: String?
  var placement: Diagram.Placement?
  var callbacks: [Int]?
  var mark: Diagram.Mark?
  var theme: Theme
}
