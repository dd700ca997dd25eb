import FuzzSupport
import TextEngine

// Attributed paragraphs: spans in their own styles, one paragraph style, an optional truncation
// token. Byte layout: 2 bytes width (n / 64; 0xFFFF infinite), paragraph flags (max lines, line
// spacing, pixel scale, shared style, token), line height, platform, then spans separated by 0x1F, each
// starting with 3 style bytes (font size, weight and language, letter spacing) before its text;
// on the web, bits 4–5 of the first span's second style byte pick `text-wrap-style`, and bit 6
// `text-spacing-trim: normal` for every span.
// `measure` and `layout` must agree; lines in order inside the text, tops rising, every number
// finite, a token frame exactly when truncated, each line's pieces covering it in span order;
// and spans that share one style must lay out exactly as a `PreparedText` of the joined text
// (line widths to the last bit; on the web, one span, to 1/64 px).

private let measurers: [TextMeasurer] = TextPlatform.allCases.map { platform in
  do throws(FontError) {
    return try BundledFonts.measurer(systemFonts: false, platform: platform)
  } catch {
    fatalError("the bundled fonts do not load (set SELFSIZE_FONTS_DIR): \(error)")
  }
}

private let languages = ["", "en", "zh-Hans", "ja", "ar", "he", "th", "hi"]
private let spanSeparator: UInt8 = 0x1F

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAttributed(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  var input = FuzzInput(start, count)
  let widthCode = input.uint16()
  let width = widthCode == 0xFFFF ? Double.infinity : Double(widthCode) / 64 + 0.25
  let flags = input.byte()
  let heightCode = input.byte()
  let measurer = measurers[Int(input.byte()) % measurers.count]
  let maxLines = Int(flags & 7)
  let sharedStyle = flags & 8 != 0
  let hasToken = flags & 16 != 0
  let lineHeight: LineHeight =
    switch heightCode >> 6 {
    case 0: .natural
    case 1: .fixed(Double(heightCode & 0x3F) / 2)
    case 2: .multiple(Double(heightCode & 0x3F) / 16)
    default: .fontSizeMultiple(Double(heightCode & 0x3F) / 16)
    }
  let lineSpacing = Double(flags >> 6)
  let pixelScale: Double? = flags & 32 == 0 ? nil : 2
  var paragraph = TextStyle(
    fontSize: 15, lineHeight: lineHeight, lineSpacing: lineSpacing, maxLines: maxLines, pixelScale: pixelScale
  )
  // On the web, bits 4–5 of the first span's second style byte: 1 balance, 2 pretty; bit 6:
  // `text-spacing-trim: normal`.
  var textWrap = TextWrap.auto
  var textSpacingTrim = TextSpacingTrim.spaceAll
  var spans: [TextSpan] = []
  for chunk in input.rest.split(separator: spanSeparator, omittingEmptySubsequences: false).prefix(16) {
    var bytes = Array(chunk)
    let style: TextStyle
    if !sharedStyle || spans.isEmpty {
      let header = bytes.prefix(3) + Array(repeating: 0, count: max(0, 3 - bytes.count))
      bytes.removeFirst(min(3, bytes.count))
      if spans.isEmpty, measurer.platform == .web {
        textWrap = [TextWrap.auto, .balance, .pretty, .auto][Int(header[header.startIndex + 1] >> 4) & 3]
        paragraph.textWrap = textWrap
        if header[header.startIndex + 1] & 0x40 != 0 { textSpacingTrim = .normal }
        paragraph.textSpacingTrim = textSpacingTrim
      }
      var spanStyle = TextStyle(
        fontSize: Double(header[header.startIndex]) / 4 + 1,
        weight: header[header.startIndex + 1] & 1 == 0 ? .regular : .bold,
        letterSpacing: Double(Int8(bitPattern: header[header.startIndex + 2])) / 8,
        lineHeight: lineHeight, lineSpacing: lineSpacing, maxLines: maxLines, pixelScale: pixelScale,
        language: languages[Int(header[header.startIndex + 1] >> 1) % languages.count])
      spanStyle.textWrap = textWrap
      spanStyle.textSpacingTrim = textSpacingTrim
      style = spanStyle
    } else {
      style = spans[0].style
    }
    spans.append(TextSpan(String(decoding: bytes, as: UTF8.self), style: style))
  }
  let token = hasToken ? TextSpan("…more", style: spans.first?.style ?? TextStyle()) : nil
  let attributed: AttributedText
  do throws(TextError) {
    attributed = try measurer.prepare(spans, paragraph: sharedStyle ? nil : paragraph, truncationToken: token)
  } catch {
    require(!error.message.isEmpty, "a text error says what is wrong")
    return 0
  }
  require(attributed.unconstrainedWidth.isFinite, "unconstrained width \(attributed.unconstrainedWidth)")
  require(attributed.truncationTokenWidth >= 0, "token width \(attributed.truncationTokenWidth)")
  for lineWidth in [width, width * 0.5 + 1, width * 1.7] {
    do throws(TextError) {
      let layout = try attributed.layout(width: lineWidth)
      let measurement = try attributed.measure(width: lineWidth)
      check(layout, measurement, attributed)
      // (On the web each span is an inline item snapped on its own: only a paragraph of one span
      // is its plain text there; with tabs, plain bidi text measures lines past a tab up to 1/32 px
      // apart from spans, `Docs/Platforms.md`; under `text-spacing-trim: normal`, a line as wide as
      // the limit that ends before a trimmed mark fits in spans where plain text's keys need a
      // hair more, `WebSpacingTrimSpansTests`.)
      if sharedStyle && !hasToken && textSpacingTrim == .spaceAll
        && (measurer.platform != .web || (spans.count == 1 && !spans[0].text.unicodeScalars.contains("\t")))
      {
        compareWithPlainText(layout, attributed, spans, width: lineWidth, measurer: measurer)
      }
    } catch {
      require(!error.message.isEmpty, "a layout error says what is wrong")
    }
  }
  return 0
}

