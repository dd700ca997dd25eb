import Foundation
import SelfSizingCore
import Testing

@Suite struct JSONValueParsingTests {
  @Test func valuesAndOrderedMembers() throws {
    let value = try JSONValue.parse(
      #" {"b": [1, -2.5, 3e2, 0.25E-1], "a": {"x": null, "y": true, "z": false}, "s": "é\n😀"} "#)
    let expected = JSONValue.object([
      ("b", .array([.number(1), .number(-2.5), .number(300), .number(0.025)])),
      ("a", .object([("x", .null), ("y", .bool(true)), ("z", .bool(false))])),
      ("s", .string("é\n😀")),
    ])
    #expect(value == expected)
    #expect(value.serialized() == #"{"b":[1,-2.5,300,0.025],"a":{"x":null,"y":true,"z":false},"s":"é\n😀"}"#)
  }

  @Test func repeatedKeysAreKeptInOrder() throws {
    let value = try JSONValue.parse(#"{"k": 1, "k": 2}"#)
    guard case .object(let members) = value else {
      Issue.record("not an object")
      return
    }
    #expect(members.map(\.0) == ["k", "k"])
    #expect(members.map(\.1) == [.number(1), .number(2)])
  }

  @Test func escapes() throws {
    let value = try JSONValue.parse(#""\"\\\/\b\f\n\r\t\u00e9\uD83D\uDE00\u0000""#)
    #expect(value == .string("\"\\/\u{8}\u{C}\n\r\t\u{E9}\u{1F600}\u{0}"))
  }

  @Test func numbers() throws {
    #expect(try JSONValue.parse("-0") == .number(-0.0))
    #expect(try JSONValue.parse("123456789012345678901234567890") == .number(1.2345678901234568e29))
    #expect(try JSONValue.parse("0.1") == .number(0.1))
    #expect(try JSONValue.parse("1E+2") == .number(100))
    #expect(try JSONValue.parse("-999999999999999") == .number(-999_999_999_999_999))
    #expect(try JSONValue.parse("9007199254740993") == .number(9_007_199_254_740_992))
  }

  /// The leniencies of Foundation's parsers that inputs may rely on.
  @Test func byteOrderMarkAndTrailingCommas() throws {
    #expect(try JSONValue.parse(Data([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))) == .array([.number(1)]))
    #expect(try JSONValue.parse("[1, 2,]") == .array([.number(1), .number(2)]))
    #expect(try JSONValue.parse(#"{"a": 1 , }"#) == .object([("a", .number(1))]))
  }

  @Test(arguments: [
    (
      "", JSONParseError.Code.unexpectedEnd,
      "unexpected end of the text; expected a value at line 1, column 1"
    ),
    ("not json", .unexpectedCharacter, #"expected a value, got "n" at line 1, column 1"#),
    (#"{"stack": [}"#, .unexpectedCharacter, #"expected a value, got "}" at line 1, column 12"#),
    (
      "{\n  \"a\": 1\n  \"b\": 2\n}", .unexpectedCharacter,
      #"expected "," or "}" in an object, got """# + #"" at line 3, column 3"#
    ),
    (#"{"a" 1}"#, .unexpectedCharacter, #"expected ":" after an object key, got "1" at line 1, column 6"#),
    (#"{1: 2}"#, .unexpectedCharacter, #"expected a string key in an object, got "1" at line 1, column 2"#),
    ("[1 2]", .unexpectedCharacter, #"expected "," or "]" in an array, got "2" at line 1, column 4"#),
    ("[1,,]", .unexpectedCharacter, #"expected a value, got "," at line 1, column 4"#),
    ("[1", .unexpectedEnd, #"expected "," or "]" in an array, got the end of the text at line 1, column 3"#),
    ("{} x", .trailingCharacters, #"unexpected "x" after the JSON value at line 1, column 4"#),
    ("01", .invalidNumber, "a number cannot start with 0 at line 1, column 1"),
    ("-", .invalidNumber, "expected a digit in a number, got the end of the text at line 1, column 2"),
    (
      "1.", .invalidNumber,
      "expected a digit after the decimal point, got the end of the text at line 1, column 3"
    ),
    ("1e", .invalidNumber, "expected a digit in the exponent, got the end of the text at line 1, column 3"),
    ("[1e400]", .numberOutOfRange, "the number 1e400 is out of range at line 1, column 2"),
    ("tru", .unexpectedCharacter, #"expected a value, got "t" at line 1, column 1"#),
    (#""a\x""#, .invalidEscape, #"unknown escape in a string: \ followed by "x" at line 1, column 4"#),
    (#""\u12G4""#, .invalidEscape, #"expected four hex digits after \u, got "G" at line 1, column 6"#),
    (
      #""é\ud800 half""#, .unpairedSurrogate,
      #"unpaired surrogate \uD800 (no low surrogate follows) at line 1, column 3"#
    ),
    (
      #""\udc00""#, .unpairedSurrogate,
      #"unpaired surrogate \uDC00 (no high surrogate before it) at line 1, column 2"#
    ),
    ("\"a\tb\"", .controlCharacter, "unescaped control character U+0009 in a string at line 1, column 3"),
    ("\"abc", .unexpectedEnd, "unexpected end of the text in a string at line 1, column 5"),
    ("[\u{3000}1]", .unexpectedCharacter, "expected a value, got U+3000 at line 1, column 2"),
  ])
  func errorsNameWhatAndWhere(text: String, code: JSONParseError.Code, description: String) {
    #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
    do {
      _ = try JSONValue.parse(text)
    } catch {
      #expect(error.code == code)
      #expect(error.description == description)
    }
  }

  @Test func invalidUTF8IsReportedAtItsByte() {
    do {
      _ = try JSONValue.parse(Data(Array(#"["ab"#.utf8) + [0xFF] + Array(#"c"]"#.utf8)))
      Issue.record("parsed")
    } catch {
      #expect(error.code == .invalidUTF8)
      #expect(error.offset == 4)
      #expect(error.descriptionWithinLine == "bytes that are not UTF-8 (0xFF) in a string at column 5")
    }
  }

  @Test func nestingIsBounded() throws {
    let deep =
      String(repeating: "[", count: JSONValue.maximumDepth)
      + String(
        repeating: "]", count: JSONValue.maximumDepth)
    _ = try JSONValue.parse(deep)
    do {
      _ = try JSONValue.parse("[" + deep + "]")
      Issue.record("parsed")
    } catch {
      #expect(error.code == .tooDeep)
      #expect(error.column == JSONValue.maximumDepth + 1)
    }
  }

  @Test func writtenTextParsesBack() throws {
    let value = JSONValue.object([
      ("text", .string("line\nbreak \"quoted\" \\ \u{1} \u{2028} 😀")),
      ("numbers", .array([.number(0.1), .number(-3), .number(1e300), .number(.infinity)])),
      ("empty", .object([])), ("list", .array([])),
    ])
    let text = value.serialized()
    #expect(text.contains(#"\u0001"#) && text.contains(#"\u2028"#))
    #expect(try JSONValue.parse(text) == value)
  }

  @Test func typeNames() {
    let values: [JSONValue] = [.null, .bool(true), .number(1), .string(""), .array([]), .object([])]
    #expect(values.map(\.typeName) == ["null", "boolean", "number", "string", "array", "object"])
  }

  @Test func aHugeNumberIsQuotedShortInItsError() {
    let digits = "1" + String(repeating: "0", count: 100_000)
    #expect {
      try JSONValue.parse(#"{"n": "# + digits + "}")
    } throws: { error in
      let message = (error as! JSONParseError).message
      return message.count < 120 && message.contains("… (100001 characters) is out of range")
    }
  }
}
