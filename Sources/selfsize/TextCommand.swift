import ArgumentParser
import Feed
import Foundation
import TextEngine

struct TextCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "text", abstract: "Measure paragraphs (JSON Lines {\"id\", \"text\"}) at one or more widths."
  )

  enum Format: String, ExpressibleByArgument, CaseIterable { case jsonl, table }

  @Option(name: .customLong("width"), help: "Layout width in points (repeatable).")
  var widths: [Double] = []
  @OptionGroup var fontOptions: FontOptions
  @Option(help: "Font size in points.") var size: Double = 15
  @Option(help: "Font weight: regular or bold.") var weight: FontWeight = .regular
  @Option(name: .customLong("line-height"), help: "Fixed line height in points (default: natural).")
  var lineHeight: Double?
  @Option(name: .customLong("letter-spacing"), help: "Extra advance after each character, in points.")
  var letterSpacing: Double = 0
  @Option(name: .customLong("max-lines"), help: "Most lines; 0 = unlimited. Longer text ends with \"…\".")
  var maxLines: Int = 0
  @Option(help: "JSON Lines input file (default: stdin).") var input: String?
  @Option(help: "Output format: jsonl or table.") var format: Format = .jsonl

  func validate() throws {
    guard !widths.isEmpty else { throw ValidationError("give at least one --width") }
    for width in widths where !(width > 0) || width.isNaN {
      throw ValidationError("--width must be a positive number (or inf), got \(width)")
    }
    do {
      try style.validate()
    } catch {
      throw ValidationError(error.message)
    }
  }

  var style: TextStyle {
    TextStyle(
      fontSize: size, weight: weight, letterSpacing: letterSpacing,
      lineHeight: lineHeight.map { .fixed($0) } ?? .natural, maxLines: maxLines)
  }

  func run() throws {
    let measurer = try fontOptions.measurer()
    let source = input ?? "<stdin>"
    let data = try readInput(input)
    var diagnostics = Diagnostics()
    var output = StandardOutput()
    var table = TextTable(columns: ["id", "width", "lines", "height", "truncated", "missing", "first line"])
    for line in JSONLine.split(data) {
      let location = "\(source):\(line.number)"
      let record: TextRecord
      do {
        record = try TextRecord(jsonLine: line.text)
      } catch {
        diagnostics.report(location, error.message)
        continue
      }
      do {
        let prepared = try measurer.prepare(record.text, style: style)
        if diagnostics.reportMissingGlyphs(
          at: location, id: record.id, texts: prepared.missingGlyphs > 0 ? [(nil, prepared)] : [],
          measurer: measurer, strict: fontOptions.strict)
        {
          continue
        }
        for width in widths {
          let layout = try prepared.layout(width: width)
          switch format {
          case .jsonl:
            output.writeLine(layout.jsonValue(id: record.id, prepared: prepared).serialized())
          case .table:
            table.append([
              record.id, JSONValue.format(width), "\(layout.lineCount)", JSONValue.format(layout.height),
              "\(layout.truncated)", "\(layout.missingGlyphs)",
              layout.lines.first.map { prepared.text(of: $0) } ?? "",
            ])
          }
        }
      } catch {
        diagnostics.report("\(location) (id \(record.id))", error.message)
      }
    }
    if format == .table { output.write(table.rendered()) }
    output.flush()
    try diagnostics.finish()
  }
}

extension FontWeight: ExpressibleByArgument {}
