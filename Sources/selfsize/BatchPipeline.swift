import Dispatch
import Foundation
import SelfSizingCore
import Synchronization

/// Runs a line-at-a-time command over an input with `jobs` worker threads.
///
/// A reader thread cuts the input into batches of lines (a batch ends where a read ends, so a
/// slow producer's lines are measured as soon as they arrive); workers turn batches into
/// ``BatchOutput``s; the calling thread hands outputs to `emit` strictly in input order. At
/// most `2 × jobs + 2` batches are alive at once, so memory is bounded by the batch size,
/// never by the input. `idle` is called whenever the caller is about to wait (so it can
/// flush) and at least every 100 ms.
struct BatchPipeline: Sendable {
  /// Worker threads.
  var jobs: Int
  /// Most lines per batch.
  var batchLines = 256
  /// Most bytes per batch (a longer line makes a batch of one).
  var batchBytes = 1 << 18

  private struct State: ~Copyable {
    var queue: [(Int, JSONLineBatch, Int)] = []
    var queueHead = 0
    var results: [Int: BatchOutput] = [:]
    var finished = false
    var total = 0
    var readError: (any Error)?
    var cancelled = false
  }

  private final class Shared: Sendable {
    let state = Locked(State())
    let workReady = DispatchSemaphore(value: 0)
    let resultReady = DispatchSemaphore(value: 0)
    /// Signalled by each worker as it stops.
    let workerStopped = DispatchSemaphore(value: 0)
    let slots: DispatchSemaphore

    init(slots: Int) {
      // Created at 0 and signalled up: libdispatch traps when a semaphore is freed holding less
      // than the value it was created with, which a cancelled run leaves `slots` holding.
      self.slots = DispatchSemaphore(value: 0)
      for _ in 0..<slots { self.slots.signal() }
    }
  }

  /// Reads `input` to its end, processing and emitting every batch.
  /// - Throws: the first error of reading, or of `emit` / `idle` (then reading stops).
  func run(
    input: InputSource,
    process: @escaping @Sendable (JSONLineBatch) -> BatchOutput,
    emit: (BatchOutput) throws -> Void,
    idle: () throws -> Void
  ) throws {
    let jobs = max(1, jobs)
    let shared = Shared(slots: 2 * jobs + 2)
    let batchLines = batchLines
    let batchBytes = batchBytes
    let readerThread = Thread {
      Self.read(input, shared: shared, jobs: jobs, batchLines: batchLines, batchBytes: batchBytes)
    }
    readerThread.stackSize = 1 << 20
    readerThread.start()
    for _ in 0..<jobs {
      let worker = Thread {
        defer { shared.workerStopped.signal() }
        while true {
          shared.workReady.wait()
          let work: (Int, JSONLineBatch, Int)? = shared.state.withLock { state in
            guard state.queueHead < state.queue.count else { return nil }
            let item = state.queue[state.queueHead]
            state.queueHead += 1
            if state.queueHead > 64, state.queueHead * 2 > state.queue.count {
              state.queue.removeFirst(state.queueHead)
              state.queueHead = 0
            }
            return item
          }
          guard let (sequence, batch, offset) = work else { return }
          var output = process(batch)
          output.inputOffset = offset
          shared.state.withLock { $0.results[sequence] = output }
          shared.resultReady.signal()
        }
      }
      worker.stackSize = 8 << 20
      worker.start()
    }
    var next = 0
    do {
      while true {
        var ready: [BatchOutput] = []
        let (finished, total) = shared.state.withLock { state in
          while let output = state.results.removeValue(forKey: next + ready.count) { ready.append(output) }
          return (state.finished, state.total)
        }
        for output in ready {
          next += 1
          try emit(output)
          shared.slots.signal()
        }
        if finished && next == total { break }
        try idle()
        _ = shared.resultReady.wait(timeout: .now() + .milliseconds(100))
      }
    } catch {
      // Stop the reader (at its next batch) and the workers (after the batch each is on), and
      // wait for the workers: the caller may end the process next, and a worker still inside
      // ICU or HarfBuzz while the process runs its exit handlers could crash. The reader is not
      // waited for (it may be blocked reading a slow input); it calls neither.
      shared.state.withLock { state in
        state.cancelled = true
        state.queue.removeAll()
        state.queueHead = 0
      }
      for _ in 0..<(2 * jobs + 2) { shared.slots.signal() }
      for _ in 0..<jobs { shared.workReady.signal() }
      for _ in 0..<jobs { shared.workerStopped.wait() }
      throw error
    }
    if let error = shared.state.withLock({ $0.readError }) { throw error }
  }

  private static func read(
    _ input: InputSource, shared: Shared, jobs: Int, batchLines: Int, batchBytes: Int
  ) {
    var sequence = 0
    var batch = JSONLineBatch()
    var offset = 0
    func submit() -> Bool {
      guard !batch.isEmpty else { return true }
      shared.slots.wait()
      let submitted = shared.state.withLock { state -> Bool in
        guard !state.cancelled else { return false }
        state.queue.append((sequence, batch, offset))
        return true
      }
      guard submitted else { return false }
      sequence += 1
      batch = JSONLineBatch()
      shared.workReady.signal()
      return true
    }
    var splitter = JSONLineSplitter(maximumLineLength: batch.maximumLineLength)
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
    defer { chunk.deallocate() }
    var failure: (any Error)?
    reading: do {
      while true {
        let count = try input.read(into: chunk)
        if count == 0 { break }
        offset += count
        var keepGoing = true
        splitter.feed(UnsafeBufferPointer(rebasing: chunk.bindMemory(to: UInt8.self)[..<count])) { event in
          guard keepGoing else { return }
          batch.append(event)
          if batch.count >= batchLines || batch.bytes.count >= batchBytes { keepGoing = submit() }
        }
        guard keepGoing, submit() else { break reading }
        try input.checkEndless(splitter)
      }
      splitter.finish { batch.append($0) }
      _ = submit()
    } catch {
      failure = error
    }
    shared.state.withLock { state in
      state.finished = true
      state.total = sequence
      state.readError = failure
    }
    for _ in 0..<jobs { shared.workReady.signal() }
    shared.resultReady.signal()
  }
}
