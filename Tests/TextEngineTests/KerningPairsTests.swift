import Testing

@testable import TextEngine

/// Kerning across break opportunities: segments are shaped apart, clients shape whole runs.
/// Expected figures come from HarfBuzz (`uharfbuzz`) on Debian's Noto Sans CJK SC and from
/// Chromium 156 (`chromium_lines.py`, isolated fonts, hinting off).
struct KerningPairsTests {
  static let chain = [
    "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Thai", "Noto Sans Devanagari",
    "Noto Sans CJK SC", "Noto Color Emoji",
  ]

  static func measurer(_ platform: TextPlatform) throws -> TextMeasurer {
    try PlatformCorpusTests.measurer(chain: chain, platform: platform)
  }

  static func shaper() throws -> SegmentShaper {
    try measurer(.web).shaper(weight: .regular, language: "")
  }

  @Test func aKanaPairAcrossABreakOpportunityIsKerned() throws {
    // HarfBuzz: し 970 units before て (1000 alone); ー 940 before ザ... and no pair in 使用.
    let shaper = try Self.shaper()
    #expect(abs(KerningPairs.shapedDelta(0x3057, 0x3066, shaper: shaper) + 0.030) < 1e-12)
    #expect(abs(KerningPairs.shapedDelta(0x30FC, 0x30B6, shaper: shaper) + 0.020) < 1e-12)
    #expect(KerningPairs.shapedDelta(0x4F7F, 0x7528, shaper: shaper) == 0)
    // Two fonts: never kerned together.
    #expect(KerningPairs.shapedDelta(0x0041, 0x3066, shaper: shaper) == 0)
  }

  @Test func theCommonPathShapesPairsAsShapeDoes() throws {
    // Kana, ideographs, Latin, digits, punctuation, Greek and Cyrillic in the CJK font and in
    // Noto Sans: the short path's width is `shape`'s, to the last bit, or it declines.
    let shaper = try Self.shaper()
    let samples: [[UInt32]] = [
      [0x3057, 0x3066], [0x30FC, 0x30B6], [0x30C3, 0x30AF], [0x4F7F, 0x7528], [0x2D, 0x58], [0x41, 0x56],
      [0x31, 0x2C], [0x300C, 0x3042], [0x3002, 0x300D], [0x3B1, 0x3B2], [0x416, 0x43A], [0x41, 0x3066],
      [0x3057], [0x58], [0xFF08, 0x30A2], [0x1F600, 0x41],
    ]
    var taken = 0
    for scalars in samples {
      let shaped = scalars.withUnsafeBufferPointer { shaper.shape($0, isRightToLeft: false) }
      guard let simple = scalars.withUnsafeBufferPointer({ shaper.simpleWidthEm($0) }) else { continue }
      taken += 1
      #expect(simple == shaped.graphemeWidthsEm.reduce(0, +), "\(scalars.map { String($0, radix: 16) })")
      #expect(shaped.fontMask.rawValue & (shaped.fontMask.rawValue &- 1) == 0)
    }
    #expect(taken >= 12)
    // Where the short path says two fonts, `shape` uses two.
    for scalars in samples where scalars.count == 2 && shaper.setsInTwoFonts(scalars[0], scalars[1]) {
      let shaped = scalars.withUnsafeBufferPointer { shaper.shape($0, isRightToLeft: false) }
      #expect(shaped.fontMask.rawValue.nonzeroBitCount == 2, "\(scalars.map { String($0, radix: 16) })")
    }
    #expect(shaper.setsInTwoFonts(0x41, 0x3066))
    #expect(!shaper.setsInTwoFonts(0x3057, 0x3066))
    // Two fonts, or an emoji: left to `shape`.
    #expect([0x41, 0x3066].withUnsafeBufferPointer { shaper.simpleWidthEm($0) } == nil)
    #expect([0x1F600, 0x41].withUnsafeBufferPointer { shaper.simpleWidthEm($0) } == nil)
  }

