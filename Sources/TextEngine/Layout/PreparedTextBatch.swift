/// Many prepared texts measured together at a width: a feed's texts re-measured when the column
/// width changes (rotation, split view, another column count).
///
/// `measure(width:)` gives, text for text, exactly what each text's own
/// `PreparedText.measure(width:)` gives, in about half the time: the batch keeps what the line
/// finder reads of every text — where each segment starts and where its content ends, 16 bytes
/// a segment — in one contiguous array, with each text's header beside the others, so measuring
/// them in order streams through memory instead of visiting one allocation per text. Texts the
/// compact keys cannot serve (more than one paragraph, a hard break at the end, a whitespace-only
/// segment after content) and widths narrower than a text's widest segment are measured by the
/// text itself, with the same result.
///
/// A batch copies the keys once (16 bytes a segment, 64 a text); it is immutable and `Sendable`.
public struct PreparedTextBatch: Sendable {
  /// What the line finder reads of one segment of a text of one paragraph whose every segment
  /// has content: its line's content ends where its own does.
  struct Key: LineSearchKey {
    var start: Double
    var contentEnd: Double

    @inline(__always) var lineContentEnd: Double { contentEnd }
    @inline(__always) func paragraphEnd(textEnd: Int) -> Int { textEnd }
  }

  /// One text's place in `keys` and what its measurement needs (64 bytes).
  struct Entry {
    /// Index of the text's first key.
    var firstKey: Int
    /// The number of segments; -1 when the text measures itself.
    var keyCount: Int
    var widestSegmentContent: Double
    var segmentsPerPoint: Double
    var lineHeight: Double
    var lineSpacing: Double
    var maxLines: Int
    /// The pixel scale, 0 for none.
    var pixelScale: Double
  }

  /// The texts, in the order given.
  public let texts: [PreparedText]
  let keys: [Key]
  let entries: [Entry]

  /// A batch of `texts` (copies what `measure(width:)` reads of each).
  public init(_ texts: [PreparedText]) {
    var keys: [Key] = []
    var entries: [Entry] = []
    entries.reserveCapacity(texts.count)
    for text in texts {
      text.storage.storage.withHeaderAndLineFinderView { header, view in
        let paragraph = header.pointee.paragraph
        let count = view.segments.count
        var compact = count > 0
        for segment in 0..<count where compact {
          let key = view.keys[segment]
          compact = Int(key.paragraphEnd) == count - 1 && key.lineContentEnd == key.contentEnd
        }
        if compact && view.segments[count - 1].hardBreakAfter { compact = false }
        entries.append(
          Entry(
            firstKey: keys.count, keyCount: compact ? count : -1,
            widestSegmentContent: header.pointee.widestSegmentContent,
            segmentsPerPoint: header.pointee.segmentsPerPoint, lineHeight: paragraph.lineHeight,
            lineSpacing: paragraph.style.lineSpacing, maxLines: paragraph.style.maxLines,
            pixelScale: paragraph.style.pixelScale ?? 0))
        if compact {
          for segment in 0..<count {
            keys.append(Key(start: view.keys[segment].start, contentEnd: view.keys[segment].contentEnd))
          }
        }
      }
    }
    self.texts = texts
    self.keys = keys
    self.entries = entries
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
              // Never throws: the width was validated above.
              results[index] = (try? texts[index].measure(width: width)) ?? empty
              continue
            }
            let (count, truncated, widest) = PreparedText.measureWholeSegments(
              keys: base + entry.firstKey, count: entry.keyCount, endsWithHardBreak: false, limit: limit,
              maxLines: entry.maxLines, segmentsPerPoint: entry.segmentsPerPoint)
            results[index] = TextMeasurement(
              lineCount: count,
              height: PreparedText.height(
                ofLineCount: count, lineHeight: entry.lineHeight, lineSpacing: entry.lineSpacing,
                pixelScale: entry.pixelScale > 0 ? entry.pixelScale : nil),
              truncated: truncated, maxLineWidth: widest)
          }
        }
      }
    }
  }
}
