import VCGraph

extension Diagram {
  func windowNode(_ window: Window, cluster: String?, mark: Mark?) -> GraphDescription.Node {
    var subtitle = window.isKey ? "\(window.id) · key window" : window.id
    if let appMap { subtitle = mapWindowSubtitle(window, drawing: appMap) }
    if window.horizontalSizeClass == .compact { subtitle += " · compact width" }
    var rows = [
      HTMLText.font(windowClass, size: 12, color: style.windowLabel, bold: true),
      HTMLText.font(subtitle, size: 10, color: style.windowSecondaryLabel, width: 40),
    ]
    if let note = markNote(mark, onDark: true) { rows.insert(note, at: 0) }
    // What changed (`key → not key`, `regular → compact width`), as a changed controller lists it.
    if case let .changed(changes)? = mark {
      for change in changes {
        rows.append(HTMLText.font("~ " + change, size: 9, color: style.windowChanged, bold: true, width: 40))
      }
    }
    let label =
      "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\">"
      + rows.map { "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\($0)</TD></TR>" }.joined() + "</TABLE>"
    let fill =
      mark == .removed ? style.removed : window.isKey ? style.windowFill : style.otherWindowFill
    // Outlined like a controller the diff marks: added in blue, changed in orange.
    let (border, width): (String, String)
    switch mark {
    case .added?: (border, width) = (style.added, "3")
    case .changed?: (border, width) = (style.changed, "2.6")
    case .removed?: (border, width) = (fill, "1")
    case nil: (border, width) = (window.isKey ? style.windowBorder : style.otherWindowBorder, "1")
    }
    let classes =
      [
        "window", window.isKey ? "key" : nil, window.horizontalSizeClass == .compact ? "compact" : nil,
        Self.className(of: mark),
      ]
      .compactMap { $0 }
    return .init(
      name: Self.nodeName(ofWindow: window.id), cluster: cluster,
      attributes: [
        .init("id", Self.svgID(ofWindow: window.id)), .init("class", classes.joined(separator: " ")),
        .init("style", "rounded,filled"),
        .init("fillcolor", fill), .init("color", border), .init("penwidth", width),
        .init("label", html: label),
      ])
  }

  /// A controller's box, drawn from `source` (the diagram's hierarchy, or the earlier one of a diff
  /// for a removed controller); `callbacks` are the numbers of the callbacks it received in the panel.
  func controllerNode(
    _ controller: ViewController, in source: Hierarchy, cluster: String?, placement: Placement?, callbacks: [Int]?,
    mark: Mark?
  ) -> GraphDescription.Node {
    // A controller from a scenario is drawn from what the key holds alone (one from a dump also
    // from where its view is), and the frames of a scenario draw most controllers as they were.
    // A storyboard's scene also shows its unwind segues, which no key holds.
    // A tab bar's iOS 18 tabs are drawn with what the other controllers say (which tabs have theirs).
    // An app map's node says what the map knows of it.
    if let appMap { return mapNode(controller, drawing: appMap, cluster: cluster, placement: placement) }
    guard controller.dumpRecord == nil, !isStoryboard, controller.tabs.isEmpty else {
      return makeControllerNode(
        controller, in: source, cluster: cluster, placement: placement, callbacks: callbacks, mark: mark)
    }
    let key = NodeCacheKey(
      controller: controller, cluster: cluster, placement: placement, callbacks: callbacks, mark: mark, theme: theme)
    if let node = Self.nodeCache[key] { return node }
    let node = makeControllerNode(
      controller, in: source, cluster: cluster, placement: placement, callbacks: callbacks, mark: mark)
    Self.nodeCache[key] = node
    return node
  }

  /// The controller nodes drawn lately, by what they were drawn from.
  private static let nodeCache = LockedCache<NodeCacheKey, GraphDescription.Node>(limit: 256)

  /// How a controller's box looks, from its state and what a diff marks: what its rows and its
  /// border are drawn with.
  private struct BoxLook {
    var isRemoved: Bool
    var onScreen: Bool
    var loaded: Bool
    /// A storyboard's scene not shown at launch, that something leads to and is not missing: drawn plainly.
    var isPlainScene: Bool
    var state: (symbol: String, text: String, color: String)
    var classColor: String
    var detailColor: String
    var box: (style: String, border: String, fill: String, width: String)
  }

