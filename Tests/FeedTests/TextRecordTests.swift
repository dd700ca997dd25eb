import Feed
import Testing

@Suite struct TextRecordTests {
  @Test func decodesIDAndText() throws {
    let record = try TextRecord(jsonLine: #"{"id": "a1", "text": "Hello", "other": 3}"#, line: 2)
    #expect(record == TextRecord(id: "a1", text: "Hello", line: 2))
  }

  @Test(arguments: [
    (#"{"id": "a", "text": "#, RecordError.Code.invalidJSON),
    (#"["a"]"#, .notAnObject),
    (#"{"text": "x"}"#, .missingID),
    (#"{"id": "a"}"#, .missingField),
    (#"{"id": true, "text": "x"}"#, .invalidID),
    (#"{"id": 7, "text": "x"}"#, .invalidID),
    (#"{"id": "", "text": "x"}"#, .invalidID),
    (#"{"id": "a", "text": 5}"#, .wrongType),
    (#"{"id": "a", "text": "x", "text": "y"}"#, .duplicateKey),
  ])
  func rejectsBadRecords(line: String, code: RecordError.Code) {
    #expect(throws: RecordError.self) { try TextRecord(jsonLine: line) }
    do {
      _ = try TextRecord(jsonLine: line)
    } catch {
      #expect(error.code == code)
    }
  }
}
