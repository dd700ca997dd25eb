public import ArgumentParser
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

      Example:
        echo '{"id":"a","text":"Hello, world"}' | selfsize text -w 150 -w 343 --format table
      """)

  /// The fields of an output object, in order.
  static let fields = ["id", "width", "lineCount", "height", "breaks", "lines", "truncated", "missingGlyphs"]

  @Option(
    name: [.short, .customLong("width")],
    help: ArgumentHelp(
      "Layout width in points, or inf (repeatable; several may be given as 150,343).", valueName: "width"))
  var widthArguments: [String] = []
  /// The `--width` values in order (empty when one is invalid; `validate()` says which).
  var widths: [Double] { (try? WidthArguments.parse(widthArguments, allowsInfinity: true)) ?? [] }
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

  func validate() throws {
    guard !widthArguments.isEmpty else { throw ValidationError("give at least one --width") }
    _ = try WidthArguments.parse(widthArguments, allowsInfinity: true)
    do throws(TextError) {
      try style.validate()
    } catch {
      guard let field = error.field, let option = Self.styleOptions[field],
        let requirement = error.requirement
      else { throw ValidationError(error.message) }
      throw ValidationError("\(option) \(requirement)")
    }
    try jobOptions.validateJobs()
  }

  /// The option that sets each ``TextStyle`` field.
  static let styleOptions = [
    "fontSize": "--size", "lineHeight": "--line-height", "letterSpacing": "--letter-spacing",
    "maxLines": "--max-lines",
  ]

  var style: TextStyle {
    TextStyle(
      fontSize: size, weight: weight, letterSpacing: letterSpacing,
      lineHeight: lineHeight.map { .fixed($0) } ?? .natural, maxLines: maxLines)
  }

  func run() throws {
    let formatter = try RecordFormatter(
      format: outputOptions.format, fields: outputOptions.fields, available: Self.fields,
      defaultFields: ["id", "width", "lineCount", "height", "truncated", "missingGlyphs", "lines"])
    let job = TextJob(
      measurer: try fontOptions.measurer(), style: style, widths: widths, strict: fontOptions.strict)
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