  /// The look of `controller`'s box.
  private func look(of controller: ViewController, mark: Mark?) -> BoxLook {
    let isRemoved = mark == .removed
    let onScreen = controller.appearance.isOnScreen
    let loaded = controller.isViewLoaded
    // A storyboard's scene that is not on screen at launch is simply not shown yet: drawn plainly,
    // unless nothing leads to it, which a reader must notice.
    let isScene = isStoryboard && !onScreen && !loaded
    let isUnreachable = unreachableScenes?.contains(controller.id) ?? false
    let isMissing = isStoryboard && controller.className == "missing scene"
    var state: (symbol: String, text: String, color: String)
    if onScreen {
      state = ("●", "on screen · \(controller.appearance.rawValue)", style.onScreenText)
    } else if isMissing {
      state = ("⚠", "missing from its storyboard", style.changed)
    } else if isUnreachable {
      state = ("⚠", "unreachable: no segue, relationship or identifier", style.changed)
    } else if isScene {
      state = ("○", "not shown at launch", style.tertiaryLabel)
    } else if loaded {
      state = ("○", "off screen · \(controller.appearance.rawValue)", style.tertiaryLabel)
    } else {
      state = ("◌", "view not loaded", style.tertiaryLabel)
    }
    // A controller drawn where it was, now gone (dismissed, popped, released): what it was, as past.
    if isRemoved { state = ("−", "gone · was \(state.text)", style.removedText) }
    let isPlainScene = isScene && !isUnreachable && !isMissing
    let classColor =
      isRemoved ? style.removedText : onScreen || isPlainScene ? style.label : style.secondaryLabel
    var box: (style: String, border: String, fill: String, width: String)
    if isRemoved {
      box = ("rounded,filled,dotted", style.removed, style.removedFill, "1.6")
    } else if onScreen {
      box = ("rounded,filled", style.onScreenBorder, style.controllerFill, "2.2")
    } else if loaded {
      box = ("rounded,filled", style.offScreenBorder, style.offScreenFill, "1")
    } else if isPlainScene {
      box = ("rounded,filled", style.offScreenBorder, style.controllerFill, "1.2")
    } else {
      box = ("rounded,filled,dashed", style.notLoadedBorder, style.notLoadedFill, "1.2")
    }
    // An added or changed controller keeps its state's border style, outlined in the diff's colour.
    switch mark {
    case .added?: (box.border, box.width) = (style.added, "3")
    case .changed?: (box.border, box.width) = (style.changed, "2.6")
    default: break
    }
    return BoxLook(
      isRemoved: isRemoved, onScreen: onScreen, loaded: loaded, isPlainScene: isPlainScene, state: state,
      classColor: classColor, detailColor: isRemoved ? style.removedText : style.secondaryLabel, box: box)
  }

  private func makeControllerNode(
    _ controller: ViewController, in source: Hierarchy, cluster: String?, placement: Placement?, callbacks: [Int]?,
    mark: Mark?
  ) -> GraphDescription.Node {
    let look = look(of: controller, mark: mark)
    let sidebar = source.sidebarState(of: controller.id)
    var rows = headRows(of: controller, placement: placement, sidebar: sidebar, look: look)
    if let note = markNote(mark) { rows.insert(note, at: 0) }
    rows += tabRows(of: controller, in: source, isRemoved: look.isRemoved, showsSidebar: sidebar == .shown)
    rows += noteRows(of: controller, in: source, placement: placement, look: look)
    if case let .changed(changes)? = mark {
      for change in changes {
        rows.append(HTMLText.font("~ " + change, size: 9, color: style.changed, bold: true, width: 36))
      }
    }
    if let numbers = callbacks {
      let list = numbers.map(String.init).joined(separator: ", ")
      rows.append(
        HTMLText.font(
          "callback\(numbers.count == 1 ? "" : "s") \(list)", size: 9, color: style.viewLoad, bold: true,
          width: 36, maxLines: 3))
    }
    let label =
      "<TABLE BORDER=\"0\" CELLBORDER=\"0\" CELLSPACING=\"0\" CELLPADDING=\"1\">"
      + rows.map { "<TR><TD ALIGN=\"LEFT\" BALIGN=\"LEFT\">\($0)</TD></TR>" }.joined() + "</TABLE>"
    let classes = [
      "vc", "kind-" + controller.kind.rawValue, "state-" + controller.appearance.rawValue,
      look.loaded ? "loaded" : "not-loaded", look.onScreen ? "on-screen" : "off-screen", Self.className(of: mark),
    ].compactMap { $0 }
    return .init(
      name: Self.nodeName(ofController: controller.id), cluster: cluster,
      attributes: [
        .init("id", Self.svgID(ofController: controller.id)), .init("class", classes.joined(separator: " ")),
        .init("style", look.box.style), .init("color", look.box.border),
        .init("fillcolor", look.box.fill), .init("penwidth", look.box.width), .init("label", html: label),
        .init("tooltip", Self.tooltip(of: controller, placement: placement)),
      ])
  }

