import SwiftSyntax
import VCGraph

/// Finds the navigation call sites of the whole app: UIKit's calls, and the calls of the app's own
/// functions whose controller parameter reaches one (wrappers, routers, coordinators), followed
/// through wrappers of wrappers.
struct NavigationSites {
  let index: AppIndex
  let resolver: ExpressionResolver
  private(set) var transitions: [AppMap.Transition] = []
  /// What each wrapper function does with its parameters.
  private(set) var effects: [FunctionRef: [Effect]] = [:]

  /// What a call of a wrapper function does: the UIKit call it reaches with one of its parameters.
  struct Effect: Hashable {
    /// The parameter holding the controller shown (or its storyboard identifier).
    var parameter: Int
    /// The function the parameter goes through to become a controller (an enum's factory), if any.
    var factory: FunctionRef?
    /// What the call shows of the argument.
    var target: Target = .argument
    var kind: AppMap.Transition.Kind
    /// The controller the transition starts from when it is not the caller: the navigation
    /// controller a wrapper makes around its argument (`UINavigationController(rootViewController: vc)`).
    var from: String?
    var style: Style?
    var detents: [String]?
    /// The `switch` cases on parameters the UIKit call is under: parameter index → case names.
    var guards: [Int: [String]]
    /// The functions the call goes through, outermost first.
    var via: [String]
  }

  /// What a wrapper shows of its argument.
  enum Target: Hashable {
    /// The argument itself (through ``Effect/factory`` when set).
    case argument
    /// A controller the wrapper makes around the argument (a navigation controller).
    case fixed(String)
    /// Each controller of an array argument, in order.
    case list
    /// The storyboard scene whose identifier the argument is.
    case storyboard(nameParameter: Int?, name: String?)
  }

  /// A presentation style: written in the code, or a parameter's value.
  enum Style: Hashable {
    case fixed(String)
    case parameter(Int)
  }

  init(index: AppIndex, resolver: ExpressionResolver) {
    self.index = index
    self.resolver = resolver
  }

  /// Every function of the app.
  var allFunctions: [FunctionRef] {
    index.files.indices.flatMap { file in index.files[file].functions.indices.map { FunctionRef(file: file, index: $0) }
    }
  }

  // MARK: - Finding sites

  mutating func find() {
    let functions = allFunctions
    // UIKit's calls first: they make the first wrappers.
    var wrapperCalls: [(FunctionRef, Call, FunctionRef)] = []
    /// The transitions each function's own calls make, by function.
    var own: [FunctionRef: Range<Int>] = [:]
    for ref in functions {
      let function = index[ref]
      let first = transitions.count
      defer { own[ref] = first..<transitions.count }
      for call in function.calls {
        if let target = appFunction(called: call, in: ref) {
          wrapperCalls.append((ref, call, target))
          continue
        }
        uikitCall(call, in: ref)
      }
      for assignment in function.assignments { uikitAssignment(assignment, in: ref) }
    }
    // Wrappers of wrappers: a function passing its parameter to a wrapper is one too.
    for _ in 0..<8 {
      var changed = false
      for (ref, call, target) in wrapperCalls {
        for effect in effects[target] ?? [] {
          guard let propagated = propagate(effect, of: target, through: call, in: ref) else { continue }
          if !(effects[ref]?.contains(propagated) ?? false) {
            effects[ref, default: []].append(propagated)
            changed = true
          }
        }
      }
      if !changed { break }
    }
    // A child coordinator's `start()` shows what it shows: each of its calls is a site of each.
    for (ref, call, target) in wrapperCalls where call.callee == "start" && call.arguments.isEmpty {
      guard let coordinator = index[target].owner, isCoordinator(coordinator), let range = own[target] else { continue }
      for shown in transitions[range] where shown.to != nil {
        var copy = shown
        copy.from = self.owner(of: index[ref])
        copy.site = call.site
        copy.call = call.callee
        copy.via = [index[target].qualifiedName]
        transitions.append(copy)
      }
    }
    // Each call of a wrapper is a site.
    for (ref, call, target) in wrapperCalls {
      for effect in effects[target] ?? [] { wrapperSite(call, of: target, effect: effect, in: ref) }
    }
  }

  // MARK: - Sites

  /// A UIKit call showing `destination`: a site, and an effect of the function when it shows its parameter.
  mutating func site(
    _ call: Call, kind: AppMap.Transition.Kind, destination expression: ExprSyntax, in ref: FunctionRef
  ) {
    let scope = Scope(function: ref, position: call.node.position.utf8Offset)
    let destination = resolver.resolve(expression, in: scope)
    if case let .type(type) = destination, !resolver.mayBeController(type), index.typeKinds[type] != nil {
      // `present(viewModel, animated:)` on a type of the app that is no controller.
      return
    }
    if !receiverIsUIKit(call, in: scope) { return }
    var style: Style?
    var detents: [String]?
    if kind == .present {
      (style, detents) = presentationStyle(of: expression, in: ref, before: call.node.position.utf8Offset)
    }
    emit(call, kind: kind, destination: destination, in: ref, identifier: nil, style: style, detents: detents)
    // A wrapper that shows its parameter inside a navigation controller it makes shows that
    // navigation controller at each of its calls.
    if case let .type(type) = destination, resolver.controllerKind(of: type) == .navigation,
      let (parameter, factory) = wrappedParameter(expression, in: scope)
    {
      let function = index[ref]
      let effect = Effect(
        parameter: parameter, factory: factory, target: .fixed(type), kind: kind, style: style, detents: detents,
        guards: effectGuards(call.guards, in: function), via: [function.qualifiedName])
      if !(effects[ref]?.contains(effect) ?? false) { effects[ref, default: []].append(effect) }
    }
  }

