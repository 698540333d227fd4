import SwiftParser
import SwiftSyntax
import VCGraph

/// What one Swift file declares and calls, read from its syntax tree: its types, their stored
/// properties and functions, and in every function body the calls, assignments, local bindings and
/// returns that navigation can go through. Made for each file on its own (in parallel); resolved
/// app-wide by ``AppResolver``.
///
/// The syntax nodes kept (expressions) keep the file's tree alive until the map is built.
struct FileIndex: @unchecked Sendable {
  var path: String
  var types: [TypeDeclaration] = []
  var properties: [Property] = []
  var functions: [Function] = []
  /// The first place the parser had to recover from, when the file has syntax errors.
  var syntaxError: AppMap.Site?
  /// How many lines the file has.
  var lineCount = 0
}

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

extension FileIndex {
  /// Parses `source` and indexes it; `path` names it in sites.
  init(source: String, path: String) {
    let tree = Parser.parse(source: source)
    let converter = SourceLocationConverter(fileName: path, tree: tree)
    let visitor = IndexingVisitor(path: path, converter: converter)
    visitor.walk(tree)
    self.path = path
    types = visitor.types
    properties = visitor.properties
    functions = visitor.functions
    lineCount = converter.location(for: tree.endPosition).line
    if tree.hasError {
      for token in tree.tokens(viewMode: .all)
      where token.presence == .missing || token.parent?.is(UnexpectedNodesSyntax.self) == true {
        let location = converter.location(for: token.positionAfterSkippingLeadingTrivia)
        syntaxError = AppMap.Site(file: path, line: location.line, column: location.column)
        break
      }
      if syntaxError == nil { syntaxError = AppMap.Site(file: path, line: 1, column: 1) }
    }
  }
}

/// Walks a file once, in source order.
private final class IndexingVisitor: SyntaxVisitor {
  let path: String
  let converter: SourceLocationConverter
  var types: [TypeDeclaration] = []
  var properties: [Property] = []
  var functions: [Function] = []
  /// The names of the types being declared, innermost last.
  var typeStack: [String] = []
  /// The functions being read, innermost last (indices into `functions`).
  var functionStack: [Int] = []
  var guardStack: [CaseGuard] = []
  /// Functions opened by a node, closed again after it.
  var opened: [SyntaxIdentifier: Int] = [:]
  /// The branches of an `if` on a name (`if modally { … } else { … }`): the guard each block is under.
  var blockGuards: [SyntaxIdentifier: CaseGuard] = [:]
  var guardedBlocks: Set<SyntaxIdentifier> = []

  init(path: String, converter: SourceLocationConverter) {
    self.path = path
    self.converter = converter
    super.init(viewMode: .sourceAccurate)
  }

  func site(_ position: AbsolutePosition) -> AppMap.Site {
    let location = converter.location(for: position)
    return AppMap.Site(file: path, line: location.line, column: location.column)
  }

  func site(of node: some SyntaxProtocol) -> AppMap.Site { site(node.positionAfterSkippingLeadingTrivia) }

  // MARK: Types