  /// The first rows of a controller's box: its kind (with a split view's state and a sidebar) and
  /// its place in its parent, its class (a hosting controller's SwiftUI view), id and title, and
  /// its state.
  private func headRows(
    of controller: ViewController, placement: Placement?, sidebar: SidebarState?, look: BoxLook
  ) -> [String] {
    var kindLine = controller.kind.displayName.uppercased()
    // Collapsed or expanded only when the input says so (a dump may not): neither otherwise.
    if let splitViewState = controller.splitViewState { kindLine += " · " + splitViewState.uppercased() }
    switch sidebar {
    case .shown?: kindLine += " · SIDEBAR"
    case .hidden?: kindLine += " · SIDEBAR HIDDEN"
    case .unavailable?, nil: break
    }
    // The kind, and the place the controller has in its parent: `NAVIGATION  tab 1 · selected`.
    let kindColor = look.isRemoved ? style.removedText : style.color(for: controller.kind)
    var topLine = HTMLText.font(kindLine, size: 9, color: kindColor, bold: true)
    if let placement {
      let color =
        look.isRemoved ? style.removedText : placement.isPresentation ? style.presentationEdge : style.secondaryLabel
      topLine +=
        Self.gap + HTMLText.font(placement.text, size: 9, color: color, bold: placement.isEmphasized, width: 40)
    }
    // A hosting controller is named by the SwiftUI view it shows, the screen a reader knows.
    let hostedView = controller.swiftUIRootView
    let identity = controller.identityLine
    return [
      topLine,
      Self.classNameLabel(hostedView ?? controller.className, color: look.classColor),
      hostedView.map { _ in
        HTMLText.font("SwiftUI view in UIHostingController", size: 9, color: look.detailColor, width: 40)
      },
      identity.isEmpty ? nil : HTMLText.font(identity, size: 10, color: look.detailColor, width: 30),
      HTMLText.font(
        "\(look.state.symbol) \(look.state.text)", size: 10,
        color: look.isRemoved ? style.removedText : look.state.color, width: 30),
    ].compactMap { $0 }
  }

  /// The notes under a controller's state: how it is presented beyond its style, what only a dump
  /// tells (the view's place when it disagrees with the state, the addresses), a storyboard scene's
  /// unwind segues, and its flags.
  private func noteRows(
    of controller: ViewController, in source: Hierarchy, placement: Placement?, look: BoxLook
  ) -> [String] {
    var rows: [String] = []
    // How the controller is presented, beyond its style: forwarded, or with the class a dump printed.
    for note in placement?.notes ?? [] {
      rows.append(
        HTMLText.font(note, size: 9, color: look.isRemoved ? style.removedText : style.presentationEdge, width: 34))
    }
    if look.loaded, controller.dumpRecord?.view != nil {
      let inWindow = source.isViewInWindow(controller.id)
      if inWindow != (controller.appearance != .disappeared) {
        rows.append(
          HTMLText.font(
            inWindow ? "⚠ view still in the window" : "⚠ view not in the window", size: 10,
            color: style.changed, bold: true))
      }
    }
    if let record = controller.dumpRecord {
      let addresses = [record.address, record.view?.address.map { "view \($0)" }].compactMap { $0 }
      if !addresses.isEmpty {
        rows.append(
          HTMLText.font(
            addresses.joined(separator: " · "), size: 9, color: style.tertiaryLabel, width: 48,
            face: DiagramStyle.monospacedFont))
      }
    }
    // A storyboard's unwind segues: their destination is found at run time, so they are listed on
    // the scene they start from (and drawn as a small loop back onto it).
    if isStoryboard {
      let actions = hierarchy.segues.compactMap { segue -> String? in
        guard segue.source == controller.id, case let .unwind(action) = segue.kind else { return nil }
        return action ?? "unwind"
      }
      if !actions.isEmpty {
        rows.append(
          HTMLText.font(
            "↩ " + Self.kindCounts(actions), size: 9, color: style.segue, bold: true, width: 34, maxLines: 3))
      }
    }
    let flags = [
      controller.isModalInPresentation ? "isModalInPresentation" : nil,
      controller.isRetained ? "retained by the app" : nil,
    ].compactMap { $0 }
    if !flags.isEmpty {
      rows.append(HTMLText.font(flags.joined(separator: " · "), size: 9, color: style.tertiaryLabel, width: 34))
    }
    return rows
  }
}
