import Feed
import Testing

@Suite struct TextRecordTests {
  @Test func decodesIDAndText() throws {
    let record = try TextRecord(jsonLine: #"{"id": "a1", "text": "Hello", "other": 3}"#)
    #expect(record == TextRecord(id: "a1", text: "Hello"))
    #expect(try TextRecord(jsonLine: #"{"id": 7, "text": ""}"#).id == "7")
  }

  @Test(arguments: [
    (#"{"id": "a", "text": "#, InputError.Code.invalidJSON),
    (#"["a"]"#, .notAnObject),
    (#"{"text": "x"}"#, .missingField),
    (#"{"id": "a"}"#, .missingField),
    (#"{"id": true, "text": "x"}"#, .wrongType),
    (#"{"id": "a", "text": 5}"#, .wrongType),
  ])
  func rejectsBadRecords(line: String, code: InputError.Code) {
    #expect(throws: InputError.self) { try TextRecord(jsonLine: line) }
    do {
      _ = try TextRecord(jsonLine: line)
    } catch {
      #expect(error.code == code)
    }
  }
}
