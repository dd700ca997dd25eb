public import CellSizing
public import TextEngine

extension CellMeasurement {
  /// The `selfsize measure` JSON object: `{"id", "width", "height", "missingGlyphs", "elements":
  /// [{"name", "frame": [x, y, w, h], "lineCount"?, "truncated"?, "missingGlyphs"?}], "hidden",
  /// "clipped", "platform"}`; an element's `missingGlyphs` is given for labels and for any element
  /// with some.
  public func jsonValue(platform: TextPlatform) -> JSONValue {
    .object([
      ("id", .string(id)),
      ("width", .number(width)),
      ("height", .number(height)),
      ("missingGlyphs", .number(Double(missingGlyphs))),
      (
        "elements",
        .array(
          elements.map { element in
            var members: [(String, JSONValue)] = [
              ("name", .string(element.name)), ("frame", .array(element.frame.map { .number($0) })),
            ]
            if let lineCount = element.lineCount { members.append(("lineCount", .number(Double(lineCount)))) }
            if let truncated = element.truncated { members.append(("truncated", .bool(truncated))) }
            let missing = missingGlyphsByElement[element.name]
            if element.lineCount != nil || missing != nil {
              members.append(("missingGlyphs", .number(Double(missing ?? 0))))
            }
            return .object(members)
          })
      ),
      ("hidden", .array(hidden.map { .string($0) })),
      ("clipped", .bool(isClipped)),
      ("platform", .string(platform.rawValue)),
    ])
  }
}
