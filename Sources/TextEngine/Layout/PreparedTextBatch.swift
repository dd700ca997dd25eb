/// Many prepared texts measured together at a width: a feed's texts re-measured when the column
/// width changes (rotation, split view, another column count).
///
/// `measure(width:)` gives, text for text, exactly what each text's own
/// `PreparedText.measure(width:)` gives, in about half the time: the batch keeps what the line
/// finder reads of every text in contiguous arrays, with each text's header beside the others,
/// so measuring them in order streams through memory instead of visiting one allocation per
/// text. Texts need 16 bytes a segment: where it starts and where its content ends (on the web
/// with the tie rule in them, `RankedKey`). Most feed texts are one paragraph; texts of several
/// (or ending with a hard break) are measured after them, a paragraph at a time. Texts with a
/// whitespace-only segment after content on its line (and on the web, lines from inside a bidi
/// item wider than their keys) keep their texts' 32-byte line keys. Only widths narrower than a
/// text's widest segment, where a segment breaks between grapheme clusters, are measured by the
/// text itself, with the same result.
///
/// A batch copies the keys once (64 bytes a text and 16 or 32 a segment); it is immutable and
/// `Sendable`.
public struct PreparedTextBatch: Sendable {
  /// What the line finder reads of one segment of a paragraph whose every segment after its first
  /// has content: its line's content ends where its own does.
  struct Key: LineSearchKey {
    var start: Double
    var contentEnd: Double

    @inline(__always) var lineContentEnd: Double { contentEnd }
    @inline(__always) func paragraphEnd(textEnd: Int) -> Int { textEnd }
    // (Ties are decided in the values of `RankedKey`s, or in full keys.)
    @inline(__always) func fitsAtLimit(from first: Self) -> Bool { true }
  }

  /// One text's place in `keys` (or `fullKeys`) and what its measurement needs (64 bytes).
  struct Entry {
    /// Index of the text's first key.
    var firstKey: Int
    /// The number of segments; -1 for a text measured after the others (`paragraphTexts`,
    /// `fullTexts`).
    var keyCount: Int
    var widestSegmentContent: Double
    var segmentsPerPoint: Double
    var lineHeight: Double
    var lineSpacing: Double
    var maxLines: Int
    /// The pixel scale, 0 for none.
    var pixelScale: Double

    /// The text's measurement from its line count, truncation and widest line.
    @inline(__always) func measurement(lineCount: Int, truncated: Bool, widest: Double) -> TextMeasurement {
      TextMeasurement(
        lineCount: lineCount,
        height: PreparedText.height(
          ofLineCount: lineCount, lineHeight: lineHeight, lineSpacing: lineSpacing,
          pixelScale: pixelScale > 0 ? pixelScale : nil),
        truncated: truncated, maxLineWidth: widest)
    }
  }

  /// A text measured after the others: its index, its entry, the range of `paragraphEnds`
  /// holding its paragraphs' last segments (on the compact keys) and whether its last segment
  /// ends with a hard break (an empty line follows).
  struct LaterEntry {
    var text: Int
    var entry: Entry
    var paragraphs: Range<Int>
    var endsWithHardBreak: Bool
  }

  /// The texts, in the order given.
  public let texts: [PreparedText]
  let keys: [Key]
  let entries: [Entry]
  /// Texts of several paragraphs, or ending with a hard break, on the compact keys.
  let paragraphTexts: [LaterEntry]
  /// The last segment of each paragraph of `paragraphTexts`, from the text's first.
  let paragraphEnds: [Int32]
  /// Texts with a whitespace-only segment after content on its line (or none at all), on
  /// copies of their own line keys, `fullKeys`.
  let fullTexts: [LaterEntry]
  let fullKeys: [PreparedText.LineKey]
  /// The platform whose fit test lines are found with (the first text's; texts of another are
  /// measured by themselves).
  let platform: TextPlatform
  /// Whether `keys` hold `RankedKey`s: the platform's lengths are on a grid (the web).
  let ranksTies: Bool

