import SwiftSyntax
import VCGraph

/// What a call makes: a constructor, a function's or method's return (app-wide, by name and arity,
/// per enum case at each call site), a closure called at once, a hosted SwiftUI view.
extension ExpressionResolver {
  // MARK: - Calls

  /// A constructor call, a function's or method's return, a storyboard instantiation, a closure called at once.
  func resolve(call: FunctionCallExprSyntax, in scope: Scope, depth: Int) -> Destination {
    var called = Self.stripped(call.calledExpression)
    var genericArgument: String?
    if let specialized = called.as(GenericSpecializationExprSyntax.self) {
      called = specialized.expression
      if let first = specialized.genericArgumentClause.arguments.first, case let .type(type) = first.argument {
        genericArgument = TypeName.of(type)
      }
    }
    if let closure = called.as(ClosureExprSyntax.self) { return resolve(closure: closure, in: scope, depth: depth) }
    if let reference = called.as(DeclReferenceExprSyntax.self) {
      let name = reference.baseName.text
      if name.first?.isUppercase == true, index.freeFunctions[name] == nil {
        return construct(name, generic: genericArgument, call: call, in: scope, depth: depth)
      }
      return resolveFunctionCall(
        name: name, receiverType: function(scope).owner, isImplicitSelf: true, call: call, in: scope, depth: depth)
    }
    guard let member = called.as(MemberAccessExprSyntax.self) else { return .unknown("a call vcgraph does not follow") }
    let name = member.declName.baseName.text
    guard let base = member.base.map(Self.stripped) else { return .unknown("an enum case") }
    if name == "instantiateViewController" || name == "instantiateInitialViewController" {
      return instantiated(call: call, name: name, base: base, in: scope, depth: depth)
    }
    if let typeName = Self.typeReference(base) {
      if name == "init" { return construct(typeName, generic: genericArgument, call: call, in: scope, depth: depth) }
      // A static factory: `ProfileViewController.make(…)`, `.instantiate()` from a protocol extension.
      let found = index.methods(named: name, in: typeName).filter { index[$0].isStatic }
      if let ref = bestMatch(found, for: call) {
        if let returned = returned(by: ref, arguments: bind(call, to: ref), caller: scope, depth: depth + 1),
          returned.typeName != nil
        {
          return returned
        }
        let returnType = index[ref].returnType
        if returnType == "Self" || returnType == typeName { return .type(typeName) }
      }
      if isControllerLike(typeName), index.typeKinds[typeName] == .class || found.isEmpty {
        return .type(typeName)
      }
      return .unknown("\(typeName).\(name)")
    }
    if let reference = base.as(DeclReferenceExprSyntax.self), reference.baseName.tokenKind == .keyword(.self) {
      return resolveFunctionCall(
        name: name, receiverType: function(scope).owner, isImplicitSelf: true, call: call, in: scope, depth: depth)
    }
    guard case let .type(receiverType) = resolve(base, in: scope, depth: depth + 1) else {
      // A method found once in the whole app, whatever its receiver.
      let candidates = index.fewFunctions(named: name).filter { labelsMatch(call, index[$0]) }
      if candidates.count == 1, let only = candidates.first,
        let returned = returned(by: only, arguments: bind(call, to: only), caller: scope, depth: depth + 1)
      {
        return returned
      }
      return .unknown("\(name)(…) on a value vcgraph cannot follow")
    }
    return resolveFunctionCall(
      name: name, receiverType: receiverType, isImplicitSelf: false, call: call, in: scope, depth: depth)
  }

  /// `Foo` or `Module.Foo` used as a type: the type's name.
  static func typeReference(_ expression: ExprSyntax) -> String? {
    if let reference = expression.as(DeclReferenceExprSyntax.self), reference.baseName.text.first?.isUppercase == true {
      return reference.baseName.text
    }
    if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base, typeReference(base) != nil,
      member.declName.baseName.text.first?.isUppercase == true
    {
      return member.declName.baseName.text
    }
    if let specialized = expression.as(GenericSpecializationExprSyntax.self) {
      return typeReference(specialized.expression)
    }
    return nil
  }

  /// `Foo(…)`: an instance of `Foo`, or what a function named `Foo` returns; `UIHostingController(rootView: V())`
  /// is named by its view.
  func construct(
    _ name: String, generic: String?, call: FunctionCallExprSyntax, in scope: Scope, depth: Int
  ) -> Destination {
    if name == "UIHostingController" {
      if let generic { return .type("UIHostingController<\(generic)>") }
      if let rootView = call.arguments.first(where: { $0.label?.text == "rootView" }),
        let view = hostedView(rootView.expression, in: scope, depth: depth)
      {
        return .type("UIHostingController<\(view)>")
      }
      return .type("UIHostingController")
    }
    return .type(name)
  }

