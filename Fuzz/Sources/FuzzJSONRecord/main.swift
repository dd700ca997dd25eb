import CellSizing
import FuzzSupport

// The JSON Lines reader every command uses: the bytes are cut into lines by `JSONLineSplitter`
// (fed in chunks whose size the first byte picks, as a stream arrives), and every line is read
// as a `JSONRecord`. A line that parses must also survive a round trip: writing its value and
// parsing the text again gives the same text (numbers, strings and escapes unchanged).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONRecord(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  var input = FuzzInput(start, count)
  let chunkSize = Int(input.byte() % 64) + 1
  let maximumLineLength = Int(input.byte()) * 16 + 1
  let payload = input.rest
  var splitter = JSONLineSplitter(maximumLineLength: maximumLineLength)
  var batch = JSONLineBatch(maximumLineLength: maximumLineLength)
  var lastLine = 0
  let handle = { (event: JSONLineSplitter.Event) in
    switch event {
    case .line(let number, let bytes):
      require(number > lastLine, "line numbers go up: \(number) after \(lastLine)")
      require(bytes.count <= maximumLineLength, "a kept line is within the limit")
      lastLine = number
      check(line: bytes, number: number)
    case .tooLong(let number, let length):
      require(number > lastLine, "line numbers go up: \(number) after \(lastLine)")
      require(length > maximumLineLength, "a dropped line of \(length) bytes is over \(maximumLineLength)")
      lastLine = number
    }
    batch.append(event)
  }
  var offset = 0
  while offset < payload.count {
    let end = min(payload.count, offset + chunkSize)
    splitter.feed(UnsafeBufferPointer(rebasing: payload[offset..<end]), handle)
    offset = end
  }
  splitter.finish(handle)
  var seen = 0
  batch.forEachLine { number, _ in
    require(number > seen, "batch lines stay in order")
    seen = number
  }
  return 0
}

private func check(line: UnsafeBufferPointer<UInt8>, number: Int) {
  do throws(RecordError) {
    let record = try JSONRecord(utf8: line, line: number)
    require(!record.id.isEmpty, "a record has a non-empty id")
    require(record.line == number, "a record keeps its line number")
    _ = CellItem(record)
  } catch {
    require(error.line == number, "an error names its line")
    require(!error.message.isEmpty, "an error says what is wrong")
  }
  do throws(JSONParseError) {
    let value = try JSONValue.parse(utf8: line)
    let text = value.serialized()
    let again: JSONValue
    do throws(JSONParseError) {
      again = try JSONValue.parse(text)
    } catch {
      require(false, "written JSON parses again: \(error) in \(text)")
      return
    }
    require(again.serialized() == text, "a round trip keeps the text: \(text) → \(again.serialized())")
  } catch {
    require(!error.descriptionWithinLine.isEmpty, "a parse error says what is wrong")
  }
}

/// The entry point SwiftPM links as `main` (see `runFuzzer`).
@_cdecl("FuzzJSONRecord_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc, argv, fuzzJSONRecord)
}
