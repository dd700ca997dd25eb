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

  /// The files: `index.html` and one PNG per changed item (at most ``maximumCards``), each
  /// within ``PictureCeiling`` (a wider pair is drawn smaller, a taller one cut at
  /// ``PictureCeiling/pageHeight`` pixels, and the page says where).
  ///
  /// - Parameters:
  ///   - styles: the text style of each label by element name (`""` for a `text` paragraph);
  ///     labels without one are drawn in the default style.
  ///   - imageNames: elements drawn as image placeholders (other elements without lines, such
  ///     as rows, are not drawn).
  ///   - scale: pixels per point of the PNGs.
  /// - Throws: ``PNGEncoder/EncodingError`` when a PNG cannot be encoded, ``PictureError``
  ///   should a picture still be beyond the ceilings.
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
      let picture = try Self.png(before, after, measurer: measurer, scale: scale)
      files.append(File(name: name, data: picture.data))
      sections.append(
        Self.htmlSection(before, after, change: change, picture: name, cutAt: picture.cutAt))
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

  /// A drawn pair: the PNG, and where the cards were cut when the pair is taller than the
  /// picture ceilings allow.
  struct Picture {
    var data: Data
    /// Pixels per point (below the requested scale when the pair is wider than the ceiling).
    var scale: Double
    /// The card height in points shown when the picture is cut, nil when it is whole.
    var cutAt: Double?
  }

  /// The pair side by side under ``PictureCeiling``, as `layout` and `report` pictures are: a
  /// pair wider than ``PictureCeiling/maximumWidth`` at `scale` is drawn at the scale that fits,
  /// one taller than a report page (``PictureCeiling/pageHeight``) is cut there
  /// (``Picture/cutAt``; the page's HTML pair still shows every line). Drawn strip by strip and
  /// deflated as it goes.
  static func png(
    _ before: CardDrawing, _ after: CardDrawing, measurer: TextMeasurer, scale: Int
  ) throws -> Picture {
    let width = margin * 3 + before.size.width + after.size.width
    let height = margin * 2 + captionHeight + max(before.size.height, after.size.height)
    var s = Double(max(1, scale))
    if (width * s).rounded(.up) > Double(PictureCeiling.maximumWidth) {
      s = Double(PictureCeiling.maximumWidth - 1) / width
    }
    let pixelWidth = max(1, Int((width * s).rounded(.up)))
    var pixelHeight = max(1, Int((height * s).rounded(.up)))
    var cutAt: Double?
    let tallest = min(PictureCeiling.pageHeight, PictureCeiling.maximumHeight(width: pixelWidth))
    if pixelHeight > tallest {
      pixelHeight = tallest
      cutAt = max(0, Double(tallest) / s - margin - captionHeight)
    }
    try PictureCeiling.check(width: pixelWidth, height: pixelHeight)
    let captionStyle = TextStyle(fontSize: 12, lineHeight: .fixed(16))
    var sides: [(card: CardDrawing, x: Double, caption: CardDrawing.Line?, highlight: RGBColor)] = []
    for (card, x, side, highlight) in [
      (before, margin, "before", oldHighlight),
      (after, margin * 2 + before.size.width, "after", newHighlight),
    ] {
      let caption = CardDrawing.line(
        caption(card.record, side), style: captionStyle, x: x, top: margin, measurer: measurer)
      sides.append((card, x, caption, highlight))
    }
    var data = Data()
    let writer = try PNGStreamWriter(width: pixelWidth, height: pixelHeight) { data.append($0) }
    let rowsPerStrip = PictureCeiling.rowsPerStrip(width: pixelWidth, height: pixelHeight)
    var glyphs = GlyphCache()
    var row = 0
    while row < pixelHeight {
      let rows = min(rowsPerStrip, pixelHeight - row)
      var canvas = RasterCanvas(width: pixelWidth, height: rows, color: RGBColor(0xF2F3F5))
      for side in sides {
        side.caption?.draw(on: &canvas, scale: s, rowOffset: row, color: RGBColor(0x1F2328), glyphs: &glyphs)
        side.card.draw(
          on: &canvas, origin: (side.x, margin + captionHeight), scale: s, rowOffset: row,
          highlight: side.highlight, glyphs: &glyphs)
      }
      try canvas.pixels.withUnsafeBufferPointer { try writer.append(rows: $0) }
      row += rows
    }
    try writer.finish()
    return Picture(data: data, scale: s, cutAt: cutAt)
  }
}
