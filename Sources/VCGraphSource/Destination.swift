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
}
