import Foundation
import VCGraph

/// Controller nodes already drawn, by everything a node is drawn from: a scenario's frames draw most
/// of their controllers as the frame before did. Emptied when it holds `limit` nodes, so it never
/// grows with the number of frames.
final class NodeCache: @unchecked Sendable {
  struct Key: Hashable {
    var controller: ViewController
    var cluster: String?
    var placement: Diagram.Placement?
    var callbacks: [Int]?
    var mark: Diagram.Mark?
    var theme: Theme
  }

  private let lock = NSLock()
  private var nodes: [Key: GraphDescription.Node] = [:]
  private let limit = 256

  subscript(key: Key) -> GraphDescription.Node? {
    get {
      lock.lock()
      defer { lock.unlock() }
      return nodes[key]
    }
    set {
      lock.lock()
      defer { lock.unlock() }
      if nodes.count >= limit { nodes.removeAll(keepingCapacity: true) }
      nodes[key] = newValue
    }
  }
}
