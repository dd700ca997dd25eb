import Testing

@testable import TextEngine

/// Breaks of a fixture of texts with chains by family and engines' breaks at several widths
/// (`id`, `text`, `chain`, `breaks`: width → engine → starts of lines 2..n), 15 px, fixed line
/// height 21.
enum FixtureBreaks {
  /// The layouts (`id@width`) whose breaks differ from `engine`'s on `platform` (under
  /// `textWrap`), and how many layouts `engine` answered; a paragraph of one span breaks as its
  /// plain text on every one (`spansBreakAsPlainText`).
  static func differing(
    in fixture: String, platform: TextPlatform, engine: String, textWrap: TextWrap = .auto,
    spansBreakAsPlainText: Bool = true
  ) throws -> (
    differing: [String], count: Int
  ) {
    var differing: [String] = []
    var spansDiffering: [String] = []
    var measurers: [[String]: TextMeasurer] = [:]
    var count = 0
    for row in try Fixtures.jsonLines(fixture) {
      let chain = row["chain"] as! [String]
      let measurer = try measurers[chain] ?? PlatformCorpusTests.measurer(chain: chain, platform: platform)
      measurers[chain] = measurer
      let style = TextStyle(fontSize: 15, lineHeight: .fixed(21), textWrap: textWrap)
      let prepared = try measurer.prepare(row["text"] as! String, style: style)
      let span = try measurer.prepare(
        [TextSpan(row["text"] as! String, style: style)], paragraph: nil, truncationToken: nil)
      for (width, answers) in row["breaks"] as! [String: [String: [Int]]] {
        guard let breaks = answers[engine] else { continue }
        count += 1
        let plain = try prepared.layout(width: Double(width)!).breaks
        if plain != breaks { differing.append("\(row["id"]!)@\(width)") }
        if try span.layout(width: Double(width)!).breaks != plain {
          spansDiffering.append("\(row["id"]!)@\(width)")
        }
      }
    }
    if spansBreakAsPlainText { #expect(spansDiffering.isEmpty, "\(spansDiffering)") }
    print("\(fixture), \(platform.rawValue) breaks = \(engine): \(count - differing.count)/\(count)")
    return (differing.sorted(), count)
  }
}
