import Testing

@testable import TextEngine

/// `WebWrapStyles`' own measure of a line (`LineInfo::Width()` in LayoutUnits), which its balance
/// and pretty scores read.
@Suite struct WebWrapStylesTests {
  /// A piece of a word cut between graphemes is as many LayoutUnits wide as the greedy breaker
  /// reports it, from its ends' snapped positions (`PreparedText.CutWordPositions`) and how far
  /// each was rounded up (`WebWrapStyles.reportedLayoutUnits`): feed
  /// texts at widths that cut their longer words, with and without letter spacing, and a word
  /// holding a right-to-left item.
  @Test func aCutWordsPiecesAreAsWideAsTheGreedyBreakerMeasuresThem() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    var texts = try Fixtures.jsonLines("corpus/feed-visible.jsonl").prefix(200).map { $0["text"] as! String }
    texts.append("abcdefghשלוםijklmnopqrstuvwxyz abcdefghijklmnopqrstuvwxyz")
    var pieces = 0
    var differing: [String] = []
    for letterSpacing in [0.0, 0.5] {
      for (number, text) in texts.enumerated() {
        let prepared = try measurer.prepare(
          text, style: TextStyle(fontSize: 15, letterSpacing: letterSpacing))
        for width in [37.5, 61.25] {
          prepared.withView { view in
            PreparedText.forEachLine(in: view, limit: WebTextRules.lineLimit(forWidth: width), platform: .web)
            {
              line in
              let end = line.graphemeRange.upperBound
              // A line that ends inside a segment: a piece of a cut word, no hanging spaces.
              let endsInsideSegment =
                end < view.graphemeWidths.count
                && !view.segments.contains { Int($0.graphemeStart) == end }
              if endsInsideSegment {
                pieces += 1
                // (The width without the hanging spaces: a piece has none.)
                let units = WebWrapStyles.reportedLayoutUnits(ofGraphemes: line.graphemeRange, in: view)
                if Double(units) != line.contentWidth * 64 {
                  differing.append("text \(number) @\(width): \(units) for \(line.contentWidth * 64)")
                }
              }
              return true
            }
          }
        }
      }
    }
    #expect(pieces > 100)
    #expect(differing.isEmpty, "\(differing.count): \(differing.prefix(3))")
  }
}
