/// What differs between platforms in how tall a line is: the box each font adds to a line,
/// whether fonts other than the primary one (fallback fonts) count, whether the primary font's
/// box (CSS's strut) is in every line, and how a line's box becomes its height.
///
/// Each platform's rules are one type of this folder (`WebTextRules`, `FlutterTextRules`,
/// `AndroidTextRules`, `IOSTextRules`); ``TextPlatform`` picks one in `TextPlatform+Rules.swift`, and nothing else in
/// the engine asks which platform it is.
protocol PlatformTextRules {
  /// The height of a line of text in the primary font alone (`font`) under `lineHeight`.
  static func lineHeight(of font: FontMetrics, fontSize: Double, lineHeight: LineHeight) -> Double
  /// The box a run of text in `font` at `fontSize` points adds to its line under `lineHeight`.
  static func box(of font: FontMetrics, fontSize: Double, lineHeight: LineHeight) -> LineBox
  /// True when runs in fonts other than the primary one change a line's box under `lineHeight`.
  static func fallbackFontsGrowLines(under lineHeight: LineHeight) -> Bool
  /// True when every line holds the primary font's box whatever its text (CSS's strut); false
  /// when a line is only as tall as the runs on it (SkParagraph).
  static var hasStrut: Bool { get }
  /// True when a line may break before small kana and the prolonged sound mark (Line_Break CJ
  /// as ideographic, ICU's `lb=normal`); false for UAX #14's default (CJ as nonstarter).
  static var breaksBeforeConditionalJapaneseStarters: Bool { get }
  /// How a grapheme cluster's font is picked from the chain.
  static var clusterFontRule: ClusterFontRule { get }
  /// True when a hard break at the very end of a text starts one more (empty) line.
  static var finalHardBreakStartsLine: Bool { get }
  /// True when a word wider than any line begins on the line before it when two of its clusters
  /// fit there (SkParagraph), false when it always starts a line of its own (Blink, UIKit).
  static var overlongWordsFillLines: Bool { get }
  /// True when a no-break space inside a word too long for any line is a break of last resort
  /// (SkParagraph: ``FlutterNoBreakSpaces``); false by default.
  static var breaksTooLongWordsAtNoBreakSpaces: Bool { get }
  /// True when a line that ends inside a kerning pair (a break opportunity between two kerned
  /// clusters) keeps the pair's kerning (SkParagraph measures lines in the paragraph's shaping);
  /// false when the line end is reshaped without it (Blink's `ShapingLineBreaker`, whose
  /// HarfBuzz marks the pair unsafe to break).
  static var keepsKerningAtLineEnd: Bool { get }
  /// True when a line that ends inside a word cut between graphemes is reshaped, so its last
  /// grapheme loses its kerning to the next (Blink's `ShapingLineBreaker`; by default false).
  static var reshapesCutWordEnds: Bool { get }
  /// True when Katakana and Hiragana are shaped in one script run (Blink's `ScriptRunIterator`),
  /// so a pair across them is kerned; false when a script run ends where the script property
  /// changes (`hb_unicode_script`: SkShaper's `SkUnicodeHbScriptRunIterator`, minikin's
  /// `getScriptRun`). By default true.
  static var scriptRunsJoinKana: Bool { get }
  /// True when each bidi run is shaped apart with script runs of its own, so Common characters
  /// that start one take its first script (SkParagraph's `OneLineShaper` shapes each bidi region
  /// with a new `ScriptRunIterator`: `השתכנעת,G` kerns `,G` in Latin); false when the text's
  /// script runs go on across them (Blink's `ScriptRunIterator` over the paragraph). By default
  /// false.
  static var restartsScriptRunsAtBidiRuns: Bool { get }
  /// True when a word broken between grapheme clusters may break inside a ligature, each of its
  /// graphemes taking an even share of its advance (Blink's caret positions, with the line end
  /// reshaped); false when a ligature stays whole, its advance on its first grapheme.
  static var splitsLigatures: Bool { get }
  /// The grid a line's positions are rounded up to (from its paragraph's start), or nil.
  static var positionGrid: Double? { get }
  /// True when a space that does not fit ends its line even where no break opportunity follows
  /// it (SkParagraph: `ab :cd` breaks after `ab `); false when a line ends only at opportunities
  /// (by default).
  static var endsLinesAfterOverflowingSpaces: Bool { get }
  /// True when a bitmap font's advances are its strike's scaled by FreeType's 16.16 matrix
  /// (SkParagraph, ``SkiaBitmapAdvances``); false for HarfBuzz's (by default).
  static var measuresBitmapStrikeAdvances: Bool { get }
  /// True when laying out a prepared text reads its scalars (by default: when it ends lines after
  /// overflowing spaces).
  static var layoutReadsScalars: Bool { get }
  /// True when a tab reaches the next tab stop of its line (Blink's `pre-wrap` tabs,
  /// ``WebTabStops``); false when it is shaped as the font draws it (by default).
  static var expandsTabs: Bool { get }
  /// True when a line that starts at a hyphen (after a word cut between graphemes) keeps what
  /// follows with it as Blink's break iterator, which starts at the line, does: the digits after
  /// a hyphen-minus, the letter after one of Unicode 16's hyphens
  /// (``WebScalarScan/hasLineStartHyphen``); false when the opportunity after the hyphen stays
  /// (by default).
  static var joinsLineStartHyphens: Bool { get }
  /// True when a line that ends at a soft hyphen (U+00AD) ends with a hyphen the fit test counts
  /// (Blink, ``WebSoftHyphens``); false when the soft hyphen stays invisible (by default).
  static var drawsHyphenAtSoftHyphenBreaks: Bool { get }
  /// True when the space separators other than the space and the ideographic space (U+2009 and
  /// the like) hang at a line's end, as spaces do (by default); false when they take room there
  /// (Blink).
  static var hangsOtherSpaceSeparators: Bool { get }
  /// For each scalar of `codes`, true when a cluster it starts takes no letter spacing (runs of
  /// cursive scripts: ``WebLetterSpacing``, ``FlutterLetterSpacing``); nil when every cluster but
  /// a hard break takes it (by default). Asked only of texts with letter spacing;
  /// `scalarIsRightToLeft` is each scalar's direction in a text with right-to-left characters.
  static func scalarsWithoutLetterSpacing(
    in codes: UnsafeBufferPointer<UInt32>, scalarIsRightToLeft: [Bool]?
  ) -> [Bool]?
  /// The fonts of `chain` (bit `i` for font `i`) whose legacy `kern` table, the only kerning
  /// HarfBuzz would apply for them, the platform does not see, so that they are shaped unkerned
  /// (Chromium's font sanitizer: ``WebFontSanitizer``); none by default.
  static func fontsWithoutLegacyKerning(in chain: FontChain) -> FontMask
  /// For each segment of `codes` (`segmentEnds`; `scalarIsRightToLeft`, each scalar's bidi
  /// direction), 0 when the Common and Inherited characters it
  /// starts with are shaped in the script the segment gives them, else the script (an ICU code,
  /// plus one) of the text's run they continue, which the platform shapes them in
  /// (``WebLeadingScripts``); nil when none is (by default). Asked only of texts with
  /// right-to-left characters: with the bundled fonts only a run in a right-to-left script
  /// shapes them otherwise (HarfBuzz reverses it into its own direction).
  static func leadingScripts(
    of codes: UnsafeBufferPointer<UInt32>, segmentEnds: UnsafeBufferPointer<(end: Int, isHard: Bool)>,
    scalarIsRightToLeft: UnsafeBufferPointer<Bool>
  ) -> [UInt8]?
  /// True when a style with letter spacing is shaped with the ligatures off (`liga`, `clig`,
  /// `calt`: Blink's `FontFeatures`, as CSS asks); false when they stay (by default).
  static var turnsLigaturesOffUnderLetterSpacing: Bool { get }
  /// True when every text with right-to-left characters takes `leadingScripts` (Blink: HarfBuzz
  /// reverses a run in a right-to-left script, which changes how the bundled fonts kern the
  /// punctuation in it); false when only texts set in a chain with a font that shapes Common
  /// characters by script do, as left-to-right texts (by default).
  static var takesLeadingScriptsOfEveryRightToLeftText: Bool { get }
  /// True when a paragraph is left to right whatever its first strong character (CSS's
  /// `direction: ltr`), so its right-to-left runs are embedded at level 1; false when its first
  /// strong character sets its direction (by default).
  static var paragraphIsLeftToRight: Bool { get }
  /// How far a line's content may reach at `width` and still fit.
  static func lineLimit(forWidth width: Double) -> Double
  /// How far a line's content may reach at `width` in a paragraph of `style` (by default
  /// `lineLimit(forWidth:)`; Flutter's depends on its rounding hack).
  static func lineLimit(forWidth width: Double, in style: TextStyle) -> Double
  /// A line's height from the union of the boxes on it.
  static func height(of box: LineBox) -> Double
  /// The height of a line of the primary font alone in `style`, whose box is `box` (by default
  /// the box's height).
  static func primaryLineHeight(of primary: FontMetrics, box: LineBox, style: TextStyle) -> Double
  /// The box a run in `font` adds to a line of a paragraph in `style` whose primary font is
  /// `primary` (by default the box under the style's font size and line height).
  static func box(of font: FontMetrics, primary: FontMetrics, style: TextStyle) -> LineBox
  /// True when runs in fonts other than the primary one change a line's box in `style`.
  static func fallbackFontsGrowLines(in style: TextStyle) -> Bool
  /// The box a run in `font` at `fontSize` (a span's own size) adds to a line of rich text whose
  /// paragraph is `paragraph`, with `primary` its primary font (by default the box under the
  /// paragraph's line height at the run's size).
  static func spanBox(of font: FontMetrics, fontSize: Double, primary: FontMetrics, paragraph: TextStyle)
    -> LineBox
  /// The space added between two lines (by default the style's line spacing).
  static func spaceBetweenLines(in style: TextStyle) -> Double
  /// What the first and last lines of a paragraph add to a middle line's height (by default
  /// nothing).
  static func edges(primary: FontMetrics, style: TextStyle) -> ParagraphEdges
  /// True when a paragraph's first line's top and last line's bottom are the primary font's
  /// whatever other fonts are on them (Android's font padding; by default false).
  static func strutBoundsParagraphEdges(in style: TextStyle) -> Bool
}

