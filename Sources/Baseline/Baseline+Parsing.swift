import CollectionLayout
import Foundation
import SelfSizingCore
import TextEngine

extension Baseline {
  /// Reads a baseline file's text.
  /// - Throws: ``BaselineError`` naming the 1-based line: invalid JSON, a missing or mistyped
  ///   field, a header of another format, two records for one id and width.
  public init(parsing text: String) throws(BaselineError) {
    var provenance: BaselineProvenance?
    var records: [BaselineRecord] = []
    var lines: [BaselineKey: Int] = [:]
    var number = 0
    // "\r\n" is one Character: split on both.
    for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
      number += 1
      let trimmed = line
      if trimmed.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
      let object = try Self.object(trimmed, line: number)
      if provenance == nil {
        provenance = try Self.provenance(object, line: number)
        continue
      }
      let record = try Self.record(object, line: number)
      if let first = lines.updateValue(number, forKey: record.key) {
        throw BaselineError(
          .duplicateRecord,
          "a second record for id \"\(record.id)\" at width \(JSONValue.format(record.width)) (the first is on line \(first))",
          line: number)
      }
      records.append(record)
    }
    guard let provenance else {
      throw BaselineError(
        .invalidHeader, "the file is empty; a baseline starts with its header line", line: 1)
    }
    self.init(provenance: provenance, records: records)
  }

  /// Reads a baseline file.
  /// - Throws: ``BaselineError`` (`unreadableFile` when the file cannot be read; otherwise as
  ///   ``init(parsing:)``).
  public init(contentsOf path: String) throws(BaselineError) {
    let data: [UInt8]
    do {
      data = try BoundedFile.bytes(atPath: path, limit: BoundedFile.baselineLimit, kind: "baseline")
    } catch {
      throw BaselineError(.unreadableFile, "baseline: \(error.description)")
    }
    guard let text = String(validating: data, as: UTF8.self) else {
      throw BaselineError(.invalidJSON, "the baseline \(path) is not UTF-8 text")
    }
    try self.init(parsing: text)
  }

  private static func object(_ line: Substring, line number: Int) throws(BaselineError) -> Fields {
    let value: JSONValue
    do throws(JSONParseError) {
      // A key twice anywhere (in an element too) is an error, never a silent choice of one.
      value = try JSONValue.parse(line, rejectingDuplicateKeys: true)
    } catch {
      throw BaselineError(.invalidJSON, "invalid JSON: \(error.descriptionWithinLine)", line: number)
    }
    guard case .object(let members) = value else {
      throw BaselineError(.invalidJSON, "expected a JSON object, got \(value.typeName)", line: number)
    }
    return Fields(values: Dictionary(members, uniquingKeysWith: { first, _ in first }), line: number)
  }

  private static func provenance(_ object: Fields, line: Int) throws(BaselineError) -> BaselineProvenance {
    guard case .number(let version)? = object.values["selfsizeBaseline"] else {
      throw BaselineError(
        .invalidHeader,
        "the first line is not a selfsize baseline header (no \"selfsizeBaseline\" version); "
          + "write one with --write-baseline",
        line: line)
    }
    guard version == Double(formatVersion) else {
      throw BaselineError(
        .invalidHeader,
        "baseline format \(JSONValue.format(version)) is not supported (this selfsize reads \(formatVersion))",
        line: line)
    }
    let libraries = try object.object("libraries")
    var fonts: [FontFingerprint] = []
    for (index, value) in try object.array("fonts").enumerated() {
      guard case .object(let members) = value else {
        throw BaselineError(.invalidHeader, "fonts[\(index)] must be an object", line: line)
      }
      let font = Fields(values: Dictionary(members, uniquingKeysWith: { first, _ in first }), line: line)
      fonts.append(
        FontFingerprint(
          chain: try font.string("chain", in: "fonts[\(index)]"),
          index: try font.integer("index", in: "fonts[\(index)]"),
          family: try font.string("family", in: "fonts[\(index)]"),
          style: try font.string("style", in: "fonts[\(index)]"),
          file: try font.string("file", in: "fonts[\(index)]"),
          faceIndex: try font.integer("faceIndex", in: "fonts[\(index)]"),
          checksum: try font.string("checksum", in: "fonts[\(index)]")))
    }
    var template: BaselineProvenance.TemplateFingerprint?
    if let value = object.values["template"], value != .null {
      guard case .object(let members) = value else {
        throw BaselineError(.invalidHeader, "field \"template\" must be an object or null", line: line)
      }
      let fields = Fields(values: Dictionary(members, uniquingKeysWith: { first, _ in first }), line: line)
      template = .init(
        file: try fields.string("file", in: "template"),
        checksum: try fields.string("checksum", in: "template"))
    }
    var settings: [(name: String, value: String)] = []
    if case .object(let members)? = object.values["settings"] {
      for (name, value) in members {
        guard case .string(let text) = value else {
          throw BaselineError(.invalidHeader, "settings.\(name) must be a string", line: line)
        }
        settings.append((name, text))
      }
    }
    return BaselineProvenance(
      command: try object.string("command"), engine: try object.string("engine"),
      libraries: BaselineProvenance.Libraries(
        harfBuzz: try libraries.string("harfbuzz", in: "libraries"),
        freeType: try libraries.string("freetype", in: "libraries"),
        icu: try libraries.string("icu", in: "libraries"),
        unicode: try libraries.string("unicode", in: "libraries")),
      fonts: fonts, template: template, settings: settings)
  }

  private static func record(_ object: Fields, line: Int) throws(BaselineError) -> BaselineRecord {
    guard object.values["selfsizeBaseline"] == nil else {
      throw BaselineError(.invalidRecord, "a second header line", line: line)
    }
    let id = try object.string("id")
    guard !id.isEmpty else { throw BaselineError(.invalidRecord, "field \"id\" is empty", line: line) }
    let width = try object.number("width")
    let height = try object.number("height")
    guard width > 0 else {
      throw BaselineError(.invalidRecord, "id \(id): field \"width\" must be positive", line: line)
    }
    guard height >= 0 else {
      throw BaselineError(.invalidRecord, "id \(id): field \"height\" must not be negative", line: line)
    }
    var record = BaselineRecord(id: id, width: width, height: height)
    record.lineCount = try object.optionalInteger("lineCount")
    record.lines = try object.optionalStrings("lines")
    record.truncated = try object.optionalBool("truncated")
    record.frame = try object.optionalFrame("frame")
    record.column = try object.optionalInteger("column")
    if let elements = object.values["elements"] {
      guard case .array(let values) = elements else {
        throw BaselineError(.invalidRecord, "id \(id): field \"elements\" must be an array", line: line)
      }
      // Elements are compared by name, so a name twice would compare a card with the wrong one.
      var elementIndexes: [String: Int] = [:]
      for (index, value) in values.enumerated() {
        guard case .object(let members) = value else {
          throw BaselineError(.invalidRecord, "id \(id): elements[\(index)] must be an object", line: line)
        }
        let fields = Fields(values: Dictionary(members, uniquingKeysWith: { first, _ in first }), line: line)
        let path = "id \(id): elements[\(index)]"
        guard let frame = try fields.optionalFrame("frame", in: path) else {
          throw BaselineError(.invalidRecord, "\(path): missing field \"frame\"", line: line)
        }
        let name = try fields.string("name", in: path)
        if let first = elementIndexes.updateValue(index, forKey: name) {
          throw BaselineError(
            .invalidRecord, "\(path): a second element named \"\(name)\" (the first is elements[\(first)])",
            line: line)
        }
        record.elements.append(
          BaselineElement(
            name: name, frame: frame,
            lineCount: try fields.optionalInteger("lineCount", in: path),
            lines: try fields.optionalStrings("lines", in: path),
            truncated: try fields.optionalBool("truncated", in: path)))
      }
    }
    return record
  }
}

