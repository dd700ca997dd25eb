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
    writer.raw("{\"id\":")
    writer.string(utf8: idUTF8)
    writer.raw(",\"width\":")
    writer.number(width)
    writer.raw(",\"lineCount\":")
    writer.integer(lineCount)
    writer.raw(",\"height\":")
    writer.number(height)
    writer.raw(",\"breaks\":[")
    for (index, line) in lines.enumerated() where index > 0 {
      if index > 1 { writer.raw(byte: UInt8(ascii: ",")) }
      writer.integer(line.scalarRange.lowerBound)
    }
    writer.raw("],\"lines\":[")
    forEachLine(inUTF8: textUTF8) { index, line, bytes in
      if index > 0 { writer.raw(byte: UInt8(ascii: ",")) }
      writer.raw("{\"text\":")
      if line.isTruncated {
        var text =
          String(decoding: UnsafeBufferPointer(rebasing: textUTF8[bytes]), as: UTF8.self) + "…"
        text.withUTF8 { writer.string(utf8: $0) }
      } else {
        writer.string(utf8: UnsafeBufferPointer(rebasing: textUTF8[bytes]))
      }
      writer.raw(",\"width\":")
      writer.number(line.width)
      writer.raw(byte: UInt8(ascii: "}"))
    }
    writer.raw("],\"truncated\":")
    writer.bool(truncated)
    writer.raw(",\"missingGlyphs\":")
    writer.integer(missingGlyphs)
    writer.raw(",\"platform\":")
    var name = platform.rawValue
    name.withUTF8 { writer.string(utf8: $0) }
    writer.raw(byte: UInt8(ascii: "}"))
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
