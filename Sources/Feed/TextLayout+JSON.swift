public import TextEngine

extension TextLayout {
  /// The `selfsize text` JSON object for this layout (see DESIGN.md), keys in contract order.
  public func jsonValue(id: String, prepared: PreparedText) -> JSONValue {
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
    ])
  }
}
