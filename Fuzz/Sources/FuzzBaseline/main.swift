import Baseline
import FuzzSupport

// Baseline files as users keep them (and edit by hand): the bytes are a baseline file's text.
// A file either reads, or fails with a message and, when the problem is on one line, a line
// inside the file. A file that reads writes back out as bytes that read as the same baseline
// and write the same bytes again; compared with itself nothing moves, is added or removed; and
// a copy whose first record is 1 pt taller moves exactly that record.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBaseline(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  let input = FuzzInput(start, count)
  let text = String(decoding: input.rest, as: UTF8.self)
  let baseline: Baseline
  do throws(BaselineError) {
    baseline = try Baseline(parsing: text)
  } catch {
    require(!error.message.isEmpty, "a baseline error says what is wrong")
    if let line = error.line {
      let lineCount = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.count
      require(line >= 1 && line <= lineCount, "error on line \(line) of \(lineCount): \(error)")
    }
    return 0
  }
  let written = baseline.jsonLines()
  let reread: Baseline
  do throws(BaselineError) {
    reread = try Baseline(parsing: written)
  } catch {
    fatalError("invariant broken: a baseline it wrote does not read back: \(error)\n\(written)")
  }
  require(reread == baseline, "a baseline reads back as itself:\n\(written)")
  require(reread.jsonLines() == written, "a baseline writes the same bytes twice")

  let same = BaselineComparison(baseline: baseline, current: baseline)
  require(!same.hasMoved && same.added.isEmpty && same.removed.isEmpty, "a baseline against itself moves")
  require(same.unchangedCount == baseline.records.count, "every record unchanged against itself")
  _ = same.report()
  _ = same.jsonValue().serialized()

  guard let first = baseline.records.first, first.height.magnitude < 1e9 else { return 0 }
  var taller = baseline
  taller.records[0].height += 1
  let moved = BaselineComparison(baseline: baseline, current: taller, tolerance: 0.5)
  require(moved.movedCount == 1 && moved.changes.first?.key == first.key, "one record 1 pt taller moves")
  _ = moved.report()
  return 0
}

/// The entry point SwiftPM links as `main` (see `runFuzzer`).
@_cdecl("FuzzBaseline_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc, argv, fuzzBaseline)
}
