import ArgumentParser
import CellSizing
import Feed
import Foundation
import TextEngine

struct MeasureCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "measure", abstract: "Heights and element frames of template cells for JSON Lines items.")

  enum Format: String, ExpressibleByArgument, CaseIterable { case jsonl, table }

  @Option(help: "Template file (JSON, see Docs/Templates.md).") var template: String
  @Option(help: "Items file (JSON Lines, each with an \"id\"); default: stdin.") var items: String?
  @Option(name: .customLong("width"), help: "Cell width in points (repeatable).") var widths: [Double] = []
  @OptionGroup var fontOptions: FontOptions
  @Option(help: "Output format: jsonl or table.") var format: Format = .jsonl

  func validate() throws {
    guard !widths.isEmpty else { throw ValidationError("give at least one --width") }
    for width in widths where !(width > 0) || !width.isFinite {
      throw ValidationError("--width must be a positive finite number, got \(width)")
    }
  }

  func run() throws {
    let templateData = try readInput(template)
    let cellTemplate: CellTemplate
    do {
      cellTemplate = try CellTemplate(json: templateData)
    } catch {
      throw ValidationError("\(template): \(error.description)")
    }
    let sizer: CellSizer
    do {
      sizer = try CellSizer(template: cellTemplate, measurer: try fontOptions.measurer())
    } catch let error as CellSizingError {
      throw ValidationError("\(template): \(error.description)")
    }
    let source = items ?? "<stdin>"
    let decoded = CellItem.decodeLines(try readInput(items))
    var diagnostics = Diagnostics()
    var output = StandardOutput()
    var table = TextTable(columns: ["id", "width", "height", "elements", "hidden", "clipped"])
    for result in decoded {
      for width in widths {
        let measurement: CellMeasurement
        switch result {
        case .failure(let error):
          if width == widths[0] { diagnostics.report(source, error.description) }
          continue
        case .success(let item):
          do {
            measurement = try sizer.measure(item, width: width)
          } catch {
            diagnostics.report(source, error.description)
            continue
          }
          if measurement.missingGlyphs > 0 {
            let location = item.line.map { "\(source):\($0)" } ?? source
            let failed =
              width == widths[0]
              ? diagnostics.reportMissingGlyphs(
                at: location, cell: try sizer.preparedCell(for: item), measurer: sizer.measurer,
                strict: fontOptions.strict)
              : fontOptions.strict
            if failed { continue }
          }
        }
        switch format {
        case .jsonl: output.writeLine(measurement.jsonValue.serialized())
        case .table:
          table.append([
            measurement.id, SelfSizingCore.JSONValue.format(width),
            SelfSizingCore.JSONValue.format(measurement.height),
            measurement.elements.map { "\($0.name) \(SelfSizingCore.JSONValue.format($0.height))" }.joined(
              separator: ", "),
            measurement.hidden.joined(separator: ","), measurement.isClipped ? "yes" : "",
          ])
        }
      }
    }
    if format == .table { output.write(table.rendered()) }
    output.flush()
    try diagnostics.finish()
  }
}
