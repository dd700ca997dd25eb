import SelfSizingCore
import TestSupport
import Testing

@Suite struct JSONRecordFieldTests {
  /// The id and the string field as the general reader reads them, or nil when it rejects the
  /// line or the field is not a string.
  private func general(_ line: [UInt8], field: String = "text") -> [String]? {
    line.withUnsafeBufferPointer { bytes in
      guard let record = try? JSONRecord(utf8: bytes, line: 1), case .string(let text)? = record[field] else {
        return nil
      }
      return [record.id, text]
    }
  }

  /// The id and the string field as the fast path reads them, or nil when it leaves the line
  /// to the general reader.
  private func fast(_ line: [UInt8], field: String = "text") -> [String]? {
    line.withUnsafeBufferPointer { bytes in
      guard let record = JSONRecord.idAndStringField(field, in: bytes) else { return nil }
      let text =
        switch record.text {
        case .utf8(let range): String(decoding: bytes[range], as: UTF8.self)
        case .decoded(let utf8): String(decoding: utf8, as: UTF8.self)
        }
      return [String(decoding: bytes[record.id], as: UTF8.self), text]
    }
  }

  @Test(arguments: [
    #"{"id":"a","text":"plain"}"#, #"{"id": "a", "text": "中文 and 😀"}"#, #"{"text":"first","id":"b"}"#,
    #"{"id":"a","text":""}"#, #"  {"id":"a" , "text" : "spaced"}  "#,
    "\u{FEFF}{\"id\":\"a\",\"text\":\"bom\"}",
    #"{"id":"a","text":"http:\/\/example.com\/x \"quoted\" \n \u00e9 \ud83d\ude00"}"#,
    #"{"id":"a","n":-1.5e3,"ok":true,"none":null,"tags":["x",{"k":[1,2]}],"text":"with others"}"#,
    #"{"id":"a","note":"esc\u0041ped","text":"t"}"#, #"{"id":"a","text":"t",}"#,
  ])
  func readsWhatTheGeneralReaderReads(line: String) throws {
    let bytes = Array(line.utf8)
    let expected = try #require(general(bytes))
    #expect(fast(bytes) == expected)
  }

  /// Lines the fast path leaves to the general reader: every error it reports, and records it
  /// does not take (escapes in the id or a key, more than eight members, another field).
  @Test(arguments: [
    #"not json"#, #"[1]"#, #"{}"#, #"{"text":"x"}"#, #"{"id":5,"text":"x"}"#, #"{"id":"","text":"x"}"#,
    #"{"id":"a"}"#, #"{"id":"a","text":5}"#, #"{"id":"a","text":"x","text":"y"}"#,
    #"{"id":"a","text":"x","m":{"k":1,"k":2}}"#, #"{"id":"a","text":"x"} trailing"#, #"{"id":"a","text":"x""#,
    #"{"id":"\u0061","text":"x"}"#, #"{"i\u0064":"a","text":"x"}"#, #"{"id":"a","text":"bad \q escape"}"#,
    #"{"id":"a","text":"x","a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7}"#, #"{"id":"a","text":"x","n":01}"#,
    #"{"id":"a","text":"\ud800 alone"}"#,
  ])
  func leavesOtherLinesToTheGeneralReader(line: String) {
    #expect(fast(Array(line.utf8)) == nil)
  }

  @Test(arguments: [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE4, 0xB8]] as [[UInt8]])
  func badUTF8AnywhereIsLeftToTheGeneralReader(bad: [UInt8]) {
    for template in [
      #"{"id":"a","text":"x@"}"#, #"{"id":"a@","text":"x"}"#, #"{"id":"a","t@":1,"text":"x"}"#,
    ] {
      let parts = template.split(separator: "@", omittingEmptySubsequences: false)
      let line = Array(parts[0].utf8) + bad + Array(parts[1].utf8)
      #expect(fast(line) == nil, "\(template) \(bad)")
      #expect(general(line) == nil)
    }
  }

  @Test func readsTheNamedField() {
    let line = Array(#"{"id":"a","title":"Title","text":"Body"}"#.utf8)
    #expect(fast(line, field: "title") == ["a", "Title"])
    #expect(fast(line, field: "body") == nil)
  }

  /// Seeded random edits of record lines: whenever the fast path reads a line, the general
  /// reader reads the same id and text from it.
  @Test func neverReadsALineTheGeneralReaderReadsDifferently() {
    var generator = SplitMix64(seed: 99)
    let seeds = [
      #"{"id":"card-1","text":"A \"quoted\" line\nand é 中文","likes":12,"tags":["a","b"]}"#,
      #"{"text":"http:\/\/x.io\/a","id":"7","meta":{"n":null,"ok":false}}"#,
    ].map { Array($0.utf8) }
    let alphabet = Array(#"{}[]:,"\ u0123456789abcdefintrxyz"#.utf8) + [0x80, 0xC3, 0xA9, 0xE4, 0xFF, 0x0A]
    var readCount = 0
    for _ in 0..<5_000 {
      var line = seeds[Int(generator.next() % UInt64(seeds.count))]
      for _ in 0...Int(generator.next() % 3) {
        let position = Int(generator.next() % UInt64(line.count))
        let byte = alphabet[Int(generator.next() % UInt64(alphabet.count))]
        switch generator.next() % 3 {
        case 0: line[position] = byte
        case 1: line.insert(byte, at: position)
        default: line.remove(at: position)
        }
      }
      guard let read = fast(line) else { continue }
      readCount += 1
      #expect(general(line) == read, "\(String(decoding: line, as: UTF8.self))")
    }
    // Enough of the edits leave a record the fast path reads for the comparison to mean something.
    #expect(readCount > 500)
  }
}