  /// The SwiftUI view a `rootView:` argument makes: `SettingsView()` and `SettingsView().environment(…)`
  /// are `SettingsView`.
  func hostedView(_ expression: ExprSyntax, in scope: Scope, depth: Int) -> String? {
    var current = Self.stripped(expression)
    // Modifiers: `View().modifier(…)` is the view.
    while let call = current.as(FunctionCallExprSyntax.self),
      let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      let base = member.base, member.declName.baseName.text.first?.isLowercase == true
    {
      current = Self.stripped(base)
    }
    if let call = current.as(FunctionCallExprSyntax.self), let name = Self.typeReference(call.calledExpression) {
      // `AnyView(SettingsView())` hosts `SettingsView`.
      if name == "AnyView", let first = call.arguments.first {
        return hostedView(first.expression, in: scope, depth: depth + 1)
      }
      return name
    }
    if case let .type(name) = resolve(current, in: scope, depth: depth + 1) { return name }
    return nil
  }

  /// `{ let vc = Foo(); …; return vc }()`: what the closure returns.
  func resolve(closure: ClosureExprSyntax, in scope: Scope, depth: Int) -> Destination {
    let statements = closure.statements
    var returned: ExprSyntax?
    if statements.count == 1, let only = statements.first?.item.as(ExprSyntax.self) { returned = only }
    for item in statements {
      if let returnStatement = item.item.as(ReturnStmtSyntax.self), let value = returnStatement.expression {
        returned = value
      }
    }
    guard let returned else { return .unknown("a closure") }
    return resolve(
      returned, in: Scope(function: scope.function, position: returned.position.utf8Offset), depth: depth + 1)
  }

  /// A call of the app's function or method `name`: what it returns.
  func resolveFunctionCall(
    name: String, receiverType: String?, isImplicitSelf: Bool, call: FunctionCallExprSyntax, in scope: Scope, depth: Int
  ) -> Destination {
    var candidates: [FunctionRef] = []
    if let receiverType { candidates = index.methods(named: name, in: receiverType) }
    if candidates.isEmpty, isImplicitSelf { candidates = index.freeFunctions[name] ?? [] }
    guard let ref = bestMatch(candidates, for: call) else { return .unknown("\(name)(…) is not the app's") }
    return returned(by: ref, arguments: bind(call, to: ref), caller: scope, depth: depth + 1)
      ?? .unknown("what \(index[ref].qualifiedName) returns")
  }

  /// The function among `candidates` whose argument labels match the call's.
  func bestMatch(_ candidates: [FunctionRef], for call: FunctionCallExprSyntax) -> FunctionRef? {
    candidates.first { labelsMatch(call, index[$0]) } ?? (candidates.count == 1 ? candidates.first : nil)
  }

  func labelsMatch(_ call: FunctionCallExprSyntax, _ function: Function) -> Bool {
    bind(labels: call.arguments.map { $0.label?.text }, hasTrailingClosure: call.trailingClosure != nil, to: function)
      != nil
  }

  /// The call's arguments by the index of the parameter each is passed to.
  func bind(_ call: FunctionCallExprSyntax, to ref: FunctionRef) -> [Int: ExprSyntax] {
    var arguments = call.arguments.map { Argument(label: $0.label?.text, value: $0.expression) }
    if let closure = call.trailingClosure { arguments.append(Argument(label: nil, value: ExprSyntax(closure))) }
    return bind(arguments, to: index[ref]) ?? [:]
  }

  func bind(labels: [String?], hasTrailingClosure: Bool, to function: Function) -> [Int: Int]? {
    var result: [Int: Int] = [:]
    var parameter = 0
    let parameters = function.parameters
    for (position, label) in labels.enumerated() {
      while parameter < parameters.count, parameters[parameter].label != label { parameter += 1 }
      guard parameter < parameters.count else { return nil }
      result[parameter] = position
      parameter += 1
    }
    if hasTrailingClosure {
      guard let closure = parameters.indices.last(where: { parameters[$0].isClosure && result[$0] == nil }) else {
        return parameters.isEmpty ? nil : result
      }
      result[closure] = labels.count
    }
    // Every parameter without a default value must be given.
    for (position, parameter) in parameters.enumerated() where result[position] == nil && !parameter.hasDefault {
      return nil
    }
    return result
  }

  func bind(_ arguments: [Argument], to function: Function) -> [Int: ExprSyntax]? {
    let hasTrailing = arguments.last.map { $0.value.is(ClosureExprSyntax.self) && $0.label == nil } ?? false
    let labels = (hasTrailing ? arguments.dropLast() : arguments[...]).map(\.label)
    guard let positions = bind(labels: Array(labels), hasTrailingClosure: hasTrailing, to: function) else { return nil }
    return positions.mapValues { arguments[$0].value }
  }

