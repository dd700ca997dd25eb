import Foundation
import Testing
import TextEngine

/// Agreement of our line breaks with Chromium, Pango and SkParagraph on the real feed corpus
/// (15 pt, line height 21, bundled Noto Sans CJK SC + Noto Color Emoji) at 150/170/343 pt.
@Suite struct CorpusAgreementTests {
  struct Tally: CustomStringConvertible {
    var allAgree = 0, allAgreeMatched = 0
    var pangoSkia = 0, pangoSkiaMatched = 0
    var majority = 0, majorityLinesMatched = 0
    var mismatches: [String] = []
    /// `id@width` of every text whose breaks differ where Pango and SkParagraph agree.
    var pangoSkiaMismatchKeys: [String] = []
    /// `id@width` of every text whose line count differs from the engines' majority.
    var majorityMismatchKeys: [String] = []
    var description: String {
      func pct(_ a: Int, _ b: Int) -> String {
        String(format: "%d/%d = %.2f%%", a, b, 100 * Double(a) / Double(max(b, 1)))
      }
      return "all-three-agree exact breaks: \(pct(allAgreeMatched, allAgree)); "
        + "pango∧skia exact breaks: \(pct(pangoSkiaMatched, pangoSkia)); "
        + "majority line count: \(pct(majorityLinesMatched, majority))"
    }
  }

  static func tally() throws -> Tally {
    let measurer = try Fixtures.measurer()
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    var tally = Tally()
    for row in try Fixtures.jsonLines("corpus/feed-visible.oracles.jsonl") {
      let text = row["text"] as! String
      let id = row["id"] as! String
      let prepared = try measurer.prepare(text, style: style)
      for (widthKey, engines) in row["widths"] as! [String: [String: [String: Any]]] {
        let width = Double(widthKey)!
        let ours = try prepared.layout(width: width)
        func breaks(_ engine: String) -> [Int] { engines[engine]!["breaks"] as! [Int] }
        func lines(_ engine: String) -> Int { engines[engine]!["lines"] as! Int }
        let chromium = breaks("chromium")
        let pango = breaks("pango")
        let skia = breaks("skia")
        if chromium == pango && pango == skia {
          tally.allAgree += 1
          if ours.breaks == pango {
            tally.allAgreeMatched += 1
          } else {
            tally.mismatches.append(
              "\(id)@\(widthKey) ours=\(ours.breaks) all=\(pango) \(text.debugDescription)")
          }
        }
        if pango == skia {
          tally.pangoSkia += 1
          if ours.breaks == pango {
            tally.pangoSkiaMatched += 1
          } else {
            tally.pangoSkiaMismatchKeys.append("\(id)@\(widthKey)")
            tally.mismatches.append(
              "\(id)@\(widthKey) ours=\(ours.breaks) pango∧skia=\(pango) chromium=\(chromium) \(text.debugDescription)"
            )
          }
        }
        let counts = [lines("chromium"), lines("pango"), lines("skia")]
        let majority = counts.first { count in counts.filter { $0 == count }.count >= 2 }
        if let majority {
          tally.majority += 1
          if ours.lineCount == majority {
            tally.majorityLinesMatched += 1
          } else {
            tally.majorityMismatchKeys.append("\(id)@\(widthKey)")
            tally.mismatches.append(
              "\(id)@\(widthKey) lines ours=\(ours.lineCount) engines=\(counts) \(ours.breaks) p=\(pango) s=\(skia) c=\(chromium) \(text.prefix(80).debugDescription)"
            )
          }
        }
      }
    }
    return tally
  }

  @Test func agreementWithOtherEngines() throws {
    let tally = try Self.tally()
    print("corpus agreement: \(tally)")
    for mismatch in tally.mismatches.prefix(40) { print("  mismatch \(mismatch)") }
    // Exact lists, so that a change in either direction (a regression, or a fix that should
    // move a text off the list) fails until the list is updated.
    #expect(tally.allAgreeMatched == tally.allAgree)
    #expect(tally.pangoSkiaMismatchKeys.sorted() == Self.knownPangoSkiaMismatches)
    #expect(tally.majorityMismatchKeys.sorted() == Self.knownMajorityMismatches)
  }

  /// Texts whose breaks differ from Pango's and SkParagraph's shared answer: none since kerning
  /// across break opportunities is kept (it was `-X` and kana pairs in over-long tokens).
  static let knownPangoSkiaMismatches: [String] = []

  /// Texts whose line count differs from the majority of the three engines.
  static let knownMajorityMismatches: [String] = [
    "c01431@150", "c01471@150", "c01544@150", "c01633@150", "c01633@170", "c01635@170", "c01892@150",
  ]
}
