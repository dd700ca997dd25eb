import Foundation
import Testing
import TextEngine

/// Attributed paragraphs: one style measures exactly like plain text; mixed styles break as
/// Chromium and Pango do; line heights follow the stated rule.
@Suite struct AttributedTextTests {
  static let widths = [150.0, 170, 343]

  /// Splits a text into `parts` pieces at grapheme (Character) boundaries.
  static func split(_ text: String, parts: Int) -> [String] {
    let characters = Array(text)
    guard characters.count >= parts else { return [text] }
    return (0..<parts).map { part in
      String(characters[(part * characters.count / parts)..<((part + 1) * characters.count / parts)])
    }
  }

  /// A multiple under 1 gives boxes shorter than their glyphs (a part below the baseline under
  /// 0), which a fuzzer found measured taller than the plain text (17 against 16.5 pt).
  @Test(
    "spans sharing one style measure exactly like the plain text",
    arguments: [(0, LineHeight.natural), (3, .natural), (0, .multiple(0.5625)), (3, .multiple(0.8))])
  func oneStyleIsPlainText(maxLines: Int, lineHeight: LineHeight) throws {
    let measurer = try Fixtures.measurer()
    let style = TextStyle(
      fontSize: 15, letterSpacing: 0.5, lineHeight: lineHeight, lineSpacing: 2, maxLines: maxLines)
    for row in try Fixtures.jsonLines("corpus/feed-visible.jsonl").prefix(300) {
      let text = row["text"] as! String
      let plain = try measurer.prepare(text, style: style)
      let spans = Self.split(text, parts: 3).map { TextSpan($0, style: style) }
      let rich = try measurer.prepare(spans)
      #expect(rich.unconstrainedWidth == plain.unconstrainedWidth)
      for width in Self.widths {
        #expect(try rich.measure(width: width) == plain.measure(width: width), "\(row["id"]!) @\(width)")
        let richLayout = try rich.layout(width: width)
        let plainLayout = try plain.layout(width: width)
        #expect(richLayout.breaks == plainLayout.breaks)
        #expect(richLayout.height == plainLayout.height)
        #expect(richLayout.lines.map(\.width) == plainLayout.lines.map(\.width))
        #expect(richLayout.lines.map(\.scalarRange) == plainLayout.lines.map(\.scalarRange))
      }
    }
  }

  @Test("line height: the tallest span's natural height; fixed when the paragraph says so")
  func lineHeights() throws {
    let measurer = try Fixtures.measurer()
    let body = TextStyle(fontSize: 15)
    let lead = TextStyle(fontSize: 20, weight: .bold)
    let small = TextStyle(fontSize: 11)
    let natural = { (size: Double, weight: FontWeight) in
      measurer.chain(for: weight).primary.metrics(atPointSize: size).naturalLineHeight
    }
    // Line 1 has the 20 pt lead, line 2 only 15 pt body, line 3 body and 11 pt small text.
    let text = try measurer.prepare([
      TextSpan("大标题", style: lead), TextSpan("正文\n第二行\n第三行", style: body), TextSpan("小字", style: small),
    ])
    let layout = try text.layout(width: 400)
    #expect(layout.breaks == [6, 10])
    #expect(layout.lines.map(\.height) == [natural(20, .bold), natural(15, .regular), natural(15, .regular)])
    #expect(abs(layout.height - (natural(20, .bold) + 2 * natural(15, .regular))) < 1e-9)
    #expect(try text.measure(width: 400).height == layout.height)
    let lead20 = measurer.bold.primary.metrics(atPointSize: 20)
    #expect(abs(layout.lines[0].baseline - lead20.ascender) < 1e-9)
    // Under 1× the boxes are shorter than the glyphs; a line is still the largest part above the
    // baseline plus the largest part below, however small (here below 0 for both styles).
    let tight = try measurer.prepare(text.spans, paragraph: TextStyle(lineHeight: .multiple(0.5)))
    let box = { (size: Double, weight: FontWeight) -> (above: Double, below: Double) in
      let metrics = measurer.chain(for: weight).primary.metrics(atPointSize: size)
      let height = metrics.naturalLineHeight * 0.5
      let above = metrics.ascender + (height - (metrics.ascender - metrics.descender)) / 2
      return (above, height - above)
    }
    let (leadBox, bodyBox) = (box(20, .bold), box(15, .regular))
    #expect(leadBox.below < 0 && bodyBox.below < 0)
    let tightLines = try tight.layout(width: 400).lines
    #expect(abs(tightLines[0].height - (leadBox.above + max(leadBox.below, bodyBox.below))) < 1e-9)
    #expect(abs(tightLines[1].height - natural(15, .regular) * 0.5) < 1e-9)
    // A fixed paragraph line height wins over every span.
    var paragraph = body
    paragraph.lineHeight = .fixed(24)
    paragraph.lineSpacing = 3
    let fixed = try measurer.prepare(text.spans, paragraph: paragraph)
    #expect(try fixed.measure(width: 400).height == 3 * 24 + 2 * 3)
    #expect(try fixed.layout(width: 400).lines.map(\.top) == [0, 27, 54])
  }