  /// What a function returns when called with `arguments` (by parameter index) from `caller`:
  /// its declared type when that names a controller class of the app, else its returns, the ones
  /// under a `switch` on a parameter chosen by the enum case the call passes.
  func returned(by ref: FunctionRef, arguments: [Int: ExprSyntax], caller: Scope?, depth: Int) -> Destination? {
    guard depth < Self.maximumDepth else { return nil }
    let function = index[ref]
    if let returnType = function.returnType, isSpecificController(returnType) { return .type(returnType) }
    // A factory called with the caller's own parameter (`makeViewController(for: scene)` inside a
    // wrapper): what it returns depends on each call of the caller.
    if let caller, let switched = factoryParameter(ref), let argument = arguments[switched],
      case let .parameter(outer, nil) = resolve(argument, in: caller, depth: depth + 1)
    {
      return .parameter(outer, factory: ref)
    }
    var results: [Destination] = []
    for item in expandedReturns(of: function) {
      guard returnApplies(item, in: function, arguments: arguments) else { continue }
      // `return nil` (a guard's way out) shows nothing.
      if Self.stripped(item.value).is(NilLiteralExprSyntax.self) { continue }
      var result = resolve(
        item.value, in: Scope(function: ref, position: item.value.position.utf8Offset), depth: depth + 1)
      if case let .parameter(parameterIndex, _) = result {
        if let argument = arguments[parameterIndex], let caller {
          result = resolve(argument, in: caller, depth: depth + 1)
        } else {
          result = .unknown("parameter")
        }
      }
      if case let .storyboardParameter(identifier, nameParameter, name) = result {
        result = storyboardScene(
          identifier: arguments[identifier], nameArgument: nameParameter.flatMap { arguments[$0] }, name: name,
          caller: caller)
      }
      if !results.contains(result) { results.append(result) }
    }
    let types = results.compactMap(\.typeName)
    if types.count == 1, results.count == 1 { return .type(types[0]) }
    if Set(types).count == 1, let only = types.first, types.count == results.count { return .type(only) }
    if types.count > 1 {
      return .unknown("one of \(types.prefix(4).joined(separator: ", ")), chosen at run time")
    }
    if let returnType = function.returnType { return declared(returnType) }
    return results.first
  }

  /// A function's returns, where `return viewController` of a local assigned in each case of a
  /// `switch` (`case .profile: viewController = ProfileViewController()`) counts as one return per
  /// assignment, under its case.
  func expandedReturns(of function: Function) -> [Return] {
    var result: [Return] = []
    for item in function.returns {
      let value = Self.stripped(item.value)
      guard let reference = value.as(DeclReferenceExprSyntax.self) else {
        result.append(item)
        continue
      }
      let bindings = function.locals.filter {
        $0.name == reference.baseName.text && $0.position < value.position.utf8Offset && $0.value != nil
      }
      guard bindings.count > 1 || bindings.contains(where: { !$0.guards.isEmpty }) else {
        result.append(item)
        continue
      }
      for binding in bindings {
        guard let bound = binding.value else { continue }
        // The assignment's value, read where it is (its own locals before it).
        result.append(Return(value: bound, guards: item.guards + binding.guards))
      }
    }
    return result
  }

  /// The parameter a factory's returns `switch` on (`scene` in `switch scene { case .profile: return … }`).
  func factoryParameter(_ ref: FunctionRef) -> Int? {
    let function = index[ref]
    for item in expandedReturns(of: function) {
      for caseGuard in item.guards {
        if let position = function.parameters.firstIndex(where: { $0.name == caseGuard.subject }) { return position }
      }
    }
    return nil
  }

  /// Whether a return applies when the call passes `arguments`: a return under `case .profile`
  /// of a `switch` on a parameter applies when the call passes `.profile`, or a value not known.
  func returnApplies(_ item: Return, in function: Function, arguments: [Int: ExprSyntax]) -> Bool {
    for caseGuard in item.guards {
      guard let parameterIndex = function.parameters.firstIndex(where: { $0.name == caseGuard.subject }),
        let argument = arguments[parameterIndex] ?? function.parameters[parameterIndex].defaultValue,
        let passed = Self.caseName(of: argument)
      else { continue }
      if caseGuard.cases.isEmpty {
        // `default:` applies when no case names the value: checked by the caller's order.
        continue
      }
      if !caseGuard.cases.contains(passed) { return false }
    }
    return true
  }

  /// The enum case an argument names: `.profile`, `.profile(id)`, `Route.profile`.
  static func caseName(of expression: ExprSyntax) -> String? {
    let expression = stripped(expression)
    // `true` and `false` select an `if flag` branch.
    if let literal = expression.as(BooleanLiteralExprSyntax.self) { return literal.literal.text }
    if let member = expression.as(MemberAccessExprSyntax.self) {
      if member.base == nil || typeReference(member.base!) != nil { return member.declName.baseName.text }
      return nil
    }
    if let call = expression.as(FunctionCallExprSyntax.self),
      let member = call.calledExpression.as(MemberAccessExprSyntax.self),
      member.base == nil || typeReference(member.base!) != nil
    {
      return member.declName.baseName.text
    }
    return nil
  }
}
