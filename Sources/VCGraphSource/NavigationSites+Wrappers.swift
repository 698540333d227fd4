import SwiftSyntax
import VCGraph

/// The app's own functions that navigate (wrappers, routers, coordinators): which parameter reaches a
/// UIKit call, under which case, and what a call of the wrapper does at its call site.
extension NavigationSites {
  /// The parameter a navigation controller is made around: `UINavigationController(rootViewController: vc)`
  /// with `vc` the function's parameter, directly or through a local.
  func wrappedParameter(_ expression: ExprSyntax, in scope: Scope, depth: Int = 0) -> (Int, FunctionRef?)? {
    guard depth < 4 else { return nil }
    let stripped = ExpressionResolver.stripped(NavigationSites.assignedValue(expression))
    if let call = stripped.as(FunctionCallExprSyntax.self), let first = call.arguments.first,
      first.label?.text == "rootViewController",
      case let .parameter(position, factory) = resolver.resolve(first.expression, in: scope)
    {
      return (position, factory)
    }
    if let reference = stripped.as(DeclReferenceExprSyntax.self) {
      for local in index[scope.function].locals.reversed()
      where local.name == reference.baseName.text && local.position < scope.position {
        if let value = local.value,
          let found = wrappedParameter(
            value, in: Scope(function: scope.function, position: local.position), depth: depth + 1)
        {
          return found
        }
      }
    }
    return nil
  }

  /// The `switch` cases on the function's parameters among `guards`: parameter index → case names.
  func effectGuards(_ guards: [CaseGuard], in function: Function) -> [Int: [String]] {
    var result: [Int: [String]] = [:]
    for caseGuard in guards {
      if let parameter = function.parameters.firstIndex(where: { $0.name == caseGuard.subject }) {
        result[parameter] = caseGuard.cases
      }
    }
    return result
  }

  /// False when the receiver is a value of the app's own type that is no controller and declares
  /// the method (a `Presenter.present(_:animated:)` of its own is a wrapper, found elsewhere), or a
  /// value vcgraph knows is no controller.
  func receiverIsUIKit(_ call: Call, in scope: Scope) -> Bool {
    guard let receiver = call.receiver.map(ExpressionResolver.stripped) else { return true }
    if case let .type(type) = resolver.resolve(receiver, in: scope) {
      if resolver.controllerKind(of: type) != nil { return true }
      if let kind = index.typeKinds[type], kind == .struct || kind == .enum { return false }
    }
    return true
  }

  /// The style and detents set on the presented controller in the same function before the call:
  /// `vc.modalPresentationStyle = .formSheet`, `vc.sheetPresentationController?.detents = [.medium()]`.
  func presentationStyle(of expression: ExprSyntax, in ref: FunctionRef, before position: Int) -> (Style?, [String]?) {
    let function = index[ref]
    let stripped = ExpressionResolver.stripped(expression)
    guard let name = stripped.as(DeclReferenceExprSyntax.self)?.baseName.text else {
      return (nil, nil)
    }
    // The names standing for the presented controller's sheet: `sheet` in `if let sheet = vc.sheetPresentationController`.
    var names: Set<String> = [name]
    for local in function.locals {
      if let value = local.value, rootName(of: value) == name { names.insert(local.name) }
    }
    var style: Style?
    var detents: [String]?
    for assignment in function.assignments where assignment.site.line > 0 {
      guard let receiver = assignment.receiver, let root = rootName(of: receiver), names.contains(root) else {
        continue
      }
      let value = ExpressionResolver.stripped(Self.assignedValue(assignment.value))
      switch assignment.member {
      case "modalPresentationStyle":
        if let member = value.as(MemberAccessExprSyntax.self) {
          style = .fixed(member.declName.baseName.text)
        } else if let reference = value.as(DeclReferenceExprSyntax.self),
          let parameter = function.parameters.firstIndex(where: { $0.name == reference.baseName.text })
        {
          style = .parameter(parameter)
        }
      case "detents":
        if let array = value.as(ArrayExprSyntax.self) {
          detents = array.elements.compactMap { ExpressionResolver.caseName(of: $0.expression) }
        }
      default: continue
      }
    }
    return (style, detents)
  }

  /// The name an expression starts from: `vc` in `vc.sheetPresentationController?.detents`.
  func rootName(of expression: ExprSyntax) -> String? {
    let expression = ExpressionResolver.stripped(expression)
    if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
    if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base { return rootName(of: base) }
    return nil
  }

  /// Who makes a call: the type whose code it is in; `main` for top-level code.
  func owner(of function: Function) -> String {
    function.owner ?? (function.name == "top-level code" ? "main" : "global functions")
  }

  // MARK: - Wrappers

  /// The effect `effect` of `target` as seen from `ref`, when `call` passes one of `ref`'s own
  /// parameters as the controller; nil when the call passes something else, or a case the
  /// effect's `switch` does not take.
  func propagate(_ effect: Effect, of target: FunctionRef, through call: Call, in ref: FunctionRef) -> Effect? {
    guard let arguments = resolver.bind(call.arguments, to: index[target]) else { return nil }
    let scope = Scope(function: ref, position: call.node.position.utf8Offset)
    guard let argument = arguments[effect.parameter] else { return nil }
    // The call's own branch (`if modally { present(vc) }`) guards the effect in the caller too.
    var guards = effectGuards(call.guards, in: index[ref])
    for (parameter, cases) in effect.guards {
      guard let passed = arguments[parameter] ?? index[target].parameters[parameter].defaultValue else { continue }
      if let name = ExpressionResolver.caseName(of: passed) {
        if !cases.isEmpty, !cases.contains(name) { return nil }
      } else if case let .parameter(outer, _) = resolver.resolve(passed, in: scope) {
        guards[outer] = cases
      }
    }
    let outer: Int
    var factory = effect.factory
    var target = effect.target
    if case let .storyboard(nameParameter, name) = effect.target {
      // The identifier must be the caller's parameter too; the storyboard's name may be written here.
      guard let reference = ExpressionResolver.stripped(argument).as(DeclReferenceExprSyntax.self),
        let position = index[ref].parameters.firstIndex(where: { $0.name == reference.baseName.text })
      else { return nil }
      outer = position
      var outerName = name
      var outerNameParameter: Int?
      if let nameParameter, let passed = arguments[nameParameter] {
        if let written = resolver.stringValue(passed, in: scope) {
          outerName = written
        } else if let passedName = ExpressionResolver.stripped(passed).as(DeclReferenceExprSyntax.self) {
          outerNameParameter = index[ref].parameters.firstIndex { $0.name == passedName.baseName.text }
        }
      }
      target = .storyboard(nameParameter: outerNameParameter, name: outerName)
    } else {
      guard case let .parameter(position, outerFactory) = resolver.resolve(argument, in: scope) else { return nil }
      outer = position
      factory = outerFactory ?? effect.factory
    }
    var style = effect.style
    if case let .parameter(styleParameter) = effect.style, let passed = arguments[styleParameter] {
      if let name = ExpressionResolver.caseName(of: passed) {
        style = .fixed(name)
      } else if case let .parameter(outerStyle, _) = resolver.resolve(passed, in: scope) {
        style = .parameter(outerStyle)
      } else {
        style = nil
      }
    }
    return Effect(
      parameter: outer, factory: factory, target: target, kind: effect.kind, from: effect.from, style: style,
      detents: effect.detents, guards: guards, via: [index[ref].qualifiedName] + effect.via)
  }
}