  /// `measure` adds the lines' heights up in the order `layout` does, so that the two agree to
  /// the bit, truncated or not (a fuzzer found `measure` taking the replaced last line's height
  /// back out of the sum, off in the last bit: 100.378 against 100.37799999999999).
  @Test("measure's height is layout's, to the bit", arguments: [0, 1, 2, 3, 4])
  func measureHeightIsLayoutHeight(maxLines: Int) throws {
    let measurer = try Fixtures.measurer()
    let body = TextStyle(fontSize: 15)
    let paragraph = TextStyle(lineSpacing: 1, maxLines: maxLines)
    let caption = "Big news today: 今天天气很好，我们去公园吧。 and then we went home again by bus, "
    for leadSize in stride(from: 11.0, through: 30, by: 0.75) {
      let lead = TextStyle(fontSize: leadSize, weight: .bold)
      let spans = [
        TextSpan(caption, style: body), TextSpan("带上🐶一起！", style: lead),
        TextSpan(caption + "again", style: TextStyle(fontSize: 16, letterSpacing: 7.5)),
        TextSpan("*", style: TextStyle(fontSize: 19.25)),
      ]
      let text = try measurer.prepare(spans, paragraph: paragraph)
      for width in Self.widths {
        let measurement = try text.measure(width: width)
        let layout = try text.layout(width: width)
        #expect(measurement.lineCount == layout.lineCount)
        #expect(measurement.truncated == layout.truncated)
        #expect(measurement.height == layout.height, "lead \(leadSize) pt @\(width)")
      }
    }
  }

  @Test func truncationTokenIsMeasuredAndPlaced() throws {
    let measurer = try Fixtures.measurer()
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21), maxLines: 2)
    let link = TextStyle(fontSize: 15, weight: .bold, lineHeight: .fixed(21))
    let text = String(repeating: "今天天气很好，我们去公园散步吧。", count: 4)
    let rich = try measurer.prepare(
      [TextSpan(text, style: style)], truncationToken: TextSpan("… 全文", style: link))
    let layout = try rich.layout(width: 200)
    let tokenWidth = try measurer.prepare("… 全文", style: link).unconstrainedWidth
    #expect(layout.truncated && layout.lineCount == 2)
    let token = try #require(layout.token)
    #expect(token.width == tokenWidth)
    #expect(token.y == 21 && token.height == 21)
    #expect(token.x + token.width <= 200 + PreparedText.fitTolerance)
    #expect(layout.lines[1].width == token.x + tokenWidth)
    // Without a token, the ellipsis of the last span's style, as plain text does.
    let plain = try measurer.prepare(text, style: style).layout(width: 200)
    let ellipsis = try measurer.prepare([TextSpan(text, style: style)]).layout(width: 200)
    #expect(ellipsis.lines.map(\.width) == plain.lines.map(\.width))
    #expect(ellipsis.lines.map(\.scalarRange) == plain.lines.map(\.scalarRange))
  }

  @Test func piecesFollowTheSpans() throws {
    let measurer = try Fixtures.measurer()
    let name = TextStyle(fontSize: 15, weight: .bold)
    let body = TextStyle(fontSize: 15)
    let text = try measurer.prepare([TextSpan("@小明: ", style: name), TextSpan("你好 world", style: body)])
    let layout = try text.layout(width: 1000)
    let pieces = text.pieces(of: layout.lines[0])
    #expect(pieces.map(\.span) == [0, 1])
    #expect(pieces.map(\.scalarRange) == [0..<5, 5..<13])
    let nameWidth = try measurer.prepare("@小明: ", style: name)
    // The second piece starts after the first one's trailing space.
    #expect(pieces[1].x > nameWidth.unconstrainedWidth)
    #expect(abs(pieces[0].width + pieces[1].width - (pieces[1].x + pieces[1].width)) < 1e-9)
  }

  /// Breaks against Chromium (`<span>`s in a `<div>`) and Pango (attribute runs) on the rich
  /// corpus, where both agree. The mismatches are listed so a change either way fails.
  @Test func richCorpusAgreesWithChromiumAndPango() throws {
    let measurer = try Fixtures.measurer()
    let paragraph = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    var agreed = 0
    var matched = 0
    var mismatches: [String] = []
    for row in try Fixtures.jsonLines("corpus/rich-visible.oracles.jsonl") {
      let id = row["id"] as! String
      let spans = (row["runs"] as! [[String: Any]]).map { run in
        TextSpan(
          run["text"] as! String,
          style: TextStyle(
            fontSize: (run["size"] as! NSNumber).doubleValue,
            weight: (run["weight"] as! NSNumber).intValue >= 600 ? .bold : .regular))
      }
      let text = try measurer.prepare(spans, paragraph: paragraph)
      for (key, engines) in row["widths"] as! [String: [String: [String: Any]]] {
        let chromium = engines["chromium"]!["breaks"] as! [Int]
        let pango = engines["pango"]!["breaks"] as! [Int]
        guard chromium == pango else { continue }
        agreed += 1
        let ours = try text.layout(width: Double(key)!).breaks
        if ours == pango { matched += 1 } else { mismatches.append("\(id)@\(key)") }
      }
    }
    mismatches.sort()
    print(
      "rich corpus: \(matched)/\(agreed) exact breaks where Chromium and Pango agree; mismatches \(mismatches)"
    )
    #expect(agreed == 1_372)
    #expect(Double(matched) >= 0.995 * Double(agreed))
    #expect(mismatches == Self.knownMismatches)
  }

  static let knownMismatches: [String] = []
}

