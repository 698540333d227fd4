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

  /// The app's own function `call` calls, when it is one that the app declares (a method of the
  /// receiver's type, of the caller's type, or a free function); nil for UIKit's.
  func appFunction(called call: Call, in ref: FunctionRef) -> FunctionRef? {
    if call.callee.first?.isUppercase == true || call.isImplicitMember { return nil }
    let function = index[ref]
    let scope = Scope(function: ref, position: call.node.position.utf8Offset)
    var candidates: [FunctionRef] = []
    if let receiver = call.receiver.map(ExpressionResolver.stripped) {
      if let reference = receiver.as(DeclReferenceExprSyntax.self), reference.baseName.tokenKind == .keyword(.self) {
        candidates = function.owner.map { index.methods(named: call.callee, in: $0) } ?? []
      } else if receiver.is(SuperExprSyntax.self) {
        // `super.viewDidLoad()`: the superclass's method, when the app declares it.
        candidates =
          function.owner.flatMap { index.superclass(of: $0) }.map { index.methods(named: call.callee, in: $0) } ?? []
      } else if let typeName = ExpressionResolver.typeReference(receiver) {
        candidates = index.methods(named: call.callee, in: typeName)
      } else if case let .type(typeName) = resolver.resolve(receiver, in: scope) {
        candidates = index.methods(named: call.callee, in: typeName)
      } else {
        // A receiver whose type is not known: the app's function of that name and labels, when
        // only one exists and it is not UIKit's own call.
        guard !isUIKitSignature(call) else { return nil }
        let all = index.fewFunctions(named: call.callee).filter { resolver.labelsMatch(call.node, index[$0]) }
        candidates = all.count == 1 ? all : []
      }
    } else {
      candidates = function.owner.map { index.methods(named: call.callee, in: $0) } ?? []
      if candidates.isEmpty { candidates = index.freeFunctions[call.callee] ?? [] }
    }
    return candidates.first { resolver.labelsMatch(call.node, index[$0]) && $0 != ref }
  }

  /// A coordinator: a type named so, or one conforming to a `…Coordinator` protocol.
  func isCoordinator(_ name: String) -> Bool {
    index.lineage(of: name).contains { $0.hasSuffix("Coordinator") || $0.hasSuffix("Coordinating") }
  }

  /// True when a call has the name and labels of one of UIKit's navigation calls.
  func isUIKitSignature(_ call: Call) -> Bool {
    let labels = labels(call)
    switch call.callee {
    case "pushViewController", "setViewControllers": return labels.first == .some(nil)
    case "present": return labels.count >= 2 && labels[0] == nil && labels[1] == "animated"
    case "show", "showDetailViewController": return labels == [nil, "sender"]
    case "addChild", "addChildViewController": return labels == [nil]
    case "performSegue": return labels.first == "withIdentifier"
    case "instantiateViewController": return labels.first == "withIdentifier" || labels.first == "identifier"
    case "instantiateInitialViewController": return true
    default: return false
    }
  }

  /// UIKit's navigation methods, by name.
  static let uikitNames: Set<String> = [
    "pushViewController", "present", "show", "showDetailViewController", "setViewControllers", "addChild",
    "addChildViewController", "performSegue", "instantiateViewController", "instantiateInitialViewController",
  ]

  // MARK: - UIKit's calls

  func labels(_ call: Call) -> [String?] { call.arguments.map(\.label) }

  /// A UIKit navigation call: a site, and when its controller is the function's parameter, an effect.
  mutating func uikitCall(_ call: Call, in ref: FunctionRef) {
    let labels = labels(call)
    let scope = Scope(function: ref, position: call.node.position.utf8Offset)
    switch call.callee {
    case "pushViewController" where labels.first == .some(nil) && labels.contains("animated"):
      site(call, kind: .push, destination: call.arguments[0].value, in: ref)
    case "present" where labels.count >= 2 && labels[0] == nil && labels[1] == "animated":
      site(call, kind: .present, destination: call.arguments[0].value, in: ref)
    case "show" where labels.count == 2 && labels[0] == nil && labels[1] == "sender":
      // `show(_:sender:)` pushes inside a navigation stack and presents elsewhere: which, the code does
      // not say, so it is a show.
      site(call, kind: .show, destination: call.arguments[0].value, in: ref)
    case "showDetailViewController" where labels.count == 2 && labels[0] == nil && labels[1] == "sender":
      site(call, kind: .showDetail, destination: call.arguments[0].value, in: ref)
    // `UIPageViewController.setViewControllers(_:direction:animated:)` turns pages: no navigation.
    case "setViewControllers" where labels == [nil, "animated"] || labels == [nil]:
      let kind = containerKind(of: call.receiver, in: scope)
      guard kind != nil || call.receiver != nil || isController(index[ref].owner) else { return }
      list(
        call.arguments[0].value, kind: kind == .tabBar ? .tabs : .stack, call: call.callee, site: call.site, in: ref,
        guards: call.guards, container: container(call.receiver, in: scope))
    case "addChild" where labels == [nil], "addChildViewController" where labels == [nil]:
      embed(call, in: ref)
    case "performSegue" where labels.first == "withIdentifier":
      segue(call, in: ref)
    case "instantiateViewController" where labels.first == "withIdentifier" || labels.first == "identifier",
      "instantiateInitialViewController":
      guard call.receiver != nil else { return }
      let destination = resolver.resolve(ExprSyntax(call.node), in: scope)
      emit(call, kind: .instantiate, destination: destination, in: ref, identifier: nil)
    default:
      construction(call, in: ref)
    }
  }

  /// The kind of container a receiver is: a navigation controller, a tab bar controller.
  func containerKind(of receiver: ExprSyntax?, in scope: Scope) -> AppMap.Controller.Kind? {
    guard let receiver = receiver.map(ExpressionResolver.stripped) else {
      return index[scope.function].owner.flatMap { resolver.controllerKind(of: $0) }
    }
    let name =
      receiver.as(DeclReferenceExprSyntax.self)?.baseName.text
      ?? receiver.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    if name == "navigationController" { return .navigation }
    if name == "tabBarController" { return .tabBar }
    if name == "splitViewController" { return .split }
    if case let .type(type) = resolver.resolve(receiver, in: scope) { return resolver.controllerKind(of: type) }
    if let owner = index[scope.function].owner, let name, let property = index.property(named: name, in: owner),
      let typeName = property.typeName
    {
      return resolver.controllerKind(of: typeName)
    }
    if let name {
      let lower = name.lowercased()
      if lower.hasSuffix("navigationcontroller") || lower.hasSuffix("nav") || lower.hasSuffix("navcontroller") {
        return .navigation
      }
      if lower.contains("tabbar") { return .tabBar }
    }
    return nil
  }

  func isController(_ name: String?) -> Bool {
    name.map { resolver.controllerKind(of: $0) != nil } ?? false
  }

  /// `addChild(x)`: an embed when the receiver or the child is a controller (`SKNode.addChild` is not).
  mutating func embed(_ call: Call, in ref: FunctionRef) {
    let scope = Scope(function: ref, position: call.node.position.utf8Offset)
    let destination = resolver.resolve(call.arguments[0].value, in: scope)
    let receiverIsController: Bool
    if let receiver = call.receiver.map(ExpressionResolver.stripped) {
      if let reference = receiver.as(DeclReferenceExprSyntax.self), reference.baseName.tokenKind == .keyword(.self) {
        receiverIsController = isController(index[ref].owner)
      } else if case let .type(type) = resolver.resolve(receiver, in: scope) {
        receiverIsController = resolver.controllerKind(of: type) != nil
      } else {
        receiverIsController = false
      }
    } else {
      receiverIsController = isController(index[ref].owner) || isControllerExtension(index[ref].owner)
    }
    switch destination {
    case let .type(type):
      guard resolver.isControllerLike(type) else { return }
    case .parameter:
      let parameter = index[ref].parameters
      if case let .parameter(position, _) = destination, let typeName = parameter[position].typeName,
        !resolver.isControllerLike(typeName)
      {
        return
      }
      guard receiverIsController || index[ref].parameters.indices.contains(position(of: destination)) else { return }
    case .unknown, .storyboardParameter:
      guard receiverIsController else { return }
    }
    emit(call, kind: .embed, destination: destination, in: ref, identifier: nil)
  }

  func position(of destination: Destination) -> Int {
    if case let .parameter(position, _) = destination { return position }
    return -1
  }

  /// True for an extension of a UIKit controller class (`extension UIViewController`).
  func isControllerExtension(_ name: String?) -> Bool {
    guard let name else { return false }
    return AppMap.Controller.Kind.ofUIKitClass(name) != nil
  }

  /// `performSegue(withIdentifier: "showProfile", sender: nil)`: the storyboard segue's destination.
  mutating func segue(_ call: Call, in ref: FunctionRef) {
    let scope = Scope(function: ref, position: call.node.position.utf8Offset)
    guard let identifier = resolver.stringValue(call.arguments[0].value, in: scope) else {
      emit(
        call, kind: .segue, destination: .unknown("a segue identifier not written in the code"), in: ref,
        identifier: nil)
      return
    }
    let owner = index[ref].owner
    let sources = owner.map { index.lineage(of: $0) } ?? []
    guard let found = resolver.storyboards.segue(identifier: identifier, from: sources) else {
      emit(
        call, kind: .segue, destination: .unknown("segue “\(identifier)” is in no storyboard read"), in: ref,
        identifier: identifier)
      return
    }
    let destination: Destination =
      found.destination.map { .type($0) } ?? .unknown("segue “\(identifier)” leads to several classes")
    var style: String?
    if let written = found.segue.modalPresentationStyle, !written.isEmpty { style = written }
    emit(call, kind: .segue, destination: destination, in: ref, identifier: identifier, style: style.map { .fixed($0) })
  }

  /// `UINavigationController(rootViewController: x)`: a stack edge from the navigation controller
  /// to x; `UIHostingController(rootView: V())`: a hosting site.
  mutating func construction(_ call: Call, in ref: FunctionRef) {
    guard call.callee.first?.isUppercase == true || call.callee == "init" else { return }
    let typeName: String
    if call.callee == "init" {
      guard let receiver = call.receiver else { return }
      if receiver.is(SuperExprSyntax.self) {
        // `super.init(rootViewController:)` in a navigation controller subclass, `super.init(rootView:)`
        // in a hosting one: the superclass's initializer.
        guard let owner = index[ref].owner, let superclass = index.superclass(of: owner) else { return }
        typeName = TypeName.base(superclass)
      } else if let name = ExpressionResolver.typeReference(receiver) {
        typeName = name
      } else {
        return
      }
    } else {
      typeName = call.callee
    }
    let labels = labels(call)
    let scope = Scope(function: ref, position: call.node.position.utf8Offset)
    let isSuper = call.receiver?.is(SuperExprSyntax.self) ?? false
    let from = isSuper ? index[ref].owner ?? typeName : typeName
    // `.map { UINavigationController(rootViewController: $0) }` is read with the list it makes.
    if let first = call.arguments.first,
      ExpressionResolver.stripped(first.value).as(DeclReferenceExprSyntax.self)?.baseName.text.hasPrefix("$") == true
    {
      return
    }
    if labels.first == "rootViewController", resolver.controllerKind(of: typeName) == .navigation {
      let destination = resolver.resolve(call.arguments[0].value, in: scope)
      emit(call, kind: .stack, destination: destination, in: ref, identifier: nil, from: from)
    } else if typeName == "UIHostingController" || resolver.controllerKind(of: typeName) == .hosting,
      let rootView = call.arguments.first(where: { $0.label == "rootView" })
    {
      // The hosting node names the SwiftUI view the call passes.
      let view = resolver.hostedView(rootView.value, in: scope, depth: 0)
      let destination: Destination =
        view.map { .type("UIHostingController<\($0)>") } ?? .unknown("a SwiftUI view vcgraph cannot name")
      emit(call, kind: .hosting, destination: destination, in: ref, identifier: nil, from: isSuper ? from : nil)
    }
  }

  // MARK: - Assignments

  /// `window.rootViewController = x`, `nav.viewControllers = [a, b]`, `tabs.viewControllers = […]`.
  mutating func uikitAssignment(_ assignment: Assignment, in ref: FunctionRef) {
    let scope = Scope(function: ref, position: assignment.value.position.utf8Offset)
    switch assignment.member {
    case "rootViewController" where assignment.receiver.map(isWindow) ?? false:
      let value = Self.assignedValue(assignment.value)
      let destination = resolver.resolve(assignment.value, in: scope)
      if case let .type(type) = destination, !resolver.isControllerLike(type) { return }
      if value.is(NilLiteralExprSyntax.self) { return }
      emit(
        at: assignment.site, call: "rootViewController=", guards: assignment.guards, kind: .root,
        destination: destination, in: ref)
    case "viewControllers" where assignment.receiver != nil || isController(index[ref].owner):
      let kind = containerKind(of: assignment.receiver, in: scope)
      list(
        Self.assignedValue(assignment.value), kind: kind == .tabBar ? .tabs : .stack, call: "viewControllers=",
        site: assignment.site, in: ref, guards: assignment.guards, container: container(assignment.receiver, in: scope))
    default:
      break
    }
  }

  /// True for a receiver that is a window: `window`, `self.window?`, `view.window`, `keyWindow`,
  /// `UIApplication.shared.windows.first`, or a value of a `…Window` class (a builder's
  /// `rootViewController` property is not a window's).
  func isWindow(_ receiver: ExprSyntax) -> Bool {
    let text = receiver.trimmedDescription.lowercased()
    if text.contains("window") { return true }
    return false
  }

  /// The container class a receiver is (the caller itself without one), when the code says.
  func container(_ receiver: ExprSyntax?, in scope: Scope) -> String? {
    guard let receiver else {
      return index[scope.function].owner.flatMap {
        resolver.controllerKind(of: $0)?.viewControllerKind.isContainer == true ? $0 : nil
      }
    }
    guard case let .type(type) = resolver.resolve(receiver, in: scope),
      resolver.controllerKind(of: type)?.viewControllerKind.isContainer == true
    else { return nil }
    return type
  }

  /// The value of `x = value`, as written (the sequence's part after `=`).
  static func assignedValue(_ value: ExprSyntax) -> ExprSyntax {
    if let sequence = value.as(SequenceExprSyntax.self) {
      let elements = Array(sequence.elements)
      if let assignment = elements.firstIndex(where: { $0.is(AssignmentExprSyntax.self) }),
        assignment + 1 < elements.count
      {
        return elements[assignment + 1]
      }
    }
    return value
  }

  /// An array of controllers set on a container: one site per element, in order.
  mutating func list(
    _ value: ExprSyntax, kind: AppMap.Transition.Kind, call: String, site: AppMap.Site, in ref: FunctionRef,
    guards: [CaseGuard], container: String?
  ) {
    let scope = Scope(function: ref, position: value.position.utf8Offset)
    let stripped = ExpressionResolver.stripped(Self.assignedValue(value))
    if let array = stripped.as(ArrayExprSyntax.self) {
      // Each element at its own place, so a drawing can tell which element a tab is (the
      // navigation controller made inline at that place, `UINavigationController(rootViewController:)`).
      let places = Self.sites(of: array.elements.map(\.expression), near: site)
      for (element, place) in zip(array.elements, places) {
        let destination = resolver.resolve(element.expression, in: scope)
        if case let .type(type) = destination, !resolver.isControllerLike(type) { continue }
        emit(at: place, call: call, guards: guards, kind: kind, destination: destination, in: ref, container: container)
      }
      return
    }
    // `[a, b].map { UINavigationController(rootViewController: $0) }`: one site per element, and the
    // stack inside each navigation controller.
    if let mapped = stripped.as(FunctionCallExprSyntax.self),
      let member = mapped.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "map",
      let base = member.base,
      let closure = mapped.trailingClosure ?? mapped.arguments.first?.expression.as(ClosureExprSyntax.self),
      let elements = arrayElements(base, in: scope), let made = closure.statements.first?.item.as(ExprSyntax.self),
      let construct = ExpressionResolver.stripped(made).as(FunctionCallExprSyntax.self),
      let made = ExpressionResolver.typeReference(construct.calledExpression)
    {
      // Each element's pair (the tab, the stack inside it) at the element's place.
      let places = elements.first.map { $0.root == mapped.root } == true ? Self.sites(of: elements, near: site) : []
      for (position, element) in elements.enumerated() {
        let destination = resolver.resolve(element, in: scope)
        let place = position < places.count ? places[position] : site
        emit(at: place, call: call, guards: guards, kind: kind, destination: .type(made), in: ref, container: container)
        if construct.arguments.first?.label?.text == "rootViewController" {
          emit(at: place, call: made, guards: guards, kind: .stack, destination: destination, in: ref, from: made)
        }
      }
      return
    }
    if case let .parameter(position, factory) = resolver.resolve(stripped, in: scope) {
      // A wrapper setting the list it is given: each call's array says.
      emit(
        at: site, call: call, guards: guards, kind: kind, destination: .parameter(position, factory: factory), in: ref,
        isList: true)
      return
    }
    emit(at: site, call: call, guards: guards, kind: kind, destination: .unknown("a list made at run time"), in: ref)
  }

  /// The places of some expressions of one file, `site`'s (the call or assignment they are in).
  static func sites(of expressions: [ExprSyntax], near site: AppMap.Site) -> [AppMap.Site] {
    guard let first = expressions.first else { return [] }
    // Only lists are placed this way, so a converter made for one is cheap enough.
    let converter = SourceLocationConverter(fileName: site.file, tree: first.root)
    return expressions.map { expression in
      let location = converter.location(for: expression.positionAfterSkippingLeadingTrivia)
      return AppMap.Site(file: site.file, line: location.line, column: location.column)
    }
  }

  /// The elements of an array literal, directly or through a local or property holding one.
  func arrayElements(_ expression: ExprSyntax, in scope: Scope) -> [ExprSyntax]? {
    let stripped = ExpressionResolver.stripped(expression)
    if let array = stripped.as(ArrayExprSyntax.self) { return array.elements.map(\.expression) }
    if let reference = stripped.as(DeclReferenceExprSyntax.self),
      let local = index[scope.function].locals.last(where: {
        $0.name == reference.baseName.text && $0.position < scope.position
      }),
      let value = local.value, let array = ExpressionResolver.stripped(value).as(ArrayExprSyntax.self)
    {
      return array.elements.map(\.expression)
    }
    return nil
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