  func openType(
    _ name: String, _ kind: TypeDeclaration.Kind, _ inheritance: InheritanceClauseSyntax?, at node: some SyntaxProtocol
  ) {
    let inherited = inheritance?.inheritedTypes.map { TypeName.of($0.type) } ?? []
    types.append(TypeDeclaration(name: name, kind: kind, inherited: inherited, site: site(of: node)))
    typeStack.append(name)
  }

  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
    openType(node.name.text, .class, node.inheritanceClause, at: node.name)
    return .visitChildren
  }
  override func visitPost(_ node: ClassDeclSyntax) { typeStack.removeLast() }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
    openType(node.name.text, .struct, node.inheritanceClause, at: node.name)
    return .visitChildren
  }
  override func visitPost(_ node: StructDeclSyntax) { typeStack.removeLast() }

  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
    openType(node.name.text, .actor, node.inheritanceClause, at: node.name)
    return .visitChildren
  }
  override func visitPost(_ node: ActorDeclSyntax) { typeStack.removeLast() }

  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    openType(node.name.text, .protocol, node.inheritanceClause, at: node.name)
    return .visitChildren
  }
  override func visitPost(_ node: ProtocolDeclSyntax) { typeStack.removeLast() }

  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
    openType(node.name.text, .enum, node.inheritanceClause, at: node.name)
    return .visitChildren
  }
  override func visitPost(_ node: EnumDeclSyntax) { typeStack.removeLast() }

  override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
    guard let index = types.lastIndex(where: { $0.name == typeStack.last && $0.kind == .enum }) else {
      return .skipChildren
    }
    for element in node.elements {
      var value = element.name.text
      if let literal = element.rawValue?.value.as(StringLiteralExprSyntax.self), let text = Self.text(of: literal) {
        value = text
      }
      types[index].rawValues[element.name.text] = value
      if let parameters = element.parameterClause?.parameters {
        types[index].caseParameters[element.name.text] = parameters.map { TypeName.of($0.type) }
      }
    }
    return .skipChildren
  }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    openType(TypeName.of(node.extendedType), .extension, node.inheritanceClause, at: node.extendedType)
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { typeStack.removeLast() }

  static func text(of literal: StringLiteralExprSyntax) -> String? {
    var text = ""
    for segment in literal.segments {
      guard let plain = segment.as(StringSegmentSyntax.self) else { return nil }
      text += plain.content.text
    }
    return text
  }

  // MARK: Functions

  @discardableResult
  func openFunction(
    _ name: String, parameters: [Parameter], returnType: String?, isStatic: Bool, at node: some SyntaxProtocol,
    opener: SyntaxIdentifier
  ) -> Int {
    let index = functions.count
    functions.append(
      Function(
        index: index, owner: typeStack.last, name: name, parameters: parameters, returnType: returnType,
        isStatic: isStatic, site: site(of: node)))
    functionStack.append(index)
    opened[opener] = index
    return index
  }

  func closeFunction(_ opener: SyntaxIdentifier) {
    guard opened.removeValue(forKey: opener) != nil else { return }
    functionStack.removeLast()
  }

  static func parameters(_ clause: FunctionParameterClauseSyntax) -> [Parameter] {
    clause.parameters.map { parameter in
      let label = parameter.firstName.text == "_" ? nil : parameter.firstName.text
      let name = parameter.secondName?.text ?? parameter.firstName.text
      return Parameter(
        label: label, name: name, typeName: TypeName.of(parameter.type), isClosure: TypeName.isFunction(parameter.type),
        defaultValue: parameter.defaultValue?.value)
    }
  }

  static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
    modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    let index = openFunction(
      node.name.text, parameters: Self.parameters(node.signature.parameterClause),
      returnType: node.signature.returnClause.map { TypeName.of($0.type) }, isStatic: Self.isStatic(node.modifiers),
      at: node.name, opener: node.id)
    if let body = node.body { implicitReturn(body.statements, into: index) }
    return .visitChildren
  }
  override func visitPost(_ node: FunctionDeclSyntax) { closeFunction(node.id) }

  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    openFunction(
      "init", parameters: Self.parameters(node.signature.parameterClause), returnType: typeStack.last, isStatic: false,
      at: node.initKeyword, opener: node.id)
    return .visitChildren
  }
  override func visitPost(_ node: InitializerDeclSyntax) { closeFunction(node.id) }

  override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
    openFunction(
      "subscript", parameters: Self.parameters(node.parameterClause), returnType: TypeName.of(node.returnClause.type),
      isStatic: false, at: node.subscriptKeyword, opener: node.id)
    return .visitChildren
  }
  override func visitPost(_ node: SubscriptDeclSyntax) { closeFunction(node.id) }

  /// A body of one expression returns it.
  func implicitReturn(_ statements: CodeBlockItemListSyntax, into index: Int) {
    guard statements.count == 1, let item = statements.first, let expression = item.item.as(ExprSyntax.self) else {
      return
    }
    functions[index].returns.append(Return(value: expression, guards: []))
  }

  // MARK: Variables

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    let isMember = node.parent?.is(MemberBlockItemSyntax.self) == true
    let isGlobal = functionStack.isEmpty && !isMember
    for binding in node.bindings {
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
      let typeName = binding.typeAnnotation.map { TypeName.of($0.type) }
      if isMember || isGlobal {
        var property = Property(
          owner: isMember ? typeStack.last : nil, name: name, typeName: typeName,
          initializer: binding.initializer?.value,
          isStatic: Self.isStatic(node.modifiers))
        if let accessors = binding.accessorBlock {
          // A computed property: its getter is a function returning the property's type.
          let index = openFunction(
            name, parameters: [], returnType: typeName, isStatic: property.isStatic, at: binding.pattern,
            opener: accessors.id)
          property.code = index
          functions[index].isPropertyCode = true
          if case let .getter(statements) = accessors.accessors { implicitReturn(statements, into: index) }
          for accessor in accessorGetters(accessors) { implicitReturn(accessor, into: index) }
        } else if binding.initializer != nil {
          // The initializer's code (a closure that makes and configures a controller) is read as a function.
          let index = openFunction(
            name, parameters: [], returnType: typeName, isStatic: property.isStatic, at: binding.pattern,
            opener: binding.id)
          property.code = index
          functions[index].isPropertyCode = true
        }
        properties.append(property)
      } else if let function = functionStack.last {
        functions[function].locals.append(
          Local(
            name: name, position: binding.positionAfterSkippingLeadingTrivia.utf8Offset, typeName: typeName,
            value: binding.initializer?.value, guards: guardStack, scopeEnd: Self.scopeEnd(of: Syntax(node))))
      }
    }
    return .visitChildren
  }

  func accessorGetters(_ block: AccessorBlockSyntax) -> [CodeBlockItemListSyntax] {
    guard case let .accessors(list) = block.accessors else { return [] }
    return list.compactMap { $0.accessorSpecifier.tokenKind == .keyword(.get) ? $0.body?.statements : nil }
  }

  override func visitPost(_ node: AccessorBlockSyntax) { closeFunction(node.id) }
  override func visitPost(_ node: PatternBindingSyntax) { closeFunction(node.id) }

  override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
    guard let function = functionStack.last, let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    else { return .visitChildren }
    // `if let vc` alone rebinds the name to itself: nothing new to learn.
    if let value = node.initializer?.value {
      functions[function].locals.append(
        Local(
          name: name, position: node.positionAfterSkippingLeadingTrivia.utf8Offset,
          typeName: node.typeAnnotation.map { TypeName.of($0.type) }, value: value, guards: guardStack,
          scopeEnd: Self.bindingScopeEnd(of: Syntax(node))))
    }
    return .visitChildren
  }

  /// The end of the block a declaration is in.
  static func scopeEnd(of node: Syntax) -> Int {
    var current = node.parent
    while let parent = current {
      if parent.is(CodeBlockSyntax.self) || parent.is(ClosureExprSyntax.self) || parent.is(SwitchCaseSyntax.self)
        || parent.is(AccessorBlockSyntax.self)
      {
        return parent.endPosition.utf8Offset
      }
      current = parent.parent
    }
    return Int.max
  }

  /// The end of what an `if let` binds for (its body), or a `guard let` (the rest of its block).
  static func bindingScopeEnd(of node: Syntax) -> Int {
    var current = node.parent
    while let parent = current {
      if let ifExpression = parent.as(IfExprSyntax.self) { return ifExpression.body.endPosition.utf8Offset }
      if let whileStatement = parent.as(WhileStmtSyntax.self) { return whileStatement.body.endPosition.utf8Offset }
      if parent.is(GuardStmtSyntax.self) { return scopeEnd(of: parent) }
      current = parent.parent
    }
    return Int.max
  }

  override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
    if let function = functionStack.last, let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
      // `for vc in [a, b]`: the variable is one of the elements; read as the sequence, which
      // `AppResolver` looks into.
      functions[function].locals.append(
        Local(
          name: name, position: node.positionAfterSkippingLeadingTrivia.utf8Offset, typeName: nil, value: node.sequence)
      )
    }
    return .visitChildren
  }

  // MARK: Switches

  /// `if flag { … } else { … }` on a name: the body is under `flag` being `true`, the else block
  /// under `false`, as a `switch` case is under its case (a wrapper's `modally: Bool` chooses a call).
  override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind {
    guard node.conditions.count == 1, let condition = node.conditions.first,
      case let .expression(expression) = condition.condition
    else { return .visitChildren }
    var name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text
    var isNegated = false
    if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
      name = prefix.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
      isNegated = true
    }
    guard let name else { return .visitChildren }
    blockGuards[node.body.id] = CaseGuard(subject: name, cases: [isNegated ? "false" : "true"])
    if case let .codeBlock(elseBlock) = node.elseBody {
      blockGuards[elseBlock.id] = CaseGuard(subject: name, cases: [isNegated ? "true" : "false"])
    }
    return .visitChildren
  }

  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind {
    if let blockGuard = blockGuards.removeValue(forKey: node.id) {
      guardStack.append(blockGuard)
      guardedBlocks.insert(node.id)
    }
    return .visitChildren
  }
  override func visitPost(_ node: CodeBlockSyntax) {
    if guardedBlocks.remove(node.id) != nil { guardStack.removeLast() }
  }

  override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind {
    guard let switchExpr = node.parent?.parent?.as(SwitchExprSyntax.self) else { return .visitChildren }
    let subject = Self.rootName(of: switchExpr.subject) ?? ""
    var cases: [String] = []
    if case let .case(label) = node.label {
      for item in label.caseItems {
        if let name = Self.caseName(in: Syntax(item.pattern)) { cases.append(name) }
      }
    }
    guardStack.append(CaseGuard(subject: subject, cases: cases))
    // `case .alert(let controller)`: `controller` is the case's associated value.
    if case let .case(label) = node.label, let function = functionStack.last {
      for item in label.caseItems {
        guard let caseName = Self.caseName(in: Syntax(item.pattern)) else { continue }
        for (position, name) in Self.boundNames(in: Syntax(item.pattern)) {
          functions[function].locals.append(
            Local(
              name: name, position: node.positionAfterSkippingLeadingTrivia.utf8Offset, typeName: nil, value: nil,
              guards: guardStack, scopeEnd: node.endPosition.utf8Offset,
              caseBinding: CaseBinding(subject: subject, caseName: caseName, index: position)))
        }
      }
    }
    return .visitChildren
  }
  override func visitPost(_ node: SwitchCaseSyntax) {
    if node.parent?.parent?.is(SwitchExprSyntax.self) == true { guardStack.removeLast() }
  }

  /// The enum case a pattern matches: `.profile`, `.profile(let id)`, `let .profile(id)`, `Route.profile`.
  static func caseName(in node: Syntax) -> String? {
    if let member = node.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
    if let call = node.as(FunctionCallExprSyntax.self) { return caseName(in: Syntax(call.calledExpression)) }
    if let pattern = node.as(ExpressionPatternSyntax.self) { return caseName(in: Syntax(pattern.expression)) }
    if let binding = node.as(ValueBindingPatternSyntax.self) { return caseName(in: Syntax(binding.pattern)) }
    return nil
  }

  /// The names a case pattern binds, by the position of the associated value: `(0, "vm")` for
  /// `.profile(let vm)`, `let .profile(vm)`.
  static func boundNames(in node: Syntax) -> [(Int, String)] {
    if let pattern = node.as(ExpressionPatternSyntax.self) { return boundNames(in: Syntax(pattern.expression)) }
    if let binding = node.as(ValueBindingPatternSyntax.self) { return boundNames(in: Syntax(binding.pattern)) }
    guard let call = node.as(FunctionCallExprSyntax.self) else { return [] }
    var names: [(Int, String)] = []
    for (position, argument) in call.arguments.enumerated() {
      var current = Syntax(argument.expression)
      if let patternExpression = current.as(PatternExprSyntax.self) { current = Syntax(patternExpression.pattern) }
      if let binding = current.as(ValueBindingPatternSyntax.self) { current = Syntax(binding.pattern) }
      if let identifier = current.as(IdentifierPatternSyntax.self) {
        names.append((position, identifier.identifier.text))
      } else if let reference = current.as(DeclReferenceExprSyntax.self) {
        names.append((position, reference.baseName.text))
      }
    }
    return names
  }

  /// The name an expression starts from: `route` for `route`, `self.route`, `route.kind`.
  static func rootName(of expression: ExprSyntax) -> String? {
    if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
    if let member = expression.as(MemberAccessExprSyntax.self) {
      if let base = member.base, base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
        return member.declName.baseName.text
      }
      return member.base.flatMap(rootName(of:))
    }
    if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let first = tuple.elements.first {
      return rootName(of: first.expression)
    }
    return nil
  }

  // MARK: Calls, assignments, returns

  /// The function calls and assignments at the top level of a file are main.swift's code.
  func currentFunction() -> Int {
    if let index = functionStack.last { return index }
    let index = functions.count
    functions.append(
      Function(
        index: index, owner: typeStack.last, name: "top-level code", parameters: [], returnType: nil, isStatic: true,
        site: AppMap.Site(file: path, line: 1)))
    // Stays the current function for the rest of the file's top level.
    functionStack.append(index)
    return index
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    let function = currentFunction()
    var callee: String?
    var receiver: ExprSyntax?
    var isImplicit = false
    var nameToken: TokenSyntax?
    var called = node.calledExpression
    if let specialized = called.as(GenericSpecializationExprSyntax.self) { called = specialized.expression }
    if let reference = called.as(DeclReferenceExprSyntax.self) {
      callee = reference.baseName.text
      nameToken = reference.baseName
    } else if let member = called.as(MemberAccessExprSyntax.self) {
      callee = member.declName.baseName.text
      nameToken = member.declName.baseName
      receiver = member.base
      isImplicit = member.base == nil
    }
    if let callee, let nameToken {
      var arguments = node.arguments.map { Argument(label: $0.label?.text, value: $0.expression) }
      if let closure = node.trailingClosure { arguments.append(Argument(label: nil, value: ExprSyntax(closure))) }
      functions[function].calls.append(
        Call(
          node: node, callee: callee, receiver: receiver, isImplicitMember: isImplicit, arguments: arguments,
          site: site(of: nameToken), guards: guardStack))
    }
    return .visitChildren
  }

  override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
    let elements = Array(node.elements)
    guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self) else { return .visitChildren }
    let function = currentFunction()
    let target = elements[0]
    // The whole sequence stands for its value: `AppResolver` reads what follows the `=` (a cast,
    // a `??`, a ternary).
    let kept = ExprSyntax(node)
    if let member = target.as(MemberAccessExprSyntax.self) {
      functions[function].assignments.append(
        Assignment(
          member: member.declName.baseName.text, receiver: member.base, value: kept,
          site: site(of: member.declName.baseName), guards: guardStack))
    } else if let reference = target.as(DeclReferenceExprSyntax.self) {
      // `vc = ProfileViewController()` later in the function: a new value for the name.
      functions[function].locals.append(
        Local(
          name: reference.baseName.text, position: node.positionAfterSkippingLeadingTrivia.utf8Offset, typeName: nil,
          value: kept, guards: guardStack))
      functions[function].assignments.append(
        Assignment(
          member: reference.baseName.text, receiver: nil, value: kept, site: site(of: reference),
          guards: guardStack))
    }
    return .visitChildren
  }

  override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
    if let value = node.expression, let function = functionStack.last, !isInsideClosure(node, of: function) {
      functions[function].returns.append(Return(value: value, guards: guardStack))
    }
    return .visitChildren
  }

  /// True when `node` is inside a closure nested in the current function (its `return` is the closure's).
  func isInsideClosure(_ node: some SyntaxProtocol, of function: Int) -> Bool {
    var current = node.parent
    while let parent = current {
      if parent.is(ClosureExprSyntax.self) {
        // A property's initializer `{ … }()` is the property's code: its return is the property's value.
        if let call = parent.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == parent.id,
          let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
          opened[binding.id] == function
        {
          return false
        }
        return true
      }
      if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self)
        || parent.is(AccessorBlockSyntax.self)
        || parent.is(PatternBindingSyntax.self)
      {
        return false
      }
      current = parent.parent
    }
    return false
  }
}

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