extension AttributedTextTests {
  /// A span cut between graphemes: the next segment starts after the kerning across the
  /// opportunity, as in plain text (a fuzzed paragraph, `Fuzz/Findings/attributed/
  /// ios-span-line-width`, whose third line was 0.78 px wider as a span).
  @Test func aCutSpanKeepsTheKerningAfterIt() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .ios)
    let style = TextStyle(
      fontSize: 25.25, weight: .bold, letterSpacing: 14.75, lineHeight: .fixed(22.5), lineSpacing: 1,
      maxLines: 7,
      pixelScale: 2, language: "hi")
    let text =
      "ery/long/pat\u{FFFD}\u{0}\u{0}8\u{0}\u{0}https://exampleccccccccc\u{1}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}"
      + "6cccccccccccccccccccccc.com/a/very/long/path?witLVM_ENABLE=OFF"
    let plain = try measurer.prepare(text, style: style)
    let rich = try measurer.prepare([TextSpan(text, style: style)])
    for width in [511.8984375, 1021.796875] {
      let plainLayout = try plain.layout(width: width)
      let richLayout = try rich.layout(width: width)
      #expect(richLayout.lines.map(\.scalarRange) == plainLayout.lines.map(\.scalarRange))
      #expect(richLayout.lines.map(\.width) == plainLayout.lines.map(\.width))
    }
  }
}

extension AttributedTextTests {
  /// Advances taken down to 0 by a negative letter spacing, and kerning between segments still
  /// negative: a line of spans is never narrower than nothing (a fuzzed web paragraph measured
  /// a line −1/64 px wide).
  @Test func aLineIsNeverNegativelyWide() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    let style = TextStyle(fontSize: 1, letterSpacing: -2, pixelScale: 2)
    let spans = [
      TextSpan("\u{FFFD}\u{FFFD}\u{FFFD}\u{200D}", style: style),
      TextSpan(
        ",\u{FFFD}\u{0}\u{FFFD}DFKaiSho-SB\u{FFFD}\u{FFFD}\u{FFFD}\u{200D}👧 🇨🇳🇺\u{FFFD}2 \u{FFFD}\u{FE0F}\u{20E3}",
        style: style),
    ]
    let text = try measurer.prepare(spans, truncationToken: TextSpan("…more", style: style))
    for width in [1.0, 21, 40, 69] {
      let layout = try text.layout(width: width)
      #expect(layout.lines.allSatisfy { $0.width >= 0 }, "\(layout.lines.map(\.width)) @\(width)")
    }
  }
}

extension AttributedTextTests {
  /// A kerning pair wider than its cluster (whose advance a negative letter spacing took to 0)
  /// stops at 0: no cluster, and no piece of a line, takes negative room (a fuzzed android
  /// paragraph had a piece −0.105 px wide).
  @Test(arguments: [TextPlatform.android, .flutter, .web])
  func noPieceIsNegativelyWide(platform: TextPlatform) throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: platform)
    let style = TextStyle(fontSize: 3, letterSpacing: -4.875)
    for text in [
      "\u{FFFD}\u{FFFD}C\u{FFFD}\u{FFFD}/ex\u{FFFD}\u{0}\u{0}\u{FFFD}\u{FFFD}\u{FFFD}", "AV Ty -X r. LT",
    ] {
      let paragraph = try measurer.prepare([TextSpan(text, style: style)])
      for width in [1.0, 46, 90, 153] {
        let layout = try paragraph.layout(width: width)
        for line in layout.lines {
          #expect(line.width >= 0)
          #expect(paragraph.pieces(of: line).allSatisfy { $0.width >= 0 }, "\(text) @\(width) on \(platform)")
        }
      }
    }
  }
}

extension AttributedTextTests {
  /// On android a paragraph of one style has the heights of its plain text in every line-height
  /// mode and both styles: Compose's line height with its trimmed first and last lines,
  /// StaticLayout's spacing rounded into each line and left out under the last, font padding
  /// (a fuzzed paragraph measured 109 px as spans and 127 as plain text).
  @Test(
    arguments: [
      (LineHeight.natural, AndroidStyle.compose), (.fixed(30), .compose), (.fontSizeMultiple(1.4), .compose),
      (.multiple(1.3), .compose), (.natural, .textView), (.fixed(30), .textView), (.multiple(1.3), .textView),
    ])
  func oneStyleHasThePlainTextsHeightsOnAndroid(lineHeight: LineHeight, androidStyle: AndroidStyle) throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .android)
    let styles = [0.0, 2.5].map {
      TextStyle(fontSize: 15, lineHeight: lineHeight, lineSpacing: $0, androidStyle: androidStyle)
    }
    let rows = try Fixtures.jsonLines("corpus/multiscript-visible.jsonl").prefix(400)
    let differing = try Self.oneSpanLayoutsDiffering(from: rows, in: styles, measurer: measurer)
    #expect(differing.count == 0, "first: \(differing.prefix(3))")
  }

}

