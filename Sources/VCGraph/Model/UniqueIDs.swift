/// Ids made from names for controllers that have none of their own (a dump's classes, a storyboard's
/// scenes): a name as it is the first time, then `name-2`, `name-3`, …, never an id already taken.
struct UniqueIDs {
  private var taken: Set<String>
  private var counts: [String: Int] = [:]

  /// Ids that `taken` holds are never made.
  init(taken: Set<String> = []) {
    self.taken = taken
  }

  /// A new id from `base`.
  mutating func make(from base: String) -> String {
    var count = counts[base, default: 0] + 1
    var id = count == 1 ? base : "\(base)-\(count)"
    while taken.contains(id) {
      count += 1
      id = "\(base)-\(count)"
    }
    counts[base] = count
    taken.insert(id)
    return id
  }
}
