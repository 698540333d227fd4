extension AppMap {
  /// The part of the map `names` lead to: each named controller or navigator, what its transitions
  /// reach within `steps` transitions, and the transitions between them (`--focus`).
  ///
  /// - Throws: ``FlowError/unknownController(_:suggestions:)`` for a name that is no node of the map.
  public func focused(on names: [String], steps: Int = 2) throws(FlowError) -> AppMap {
    let nodes = Set(controllers.map(\.name) + navigators.map(\.name))
    for name in names where !nodes.contains(name) {
      let all = controllers.map(\.name) + navigators.map(\.name)
      let lower = name.lowercased()
      let close = all.filter { $0.lowercased().contains(lower) || lower.contains($0.lowercased()) }.sorted()
      throw .unknownController(name, suggestions: Array(close.prefix(3)))
    }
    var leaving: [String: [String]] = [:]
    for transition in transitions {
      if let to = transition.to { leaving[transition.from, default: []].append(to) }
    }
    var kept = Set(names)
    var frontier = names
    for _ in 0..<steps {
      var next: [String] = []
      for name in frontier {
        for to in leaving[name] ?? [] where kept.insert(to).inserted { next.append(to) }
      }
      frontier = next
    }
    var focused = self
    focused.controllers = controllers.filter { kept.contains($0.name) }
    focused.navigators = navigators.filter { kept.contains($0.name) }
    focused.transitions = transitions.filter { transition in
      kept.contains(transition.from) && (transition.to.map(kept.contains) ?? true)
    }
    return focused
  }
}

extension AppMap.Site {
  /// The site's address in `template`, whose `{file}` and `{line}` are replaced
  /// (`https://github.com/o/r/blob/main/{file}#L{line}`); a leading `./` of the file is left out.
  public func url(template: String) -> String {
    let path = file.hasPrefix("./") ? String(file.dropFirst(2)) : file
    return template.replacingOccurrences(of: "{file}", with: path).replacingOccurrences(
      of: "{line}", with: String(line))
  }
}
