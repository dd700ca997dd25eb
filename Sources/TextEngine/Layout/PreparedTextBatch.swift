/// Many prepared texts measured together at a width: a feed's texts re-measured when the column
/// width changes (rotation, split view, another column count).
///
/// `measure(width:)` gives, text for text, exactly what each text's own
/// `PreparedText.measure(width:)` gives, in about half the time: the batch keeps what the line
/// finder reads of every text in contiguous arrays, with each text's header beside the others,
/// so measuring them in order streams through memory instead of visiting one allocation per
/// text. Most feed texts (one paragraph whose every segment has content) need 16 bytes a
/// segment: where it starts and where its content ends. The others (several paragraphs, a hard
/// break at the end, a whitespace-only segment after content) keep their texts' 32-byte line
/// keys and are measured after them. Only widths narrower than a text's widest segment, where a
/// segment breaks between grapheme clusters, are measured by the text itself, with the same
/// result.
///
/// A batch copies the keys once (64 bytes a text and 16 or 32 a segment); it is immutable and
/// `Sendable`.
public struct PreparedTextBatch: Sendable {
  /// What the line finder reads of one segment of a text of one paragraph whose every segment
  /// has content: its line's content ends where its own does.
  struct Key: LineSearchKey {
    var start: Double
    var contentEnd: Double

    @inline(__always) var lineContentEnd: Double { contentEnd }
    @inline(__always) func paragraphEnd(textEnd: Int) -> Int { textEnd }
  }

  /// One text's place in `keys` (or `fullKeys`) and what its measurement needs (64 bytes).
  struct Entry {
    /// Index of the text's first key.
    var firstKey: Int
    /// The number of segments; -1 for a text on the full keys (measured after the others).
    var keyCount: Int
    var widestSegmentContent: Double
    var segmentsPerPoint: Double
    var lineHeight: Double
    var lineSpacing: Double
    var maxLines: Int
    /// The pixel scale, 0 for none.
    var pixelScale: Double
  }

  /// A text the compact keys cannot serve: its index, its place in `fullKeys` and whether its
  /// last segment ends with a hard break (an empty line follows).
  struct FullEntry {
    var text: Int
    var entry: Entry
    var endsWithHardBreak: Bool
  }

  /// The texts, in the order given.
  public let texts: [PreparedText]
  let keys: [Key]
  let entries: [Entry]
  /// The line keys of the texts in `fullEntries`, copied from the texts.
  let fullKeys: [PreparedText.LineKey]
  let fullEntries: [FullEntry]

  /// A batch of `texts` (copies what `measure(width:)` reads of each).
  public init(_ texts: [PreparedText]) {
    var keys: [Key] = []
    var entries: [Entry] = []
    var fullKeys: [PreparedText.LineKey] = []
    var fullEntries: [FullEntry] = []
    entries.reserveCapacity(texts.count)
    for (index, text) in texts.enumerated() {
      text.storage.storage.withHeaderAndLineFinderView { header, view in
        let paragraph = header.pointee.paragraph
        let count = view.segments.count
        var compact = count > 0
        for segment in 0..<count where compact {
          let key = view.keys[segment]
          compact = Int(key.paragraphEnd) == count - 1 && key.lineContentEnd == key.contentEnd
        }
        let endsWithHardBreak = view.segments.last?.hardBreakAfter ?? false
        if endsWithHardBreak { compact = false }
        var entry = Entry(
          firstKey: compact ? keys.count : fullKeys.count, keyCount: count,
          widestSegmentContent: header.pointee.widestSegmentContent,
          segmentsPerPoint: header.pointee.segmentsPerPoint, lineHeight: paragraph.lineHeight,
          lineSpacing: paragraph.style.lineSpacing, maxLines: paragraph.style.maxLines,
          pixelScale: paragraph.style.pixelScale ?? 0)
        if compact {
          for segment in 0..<count {
            keys.append(Key(start: view.keys[segment].start, contentEnd: view.keys[segment].contentEnd))
          }
        } else {
          fullKeys.append(contentsOf: UnsafeBufferPointer(start: view.keys, count: count))
          fullEntries.append(FullEntry(text: index, entry: entry, endsWithHardBreak: endsWithHardBreak))
          entry.keyCount = -1
        }
        entries.append(entry)
      }
    }
    self.texts = texts
    self.keys = keys
    self.entries = entries
    self.fullKeys = fullKeys
    self.fullEntries = fullEntries
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
    let empty = TextMeasurement(lineCount: 0, height: 0, truncated: false, maxLineWidth: 0)
    if results.count != entries.count {
      results.removeAll(keepingCapacity: true)
      results.append(contentsOf: repeatElement(empty, count: entries.count))
    }
    let limit = width + PreparedText.fitTolerance
    results.withUnsafeMutableBufferPointer { results in
      keys.withUnsafeBufferPointer { keys in
        entries.withUnsafeBufferPointer { entries in
          for index in entries.indices {
            let entry = entries[index]
            guard entry.keyCount >= 0, limit >= entry.widestSegmentContent, let base = keys.baseAddress else {
              // Texts on the full keys are measured below.
              if entry.keyCount < 0 { continue }
              // Never throws: the width was validated above.
              results[index] = (try? texts[index].measure(width: width)) ?? empty
              continue
            }
            results[index] = Self.measurement(
              of: entry, keys: base + entry.firstKey, endsWithHardBreak: false, limit: limit)
          }
        }
      }
      fullKeys.withUnsafeBufferPointer { keys in
        for full in fullEntries {
          guard limit >= full.entry.widestSegmentContent, let base = keys.baseAddress else {
            results[full.text] = (try? texts[full.text].measure(width: width)) ?? empty
            continue
          }
          results[full.text] = Self.measurement(
            of: full.entry, keys: base + full.entry.firstKey, endsWithHardBreak: full.endsWithHardBreak,
            limit: limit)
        }
      }
    }
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
    return TextMeasurement(
      lineCount: count,
      height: PreparedText.height(
        ofLineCount: count, lineHeight: entry.lineHeight, lineSpacing: entry.lineSpacing,
        pixelScale: entry.pixelScale > 0 ? entry.pixelScale : nil),
      truncated: truncated, maxLineWidth: widest)
  }
}
