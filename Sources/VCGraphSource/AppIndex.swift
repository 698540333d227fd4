import SwiftSyntax
import VCGraph

/// A function of one file: the file's index and the function's index in it.
struct FunctionRef: Hashable, Comparable {
  var file: Int
  var index: Int

  static func < (lhs: FunctionRef, rhs: FunctionRef) -> Bool { (lhs.file, lhs.index) < (rhs.file, rhs.index) }
}

/// Every file's declarations merged app-wide: a type declared across extensions and files is one
/// entry; functions and properties are found by owner and name.
struct AppIndex {
  let files: [FileIndex]
  /// The kind of each type declared (not extended) in the sources.
  private(set) var typeKinds: [String: TypeDeclaration.Kind] = [:]
  /// What each type inherits or conforms to, from its declaration and its extensions, in order.
  private(set) var inherited: [String: [String]] = [:]
  /// Where each type is declared (its first declaration; else its first extension).
  private(set) var typeSites: [String: AppMap.Site] = [:]
  private(set) var extensionSites: [String: AppMap.Site] = [:]
  /// Properties by owner (`""` for globals), then name.
  private(set) var properties: [String: [String: Property]] = [:]
  /// Methods by owner, then name.
  private(set) var methods: [String: [String: [FunctionRef]]] = [:]
  /// Functions declared outside any type, by name.
  private(set) var freeFunctions: [String: [FunctionRef]] = [:]
  /// Each enum's cases and their associated values' types.
  private(set) var caseParameters: [String: [String: [String?]]] = [:]
  /// Each enum's cases and their raw values.
  private(set) var rawValues: [String: [String: String]] = [:]
  /// The code of each property that has some, by owner then name.
  private(set) var propertyCode: [String: [String: FunctionRef]] = [:]
  /// Every method name declared anywhere, with the functions of that name.
  private(set) var functionsByName: [String: [FunctionRef]] = [:]

  init(files: [FileIndex]) {
    self.files = files
    for (fileNumber, file) in files.enumerated() {
      for type in file.types {
        if type.kind == .extension {
          if extensionSites[type.name] == nil { extensionSites[type.name] = type.site }
        } else {
          if typeKinds[type.name] == nil { typeKinds[type.name] = type.kind }
          if typeSites[type.name] == nil { typeSites[type.name] = type.site }
        }
        // A class's superclass comes first in its declaration: keep the declaration's list first.
        if type.kind == .extension {
          inherited[type.name, default: []] += type.inherited
        } else {
          inherited[type.name] = type.inherited + (inherited[type.name] ?? [])
        }
        if !type.rawValues.isEmpty { rawValues[type.name, default: [:]].merge(type.rawValues) { first, _ in first } }
        for (caseName, parameters) in type.caseParameters {
          caseParameters[type.name, default: [:]][caseName] = parameters
        }
      }
      for property in file.properties where properties[property.owner ?? ""]?[property.name] == nil {
        properties[property.owner ?? "", default: [:]][property.name] = property
        if let code = property.code {
          propertyCode[property.owner ?? "", default: [:]][property.name] = FunctionRef(file: fileNumber, index: code)
        }
      }
      for function in file.functions where !function.isPropertyCode && function.name != "top-level code" {
        let ref = FunctionRef(file: fileNumber, index: function.index)
        if let owner = function.owner {
          methods[owner, default: [:]][function.name, default: []].append(ref)
        } else {
          freeFunctions[function.name, default: []].append(ref)
        }
        functionsByName[function.name, default: []].append(ref)
      }
    }
  }

  subscript(ref: FunctionRef) -> Function { files[ref.file].functions[ref.index] }

  /// The most functions of one name looked through for a call whose receiver's type is not known:
  /// a name declared more often (`viewDidLoad`, `init`) cannot say which one is called.
  static let maximumCandidates = 8

  /// The app's functions named `name`, when few enough are to tell them apart by their labels.
  func fewFunctions(named name: String) -> [FunctionRef] {
    guard let all = functionsByName[name], all.count <= Self.maximumCandidates else { return [] }
    return all
  }

  /// The property's code (the function made of its initializer or getter), when it has one.
  func code(ofProperty name: String, owner: String?) -> FunctionRef? {
    propertyCode[owner ?? ""]?[name]
  }

  /// True when the sources declare a class of this name.
  func isClass(_ name: String) -> Bool { typeKinds[name] == .class }

  /// The superclass of a class declared in the sources: the first type it inherits from, unless
  /// that is a protocol of the sources or a name that reads as a protocol.
  func superclass(of name: String) -> String? {
    guard typeKinds[name] == .class, let first = inherited[name]?.first else { return nil }
    if let kind = typeKinds[first], kind != .class { return nil }
    if typeKinds[first] == .class || AppMap.Controller.Kind.ofUIKitClass(first) != nil { return first }
    return Self.readsAsProtocol(first) ? nil : first
  }

  /// Names of UIKit and Foundation protocols a class lists first, and the endings protocols have.
  static func readsAsProtocol(_ name: String) -> Bool {
    let base = TypeName.base(name)
    if ["NSObject", "UIView", "UIResponder", "NSObjectProtocol", "AnyObject", "Any"].contains(base) { return false }
    let endings = ["Delegate", "DataSource", "Protocol", "Type", "able", "ible", "ing", "Representable", "Presentable"]
    return endings.contains { base.hasSuffix($0) } || base.hasPrefix("Any")
  }

  /// The types a type's methods and properties may come from: itself, its superclasses and the
  /// protocols it (or they) conform to, nearest first.
  func lineage(of name: String) -> [String] {
    var result: [String] = []
    var pending = [name]
    var seen: Set<String> = []
    while !pending.isEmpty {
      let next = pending.removeFirst()
      guard seen.insert(next).inserted, result.count < 32 else { continue }
      result.append(next)
      pending += inherited[next] ?? []
    }
    // A controller whose chain leaves the sources (at UIKit's class or a library's) still has what
    // the app adds to every controller (`extension UIViewController`).
    if result.contains(where: { AppMap.Controller.Kind.ofUIKitClass($0) != nil || $0.hasSuffix("Controller") }) {
      for base in ["UIViewController", "UIResponder", "NSObject"] where !result.contains(base) {
        result.append(base)
        result += (inherited[base] ?? []).filter { !result.contains($0) }
      }
    }
    return result
  }

  /// The methods named `name` that `owner` (or what it inherits) declares.
  func methods(named name: String, in owner: String) -> [FunctionRef] {
    for type in lineage(of: owner) {
      if let found = methods[type]?[name], !found.isEmpty { return found }
    }
    return []
  }

  /// The property named `name` of `owner` (or of what it inherits).
  func property(named name: String, in owner: String) -> Property? {
    for type in lineage(of: owner) {
      if let property = properties[type]?[name] { return property }
    }
    return nil
  }
}
