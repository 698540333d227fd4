/// Why a storyboard could not be read, and where.
///
/// Its description is what the CLI prints:
/// `Main.storyboard:41:17: error: malformed XML: the end tag does not close the open element <scene>`.
public struct StoryboardError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The line and column (from 1) where the problem was found; for malformed XML, where the XML
  /// parser stopped.
  public var location: SourceLocation
  public var problem: Problem

  public init(_ problem: Problem, at location: SourceLocation) {
    self.problem = problem
    self.location = location
  }

  public var description: String { "\(location): error: \(problem.message)" }

  /// What is wrong.
  public enum Problem: Sendable, Hashable {
    /// The file could not be read.
    case unreadable(String)
    /// The file holds nothing.
    case empty
    /// The XML is not well formed: the XML parser's error code (libxml2's `xmlParserErrors`), and
    /// the element open where it stopped.
    case malformedXML(code: Int, openElement: String?)
    /// The root element is not Interface Builder's `<document>`.
    case notInterfaceBuilder(rootElement: String)
    /// An Interface Builder document of another type, a XIB: it has no scenes.
    case notAStoryboard(type: String)
    /// A document type declaration (`<!DOCTYPE … [<!ENTITY …>]>`), where entities are declared:
    /// Xcode never writes one, and the XML parser would expand its entities.
    case documentTypeDeclaration
    /// Two scenes' controllers with the same object id: Xcode refuses such a document as corrupt.
    case duplicateObjectID(String, firstLine: Int)
    /// The document is in another encoding than UTF-8 or UTF-16 (its XML declaration names it, or
    /// its first bytes are UTF-32 or EBCDIC): Xcode writes UTF-8, and other encodings can spell
    /// markup in ways the checks before parsing would not see (UTF-7's `<+ACE-DOCTYPE`).
    case unsupportedEncoding(String)
    /// The text the XML parser delivered (names, attribute values, text) grew past the limit,
    /// ``Storyboard/maximumTextBytes``: it was stopped there.
    case textTooLong(limit: Int)

    public var message: String {
      switch self {
      case let .unreadable(reason):
        return "cannot read the storyboard: \(reason)"
      case .empty:
        return "the file is empty; expected a storyboard's XML (<document type=\"…Storyboard.XIB\">)"
      case let .malformedXML(code, openElement):
        return "malformed XML: " + Self.xmlMessage(code: code, openElement: openElement)
      case let .notInterfaceBuilder(rootElement):
        return "not a storyboard: the root element is <\(rootElement)>, expected Interface Builder's <document>"
      case let .notAStoryboard(type):
        return "not a storyboard: the document's type is \(type), a XIB, which has no scenes"
      case .documentTypeDeclaration:
        return "the storyboard has a document type declaration (<!DOCTYPE>), where entities are declared;"
          + " storyboards written by Xcode never have one, and vcgraph does not expand entities"
      case let .duplicateObjectID(objectID, firstLine):
        return "a second scene controller with the object id \"\(objectID)\" (the first is on line \(firstLine));"
          + " Xcode refuses such a storyboard as corrupt"
      case let .unsupportedEncoding(encoding):
        return "the document is in \(encoding); vcgraph reads storyboards in UTF-8, as Xcode writes them, or UTF-16"
      case let .textTooLong(limit):
        return "the document's text grows past \(limit >> 20) MiB as the XML parser reads it, the most vcgraph"
          + " reads from one storyboard (Xcode's largest storyboards hold a few MiB); reading stopped there"
      }
    }

    /// The XML parser's error in words, for the error codes a damaged storyboard gives.
    private static func xmlMessage(code: Int, openElement: String?) -> String {
      let open = openElement.map { " <\($0)>" } ?? ""
      switch code {
      case 4: return "expected an element (\"<\"); the file is not XML"
      case 5:
        // libxml2 says the same when the file stops inside an element and when text follows the root.
        return openElement.map { "the file ends before <\($0)> is closed" } ?? "text after the end of the root element"
      case 9: return "a character XML does not allow; is the file UTF-8?"
      case 23: return "an entity reference without its \";\""
      case 26: return "an undefined entity; XML defines only &lt; &gt; &amp; &quot; &apos; and &#…;"
      case 38: return "a \"<\" inside an attribute value; is its closing quote missing?"
      case 39: return "an attribute value without its opening quote"
      case 40: return "an attribute value without its closing quote"
      case 41: return "an attribute without a value"
      case 42: return "an attribute given twice in one element"
      case 45: return "a comment that is not closed with \"-->\""
      case 65: return "a space is required here (between attributes)"
      case 68: return "a name is required here"
      case 73: return "expected \">\" to end the tag"
      case 76: return "the end tag does not close the open element\(open)"
      case 77: return "the file ends inside an element\(open.isEmpty ? "" : "; still open:\(open)")"
      case 81: return "the text is not in the encoding the XML declaration names"
      // libxml2's XML_ERR_UNDECLARED_ENTITY (26 has its own case above), XML_ERR_ENTITY_LOOP and
      // XML_ERR_ENTITY_PE_INTERNAL, …: storyboards never declare entities, and vcgraph expands none.
      case 27, 29, 89, 104:
        return
          "an entity declared in the file (<!ENTITY …>) is used; storyboards have none, and vcgraph does not expand them"
      default: return "XML parser error \(code)" + (open.isEmpty ? "" : " inside\(open)")
      }
    }
  }
}

