import SwiftSyntax

/// Type names as simple strings.
enum TypeName {
  /// `ProfileViewController` for `ProfileViewController?`, `Module.ProfileViewController`, `some P`;
  /// `[Tab]` for an array; `UIHostingController<SettingsView>` keeps its first generic argument.
  static func of(_ type: TypeSyntax) -> String {
    if let optional = type.as(OptionalTypeSyntax.self) { return of(optional.wrappedType) }
    if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return of(unwrapped.wrappedType) }
    if let some = type.as(SomeOrAnyTypeSyntax.self) { return of(some.constraint) }
    if let attributed = type.as(AttributedTypeSyntax.self) { return of(attributed.baseType) }
    if let array = type.as(ArrayTypeSyntax.self) { return "[" + of(array.element) + "]" }
    if let member = type.as(MemberTypeSyntax.self) {
      return member.name.text + genericSuffix(member.genericArgumentClause)
    }
    if let identifier = type.as(IdentifierTypeSyntax.self) {
      return identifier.name.text + genericSuffix(identifier.genericArgumentClause)
    }
    if let composition = type.as(CompositionTypeSyntax.self), let first = composition.elements.first {
      return of(first.type)
    }
    return type.trimmedDescription
  }

  static func genericSuffix(_ clause: GenericArgumentClauseSyntax?) -> String {
    guard let clause, let first = clause.arguments.first else { return "" }
    switch first.argument {
    case let .type(type): return "<" + of(type) + ">"
    default: return ""
    }
  }

  static func isFunction(_ type: TypeSyntax) -> Bool {
    if let attributed = type.as(AttributedTypeSyntax.self) { return isFunction(attributed.baseType) }
    if let optional = type.as(OptionalTypeSyntax.self) { return isFunction(optional.wrappedType) }
    if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let first = tuple.elements.first {
      return isFunction(first.type)
    }
    return type.is(FunctionTypeSyntax.self)
  }

  /// The name without a generic argument: `UIHostingController` for `UIHostingController<X>`.
  static func base(_ name: String) -> String {
    String(name.prefix { $0 != "<" })
  }

  /// The generic argument: `X` for `UIHostingController<X>`.
  static func argument(_ name: String) -> String? {
    guard let open = name.firstIndex(of: "<"), name.hasSuffix(">") else { return nil }
    return String(name[name.index(after: open)..<name.index(before: name.endIndex)])
  }
}