private func check(_ layout: AttributedLayout, _ measurement: TextMeasurement, _ attributed: AttributedText) {
  let maxLines = attributed.paragraph.maxLines
  require(layout.height.isFinite && layout.height >= 0, "height \(layout.height)")
  require(measurement.lineCount == layout.lineCount, "measure and layout count the same lines")
  require(
    measurement.height == layout.height,
    "measure and layout give the same height: \(measurement.height) \(layout.height)")
  require(measurement.truncated == layout.truncated, "measure and layout agree on truncation")
  require(
    maxLines == 0 || layout.lineCount <= maxLines, "\(layout.lineCount) lines with maxLines \(maxLines)")
  require((layout.token != nil) == layout.truncated, "a token frame exactly when truncated")
  var previousEnd = 0
  var previousBottom = 0.0
  for line in layout.lines {
    require(line.width.isFinite && line.width >= 0, "line width \(line.width)")
    require(line.height.isFinite && line.height >= 0, "line height \(line.height)")
    require(
      line.top.isFinite && line.top >= previousBottom, "line tops rise: \(line.top) after \(previousBottom)")
    require(line.baseline.isFinite, "baseline \(line.baseline)")
    require(line.scalarRange.lowerBound >= previousEnd, "lines in order: \(layout.lines.map(\.scalarRange))")
    require(line.scalarRange.upperBound <= attributed.scalarCount, "lines inside the text")
    previousEnd = line.scalarRange.upperBound
    previousBottom = line.top + line.height
    var pieceEnd = line.scalarRange.lowerBound
    var pieceX = 0.0
    var previousSpan = -1
    for piece in attributed.pieces(of: line) {
      require(piece.span > previousSpan && piece.span < attributed.spans.count, "pieces in span order")
      require(
        piece.scalarRange.lowerBound == pieceEnd, "pieces cover the line: \(piece.scalarRange) at \(pieceEnd)"
      )
      require(
        piece.width.isFinite && piece.width >= 0 && abs(piece.x - pieceX) <= 1e-9 * max(1, pieceX),
        "piece at \(piece.x), \(piece.width) wide, after pieces \(pieceX) wide")
      previousSpan = piece.span
      pieceEnd = piece.scalarRange.upperBound
      pieceX += piece.width
    }
    require(pieceEnd >= line.scalarRange.upperBound || line.isTruncated, "pieces reach the line's end")
  }
  if let token = layout.token {
    require([token.x, token.y, token.width, token.height].allSatisfy(\.isFinite), "token frame \(token)")
  }
  require(
    layout.height + 1e-6 >= previousBottom,
    "the height holds every line: \(layout.height) < \(previousBottom)")
}

/// One style throughout: the same lines, widths, height and truncation as the plain text.
private func compareWithPlainText(
  _ layout: AttributedLayout, _ attributed: AttributedText, _ spans: [TextSpan], width: Double,
  measurer: TextMeasurer
) {
  guard let style = spans.first?.style else { return }
  let plain: TextLayout
  do throws(TextError) {
    plain = try measurer.prepare(spans.map(\.text).joined(), style: style).layout(width: width)
  } catch {
    fatalError("invariant broken: the plain text fails where the attributed one does not: \(error)")
  }
  require(plain.breaks == layout.breaks, "plain breaks \(plain.breaks), attributed \(layout.breaks)")
  require(plain.height == layout.height, "plain height \(plain.height), attributed \(layout.height)")
  require(plain.truncated == layout.truncated, "plain and attributed agree on truncation")
  // A sum's last bit; on the web, 1/64 px where a line holds parts of right-to-left items (a
  // span's parts are snapped one by one, plain text's positions from each item's start).
  let tolerance = measurer.platform == .web ? 1.0 / 64 : 0
  for (plainLine, line) in zip(plain.lines, layout.lines) {
    require(
      plainLine.scalarRange == line.scalarRange
        && abs(plainLine.width - line.width) <= tolerance + 1e-9 * max(1, line.width),
      "plain line \(plainLine), attributed \(line)")
  }
}

/// The entry point SwiftPM links as `main` (see `runFuzzer`).
@_cdecl("FuzzAttributed_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc, argv, fuzzAttributed)
}
