import Feed
import Foundation
import SelfSizingCore
import TextEngine

/// The results of consecutive records of a packed `selfsize_text_begin` batch as columns (the
/// `selfsize_text_columns` of `selfsize.h`): what a binding needs to build the `selfsize text`
/// objects without parsing JSON. Results run record-major (every width of a record, then the
/// next record), as the JSON Lines do.
struct TextColumns: Sendable {
  /// Results (records × widths).
  var resultCount = 0
  var lineCounts: [Int32] = []
  var heights: [Double] = []
  var truncated: [UInt8] = []
  var missingGlyphs: [Int32] = []
  /// Every result's line widths, in order.
  var lineWidths: [Double] = []
  /// Every result's breaks (`lineCount - 1` each), in order.
  var breaks: [Int32] = []
  /// Every line's text as UTF-8, each followed by a NUL (empty with `lineRanges`).
  var lineText: [UInt8] = []
  /// Whether lines are given as ranges in their record's text (`"lineRanges": "utf16"`).
  let lineRanges: Bool
  /// With `lineRanges`, every line's start and end in its record's text in UTF-16 code units
  /// instead of its text; the end of a truncated line (its text then "…") as `-1 - end`.
  var lineRangesUTF16: [Int32] = []
  /// Indices into `heights` / `lineWidths` of values JSON prints as an integer, or as null.
  var integralHeights: [Int64] = []
  var integralLineWidths: [Int64] = []
  /// `[index, object]` pairs, comma-separated: results given as their JSON object instead of
  /// columns (failed records' error objects, and records read through the JSON path).
  var objects = JSONWriter(capacity: 256)
  var objectCount = 0
  /// Warnings (missing glyphs), each carrying its record's index + 1 as its line.
  var warnings: [RecordError] = []

  init(capacity records: Int, widths: Int, lineRanges: Bool = false) {
    let results = records * widths
    self.lineRanges = lineRanges
    lineCounts.reserveCapacity(results)
    heights.reserveCapacity(results)
    truncated.reserveCapacity(results)
    missingGlyphs.reserveCapacity(results)
    lineWidths.reserveCapacity(results * 3)
    breaks.reserveCapacity(results * 2)
    if lineRanges {
      lineRangesUTF16.reserveCapacity(results * 6)
    } else {
      lineText.reserveCapacity(results * 128)
    }
  }