extension AttributedTextTests {
  /// Under Compose's line height every line is the paragraph's target line whatever the spans on
  /// it (`LineHeightStyleSpan`): Noto Sans CJK SC at 15 px (ascent 17, descent 4) on 30 px lines
  /// has lines of 23 (the first keeps the font's ascent), 30 and 28 (the last keeps its descent)
  /// px, a 24 px bold span included; the first baseline is 17 px down, the others 24.
  @Test func spansKeepComposesLineHeightOnAndroid() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .android)
    let paragraph = TextStyle(fontSize: 15, lineHeight: .fixed(30))
    let text = try measurer.prepare(
      [
        TextSpan("今天天气很好，我们去公园吧。", style: paragraph),
        TextSpan("今天天气很好", style: TextStyle(fontSize: 24, weight: .bold, lineHeight: .fixed(30))),
      ], paragraph: paragraph)
    let layout = try text.layout(width: 100)
    #expect(layout.lines.count >= 3)
    #expect(layout.lines.first?.height == 23)
    #expect(layout.lines.dropFirst().dropLast().allSatisfy { $0.height == 30 })
    #expect(layout.lines.last?.height == 28)
    #expect(layout.height == Double(23 + 30 * (layout.lines.count - 2) + 28))
    #expect(try text.measure(width: 100).height == layout.height)
    #expect(layout.lines[0].baseline == 17)
    #expect(layout.lines[1].baseline == layout.lines[1].top + 24)
  }
}

extension AttributedTextTests {
  /// A word in two fonts cut between graphemes: each line holds only its own part's fonts, and a
  /// truncated last line is as tall as the line it replaces, as in plain text (a fuzzed android
  /// paragraph measured 633 px as a span and 631 as plain text).
  @Test(arguments: [TextPlatform.android, .web])
  func aCutWordInTwoFontsHasThePlainTextsHeights(platform: TextPlatform) throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: platform)
    let text = "abcdefghijklmnopqrstuvwxyzकखगघङचछजझञटठडढण"
    var differing: [String] = []
    var heights = Set<Double>()
    for maxLines in [0, 2, 3] {
      let style = TextStyle(fontSize: 15, lineSpacing: 3, maxLines: maxLines)
      let plain = try measurer.prepare(text, style: style)
      let rich = try measurer.prepare([TextSpan(text, style: style)], paragraph: style)
      for width in [40.0, 60, 90] {
        let plainLayout = try plain.layout(width: width)
        let richLayout = try rich.layout(width: width)
        heights.formUnion(plainLayout.lines.map(\.height))
        let sameMeasure = try rich.measure(width: width).height == plain.measure(width: width).height
        if richLayout.breaks != plainLayout.breaks || richLayout.height != plainLayout.height
          || richLayout.lines.map(\.height) != plainLayout.lines.map(\.height) || !sameMeasure
        {
          differing.append("\(maxLines) lines @\(width)")
        }
      }
    }
    #expect(heights.count > 1, "lines of one font and of two differ in height")
    #expect(differing.count == 0, "\(differing)")
  }
}

