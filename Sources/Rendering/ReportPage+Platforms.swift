public import CellSizing
import CollectionLayout
public import Feed
import SelfSizingCore
public import TextEngine

extension ReportPage {
  /// The card that differs most between platforms at one width, drawn as each platform renders
  /// it (its own line breaks and line heights), side by side.
  public struct PlatformCards: Sendable, Hashable {
    /// The width's device label (`375 × 2`).
    public var device: String
    /// The card's id.
    public var id: String
    /// Each platform's card, drawn at the origin.
    var cells: [(platform: TextPlatform, cell: SceneCell)]

    /// The cards of `placed` (one per platform, from that platform's layout), each drawn with
    /// `measurers[i]` and `styles[i]` (the measurer and the template's styles of `platforms[i]`).
    public init(
      device: String, platforms: [TextPlatform], placed: [PlacedItem], measurers: [TextMeasurer],
      styles: [[String: TemplateStyle]]
    ) {
      self.device = device
      id = placed.first?.id ?? ""
      cells = zip(platforms, zip(placed, zip(measurers, styles))).map { platform, pair in
        var item = pair.0
        item.frame = Rect(x: 0, y: 0, width: item.frame.width, height: item.frame.height)
        var builder = CardBuilder(measurer: pair.1.0, styles: pair.1.1)
        return (platform, builder.cell(item, isRound: false))
      }
    }

    public static func == (lhs: PlatformCards, rhs: PlatformCards) -> Bool {
      lhs.device == rhs.device && lhs.id == rhs.id
        && lhs.cells.map(\.platform) == rhs.cells.map(\.platform)
        && lhs.cells.map(\.cell) == rhs.cells.map(\.cell)
    }

    public func hash(into hasher: inout Hasher) {
      hasher.combine(device)
      hasher.combine(id)
    }
  }

  /// "The same feed on every platform": per width the content height on each platform and the
  /// cards whose height differs, then the card that differs most drawn on each.
  func platformsHTML() -> String {
    let comparisons = report.platformComparisons
    guard let platforms = comparisons.first?.platforms else { return "" }
    var out = """
      <section><h2>The same feed on every platform</h2>
      <table><tr><th class="text">device</th><th>collection</th>
      """
    for platform in platforms { out += "<th>content · \(platform.rawValue)</th>" }
    out += "<th>cards differing</th><th>largest difference</th></tr>\n"
    for comparison in comparisons {
      out +=
        "<tr><td class=\"text\">\(Markup.escaped(comparison.device.name))</td>"
        + "<td>\(Markup.escaped(comparison.device.label))</td>"
        + comparison.contentHeights.map { "<td>\(format($0))</td>" }.joined()
        + "<td\(comparison.differing > 0 ? " class=\"bad\"" : "")>\(comparison.differing) of \(comparison.cards)</td>"
        + "<td class=\"text\">"
        + (comparison.largest.map { "\(format($0.difference)) pt (\(Markup.escaped($0.id)))" } ?? "none")
        + "</td></tr>\n"
    }
    out +=
      "</table><p class=\"muted\">Every card measured as each client renders it: web (Chromium's line "
      + "boxes), flutter (SkParagraph's, lines rounded to whole pixels), ios (a UIKit model). The report's "
      + "other figures are for --platform \(report.platform.rawValue).</p>\n"
    for cards in platformCards {
      out += "<div class=\"row\">"
      for (platform, cell) in cards.cells {
        out +=
          "<figure>" + thumbnailHTML(cell)
          + "<figcaption>\(Markup.escaped(cards.id)) · \(platform.rawValue) · "
          + "\(format(cell.frame.height)) pt at \(Markup.escaped(cards.device))</figcaption></figure>"
      }
      out += "</div>\n"
    }
    return out + "</section>\n"
  }
}
