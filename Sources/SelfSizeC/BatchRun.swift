import Foundation
import SelfSizingCore
import Synchronization

/// One run of a job over the elements of a JSON array: each element is written by `body` as one
/// line of the CLI's JSON Lines input would be (its output objects, `\n` after each), on `jobs`
/// threads in chunks, and the chunks are joined in input order, so the result is the same for
/// any `jobs`.
struct BatchRun: Sendable {
  /// The output of a run of consecutive elements.
  struct Chunk: Sendable {
    var writer = JSONWriter(capacity: 1 << 14)
    /// Warnings (missing glyphs), each carrying its element's index + 1 as its line.
    var warnings: [RecordError] = []
  }

  /// The input bytes (the array's text).
  let input: [UInt8]
  /// The elements' byte ranges in `input`.
  let ranges: [Range<Int>]
  /// Elements per chunk.
  var chunkSize = 256

  /// Runs `body(element bytes, index, &chunk)` for every element in order.
  func run(
    jobs: Int, body: @escaping @Sendable (UnsafeBufferPointer<UInt8>, Int, inout Chunk) -> Void
  ) -> [Chunk] {
    let chunkCount = (ranges.count + chunkSize - 1) / chunkSize
    let workers = min(max(1, jobs), chunkCount)
    if workers <= 1 {
      var chunk = Chunk()
      input.withUnsafeBufferPointer { bytes in
        for (index, range) in ranges.enumerated() {
          body(UnsafeBufferPointer(rebasing: bytes[range]), index, &chunk)
        }
      }
      return [chunk]
    }
    let shared = Shared(run: self, chunkCount: chunkCount, body: body)
    // Threads with the CLI workers' stack size; the caller waits for every one.
    for _ in 0..<workers {
      let thread = Thread { shared.work() }
      thread.stackSize = 8 << 20
      thread.start()
    }
    for _ in 0..<workers { shared.finished.wait() }
    return shared.results.withLock { $0.map { $0 ?? Chunk() } }
  }

  private final class Shared: Sendable {
    let run: BatchRun
    let chunkCount: Int
    let body: @Sendable (UnsafeBufferPointer<UInt8>, Int, inout Chunk) -> Void
    let next = Atomic<Int>(0)
    let results: Locked<[Chunk?]>
    let finished = DispatchSemaphore(value: 0)

    init(
      run: BatchRun, chunkCount: Int,
      body: @escaping @Sendable (UnsafeBufferPointer<UInt8>, Int, inout Chunk) -> Void
    ) {
      self.run = run
      self.chunkCount = chunkCount
      self.body = body
      results = Locked(Array(repeating: nil, count: chunkCount))
    }

    func work() {
      defer { finished.signal() }
      run.input.withUnsafeBufferPointer { bytes in
        while true {
          let chunkIndex = next.wrappingAdd(1, ordering: .relaxed).oldValue
          guard chunkIndex < chunkCount else { return }
          var chunk = Chunk()
          let start = chunkIndex * run.chunkSize
          for index in start..<min(start + run.chunkSize, run.ranges.count) {
            body(UnsafeBufferPointer(rebasing: bytes[run.ranges[index]]), index, &chunk)
          }
          results.withLock { $0[chunkIndex] = chunk }
        }
      }
    }
  }

  /// `{"results": [every chunk's objects, in order], "warnings": [{"id", "code", "message"}]}`
  /// in a buffer from `malloc` (NUL-terminated; the length excludes the NUL), the `\n` after
  /// each object becoming the array's commas.
  static func output(_ chunks: [Chunk], label: String) -> (UnsafeMutablePointer<CChar>, Int) {
    var tail = JSONWriter(capacity: 256)
    tail.raw("],\"warnings\":[")
    var first = true
    for chunk in chunks {
      for warning in chunk.warnings {
        if !first { tail.raw(byte: UInt8(ascii: ",")) }
        first = false
        JSONValue.object([
          ("id", warning.id.map(JSONValue.string) ?? .null), ("code", .string(warning.code.rawValue)),
          ("message", .string(message(warning, label: label))),
        ]).write(to: &tail)
      }
    }
    tail.raw("]}")
    let head: StaticString = "{\"results\":["
    let bodyCount = chunks.reduce(0) { $0 + $1.writer.count }
    let capacity = head.utf8CodeUnitCount + bodyCount + tail.count + 1
    let buffer = malloc(capacity)!.bindMemory(to: UInt8.self, capacity: capacity)
    var length = 0
    head.withUTF8Buffer { head in
      memcpy(buffer, head.baseAddress!, head.count)
      length = head.count
    }
    let bodyStart = length
    for chunk in chunks {
      chunk.writer.bytes.withUnsafeBufferPointer { bytes in
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        memcpy(buffer + length, base, bytes.count)
        // Every `\n` ends an object (JSON text escapes newlines in strings).
        var position = buffer + length
        let end = buffer + length + bytes.count
        while position < end, let found = memchr(position, 0x0A, end - position) {
          let newline = found.assumingMemoryBound(to: UInt8.self)
          newline.pointee = UInt8(ascii: ",")
          position = newline + 1
        }
        length += bytes.count
      }
    }
    if length > bodyStart { length -= 1 }  // the last object's comma
    tail.bytes.withUnsafeBufferPointer { bytes in
      memcpy(buffer + length, bytes.baseAddress!, bytes.count)
      length += bytes.count
    }
    buffer[length] = 0
    return (UnsafeMutableRawPointer(buffer).bindMemory(to: CChar.self, capacity: capacity), length)
  }

  /// `LABEL[INDEX]: id X: what`: an error or warning naming its element (the CLI names a line).
  static func message(_ error: RecordError, label: String) -> String {
    let place = error.line.map { "\(label)[\($0 - 1)]" } ?? label
    return "\(place): \(error.description)"
  }

  /// The error objects of an element that failed, one per width in its place:
  /// `{"id", "width", "error": {"code", "message"}}` (as the HTTP service answers).
  static func writeFailure(
    _ error: RecordError, widths: [Double], label: String, to writer: inout JSONWriter
  ) {
    let id = error.id.map(JSONValue.string) ?? .null
    let message = JSONValue.string(message(error, label: label))
    for width in widths {
      JSONValue.object([
        ("id", id), ("width", width.isFinite ? .number(width) : .string("inf")),
        ("error", .object([("code", .string(error.code.rawValue)), ("message", message)])),
      ]).write(to: &writer)
      writer.raw(byte: UInt8(ascii: "\n"))
    }
  }
}
