import SwiftSyntax
import VCGraph

/// Scenes of the storyboards read: `instantiateViewController(withIdentifier:)` and its wrappers, the
/// storyboard names and identifiers written in the code.
extension ExpressionResolver {
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
}
