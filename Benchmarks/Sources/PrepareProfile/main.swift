// A plain driver for profilers (valgrind --tool=callgrind, perf) and for Scripts/bench-check.sh:
// runs one kind of work over the 1,024 corpus texts `rounds` times inside `measuredRounds`, so
// `valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*measuredRounds*'` counts
// that work alone. Usage: PrepareProfile [rounds] [mode]; modes:
//   prepare  warm prepare (segments cached)         cold    prepare with an empty segment cache
//   cold-kept  prepare with a cache emptied keeping its memory (as the floor's cold prepare)
//   measure  measure(width:) at a new width          layout  layout(width:) at a new width
//   batch  PreparedTextBatch.measure(width:into:) at a new width
//   paired-measure, paired-batch  the same two over texts of two paragraphs (a text, a newline,
//     the next text)
//   balance, pretty  measure(width:) at a new width under `text-wrap-style` (web)
//   breaks   line-break opportunities only           text    the `selfsize text` path in memory
//   prepare-measure  warm prepare, then measure(width: 170), per text
//   floor-shape, floor-cold, floor-warm, floor-layout, floor-text: the C floor's counterparts
import Feed
import Foundation
import TextEngine
import TextFloor

let corpus = BenchmarkCorpus.texts
let rounds = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1])! : 20
let mode = CommandLine.arguments.count > 2 ? CommandLine.arguments[2] : "prepare"
let regular = try BundledFonts.regularChain()
let bold = try BundledFonts.boldChain()
let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
// SELFSIZE_PLATFORM=ios|flutter profiles another platform's rules (default: web, the CLI's).
let platform =
  ProcessInfo.processInfo.environment["SELFSIZE_PLATFORM"].flatMap(TextPlatform.init(rawValue:)) ?? .web
let warm = TextMeasurer(regular: regular, bold: bold, platform: platform)
let emptied = TextMeasurer(regular: regular, bold: bold, platform: platform)
for text in corpus { _ = try warm.prepare(text, style: style) }
let prepared = try corpus.map { try warm.prepare($0, style: style) }
let batch = PreparedTextBatch(prepared)
let paired = try corpus.indices.map {
  try warm.prepare(corpus[$0] + "\n" + corpus[($0 + 1) % corpus.count], style: style)
}
let pairedBatch = PreparedTextBatch(paired)
let wrapped = try [TextWrap.balance, .pretty].map { wrap in
  var wrapStyle = style
  wrapStyle.textWrap = wrap
  return try corpus.map { try warm.measuring(for: .web).prepare($0, style: wrapStyle) }
}
var batchResults: [TextMeasurement] = []
let lines = BenchmarkCorpus.jsonLines
let job = TextJob(measurer: warm, style: style, widths: [170])
var writer = JSONWriter(capacity: 1 << 20)
let font = regular.primary
let floorTexts = corpus.map(UTF8Text.init)
let floorBatch = UTF8Batch(corpus)
let floor = TextFloor(fontPath: font.path, faceIndex: font.faceIndex, fontSize: 15)!
for text in floorTexts { floor.prepare(text) }
_ = floor.prepareAndLayout(floorBatch, width: 170)
floor.clearParagraphs()
for text in floorTexts { floor.prepare(text) }
// Touch the lazily built tables before counting.
_ = try warm.lineBreakOpportunities(in: corpus[0])

@MainActor @inline(never) func measuredRounds() throws -> Int {
  var total = 0
  for round in 0..<rounds {
    let width = 150 + Double(round % 200)
    switch mode {
    case "prepare":
      for text in corpus { total += try warm.prepare(text, style: style).scalarCount }
    case "cold":
      let measurer = TextMeasurer(regular: regular, bold: bold, platform: platform)
      for text in corpus { total += try measurer.prepare(text, style: style).scalarCount }
    case "cold-kept":
      emptied.removeCachedSegments(keepingCapacity: true)
      for text in corpus { total += try emptied.prepare(text, style: style).scalarCount }
    case "prepare-measure":
      for text in corpus { total += try warm.prepare(text, style: style).measure(width: 170).lineCount }
    case "measure":
      for text in prepared { total += try text.measure(width: width).lineCount }
    case "batch":
      try batch.measure(width: width, into: &batchResults)
      for result in batchResults { total += result.lineCount }
    case "balance":
      for text in wrapped[0] { total += try text.measure(width: width).lineCount }
    case "pretty":
      for text in wrapped[1] { total += try text.measure(width: width).lineCount }
    case "paired-measure":
      for text in paired { total += try text.measure(width: width).lineCount }
    case "paired-batch":
      try pairedBatch.measure(width: width, into: &batchResults)
      for result in batchResults { total += result.lineCount }
    case "layout":
      for text in prepared { total += try text.layout(width: width).lineCount }
    case "breaks":
      for text in corpus { total += try warm.lineBreakOpportunities(in: text).count }
    case "text":
      writer.removeAll()
      for (number, line) in lines.enumerated() {
        _ = line.withUnsafeBufferPointer { job.writeLines(utf8: $0, number: number + 1, to: &writer) }
      }
      total += writer.count
    case "floor-shape":
      for text in floorTexts { total += Int(floor.shapeParagraph(text)) }
    case "floor-cold":
      floor.clearCache()
      floor.clearParagraphs()
      for text in floorTexts { total += floor.prepare(text) }
    case "floor-warm":
      floor.clearParagraphs()
      for text in floorTexts { total += floor.prepare(text) }
    case "floor-layout":
      for paragraph in 0..<floor.paragraphCount { total += floor.lineCount(of: paragraph, width: width) }
    case "floor-text":
      total += floor.prepareAndLayout(floorBatch, width: 170).count
    default:
      fatalError("unknown mode \(mode)")
    }
  }
  return total
}

let start = ContinuousClock.now
let total = try measuredRounds()
let elapsed = ContinuousClock.now - start
print("\(mode): \(elapsed / (rounds * corpus.count)) per text (checksum \(total))")