extension PlatformTextRules {
  static func lineHeight(of font: FontMetrics, fontSize: Double, lineHeight: LineHeight) -> Double {
    height(of: box(of: font, fontSize: fontSize, lineHeight: lineHeight))
  }

  static func box(of font: FontMetrics, primary: FontMetrics, style: TextStyle) -> LineBox {
    box(of: font, fontSize: style.fontSize, lineHeight: style.lineHeight)
  }

  static func fallbackFontsGrowLines(in style: TextStyle) -> Bool {
    fallbackFontsGrowLines(under: style.lineHeight)
  }

  static func primaryLineHeight(of primary: FontMetrics, box: LineBox, style: TextStyle) -> Double {
    height(of: box)
  }

  static func spanBox(of font: FontMetrics, fontSize: Double, primary: FontMetrics, paragraph: TextStyle)
    -> LineBox
  {
    box(of: font, fontSize: fontSize, lineHeight: paragraph.lineHeight)
  }

  static func spaceBetweenLines(in style: TextStyle) -> Double { style.lineSpacing }

  static func edges(primary: FontMetrics, style: TextStyle) -> ParagraphEdges { .none }

  static func strutBoundsParagraphEdges(in style: TextStyle) -> Bool { false }

  static var endsLinesAfterOverflowingSpaces: Bool { false }

