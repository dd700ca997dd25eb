import Dispatch
import Feed
import Foundation
import SelfSizingCore
import Synchronization
import TextEngine

/// A `selfsize text` batch of packed records measured on threads of its own while the caller
/// takes the results chunk by chunk (`selfsize_text_begin` / `selfsize_text_next`): the caller
/// turns one chunk into its objects while the next is measured, as the CLI writes one batch
/// while measuring the next.
///
/// `jobs` threads take chunks of `chunkRecords` records in turn; `next()` hands the chunks out
/// in input order, so the results are the same for any `jobs`.
final class TextStream: Sendable {
  /// Records per chunk: small enough that the first chunk is ready soon and the last leaves
  /// little to do after measuring ends, large enough that a chunk's crossing costs nothing.
  static let chunkRecords = 1024

  private let job: TextJob
  /// Whether chunks give each line's UTF-16 range in its text instead of its text.
  private let lineRanges: Bool
  /// The ids and texts, each NUL-separated, as handed in (copied).
  private let ids: [UInt8]
  private let texts: [UInt8]
  /// Each record's id and text byte ranges.
  private let idRanges: [Range<Int>]
  private let textRanges: [Range<Int>]
  private let chunkCount: Int

  private struct State: Sendable {
    /// Chunks measured and not yet taken, by index (addresses of `TextColumns.output` buffers).
    var ready: [Int: UInt] = [:]
    /// The next chunk `next()` hands out.
    var taken = 0
  }

  private let state = Locked(State())
  /// The next chunk a thread measures.
  private let nextChunk = Atomic<Int>(0)
  private let cancelled = Atomic<Bool>(false)
  /// Signalled once per chunk measured.
  private let chunkReady = DispatchSemaphore(value: 0)
  /// Signalled by each thread as it stops.
  private let stopped = DispatchSemaphore(value: 0)
  private let threadCount: Int

  /// Splits the packed input and starts measuring.
  /// - Throws: `invalidArgument` when `ids` or `texts` do not hold `count` NUL-separated parts.
  init(
    job: TextJob, jobs: Int, lineRanges: Bool, ids: UnsafeBufferPointer<UInt8>,
    texts: UnsafeBufferPointer<UInt8>, count: Int
  ) throws(BindingError) {
    guard count >= 0 else { throw BindingError(.invalidArgument, "count is negative") }
    self.job = job
    self.lineRanges = lineRanges
    self.ids = Array(ids)
    self.texts = Array(texts)
    idRanges = try Self.parts(of: ids, count: count, name: "ids")
    textRanges = try Self.parts(of: texts, count: count, name: "texts")
    chunkCount = (count + Self.chunkRecords - 1) / Self.chunkRecords
    threadCount = min(max(1, jobs), chunkCount)
    for _ in 0..<threadCount {
      // Threads with the CLI workers' stack size.
      let thread = Thread { [self] in work() }
      thread.stackSize = 8 << 20
      thread.start()
    }
  }

  deinit {
    for (_, address) in state.withLock({ $0.ready }) { free(UnsafeMutableRawPointer(bitPattern: address)) }
  }

  /// The ranges of `count` NUL-separated parts (no NUL after the last; zero parts: empty).
  private static func parts(of bytes: UnsafeBufferPointer<UInt8>, count: Int, name: String)
    throws(BindingError)
    -> [Range<Int>]
  {
    var ranges: [Range<Int>] = []
    ranges.reserveCapacity(count)
    guard count > 0 else {
      guard bytes.isEmpty else {
        throw BindingError(.invalidArgument, "\(name) holds bytes but count is 0")
      }
      return []
    }
    var start = 0
    if let base = bytes.baseAddress {
      while let found = memchr(base + start, 0, bytes.count - start) {
        let end = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
        ranges.append(start..<end)
        start = end + 1
      }
    }
    ranges.append(start..<bytes.count)
    guard ranges.count == count else {
      throw BindingError(
        .invalidArgument, "\(name) holds \(ranges.count) NUL-separated parts, not count (\(count))")
    }
    return ranges
  }

  /// The next chunk's `selfsize_text_columns` buffer (the caller frees it), nil after the last;
  /// waits while it is being measured.
  func next() -> UnsafeMutableRawPointer? {
    while true {
      let (index, address) = state.withLock { state -> (Int, UInt?) in
        let index = state.taken
        guard index < chunkCount else { return (index, nil) }
        guard let address = state.ready.removeValue(forKey: index) else { return (index, nil) }
        state.taken += 1
        return (index, address)
      }
      if let address { return UnsafeMutableRawPointer(bitPattern: address) }
      if index >= chunkCount { return nil }
      chunkReady.wait()
    }
  }

  /// Stops measuring (after the chunk each thread is on) and waits for the threads: the caller
  /// may unload the library or end the process next.
  func cancel() {
    cancelled.store(true, ordering: .relaxed)
    for _ in 0..<threadCount { stopped.wait() }
  }

  private func work() {
    defer { stopped.signal() }
    let widths = job.widths
    while !cancelled.load(ordering: .relaxed) {
      let chunk = nextChunk.wrappingAdd(1, ordering: .relaxed).oldValue
      guard chunk < chunkCount else { return }
      let first = chunk * Self.chunkRecords
      let end = min(first + Self.chunkRecords, idRanges.count)
      var columns = TextColumns(capacity: end - first, widths: widths.count, lineRanges: lineRanges)
      ids.withUnsafeBufferPointer { ids in
        texts.withUnsafeBufferPointer { texts in
          for index in first..<end {
            measure(
              id: UnsafeBufferPointer(rebasing: ids[idRanges[index]]),
              text: UnsafeBufferPointer(rebasing: texts[textRanges[index]]), index: index, into: &columns)
          }
        }
      }
      let buffer = columns.output(label: "records", widths: widths, platform: job.measurer.platform)
      state.withLock { $0.ready[chunk] = UInt(bitPattern: buffer) }
      chunkReady.signal()
    }
  }

  /// Measures one record into `columns`: a record whose id is a non-empty string and whose id
  /// and text are UTF-8 is measured where it lies; any other goes through the JSON path (as a
  /// `{"id", field}` line), so that its results and errors are exactly the JSON path's.
  private func measure(
    id: UnsafeBufferPointer<UInt8>, text: UnsafeBufferPointer<UInt8>, index: Int,
    into columns: inout TextColumns
  ) {
    if !id.isEmpty, UTF8Validation.isValid(id), UTF8Validation.isValid(text) {
      do throws(RecordError) {
        let (_, layouts) = try job.layouts(
          validUTF8: text, id: id, line: index + 1, warnings: &columns.warnings)
        columns.append(layouts: layouts, textUTF8: text)
      } catch {
        var failure = JSONWriter(capacity: 256)
        BatchRun.writeFailure(error, widths: job.widths, label: "records", to: &failure)
        columns.append(objectLines: failure)
      }
      return
    }
    var line = JSONWriter(capacity: id.count + text.count + 32)
    line.raw("{\"id\":")
    line.string(utf8: id)
    line.raw(byte: UInt8(ascii: ","))
    line.string(job.field)
    line.raw(byte: UInt8(ascii: ":"))
    line.string(utf8: text)
    line.raw(byte: UInt8(ascii: "}"))
    var output = JSONWriter(capacity: 1024)
    line.bytes.withUnsafeBufferPointer { line in
      if let error = job.writeLines(utf8: line, number: index + 1, to: &output, warnings: &columns.warnings) {
        BatchRun.writeFailure(error, widths: job.widths, label: "records", to: &output)
      }
    }
    columns.append(objectLines: output)
  }
}
