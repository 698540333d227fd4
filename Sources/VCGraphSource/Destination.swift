import SwiftSyntax
import VCGraph

/// What an expression that should be a view controller is, as far as the source says.
enum Destination: Hashable {
  /// An instance of this type (any type: the caller checks it is a controller).
  case type(String)
  /// The enclosing function's parameter at this index; through `factory` when the function passes
  /// it to a function that maps it to a controller (`makeViewController(for: scene)`).
  case parameter(Int, factory: FunctionRef?)
  /// A storyboard's scene whose identifier is the enclosing function's parameter at this index
  /// (`func instantiate(_ id: String, from name: String) -> UIViewController`); the storyboard's
  /// name is another parameter, or written in the function, or not known.
  case storyboardParameter(identifier: Int, nameParameter: Int?, name: String?)
  /// Not known statically, and why.
  case unknown(String)

  var typeName: String? {
    if case let .type(name) = self { return name }
    return nil
  }
}

/// Where an expression is read: the function it is in (its locals, parameters and owner).
struct Scope {
  var function: FunctionRef
  /// The position of the expression: only locals bound before it count.
  var position: Int
}

/// Resolves expressions to destinations, with the whole app's declarations at hand.
struct ExpressionResolver {
  let index: AppIndex
  let storyboards: StoryboardIndex

  /// How deep resolution follows names, returns and properties before it gives up.
  static let maximumDepth = 10

  func function(_ scope: Scope) -> Function { index[scope.function] }

  // MARK: - Expressions