/// Something in a storyboard vcgraph draws in a generic way or cannot draw, and where: printed as
/// `Main.storyboard:88:71: warning: …`; the storyboard is still drawn.
public struct StoryboardWarning: Sendable, Hashable, CustomStringConvertible {
  public var location: SourceLocation
  public var problem: Problem

  public init(_ problem: Problem, at location: SourceLocation) {
    self.problem = problem
    self.location = location
  }

  public var description: String { "\(location): warning: \(problem.message)" }

  /// What vcgraph did not understand, and what it drew instead.
  public enum Problem: Sendable, Hashable {
    /// A scene's controller element vcgraph does not know (`<controller>` of WatchKit).
    case unknownElement(String)
    /// A segue kind vcgraph does not know.
    case unknownSegueKind(String)
    /// A segue without a `kind`.
    case segueWithoutKind
    /// A segue without a `destination`.
    case segueWithoutDestination
    /// Segues in a scene that has no controller to start from.
    case noSourceController(count: Int)
    /// A segue to an object id no scene has.
    case missingDestination(objectID: String, kind: String)
    /// A relationship segue that is not one of its container's.
    case unknownRelationship(String, element: String)
    /// A second relationship or embed segue to a controller that already has a parent, past
    /// ``StoryboardHierarchy/maximumEmbeddedInstances`` (below it, the second is an instance of its own).
    case secondParent(child: String, parent: String, firstParent: String)
    /// A relationship or embed segue that would make a controller contain itself.
    case containmentCycle(child: String, parent: String)
    /// A storyboard reference to a scene the referenced storyboard does not have.
    case missingReferencedScene(storyboard: String, identifier: String?)
    /// The `initialViewController` names no scene.
    case missingInitialViewController(String)
    /// Two scenes with the same storyboard identifier.
    case duplicateIdentifier(String)
    /// A storyboard of another platform than UIKit's (AppKit): drawn with UIKit's rules.
    case otherPlatform(type: String)
    /// Scenes that hold no view controller vcgraph reads (WatchKit's interface controllers),
    /// `count` of the file's `of` scenes, left out with their segues; `reason` says what they hold.
    case scenesLeftOut(count: Int, of: Int, reason: String)
    /// Scenes taken by several containers, within each other, would make more instances than
    /// vcgraph draws (each embed of a scene that embeds twice doubles them): the later ones are segues.
    case tooManyEmbeddedInstances(limit: Int)

    public var message: String {
      switch self {
      case let .unknownElement(element):
        return "unknown controller element <\(element)>; drawn as a content controller named after it"
      case let .unknownSegueKind(kind):
        return "unknown segue kind \"\(kind)\"; drawn as a segue labelled with it"
      case .segueWithoutKind:
        return "a segue without a kind; drawn as a segue labelled \"no kind\""
      case .segueWithoutDestination:
        return "a segue without a destination; it is left out"
      case let .noSourceController(count):
        return "\(count) segue\(count == 1 ? "" : "s") in a scene without a view controller; left out"
      case let .missingDestination(objectID, kind):
        return "a \(kind) segue leads to \"\(objectID)\", which no scene has; drawn to a \"missing scene\" box"
      case let .unknownRelationship(name, element):
        return "a <\(element)> has no relationship \"\(name)\"; drawn as a segue instead of a child"
      case let .secondParent(child, parent, firstParent):
        return "\(child) is already a child of \(firstParent); its relationship from \(parent) is drawn as a segue"
      case let .containmentCycle(child, parent):
        return "\(parent) cannot contain \(child), which contains it; the relationship is drawn as a segue"
      case let .missingReferencedScene(storyboard, identifier):
        guard let identifier else {
          return "the reference to \(storyboard).storyboard needs its initial view controller, and it has none;"
            + " drawn to a \"missing scene\" box"
        }
        return "\(storyboard).storyboard has no scene with the storyboard identifier \"\(identifier)\";"
          + " drawn to a \"missing scene\" box"
      case let .missingInitialViewController(objectID):
        return "the initial view controller \"\(objectID)\" is not a scene; no window is drawn"
      case let .duplicateIdentifier(identifier):
        return "two scenes have the storyboard identifier \"\(identifier)\"; the later one's id gets a number"
      case let .otherPlatform(type):
        return "a \(type) document, not UIKit's; its controllers are drawn as content controllers and its"
          + " relationships as segues"
      case let .scenesLeftOut(count, total, reason):
        let scenes =
          count == total ? (count == 1 ? "the file's one scene" : "all \(count) scenes") : "\(count) of \(total) scenes"
        return "\(scenes) left out, not drawn: they hold \(reason)"
      case let .tooManyEmbeddedInstances(limit):
        return "scenes taken by several containers within each other make more than \(limit) instances;"
          + " the relationship and embed segues past those are drawn as segues"
      }
    }
  }
}
