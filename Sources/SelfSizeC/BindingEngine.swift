import CellSizing
import Feed
import Foundation
import SelfSizingCore
import SelfSizingResources
import TextEngine

/// What a `selfsize_engine` handle names: a text measurer over chosen fonts for one platform,
/// and the sizers of the templates it was asked to measure with. `Sendable`: any number of
/// threads call it at once (the measurer's and sizers' caches are shared under locks).
final class BindingEngine: Sendable {
  /// The text engine.
  let measurer: TextMeasurer
  /// What was wrong with the fonts asked for (a family without a bold face).
  let fontWarnings: [String]
  /// Template sizers by template text and line-height override, so a template's prepared cells
  /// are cached across calls.
  private let sizers = Locked<[String: CellSizer]>([:])
  /// Most sizers kept; past it the cache starts afresh.
  static let sizerCacheCount = 32

  /// An engine for `platform` (nil: the default) over `fonts` and `boldFonts` (the CLI's
  /// `--font` / `--bold-font`; both empty: the bundled chains).
  init(platform: String?, fonts: [String], boldFonts: [String], systemFonts: Bool) throws(BindingError) {
    var textPlatform = TextPlatform.default
    if let platform {
      guard let named = TextPlatform(rawValue: platform) else {
        throw BindingError(
          .invalidArgument,
          "unknown platform \"\(platform)\"; the platforms are "
            + TextPlatform.allCases.map(\.rawValue).joined(separator: ", "))
      }
      textPlatform = named
    }
    do throws(ResourceError) {
      _ = try SelfSizingResources.fontsDirectory()
    } catch {
      throw BindingError(.resources, error.description)
    }
    do throws(FontError) {
      if fonts.isEmpty && boldFonts.isEmpty {
        measurer = try BundledFonts.measurer(systemFonts: systemFonts, platform: textPlatform)
        fontWarnings = []
      } else {
        let resolved = try FontSelection(regular: fonts, bold: boldFonts).resolve()
        measurer = TextMeasurer(
          regular: resolved.regular, bold: resolved.bold, systemFonts: systemFonts, platform: textPlatform)
        fontWarnings = resolved.warnings
      }
    } catch {
      throw BindingError(.font, "font: \(error.description)")
    }
  }

  /// `{"platform", "size", "chains", "systemFonts", "warnings", "libraries"}`: the engine's
  /// platform and the `selfsize fonts --format json` object of its chains at 15 pt.
  func info() -> String {
    let report = FontReport.json(
      chains: [("regular", measurer.regular), ("bold", measurer.bold)], pointSize: 15, versions: .current,
      systemFonts: measurer.usesSystemFonts, warnings: fontWarnings)
    guard case .object(let members) = report else { return report.serialized() }
    return JSONValue.object([("platform", .string(measurer.platform.rawValue))] + members).serialized()
  }

  // MARK: Text

  static let textOptions: Set<String> = [
    "widths", "fontSize", "weight", "lineHeight", "letterSpacing", "maxLines", "pixelScale", "textWrap",
    "androidStyle", "flutterRoundingHack", "textSpacingTrim", "field", "strict", "jobs",
  ]
  /// `selfsize_text_begin` also takes `lineRanges`.
  static let textStreamOptions = textOptions.union(["lineRanges"])

  /// `selfsize text` over the records of a JSON array, as `BatchRun.output`.
  func text(options bytes: UnsafeBufferPointer<UInt8>, records: UnsafeBufferPointer<UInt8>)
    throws(BindingError)
    -> (UnsafeMutablePointer<CChar>, Int)
  {
    let (job, jobs) = try textJob(options: try OptionsObject(utf8: bytes, keys: Self.textOptions))
    let widths = job.widths
    return try Self.run(records, label: "records", jobs: jobs) { line, index, chunk in
      if let error = job.writeLines(
        utf8: line, number: index + 1, to: &chunk.writer, warnings: &chunk.warnings)
      {
        BatchRun.writeFailure(error, widths: widths, label: "records", to: &chunk.writer)
      }
    }
  }

  /// `selfsize text` over packed records (`selfsize_text_begin`): measuring starts on other
  /// threads, the results are taken chunk by chunk from the stream.
  func textStream(
    options bytes: UnsafeBufferPointer<UInt8>, ids: UnsafeBufferPointer<UInt8>,
    texts: UnsafeBufferPointer<UInt8>, count: Int
  ) throws(BindingError) -> TextStream {
    let options = try OptionsObject(utf8: bytes, keys: Self.textStreamOptions)
    let (job, jobs) = try textJob(options: options)
    var lineRanges = false
    if let mode = try options.string("lineRanges") {
      guard mode == "utf16" else {
        throw BindingError(.invalidArgument, "lineRanges must be \"utf16\", got \"\(mode)\"")
      }
      lineRanges = true
    }
    return try TextStream(job: job, jobs: jobs, lineRanges: lineRanges, ids: ids, texts: texts, count: count)
  }

