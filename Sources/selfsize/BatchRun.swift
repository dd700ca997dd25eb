import ArgumentParser
import Baseline
import Foundation
import SelfSizingCore
import TextEngine

/// One streaming run of a line-at-a-time command (`text`, `measure`): input lines in,
/// formatted results out in input order, errors on stderr as `error: FILE:LINE: id X: what`,
/// progress on a terminal.
struct BatchRun {
  var input: InputSource
  var sink: OutputSink
  var formatter: RecordFormatter
  var jobs: Int
  var progress: ProgressLine
  /// The table header names (table format).
  var columns: [String]
  /// Collect the workers' baseline records instead of writing results (nothing is written to
  /// the sink).
  var collectsRecords = false
  /// The baseline records of the run, in input order (when ``collectsRecords``).
  private(set) var records: [BaselineRecord] = []
  /// Written before the first result and after the last (the page around `--format html` cards).
  var prologue = ""
  var epilogue = ""
  /// The label styles of ``records``, by element name.
  private(set) var styles: [String: TextStyle] = [:]

  /// Runs `process` on every input line and writes the results.
  /// - Returns: the number of failed records.
  /// - Throws: a usage error when reading or writing fails; `OutputClosed` when stdout closed.
  mutating func run(
    _ process: @escaping @Sendable (UnsafeBufferPointer<UInt8>, Int, inout BatchOutput) -> RecordError?
  ) throws -> Int {
    var diagnostics = Diagnostics()
    var table = TextTable(columns: columns)
    var itemCount = 0
    var isFirst = true
    var records: [BaselineRecord] = []
    var styles: [String: TextStyle] = [:]
    defer {
      self.records = records
      self.styles = styles
    }
    let format: OutputFormat? = collectsRecords ? nil : formatter.format
    switch format {
    case .csv: try sink.write(Array((formatter.fields.joined(separator: ",") + "\n").utf8))
    case .json: try sink.write(Array("[".utf8))
    case .html: try sink.write(prologue)
    case .jsonl, .table, nil: break
    }
    let source = input.name
    let size = input.size
    let pipeline = BatchPipeline(jobs: jobs)
    var progress = progress
    defer { progress.finish() }
    try pipeline.run(
      input: input,
      process: { batch in
        var output = BatchOutput()
        batch.forEachLine { number, line in
          output.items += 1
          switch line {
          case .failure(let error): output.errors.append(error)
          case .success(let bytes):
            if let error = process(bytes, number, &output) { output.errors.append(error) }
          }
        }
        return output
      },
      emit: { output in
        if output.warnings.isEmpty {
          for error in output.errors { diagnostics.report(error, in: source) }
        } else {
          // Errors and warnings interleaved by line, as the records came.
          let notes = (output.errors.map { ($0, true) } + output.warnings.map { ($0, false) })
            .enumerated().sorted { ($0.element.0.line ?? 0, $0.offset) < ($1.element.0.line ?? 0, $1.offset) }
          for (_, (note, isError)) in notes {
            if isError { diagnostics.report(note, in: source) } else { diagnostics.warn(note, in: source) }
          }
        }
        itemCount += output.items
        switch format {
        case nil:
          records.append(contentsOf: output.records)
          styles.merge(output.styles) { old, _ in old }
        case .table: table.rows.append(contentsOf: output.rows)
        case .json where isFirst && output.writer.count > 0:
          // The first member's separator is ",\n"; the array starts "[\n".
          try sink.write(output.writer.bytes[1...])
          isFirst = false
        default: try sink.write(output.writer.bytes)
        }
        progress.update(items: itemCount, bytesRead: output.inputOffset, totalBytes: size)
      },
      idle: { try sink.flush() })
    switch format {
    case .json: try sink.write(Array((isFirst ? "]\n" : "\n]\n").utf8))
    case .table: try sink.write(Array(table.rendered().utf8))
    case .html: try sink.write(epilogue)
    case .jsonl, .csv, nil: break
    }
    progress.finish()
    try sink.finish()
    return diagnostics.failureCount
  }
}
