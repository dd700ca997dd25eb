import ArgumentParser
import Foundation
import SelfSizingCore

/// The output formats of `text` and `measure`: one object per line, one JSON array, CSV with a
/// header, an aligned table for people, or (`measure --platform web`) the cards as an HTML page.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
  case jsonl, json, csv, table, html
}

/// Turns output objects into the chosen format: workers call ``append(_:to:)`` for each
/// record's objects; the thread that writes calls ``begin()``, ``emit(_:)`` in input order and
/// ``end()``.
struct RecordFormatter: Sendable {
  let format: OutputFormat
  /// The fields shown by csv and table, in order.
  let fields: [String]
  /// Decimals printed numbers are rounded to (`--precision`); nil prints them exactly.
  let precision: Int?

  /// A formatter; `fields` are checked against `available`.
  /// - Throws: a usage error naming an unknown field and listing the available ones.
  init(
    format: OutputFormat, fields: String?, available: [String], defaultFields: [String], precision: Int? = nil
  ) throws {
    self.format = format
    self.precision = precision
    guard let fields else {
      self.fields = defaultFields
      return
    }
    let names = fields.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
    for name in names where !available.contains(name) {
      throw ValidationError(
        "--fields: unknown field \"\(TerminalText.escaped(name))\"; the fields are \(available.joined(separator: ","))"
      )
    }
    guard !names.isEmpty else { throw ValidationError("--fields needs at least one field name") }
    self.fields = names
  }

  /// Adds one record's output objects to a worker's output.
  func append(_ objects: [JSONValue], to output: inout BatchOutput) {
    for object in objects {
      let object = precision.map { object.rounded(decimals: $0) } ?? object
      switch format {
      case .jsonl:
        object.write(to: &output.writer)
        output.writer.raw(byte: UInt8(ascii: "\n"))
      case .json:
        output.writer.raw(",\n")
        object.write(to: &output.writer)
      case .csv:
        for (index, field) in fields.enumerated() {
          if index > 0 { output.writer.raw(byte: UInt8(ascii: ",")) }
          Self.writeCSV(Self.cell(object, field), to: &output.writer)
        }
        output.writer.raw(byte: UInt8(ascii: "\n"))
      case .table:
        output.rows.append(fields.map { TerminalText.escaped(Self.cell(object, $0)) })
      case .html:
        break  // `measure` writes the cards itself
      }
    }
  }

  /// The text of a field for csv and table: strings as they are, numbers by ``NumberFormat``,
  /// arrays of numbers or strings joined by spaces, lines by their texts, elements as
  /// `name height`; empty when absent.
  static func cell(_ object: JSONValue, _ field: String) -> String {
    guard case .object(let members) = object, let value = members.first(where: { $0.0 == field })?.1 else {
      return ""
    }
    return text(of: value)
  }

  private static func text(of value: JSONValue) -> String {
    switch value {
    case .null: return ""
    case .bool(let bool): return bool ? "true" : "false"
    case .number(let number): return JSONValue.format(number)
    case .string(let string): return string
    case .array(let values):
      return values.map { value -> String in
        guard case .object(let members) = value else { return text(of: value) }
        let member = { (key: String) in members.first { $0.0 == key }?.1 }
        if case .string(let text)? = member("text") { return text }
        if case .string(let name)? = member("name"), case .array(let frame)? = member("frame"),
          frame.count == 4
        {
          return "\(name) \(text(of: frame[3]))"
        }
        return value.serialized()
      }.joined(separator: value.isArrayOfObjects ? " | " : " ")
    case .object: return value.serialized()
    }
  }

  private static func writeCSV(_ text: String, to writer: inout JSONWriter) {
    let needsQuotes = text.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 < 0x20 }
    guard needsQuotes else {
      writer.raw(text.utf8)
      return
    }
    writer.raw(byte: UInt8(ascii: "\""))
    for byte in text.utf8 {
      if byte == UInt8(ascii: "\"") { writer.raw(byte: byte) }
      writer.raw(byte: byte)
    }
    writer.raw(byte: UInt8(ascii: "\""))
  }
}

extension JSONValue {
  fileprivate var isArrayOfObjects: Bool {
    guard case .array(let values) = self, case .object? = values.first else { return false }
    return true
  }
}
