import ArgumentParser
import Baseline
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

      Regression checks: --write-baseline FILE records every item's height, element frames and \
      label lines at each width with what produced them (template and fonts with checksums, \
      versions); --baseline FILE [--tolerance PT] compares a run with it, prints what moved \
      (id, width, element, old → new height, lines, the first changed line) and exits 1 when \
      anything moved beyond the tolerance; --diff-report DIR draws the changed cards before \
      and after (PNG and index.html).

      Example:
        selfsize measure --template Examples/note-card.template.json -i Examples/feed.jsonl -w 170
      """)

  /// The fields of an output object, in order.
  static let fields = ["id", "width", "height", "missingGlyphs", "elements", "hidden", "clipped", "platform"]

  @Option(help: ArgumentHelp("Template file (JSON, see Docs/Templates.md).", valueName: "file"))
  var template: String
  @Option(
    name: [.short, .customLong("input"), .customLong("items")],
    help: ArgumentHelp(
      "Items file (JSON Lines), '-' for stdin (default: stdin). --items is an alias.", valueName: "file"))
  var input: String?
  @Option(
    name: [.short, .customLong("width")],
    help: ArgumentHelp(
      "Cell width in points (repeatable; several may be given as 150,343).", valueName: "width"))
  var widthArguments: [String] = []
  /// The `--width` values in order (empty when one is invalid; `validate()` says which).
  var widths: [Double] { (try? WidthArguments.parse(widthArguments, allowsInfinity: false)) ?? [] }
  @Option(
    name: .customLong("line-height"),
    help: ArgumentHelp(
      "Every style's line height: natural (the font's), points (21), or a multiple of the style's font size (1.4x); default: the template's.",
      valueName: "natural|pt|Nx"))
  var lineHeight: LineHeightArgument?
  @Option(
    name: .customLong("pixel-scale"),
    help: ArgumentHelp(
      "Device pixels per point (1…16): card heights rounded up to whole pixels (2 → multiples of 0.5).",
      valueName: "n"))
  var pixelScale: Double?
  @OptionGroup var fontOptions: FontOptions
  @OptionGroup var platformOptions: PlatformOptions
  @OptionGroup var outputOptions: OutputOptions
  @OptionGroup var jobOptions: JobOptions
  @OptionGroup var baselineOptions: BaselineOptions

  func validate() throws {
    guard !widthArguments.isEmpty else { throw ValidationError("give at least one --width") }
    _ = try WidthArguments.parse(widthArguments, allowsInfinity: false)
    try lineHeight?.validate()
    if let pixelScale { try PixelScale.validate(pixelScale) }
    try platformOptions.validate(pixelScale: pixelScale)
    try platformOptions.validateFlutterRoundingHack()
    try jobOptions.validateJobs()
    try outputOptions.validatePrecision()
    if outputOptions.format == .html {
      guard platformOptions.platform == .web else {
        throw ValidationError(
          "--format html writes cards as CSS for browsers: it needs --platform web (the default), not \(platformOptions.platform.rawValue)"
        )
      }
      guard !baselineOptions.isActive else {
        throw ValidationError(
          "--format html writes a page: it does not go with --baseline or --write-baseline")
      }
    }
  }

  func run() throws {
    let formatter = try RecordFormatter(
      format: outputOptions.format, fields: outputOptions.fields, available: Self.fields,
      defaultFields: ["id", "width", "height", "missingGlyphs", "elements", "hidden", "clipped"],
      precision: outputOptions.precision)
    let stored = try baselineOptions.loadBaseline(command: "measure")
    let templateData = try readTemplate(template)
    let cellTemplate: CellTemplate
    do {
      cellTemplate = try CellTemplate(json: templateData).overridingLineHeight(lineHeight)
        .overridingFlutterRoundingHack(platformOptions.roundingHack)
    } catch {
      throw ValidationError("\(template): \(error.description)")
    }
    let sizer: CellSizer
    do {
      sizer = try CellSizer(
        template: cellTemplate, measurer: try fontOptions.measurer(platform: platformOptions.platform))
    } catch let error as CellSizingError {
      throw ValidationError("\(template): \(error.description)")
    }
    let job = MeasureJob(sizer: sizer, widths: widths, strict: fontOptions.strict, pixelScale: pixelScale)
    if baselineOptions.isActive {
      try baselineOptions.run(
        input: input, jobOptions: jobOptions, formatter: formatter, stored: stored,
        provenance: try BaselineOptions.provenance(
          command: "measure", measurer: sizer.measurer, template: (template, templateData),
          settings: [
            ("pixelScale", pixelScale.map(JSONValue.format) ?? "none"),
            ("platform", platformOptions.platform.rawValue),
          ] + platformOptions.roundingHackSettings),
        measurer: sizer.measurer, styles: [:], imageNames: DiffReport.imageNames(of: cellTemplate)
      ) { line, number, output throws(RecordError) in
        output.records += try job.baselineRecords(
          for: CellItem(JSONRecord(utf8: line, line: number)), warnings: &output.warnings,
          styles: &output.styles)
      }
      return
    }
    var run = BatchRun(
      input: try InputSource(path: input), sink: try OutputSink(path: outputOptions.output),
      formatter: formatter, jobs: jobOptions.workerCount, progress: .forTerminal(quiet: jobOptions.quiet),
      columns: formatter.fields)
    if formatter.format == .html {
      let sheet = WebCardStyleSheet(template: cellTemplate, fonts: WebCardFonts(measurer: sizer.measurer))
      run.prologue = sheet.pageStart(
        title: "selfsize measure · \(cellTemplate.name.isEmpty ? template : cellTemplate.name)")
      run.epilogue = WebCardStyleSheet.pageEnd
      let failures = try run.run { line, number, output in
        do throws(RecordError) {
          let (cell, measurements) = try job.preparedMeasurements(
            for: CellItem(JSONRecord(utf8: line, line: number)), warnings: &output.warnings)
          for measurement in measurements {
            output.writer.raw(Array(sheet.cardHTML(cell, measurement: measurement).utf8))
          }
          return nil
        } catch {
          return error
        }
      }
      if failures > 0 { throw ExitCode(1) }
      return
    }
    let failures = try run.run { line, number, output in
      if formatter.format == .jsonl && formatter.precision == nil {
        return job.writeLines(utf8: line, number: number, to: &output.writer, warnings: &output.warnings)
      }
      do throws(RecordError) {
        formatter.append(
          try job.objects(for: CellItem(JSONRecord(utf8: line, line: number)), warnings: &output.warnings),
          to: &output)
        return nil
      } catch {
        return error
      }
    }
    if failures > 0 { throw ExitCode(1) }
  }
}