  /// The job and thread count of `selfsize text` options.
  private func textJob(options: OptionsObject) throws(BindingError) -> (TextJob, Int) {
    let widths = try options.widths(allowsInfinity: true)
    let fontSize = try options.number("fontSize", in: .fontSize) ?? 15
    var weight = FontWeight.regular
    if let name = try options.string("weight") {
      guard let named = FontWeight(rawValue: name) else {
        throw BindingError(.invalidArgument, "weight must be \"regular\" or \"bold\", got \"\(name)\"")
      }
      weight = named
    }
    var style = TextStyle(
      fontSize: fontSize, weight: weight,
      letterSpacing: try options.number("letterSpacing", in: .signedLength) ?? 0,
      lineHeight: (try options.lineHeight() ?? .natural).lineHeight(fontSize: fontSize),
      maxLines: try options.integer("maxLines", in: .lineLimit) ?? 0,
      pixelScale: try pixelScale(options))
    style.textWrap = try textWrap(options)
    style.androidStyle = try androidStyle(options) ?? .compose
    style.flutterRoundingHack = try flutterRoundingHack(options) ?? true
    style.textSpacingTrim = try textSpacingTrim(options)
    do throws(TextError) {
      try style.validate()
    } catch {
      throw BindingError(.invalidArgument, error.message)
    }
    let field = try options.string("field") ?? "text"
    guard !field.isEmpty else { throw BindingError(.invalidArgument, "field must name a field") }
    let job = TextJob(
      measurer: measurer, style: style, widths: widths, strict: try options.bool("strict") ?? false,
      field: field)
    return (job, try options.jobs(processors: ProcessInfo.processInfo.activeProcessorCount))
  }

  // MARK: Measure

  static let measureOptions: Set<String> = [
    "template", "widths", "lineHeight", "pixelScale", "strict", "jobs",
  ]

  /// `selfsize measure` over the items of a JSON array, as `BatchRun.output`.
  func measure(options bytes: UnsafeBufferPointer<UInt8>, items: UnsafeBufferPointer<UInt8>)
    throws(BindingError)
    -> (UnsafeMutablePointer<CChar>, Int)
  {
    let options = try OptionsObject(utf8: bytes, keys: Self.measureOptions)
    let widths = try options.widths(allowsInfinity: false)
    let sizer = try sizer(for: options["template"], lineHeight: try options.lineHeight())
    let job = MeasureJob(
      sizer: sizer, widths: widths, strict: try options.bool("strict") ?? false,
      pixelScale: try pixelScale(options))
    let jobs = try options.jobs(processors: ProcessInfo.processInfo.activeProcessorCount)
    return try Self.run(items, label: "items", jobs: jobs) { line, index, chunk in
      if let error = job.writeLines(
        utf8: line, number: index + 1, to: &chunk.writer, warnings: &chunk.warnings)
      {
        BatchRun.writeFailure(error, widths: widths, label: "items", to: &chunk.writer)
      }
    }
  }

  /// The sizer of a template given as a file path or as the template object, with every style's
  /// line height replaced by `lineHeight` when given (the CLI's `--line-height`).
  private func sizer(for value: JSONValue?, lineHeight: LineHeightOption?) throws(BindingError) -> CellSizer {
    let text: String
    switch value {
    case .string(let path)?:
      guard !path.isEmpty, path != "-" else {
        throw BindingError(
          .invalidArgument, "template must be a file path or a template object, got \"\(path)\"")
      }
      do throws(FileReadError) {
        text = String(
          decoding: try BoundedFile.bytes(atPath: path, limit: BoundedFile.templateLimit, kind: "template"),
          as: UTF8.self)
      } catch {
        throw BindingError(.template, error.description)
      }
    case .object?: text = value!.serialized()
    case nil: throw BindingError(.invalidArgument, "template is required: a file path or a template object")
    case let other?:
      throw BindingError(
        .invalidArgument, "template must be a file path or a template object, got \(other.typeName)")
    }
    let key = "\(lineHeight.map { "\($0)" } ?? "")\n\(text)"
    if let sizer = sizers.withLock({ $0[key] }) { return sizer }
    let sizer: CellSizer
    do throws(CellSizingError) {
      var template = try CellTemplate(json: Data(text.utf8))
      if let lineHeight {
        for (name, var style) in template.styles {
          style.text.lineHeight = lineHeight.lineHeight(fontSize: style.text.fontSize)
          template.styles[name] = style
        }
      }
      sizer = try CellSizer(template: template, measurer: measurer)
    } catch {
      let place = if case .string(let path)? = value { "\(path): " } else { "template: " }
      throw BindingError(.template, place + error.description)
    }
    sizers.withLock { sizers in
      if sizers.count >= Self.sizerCacheCount { sizers.removeAll() }
      sizers[key] = sizer
    }
    return sizer
  }

