import SelfSizingCore
import Testing

@Suite struct JSONRecordTests {
  @Test func readsIdAndFields() throws {
    let record = try JSONRecord(#"{"id": "a", "text": "hé", "n": 3}"#, line: 4)
    #expect(record.id == "a")
    #expect(record.line == 4)
    #expect(try record.string("text") == "hé")
    #expect(record["n"] == .number(3))
  }

  @Test(arguments: [
    (#"not json"#, RecordError.Code.invalidJSON, #"invalid JSON: expected a value, got "n" at column 1"#),
    (#"[1]"#, .notAnObject, "expected a JSON object, got array"),
    (#"{"text": "x"}"#, .missingID, #"missing field "id""#),
    (#"{"id": 5}"#, .invalidID, #"field "id" must be a non-empty string, got number"#),
    (#"{"id": ""}"#, .invalidID, #"field "id" must be a non-empty string, got an empty string"#),
    (
      #"{"id": "t", "text": "first", "text": "second"}"#, .duplicateKey,
      #"duplicate key "text" in an object at column 30"#
    ),
  ])
  func badLines(line: String, code: RecordError.Code, message: String) {
    #expect(throws: RecordError(code, message, line: 9)) { try JSONRecord(line, line: 9) }
  }

  @Test func invalidUTF8IsAnError() {
    let bytes: [UInt8] = Array(#"{"id": "a", "text": ""#.utf8) + [0xFF] + Array(#""}"#.utf8)
    let error = bytes.withUnsafeBufferPointer { buffer -> RecordError? in
      do throws(RecordError) {
        _ = try JSONRecord(utf8: buffer, line: 2)
        return nil
      } catch {
        return error
      }
    }
    #expect(error?.code == .invalidUTF8)
    #expect(error?.located(in: "in.jsonl").hasPrefix("in.jsonl:2: bytes that are not UTF-8 (0xFF)") == true)
  }

  @Test func locationFormat() throws {
    let record = try JSONRecord(#"{"id": "x\u001b[2J"}"#, line: 3)
    #expect(throws: RecordError(.missingField, #"missing field "text""#, line: 3, id: "x\u{1B}[2J")) {
      try record.string("text")
    }
    let error = record.error(.missingField, "what")
    #expect(error.located(in: "f.jsonl") == #"f.jsonl:3: id x\e[2J: what"#)
  }

  @Test func duplicateKeysInLargeObjectsAreFound() {
    let keys = (0..<100).map { "\"k\($0)\": 1" } + ["\"k50\": 2"]
    #expect(throws: JSONParseError.self) {
      try JSONValue.parse("{" + keys.joined(separator: ",") + "}", rejectingDuplicateKeys: true)
    }
    #expect((try? JSONValue.parse("{" + keys.joined(separator: ",") + "}")) != nil)
  }
}
