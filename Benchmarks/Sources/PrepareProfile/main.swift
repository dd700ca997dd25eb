// A plain driver for profilers (valgrind --tool=callgrind, perf): prepares the corpus warm
// N times. Usage: PrepareProfile [rounds] [prepare|breaks]
import Foundation
import TextEngine

let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("Tests/Fixtures/corpus/feed-visible.jsonl")
let corpus = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
  (try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any])["text"] as! String
}
let rounds = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1])! : 20
let measurer = try BundledFonts.measurer()
let style = TextStyle(fontSize: 15, lineHeight: .fixed(21))
for text in corpus { _ = try measurer.prepare(text, style: style) }
let mode = CommandLine.arguments.count > 2 ? CommandLine.arguments[2] : "prepare"
let start = ContinuousClock.now
var lines = 0
for _ in 0..<rounds {
  for text in corpus {
    if mode == "breaks" {
      lines += try measurer.lineBreakOpportunities(in: text).count
    } else {
      lines += try measurer.prepare(text, style: style).measure(width: 170).lineCount
    }
  }
}
let elapsed = ContinuousClock.now - start
print("warm \(mode): \(elapsed / (rounds * corpus.count)) per text (\(lines) lines or breaks)")
