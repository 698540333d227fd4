import SwiftSyntax
import VCGraph

/// A class, struct, enum, actor, protocol or extension.
struct TypeDeclaration {
  enum Kind { case `class`, `struct`, `enum`, actor, `protocol`, `extension` }
  var name: String
  var kind: Kind
  /// The inheritance clause's types, as simple names (`UIHostingController<SettingsView>` keeps its argument).
  var inherited: [String]
  var site: AppMap.Site
  /// For an enum, each case's raw value (its name when it has none).
  var rawValues: [String: String] = [:]
  /// For an enum, each case's associated values' types.
  var caseParameters: [String: [String?]] = [:]
}

/// A stored or computed property, or a global variable (owner nil).
struct Property {
  var owner: String?
  var name: String
  var typeName: String?
  var initializer: ExprSyntax?
  var isStatic: Bool
  /// The function made of its getter or of its initializer's code (whose returns give its value).
  var code: Int?
}

/// A parameter of a function.
struct Parameter {
  /// The argument label; nil for `_`.
  var label: String?
  var name: String
  var typeName: String?
  /// Whether the parameter's type is a function (a closure that may make the controller).
  var isClosure: Bool
  /// The default value, when a call may leave it out.
  var defaultValue: ExprSyntax?

  /// Whether a call may leave it out.
  var hasDefault: Bool { defaultValue != nil }
}

/// A `switch` case that a statement is inside: the switch's subject (a name) and the case names.
struct CaseGuard: Hashable {
  var subject: String
  /// The enum case names (`profile` for `case .profile(let id)`); empty for `default`.
  var cases: [String]
}

/// A function, initializer, accessor, or the code of a property's initializer.
struct Function {
  var index: Int
  var owner: String?
  var name: String
  var parameters: [Parameter]
  var returnType: String?
  var isStatic: Bool
  var site: AppMap.Site
  /// True for a property's getter or initializer code: not a method to call.
  var isPropertyCode = false
  var locals: [Local] = []
  var calls: [Call] = []
  var assignments: [Assignment] = []
  var returns: [Return] = []

  /// `name(label:label:)`, as Swift names a function.
  var signature: String {
    name + "(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
  }

  /// `Owner.name(label:)`.
  var qualifiedName: String { (owner.map { $0 + "." } ?? "") + signature }
}

/// A local constant or variable (also `if let`, `guard let`, a `for` loop's variable).
struct Local {
  var name: String
  var position: Int
  var typeName: String?
  var value: ExprSyntax?
  /// The `switch` cases the binding (or a later assignment) is under.
  var guards: [CaseGuard] = []
  /// Where the name stops being visible: the end of the block (or `if` body) it is bound in.
  var scopeEnd = Int.max
  /// For `case .alert(let controller)`: the switch's subject, the case and the associated value's position.
  var caseBinding: CaseBinding?
}

/// A name bound to an enum case's associated value by a `switch` case's pattern.
struct CaseBinding {
  var subject: String
  var caseName: String
  var index: Int
}

/// A call expression in a function body.
struct Call {
  var node: FunctionCallExprSyntax
  /// The called name: `pushViewController`, `present`, `makeProfile`, `ProfileViewController`.
  var callee: String
  /// The expression before the dot; nil for a call without one.
  var receiver: ExprSyntax?
  /// True for `.name(…)`, a call on an implicit type.
  var isImplicitMember: Bool
  var arguments: [Argument]
  var site: AppMap.Site
  var guards: [CaseGuard]
}

struct Argument {
  var label: String?
  var value: ExprSyntax
}

/// `receiver.member = value`.
struct Assignment {
  var member: String
  var receiver: ExprSyntax?
  var value: ExprSyntax
  var site: AppMap.Site
  var guards: [CaseGuard]
}

struct Return {
  var value: ExprSyntax
  var guards: [CaseGuard]
}
