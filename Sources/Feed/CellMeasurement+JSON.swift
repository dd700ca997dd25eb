public import CellSizing

extension CellMeasurement {
  /// The `selfsize measure` JSON object: `{"id", "width", "height", "elements": [{"name",
  /// "frame": [x, y, w, h], "lineCount"?, "truncated"?}], "hidden", "clipped"}`.
  public var jsonValue: JSONValue {
    .object([
      ("id", .string(id)),
      ("width", .number(width)),
      ("height", .number(height)),
      (
        "elements",
        .array(
          elements.map { element in
            var members: [(String, JSONValue)] = [
              ("name", .string(element.name)), ("frame", .array(element.frame.map { .number($0) })),
            ]
            if let lineCount = element.lineCount { members.append(("lineCount", .number(Double(lineCount)))) }
            if let truncated = element.truncated { members.append(("truncated", .bool(truncated))) }
            return .object(members)
          })
      ),
      ("hidden", .array(hidden.map { .string($0) })),
      ("clipped", .bool(isClipped)),
    ])
  }
}
