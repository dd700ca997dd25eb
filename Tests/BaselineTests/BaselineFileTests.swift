import Baseline
import Testing

@Suite struct BaselineFileTests {
  @Test func writtenBaselinesReadBackEqual() throws {
    let baseline = BaselineComparisonTests.before
    let text = baseline.jsonLines()
    #expect(text.split(separator: "\n").count == 4)
    #expect(text.hasPrefix("{\"selfsizeBaseline\":1,\"command\":\"measure\",\"engine\":\"0.3.0\","))
    let read = try Baseline(parsing: text)
    #expect(read == baseline)
    #expect(read.jsonLines() == text)
    var paragraph = baseline
    paragraph.records = [
      BaselineRecord(
        id: "p", width: 150.5, height: 43.44, lineCount: 2, lines: ["a ", "b"], truncated: false),
      BaselineRecord(
        id: "q", width: 175.5, height: 99.25, frame: [8, 8, 175.5, 99.25], column: 1, elements: []),
    ]
    #expect(try Baseline(parsing: paragraph.jsonLines()) == paragraph)
  }

  static var validLines: [String] {
    BaselineComparisonTests.before.jsonLines().split(separator: "\n").map(String.init)
  }

  @Test(arguments: [
    (2, "{\"id\":\"a\",\"width\":170,", BaselineError.Code.invalidJSON, "invalid JSON"),
    (3, "[1,2]", .invalidJSON, "expected a JSON object, got array"),
    (2, "{\"id\":\"a\",\"height\":3}", .invalidRecord, "missing field \"width\""),
    (
      3, "{\"id\":\"b\",\"width\":170,\"height\":\"tall\"}", .invalidRecord,
      "field \"height\" must be a finite number"
    ),
    (4, "{\"id\":\"a\",\"width\":170,\"height\":150}", .duplicateRecord, "(the first is on line 2)"),
    (
      2, "{\"id\":\"a\",\"width\":170,\"height\":1,\"elements\":[{\"name\":\"x\"}]}", .invalidRecord,
      "elements[0]: missing field \"frame\""
    ),
    (
      2, "{\"id\":\"a\",\"id\":\"b\",\"width\":170,\"height\":1}", .invalidJSON,
      "duplicate key \"id\""
    ),
    (
      2,
      "{\"id\":\"a\",\"width\":170,\"height\":1,\"elements\":[{\"name\":\"x\",\"name\":\"y\",\"frame\":[0,0,1,1]}]}",
      .invalidJSON, "duplicate key \"name\""
    ),
    (
      3,
      "{\"id\":\"b\",\"width\":170,\"height\":1,\"elements\":[{\"name\":\"x\",\"frame\":[0,0,1,1]},{\"name\":\"x\",\"frame\":[0,3,1,1]}]}",
      .invalidRecord, "id b: elements[1]: a second element named \"x\" (the first is elements[0])"
    ),
    (1, "{\"id\":\"a\",\"width\":170,\"height\":1}", .invalidHeader, "not a selfsize baseline header"),
  ])
  func malformedLinesNameTheirLine(line: Int, text: String, code: BaselineError.Code, message: String) {
    var lines = Self.validLines
    lines[line - 1] = text
    let error = #expect(throws: BaselineError.self) { try Baseline(parsing: lines.joined(separator: "\n")) }
    #expect(error?.code == code)
    #expect(error?.line == line)
    #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
    #expect(error?.description.hasPrefix("line \(line): ") == true)
  }

  @Test func blankLinesAndCRLFAreAccepted() throws {
    let text = Self.validLines.joined(separator: "\r\n") + "\r\n\r\n"
    #expect(try Baseline(parsing: text) == BaselineComparisonTests.before)
    let empty = #expect(throws: BaselineError.self) { try Baseline(parsing: "\n\n") }
    #expect(empty?.code == .invalidHeader)
  }
}