extension AttributedTextTests {
  /// A paragraph of one style lays out as its plain text on every platform: the same breaks and
  /// heights, line widths to the last bit (on the web to 1/64 px, where a line holds parts of
  /// right-to-left items). Hard breaks end the web's items; a web line ending inside a kerning
  /// pair fits with its last cluster reshaped; flutter's line after a cut word measures from its
  /// own start.
  @Test(arguments: [TextPlatform.web, .flutter, .android, .ios])
  func oneStyleLaysOutAsPlainText(platform: TextPlatform) throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: platform)
    var rows = try Fixtures.jsonLines("corpus/multiscript-visible.jsonl").prefix(500)
    rows += try Fixtures.jsonLines("corpus/feed-visible.jsonl").prefix(200)
    let differing = try Self.oneSpanLayoutsDiffering(
      from: rows, in: [0.0, 0.5].map { TextStyle(fontSize: 15, letterSpacing: $0) }, measurer: measurer,
      widthTolerance: platform == .web ? 1.0 / 64 : 0)
    #expect(differing.count == 0, "first: \(differing.prefix(3))")
  }

  /// A web paragraph of two spans and 100,000 segments on one line (an unconstrained width, a
  /// wide one, balanced) is measured in one walk over its items: the line's width was taken from
  /// its start for every segment, hours for this paragraph.
  @Test(arguments: [TextWrap.auto, .balance, .pretty])
  func aLongLineOfSpansIsMeasuredInOneWalk(wrap: TextWrap) throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    let words = String(repeating: "word 字 ", count: 25_000)
    let spans = [
      TextSpan(words, style: TextStyle(fontSize: 15, textWrap: wrap)),
      TextSpan(words, style: TextStyle(fontSize: 17, weight: .bold, textWrap: wrap)),
    ]
    let rich = try measurer.prepare(spans)
    for width in [Double.infinity, 10_000_000, 3_000_000] {
      let layout = try rich.layout(width: width)
      #expect(try rich.measure(width: width).lineCount == layout.lineCount)
      #expect(layout.lineCount <= 2)
      #expect(layout.lines.first?.scalarRange.lowerBound == 0)
    }
  }

  /// Under `text-wrap-style: balance` and `pretty` (the web), a paragraph of one style breaks as
  /// its plain text: the spans' candidates (their items' character positions) are the plain
  /// text's line keys.
  @Test func oneStyleWrapsAsPlainTextOnTheWeb() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    var rows = try Fixtures.jsonLines("corpus/multiscript-visible.jsonl").prefix(300)
    rows += try Fixtures.jsonLines("corpus/feed-visible.jsonl").prefix(300)
    let styles = [TextWrap.balance, .pretty].flatMap { wrap in
      [0.0, 0.5].map { TextStyle(fontSize: 15, letterSpacing: $0, textWrap: wrap) }
    }
    let differing = try Self.oneSpanLayoutsDiffering(
      from: rows, in: styles, measurer: measurer, widthTolerance: 1.0 / 64)
    #expect(differing.count == 0, "first: \(differing.prefix(3))")
  }

  /// On ios, one style has the plain text's heights to the last bit in every line-height mode:
  /// a multiple of the natural height (`Fuzz/Findings/attributed/ios-multiple-height-last-bit`:
  /// 36 pt at 0.0625, 3.257999999999999 pt as plain text for 3.258) and of the font size (which
  /// spans took as the natural height).
  @Test func oneStyleHasThePlainTextsHeightsOnIOS() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .ios)
    let rows = try Fixtures.jsonLines("corpus/multiscript-visible.jsonl").prefix(100)
    let modes: [LineHeight] = [
      .natural, .multiple(0.0625), .multiple(1.37), .fontSizeMultiple(1.3), .fixed(19.5),
    ]
    let styles = [15.0, 36].flatMap { size in modes.map { TextStyle(fontSize: size, lineHeight: $0) } }
    let differing = try Self.oneSpanLayoutsDiffering(from: rows, in: styles, measurer: measurer)
    #expect(differing.count == 0, "first: \(differing.prefix(3))")
    let finding = "Moub\u{FFFD}\u{FFFD}0\u{0}\u{0}\u{FFFD}Ra\u{FFFD}m"
    let style = TextStyle(fontSize: 36, lineHeight: .multiple(0.0625), maxLines: 1)
    #expect(
      try measurer.prepare([TextSpan(finding, style: style)]).measure(width: 60).height
        == measurer.prepare(finding, style: style).measure(width: 60).height)
  }

  /// The rows (with their `id`, style and width) whose text as one span lays out otherwise than
  /// as plain text at `widths`: breaks, heights (total, each line's, `measure`'s) or line widths
  /// (beyond the last bit and `widthTolerance`).
  static func oneSpanLayoutsDiffering(
    from rows: ArraySlice<[String: Any]>, in styles: [TextStyle], measurer: TextMeasurer,
    widthTolerance: Double = 0
  ) throws -> [String] {
    var differing: [String] = []
    for (index, style) in styles.enumerated() {
      for row in rows {
        let text = row["text"] as! String
        let plain = try measurer.prepare(text, style: style)
        let rich = try measurer.prepare([TextSpan(text, style: style)], paragraph: style)
        for width in widths {
          let plainLayout = try plain.layout(width: width)
          let richLayout = try rich.layout(width: width)
          let widthsAgree = zip(plainLayout.lines, richLayout.lines).allSatisfy {
            abs($0.width - $1.width) <= widthTolerance + 1e-9 * max(1, $0.width)
          }
          let sameMeasure = try rich.measure(width: width).height == plain.measure(width: width).height
          if richLayout.breaks != plainLayout.breaks || richLayout.height != plainLayout.height
            || richLayout.lines.map(\.height) != plainLayout.lines.map(\.height) || !widthsAgree
            || !sameMeasure
          {
            differing.append("\(row["id"]!) @\(width) style \(index)")
          }
        }
      }
    }
    return differing
  }

  /// Chromium breaks `行の間隔の値を保持している TreeModel の列` at 150 px after 9 characters:
  /// the tenth ends inside a kerning pair (`てい`), and reshaped alone it no longer fits.
  @Test func aWebSpanEndingInsideAKerningPairIsReshaped() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    let text = "行の間隔の値を保持している TreeModel の列"
    let rich = try measurer.prepare([TextSpan(text, style: TextStyle(fontSize: 15))])
    #expect(try rich.layout(width: 150).breaks == [9, 24])
  }

  /// A line ending inside a kerning pair whose last cluster is a segment of its own after
  /// another pair (`し|て|く`: kerning across both opportunities) fits that cluster reshaped
  /// alone from where it starts, after the kerning before it, as plain text's keys do, not from
  /// where the cluster before it ends. Chromium 156 breaks this at [71], its first line
  /// 436.266 px wide; the span broke at [70]. (Found by the same comparison that reproduces
  /// `crash-web-span-negative-spacing-hyphen`; under a negative letter spacing more lines end so.)
  @Test func aWebSpanEndingInsideAKerningPairAfterAnotherFitsFromItsLastClustersStart() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    let text = "International Standard Recording Code - http://www.ifpi.org/isrc/ を参照してください"
    let style = TextStyle(fontSize: 12.25)
    let plain = try measurer.prepare(text, style: style).layout(width: 436.4015625)
    let span = try measurer.prepare([TextSpan(text, style: style)]).layout(width: 436.4015625)
    #expect(plain.breaks == [71])
    #expect(span.breaks == [71])
    #expect(span.lines.first?.width == 436.265625)
  }
}

