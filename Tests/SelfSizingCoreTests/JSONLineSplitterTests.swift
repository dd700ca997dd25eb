import SelfSizingCore
import Testing

@Suite struct JSONLineSplitterTests {
  /// The lines of `text` fed in chunks of `chunkSize` bytes.
  func lines(_ text: String, chunkSize: Int, limit: Int = 64) -> [String] {
    var splitter = JSONLineSplitter(maximumLineLength: limit)
    var result: [String] = []
    let record = { (event: JSONLineSplitter.Event) in
      switch event {
      case .line(let number, let bytes): result.append("\(number):" + String(decoding: bytes, as: UTF8.self))
      case .tooLong(let number, let length):
        #expect(length > limit)
        result.append("\(number): too long")
      }
    }
    let bytes = Array(text.utf8)
    bytes.withUnsafeBufferPointer { buffer in
      var start = 0
      while start < buffer.count {
        let end = min(buffer.count, start + chunkSize)
        splitter.feed(UnsafeBufferPointer(rebasing: buffer[start..<end]), record)
        start = end
      }
      splitter.finish(record)
    }
    return result
  }

  @Test(arguments: [1, 2, 3, 7, 64, 1000])
  func anyChunkSizeGivesTheSameLines(chunkSize: Int) {
    let text = "{\"a\": 1}\r\n\n  \t\r\n[2]\n" + String(repeating: "x", count: 70) + "\nlast"
    #expect(
      lines(text, chunkSize: chunkSize) == ["1:{\"a\": 1}", "4:[2]", "5: too long", "6:last"])
  }

  @Test func noTrailingLineEnd() {
    #expect(lines("a\nb", chunkSize: 10) == ["1:a", "2:b"])
    #expect(lines("a\n", chunkSize: 10) == ["1:a"])
    #expect(lines("", chunkSize: 10) == [])
  }

  @Test(arguments: [1, 7, 1000])
  func anOverlongLineIsReportedWhenItPassesTheLimitNotAtItsEnd(chunkSize: Int) {
    // No line end ever comes (as from /dev/zero): the line is still reported, once.
    let text = "[1]\n" + String(repeating: "x", count: 200)
    var splitter = JSONLineSplitter(maximumLineLength: 64)
    var events: [String] = []
    Array(text.utf8).withUnsafeBufferPointer { buffer in
      var start = 0
      while start < buffer.count {
        let end = min(buffer.count, start + chunkSize)
        splitter.feed(UnsafeBufferPointer(rebasing: buffer[start..<end])) { event in
          if case .tooLong(let number, _) = event { events.append("\(number): too long") }
          if case .line(let number, _) = event { events.append("\(number): line") }
        }
        start = end
      }
    }
    #expect(events == ["1: line", "2: too long"])
    #expect(splitter.skippedLength == 200)
    splitter.finish { _ in Issue.record("the skipped line is reported twice") }
    #expect(splitter.skippedLength == 0)
  }

  @Test func aLineOfExactlyTheLimitWithACarriageReturnIsKept() {
    #expect(
      lines(String(repeating: "y", count: 64) + "\r\nz", chunkSize: 3) == [
        "1:" + String(repeating: "y", count: 64), "2:z",
      ])
    #expect(lines(String(repeating: "y", count: 65) + "\r\nz", chunkSize: 3) == ["1: too long", "2:z"])
  }
}
