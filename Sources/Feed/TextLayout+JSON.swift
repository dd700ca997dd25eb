public import SelfSizingCore
public import TextEngine

extension TextLayout {
  /// The `selfsize text` JSON object for this layout, keys in contract order: `{"id",
  /// "width", "lineCount", "height", "breaks", "lines": [{"text", "width"}], "truncated",
  /// "missingGlyphs", "platform"}`.
  public func jsonValue(id: String, prepared: PreparedText, platform: TextPlatform) -> JSONValue {
    .object([
      ("id", .string(id)),
      ("width", .number(width)),
      ("lineCount", .number(Double(lineCount))),
      ("height", .number(height)),
      ("breaks", .array(breaks.map { .number(Double($0)) })),
      (
        "lines",
        .array(
          lines.map { line in
            .object([("text", .string(prepared.text(of: line))), ("width", .number(line.width))])
          })
      ),
      ("truncated", .bool(truncated)),
      ("missingGlyphs", .number(Double(missingGlyphs))),
      ("platform", .string(platform.rawValue)),
    ])
  }

  /// Writes the same text as `jsonValue(id:prepared:platform:).write(to:)` without building it:
  /// line texts are copied from `textUTF8`, the UTF-8 of the prepared text.
  public func writeJSON(
    id: String, textUTF8: UnsafeBufferPointer<UInt8>, prepared: PreparedText, platform: TextPlatform,
    to writer: inout JSONWriter
  ) {
    var id = id
    id.withUTF8 {
      writeJSON(idUTF8: $0, textUTF8: textUTF8, prepared: prepared, platform: platform, to: &writer)
    }
  }

  /// `writeJSON(id:textUTF8:prepared:platform:to:)` with the id as UTF-8.
  public func writeJSON(
    idUTF8: UnsafeBufferPointer<UInt8>, textUTF8: UnsafeBufferPointer<UInt8>, prepared: PreparedText,
    platform: TextPlatform, to writer: inout JSONWriter
  ) {
    // One reservation for the whole record (its fragments are then plain stores): the keys and
    // punctuation, the id and the line texts escaped at worst (the lines' texts are disjoint
    // ranges of the text, plus an ellipsis on a truncated line), and the numbers. A long text
    // is written fragment by fragment instead, so as not to reserve six times its size.
    let escapedBytes = JSONRoom.maximumStringBytes(utf8Count: idUTF8.count + textUTF8.count)
    guard escapedBytes <= Self.largestReservedRecord else {
      writeFields(idUTF8: idUTF8, textUTF8: textUTF8, platform: platform, to: &writer)
      return
    }
    let maximumByteCount = 256 + escapedBytes + lines.count * (3 * (NumberFormat.maximumByteCount + 1) + 32)
    writer.write(atMost: maximumByteCount) { room in
      writeFields(idUTF8: idUTF8, textUTF8: textUTF8, platform: platform, to: &room)
    }
  }

  /// The most bytes a record's escaped id and text take for the record to be written into room
  /// reserved once (`writeJSON(idUTF8:textUTF8:prepared:platform:to:)`).
  static let largestReservedRecord = 1 << 16

  /// Writes the record's fields (the `selfsize text` object, keys in contract order).
  @inline(__always) private func writeFields(
    idUTF8: UnsafeBufferPointer<UInt8>, textUTF8: UnsafeBufferPointer<UInt8>, platform: TextPlatform,
    to output: inout some JSONOutput
  ) {
    output.raw("{\"id\":")
    output.string(utf8: idUTF8)
    output.raw(",\"width\":")
    output.number(width)
    output.raw(",\"lineCount\":")
    output.integer(lineCount)
    output.raw(",\"height\":")
    output.number(height)
    output.raw(",\"breaks\":[")
    for (index, line) in lines.enumerated() where index > 0 {
      if index > 1 { output.raw(byte: UInt8(ascii: ",")) }
      output.integer(line.scalarRange.lowerBound)
    }
    output.raw("],\"lines\":[")
    forEachLine(inUTF8: textUTF8) { index, line, bytes in
      if index > 0 { output.raw(byte: UInt8(ascii: ",")) }
      output.raw("{\"text\":")
      if line.isTruncated {
        var text =
          String(decoding: UnsafeBufferPointer(rebasing: textUTF8[bytes]), as: UTF8.self) + "…"
        text.withUTF8 { output.string(utf8: $0) }
      } else {
        output.string(utf8: UnsafeBufferPointer(rebasing: textUTF8[bytes]))
      }
      output.raw(",\"width\":")
      output.number(line.width)
      output.raw(byte: UInt8(ascii: "}"))
    }
    output.raw("],\"truncated\":")
    output.bool(truncated)
    output.raw(",\"missingGlyphs\":")
    output.integer(missingGlyphs)
    output.raw(",\"platform\":")
    var name = platform.rawValue
    name.withUTF8 { output.string(utf8: $0) }
    output.raw(byte: UInt8(ascii: "}"))
  }

  /// Calls `body` with each line, its index and the byte range of its text in `textUTF8` (the
  /// laid-out text as UTF-8). Scalar offsets become byte offsets by walking forward a scalar at a
  /// time, its length read from its lead byte: lines come in text order.
  package func forEachLine(
    inUTF8 textUTF8: UnsafeBufferPointer<UInt8>, _ body: (Int, Line, Range<Int>) -> Void
  ) {
    var scalar = 0
    var byte = 0
    let byteCount = textUTF8.count
    func advance(to target: Int) {
      while scalar < target, byte < byteCount {
        let lead = textUTF8[byte]
        byte &+= lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        scalar &+= 1
      }
      byte = min(byte, byteCount)
    }
    for (index, line) in lines.enumerated() {
      advance(to: line.scalarRange.lowerBound)
      let start = byte
      advance(to: line.scalarRange.upperBound)
      body(index, line, start..<byte)
    }
  }
}