  /// What `expression` is, read in `scope`.
  func resolve(_ expression: ExprSyntax, in scope: Scope, depth: Int = 0) -> Destination {
    guard depth < Self.maximumDepth else { return .unknown("too indirect") }
    let expression = Self.stripped(expression)
    if let sequence = expression.as(SequenceExprSyntax.self) {
      return resolve(sequence: Array(sequence.elements), in: scope, depth: depth)
    }
    if let call = expression.as(FunctionCallExprSyntax.self) { return resolve(call: call, in: scope, depth: depth) }
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      return resolve(name: reference.baseName.text, in: scope, at: expression.position.utf8Offset, depth: depth)
    }
    if let member = expression.as(MemberAccessExprSyntax.self) {
      return resolve(member: member, in: scope, depth: depth)
    }
    if let ternary = expression.as(TernaryExprSyntax.self) {
      return either(
        resolve(ternary.thenExpression, in: scope, depth: depth + 1),
        resolve(ternary.elseExpression, in: scope, depth: depth + 1))
    }
    if let asExpression = expression.as(AsExprSyntax.self) {
      return cast(resolve(asExpression.expression, in: scope, depth: depth + 1), to: TypeName.of(asExpression.type))
    }
    if expression.is(ClosureExprSyntax.self) { return .unknown("a closure") }
    if let ifExpression = expression.as(IfExprSyntax.self) {
      let branches = ifExpression.body.statements.last.flatMap { $0.item.as(ExprSyntax.self) }
      if let branches { return resolve(branches, in: scope, depth: depth + 1) }
    }
    return .unknown("an expression vcgraph does not follow")
  }

  /// `a`, `a as! T`, `a ?? b`, `c ? a : b`, `x = a` (the value of an assignment).
  func resolve(sequence elements: [ExprSyntax], in scope: Scope, depth: Int) -> Destination {
    if let assignment = elements.firstIndex(where: { $0.is(AssignmentExprSyntax.self) }) {
      return resolve(sequence: Array(elements[(assignment + 1)...]), in: scope, depth: depth)
    }
    guard let first = elements.first else { return .unknown("empty") }
    if elements.count == 1 { return resolve(first, in: scope, depth: depth + 1) }
    if elements.count >= 3, elements[1].is(UnresolvedAsExprSyntax.self),
      let type = elements[2].as(TypeExprSyntax.self)
    {
      return cast(resolve(first, in: scope, depth: depth + 1), to: TypeName.of(type.type))
    }
    if let position = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
      let ternary = elements[position].as(UnresolvedTernaryExprSyntax.self), position + 1 < elements.count
    {
      return either(
        resolve(ternary.thenExpression, in: scope, depth: depth + 1),
        resolve(sequence: Array(elements[(position + 1)...]), in: scope, depth: depth + 1))
    }
    if let op = elements[1].as(BinaryOperatorExprSyntax.self), op.operator.text == "??" {
      let primary = resolve(first, in: scope, depth: depth + 1)
      if primary.typeName != nil { return primary }
      return resolve(sequence: Array(elements.dropFirst(2)), in: scope, depth: depth + 1)
    }
    return .unknown("an expression vcgraph does not follow")
  }

  /// The cast's type when it is a controller class; else what the value was.
  func cast(_ value: Destination, to type: String) -> Destination {
    if isControllerLike(type), !Self.genericBases.contains(type) { return .type(type) }
    if case .type = value { return value }
    if isControllerLike(type) { return value }
    return .type(type)
  }

  /// The same destination twice, or unknown.
  func either(_ first: Destination, _ second: Destination) -> Destination {
    if first == second { return first }
    // Two navigation controllers (a subclass on iPhone, UIKit's elsewhere) are a navigation controller.
    if case let .type(one) = first, case let .type(other) = second, let kind = controllerKind(of: one),
      kind == controllerKind(of: other),
      let base = Self.containerBases.first(where: { AppMap.Controller.Kind.ofUIKitClass($0) == kind })
    {
      return .type(base)
    }
    if case .unknown = first, case .type = second { return .unknown("one of two controllers, chosen at run time") }
    return .unknown("one of two controllers, chosen at run time")
  }

  /// Parentheses, `try`, `await`, `!`, `?` and `self.` do not change what a value is.
  static func stripped(_ expression: ExprSyntax) -> ExprSyntax {
    var current = expression
    while true {
      if let tuple = current.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
        only.label == nil
      {
        current = only.expression
      } else if let tryExpression = current.as(TryExprSyntax.self) {
        current = tryExpression.expression
      } else if let awaitExpression = current.as(AwaitExprSyntax.self) {
        current = awaitExpression.expression
      } else if let force = current.as(ForceUnwrapExprSyntax.self) {
        current = force.expression
      } else if let optional = current.as(OptionalChainingExprSyntax.self) {
        current = optional.expression
      } else if let postfix = current.as(PostfixOperatorExprSyntax.self) {
        current = postfix.expression
      } else {
        return current
      }
    }
  }

  // MARK: - Names

  /// A name: a local bound before the use, a parameter, a property of the owner, a global.
  func resolve(name: String, in scope: Scope, at position: Int, depth: Int) -> Destination {
    let function = function(scope)
    if name == "self" {
      // In `extension UIViewController`, `self` is any controller.
      if let owner = function.owner, Self.genericBases.contains(owner) { return .unknown("self, any \(owner)") }
      return function.owner.map { .type($0) } ?? .unknown("self outside a type")
    }
    let position = min(position, scope.position)
    if let local = function.locals.last(where: { $0.name == name && $0.position < position && position < $0.scopeEnd })
    {
      if let binding = local.caseBinding {
        return caseValue(binding, in: scope).map(declared) ?? .unknown("\(name), a case's value")
      }
      if let typeName = local.typeName, isSpecificController(typeName) { return .type(typeName) }
      if let value = local.value {
        if value.is(ArrayExprSyntax.self) { return .unknown("one of several controllers") }
        let resolved = resolve(value, in: Scope(function: scope.function, position: local.position), depth: depth + 1)
        if case .unknown = resolved, let typeName = local.typeName {
          // `let nav: UINavigationController = cond ? A(…) : B(…)`: a navigation controller either way.
          if Self.containerBases.contains(TypeName.base(typeName)) { return .type(TypeName.base(typeName)) }
          return declared(typeName)
        }
        return resolved
      }
      if let typeName = local.typeName { return declared(typeName) }
    }
    if let parameterIndex = function.parameters.lastIndex(where: { $0.name == name }) {
      let parameter = function.parameters[parameterIndex]
      if let typeName = parameter.typeName, isSpecificController(typeName) { return .type(typeName) }
      return .parameter(parameterIndex, factory: nil)
    }
    if let owner = function.owner, let destination = resolve(property: name, of: owner, depth: depth) {
      return destination
    }
    if let global = index.properties[""]?[name] { return resolve(global, depth: depth) }
    if name.first?.isUppercase == true { return .unknown("a type, not an instance") }
    return .unknown("\(name) is not known")
  }

  /// The declared type of a `switch` case's associated value: the subject's enum's case parameter.
  func caseValue(_ binding: CaseBinding, in scope: Scope) -> String? {
    let function = function(scope)
    var enumName =
      function.parameters.first { $0.name == binding.subject }?.typeName
      ?? function.locals.last { $0.name == binding.subject && $0.typeName != nil }?.typeName
    if enumName == nil, let owner = function.owner {
      enumName = index.property(named: binding.subject, in: owner)?.typeName
    }
    if let enumName, let parameters = index.caseParameters[enumName]?[binding.caseName],
      binding.index < parameters.count
    {
      return parameters[binding.index]
    }
    // The subject's type is not written: an enum of the app with that case, when only one has it.
    let candidates = index.caseParameters.values.compactMap { $0[binding.caseName] }.filter { binding.index < $0.count }
    guard candidates.count == 1 else { return nil }
    return candidates[0][binding.index]
  }

  /// A declared type: the type when it says more than "a view controller", else unknown.
  func declared(_ typeName: String) -> Destination {
    // A value declared as UIKit's container is one, whichever subclass it holds.
    if Self.containerBases.contains(TypeName.base(typeName)) { return .type(TypeName.base(typeName)) }
    if Self.genericBases.contains(TypeName.base(typeName)) { return .unknown("typed \(typeName)") }
    if index.typeKinds[typeName] == .protocol { return .unknown("protocol-typed (\(typeName))") }
    return .type(typeName)
  }

  /// The property `name` of `owner` (or what `owner` inherits).
  func resolve(property name: String, of owner: String, depth: Int) -> Destination? {
    guard let property = index.property(named: name, in: owner) else { return nil }
    return resolve(property, depth: depth)
  }

  func resolve(_ property: Property, depth: Int) -> Destination {
    if let typeName = property.typeName, isSpecificController(typeName) { return .type(typeName) }
    if let code = index.code(ofProperty: property.name, owner: property.owner) {
      let function = index[code]
      if let initializer = property.initializer {
        let resolved = resolve(initializer, in: Scope(function: code, position: Int.max), depth: depth + 1)
        if resolved.typeName != nil { return resolved }
      }
      if let resolved = returned(by: code, arguments: [:], caller: nil, depth: depth + 1), resolved.typeName != nil {
        return resolved
      }
      _ = function
    }
    if let typeName = property.typeName { return declared(typeName) }
    return .unknown("property \(property.name) is not known")
  }

  // MARK: - Members

  /// `self.x`, `a.b`; a member of a type (`Scene.profile`) is no instance.
  func resolve(member: MemberAccessExprSyntax, in scope: Scope, depth: Int) -> Destination {
    let name = member.declName.baseName.text
    guard let base = member.base else { return .unknown("an enum case") }
    let stripped = Self.stripped(base)
    if let reference = stripped.as(DeclReferenceExprSyntax.self), reference.baseName.tokenKind == .keyword(.self) {
      if let owner = function(scope).owner, let destination = resolve(property: name, of: owner, depth: depth) {
        return destination
      }
      return .unknown("\(name) is not known")
    }
    // UIKit's own relations: found at run time.
    if Self.runtimeRelations.contains(name) { return .unknown("\(name), found at run time") }
    guard case let .type(baseType) = resolve(base, in: scope, depth: depth + 1) else {
      return .unknown("\(name) of a value vcgraph cannot follow")
    }
    if let destination = resolve(property: name, of: baseType, depth: depth) { return destination }
    return .unknown("\(baseType).\(name) is not known")
  }

  /// Properties UIKit sets as the app runs.
  static let runtimeRelations: Set<String> = [
    "navigationController", "tabBarController", "splitViewController", "parent", "presentingViewController",
    "presentedViewController", "topViewController", "visibleViewController", "selectedViewController",
    "viewControllers", "children", "rootViewController",
  ]

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

  // MARK: - Storyboards

  /// The scene a call of an instantiating wrapper names: its identifier and storyboard arguments
  /// read where the wrapper is called.
  func storyboardScene(identifier: ExprSyntax?, nameArgument: ExprSyntax?, name: String?, caller: Scope?) -> Destination
  {
    guard let caller, let identifier, let id = stringValue(identifier, in: caller) else {
      return .unknown("a storyboard identifier not written in the code")
    }
    let storyboardName = nameArgument.flatMap { stringValue($0, in: caller) } ?? name
    return storyboards.scene(identifier: id, storyboardName: storyboardName).map { .type($0) }
      ?? .unknown("storyboard identifier “\(id)” is in no storyboard read")
  }

  /// `storyboard.instantiateViewController(withIdentifier: "Profile")`: the scene's class.
  func instantiated(
    call: FunctionCallExprSyntax, name: String, base: ExprSyntax, in scope: Scope, depth: Int
  )
    -> Destination
  {
    // `instantiateViewController(identifier:) { coder in … }` and a cast around the call say the class too.
    if let cast = Self.castAround(call), isControllerLike(cast), !Self.genericBases.contains(cast) {
      return .type(cast)
    }
    // `instantiateViewController(identifier: "x") { coder in Foo(coder: coder) }`: the creator makes the class.
    let creator =
      call.trailingClosure
      ?? call.arguments.first { $0.label?.text == "creator" }?.expression.as(ClosureExprSyntax.self)
    if let creator, case let .type(made) = resolve(closure: creator, in: scope, depth: depth), isControllerLike(made) {
      return .type(made)
    }
    let storyboardName = self.storyboardName(base, in: scope, depth: depth)
    if name == "instantiateInitialViewController" {
      guard let storyboardName else { return .unknown("the initial controller of a storyboard not named in the code") }
      return storyboards.initialScene(ofStoryboard: storyboardName).map { .type($0) }
        ?? .unknown("storyboard \(storyboardName) is not among those read")
    }
    guard let argument = call.arguments.first, let identifier = stringValue(argument.expression, in: scope) else {
      // The identifier (and maybe the storyboard's name) are the function's parameters: each call says.
      let function = function(scope)
      if let argument = call.arguments.first,
        let reference = Self.stripped(argument.expression).as(DeclReferenceExprSyntax.self),
        let position = function.parameters.firstIndex(where: { $0.name == reference.baseName.text })
      {
        return .storyboardParameter(
          identifier: position, nameParameter: storyboardNameParameter(base, in: scope), name: storyboardName)
      }
      return .unknown("a storyboard identifier not written in the code")
    }
    return storyboards.scene(identifier: identifier, storyboardName: storyboardName).map { .type($0) }
      ?? .unknown("storyboard identifier “\(identifier)” is in no storyboard read")
  }

  /// The type a value is cast to right where it is made: `(… as! ProfileViewController)`, `as?`.
  static func castAround(_ node: some SyntaxProtocol) -> String? {
    var current = Syntax(node)
    while let parent = current.parent {
      if let sequence = parent.as(SequenceExprSyntax.self) {
        let elements = Array(sequence.elements)
        if let position = elements.firstIndex(where: { $0.id == current.id }), position + 2 < elements.count,
          elements[position + 1].is(UnresolvedAsExprSyntax.self),
          let type = elements[position + 2].as(TypeExprSyntax.self)
        {
          return TypeName.of(type.type)
        }
        return nil
      }
      if parent.is(ForceUnwrapExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self)
        || parent.is(TupleExprSyntax.self)
        || parent.is(LabeledExprSyntax.self) && parent.parent?.parent?.is(TupleExprSyntax.self) == true
        || parent.is(LabeledExprListSyntax.self) || parent.is(TryExprSyntax.self)
      {
        current = parent
        continue
      }
      return nil
    }
    return nil
  }

  /// The parameter that names the storyboard in `UIStoryboard(name: name, bundle: nil)`, if one does.
  func storyboardNameParameter(_ expression: ExprSyntax, in scope: Scope, depth: Int = 0) -> Int? {
    let expression = Self.stripped(expression)
    let function = function(scope)
    if let call = expression.as(FunctionCallExprSyntax.self),
      let name = call.arguments.first(where: { $0.label?.text == "name" }),
      let reference = Self.stripped(name.expression).as(DeclReferenceExprSyntax.self)
    {
      return function.parameters.firstIndex { $0.name == reference.baseName.text }
    }
    guard depth < 4, let reference = expression.as(DeclReferenceExprSyntax.self),
      let local = function.locals.last(where: {
        $0.name == reference.baseName.text && $0.position < expression.position.utf8Offset
      }),
      let value = local.value
    else { return nil }
    return storyboardNameParameter(value, in: scope, depth: depth + 1)
  }

  /// The storyboard name in `UIStoryboard(name: "Main", bundle: nil)`, directly or through a name.
  func storyboardName(_ expression: ExprSyntax, in scope: Scope, depth: Int) -> String? {
    let expression = Self.stripped(expression)
    if let call = expression.as(FunctionCallExprSyntax.self),
      let name = call.arguments.first(where: { $0.label?.text == "name" })
    {
      return stringValue(name.expression, in: scope)
    }
    guard depth < Self.maximumDepth, let reference = expression.as(DeclReferenceExprSyntax.self) else { return nil }
    let function = function(scope)
    if let local = function.locals.last(where: {
      $0.name == reference.baseName.text && $0.position < expression.position.utf8Offset
    }),
      let value = local.value
    {
      return storyboardName(value, in: scope, depth: depth + 1)
    }
    if let owner = function.owner, let property = index.property(named: reference.baseName.text, in: owner),
      let initializer = property.initializer
    {
      return storyboardName(initializer, in: scope, depth: depth + 1)
    }
    return nil
  }

  /// A string the code spells out: a literal, a constant initialised with one, an enum case's raw value.
  func stringValue(_ expression: ExprSyntax, in scope: Scope, depth: Int = 0) -> String? {
    guard depth < 6 else { return nil }
    let expression = Self.stripped(expression)
    if let literal = expression.as(StringLiteralExprSyntax.self) {
      var text = ""
      for segment in literal.segments {
        guard let plain = segment.as(StringSegmentSyntax.self) else { return nil }
        text += plain.content.text
      }
      return text
    }
    if let member = expression.as(MemberAccessExprSyntax.self) {
      let name = member.declName.baseName.text
      if name == "rawValue" || name == "identifier" || name == "id", let base = member.base {
        // `Segue.showProfile.rawValue`, `.showProfile.rawValue`
        if let inner = base.as(MemberAccessExprSyntax.self) {
          let caseName = inner.declName.baseName.text
          if let typeName = inner.base.flatMap(Self.typeReference), let value = index.rawValues[typeName]?[caseName] {
            return value
          }
          let values = index.rawValues.values.compactMap { $0[caseName] }
          if Set(values).count == 1 { return values.first }
        }
        return nil
      }
      if let base = member.base, let typeName = Self.typeReference(base) {
        if let property = index.property(named: name, in: typeName), let initializer = property.initializer {
          return stringValue(initializer, in: scope, depth: depth + 1)
        }
        // `String(describing: ProfileViewController.self)`-style identifiers are not followed.
        return nil
      }
      return nil
    }
    if let reference = expression.as(DeclReferenceExprSyntax.self) {
      let function = function(scope)
      let name = reference.baseName.text
      if let local = function.locals.last(where: { $0.name == name && $0.position < expression.position.utf8Offset }),
        let value = local.value
      {
        return stringValue(value, in: scope, depth: depth + 1)
      }
      if let owner = function.owner, let property = index.property(named: name, in: owner),
        let initializer = property.initializer
      {
        return stringValue(initializer, in: scope, depth: depth + 1)
      }
      if let global = index.properties[""]?[name], let initializer = global.initializer {
        return stringValue(initializer, in: scope, depth: depth + 1)
      }
    }
    // `String(describing: Foo.self)` and `"\(Foo.self)"` name the class: a common storyboard id convention.
    if let call = expression.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "String",
      let argument = call.arguments.first,
      let member = argument.expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
      let base = member.base, let typeName = Self.typeReference(base)
    {
      return typeName
    }
    return nil
  }

  // MARK: - What is a controller

  /// UIKit base classes that say only "a view controller": a parameter of one of these types is
  /// any controller.
  static let genericBases: Set<String> = [
    "UIViewController", "UITableViewController", "UICollectionViewController", "UINavigationController",
    "UITabBarController", "UISplitViewController", "UIPageViewController", "AnyObject", "Any", "NSObject",
  ]

  /// UIKit's containers: a value declared as one is one, whichever subclass it is.
  static let containerBases: Set<String> = [
    "UINavigationController", "UITabBarController", "UISplitViewController", "UIPageViewController",
  ]

  /// A controller class of the app's own (or UIKit's, or SwiftUI's hosting) that says which screen it is.
  func isSpecificController(_ name: String) -> Bool {
    if Self.genericBases.contains(name) { return false }
    if name.hasPrefix("UIHostingController<") { return true }
    return index.typeKinds[name] == .class && controllerKind(of: name) != nil
  }

  /// A name that is (or reads as) a view controller class.
  func isControllerLike(_ name: String) -> Bool {
    if controllerKind(of: name) != nil { return true }
    if index.typeKinds[name] != nil { return false }
    return Self.readsAsController(name)
  }

  /// A controller, or a class of the app whose base is outside the sources (a library's class):
  /// what a push, a presentation or a show makes a controller.
  func mayBeController(_ name: String) -> Bool {
    isControllerLike(name) || index.typeKinds[name] == .class && baseOutsideSources(of: name) != nil
  }

  /// A name ending as controller classes do (`…ViewController`, `…Controller`).
  static func readsAsController(_ name: String) -> Bool {
    let base = TypeName.base(name)
    return base.hasSuffix("ViewController")
      || base.hasSuffix("Controller") && !base.hasSuffix("ResultsController")
        && !base.hasSuffix("FetchedResultsController") && !base.hasSuffix("InteractionController")
  }

  /// What a class is, following its superclasses through the app's classes to UIKit's; a chain that
  /// leaves the sources at a class named like a controller is one. Nil for anything else.
  func controllerKind(of name: String) -> AppMap.Controller.Kind? {
    var current = name
    var seen: Set<String> = []
    while seen.insert(current).inserted {
      if let kind = AppMap.Controller.Kind.ofUIKitClass(current) { return kind }
      if index.typeKinds[current] == nil {
        // Outside the sources: a library's class.
        guard current != name || index.typeKinds[name] == nil else { return nil }
        return current == name ? nil : Self.kindFromName(current)
      }
      guard let superclass = index.superclass(of: current) else { return nil }
      current = superclass
    }
    return nil
  }

  /// The kind a library's controller class has by its name; nil for a name that is no controller's.
  static func kindFromName(_ name: String) -> AppMap.Controller.Kind? {
    let base = TypeName.base(name)
    if base.hasSuffix("NavigationController") { return .navigation }
    if base.hasSuffix("TabBarController") { return .tabBar }
    if base.hasSuffix("SplitViewController") { return .split }
    if base.hasSuffix("PageViewController") { return .page }
    if base.hasSuffix("HostingController") { return .hosting }
    if base.hasSuffix("AlertController") { return .alert }
    return readsAsController(base) ? .content : nil
  }

  /// The class whose superclass chain leaves the sources (its first base outside them), if it does.
  func baseOutsideSources(of name: String) -> String? {
    var current = name
    var seen: Set<String> = []
    while seen.insert(current).inserted {
      if AppMap.Controller.Kind.ofUIKitClass(current) != nil { return nil }
      guard index.typeKinds[current] != nil else { return current == name ? nil : current }
      guard let superclass = index.superclass(of: current) else { return nil }
      current = superclass
    }
    return nil
  }
}