  /// Whether JSON prints `value` as an integer or null (not as a number with a fraction or an
  /// exponent), so that a binding makes an integer of it, as a JSON parser would.
  @inline(__always) static func printsAsInteger(_ value: Double) -> Bool {
    guard value.isFinite else { return true }
    guard value == value.rounded(.towardZero) else { return false }
    if abs(value) < 1e15 { return true }  // NumberFormat writes these as integers
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: NumberFormat.maximumByteCount) { buffer in
      let count = NumberFormat.write(value, into: buffer.baseAddress!)
      return !buffer[..<count].contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") }
    }
  }

  /// Appends the results of a record measured at every width.
  mutating func append(layouts: [TextLayout], textUTF8: UnsafeBufferPointer<UInt8>) {
    // UTF-16 offsets are scalar offsets unless a scalar lies past U+FFFF (4 UTF-8 bytes, 2 units).
    let supplementary = lineRanges && textUTF8.contains { $0 >= 0xF0 }
    for layout in layouts {
      resultCount += 1
      lineCounts.append(Int32(truncatingIfNeeded: layout.lines.count))
      if Self.printsAsInteger(layout.height) { integralHeights.append(Int64(heights.count)) }
      heights.append(layout.height)
      truncated.append(layout.truncated ? 1 : 0)
      missingGlyphs.append(Int32(truncatingIfNeeded: layout.missingGlyphs))
      guard lineRanges else {
        layout.forEachLine(inUTF8: textUTF8) { index, line, bytes in
          appendColumns(of: line, index: index)
          lineText.append(contentsOf: UnsafeBufferPointer(rebasing: textUTF8[bytes]))
          if line.isTruncated { lineText.append(contentsOf: [0xE2, 0x80, 0xA6]) }  // "…"
          lineText.append(0)
        }
        continue
      }
      var cursor = (scalar: 0, byte: 0, utf16: 0)
      for (index, line) in layout.lines.enumerated() {
        appendColumns(of: line, index: index)
        var start = line.scalarRange.lowerBound
        var end = line.scalarRange.upperBound
        if supplementary {
          start = Self.utf16Offset(ofScalar: start, in: textUTF8, from: &cursor)
          end = Self.utf16Offset(ofScalar: end, in: textUTF8, from: &cursor)
        }
        lineRangesUTF16.append(Int32(truncatingIfNeeded: start))
        lineRangesUTF16.append(Int32(truncatingIfNeeded: line.isTruncated ? -1 - end : end))
      }
    }
  }

  /// Appends a line's break (the lines after the first) and width.
  @inline(__always) private mutating func appendColumns(of line: TextLayout.Line, index: Int) {
    if index > 0 { breaks.append(Int32(truncatingIfNeeded: line.scalarRange.lowerBound)) }
    if Self.printsAsInteger(line.width) { integralLineWidths.append(Int64(lineWidths.count)) }
    lineWidths.append(line.width)
  }

  /// The UTF-16 offset of scalar `target` of `utf8`, walking on from `cursor` (a scalar, its byte
  /// offset and its UTF-16 offset).
  @inline(__always) private static func utf16Offset(
    ofScalar target: Int, in utf8: UnsafeBufferPointer<UInt8>,
    from cursor: inout (scalar: Int, byte: Int, utf16: Int)
  ) -> Int {
    while cursor.scalar < target, cursor.byte < utf8.count {
      let lead = utf8[cursor.byte]
      cursor.byte &+= lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      cursor.utf16 &+= lead < 0xF0 ? 1 : 2
      cursor.scalar &+= 1
    }
    return cursor.utf16
  }

  /// Appends results given as JSON objects (each followed by `\n`, as `TextJob.writeLines` and
  /// `BatchRun.writeFailure` write them), each in its own place with empty columns.
  mutating func append(objectLines: JSONWriter) {
    objectLines.bytes.withUnsafeBufferPointer { bytes in
      var start = 0
      for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
        if objectCount > 0 { objects.raw(byte: UInt8(ascii: ",")) }
        objectCount += 1
        objects.raw(byte: UInt8(ascii: "["))
        objects.integer(resultCount)
        objects.raw(byte: UInt8(ascii: ","))
        objects.raw(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        objects.raw(byte: UInt8(ascii: "]"))
        start = index + 1
        resultCount += 1
        lineCounts.append(0)
        heights.append(0)
        truncated.append(0)
        missingGlyphs.append(0)
      }
    }
  }

  /// The `selfsize_text_columns` of these columns in one buffer from `malloc` (the header, then
  /// the arrays it points to, then the extras JSON, NUL-terminated), freed with `free`.
  func output(label: String, widths: [Double], platform: TextPlatform) -> UnsafeMutableRawPointer {
    var extras = JSONWriter(capacity: objects.count + 64)
    extras.raw("{\"widths\":[")
    for (index, width) in widths.enumerated() {
      if index > 0 { extras.raw(byte: UInt8(ascii: ",")) }
      extras.number(width)
    }
    extras.raw("],\"platform\":")
    extras.string(platform.rawValue)
    extras.raw(",\"objects\":[")
    extras.raw(objects.bytes)
    extras.raw("],\"warnings\":[")
    for (index, warning) in warnings.enumerated() {
      if index > 0 { extras.raw(byte: UInt8(ascii: ",")) }
      JSONValue.object([
        ("id", warning.id.map(JSONValue.string) ?? .null), ("code", .string(warning.code.rawValue)),
        ("message", .string(BatchRun.message(warning, label: label))),
      ]).write(to: &extras)
    }
    extras.raw("]}")

    // The header is 17 words (see `selfsize_text_columns`); each array starts 8-byte aligned.
    let headerSize = 17 * 8
    var size = headerSize
    func place(_ byteCount: Int) -> Int {
      let offset = size
      size += (byteCount + 7) & ~7
      return offset
    }
    let lineCountsAt = place(lineCounts.count * 4)
    let heightsAt = place(heights.count * 8)
    let truncatedAt = place(truncated.count)
    let missingAt = place(missingGlyphs.count * 4)
    let lineWidthsAt = place(lineWidths.count * 8)
    let breaksAt = place(breaks.count * 4)
    let lineTextAt = place(lineText.count)
    let integralHeightsAt = place(integralHeights.count * 8)
    let integralLineWidthsAt = place(integralLineWidths.count * 8)
    let extrasAt = place(extras.count + 1)
    let lineRangesAt = place(lineRangesUTF16.count * 4)
    let base = malloc(size)!
    func copy<T>(_ array: [T], to offset: Int) {
      array.withUnsafeBytes { bytes in
        if let source = bytes.baseAddress, !bytes.isEmpty { memcpy(base + offset, source, bytes.count) }
      }
    }
    copy(lineCounts, to: lineCountsAt)
    copy(heights, to: heightsAt)
    copy(truncated, to: truncatedAt)
    copy(missingGlyphs, to: missingAt)
    copy(lineWidths, to: lineWidthsAt)
    copy(breaks, to: breaksAt)
    copy(lineText, to: lineTextAt)
    copy(integralHeights, to: integralHeightsAt)
    copy(integralLineWidths, to: integralLineWidthsAt)
    copy(Array(extras.bytes), to: extrasAt)
    copy(lineRangesUTF16, to: lineRangesAt)
    (base + extrasAt).storeBytes(of: 0, toByteOffset: extras.count, as: UInt8.self)
    let header: [UInt] = [
      UInt(resultCount), UInt(bitPattern: base + lineCountsAt), UInt(bitPattern: base + heightsAt),
      UInt(bitPattern: base + truncatedAt), UInt(bitPattern: base + missingAt), UInt(lineWidths.count),
      UInt(bitPattern: base + lineWidthsAt), UInt(bitPattern: base + breaksAt), UInt(lineText.count),
      UInt(bitPattern: base + lineTextAt), UInt(integralHeights.count),
      UInt(bitPattern: base + integralHeightsAt), UInt(integralLineWidths.count),
      UInt(bitPattern: base + integralLineWidthsAt), UInt(extras.count), UInt(bitPattern: base + extrasAt),
      lineRanges ? UInt(bitPattern: base + lineRangesAt) : 0,
    ]
    copy(header, to: 0)
    return base
  }
}
