import Foundation
import Testing

@testable import TextEngine

/// `text-spacing-trim: normal` in paragraphs of styled spans on the web
/// (``WebSpacingTrim/spanTrims(codes:graphemeEnds:graphemeSpans:groupStarts:opportunities:style:chain:)``),
/// against Chromium 156 (`<span>`s in a `<div>`, Noto Sans CJK SC Regular and Bold, 15 px, line
/// height 21): `corpus/text-spacing-trim-spans.oracles.jsonl`, 400 generated paragraphs of the
/// punctuation-dense texts split into 2 to 5 spans next to their marks, every other span bold or
/// at 13 or 17 px, at 97, 150, 202, 251 and 343 px.
@Suite struct WebSpacingTrimSpansTests {
  static func rows() throws -> [[String: Any]] {
    try Fixtures.jsonLines("corpus/text-spacing-trim-spans.oracles.jsonl")
  }

  static func spans(_ row: [String: Any], trim: TextSpacingTrim) -> [TextSpan] {
    (row["runs"] as! [[String: Any]]).map { run in
      TextSpan(
        run["text"] as! String,
        style: TextStyle(
          fontSize: (run["size"] as! NSNumber).doubleValue,
          weight: (run["weight"] as! NSNumber).intValue >= 600 ? .bold : .regular,
          lineHeight: .fixed(21), textSpacingTrim: trim))
    }
  }

  /// The layouts that break otherwise, listed exactly: an ideographic space at a span's edge
  /// next to a space or a closing mark of the next span (Blink hangs trailing spaces item by
  /// item, the engine over the joined text: `tsp182`, `tsp275`, the latter under `space-all` too),
  /// and a 13 px span whose marks end a line a hair from the width (`tsp344@251`).
  static let knownMismatches: [TextSpacingTrim: Set<String>] = [
    .normal: ["tsp182@150", "tsp275@97", "tsp275@202", "tsp344@251"],
    .spaceAll: ["tsp275@202"],
  ]

  /// Every layout breaks as Chromium's but the known ones (1,996 / 2,000 under `normal`, 1,999 /
  /// 2,000 under `space-all`), and `measure` counts the same lines as `layout`. Before, styled
  /// spans with `normal` were refused; measured without the trims across spans and at lines'
  /// ends, 1,980 / 2,000.
  /// The layouts of the fixture's paragraphs in `paragraph`'s trim and wrap style that break
  /// otherwise than Chromium's breaks under `key`, and how many were laid out; `measure` is
  /// expected to count each layout's lines.
  static func mismatches(paragraph: TextStyle, key: String) throws -> (layouts: Int, ids: Set<String>) {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    var layouts = 0
    var mismatches: Set<String> = []
    for row in try rows() {
      let prepared = try measurer.prepare(spans(row, trim: paragraph.textSpacingTrim), paragraph: paragraph)
      for (width, breaks) in row[key] as! [String: [Int]] {
        layouts += 1
        let layout = try prepared.layout(width: Double(width)!)
        if layout.lines.dropFirst().map(\.scalarRange.lowerBound) != breaks {
          mismatches.insert("\(row["id"]!)@\(width)")
        }
        #expect(try prepared.measure(width: Double(width)!).lineCount == layout.lines.count)
      }
    }
    return (layouts, mismatches)
  }

  @Test func breaksAreChromiums() throws {
    for trim in TextSpacingTrim.allCases {
      let (layouts, mismatches) = try Self.mismatches(
        paragraph: TextStyle(fontSize: 15, lineHeight: .fixed(21), textSpacingTrim: trim),
        key: trim == .normal ? "normal" : "spaceAll")
      #expect(layouts == 2_000)
      #expect(mismatches == Self.knownMismatches[trim], "\(trim)")
    }
  }

  /// A paragraph of one span breaks as its plain text under `normal`, and its lines are as wide
  /// (the same trims, the line ends trimmed where only that makes them fit), but for two lines
  /// exactly as wide as the limit that end before a mark trimmed after them and start after one
  /// (`tsp129@150`, `tsp248@150`: plain text's keys need a hair more there, as Chromium does; the
  /// spans' item walk fits them).
  @Test func oneSpanBreaksAsPlainText() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21), textSpacingTrim: .normal)
    var layouts = 0
    var differing: Set<String> = []
    for row in try Self.rows() {
      let text = (row["runs"] as! [[String: Any]]).map { $0["text"] as! String }.joined()
      let plain = try measurer.prepare(text, style: style)
      let attributed = try measurer.prepare([TextSpan(text, style: style)], paragraph: style)
      for width in [97.0, 150, 202, 343] {
        layouts += 1
        let lines = try attributed.layout(width: width).lines
        let plainLines = try plain.layout(width: width).lines
        if lines.map(\.scalarRange) != plainLines.map(\.scalarRange)
          || lines.map(\.width) != plainLines.map(\.width)
        {
          differing.insert("\(row["id"]!)@\(Int(width))")
        }
      }
    }
    #expect(layouts == 1_600)
    #expect(differing == ["tsp129@150", "tsp248@150"])
  }

  /// Empty spans, one or several, lay out under `normal` as under `space-all` (a fuzz finding:
  /// the trims across span boundaries trapped on a paragraph without graphemes; seed
  /// `Fuzz/Corpus/attributed/crash-empty-spans-trim`).
  @Test func emptySpansLayOutAsUnderSpaceAll() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    for count in [1, 2] {
      for text in ["", "」"] {
        var layouts: [Double] = []
        for trim in TextSpacingTrim.allCases {
          let style = TextStyle(fontSize: 15, lineHeight: .fixed(21), textSpacingTrim: trim)
          let spans =
            [TextSpan(text, style: style)] + Array(repeating: TextSpan("", style: style), count: count - 1)
          let prepared = try measurer.prepare(spans, paragraph: style)
          layouts.append(try prepared.layout(width: 100).height)
          #expect(try prepared.measure(width: 100).height == layouts.last)
        }
        #expect(layouts[0] == layouts[1], "\(count) \(text)")
      }
    }
  }

  /// `text-wrap-style` balance and pretty over spans under `normal` break as Chromium's but the
  /// known layouts: the candidates take the paragraph's positions (a mark trimmed after a
  /// segment inside a span ends that segment before it, `ItemAdvances.trimsAfter`). Before:
  /// refused; measured without `trimsAfter`, balance 1,905 and pretty 1,983 of 2,000.
  static let knownWrapMismatches: [TextWrap: Set<String>] = [
    .balance: ["tsp055@150", "tsp153@150", "tsp182@150"],
    .pretty: ["tsp182@150", "tsp344@251"],
  ]

  @Test func wrapStylesBreakAsChromiums() throws {
    for wrap in [TextWrap.balance, .pretty] {
      var paragraph = TextStyle(fontSize: 15, lineHeight: .fixed(21), textSpacingTrim: .normal)
      paragraph.textWrap = wrap
      let (layouts, mismatches) = try Self.mismatches(
        paragraph: paragraph, key: wrap == .balance ? "normalBalance" : "normalPretty")
      #expect(layouts == 2_000)
      #expect(mismatches == Self.knownWrapMismatches[wrap], "\(wrap)")
    }
  }
}
