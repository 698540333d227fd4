/// What one line of a `_printHierarchy` dump said about a controller, beyond its relations and state.
///
/// A hierarchy imported from a dump keeps these so that its diagram, JSON and text show what the
/// dump showed; controllers declared in a scenario have none.
public struct DumpRecord: Sendable, Hashable {
  /// The line of the dump, counting from 1.
  public var line: Int
  /// The class name exactly as printed (a mangled Swift name stays mangled here).
  public var printedClassName: String
  /// The controller's address (`0x7b3218d0`); nil when the dump had none or pointers were stripped.
  public var address: String?
  /// The controller's view; nil when the dump said `(view not loaded)`.
  public var view: View?
  /// What followed `presented with:`; nil when the line did not say.
  public var presentationController: PresentationController?

  public init(
    line: Int, printedClassName: String, address: String? = nil, view: View? = nil,
    presentationController: PresentationController? = nil
  ) {
    self.line = line
    self.printedClassName = printedClassName
    self.address = address
    self.view = view
    self.presentationController = presentationController
  }

  /// A loaded view: `<UIView: 0x7b3218d0>`, possibly followed by `not in the window`.
  public struct View: Sendable, Hashable {
    public var className: String
    public var address: String?
    /// False when the dump said `not in the window`.
    public var isInWindow: Bool

    public init(className: String, address: String? = nil, isInWindow: Bool) {
      self.className = className
      self.address = address
      self.isInWindow = isInWindow
    }
  }

  /// The presentation controller of a presented controller: its class and address, or nothing for `(null)`.
  public struct PresentationController: Sendable, Hashable {
    /// Nil for `presented with: (null)`.
    public var className: String?
    public var address: String?

    public init(className: String?, address: String? = nil) {
      self.className = className
      self.address = address
    }
  }
}