extension AttributedTextTests {
  /// A truncated line shows more of the text than the line it replaces (the token's room
  /// filled with graphemes); it is as tall as that line with the token, as plain text's, not
  /// as the fonts of the text it shows (a fuzzed 1 px android paragraph measured 2 px as spans
  /// and 1 px as plain text).
  @Test(arguments: [TextPlatform.android, .web, .flutter])
  func aTruncatedLineIsAsTallAsTheLineItReplaces(platform: TextPlatform) throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: platform)
    let style = TextStyle(fontSize: 1, maxLines: 1, language: "th")
    let spans = [
      TextSpan("\u{0}👨\u{2008}好\u{FFFD}\u{0}👨\u{2008}好，", style: style),
      TextSpan("(\u{0}ด\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}", style: style),
    ]
    let rich = try measurer.prepare(spans)
    let plain = try measurer.prepare(spans.map(\.text).joined(), style: style)
    for width in [21.0, 40, 68] {
      let richLayout = try rich.layout(width: width)
      let plainLayout = try plain.layout(width: width)
      #expect(richLayout.truncated == plainLayout.truncated)
      #expect(richLayout.height == plainLayout.height, "@\(width)")
      #expect(try rich.measure(width: width).height == richLayout.height)
    }
  }
}

extension AttributedTextTests {
  /// A truncated line holds the ellipsis, set in the primary font: on flutter, where a line is
  /// only as tall as the runs on it, a line of Hebrew (Noto Sans Hebrew at 20 px: 21.36 above,
  /// 5.84 below) grows to the primary font's 23.2 above, as spans and as plain text (a fuzzed
  /// paragraph measured 86 px as spans and 81 as plain text).
  @Test func aTruncatedLineHoldsTheEllipsisFont() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .flutter)
    let text = "שלוםעולםשלוםעולםשלוםעולםשלוםעולם"  // one word: every grapheme in Noto Sans Hebrew
    let plain = try measurer.prepare(text, style: TextStyle(fontSize: 20, maxLines: 1))
    let rich = try measurer.prepare([TextSpan(text, style: TextStyle(fontSize: 20, maxLines: 1))])
    let whole = try measurer.prepare(text, style: TextStyle(fontSize: 20))
    let layout = try plain.layout(width: 100)
    #expect(layout.truncated)
    #expect(try whole.layout(width: 100).lines[0].height == 27)  // 21.36 + 5.84, rounded
    #expect(layout.height == 29)  // 23.2 + 5.84, rounded
    #expect(try rich.layout(width: 100).height == layout.height)
    #expect(try plain.measure(width: 100).height == layout.height)
    #expect(try rich.measure(width: 100).height == layout.height)
  }

}

extension AttributedTextTests {
  /// On flutter a hard break adds no box to its line, and a line of hard breaks alone takes the
  /// primary font's (its span's), as in plain text: a word of Latin (the primary font) and Hebrew
  /// cut between graphemes, its last line Hebrew and a hard break, is 27 px tall (Noto Sans
  /// Hebrew alone), the empty line after it 29 (the primary font; a fuzzed paragraph measured
  /// 902 px as spans and 896 as plain text).
  @Test func aHardBreakAddsNoBoxOnFlutter() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .flutter)
    let style = TextStyle(fontSize: 20)
    let text = "abcdefghijklmnopשלוםשלוםשלום\n\nשלום"
    var heights = Set<Double>()
    for width in [60.0, 80, 100, 120] {
      let plain = try measurer.prepare(text, style: style).layout(width: width)
      let rich = try measurer.prepare([TextSpan(text, style: style)]).layout(width: width)
      heights.formUnion(plain.lines.map(\.height))
      #expect(rich.lines.map(\.height) == plain.lines.map(\.height), "@\(width)")
      #expect(rich.height == plain.height)
    }
    #expect(heights.isSuperset(of: [27, 29]))
  }

}

extension AttributedTextTests {
  /// On flutter a space that does not fit ends its line only inside a segment, as in plain text:
  /// a thin space carrying a combining mark (`U+2009 U+059F`) as a segment's last content
  /// grapheme does not (spans broke a fuzzed paragraph after it, plain text before the segment).
  @Test func aSpaceEndingASegmentsContentDoesNotEndALineOnFlutter() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .flutter)
    let style = TextStyle(fontSize: 29.75, lineHeight: .fixed(20))
    let text =
      "\u{0}\u{0}\u{37D1}\u{0}\u{FFFD} \u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{2009}\u{059F}\u{FFFD}\u{FFFD} x"
    let plain = try measurer.prepare(text, style: style).layout(width: 37.875)
    let rich = try measurer.prepare([TextSpan(text, style: style)]).layout(width: 37.875)
    #expect(plain.breaks.starts(with: [4, 6]))
    #expect(rich.breaks == plain.breaks)
  }
}

extension AttributedTextTests {
  /// On the web a line that starts with the tail of a word cut between graphemes fits its whole
  /// segments by the item's snapped positions, as plain text's keys do, not by an unsnapped sum
  /// (a fuzzed span fitted `-WIN-W` in 676.615 px of 676.6; plain text broke before it).
  @Test func aWebLineAfterACutWordFitsOnTheGrid() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    let style = TextStyle(fontSize: 18, letterSpacing: 11.5, lineHeight: .fixed(24))
    let text =
      String(repeating: "\\", count: 28) + "\u{FFFD}" + String(repeating: "\\", count: 8)
      + "\u{FFFD}\u{FFFD}Optional(\u{0} \u{E14}\u{FFFD}rl-W6-WIN-WWIN-W3-W"
    let plain = try measurer.prepare(text, style: style).layout(width: 676.6)
    let rich = try measurer.prepare([TextSpan(text, style: style)]).layout(width: 676.6)
    #expect(plain.breaks == [35, 62])
    #expect(rich.breaks == plain.breaks)
  }
}

