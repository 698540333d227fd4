/// Class names as the Objective-C runtime prints them for Swift classes, and as people read them.
///
/// A generic Swift class (and, on older systems, any Swift class) has an Objective-C name in Swift's
/// pre-4.0 mangling, which `_printHierarchy` prints as it is:
/// `_TtGC7SwiftUI19UIHostingControllerV5MyApp11ContentView_` is
/// `SwiftUI.UIHostingController<MyApp.ContentView>`.
enum SwiftClassName {
  /// The Swift name of a mangled Objective-C class name (`_TtC5MyApp18HomeViewController` →
  /// `MyApp.HomeViewController`); any other name, or a mangled one this does not understand, unchanged.
  static func demangled(_ printed: String) -> String {
    guard printed.hasPrefix("_Tt") else { return printed }
    var demangler = OldMangling(Array(printed.utf8.dropFirst(3)))
    guard let name = demangler.type(), demangler.isAtEnd else { return printed }
    return name
  }

  /// The name without its module prefixes, in generic arguments too:
  /// `SwiftUI.UIHostingController<MyApp.ContentView>` → `UIHostingController<ContentView>`.
  ///
  /// Only the first component of each dotted name is dropped, so a nested type keeps its outer type
  /// (`MyApp.Outer.Inner` → `Outer.Inner`).
  static func unqualified(_ name: String) -> String {
    // Without a dot there is no module to take off.
    guard name.utf8.contains(UInt8(ascii: ".")) else { return name }
    var result = ""
    var word = ""
    func flush() {
      if let dot = word.firstIndex(of: "."), dot != word.startIndex, word.index(after: dot) != word.endIndex {
        result += word[word.index(after: dot)...]
      } else {
        result += word
      }
      word = ""
    }
    for character in name {
      if isNameCharacter(character) {
        word.append(character)
      } else {
        flush()
        result.append(character)
      }
    }
    flush()
    return result
  }

  /// How a mangled `SwiftUI.UIHostingController<…>` begins.
  static let mangledHostingControllerPrefix = "_TtGC7SwiftUI19UIHostingController"

  /// The root view of a hosting controller's class name as printed: demangled when it can be, else,
  /// for a mangled name the demangler cannot read, the last identifier in it (`LibraryView` in
  /// `_TtGC7SwiftUI19UIHostingControllerV7MyApp11LibraryView_`, whose module length is wrong).
  static func hostedView(ofClass className: String) -> String? {
    let demangled = demangled(className)
    if demangled != className || !className.hasPrefix(mangledHostingControllerPrefix) {
      return hostedView(in: unqualified(demangled))
    }
    let rest = className.dropFirst(mangledHostingControllerPrefix.count).drop { $0 == "_" }
    let trimmed = rest.hasSuffix("_") ? rest.dropLast() : rest
    let identifier = trimmed.reversed().prefix { !$0.isNumber }.reversed()
    return identifier.isEmpty ? nil : String(identifier)
  }

  /// The root view of `UIHostingController<Content>` (unqualified): `Content`, with `ModifiedContent<View, Modifier>`
  /// unwrapped to its view, as often as it nests; nil when `name` has no generic argument.
  static func hostedView(in name: String) -> String? {
    guard var view = firstGenericArgument(of: Substring(name)) else { return nil }
    while view.hasPrefix("ModifiedContent<"), let inner = firstGenericArgument(of: view) { view = inner }
    return String(view)
  }

  /// `First` in `Outer<First, Second>`: up to the first comma outside nested brackets, or to the
  /// `>` that closes the list; nil without a `<` or when the argument is empty.
  private static func firstGenericArgument(of generic: Substring) -> Substring? {
    guard let open = generic.firstIndex(of: "<") else { return nil }
    let start = generic.index(after: open)
    var depth = 0
    var end = generic.endIndex
    for index in generic[start...].indices {
      let character = generic[index]
      if character == "<" || character == "(" || character == "[" {
        depth += 1
      } else if character == ">" || character == ")" || character == "]" {
        if depth == 0 {
          end = index
          break
        }
        depth -= 1
      } else if character == ",", depth == 0 {
        end = index
        break
      }
    }
    let argument = generic[start..<end].drop { $0 == " " }
    return argument.isEmpty ? nil : argument
  }

  /// Letters, digits, `_`, `$`, `.` and anything outside ASCII: what a dotted Swift name is made of.
  private static func isNameCharacter(_ character: Character) -> Bool {
    guard character.isASCII else { return true }
    return character.isLetter || character.isNumber || character == "_" || character == "$" || character == "."
  }
}

/// A reader of the types in Swift's pre-4.0 mangling (`docs/OldMangling.rst` in the Swift repository),
/// the part that Objective-C class names use: nominal types in modules and other types, generic
/// applications, tuples, the standard library's abbreviations and back-references.
///
/// Every method returns nil on anything it does not understand; nothing traps.
private struct OldMangling {
  /// What a back-reference (`S_`, `S0_`, …) can stand for.
  private enum Entity {
    /// A module; nil for the Objective-C and C modules, whose classes print without one.
    case module(String?)
    case type(String)
  }

  private let bytes: [UInt8]
  private var position = 0
  /// Modules and nominal types in the order they were first spelled out.
  private var substitutions: [Entity] = []
  /// How deeply types nest at the moment: bounded so that no input can exhaust the stack.
  private var nesting = 0
  private static let maximumNesting = 64

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  var isAtEnd: Bool { position >= bytes.count }

