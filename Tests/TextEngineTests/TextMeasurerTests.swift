import Testing

@testable import TextEngine

/// The measurer's shared segment caches across languages: a segment shaped for one language is
/// never reused for another (HarfBuzz's `locl` forms may differ), and no input grows the
/// language table without bound.
@Suite struct TextMeasurerTests {
  static let text = "今天天气很好，我们去公园吧。Hello, world"

  /// A new measurer over the bundled fonts (`Fixtures.measurer()` is shared by every test).
  static func newMeasurer() throws -> TextMeasurer {
    TextMeasurer(
      regular: try BundledFonts.regularChain(), bold: try BundledFonts.boldChain(), systemFonts: false)
  }

  /// Each language gets its own cached segments; a language seen before hits them.
  @Test func segmentsAreCachedPerLanguage() throws {
    let measurer = try Self.newMeasurer()
    _ = try measurer.prepare(Self.text, style: TextStyle(language: "ja"))
    let afterJapanese = measurer.cachedSegmentCount
    #expect(afterJapanese > 0)
    _ = try measurer.prepare(Self.text, style: TextStyle(language: "zh-Hans"))
    #expect(measurer.cachedSegmentCount == 2 * afterJapanese)
    _ = try measurer.prepare(Self.text, style: TextStyle(language: "ja"))
    _ = try measurer.prepare(Self.text, style: TextStyle(language: "zh-Hans"))
    #expect(measurer.cachedSegmentCount == 2 * afterJapanese)
    _ = try measurer.prepare(Self.text, style: TextStyle())
    #expect(measurer.cachedSegmentCount == 3 * afterJapanese)
  }

  /// A text measures the same from a measurer that has seen other languages as from a new one.
  @Test(arguments: ["", "en", "ja", "zh-Hans", "zh-Hant", "ko"])
  func aLanguageMeasuresAsInANewMeasurer(language: String) throws {
    let shared = try Self.newMeasurer()
    for other in ["ja", "zh-Hant", "", "ko", "en", "zh-Hans"] where other != language {
      _ = try shared.prepare(Self.text, style: TextStyle(language: other))
    }
    let style = TextStyle(language: language)
    let fresh = try Self.newMeasurer().prepare(Self.text, style: style)
    let reused = try shared.prepare(Self.text, style: style)
    #expect(reused.unconstrainedWidth == fresh.unconstrainedWidth)
    #expect(try reused.layout(width: 120).lines == fresh.layout(width: 120).lines)
  }

  /// Past `maximumCachedLanguages` languages, texts are still measured, without the shared
  /// caches (which stop growing).
  @Test func languagesBeyondTheLimitAreMeasuredWithoutTheSharedCaches() throws {
    let measurer = try Self.newMeasurer()
    for number in 0..<TextMeasurer.maximumCachedLanguages {
      _ = try measurer.prepare("a", style: TextStyle(language: "x-l\(number)"))
    }
    let count = measurer.cachedSegmentCount
    #expect(count == TextMeasurer.maximumCachedLanguages)
    let beyond = try measurer.prepare(Self.text, style: TextStyle(language: "x-beyond"))
    #expect(measurer.cachedSegmentCount == count)
    let fresh = try Self.newMeasurer().prepare(Self.text, style: TextStyle(language: "x-beyond"))
    #expect(beyond.unconstrainedWidth == fresh.unconstrainedWidth)
  }

  /// Spellings of one language (case, `_` for `-`) shape alike and share cache entries.
  @Test func spellingsOfALanguageShareTheirSegments() throws {
    let measurer = try Self.newMeasurer()
    let canonical = try measurer.prepare(Self.text, style: TextStyle(language: "zh-hant"))
    let count = measurer.cachedSegmentCount
    let spelled = try measurer.prepare(Self.text, style: TextStyle(language: "ZH_Hant"))
    #expect(measurer.cachedSegmentCount == count)
    #expect(spelled.unconstrainedWidth == canonical.unconstrainedWidth)
  }

