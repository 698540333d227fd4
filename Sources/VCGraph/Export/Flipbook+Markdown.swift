import Foundation

// MARK: - Markdown

extension Flipbook {
  /// The Markdown page: the animation when there is one, then a heading per step with its
  /// caption, its picture (the SVG, else the PNG), its callbacks as a numbered list, its warnings
  /// and links to its files.
  public var markdown: String {
    var blocks = [
      "# " + Self.markdown(title ?? scenario),
      "\(Self.count(pages.count, "step")) of \(Self.code(scenario)), as `vcgraph render` draws them.",
    ]
    blocks += animationBlocks
    for page in pages {
      blocks.append("## Step \(page.number): " + Self.markdown(page.action))
      if let caption = page.caption, !caption.isEmpty {
        // One line each, with hard line breaks: the caption's own line breaks stay.
        let lines = caption.split(omittingEmptySubsequences: true) { $0.isNewline }
          .map { Self.markdown(String($0), atLineStart: true) }.filter { !$0.isEmpty }
        if !lines.isEmpty { blocks.append(lines.joined(separator: "\\\n")) }
      }
      if let image = page.imageFile {
        blocks.append("![\(Self.markdown("step \(page.number): \(page.action)"))](\(Self.link(image)))")
      }
      for list in page.callbackLists {
        // With sides, each side's lists after its heading: `**iPhone · compact:** no callbacks.`
        let side = list.heading.map { "**" + Self.markdown($0) + ":** " } ?? ""
        for note in list.notes { blocks.append(side + Self.markdown(note) + ".") }
        if list.events.isEmpty {
          blocks.append(side.isEmpty ? "No callbacks." : side + "no callbacks.")
        } else {
          blocks.append(side.isEmpty ? "Callbacks, in UIKit's order:" : side + "callbacks, in UIKit's order:")
          blocks.append(
            Page.lines(of: list.events).enumerated().map { offset, line in
              "\(offset + 1). " + Self.code(line.viewController + line.padding + "  " + line.call)
            }.joined(separator: "\n"))
        }
        for warning in list.warnings {
          blocks.append(
            "> **Warning\(side.isEmpty ? "" : " (" + Self.markdown(list.heading ?? "") + ")"):** "
              + Self.markdown(warning))
        }
      }
      if !page.files.isEmpty {
        blocks.append(
          "Files: "
            + page.orderedFiles.map { "[\(Self.markdown($0.name))](\(Self.link($0.name)))" }.joined(separator: ", "))
      }
    }
    return blocks.joined(separator: "\n\n") + "\n"
  }

  /// The animation as the Markdown page shows it: with both themes, a `<picture>` that shows the
  /// dark one in dark mode (an `<img>` of one SVG stays light on a dark page), else the image; then
  /// a link to each file.
  var animationBlocks: [String] {
    guard let animation else { return [] }
    let both = Theme.allCases
    let dark = animation[RenderIndex.key(for: .svg, theme: .dark, among: both)]
    guard let light = animation[RenderIndex.key(for: .svg, theme: .light, among: both)] ?? dark else { return [] }
    let alternative = (title ?? scenario) + ": every step, one after another"
    var blocks: [String] = []
    if let dark, dark != light {
      blocks.append(
        """
        <picture>
          <source media="(prefers-color-scheme: dark)" srcset="\(Self.html(Self.link(dark)))"/>
          <img src="\(Self.html(Self.link(light)))" alt="\(Self.html(alternative))"/>
        </picture>
        """)
      blocks.append(
        "The animation: [\(Self.markdown(light))](\(Self.link(light))), "
          + "and in dark mode [\(Self.markdown(dark))](\(Self.link(dark))).")
    } else {
      blocks.append("![\(Self.markdown(alternative))](\(Self.link(light)))")
      blocks.append("The animation: [\(Self.markdown(light))](\(Self.link(light))).")
    }
    return blocks
  }

  /// Text for a line of Markdown, read as text and nothing else: white space (line breaks too)
  /// folded into single spaces, and every character Markdown or GitHub could read as markup
  /// backslash-escaped, as well as what would start a block at the start of a line.
  static func markdown(_ text: String, atLineStart: Bool = false) -> String {
    let words = text.split {
      $0.isWhitespace || $0.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control }
    }
    let folded = words.joined(separator: " ")
    var result = ""
    result.reserveCapacity(folded.utf8.count)
    for character in folded {
      if "\\`*_[]<>|~&$#!".contains(character) { result.append("\\") }
      result.append(character)
    }
    if atLineStart, let first = result.first {
      if "-+=".contains(first) {
        result.insert("\\", at: result.startIndex)
      } else if first.isASCII, first.isNumber {
        // `1.` or `1)` would start an ordered list.
        let digits = result.prefix { $0.isASCII && $0.isNumber }
        let after = result.index(result.startIndex, offsetBy: digits.count)
        if after < result.endIndex, result[after] == "." || result[after] == ")" {
          result.insert("\\", at: after)
        }
      }
    }
    return result
  }

  /// Text as a Markdown code span: fenced with one backtick more than the longest run inside,
  /// padded with a space when it starts or ends with a backtick or space, line breaks as spaces.
  static func code(_ text: String) -> String {
    let flat = String(text.map { $0.isNewline ? " " : $0 })
    var longest = 0
    var run = 0
    for character in flat {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: longest + 1)
    let padded = flat.first == "`" || flat.last == "`" || flat.first == " " || flat.last == " "
    let inner = padded ? " \(flat) " : flat
    return fence + inner + fence
  }
}