  private var next: UInt8? { position < bytes.count ? bytes[position] : nil }

  private mutating func take(_ character: Character) -> Bool {
    guard let byte = character.asciiValue, next == byte else { return false }
    position += 1
    return true
  }

  /// `type`: a nominal type, a generic application, a tuple or a standard abbreviation.
  mutating func type() -> String? {
    guard nesting < Self.maximumNesting, let first = next else { return nil }
    nesting += 1
    defer { nesting -= 1 }
    switch first {
    case UInt8(ascii: "C"), UInt8(ascii: "V"), UInt8(ascii: "O"):
      position += 1
      return nominalType()
    case UInt8(ascii: "G"):
      position += 1
      guard let base = type() else { return nil }
      var arguments: [String] = []
      while !take("_") {
        guard let argument = type() else { return nil }
        arguments.append(argument)
      }
      guard !arguments.isEmpty else { return nil }
      return "\(base)<\(arguments.joined(separator: ", "))>"
    case UInt8(ascii: "T"):
      position += 1
      var elements: [String] = []
      while !take("_") {
        let label = isIdentifierStart ? identifier() : nil
        guard let element = type() else { return nil }
        elements.append(label.map { "\($0): \(element)" } ?? element)
      }
      return "(\(elements.joined(separator: ", ")))"
    case UInt8(ascii: "S"):
      guard case let .type(name)? = substitution() else { return nil }
      return name
    default:
      return nil
    }
  }

  /// The rest of `nominal-type-kind context decl-name`, after the kind; the type becomes a substitution.
  private mutating func nominalType() -> String? {
    guard let context = context(), let name = declarationName() else { return nil }
    let full = context.map { "\($0).\(name)" } ?? name
    substitutions.append(.type(full))
    return full
  }

  /// A `context`: a module or an enclosing nominal type, as the prefix of the names inside it.
  /// The outer optional is nil on failure; the inner one for the Objective-C and C modules.
  private mutating func context() -> String?? {
    guard let first = next else { return nil }
    switch first {
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      guard let module = identifier() else { return nil }
      substitutions.append(.module(module))
      return .some(module)
    case UInt8(ascii: "S"):
      switch substitution() {
      case let .module(module)?: return .some(module)
      case let .type(name)?: return .some(name)
      case nil: return nil
      }
    case UInt8(ascii: "C"), UInt8(ascii: "V"), UInt8(ascii: "O"):
      guard nesting < Self.maximumNesting else { return nil }
      nesting += 1
      defer { nesting -= 1 }
      position += 1
      guard let name = nominalType() else { return nil }
      return .some(name)
    default:
      return nil
    }
  }

  /// A `decl-name`: an identifier, or a private (`P discriminator name`) or local (`L index name`)
  /// one, printed without its discriminator.
  private mutating func declarationName() -> String? {
    if take("P") {
      guard identifier() != nil else { return nil }
      return identifier()
    }
    if take("L") {
      guard index() != nil else { return nil }
      return identifier()
    }
    return identifier()
  }

  /// A `substitution`, from its `S`: a back-reference, a known module or a standard library type.
  private mutating func substitution() -> Entity? {
    guard take("S"), let letter = next else { return nil }
    if letter == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(letter) {
      guard let index = index(), substitutions.indices.contains(index) else { return nil }
      return substitutions[index]
    }
    position += 1
    switch Character(Unicode.Scalar(letter)) {
    case "s": return .module("Swift")
    case "o", "C": return .module(nil)
    case "a": return .type("Swift.Array")
    case "b": return .type("Swift.Bool")
    case "c": return .type("Swift.UnicodeScalar")
    case "d": return .type("Swift.Double")
    case "f": return .type("Swift.Float")
    case "i": return .type("Swift.Int")
    case "u": return .type("Swift.UInt")
    case "S": return .type("Swift.String")
    case "q": return .type("Swift.Optional")
    case "Q": return .type("Swift.ImplicitlyUnwrappedOptional")
    case "V": return .type("Swift.UnsafeRawPointer")
    case "v": return .type("Swift.UnsafeMutableRawPointer")
    case "P": return .type("Swift.UnsafePointer")
    case "p": return .type("Swift.UnsafeMutablePointer")
    case "R": return .type("Swift.UnsafeBufferPointer")
    case "r": return .type("Swift.UnsafeMutableBufferPointer")
    default: return nil
    }
  }

  /// An `index`: `_` is 0, `N_` is N + 1.
  private mutating func index() -> Int? {
    if take("_") { return 0 }
    guard let number = natural(), take("_") else { return nil }
    return number + 1
  }

  private var isIdentifierStart: Bool {
    guard let first = next else { return false }
    return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
  }

  /// A run-length `identifier` (`18HomeViewController`); not the Punycode or operator forms.
  private mutating func identifier() -> String? {
    guard isIdentifierStart, let length = natural(), length > 0, length <= bytes.count - position else { return nil }
    let slice = bytes[position..<(position + length)]
    position += length
    guard let text = String(validating: slice, as: UTF8.self) else { return nil }
    return text
  }

  /// Decimal digits, at most nine of them.
  private mutating func natural() -> Int? {
    var value = 0
    var digits = 0
    while let byte = next, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
      guard digits < 9 else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
      digits += 1
      position += 1
    }
    return digits > 0 ? value : nil
  }
}
