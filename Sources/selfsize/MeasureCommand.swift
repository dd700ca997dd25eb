import ArgumentParser
import CellSizing
import Feed
import Foundation
import TextEngine

struct MeasureCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "measure",
    abstract: "Heights and element frames of template cells for JSON Lines items.",
    usage: "selfsize measure --template <file> --width <width> ... [--input <file>] [<options>]",
    discussion: """
      Reads items (JSON Lines, each with a non-empty string "id") from --input (or stdin), a \
      line at a time, and writes one result per item and width in input order. A bad item is \
      reported once on stderr as `error: FILE:LINE: id X: what` and the rest go on (exit \
      status 1).

      Example:
        selfsize measure --template Examples/note-card.template.json -i Examples/feed.jsonl -w 170
      """)

  /// The fields of an output object, in order.
  static let fields = ["id", "width", "height", "missingGlyphs", "elements", "hidden", "clipped"]

  @Option(help: ArgumentHelp("Template file (JSON, see Docs/Templates.md).", valueName: "file"))
  var template: String
  @Option(
    name: [.short, .customLong("input"), .customLong("items")],
    help: ArgumentHelp(
      "Items file (JSON Lines), '-' for stdin (default: stdin). --items is an alias.", valueName: "file"))
  var input: String?
  @Option(
    name: [.short, .customLong("width")],
    help: ArgumentHelp("Cell width in points (repeatable).", valueName: "width"))
  var widths: [Double] = []
  @OptionGroup var fontOptions: FontOptions
  @OptionGroup var outputOptions: OutputOptions
  @OptionGroup var jobOptions: JobOptions

  func validate() throws {
    guard !widths.isEmpty else { throw ValidationError("give at least one --width") }
    for width in widths where !(width > 0) || !width.isFinite {
      throw ValidationError("--width must be a positive finite number, got \(JSONValue.format(width))")
    }
    try jobOptions.validateJobs()
  }

  func run() throws {
    let formatter = try RecordFormatter(
      format: outputOptions.format, fields: outputOptions.fields, available: Self.fields,
      defaultFields: ["id", "width", "height", "elements", "hidden", "clipped"])
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
<<<<<<< HEAD
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
=======
    let job = MeasureJob(sizer: sizer, widths: widths)
    var run = BatchRun(
      input: try InputSource(path: input), sink: try OutputSink(path: outputOptions.output),
      formatter: formatter, jobs: jobOptions.workerCount, progress: .forTerminal(quiet: jobOptions.quiet),
      columns: formatter.fields)
    let failures = try run.run { line, number, output in
      if formatter.format == .jsonl { return job.writeLines(utf8: line, number: number, to: &output.writer) }
      do throws(RecordError) {
        formatter.append(try job.objects(for: CellItem(JSONRecord(utf8: line, line: number))), to: &output)
        return nil
      } catch {
        return error
>>>>>>> main
      }
    }
    if failures > 0 { throw ExitCode(1) }
  }
}
