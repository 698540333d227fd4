/// Storyboards the atlas measures draw, generated as Interface Builder XML so that vcgraph reads them
/// as a user's files would be read. The same arguments always give the same text.
extension Workload {
  /// A modular app: `Main.storyboard`, a tab bar whose `tabs` tabs are storyboard references to
  /// feature storyboards, and `storyboards − 1` feature storyboards, each a navigation controller
  /// (its initial view controller) around a list that shows a few details and presents a form;
  /// `references` storyboard references in all (the tabs', then one or more a feature, each shown
  /// from its list, to another feature's initial controller).
  static func storyboardSet(storyboards: Int, references: Int, tabs: Int = 5) -> [(name: String, xml: String)] {
    let features = max(1, storyboards - 1)
    let tabs = min(tabs, features)
    // References beyond the tabs' are spread over the features, in turn.
    var outgoing = Array(repeating: 0, count: features)
    for index in 0..<max(0, references - tabs) { outgoing[index % features] += 1 }
    var set: [(name: String, xml: String)] = []
    var main = StoryboardXML(initial: "tab-bar")
    main.scene(
      "tabBarController", id: "tab-bar", className: nil,
      segues: (0..<tabs).map { .init(destination: "tab-\($0)", kind: "relationship", relationship: "viewControllers") })
    for tab in 0..<tabs { main.reference(id: "tab-\(tab)", storyboard: featureName(tab)) }
    set.append(("Main", main.text))
    for feature in 0..<features {
      let name = featureName(feature)
      var xml = StoryboardXML(initial: "\(name)-nav")
      let details = 3 + feature % 4
      xml.scene(
        "navigationController", id: "\(name)-nav", className: nil, identifier: "\(name)Navigation",
        segues: [.init(destination: "\(name)-list", kind: "relationship", relationship: "rootViewController")])
      var listSegues = (0..<details).map { StoryboardXML.Segue(destination: "\(name)-detail-\($0)", kind: "show") }
      listSegues.append(.init(destination: "\(name)-form", kind: "presentation", style: "formSheet"))
      listSegues += (0..<outgoing[feature]).map { .init(destination: "\(name)-ref-\($0)", kind: "show") }
      xml.scene("tableViewController", id: "\(name)-list", className: "\(name)ListViewController", segues: listSegues)
      for detail in 0..<details {
        // Each detail shows the next one, the last none.
        let next =
          detail + 1 < details ? [StoryboardXML.Segue(destination: "\(name)-detail-\(detail + 1)", kind: "show")] : []
        xml.scene(
          "viewController", id: "\(name)-detail-\(detail)", className: "\(name)Detail\(detail)ViewController",
          segues: next)
      }
      xml.scene("viewController", id: "\(name)-form", className: "\(name)FormViewController", segues: [])
      for reference in 0..<outgoing[feature] {
        xml.reference(id: "\(name)-ref-\(reference)", storyboard: featureName((feature + 1 + reference * 7) % features))
      }
      set.append((name, xml.text))
    }
    return set
  }

  /// The name of feature storyboard `index` of ``storyboardSet(storyboards:references:tabs:)``.
  static func featureName(_ index: Int) -> String { "Feature\(index + 1)" }