  @Test func onlyScalarsInAPairAreLookedUp() throws {
    // GPOS `kern` in Noto Sans CJK covers kana (し starts し|て), not ideographs (使).
    let measurer = try Self.measurer(.web)
    let fonts = measurer.regular.fonts
    let cjk = try #require(fonts.first { $0.familyName == "Noto Sans CJK SC" })
    #expect(cjk.kerningScalars.contains(0x3057))
    #expect(!cjk.kerningScalars.contains(0x4F7F))
    let latin = try #require(fonts.first { $0.familyName == "Noto Sans" })
    #expect(latin.kerningScalars.contains(0x2D))  // `-X`
    #expect(latin.kerningScalars.contains(0x58))
    // No Noto font kerns a class-based pair's class 0, so pairs are checked at both ends.
    #expect(fonts.allSatisfy { !$0.kernsOtherSeconds })
    #expect(KerningPairs(chain: measurer.regular).checksSeconds)
  }

  @Test func aPairAcrossScriptRunsIsNotKerned() {
    // `'` after Katakana and a space continues the Hiragana run; `m` starts a Latin one.
    let codes = Array("プ 'm".unicodeScalars.map(\.value))
    codes.withUnsafeBufferPointer { codes in
      #expect(KerningPairs.scriptBefore(codes, 3, joinsKana: true) == 20)
      #expect(!KerningPairs.inOneScriptRun(codes, before: 3, joinsKana: true))
    }
    let kana = Array("メール".unicodeScalars.map(\.value))
    kana.withUnsafeBufferPointer { #expect(KerningPairs.inOneScriptRun($0, before: 2, joinsKana: true)) }
  }

  /// Blink runs Katakana with Hiragana; SkShaper ends a run where `hb_unicode_script` changes, so
  /// `ーで` (−0.9 px in Noto Sans CJK SC) is kerned in `ユーザーで` on the web, not on flutter.
  /// skia-python 144: `ユーザーである` 104.551 px, `ーで` alone 29.1.
  @Test func kanaJoinOneScriptRunOnlyOnTheWeb() throws {
    let codes = Array("ユーザーで".unicodeScalars.map(\.value))
    codes.withUnsafeBufferPointer { codes in
      #expect(KerningPairs.inOneScriptRun(codes, before: 4, joinsKana: true))
      #expect(!KerningPairs.inOneScriptRun(codes, before: 4, joinsKana: false))
      #expect(KerningPairs.inOneScriptRun(codes, before: 3, joinsKana: false))
    }
    let measurer = try PlatformCorpusTests.measurer(
      chain: ["Noto Sans", "Noto Sans CJK SC"], platform: .flutter)
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    let width = { (text: String) in try measurer.layout(text, style: style, width: .infinity).lines[0].width }
    #expect(abs(try width("ユーザーである") - 104.551) < 0.001)
    #expect(abs(try width("ーで") - 29.1) < 0.001)
  }

  @Test func webLineWidthsHoldTheKerningOfTheWholeRun() throws {
    // Chromium: ユーザ 44.703 (ー|ザ −20 units), グループ 59.109 (ー|プ −60).
    let measurer = try Self.measurer(.web)
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    #expect(try measurer.layout("ユーザ", style: style, width: 1_000).lines[0].width == 44.703125)
    #expect(try measurer.layout("グループ", style: style, width: 1_000).lines[0].width == 59.109375)
  }

  @Test func webReshapesALineEndInsideAPairAndFlutterKeepsIt() throws {
    // 印刷する時間を指定|し|て: with し's kerning the first ten clusters are 149.55 px; Blink
    // reshapes し alone at the line end (15.000107 px from the LayoutUnit 135.015625), which
    // does not fit 150 px; SkParagraph keeps the kerned width and fits it.
    let text = "印刷する時間を指定してください"
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    let web = try Self.measurer(.web).layout(text, style: style, width: 150)
    #expect(web.breaks == [9])
    let flutter = try Self.measurer(.flutter).layout(text, style: style, width: 150)
    #expect(flutter.breaks == [10])
  }

  @Test func webLineStartingInsideAPairLosesTheTieAtTheLimit() throws {
    // Chromium breaks mv00013 before 使: the line starts at こ, inside に|こ (−20 units), so
    // the ten clusters whose rounded width is exactly 150 + 1/64 px do not fit.
    let text = "-j, --jobs=NUM               インデックス再構築にこの数の並列接続を使用"
    let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
    let layout = try Self.measurer(.web).layout(text, style: style, width: 150)
    #expect(layout.breaks == [29, 39, 48])
  }
}