  /// A malformed language is an error naming the field before any shaping.
  @Test func aMalformedLanguageIsRejectedByPrepare() throws {
    let measurer = try Self.newMeasurer()
    let error = #expect(throws: TextError.self) {
      try measurer.prepare(Self.text, style: TextStyle(language: "en;DROP TABLE"))
    }
    #expect(error?.code == .invalidStyle)
    #expect(error?.field == "language")
    #expect(measurer.cachedSegmentCount == 0)
  }

  /// The process counts distinct languages up to a limit: a language counted before (in any
  /// spelling) is always accepted, a new one past the limit is a `tooManyLanguages` error.
  @Test func distinctLanguagesStopAtTheLimit() throws {
    let registry = LanguageTag.Registry(capacity: 3)
    for tag in ["x-one", "qaa", "en-x-Two"] {
      #expect(try LanguageTag.shapingLanguage(tag, registry: registry) == tag.lowercased())
    }
    #expect(try LanguageTag.shapingLanguage("X_ONE", registry: registry) == "x-one")
    #expect(try LanguageTag.shapingLanguage("en_X_two", registry: registry) == "en-x-two")
    #expect(try LanguageTag.shapingLanguage("", registry: registry) == "")
    let error = #expect(throws: TextError.self) {
      try LanguageTag.shapingLanguage("x-four", registry: registry)
    }
    #expect(error?.code == .tooManyLanguages)
    #expect(error?.message.contains("\"x-four\"") == true)
    #expect(TextMeasurer.maximumLanguageCount == LanguageTag.processRegistry.capacity)
  }

  /// ICU's ISO 639 languages and the common script and region variants are accepted outside
  /// the count, so a client naming made-up languages cannot lock real ones out.
  @Test func wellKnownLanguagesAreNeverCounted() throws {
    let full = LanguageTag.Registry(capacity: 0)
    #expect(LanguageTag.wellKnown.count > 150)
    for tag in ["en", "ja", "ZH", "ar", "hi", "fil", "zh_Hant", "zh-TW", "sr-Latn", "pt-BR"] {
      #expect(try LanguageTag.shapingLanguage(tag, registry: full) == LanguageTag.canonical(tag))
    }
    let error = #expect(throws: TextError.self) {
      try LanguageTag.shapingLanguage("x-made-up", registry: full)
    }
    #expect(error?.code == .tooManyLanguages)
  }

  /// A measurer of the bundled fonts with no system fallback, shaping cache misses side by side
  /// or each alone.
  static func measurer(shapingMissesTogether: Bool, cacheCapacity: Int) throws -> TextMeasurer {
    TextMeasurer(
      regular: try BundledFonts.regularChain(), bold: try BundledFonts.boldChain(),
      segmentCacheCapacity: cacheCapacity, locale: "", systemFonts: false,
      shapesMissesTogether: shapingMissesTogether)
  }

  /// The feed and multi-script corpora's texts.
  static func corpusTexts() throws -> [String] {
    var texts: [String] = []
    for file in ["corpus/feed-visible.jsonl", "corpus/multiscript-visible.jsonl"] {
      texts += try Fixtures.jsonLines(file).map { $0["text"] as! String }
    }
    return texts
  }

  /// The texts whose preparation in either weight by `first` and `second` differs in a
  /// grapheme's width or end, in missing glyphs, or in its lines at three widths.
  static func textsPreparedDifferently(
    _ texts: [String], first: (String, TextStyle) throws -> PreparedText,
    second: (String, TextStyle) throws -> PreparedText
  ) rethrows -> [String] {
    var differing: [String] = []
    for text in texts {
      for weight in FontWeight.allCases {
        let style = TextStyle(weight: weight)
        let a = try first(text, style)
        let b = try second(text, style)
        let same = a.withView { a in
          b.withView { b in
            Array(a.graphemeWidths) == Array(b.graphemeWidths)
              && Array(a.graphemeEnds) == Array(b.graphemeEnds)
          }
        }
        let sameLines = try [60.0, 150, 320].allSatisfy { try a.layout(width: $0) == b.layout(width: $0) }
        if !same || !sameLines || a.missingGlyphs != b.missingGlyphs { differing.append(text) }
      }
    }
    return differing
  }

  /// Shaping cache misses side by side gives, bit for bit, the widths of shaping each alone,
  /// over the feed and the multi-script corpora, with a large cache and with one small enough
  /// that generations turn over in the middle of a batch.
  @Test(arguments: [50_000, 16])
  func missesShapedTogetherMeasureAsAlone(cacheCapacity: Int) throws {
    let together = try Self.measurer(shapingMissesTogether: true, cacheCapacity: cacheCapacity)
    let alone = try Self.measurer(shapingMissesTogether: false, cacheCapacity: cacheCapacity)
    let texts = try Self.corpusTexts()
    #expect(texts.count > 2_000)
    let differing = try Self.textsPreparedDifferently(
      texts, first: { try together.prepare($0, style: $1) }, second: { try alone.prepare($0, style: $1) })
    #expect(differing.isEmpty, "\(differing.prefix(5))")
  }

  /// Emoji and symbols, one grapheme cluster to a segment, are shaped side by side in the emoji
  /// font (`singleClusterFont` picks them), with the widths of shaping each alone: ZWJ
  /// sequences, skin tones, flags, keycaps, text and emoji presentation, and emoji next to
  /// letters, spaces and each other.
  @Test func emojiShapedTogetherMeasureAsAlone() throws {
    let texts = [
      "👍🏽👩‍👩‍👧‍👦🇨🇳🇯🇵1️⃣#️⃣❤️❤☺️☺✌🏿🏳️‍🌈😀😀 😀",
      "好评👍👍👍 物流很快🚚💨 下次还来🙏🙏",
      "🎉 Released v2.3 🚀 — fixes 🐛🐛 and ©️ ® ™ ★☆ ♥ ⚠️",
      "a😀b 😀c👨🏻‍💻d🧑‍🤝‍🧑",
    ]
    let together = try Self.measurer(shapingMissesTogether: true, cacheCapacity: 1_000)
    let alone = try Self.measurer(shapingMissesTogether: false, cacheCapacity: 1_000)
    let differing = try Self.textsPreparedDifferently(
      texts, first: { try together.prepare($0, style: $1) }, second: { try alone.prepare($0, style: $1) })
    #expect(differing.isEmpty, "\(differing)")
    let shaper = together.shaper(weight: .regular, language: "")
    func font(_ text: String) -> UInt8? {
      let scalars = text.unicodeScalars.map(\.value)
      return scalars.withUnsafeBufferPointer { scalars in
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: scalars.count) { shaping in
          shaper.singleClusterFont(scalars, shaping: shaping.baseAddress!)
        }
      }
    }
    let emojiFont = try #require(font("👩‍👩‍👧‍👦"))
    #expect(together.regular.fonts[Int(emojiFont)].familyName.contains("Emoji"))
    #expect(font("🇨🇳") == emojiFont)
    #expect(font("1️⃣") == emojiFont)
    #expect(font("😀") == emojiFont)  // one scalar: one cluster without asking ICU
    for notOneCluster in ["😀😀", "😀 ", "a😀", "a", "中", "\t😀"] {
      #expect(font(notOneCluster) == nil, "\(notOneCluster)")
    }
  }

  /// A text prepared from cached segments (each grapheme's width, and where it ends, read back
  /// from the cache's compact entries) equals the text shaped by a measurer that has cached
  /// nothing yet, over the feed and multi-script corpora in both weights.
  @Test func cachedSegmentsPrepareAsFreshlyShapedOnes() throws {
    let texts = try Self.corpusTexts()
    let warm = try Self.newMeasurer()
    for text in texts {
      for weight in FontWeight.allCases { _ = try warm.prepare(text, style: TextStyle(weight: weight)) }
    }
    let differing = try Self.textsPreparedDifferently(
      texts, first: { try warm.prepare($0, style: $1) },
      second: { try Self.newMeasurer().prepare($0, style: $1) })
    #expect(differing.isEmpty, "\(differing.count) texts differ, first: \(differing.prefix(3))")
  }

  /// A cached segment keeps its widths at the last font size it was read at (Chromium's
  /// advances, SkParagraph's bitmap advances): a text prepared from them, at that size again,
  /// after another size, and with letter spacing (which is never kept), equals the text prepared
  /// by a new measurer, on every platform, bit for bit and in its lines.
  @Test(arguments: TextPlatform.allCases)
  func widthsKeptAtASizePrepareAsWidthsTakenAnew(platform: TextPlatform) throws {
    let texts = try Self.corpusTexts().enumerated().filter { $0.offset % 4 == 0 }.map(\.element)
    let warm = try Self.newMeasurer().measuring(for: platform)
    var differing: [String] = []
    let styles = [
      TextStyle(fontSize: 15), TextStyle(fontSize: 15), TextStyle(fontSize: 17, weight: .bold),
      TextStyle(fontSize: 17), TextStyle(fontSize: 15, letterSpacing: 0.5), TextStyle(fontSize: 15),
    ]
    for style in styles {
      let fresh = try Self.newMeasurer().measuring(for: platform)
      for text in texts {
        let a = try warm.prepare(text, style: style)
        let b = try fresh.prepare(text, style: style)
        let sameLines = try [60.0, 150, 320].allSatisfy {
          try a.layout(width: $0) == b.layout(width: $0) && a.measure(width: $0) == b.measure(width: $0)
        }
        if a != b || !sameLines { differing.append("\(style.fontSize) \(style.letterSpacing): \(text)") }
      }
    }
    #expect(differing.count == 0, "first: \(differing.prefix(3))")
  }

  /// Emptying the caches (keeping their memory or not) leaves a measurer that measures as a new
  /// one: no entry or noted index of the old tables survives.
  @Test(arguments: [true, false])
  func anEmptiedCacheMeasuresAsANewOne(keepingCapacity: Bool) throws {
    let texts = try Fixtures.jsonLines("corpus/feed-visible.jsonl").prefix(300).map { $0["text"] as! String }
    let measurer = try Self.newMeasurer()
    for text in texts { _ = try measurer.prepare(text, style: TextStyle()) }
    measurer.removeCachedSegments(keepingCapacity: keepingCapacity)
    #expect(measurer.cachedSegmentCount == 0)
    let fresh = try Self.newMeasurer()
    for text in texts.reversed() {
      #expect(try measurer.prepare(text, style: TextStyle()) == fresh.prepare(text, style: TextStyle()))
    }
  }
}
