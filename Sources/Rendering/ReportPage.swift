import CellSizing
import CollectionLayout
public import Feed
public import TextEngine

/// The measurement report people read: one HTML page over a ``FeedReport`` — a summary table
/// per width, height histograms, the waterfalls side by side, and the cards to look at
/// (sensitive to width, truncated, tallest, missing glyphs or errors) drawn as they are
/// measured. See ``html(fontFolder:)``.
public struct ReportPage: Sendable {
  /// A file written beside the page, linked from it.
  public struct Link: Sendable, Hashable {
    /// What it is (`waterfall`, `overview`, …).
    public var title: String
    /// The path relative to the page.
    public var href: String

    /// A link.
    public init(title: String, href: String) {
      self.title = title
      self.href = href
    }
  }

  /// The figures.
  public var report: FeedReport
  /// For each width, the top of its waterfall (``overviewHeight`` points) as drawn.
  public var overviews: [ReportScene]
  /// For each width, the pictures written beside the page.
  public var links: [[Link]]
  /// The height of each width's waterfall shown side by side, in points.
  public static let overviewHeight = 2400.0
  /// The pictures of a width show its first this many cards by default (`selfsize report
  /// --picture-cards`): a 10,000-card feed still gives readable pictures and a report of tens of
  /// megabytes, in seconds. The figures and `report.json` cover every card.
  public static let defaultPictureCards = 100
  /// Cards listed per section (all of them are in `report.json`).
  public var listLimit = 24
  /// Cards drawn as each platform renders them (``platformsHTML()``).
  public var platformCards: [PlatformCards] = []
  let fonts: ReportScene
  let measurer: TextMeasurer

  /// A page over `report`; `overviews` are the widths' scenes (cut at ``overviewHeight``),
  /// `measurer` draws the card thumbnails.
  public init(report: FeedReport, overviews: [ReportScene], links: [[Link]], measurer: TextMeasurer) {
    self.report = report
    self.overviews = overviews
    self.links = links
    self.measurer = measurer
    fonts = ReportScene(
      kind: .waterfall, size: Size(width: 0, height: 0), contentHeight: 0, columns: [], cells: [],
      decorations: [], captions: [], supplementary: [], regularFonts: measurer.regular.fonts.map(\.path),
      boldFonts: measurer.bold.fonts.map(\.path))
  }

  /// The font files the page's drawn cards use, with their names in the fonts folder (the
  /// names ``ReportScene/fontFileNames`` gives them on every page of the same fonts).
  public var fontFileNames: [(path: String, fileName: String)] { fonts.fontFileNames(in: usedFontPaths) }

  /// The font files the glyphs of the page's drawn cards come from (the waterfalls side by side
  /// are drawn as bars, without text).
  public var usedFontPaths: Set<String> {
    let cards = truncatedCards + tallestCards + problemCards
    return ReportScene.fontPaths(
      of: cards.compactMap { card in card.column.flatMap { thumbnail(item: card.index, width: $0) } }
        .flatMap(\.labels) + platformCards.flatMap { $0.cells.flatMap(\.cell.labels) })
  }

  /// ``ReportScene/fontFileNames(in:)`` over the page's fonts.
  public func fontFileNames(in paths: Set<String>) -> [(path: String, fileName: String)] {
    fonts.fontFileNames(in: paths)
  }

  /// Item `index`'s card as drawn at width `column`, at the origin (nil when it was not laid out
  /// there).
  func thumbnail(item index: Int, width column: Int) -> SceneCell? {
    let item = report.items[index]
    guard let cell = report.cells[item.id], report.widths.indices.contains(column) else { return nil }
    let width = report.widths[column].itemWidth
    guard width > 0, let measurement = try? cell.measure(width: width) else { return nil }
    let placed = PlacedItem(
      id: item.id, section: 0, item: index, column: nil,
      frame: Rect(x: 0, y: 0, width: width, height: measurement.height), cell: cell, measurement: measurement)
    var builder = CardBuilder(measurer: measurer, styles: report.template?.styles ?? [:])
    return builder.cell(placed, isRound: false)
  }
}
