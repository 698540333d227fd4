import SwiftSyntax
import VCGraph

/// UIKit's own navigation calls and assignments: push, present, show, embed, segues, stacks and tabs,
/// `window.rootViewController =`.
extension NavigationSites {
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
}
