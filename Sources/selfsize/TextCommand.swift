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

      Examples:
        echo '{"id":"a","text":"Hello, world"}' | selfsize text -w 150 -w 343 --format table
        selfsize text --field title -i Examples/feed.jsonl -w 170 --line-height 1.4x --format csv --fields id,height
        printf 'Hello\\n世界\\n' | selfsize text --plain -w 100 --pixel-scale 2 --precision 1
        selfsize text -i Examples/feed.jsonl --field title -w 343 --text-wrap balance
        selfsize text -i Examples/feed.jsonl --field title -w 343 --platform android --android-style textview
      """)

  /// The fields of an output object, in order.
  static let fields = [
    "id", "width", "lineCount", "height", "breaks", "lines", "truncated", "missingGlyphs", "platform",
  ]

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
  @OptionGroup var platformOptions: PlatformOptions
  @Option(help: "Font size in points.") var size: Double = 15
  @Option(help: "Font weight: regular or bold.") var weight: FontWeight = .regular
  @Option(
    name: .customLong("line-height"),
    help: ArgumentHelp(
      "Line height: natural (the font's), points (21), or a multiple of the font size (1.4x).",
      valueName: "natural|pt|Nx"))
  var lineHeight: LineHeightArgument = .natural
  @Option(name: .customLong("letter-spacing"), help: "Extra advance after each character, in points.")
  var letterSpacing: Double = 0
  @Option(name: .customLong("max-lines"), help: "Most lines; 0 = unlimited. Longer text ends with \"…\".")
  var maxLines: Int = 0
  @Option(
    name: .customLong("pixel-scale"),
    help: ArgumentHelp(
      "Device pixels per point (1…16): heights rounded up to whole pixels (2 → multiples of 0.5).",
      valueName: "n"))
  var pixelScale: Double?
  @Option(
    name: .customLong("text-wrap"),
    help: ArgumentHelp(
      "How lines break, as CSS text-wrap-style: auto (greedy), balance (even lines) or pretty (no short last line); balance and pretty on --platform web.",
      valueName: "auto|balance|pretty"))
  var textWrap: TextWrap = .auto
  @Option(
    name: .customLong("text-spacing-trim"),
    help: ArgumentHelp(
      "Fullwidth punctuation as CSS text-spacing-trim: space-all (every mark a full em; the default, as the cards' CSS sets it) or normal (Chromium's initial value: adjacent marks collapsed, a closing mark trimmed at a line's end where that makes it fit); normal on --platform web.",
      valueName: "space-all|normal"))
  var textSpacingTrim: TextSpacingTrim = .spaceAll
  @Option(
    name: .customLong("android-style"),
    help: ArgumentHelp(
      "Which Android widget's defaults to measure with on --platform android: compose (greedy breaking, no font padding; the default) or textview (minikin's optimal breaker, font padding).",
      valueName: "compose|textview"))
  var androidStyle: AndroidStyle?
  @Option(
    help: ArgumentHelp(
      "Measure this string field of each record instead of \"text\" (e.g. title).", valueName: "name"))
  var field: String = "text"
  @Flag(help: "Plain text input: each input line is one text (its id is its line number); not JSON.")
  var plain = false
  @OptionGroup var outputOptions: OutputOptions
  @OptionGroup var jobOptions: JobOptions
  @OptionGroup var baselineOptions: BaselineOptions

  func validate() throws {
    guard !widthArguments.isEmpty else { throw ValidationError("give at least one --width") }
    _ = try WidthArguments.parse(widthArguments, allowsInfinity: true)
    try lineHeight.validate()
    if let pixelScale { try PixelScale.validate(pixelScale) }
    try platformOptions.validate(pixelScale: pixelScale)
    try validateTextWrap(textWrap, on: platformOptions.platform)
    try validateTextSpacingTrim(textSpacingTrim, on: platformOptions.platform)
    try validateAndroidStyle(androidStyle, on: platformOptions.platform)
    try platformOptions.validateFlutterRoundingHack()
    do throws(TextError) {
      try style.validate()
    } catch {
      guard let field = error.field, let option = Self.styleOptions[field],
        let requirement = error.requirement
      else { throw ValidationError(error.message) }
      throw ValidationError("\(option) \(requirement)")
    }
    if plain && field != "text" {
      throw ValidationError("--plain reads plain lines; --field is for JSON input")
    }
    guard !field.isEmpty else { throw ValidationError("--field needs a field name") }
    try jobOptions.validateJobs()
    try outputOptions.validatePrecision()
    if outputOptions.format == .html {
      throw ValidationError(
        "--format html is for cards (selfsize measure --platform web); text takes jsonl, json, csv or table")
    }
  }

  /// The option that sets each ``TextStyle`` field.
  static let styleOptions = [
    "fontSize": "--size", "lineHeight": "--line-height", "letterSpacing": "--letter-spacing",
    "maxLines": "--max-lines", "pixelScale": "--pixel-scale",
  ]

  var style: TextStyle {
    TextStyle(
      fontSize: size, weight: weight, letterSpacing: letterSpacing,
      lineHeight: lineHeight.lineHeight(fontSize: size), maxLines: maxLines, pixelScale: pixelScale,
      textWrap: textWrap, androidStyle: androidStyle ?? .compose,
      flutterRoundingHack: platformOptions.roundingHack, textSpacingTrim: textSpacingTrim)
  }

  /// The settings a baseline records (widths are in its records).
  var baselineSettings: [(String, String)] {
    [
      ("size", JSONValue.format(size)), ("weight", weight.rawValue),
      ("lineHeight", lineHeightSetting), ("letterSpacing", JSONValue.format(letterSpacing)),
      ("maxLines", "\(maxLines)"), ("pixelScale", pixelScale.map(JSONValue.format) ?? "none"),
      ("platform", platformOptions.platform.rawValue),
    ] + (textWrap == .auto ? [] : [("textWrap", textWrap.rawValue)])
      + (textSpacingTrim == .spaceAll ? [] : [("textSpacingTrim", textSpacingTrim.rawValue)])
      + (androidStyle.map { [("androidStyle", $0.rawValue)] } ?? [])
      + platformOptions.roundingHackSettings
  }

  private var lineHeightSetting: String {
    switch lineHeight {
    case .natural: "natural"
    case .points(let points): JSONValue.format(points)
    case .fontSizeMultiple(let factor): JSONValue.format(factor) + "x"
    }
  }

  func run() throws {
    let formatter = try RecordFormatter(
      format: outputOptions.format, fields: outputOptions.fields, available: Self.fields,
      defaultFields: ["id", "width", "lineCount", "height", "truncated", "missingGlyphs", "lines"],
      precision: outputOptions.precision)
    let stored = try baselineOptions.loadBaseline(command: "text")
    let job = TextJob(
      measurer: try fontOptions.measurer(platform: platformOptions.platform), style: style, widths: widths,
      strict: fontOptions.strict,
      field: field)
    let plain = self.plain
    if baselineOptions.isActive {
      try baselineOptions.run(
        input: input, jobOptions: jobOptions, formatter: formatter, stored: stored,
        provenance: try BaselineOptions.provenance(
          command: "text", measurer: job.measurer, template: nil, settings: baselineSettings),
        measurer: job.measurer, styles: ["": style]
      ) { line, number, output throws(RecordError) in
        let record =
          plain
          ? try Self.plainRecord(utf8: line, number: number)
          : try TextRecord(JSONRecord(utf8: line, line: number), field: job.field)
        output.records += try job.baselineRecords(for: record, warnings: &output.warnings)
      }
      return
    }
    let source = try InputSource(path: input)
    var run = BatchRun(
      input: source, sink: try OutputSink(path: outputOptions.output), formatter: formatter,
      jobs: jobOptions.workerCount, progress: .forTerminal(quiet: jobOptions.quiet), columns: formatter.fields
    )
    let failures = try run.run { line, number, output in
      if formatter.format == .jsonl && formatter.precision == nil && !plain {
        return job.writeLines(utf8: line, number: number, to: &output.writer, warnings: &output.warnings)
      }
      do throws(RecordError) {
        let record =
          plain
          ? try Self.plainRecord(utf8: line, number: number)
          : try TextRecord(JSONRecord(utf8: line, line: number), field: job.field)
        formatter.append(try job.objects(for: record, warnings: &output.warnings), to: &output)
        return nil
      } catch {
        return error
      }
    }
    if failures > 0 { throw ExitCode(1) }
  }

  /// A line of `--plain` input as a record whose id is the line number.
  static func plainRecord(utf8 line: UnsafeBufferPointer<UInt8>, number: Int) throws(RecordError)
    -> TextRecord
  {
    // A byte order mark starting the line is not text (JSON input drops it the same way).
    let start = line.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    guard let text = String(validating: UnsafeBufferPointer(rebasing: line[start...]), as: UTF8.self) else {
      throw RecordError(.invalidUTF8, "the line is not valid UTF-8", line: number)
    }
    return TextRecord(id: "\(number)", text: text, line: number)
  }
}

extension FontWeight: ExpressibleByArgument {}