  // MARK: Helpers

  /// `pixelScale` (UIKit's device pixels; the `ios` platform only, as the CLI's `--pixel-scale`).
  private func pixelScale(_ options: OptionsObject) throws(BindingError) -> Double? {
    guard let scale = try options.number("pixelScale", in: .pixelScale) else { return nil }
    guard measurer.platform == .ios else {
      throw BindingError(
        .invalidArgument,
        "pixelScale rounds heights up to device pixels as UIKit does; it needs the ios platform (this engine's is \(measurer.platform.rawValue))"
      )
    }
    return scale
  }

  /// `textWrap` (CSS `text-wrap-style`), refused as the CLI refuses `--text-wrap` on a platform
  /// without wrap styles.
  private func textWrap(_ options: OptionsObject) throws(BindingError) -> TextWrap {
    let wrap = try options.choice("textWrap", of: TextWrap.self) ?? .auto
    let platform = measurer.platform
    guard wrap != .auto, !platform.hasWrapStyles else { return wrap }
    let names = TextPlatform.wrapStyles.map(\.rawValue).joined(separator: ", ")
    throw BindingError(
      .invalidArgument,
      "text wrap \(wrap.rawValue) breaks lines as CSS text-wrap-style does, which only \(names) has; this engine's platform is \(platform.rawValue)"
    )
  }

  /// `textSpacingTrim` (CSS `text-spacing-trim`), refused as the CLI refuses
  /// `--text-spacing-trim normal` on a platform other than web.
  private func textSpacingTrim(_ options: OptionsObject) throws(BindingError) -> TextSpacingTrim {
    let trim = try options.choice("textSpacingTrim", of: TextSpacingTrim.self) ?? .spaceAll
    guard trim != .spaceAll, !measurer.platform.hasTextSpacingTrim else { return trim }
    throw BindingError(
      .invalidArgument,
      "text spacing trim \(trim.rawValue) trims fullwidth punctuation as CSS text-spacing-trim does, which only web has; this engine's platform is \(measurer.platform.rawValue)"
    )
  }

  /// `androidStyle` (an Android widget's defaults), for an engine of the android platform only,
  /// as the CLI's `--android-style`.
  private func androidStyle(_ options: OptionsObject) throws(BindingError) -> AndroidStyle? {
    guard let style = try options.choice("androidStyle", of: AndroidStyle.self) else { return nil }
    guard measurer.platform == .android else {
      throw BindingError(
        .invalidArgument,
        "android style \(style.rawValue) picks an Android widget's defaults; it needs the android platform (this engine's is \(measurer.platform.rawValue))"
      )
    }
    return style
  }

  /// `flutterRoundingHack` (SkParagraph's rounding hack), for an engine of the flutter platform
  /// only, as the CLI's `--flutter-rounding-hack`.
  private func flutterRoundingHack(_ options: OptionsObject) throws(BindingError) -> Bool? {
    guard let isOn = try options.bool("flutterRoundingHack") else { return nil }
    guard measurer.platform == .flutter else {
      throw BindingError(
        .invalidArgument,
        "flutter rounding hack \(isOn ? "on" : "off") switches SkParagraph's rounding hack; it needs the flutter platform (this engine's is \(measurer.platform.rawValue))"
      )
    }
    return isOn
  }

  /// Splits `input` (a JSON array) into elements and runs `body` over them.
  private static func run(
    _ input: UnsafeBufferPointer<UInt8>, label: String, jobs: Int,
    body: @escaping @Sendable (UnsafeBufferPointer<UInt8>, Int, inout BatchRun.Chunk) -> Void
  ) throws(BindingError) -> (UnsafeMutablePointer<CChar>, Int) {
    let bytes = Array(input)
    let ranges = try bytes.withUnsafeBufferPointer { buffer throws(BindingError) in
      try JSONArrayElements.ranges(in: buffer, name: label)
    }
    let chunks = BatchRun(input: bytes, ranges: ranges).run(jobs: jobs, body: body)
    return BatchRun.output(chunks, label: label)
  }
}
