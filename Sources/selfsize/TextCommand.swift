public import ArgumentParser
import Baseline
import Feed
import Foundation
import TextEngine

struct TextCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "text",
    abstract: "Measure paragraphs (JSON Lines {\"id\", \"text\"}) at one or more widths.",
    usage: "selfsize text --width <width> ... [--input <file>] [<options>]",
    discussion: """
      Reads JSON Lines from --input (or stdin), a line at a time, and writes one result per \
      line and width in input order as soon as it is measured. A bad line is reported on \
      stderr as `error: FILE:LINE: id X: what` and the rest go on (exit status 1).

      Regression checks: --write-baseline FILE records every text's height and lines at each \
      width with what produced them (fonts, settings, versions); --baseline FILE [--tolerance PT] \
      compares a run with it, prints what moved and exits 1 when anything moved beyond the \
      tolerance; --diff-report DIR draws the changed paragraphs before and after.

      Example:
        echo '{"id":"a","text":"Hello, world"}' | selfsize text -w 150 -w 343 --format table
      """)

  /// The fields of an output object, in order.
  static let fields = ["id", "width", "lineCount", "height", "breaks", "lines", "truncated", "missingGlyphs"]

  @Option(
    name: [.short, .customLong("width")],
    help: ArgumentHelp("Layout width in points (repeatable).", valueName: "width"))
  var widths: [Double] = []
  @Option(
    name: [.short, .long],
    help: ArgumentHelp("JSON Lines input file, '-' for stdin (default: stdin).", valueName: "file"))
  var input: String?
  @OptionGroup var fontOptions: FontOptions
  @Option(help: "Font size in points.") var size: Double = 15
  @Option(help: "Font weight: regular or bold.") var weight: FontWeight = .regular
  @Option(name: .customLong("line-height"), help: "Fixed line height in points (default: natural).")
  var lineHeight: Double?
  @Option(name: .customLong("letter-spacing"), help: "Extra advance after each character, in points.")
  var letterSpacing: Double = 0
  @Option(name: .customLong("max-lines"), help: "Most lines; 0 = unlimited. Longer text ends with \"…\".")
  var maxLines: Int = 0
  @OptionGroup var outputOptions: OutputOptions
  @OptionGroup var jobOptions: JobOptions
  @OptionGroup var baselineOptions: BaselineOptions

  func validate() throws {
    guard !widths.isEmpty else { throw ValidationError("give at least one --width") }
    for width in widths where !(width > 0) || width.isNaN {
      throw ValidationError("--width must be a positive number (or inf), got \(JSONValue.format(width))")
    }
    do {
      try style.validate()
    } catch {
      throw ValidationError(error.message)
    }
    try jobOptions.validateJobs()
  }

  var style: TextStyle {
    TextStyle(
      fontSize: size, weight: weight, letterSpacing: letterSpacing,
      lineHeight: lineHeight.map { .fixed($0) } ?? .natural, maxLines: maxLines)
  }

  /// The settings a baseline records (widths are in its records).
  var baselineSettings: [(String, String)] {
    [
      ("size", JSONValue.format(size)), ("weight", weight.rawValue),
      ("lineHeight", lineHeight.map(JSONValue.format) ?? "natural"),
      ("letterSpacing", JSONValue.format(letterSpacing)), ("maxLines", "\(maxLines)"),
    ]
  }

  func run() throws {
    let formatter = try RecordFormatter(
      format: outputOptions.format, fields: outputOptions.fields, available: Self.fields,
      defaultFields: ["id", "width", "lineCount", "height", "truncated", "missingGlyphs", "lines"])
    let stored = try baselineOptions.loadBaseline(command: "text")
    let job = TextJob(
      measurer: try fontOptions.measurer(), style: style, widths: widths, strict: fontOptions.strict)
    if baselineOptions.isActive {
      try baselineOptions.run(
        input: input, jobOptions: jobOptions, formatter: formatter, stored: stored,
        provenance: try BaselineOptions.provenance(
          command: "text", measurer: job.measurer, template: nil, settings: baselineSettings),
        measurer: job.measurer, styles: ["": style]
      ) { line, number, output throws(RecordError) in
        output.records += try job.baselineRecords(
          for: TextRecord(utf8: line, line: number), warnings: &output.warnings)
      }
      return
    }
    let source = try InputSource(path: input)
    var run = BatchRun(
      input: source, sink: try OutputSink(path: outputOptions.output), formatter: formatter,
      jobs: jobOptions.workerCount, progress: .forTerminal(quiet: jobOptions.quiet), columns: formatter.fields
    )
    let failures = try run.run { line, number, output in
      if formatter.format == .jsonl {
        return job.writeLines(utf8: line, number: number, to: &output.writer, warnings: &output.warnings)
      }
      do throws(RecordError) {
        formatter.append(
          try job.objects(for: TextRecord(utf8: line, line: number), warnings: &output.warnings), to: &output)
        return nil
      } catch {
        return error
      }
    }
    if failures > 0 { throw ExitCode(1) }
  }
}

extension FontWeight: ExpressibleByArgument {}
