import Foundation
import VCGraph
import VCGraphviz

extension SnapshotJob {
  /// A map of a whole app to draw as an atlas (``Atlas``): `vcgraph storyboard`'s storyboards
  /// together, an app's code map.
  public struct AtlasSnapshot {
    public var map: AtlasMap
    /// What it was read from, for messages: "the storyboards".
    public var noun: String
    /// The name failures are told under: `Main.storyboard`, or what the map is.
    public var path: String
    /// Also `index.html`, to browse the pages.
    public var html: Bool
    /// Also `index.md`.
    public var markdown: Bool
    /// The map as one picture, drawn instead when the atlas has one page (and neither `--html` nor
    /// `--markdown` asks for an atlas), in the file it names; its text exports are written with
    /// the atlas. `vcgraph map` gives its map's snapshot: a map that fits a page is its usual picture.
    public var alone: Snapshot?

    public init(
      map: AtlasMap, noun: String, path: String, html: Bool = false, markdown: Bool = false, alone: Snapshot? = nil
    ) {
      (self.map, self.noun, self.path, self.html, self.markdown) = (map, noun, path, html, markdown)
      self.alone = alone
    }
  }

  /// Draws the map's pages in the diagram formats asked for, in each theme, and writes them all or
  /// none: one page alone as `NAME.<format>` (the map fits one picture), else every page, the
  /// overview (`atlas.<format>`), `index.json`, and `index.html` and `index.md` when asked for.
  ///
  /// Every page is laid out, and drawn, in the worker.
  ///
  /// - Throws: ``Failure`` when Graphviz fails, when several pages would go to standard output, or
  ///   when a file cannot be written (then none is).
  public func export(atlas snapshot: AtlasSnapshot) throws(Failure) -> Exported {
    let prefix = "\(snapshot.path): error: "
    let formats = options.plan.formats.compactMap(\.diagramFormat).sorted()
    let drawn = (snapshot.html && !formats.contains(.svg)) ? formats + [.svg] : formats
    var files: [(name: String, contents: Data)] = []
    do {
      let renderer = try drawingRenderer()
      drawer?.input = (snapshot.path, Atlas.overviewName, options.plan.destination.crashFolder)
      let atlas = try renderer.atlas(of: snapshot.map, budget: options.pageBudget)
      if atlas.pages.count == 1, !snapshot.html, !snapshot.markdown, let alone = snapshot.alone {
        return try export(alone)
      }
      if options.plan.destination == .standardOutput {
        guard atlas.pages.count == 1, let format = formats.first else {
          throw Failure(
            description: prefix + "\(snapshot.noun) draw \(atlas.pages.count) pages; give -o DIR to write them")
        }
        let page = try renderer.renderPage(0, of: atlas, formats: [format], theme: options.themes[0]) { _ in nil }
        return .printed(Data(page[format] ?? []))
      }
      files = try atlasFiles(atlas, snapshot: snapshot, formats: formats, drawn: drawn, renderer: renderer)
      if let alone = snapshot.alone {
        for format in options.plan.formats where format.diagramFormat == nil {
          files.append((format.fileName(stem: alone.stem), textExport(of: alone, as: format)))
        }
      }
    } catch let failure as Failure {
      throw failure
    } catch let error as RenderError {
      throw Failure(description: prefix + error.description)
    } catch {
      throw Failure(description: prefix + "\(error)")
    }
    guard case .folder(let folder) = options.plan.destination else { return .printed(Data()) }
    return .written(try Self.write(files, into: folder))
  }

  /// The files of `atlas`: every page in `drawn` formats and each theme (those of `formats`
  /// written), and with more than one page, the overview and the index pages.
  private func atlasFiles(
    _ atlas: Atlas, snapshot: AtlasSnapshot, formats: [OutputFormat], drawn: [OutputFormat], renderer: Renderer
  ) throws -> [(name: String, contents: Data)] {
    let themes = options.themes
    let isAtlas = atlas.pages.count > 1 || snapshot.html || snapshot.markdown
    var files: [(name: String, contents: Data)] = []
    func name(_ stem: String, _ format: OutputFormat, _ theme: Theme) -> String {
      ExportFormat.diagram(format).fileName(stem: stem, theme: theme, among: themes)
    }
    func key(_ format: OutputFormat, _ theme: Theme) -> String {
      format.rawValue + theme.fileNameSuffix(among: themes)
    }
    var pages = atlas.pages.indices.map { index in
      AtlasBook.Page(
        name: atlas.pages[index].name, title: atlas.pages[index].title, caption: "",
        controllers: atlas.pages[index].controllers, links: atlas.links(ofPage: index), files: [:])
    }
    var overview = AtlasBook.Page(name: Atlas.overviewName, title: "Overview", caption: "", files: [:])
    for theme in themes {
      let pageFile = { (index: Int) -> String? in name(atlas.pages[index].name, .svg, theme) }
      for index in atlas.pages.indices {
        let drawing = try renderer.renderPage(index, of: atlas, formats: drawn, theme: theme, file: pageFile)
        pages[index].caption = atlas.diagram(ofPage: index).caption ?? ""
        for format in drawn {
          let contents = drawing[format] ?? []
          if format == .svg {
            let svg = String(decoding: contents, as: UTF8.self)
            if theme == .dark { pages[index].darkSVG = svg } else { pages[index].svg = svg }
          }
          guard formats.contains(format) else { continue }
          pages[index].files[key(format, theme)] = name(atlas.pages[index].name, format, theme)
          files.append((name(atlas.pages[index].name, format, theme), Data(contents)))
        }
      }
      guard isAtlas else { continue }
      let drawing = try renderer.renderOverview(
        AtlasOverview(
          atlas: atlas, theme: theme, files: atlas.pages.indices.map(pageFile), budget: options.pageBudget),
        formats: drawn, budget: options.pageBudget)
      for format in drawn {
        let contents = drawing[format] ?? []
        if format == .svg {
          let svg = String(decoding: contents, as: UTF8.self)
          if theme == .dark { overview.darkSVG = svg } else { overview.svg = svg }
        }
        guard formats.contains(format) else { continue }
        overview.files[key(format, theme)] = name(Atlas.overviewName, format, theme)
        files.append((name(Atlas.overviewName, format, theme), Data(contents)))
      }
    }
    guard isAtlas else { return files }
    overview.caption = "\(atlas.pages.count) pages: " + atlas.pages.map(\.title).joined(separator: ", ")
    let book = AtlasBook(title: snapshot.map.title, overview: overview, pages: pages)
    files.append((AtlasBook.indexFileName, Data(book.json.utf8)))
    if snapshot.html { files.append(("index.html", Data(book.html.utf8))) }
    if snapshot.markdown { files.append(("index.md", Data(book.markdown.utf8))) }
    return files
  }
}