  /// A batch of `texts` (copies what `measure(width:)` reads of each).
  public init(_ texts: [PreparedText]) {
    var keys: [Key] = []
    var entries: [Entry] = []
    var paragraphTexts: [LaterEntry] = []
    var paragraphEnds: [Int32] = []
    var fullTexts: [LaterEntry] = []
    var fullKeys: [PreparedText.LineKey] = []
    let platform = texts.first?.paragraph { $0.pointee.platform } ?? .default
    let ranksTies = platform.rules.positionGrid != nil
    entries.reserveCapacity(texts.count)
    for (index, text) in texts.enumerated() {
      text.storage.storage.withHeaderAndLineFinderView { header, view in
        let paragraph = header.pointee.paragraph
        let count = view.segments.count
        // The compact keys serve a segment whose line's content ends where its own does, and a
        // segment without content that starts a paragraph: a line ending there starts there
        // too, and its width, ≤ 0 either way, counts as 0. On the web the ties go in the keys.
        var compact = count > 0
        for segment in 0..<count where compact {
          let key = view.keys[segment]
          compact =
            (key.lineContentEnd == key.contentEnd
              || (key.contentEnd == key.start && (segment == 0 || view.segments[segment - 1].hardBreakAfter)))
            && (ranksTies ? RankedKey.encoded(key) != nil : key.tieRank == 0 && key.startTieRank == 0)
        }
        // (A final hard break that starts no line, on the web, is as if there were none.)
        let endsWithHardBreak =
          (view.segments.last?.hardBreakAfter ?? false) && paragraph.platform.finalHardBreakStartsLine
        var entry = Entry(
          firstKey: compact ? keys.count : fullKeys.count, keyCount: count,
          // NaN is never within a limit: a text whose lines differ in height (or of another
          // platform, or wrapped other than greedily) is measured by itself.
          widestSegmentContent: paragraph.lineBoxes == nil && paragraph.platform == platform
            && paragraph.style.textWrap == .auto && paragraph.edges == .none
            && paragraph.style.androidStyle == .compose && paragraph.style.flutterRoundingHack
            ? header.pointee.widestSegmentContent : .nan,
          segmentsPerPoint: header.pointee.segmentsPerPoint, lineHeight: paragraph.lineHeight,
          lineSpacing: paragraph.lineSpacing, maxLines: paragraph.style.maxLines,
          pixelScale: paragraph.style.pixelScale ?? 0)
        if compact {
          for segment in 0..<count {
            let key = view.keys[segment]
            keys.append(
              ranksTies
                ? RankedKey.encoded(key).unsafelyUnwrapped : Key(start: key.start, contentEnd: key.contentEnd)
            )
          }
          // One paragraph, without a final hard break: the main loop's; others follow it.
          if Int(view.keys[0].paragraphEnd) != count - 1 || endsWithHardBreak {
            let first = paragraphEnds.count
            for segment in 0..<count where Int(view.keys[segment].paragraphEnd) == segment {
              paragraphEnds.append(Int32(truncatingIfNeeded: segment))
            }
            paragraphTexts.append(
              LaterEntry(
                text: index, entry: entry, paragraphs: first..<paragraphEnds.count,
                endsWithHardBreak: endsWithHardBreak))
            entry.keyCount = -1
          }
        } else {
          fullKeys.append(contentsOf: UnsafeBufferPointer(start: view.keys, count: count))
          fullTexts.append(
            LaterEntry(text: index, entry: entry, paragraphs: 0..<0, endsWithHardBreak: endsWithHardBreak))
          entry.keyCount = -1
        }
        entries.append(entry)
      }
    }
    self.texts = texts
    self.keys = keys
    self.entries = entries
    self.paragraphTexts = paragraphTexts
    self.paragraphEnds = paragraphEnds
    self.fullTexts = fullTexts
    self.fullKeys = fullKeys
    self.platform = platform
    self.ranksTies = ranksTies
  }

  /// The number of texts.
  public var count: Int { texts.count }

  /// Each text's line count, height and truncation at `width`, in order.
  /// - Throws: `TextError.Code.invalidWidth` for a width ≤ 0 or NaN.
  public func measure(width: Double) throws(TextError) -> [TextMeasurement] {
    var results: [TextMeasurement] = []
    try measure(width: width, into: &results)
    return results
  }

  /// `measure(width:)` into `results`, which ends with one measurement per text: no allocation
  /// when `results` already has one element per text (as after the first call).
  /// - Throws: `TextError.Code.invalidWidth` for a width ≤ 0 or NaN.
  public func measure(width: Double, into results: inout [TextMeasurement]) throws(TextError) {
    try PreparedText.validate(width: width)
    if results.count != entries.count {
      results.removeAll(keepingCapacity: true)
      results.append(contentsOf: repeatElement(Self.noLines, count: entries.count))
    }
    // (Texts with the rounding hack off are measured by themselves: the default style's limit.)
    let limit = platform.lineLimit(forWidth: width, in: TextStyle())
    results.withUnsafeMutableBufferPointer { results in
      keys.withUnsafeBufferPointer { keys in
        if ranksTies {
          keys.withMemoryRebound(to: RankedKey.self) {
            measureOnCompactKeys($0, limit: limit, width: width, into: results)
          }
        } else {
          measureOnCompactKeys(keys, limit: limit, width: width, into: results)
        }
      }
      fullKeys.withUnsafeBufferPointer { keys in
        for text in fullTexts {
          guard limit >= text.entry.widestSegmentContent, let base = keys.baseAddress else {
            results[text.text] = measuredByItself(text.text, width: width)
            continue
          }
          results[text.text] = Self.measurement(
            of: text.entry, keys: base + text.entry.firstKey, endsWithHardBreak: text.endsWithHardBreak,
            limit: limit)
        }
      }
    }
  }