extension AttributedTextTests {
  /// Fuzzed web paragraphs of one span lay out as their plain text: a piece of a cut word and a
  /// line after one measure as the span's (to 1/64 px, as the fuzz target compares), each bidi
  /// item's positions rounded up from its own start inside the word
  /// (`Fuzz/Findings/attributed/web-cut-line-width`, `web-cut-piece-rtl`); a word exactly as wide
  /// as the line once snapped but wider exactly is cut in a span as in plain text
  /// (`web-cut-tail-fit`: Blink's tie rule); `balance` bisects from the same line widths
  /// (`web-balance-line-width`: a span's line measured to the end of its last grapheme, plain
  /// text's to the start of the next, with a tab and letter spacing −4.875 px between them); a
  /// cut word whose segment starts inside a kerning pair is measured on the grid in plain text too
  /// (`web-cut-reshaped-start`: 502.699 px for the span's 502.71875); a span's line starting
  /// before its item's start (negative kerning across the opportunity before it, every advance 0
  /// under −2 px letter spacing) is measured from that start rounded up, as plain text
  /// (`web-span-negative-start`: 18.953125 px as a span, 19 as plain text); a line that starts
  /// with a cut word's tail inside a bidi item and goes on past the item is as wide as a span's
  /// in plain text too, and fits at a tie (`web-bidi-plain-fewer-lines`: 510.4375 px as plain
  /// text, 510.453125 as the span, breaking it one line later at 510.425 px;
  /// `web-bidi-cut-tail-tie`: 90.015625 px at 90, a tie the span broke before); soft hyphens
  /// whose hyphen does not fit, cut in the room less it (`web-soft-hyphen-*`, reduced in
  /// `WebSoftHyphensTests.fuzzFindingsBreakAlikeAsSpansAndPlainText`); a dash a cut word's tail
  /// starts a line with, joined with the letter after it (`web-join-*`, reduced in
  /// `WebWordInitialHyphensTests.joinedDashesBreakAlikeAsSpansAndPlainText`).
  @Test(arguments: [
    "web-cut-line-width", "web-cut-piece-rtl", "web-cut-tail-fit", "web-balance-line-width",
    "web-cut-reshaped-start", "web-span-negative-start", "web-bidi-plain-fewer-lines",
    "web-bidi-cut-tail-tie", "web-soft-hyphen-letter-spacing-cut",
    "web-soft-hyphen-letter-spacing-wider-line",
    "web-soft-hyphen-spans-cut-after-fix", "web-join-dash-kerned-width", "web-join-dash-kerned-width-AV-T",
    "web-join-dash-kerned-width-spacing", "web-join-soft-hyphen-digits", "web-join-soft-hyphen-line-too-wide",
    "web-join-soft-hyphen-paragraph-end", "web-join-after-pair-break-double-hyphen",
    "web-join-after-pair-break-question",
  ])
  func aFuzzedWebSpanLaysOutAsItsPlainText(finding: String) throws {
    let url = Fixtures.directory.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fuzz/Findings/attributed/\(finding)")
    // The fuzz input (Fuzz/Sources/FuzzAttributed): width, flags, line height, platform, then one
    // span's 3 style bytes and its text.
    let bytes = Array(try Data(contentsOf: url))
    let width = Double(Int(bytes[0]) << 8 | Int(bytes[1])) / 64 + 0.25
    let (flags, heightCode, header) = (bytes[2], bytes[3], bytes[5...7].map { $0 })
    let lineHeight: LineHeight =
      switch heightCode >> 6 {
      case 0: .natural
      case 1: .fixed(Double(heightCode & 0x3F) / 2)
      case 2: .multiple(Double(heightCode & 0x3F) / 16)
      default: .fontSizeMultiple(Double(heightCode & 0x3F) / 16)
      }
    let languages = ["", "en", "zh-Hans", "ja", "ar", "he", "th", "hi"]
    let style = TextStyle(
      fontSize: Double(header[0]) / 4 + 1, weight: header[1] & 1 == 0 ? .regular : .bold,
      letterSpacing: Double(Int8(bitPattern: header[2])) / 8, lineHeight: lineHeight,
      lineSpacing: Double(flags >> 6), maxLines: Int(flags & 7), pixelScale: flags & 32 == 0 ? nil : 2,
      language: languages[Int(header[1] >> 1) % languages.count],
      textWrap: [TextWrap.auto, .balance, .pretty, .auto][Int(header[1] >> 4) & 3])
    // (With tabs, plain bidi text measures lines past a tab up to 1/32 px apart from spans, which
    // measure them as Chromium: the findings' tabs are spaces here.)
    let text = String(decoding: bytes[8...], as: UTF8.self).replacingOccurrences(of: "\t", with: " ")
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    let plain = try measurer.prepare(text, style: style)
    let rich = try measurer.prepare([TextSpan(text, style: style)])
    for lineWidth in [width, width * 0.5 + 1, width * 1.7] {
      let plainLines = try plain.layout(width: lineWidth).lines
      let richLines = try rich.layout(width: lineWidth).lines
      #expect(
        plainLines.map(\.scalarRange) == richLines.map(\.scalarRange),
        "\(lineWidth): \(plainLines.map { "\($0.scalarRange) \($0.width)" }) \(richLines.map { "\($0.scalarRange) \($0.width)" })"
      )
      #expect(
        zip(plainLines, richLines).allSatisfy { abs($0.width - $1.width) <= 1.0 / 64 },
        "\(plainLines.map(\.width)) \(richLines.map(\.width))")
    }
  }

  /// On the web, the pieces of a word cut between graphemes, and a line that starts with the
  /// tail of one, are as wide as Blink's snapped part of the item (`SnappedWidth`), on the
  /// LayoutUnit grid, in plain text as in a span: feed texts at widths that cut their longer
  /// words (with and without letter spacing), where both measured pieces by their exact widths
  /// and plain text a line after a tail from the tail's exact width (a fuzzed paragraph,
  /// `Fuzz/Findings/attributed/web-cut-line-width`: 82.6593 px for 82.6875).
  @Test func aWebLineAfterACutWordIsOnTheGrid() throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: .web)
    let rows = try Fixtures.jsonLines("corpus/feed-visible.jsonl").prefix(400)
    var differing: [String] = []
    var offGrid: [String] = []
    var cutLines = 0
    for letterSpacing in [0.0, 0.5] {
      let style = TextStyle(fontSize: 15, letterSpacing: letterSpacing)
      for row in rows {
        let text = row["text"] as! String
        let plain = try measurer.prepare(text, style: style)
        let rich = try measurer.prepare([TextSpan(text, style: style)])
        for width in [37.5, 61.25, 90] {
          let plainLayout = try plain.layout(width: width)
          let richLayout = try rich.layout(width: width)
          let id = "\(row["id"]!) @\(width) spacing \(letterSpacing)"
          guard plainLayout.breaks == richLayout.breaks else {
            differing.append(id)
            continue
          }
          if plainLayout.lines.map(\.width) != richLayout.lines.map(\.width) { differing.append(id) }
          // Every line is on the grid: whole segments, pieces of a cut word, the tail of one.
          let opportunities = try measurer.lineBreakOpportunities(in: text).map(\.offset)
          for (index, line) in plainLayout.lines.enumerated() {
            if index > 0 && !opportunities.contains(line.scalarRange.lowerBound) { cutLines += 1 }
            if (line.width * 64).rounded() != line.width * 64 {
              offGrid.append("\(id) line \(index): \(line.width)")
            }
          }
        }
      }
    }
    #expect(cutLines > 100)
    #expect(differing.isEmpty, "\(differing.count): \(differing.prefix(3))")
    #expect(offGrid.isEmpty, "\(offGrid.count): \(offGrid.prefix(3))")
  }
}

