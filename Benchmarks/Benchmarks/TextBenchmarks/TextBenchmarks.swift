import Benchmark
import Feed
import Foundation
import Synchronization
import TextEngine
import TextFloor

/// The 1,024 visible texts of the real feed corpus (Tests/Fixtures/corpus).
private let corpus = BenchmarkCorpus.texts

private let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
/// A different width every iteration, so no layout can be reused.
private let widthStep = Atomic<Int>(0)

private func nextWidth() -> Double {
  150 + Double(widthStep.add(1, ordering: .relaxed).newValue % 200)
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal], warmupIterations: 3,
    scalingFactor: .one, maxDuration: .seconds(5), maxIterations: 1_000)

  let regular = try! BundledFonts.regularChain()
  let bold = try! BundledFonts.boldChain()

  // Every benchmark below handles all 1,024 texts per iteration: divide by 1,024 for per text.

  // A fresh process's cost: the measurer's teardown (freeing its cache) is not measured.
  Benchmark("prepare cold (1024 texts, empty segment cache)") { benchmark in
    let measurer = TextMeasurer(regular: regular, bold: bold)
    benchmark.startMeasurement()
    for text in corpus { blackHole(try! measurer.prepare(text, style: style)) }
    withExtendedLifetime(measurer) { benchmark.stopMeasurement() }
  }

  // As the floor's cold prepare: an empty cache in memory already touched.
  let emptied = TextMeasurer(regular: regular, bold: bold)
  Benchmark("prepare cold, cache emptied keeping its memory (1024 texts)") { benchmark in
    emptied.removeCachedSegments(keepingCapacity: true)
    benchmark.startMeasurement()
    for text in corpus { blackHole(try! emptied.prepare(text, style: style)) }
  }

  let warm = TextMeasurer(regular: regular, bold: bold)
  for text in corpus { _ = try! warm.prepare(text, style: style) }
  Benchmark("prepare warm (1024 texts, segments cached)") { _ in
    for text in corpus { blackHole(try! warm.prepare(text, style: style)) }
  }

  Benchmark("line segmentation only, built-in UAX #14 (1024 texts)") { _ in
    for text in corpus { blackHole(try! warm.lineBreakOpportunities(in: text)) }
  }

  // Any non-empty locale breaks with ICU's iterator ("en" has the root rules).
  let icu = TextMeasurer(regular: regular, bold: bold, locale: "en")
  Benchmark("line segmentation only, ICU break iterator (1024 texts)") { _ in
    for text in corpus { blackHole(try! icu.lineBreakOpportunities(in: text)) }
  }

  let primary = regular.primary
  Benchmark("hb_shape whole paragraph (1024 texts, one call each)") { _ in
    for text in corpus { blackHole(primary.advance(of: text, pointSize: 15)) }
  }

  let prepared = corpus.map { try! warm.prepare($0, style: style) }
  Benchmark("layout at a new width (1024 texts, measure)") { benchmark in
    let width = nextWidth()
    benchmark.startMeasurement()
    for text in prepared { blackHole(try! text.measure(width: width)) }
  }

  // The same texts under CSS `text-wrap-style: balance` and `pretty` (web): Blink's scored breaks
  // and width bisection at every new width, against the greedy `measure` above.
  for wrap in [TextWrap.balance, .pretty] {
    var wrapStyle = style
    wrapStyle.textWrap = wrap
    let wrapped = corpus.map { try! warm.measuring(for: .web).prepare($0, style: wrapStyle) }
    Benchmark("layout at a new width, text-wrap \(wrap.rawValue) (1024 texts, measure)") { benchmark in
      let width = nextWidth()
      benchmark.startMeasurement()
      for text in wrapped { blackHole(try! text.measure(width: width)) }
    }
  }

  // The same texts in a PreparedTextBatch, its results written into one reused array.
  let batch = PreparedTextBatch(prepared)
  var batchResults: [TextMeasurement] = []
  Benchmark("layout at a new width, a batch (1024 texts, PreparedTextBatch.measure)") { benchmark in
    let width = nextWidth()
    benchmark.startMeasurement()
    try! batch.measure(width: width, into: &batchResults)
    blackHole(batchResults)
  }

  Benchmark("layout at a new width with lines (1024 texts, layout)") { benchmark in
    let width = nextWidth()
    benchmark.startMeasurement()
    for text in prepared { blackHole(try! text.layout(width: width)) }
  }

  // The C floor on the same texts and font, in the same run.
  let font = regular.primary
  let floorTexts = corpus.map(UTF8Text.init)
  let floor = TextFloor(fontPath: font.path, faceIndex: font.faceIndex, fontSize: 15)!

  Benchmark("floor: hb_shape whole paragraph (1024 texts, one call each)") { _ in
    for text in floorTexts { blackHole(floor.shapeParagraph(text)) }
  }

  Benchmark("floor: prepare cold (1024 texts, empty segment cache)") { benchmark in
    floor.clearCache()
    floor.clearParagraphs()
    benchmark.startMeasurement()
    for text in floorTexts { blackHole(floor.prepare(text)) }
  }

  Benchmark("floor: prepare warm (1024 texts, segments cached)") { benchmark in
    floor.clearParagraphs()
    benchmark.startMeasurement()
    for text in floorTexts { blackHole(floor.prepare(text)) }
  }

  let floorLayout = TextFloor(fontPath: font.path, faceIndex: font.faceIndex, fontSize: 15)!
  for text in floorTexts { floorLayout.prepare(text) }
  // End to end: what `selfsize text --width 170` does per input line, in memory (parse the JSON
  // Lines record, prepare, lay out, write the output object), one thread, warm caches; beside
  // the floor's prepare + line count of the same texts at the same width.
  let lines = BenchmarkCorpus.jsonLines
  let job = TextJob(measurer: warm, style: style, widths: [170])
  Benchmark("end to end: selfsize text path, JSON Lines in memory (1024 texts, width 170)") { _ in
    var writer = JSONWriter(capacity: 1 << 20)
    for (number, line) in lines.enumerated() {
      let error = line.withUnsafeBufferPointer { job.writeLines(utf8: $0, number: number + 1, to: &writer) }
      precondition(error == nil)
    }
    blackHole(writer.count)
  }

  let floorBatch = UTF8Batch(corpus)
  let floorEndToEnd = TextFloor(fontPath: font.path, faceIndex: font.faceIndex, fontSize: 15)!
  _ = floorEndToEnd.prepareAndLayout(floorBatch, width: 170)
  Benchmark("floor: prepare + layout (1024 texts, width 170)") { _ in
    blackHole(floorEndToEnd.prepareAndLayout(floorBatch, width: 170))
  }

  Benchmark("floor: greedy layout at a new width (1024 texts)") { benchmark in
    let width = nextWidth()
    benchmark.startMeasurement()
    for paragraph in 0..<floorLayout.paragraphCount {
      blackHole(floorLayout.lineCount(of: paragraph, width: width))
    }
  }
}