  mutating func emit(
    _ call: Call, kind: AppMap.Transition.Kind, destination: Destination, in ref: FunctionRef, identifier: String?,
    style: Style? = nil, detents: [String]? = nil, from: String? = nil
  ) {
    emit(
      at: call.site, call: call.callee, guards: call.guards, kind: kind, destination: destination, in: ref,
      identifier: identifier, style: style, detents: detents, from: from)
  }

  mutating func emit(
    at site: AppMap.Site, call: String, guards: [CaseGuard], kind: AppMap.Transition.Kind, destination: Destination,
    in ref: FunctionRef, identifier: String? = nil, style: Style? = nil, detents: [String]? = nil, from: String? = nil,
    isList: Bool = false, container: String? = nil
  ) {
    let function = index[ref]
    var to: String?
    var reason: String?
    var effect: Effect?
    switch destination {
    case let .type(type): to = type
    case let .parameter(position, factory):
      reason = "parameter"
      // The function shows what its callers pass: each call of it is a site.
      effect = Effect(
        parameter: position, factory: factory, target: isList ? .list : .argument, kind: kind, from: from, style: style,
        detents: detents, guards: effectGuards(guards, in: function), via: [function.qualifiedName])
    case let .storyboardParameter(identifier, nameParameter, name):
      reason = "parameter"
      effect = Effect(
        parameter: identifier, factory: nil, target: .storyboard(nameParameter: nameParameter, name: name), kind: kind,
        from: from, style: style, detents: detents, guards: effectGuards(guards, in: function),
        via: [function.qualifiedName])
    case let .unknown(why): reason = why
    }
    if let effect, !(effects[ref]?.contains(effect) ?? false) { effects[ref, default: []].append(effect) }
    var writtenStyle: String?
    if case let .fixed(name) = style { writtenStyle = name }
    transitions.append(
      AppMap.Transition(
        from: from ?? owner(of: function), to: to, kind: kind, style: writtenStyle, detents: detents, site: site,
        call: call, unresolved: reason, identifier: identifier, container: container))
  }

  /// A call of a wrapper: a site (or one per element of a list) showing what the call passes.
  mutating func wrapperSite(_ call: Call, of target: FunctionRef, effect: Effect, in ref: FunctionRef) {
    guard let arguments = resolver.bind(call.arguments, to: index[target]) else { return }
    let scope = Scope(function: ref, position: call.node.position.utf8Offset)
    for (parameter, cases) in effect.guards where !cases.isEmpty {
      // A value left out is the parameter's default (`modally: Bool = false`).
      if let passed = arguments[parameter] ?? index[target].parameters[parameter].defaultValue,
        let name = ExpressionResolver.caseName(of: passed), !cases.contains(name)
      {
        return
      }
    }
    var style: String?
    switch effect.style {
    case let .fixed(name): style = name
    case let .parameter(parameter): style = arguments[parameter].flatMap(ExpressionResolver.caseName(of:))
    case nil: break
    }
    let argument = arguments[effect.parameter]
    var destinations: [Destination] = []
    switch effect.target {
    case .argument:
      guard let argument else {
        destinations = [.unknown("the wrapper's default value")]
        break
      }
      if let factory = effect.factory, let switched = resolver.factoryParameter(factory) {
        destinations = [
          resolver.returned(by: factory, arguments: [switched: argument], caller: scope, depth: 0)
            ?? .unknown("what \(index[factory].qualifiedName) returns")
        ]
      } else {
        destinations = [resolver.resolve(argument, in: scope)]
      }
      // A navigation controller made around a navigation controller is not: wrappers check first.
      if effect.from != nil, effect.kind == .stack, case let .type(type) = destinations[0],
        resolver.controllerKind(of: type) == .navigation
      {
        return
      }
    case let .fixed(type):
      if let argument, case let .type(passed) = resolver.resolve(argument, in: scope),
        resolver.controllerKind(of: passed) == .navigation
      {
        destinations = [.type(passed)]
      } else {
        destinations = [.type(type)]
      }
    case .list:
      if let argument, let elements = arrayElements(argument, in: scope) {
        destinations = elements.map { resolver.resolve($0, in: scope) }
      } else {
        destinations = [.unknown("a list made at run time")]
      }
    case let .storyboard(nameParameter, name):
      if let cast = ExpressionResolver.castAround(call.node), resolver.isControllerLike(cast),
        !ExpressionResolver.genericBases.contains(cast)
      {
        destinations = [.type(cast)]
      } else {
        destinations = [
          resolver.storyboardScene(
            identifier: argument, nameArgument: nameParameter.flatMap { arguments[$0] }, name: name, caller: scope)
        ]
      }
    }
    let function = index[ref]
    for var destination in destinations {
      if case let .type(type) = destination, !resolver.mayBeController(type) {
        destination = .unknown("\(type) is not a controller")
      }
      var to: String?
      var reason: String?
      switch destination {
      case let .type(type): to = type
      case .parameter, .storyboardParameter: reason = "parameter"
      case let .unknown(why): reason = why
      }
      transitions.append(
        AppMap.Transition(
          from: effect.from ?? owner(of: function), to: to, kind: effect.kind, style: style, detents: effect.detents,
          site: call.site, call: call.callee, unresolved: reason, via: effect.via))
    }
  }
}
