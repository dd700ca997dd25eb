import CollectionLayout
public import Foundation
import Rendering
public import TextEngine

/// Pictures of what moved: for every changed item of a comparison, the baseline's card and this
/// run's card side by side, the changed lines highlighted — one PNG per item and an `index.html`
/// that shows every pair (drawn in HTML, with the PNG beside it).
///
/// Both sides are drawn from the records: element frames and label lines as measured (the
/// baseline's from the file, this run's from the current fonts); glyphs come from `measurer`
/// with the label styles of this run's template, so a picture of a font swap shows the old line
/// breaks in the new font.
public struct DiffReport: Sendable {
  /// A file to write into the report folder.
  public struct File: Sendable, Hashable {
    /// The file name (no folders).
    public var name: String
    /// The contents.
    public var data: Data
  }

  /// At most this many items are drawn (the rest are listed in the page).
  public static let maximumCards = 500

  /// The comparison.
  public var comparison: BaselineComparison
  /// The baseline's records by key.
  var oldRecords: [BaselineKey: BaselineRecord] = [:]
  /// This run's records by key.
  var newRecords: [BaselineKey: BaselineRecord] = [:]

  /// A report of `comparison`, made from `baseline` and `current`.
  public init(comparison: BaselineComparison, baseline: Baseline, current: Baseline) {
    self.comparison = comparison
    for record in baseline.records { oldRecords[record.key] = record }
    for record in current.records { newRecords[record.key] = record }
  }

  /// The files: `index.html` and one PNG per changed item (at most ``maximumCards``).
  ///
  /// - Parameters:
  ///   - styles: the text style of each label by element name (`""` for a `text` paragraph);
  ///     labels without one are drawn in the default style.
  ///   - imageNames: elements drawn as image placeholders (other elements without lines, such
  ///     as rows, are not drawn).
  ///   - scale: pixels per point of the PNGs.
  /// - Throws: ``PNGEncoder/EncodingError`` when a PNG cannot be encoded.
  public func files(
    measurer: TextMeasurer, styles: [String: TextStyle], imageNames: Set<String> = [], scale: Int = 2
  ) throws -> [File] {
    var files: [File] = []
    var sections: [String] = []
    for (index, change) in comparison.changes.prefix(Self.maximumCards).enumerated() {
      guard let old = oldRecords[change.key], let new = newRecords[change.key] else { continue }
      let after = CardDrawing(
        record: new, changedLines: change.changedLines, measurer: measurer, styles: styles,
        imageNames: imageNames)
      let before = CardDrawing(
        record: old, changedLines: change.changedLines, measurer: measurer, styles: styles,
        imageNames: imageNames)
      let name = Self.fileName(index: index, key: change.key)
      files.append(
        File(name: name, data: try Self.png(before, after, measurer: measurer, scale: scale)))
      sections.append(Self.htmlSection(before, after, change: change, picture: name))
    }
    let skipped = comparison.changes.count - min(comparison.changes.count, Self.maximumCards)
    files.insert(
      File(
        name: "index.html", data: Data(page(sections: sections, skipped: skipped, measurer: measurer).utf8)),
      at: 0)
    return files
  }

  /// `007-note-0001@170.png`: the position, the id with unsafe characters replaced, the width.
  static func fileName(index: Int, key: BaselineKey) -> String {
    let safe = String(
      key.id.unicodeScalars.prefix(60).map {
        ($0.properties.isAlphabetic && $0.isASCII) || ("0"..."9").contains($0) || $0 == "-" || $0 == "."
          || $0 == "_" ? Character($0) : "_"
      })
    let number = String(index + 1)
    return String(repeating: "0", count: max(0, 3 - number.count)) + number + "-" + safe + "@"
      + JSONValue.format(key.width).replacingOccurrences(of: ".", with: "_") + ".png"
  }

  static func caption(_ record: BaselineRecord, _ side: String) -> String {
    let lines = record.lineCount.map { ", \($0) line\($0 == 1 ? "" : "s")" } ?? ""
    return "\(side): \(JSONValue.format(record.height, decimals: 3)) pt\(lines)"
  }

  static let margin = 12.0
  static let captionHeight = 22.0
  static let oldHighlight = RGBColor(0xFFD8D6)
  static let newHighlight = RGBColor(0xCDEFD3)

  static func png(
    _ before: CardDrawing, _ after: CardDrawing, measurer: TextMeasurer, scale: Int
  ) throws -> Data {
    let s = Double(max(1, scale))
    let width = margin * 3 + before.size.width + after.size.width
    let height = margin * 2 + captionHeight + max(before.size.height, after.size.height)
    var canvas = RasterCanvas(
      width: max(1, Int((width * s).rounded(.up))), height: max(1, Int((height * s).rounded(.up))),
      color: RGBColor(0xF2F3F5))
    var glyphs = GlyphCache()
    let captionStyle = TextStyle(fontSize: 12, lineHeight: .fixed(16))
    let sides: [(CardDrawing, Double, String, RGBColor)] = [
      (before, margin, caption(before.record, "before"), oldHighlight),
      (after, margin * 2 + before.size.width, caption(after.record, "after"), newHighlight),
    ]
    for (card, x, text, highlight) in sides {
      if let caption = CardDrawing.line(text, style: captionStyle, x: x, top: margin, measurer: measurer) {
        caption.draw(on: &canvas, scale: s, color: RGBColor(0x1F2328), glyphs: &glyphs)
      }
      card.draw(
        on: &canvas, origin: (x, margin + captionHeight), scale: s, highlight: highlight, glyphs: &glyphs)
    }
    return try PNGEncoder.encode(width: canvas.width, height: canvas.height, rgb: canvas.pixels)
  }
}
