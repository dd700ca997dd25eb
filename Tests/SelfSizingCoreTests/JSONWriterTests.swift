import SelfSizingCore
import Testing

@Suite struct JSONWriterTests {
  private func text(_ writer: JSONWriter) -> String { String(decoding: writer.bytes, as: UTF8.self) }

  @Test func writesFragmentsInOrder() {
    var writer = JSONWriter()
    writer.raw("{\"a\":")
    writer.integer(-42)
    writer.raw(byte: UInt8(ascii: ","))
    writer.raw(Array("\"b\":".utf8))
    writer.number(0.1 + 0.2)
    writer.raw(",\"c\":[")
    writer.bool(true)
    writer.raw(byte: UInt8(ascii: ","))
    writer.null()
    writer.raw(byte: UInt8(ascii: ","))
    writer.number(.nan)
    writer.raw("]}")
    #expect(text(writer) == #"{"a":-42,"b":0.30000000000000004,"c":[true,null,null]}"#)
    #expect(writer.count == writer.bytes.count)
  }

  /// Every integer width, and the values where the digit count changes.
  @Test(arguments: [
    0, 7, -7, 10, 99, 100, 999, -999, 1_000, 9_999, 10_000, 123_456_789, -1_000_000, Int(Int32.max),
    999_999_999_999_999_999, Int.max, Int.min,
  ])
  func integers(value: Int) {
    var writer = JSONWriter()
    writer.integer(value)
    #expect(text(writer) == String(value))
    var bytes: [UInt8] = []
    NumberFormat.append(value, to: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == String(value))
  }

  /// The storage grows however small it started; text written before stays as it was.
  @Test(arguments: [0, 1, 63, 64, 65, 1_000])
  func growsPastItsCapacity(capacity: Int) {
    var writer = JSONWriter(capacity: capacity)
    var expected = ""
    for index in 0..<2_000 {
      writer.raw(byte: UInt8(ascii: "["))
      writer.integer(index * 7_919)
      writer.raw(",")
      writer.number(Double(index) / 3)
      writer.raw(byte: UInt8(ascii: ","))
      writer.string("x\"\(index)\n")
      writer.raw("]")
      expected += "[\(index * 7_919),\(NumberFormat.string(Double(index) / 3)),\"x\\\"\(index)\\n\"]"
    }
    #expect(text(writer) == expected)
  }

  @Test func removeAllStartsOverKeepingNothingOfTheOldText() {
    var writer = JSONWriter(capacity: 8)
    writer.string(String(repeating: "long text ", count: 20))
    writer.removeAll()
    #expect(writer.count == 0)
    writer.integer(5)
    #expect(text(writer) == "5")
  }

  /// A copy of a writer is a separate value: writing to one leaves the other as it was.
  @Test func copiesAreIndependent() {
    var first = JSONWriter()
    first.raw("[1")
    var second = first
    second.raw(",2]")
    first.raw("]")
    #expect(text(first) == "[1]")
    #expect(text(second) == "[1,2]")
  }

  @Test(arguments: [
    ("plain", #""plain""#), ("quote \" and \\ back", #""quote \" and \\ back""#),
    ("tab\tline\nreturn\r", #""tab\tline\nreturn\r""#), ("\u{1}\u{1F}", #""\u0001\u001f""#),
    ("separators \u{2028}\u{2029} ok", #""separators \u2028\u2029 ok""#),
    ("€ and 中文 and 😀", "\"€ and 中文 and 😀\""),
    ("sixteen bytes!!!\"", #""sixteen bytes!!!\"""#),
  ])
  func escapesStrings(value: String, expected: String) throws {
    var writer = JSONWriter()
    writer.string(value)
    #expect(text(writer) == expected)
    #expect(try JSONValue.parse(text(writer)) == .string(value))
  }

  /// A string longer than the writer reserves room for at once is written in pieces cut between
  /// scalars: escapes and multi-byte scalars at every offset across a piece's end come out whole.
  @Test(arguments: [0, 1, 2, 3])
  func writesALongStringInPieces(offset: Int) throws {
    let unit = "ab\u{2028}中😀\"\n\u{1}"
    let value = String(repeating: "x", count: offset) + String(repeating: unit, count: 2_500)
    var writer = JSONWriter()
    writer.string(value)
    #expect(try JSONValue.parse(text(writer)) == .string(value))
    var small = JSONWriter()
    small.string(unit)
    let escapedUnit = text(small).dropFirst().dropLast()
    #expect(
      text(writer) == "\"" + String(repeating: "x", count: offset)
        + String(repeating: String(escapedUnit), count: 2_500) + "\"")
  }

  /// Fragments written into room reserved once come out as the writer's own.
  @Test func writesIntoReservedRoomAsFragmentByFragment() {
    func write(_ output: inout some JSONOutput) {
      output.raw("{\"a\":")
      output.integer(-42)
      output.raw(byte: UInt8(ascii: ","))
      output.raw("\"b\":")
      output.number(0.1 + 0.2)
      output.raw(",\"c\":")
      output.bool(false)
      output.raw(",\"d\":")
      "tab\t€\u{2029}".utf8.withContiguousStorageIfAvailable { output.string(utf8: $0) }
      output.raw(byte: UInt8(ascii: "}"))
    }
    var direct = JSONWriter(capacity: 1)
    write(&direct)
    var reserved = JSONWriter(capacity: 1)
    reserved.write(atMost: 200) { write(&$0) }
    #expect(text(reserved) == text(direct))
    #expect(text(direct) == #"{"a":-42,"b":0.30000000000000004,"c":false,"d":"tab\t€\u2029"}"#)
  }
}