/// An object's members with typed accessors that throw ``BaselineError`` naming the field.
private struct Fields {
  var values: [String: JSONValue]
  var line: Int

  func fail(_ path: String?, _ message: String) -> BaselineError {
    BaselineError(.invalidRecord, (path.map { "\($0): " } ?? "") + message, line: line)
  }

  func string(_ key: String, in path: String? = nil) throws(BaselineError) -> String {
    switch values[key] {
    case .string(let text)?: return text
    case nil: throw fail(path, "missing field \"\(key)\"")
    case let value?: throw fail(path, "field \"\(key)\" must be a string, got \(value.typeName)")
    }
  }

  func number(_ key: String, in path: String? = nil) throws(BaselineError) -> Double {
    switch values[key] {
    case .number(let number)? where number.isFinite: return number
    case nil: throw fail(path, "missing field \"\(key)\"")
    case let value?: throw fail(path, "field \"\(key)\" must be a finite number, got \(value.typeName)")
    }
  }

  func integer(_ key: String, in path: String? = nil) throws(BaselineError) -> Int {
    let number = try number(key, in: path)
    guard let integer = Int(exactly: number) else {
      throw fail(path, "field \"\(key)\" must be an integer, got \(JSONValue.format(number))")
    }
    return integer
  }

  func object(_ key: String) throws(BaselineError) -> Fields {
    guard case .object(let members)? = values[key] else {
      throw fail(nil, values[key] == nil ? "missing field \"\(key)\"" : "field \"\(key)\" must be an object")
    }
    return Fields(values: Dictionary(members, uniquingKeysWith: { first, _ in first }), line: line)
  }

  func array(_ key: String) throws(BaselineError) -> [JSONValue] {
    guard case .array(let items)? = values[key] else {
      throw fail(nil, values[key] == nil ? "missing field \"\(key)\"" : "field \"\(key)\" must be an array")
    }
    return items
  }

  func optionalInteger(_ key: String, in path: String? = nil) throws(BaselineError) -> Int? {
    values[key] == nil ? nil : try integer(key, in: path)
  }

  func optionalBool(_ key: String, in path: String? = nil) throws(BaselineError) -> Bool? {
    switch values[key] {
    case nil: return nil
    case .bool(let flag)?: return flag
    case let value?: throw fail(path, "field \"\(key)\" must be true or false, got \(value.typeName)")
    }
  }

  func optionalStrings(_ key: String, in path: String? = nil) throws(BaselineError) -> [String]? {
    guard let value = values[key] else { return nil }
    guard case .array(let items) = value else {
      throw fail(path, "field \"\(key)\" must be an array of strings")
    }
    var strings: [String] = []
    for item in items {
      guard case .string(let text) = item else {
        throw fail(path, "field \"\(key)\" must be an array of strings")
      }
      strings.append(text)
    }
    return strings
  }

  func optionalFrame(_ key: String, in path: String? = nil) throws(BaselineError) -> [Double]? {
    guard let value = values[key] else { return nil }
    guard case .array(let items) = value, items.count == 4 else {
      throw fail(path, "field \"\(key)\" must be [x, y, width, height]")
    }
    var numbers: [Double] = []
    for item in items {
      guard case .number(let number) = item, number.isFinite else {
        throw fail(path, "field \"\(key)\" must be four finite numbers")
      }
      numbers.append(number)
    }
    return numbers
  }
}