  /// The texts on the compact keys, `keys` read as `SearchKey`s: texts of one paragraph, then
  /// texts of several. (The second loop written out rather than through one generic helper
  /// taking a closure: the optimizer then kept the paragraph measurement a call, 7% slower.)
  @inline(__always) private func measureOnCompactKeys<SearchKey: LineSearchKey>(
    _ keys: UnsafeBufferPointer<SearchKey>, limit: Double, width: Double,
    into results: UnsafeMutableBufferPointer<TextMeasurement>
  ) {
    entries.withUnsafeBufferPointer { entries in
      for index in entries.indices {
        let entry = entries[index]
        guard entry.keyCount >= 0, limit >= entry.widestSegmentContent, let base = keys.baseAddress else {
          // Texts of several paragraphs and texts on the full keys are measured after these.
          if entry.keyCount < 0 { continue }
          results[index] = measuredByItself(index, width: width)
          continue
        }
        results[index] = Self.measurement(
          of: entry, keys: base + entry.firstKey, endsWithHardBreak: false, limit: limit)
      }
    }
    paragraphEnds.withUnsafeBufferPointer { paragraphEnds in
      for text in paragraphTexts {
        guard limit >= text.entry.widestSegmentContent, let base = keys.baseAddress else {
          results[text.text] = measuredByItself(text.text, width: width)
          continue
        }
        results[text.text] = Self.measurement(
          ofParagraphs: text, ends: paragraphEnds, keys: base + text.entry.firstKey, limit: limit)
      }
    }
  }

  /// Text `index` measured by itself (a segment wider than the line breaks between grapheme
  /// clusters); `width` must be valid.
  @inline(never) private func measuredByItself(_ index: Int, width: Double) -> TextMeasurement {
    // Never throws: the width was validated.
    (try? texts[index].measure(width: width)) ?? Self.noLines
  }

  /// The measurement of no lines: a results array's filler, overwritten for every text.
  private static let noLines = TextMeasurement(lineCount: 0, height: 0, truncated: false, maxLineWidth: 0)

  /// The measurement of a text of several paragraphs on the compact keys, a paragraph at a time
  /// (lines never cross a hard break), as `PreparedText.measure(width:)` computes it over the
  /// whole text.
  @inline(__always) static func measurement<SearchKey: LineSearchKey>(
    ofParagraphs text: LaterEntry, ends: UnsafeBufferPointer<Int32>, keys: UnsafePointer<SearchKey>,
    limit: Double
  ) -> TextMeasurement {
    let entry = text.entry
    let maxLines = entry.maxLines > 0 ? entry.maxLines : Int.max
    var lines = 0
    var truncated = false
    var widest = 0.0
    var first = 0
    let lastParagraph = text.paragraphs.upperBound &- 1
    for paragraph in text.paragraphs {
      let last = Int(ends[paragraph])
      // The last paragraph's final hard break adds its empty line there.
      let (count, cut, paragraphWidest) = PreparedText.measureWholeSegments(
        keys: keys + first, count: last &- first &+ 1,
        endsWithHardBreak: paragraph == lastParagraph && text.endsWithHardBreak, limit: limit,
        maxLines: maxLines &- lines, segmentsPerPoint: entry.segmentsPerPoint)
      lines &+= count
      if paragraphWidest > widest { widest = paragraphWidest }
      first = last &+ 1
      if cut || (lines == maxLines && paragraph < lastParagraph) {
        truncated = true
        break
      }
    }
    return entry.measurement(lineCount: lines, truncated: truncated, widest: widest)
  }

  /// One text's measurement when no segment is wider than the line (`limit`, the width plus
  /// the fit tolerance), as `PreparedText.measure(width:)` computes it.
  // Transparent: with `@inline(__always)` the optimizer kept it a call, passing the entry
  // through memory, which cost the compact loop 4% more instructions and 20% more time.
  @_transparent static func measurement<SearchKey: LineSearchKey>(
    of entry: Entry, keys: UnsafePointer<SearchKey>, endsWithHardBreak: Bool, limit: Double
  ) -> TextMeasurement {
    let (count, truncated, widest) = PreparedText.measureWholeSegments(
      keys: keys, count: entry.keyCount, endsWithHardBreak: endsWithHardBreak, limit: limit,
      maxLines: entry.maxLines, segmentsPerPoint: entry.segmentsPerPoint)
    return entry.measurement(lineCount: count, truncated: truncated, widest: widest)
  }
}
