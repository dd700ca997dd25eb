import Feed
import Foundation
import SelfSizingCore
import Testing
import TextEngine

@Suite struct TextJobTests {
  static let texts = [
    "If you have to ask how much it is, you can't afford it.",
    "今天天气很好，我们去公园吧。\n第二行 \"quoted\" \\ back\tslash",
    "emoji 👩‍👩‍👧 and e\u{301} and \u{2028} separators \u{1B}[2J",
    String(repeating: "long text that will be cut with an ellipsis ", count: 8),
    // Past what a record reserves room for at once (its lines written fragment by fragment).
    String(repeating: "a \"quoted\" word\tand\u{2028}中文 ", count: 1_200),
  ]

  /// The bytes written straight from the layout equal the serialized output objects, so the
  /// CLI's fast path and the objects the service and the other formats use cannot drift apart.
  @Test(arguments: [0, 2])
  func fastPathWritesTheSameBytesAsTheObjects(maxLines: Int) throws {
    let job = TextJob(
      measurer: Sample.measurer, style: TextStyle(maxLines: maxLines), widths: [60, 150, 343, .infinity])
    // Plain ids are read where they lie in the line; an id with escapes, or a record with more
    // than eight members, goes through the general reader.
    let extraMembers = (0..<8).map { ("m\($0)", JSONValue.number(Double($0))) }
    for (index, text) in Self.texts.enumerated() {
      for (id, extra) in [("t\(index)", []), ("t\"\(index)", []), ("t\(index)", extraMembers)] {
        var line = JSONWriter()
        JSONValue.object([("id", .string(id)), ("text", .string(text))] + extra).write(to: &line)
        var fast = JSONWriter()
        let error = line.bytes.withUnsafeBufferPointer {
          job.writeLines(utf8: $0, number: index + 1, to: &fast)
        }
        #expect(error == nil)
        let objects = try job.objects(for: TextRecord(id: id, text: text, line: index + 1))
        let expected = objects.map { $0.serialized() + "\n" }.joined()
        #expect(String(decoding: fast.bytes, as: UTF8.self) == expected)
      }
    }
  }

  @Test func aBadLineWritesNothingAndSaysWhere() {
    let job = TextJob(measurer: Sample.measurer, style: TextStyle(), widths: [100])
    var writer = JSONWriter()
    let error = Array(#"{"id": "a", "text": 3}"#.utf8).withUnsafeBufferPointer {
      job.writeLines(utf8: $0, number: 12, to: &writer)
    }
    #expect(writer.count == 0)
    #expect(
      error?.located(in: "in.jsonl") == #"in.jsonl:12: id a: field "text" must be a string, got number"#)
  }
}