extension AttributedTextTests {
  /// Where a negative letter spacing takes positions back (a hyphen's and a letter's advances
  /// taken to 0, the kerning after the hyphen still negative, so a later segment's content ends
  /// before an earlier one's), a paragraph of one span finds its lines as its plain text's line
  /// finder does: by the binary search over where the segments' content ends, which may take a
  /// segment that does not fit on its own when a later one ends within the line again, not by
  /// stopping at the first segment that does not fit. Fuzz finding
  /// `Fuzz/Corpus/attributed/crash-web-span-negative-spacing-hyphen`: at 1.6953125 px the span
  /// broke at [2] (lines 1 and 0.78 px), its plain text stays one line 1.546875 px wide. (ios
  /// measures prefix sums the same way and broke the same.)
  @Test(arguments: [TextPlatform.web, .ios])
  func oneSpanWhosePositionsFallBackBreaksAsItsPlainText(platform: TextPlatform) throws {
    let measurer = try BundledFonts.measurer(systemFonts: false, platform: platform)
    let fuzzed = "\u{FFFD}-S\u{FFFD}-S U"
    let wraps: [TextWrap] = platform == .web ? [.auto, .balance, .pretty] : [.auto]
    for wrap in wraps {
      let style = TextStyle(
        fontSize: 12.25, letterSpacing: -11.25, lineHeight: .fixed(26), lineSpacing: 1, maxLines: 6,
        pixelScale: 2, language: "ja", textWrap: wrap)
      let plain = try measurer.prepare(fuzzed, style: style)
      let spans = try measurer.prepare([TextSpan(fuzzed, style: style)])
      if platform == .web {
        let layout = try spans.layout(width: 1.6953125)
        #expect(layout.breaks == [], "\(wrap)")
        #expect(layout.lines.map(\.width) == [1.546875], "\(wrap)")
      }
      // Every width up to where the text fits whole, and longer texts whose lines fall back
      // inside them.
      for text in [fuzzed, "\(fuzzed) \(fuzzed) a-b-c \(fuzzed)"] {
        let plain = text == fuzzed ? plain : try measurer.prepare(text, style: style)
        let spans = text == fuzzed ? spans : try measurer.prepare([TextSpan(text, style: style)])
        for step in 1...256 {
          let width = Double(step) / 64
          let expected = try plain.layout(width: width)
          let layout = try spans.layout(width: width)
          #expect(layout.breaks == expected.breaks, "\(wrap) \(text.count) @\(width)")
          #expect(layout.height == expected.height, "\(wrap) \(text.count) @\(width)")
          #expect(try spans.measure(width: width).lineCount == expected.lines.count)
          let widths = zip(layout.lines, expected.lines).map { abs($0.width - $1.width) }
          #expect(widths.allSatisfy { $0 <= (platform == .web ? 1.0 / 64 : 0) }, "\(wrap) @\(width)")
        }
      }
    }
  }
}