  /// One storyboard of `scenes` scenes, about 400 for a real app's map: a tab bar of `tabs`
  /// navigation controllers, each around a list whose sections push chains of screens, a form
  /// presented from every section and, from each tab's list, a segue into the next tab's list.
  static func bigStoryboard(scenes: Int, tabs: Int = 8) -> String {
    var xml = StoryboardXML(initial: "tabs")
    xml.scene(
      "tabBarController", id: "tabs", className: nil,
      segues: (0..<tabs).map { .init(destination: "nav-\($0)", kind: "relationship", relationship: "viewControllers") })
    // The tab bar, and per tab its navigation controller and list.
    let perTab = max(1, (scenes - 1 - 2 * tabs) / tabs)
    for tab in 0..<tabs {
      xml.scene(
        "navigationController", id: "nav-\(tab)", className: nil,
        segues: [.init(destination: "list-\(tab)", kind: "relationship", relationship: "rootViewController")])
      let sections = max(1, perTab / 8)
      var listSegues = (0..<sections).map { StoryboardXML.Segue(destination: "screen-\(tab)-\($0)-0", kind: "show") }
      listSegues.append(.init(destination: "list-\((tab + 1) % tabs)", kind: "show"))
      xml.scene("tableViewController", id: "list-\(tab)", className: "Tab\(tab)ListViewController", segues: listSegues)
      var made = 0
      for section in 0..<sections {
        let length = section == sections - 1 ? perTab - made : min(8, perTab - made)
        for step in 0..<length {
          var segues: [StoryboardXML.Segue] = []
          if step + 1 < length - 1 {
            segues.append(.init(destination: "screen-\(tab)-\(section)-\(step + 1)", kind: "show"))
          }
          if step == 0, length > 1 {
            segues.append(
              .init(destination: "screen-\(tab)-\(section)-\(length - 1)", kind: "presentation", style: "formSheet"))
          }
          xml.scene(
            "viewController", id: "screen-\(tab)-\(section)-\(step)",
            className: "Tab\(tab)Section\(section)Screen\(step)ViewController", segues: segues)
        }
        made += length
      }
    }
    return xml.text
  }

  /// One storyboard of `scenes` scenes and no containment, each with `segues` segues to scenes
  /// spread over the whole storyboard (issue 27, item 7's `cross200.storyboard`).
  static func crossLinkedStoryboard(scenes: Int, segues: Int = 2) -> String {
    var xml = StoryboardXML(initial: "scene-0")
    for scene in 0..<scenes {
      xml.scene(
        "viewController", id: "scene-\(scene)", className: "Screen\(scene)ViewController",
        identifier: "Screen\(scene)",
        segues: (0..<segues).map { .init(destination: "scene-\((scene * 7 + $0 * 13 + 1) % scenes)", kind: "show") })
    }
    return xml.text
  }
}

/// A storyboard's XML, written a scene at a time.
struct StoryboardXML {
  struct Segue {
    var destination: String
    var kind: String
    var relationship: String? = nil
    var style: String? = nil
  }

  private var scenes: [String] = []
  private let initial: String

  init(initial: String) {
    self.initial = initial
  }

  /// A scene holding one controller element, with the segues that start from it.
  mutating func scene(
    _ element: String, id: String, className: String?, identifier: String? = nil, segues: [Segue]
  ) {
    var attributes = "id=\"\(id)\" sceneMemberID=\"viewController\""
    if let className { attributes += " customClass=\"\(className)\" customModule=\"App\"" }
    if let identifier { attributes += " storyboardIdentifier=\"\(identifier)\"" }
    var lines = ["<scene sceneID=\"scene-\(id)\"><objects><\(element) \(attributes)>"]
    if !segues.isEmpty {
      lines.append("<connections>")
      for (index, segue) in segues.enumerated() {
        var segueAttributes = "destination=\"\(segue.destination)\" kind=\"\(segue.kind)\" id=\"\(id)-segue-\(index)\""
        if let relationship = segue.relationship { segueAttributes += " relationship=\"\(relationship)\"" }
        if let style = segue.style { segueAttributes += " modalPresentationStyle=\"\(style)\"" }
        lines.append("<segue \(segueAttributes)/>")
      }
      lines.append("</connections>")
    }
    lines.append("</\(element)></objects></scene>")
    scenes.append(lines.joined(separator: "\n"))
  }

  /// A storyboard reference to another storyboard's initial view controller.
  mutating func reference(id: String, storyboard: String) {
    scenes.append(
      "<scene sceneID=\"scene-\(id)\"><objects><viewControllerPlaceholder storyboardName=\"\(storyboard)\" "
        + "id=\"\(id)\" sceneMemberID=\"viewController\"/></objects></scene>")
  }

  /// The document: an iPhone storyboard of Xcode 15.
  var text: String {
    ([
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\" toolsVersion=\"22155\" "
        + "targetRuntime=\"iOS.CocoaTouch\" useAutolayout=\"YES\" initialViewController=\"\(initial)\">",
      "<device id=\"retina6_12\" orientation=\"portrait\" appearance=\"light\"/>", "<scenes>",
    ] + scenes + [
      "</scenes>", "</document>",
    ]).joined(separator: "\n") + "\n"
  }
}
