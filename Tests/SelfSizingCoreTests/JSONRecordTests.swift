import SelfSizingCore
import TestSupport
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

  /// Strings are accepted exactly when their bytes are well-formed UTF-8, as the standard
  /// library decides: seeded random bytes plus the edge cases (overlong forms, surrogates,
  /// code points above U+10FFFF, truncated and stray continuation bytes).
  @Test func stringBytesAreAcceptedExactlyWhenTheyAreUTF8() throws {
    var generator = SplitMix64(seed: 14)
    var samples: [[UInt8]] = [
      [0xC0, 0x80], [0xC1, 0xBF], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0xA0, 0x80],
      [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xEE, 0x80, 0x80],
      [0xF0, 0x8F, 0xBF, 0xBF],
      [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
      [0xF8, 0x88, 0x80, 0x80, 0x80], [0xE4, 0xB8], [0x80], [0xBF], [0xFE], [0xFF], Array("中文😀é".utf8),
    ]
    // Random bytes from a small alphabet of leads, continuations and ASCII, so that valid
    // multi-byte sequences occur often; never a quote, backslash or control character.
    let alphabet: [UInt8] = [
      0x41, 0x7A, 0x80, 0x8F, 0x90, 0xA0, 0xBF, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5,
    ]
    for _ in 0..<5_000 {
      samples.append(
        (0..<Int.random(in: 1...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
      )
    }
    var accepted = 0
    for sample in samples {
      let line = Array(#"{"id": "a", "text": ""#.utf8) + sample + Array(#""}"#.utf8)
      let expected = String(validating: sample, as: UTF8.self)
      let result = line.withUnsafeBufferPointer { buffer -> Result<JSONRecord, RecordError> in
        do throws(RecordError) { return .success(try JSONRecord(utf8: buffer, line: 1)) } catch {
          return .failure(error)
        }
      }
      switch result {
      case .success(let record):
        #expect(try record.string("text") == expected, "\(sample)")
        accepted += 1
      case .failure(let error):
        #expect(expected == nil && error.code == .invalidUTF8, "\(sample): \(error)")
      }
    }
    #expect(accepted > 100 && accepted < samples.count - 100, "both outcomes are exercised")
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
