import CollectionLayout

/// A height baseline: what produced it and one record per item and width, as a JSON Lines file.
///
/// The first line is the header — `{"selfsizeBaseline": 1, "command", "engine", "libraries",
/// "template", "fonts", "settings", "records"}` — and every other line one record: `{"id",
/// "width", "height"}` then, when present, `"lineCount", "lines", "truncated"` (text), `"frame",
/// "column"` (layout) and `"elements": [{"name", "frame", "lineCount", "lines", "truncated"}]`
/// (cards). Keys are always in this order and numbers in their shortest exact form, so the same
/// inputs and fonts give the same bytes on every machine.
public struct Baseline: Sendable, Hashable {
  /// The version of the file format this code writes and reads.
  public static let formatVersion = 1

  /// What produced it.
  public var provenance: BaselineProvenance
  /// The records in the order they were measured.
  public var records: [BaselineRecord]

  /// A baseline.
  public init(provenance: BaselineProvenance, records: [BaselineRecord]) {
    self.provenance = provenance
    self.records = records
  }

  /// The baseline as JSON Lines (header first, a newline after every line).
  public func jsonLines() -> String {
    var output = headerJSON().serialized() + "\n"
    for record in records {
      output += record.jsonValue().serialized() + "\n"
    }
    return output
  }

  func headerJSON() -> JSONValue {
    let libraries = provenance.libraries
    return .object([
      ("selfsizeBaseline", .number(Double(Self.formatVersion))),
      ("command", .string(provenance.command)),
      ("engine", .string(provenance.engine)),
      (
        "libraries",
        .object([
          ("harfbuzz", .string(libraries.harfBuzz)), ("freetype", .string(libraries.freeType)),
          ("icu", .string(libraries.icu)), ("unicode", .string(libraries.unicode)),
        ])
      ),
      (
        "template",
        provenance.template.map {
          .object([("file", .string($0.file)), ("checksum", .string($0.checksum))])
        } ?? .null
      ),
      (
        "fonts",
        .array(
          provenance.fonts.map {
            .object([
              ("chain", .string($0.chain)), ("index", .number(Double($0.index))),
              ("family", .string($0.family)), ("style", .string($0.style)), ("file", .string($0.file)),
              ("faceIndex", .number(Double($0.faceIndex))), ("checksum", .string($0.checksum)),
            ])
          })
      ),
      ("settings", .object(provenance.settings.map { ($0.name, .string($0.value)) })),
      ("records", .number(Double(records.count))),
    ])
  }
}

extension BaselineRecord {
  /// The record's JSON object (keys in the documented order, absent values left out).
  public func jsonValue() -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("id", .string(id)), ("width", .number(width)), ("height", .number(height)),
    ]
    if let lineCount { members.append(("lineCount", .number(Double(lineCount)))) }
    if let lines { members.append(("lines", .array(lines.map { .string($0) }))) }
    if let truncated { members.append(("truncated", .bool(truncated))) }
    if let frame { members.append(("frame", .array(frame.map { .number($0) }))) }
    if let column { members.append(("column", .number(Double(column)))) }
    if !elements.isEmpty {
      members.append(
        (
          "elements",
          .array(
            elements.map { element in
              var fields: [(String, JSONValue)] = [
                ("name", .string(element.name)), ("frame", .array(element.frame.map { .number($0) })),
              ]
              if let lineCount = element.lineCount {
                fields.append(("lineCount", .number(Double(lineCount))))
              }
              if let lines = element.lines { fields.append(("lines", .array(lines.map { .string($0) }))) }
              if let truncated = element.truncated { fields.append(("truncated", .bool(truncated))) }
              return .object(fields)
            })
        ))
    }
    return .object(members)
  }
}