  static var scriptRunsJoinKana: Bool { true }

  static func lineLimit(forWidth width: Double, in style: TextStyle) -> Double { lineLimit(forWidth: width) }

  static var measuresBitmapStrikeAdvances: Bool { false }

  static var reshapesCutWordEnds: Bool { false }

  static var layoutReadsScalars: Bool { endsLinesAfterOverflowingSpaces }

  static var expandsTabs: Bool { false }

  static var joinsLineStartHyphens: Bool { false }

  static var drawsHyphenAtSoftHyphenBreaks: Bool { false }

  static var hangsOtherSpaceSeparators: Bool { true }

  static func scalarsWithoutLetterSpacing(
    in codes: UnsafeBufferPointer<UInt32>, scalarIsRightToLeft: [Bool]?
  ) -> [Bool]? { nil }

  static func fontsWithoutLegacyKerning(in chain: FontChain) -> FontMask { FontMask() }

  static func leadingScripts(
    of codes: UnsafeBufferPointer<UInt32>, segmentEnds: UnsafeBufferPointer<(end: Int, isHard: Bool)>,
    scalarIsRightToLeft: UnsafeBufferPointer<Bool>
  ) -> [UInt8]? { nil }

  static var paragraphIsLeftToRight: Bool { false }

  static var restartsScriptRunsAtBidiRuns: Bool { false }

  static var breaksTooLongWordsAtNoBreakSpaces: Bool { false }

  static var takesLeadingScriptsOfEveryRightToLeftText: Bool { false }

  static var turnsLigaturesOffUnderLetterSpacing: Bool { false }
}
