import Foundation
import Testing

/// `selfsize measure`'s `--pixel-scale`, `--line-height` and `--precision`, and its agreement
/// with `selfsize layout`.
@Suite struct MeasureOptionsTests {
  static let template = "Examples/note-card.template.json"

  static func rows(_ arguments: [String], stdin: String? = nil) throws -> [[String: Any]] {
    let result = try CLIRunner.run(["measure", "--template", template] + arguments, stdin: stdin)
    #expect(result.status == 0, "\(result.stderr)")
    return result.jsonLines
  }

  @Test func pixelScaleRoundsCardHeightsUpAsTheLayoutPlacesThem() throws {
    // The column width of a 375-pt collection in two columns with spacing and insets 8.
    // UIKit's rounding to device pixels: the ios platform's.
    let exact = try Self.rows(["-i", "Examples/feed.jsonl", "-w", "175.5", "--platform", "ios"])
    let rounded = try Self.rows([
      "-i", "Examples/feed.jsonl", "-w", "175.5", "--pixel-scale", "2", "--platform", "ios",
    ])
    #expect(rounded.count == 240)
    let exactHeights = exact.compactMap { $0["height"] as? Double }
    let heights = rounded.compactMap { $0["height"] as? Double }
    #expect(exactHeights.contains { ($0 * 2).rounded() != $0 * 2 })
    #expect(heights == exactHeights.map { ($0 * 2).rounded(.up) / 2 })
    let layout = try CLIRunner.run([
      "layout", "--template", Self.template, "-i", "Examples/feed.jsonl", "--pixel-scale", "2", "--format",
      "jsonl", "--platform", "ios",
    ])
    #expect(layout.status == 0, "\(layout.stderr)")
    let byID = Dictionary(
      uniqueKeysWithValues: layout.jsonLines.compactMap { row -> (String, Double)? in
        guard let id = row["id"] as? String, let frame = row["frame"] as? [Double] else { return nil }
        return (id, frame[3])
      })
    for row in rounded {
      let id = try #require(row["id"] as? String)
      #expect(byID[id] == row["height"] as? Double, "\(id)")
    }
  }

  @Test func lineHeightOverridesEveryStyleOfTheTemplate() throws {
    let item =
      #"{"id":"n","title":"A title long enough to take two lines at this width","author":"me","likes":3}"#
    func titleFrame(_ arguments: [String]) throws -> [Double] {
      let row = try #require(try Self.rows(["-w", "150"] + arguments, stdin: item).first)
      let elements = try #require(row["elements"] as? [[String: Any]])
      let title = try #require(elements.first { $0["name"] as? String == "title" })
      #expect(title["lineCount"] as? Int == 2)
      return try #require(title["frame"] as? [Double])
    }
    // The template's title style: 15 pt, line height 21.
    #expect(try titleFrame([])[3] == 42)
    #expect(try titleFrame(["--line-height", "30"])[3] == 60)
    #expect(try titleFrame(["--line-height", "2x"])[3] == 60)
    #expect(abs(try titleFrame(["--line-height", "natural", "--platform", "ios"])[3] - 2 * 21.72) < 1e-9)
    // On the web the natural line height is 17 + 4: ascent and descent rounded to whole pixels.
    #expect(try titleFrame(["--line-height", "natural"])[3] == 2 * 21)
  }

  @Test func precisionRoundsHeightsAndFrames() throws {
    let rows = try Self.rows(["-i", "Examples/feed.jsonl", "-w", "175.5", "--precision", "0"])
    #expect(rows.count == 240)
    for row in rows {
      let height = try #require(row["height"] as? Double)
      #expect(height == height.rounded())
      for element in (row["elements"] as? [[String: Any]]) ?? [] {
        for value in (element["frame"] as? [Double]) ?? [] { #expect(value == value.rounded()) }
      }
    }
  }

  @Test func aBadItemIsReportedOnceWhateverTheNumberOfWidths() throws {
    let items = #"{"id":"x","title":"t","likes":1}"# + "\n"
    let result = try CLIRunner.run(
      ["measure", "--template", Self.template, "-w", "150", "-w", "170", "-w", "343"], stdin: items)
    #expect(result.status == 1)
    let errors = result.stderr.split(separator: "\n")
    #expect(errors.count == 1)
    #expect(errors.first?.hasPrefix("error: <stdin>:1: id x: author: ") == true)
  }
}
