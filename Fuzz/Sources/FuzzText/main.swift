import FuzzSupport
import TextEngine

// Text prepare and layout: the first bytes pick the style (size, weight, line height, letter
// and line spacing, max lines, pixel scale, language), the platform and a width; the rest is the text (bytes
// that are not UTF-8 become U+FFFD, as they do in a Swift `String`). The text is prepared once
// and laid out at three widths; `measure` and `layout` must agree, and every number must be
// finite, lines in order inside the text, never more than `maxLines`; a `PreparedTextBatch` of
// the text measures exactly as the text does; on the web `text-wrap-style: balance` and `pretty`
// keep the greedy number of lines (balance may take fewer with soft hyphens), and `text-spacing-trim: normal` is taken for half the inputs.

private let measurers: [TextMeasurer] = TextPlatform.allCases.map { platform in
  do throws(FontError) {
    return try BundledFonts.measurer(systemFonts: false, platform: platform)
  } catch {
    fatalError("the bundled fonts do not load (set SELFSIZE_FONTS_DIR): \(error)")
  }
}

private let languages = ["", "en", "zh-Hans", "ja", "ar", "he", "th", "hi", "tr", "vi", "x-bogus-tag"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzText(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  var input = FuzzInput(start, count)
  let widthCode = input.uint16()
  let width: Double =
    switch widthCode {
    case 0xFFFF: .infinity
    case 0xFFFE: 0
    case 0xFFFD: -1
    default: Double(widthCode) / 64
    }
  let sizeCode = input.byte()
  let lineHeightCode = input.byte()
  let spacingCode = input.byte()
  let flags = input.byte()
  let linesCode = input.byte()
  let maxLines = Int(linesCode % 8)
  let measurer = measurers[Int(linesCode >> 3) % measurers.count]
  let language = input.pick(languages)
  let trimCode = input.byte()
  let lineHeight: LineHeight =
    switch lineHeightCode >> 6 {
    case 0: .natural
    case 1: .fixed(Double(lineHeightCode & 0x3F) / 2)
    case 2: .multiple(Double(lineHeightCode & 0x3F) / 16)
    default: .fixed(Double(lineHeightCode & 0x3F) * 4 + 0.25)
    }
  var style = TextStyle(
    fontSize: sizeCode == 0 ? 0 : Double(sizeCode) / 2,
    weight: flags & 1 == 0 ? .regular : .bold,
    letterSpacing: Double(Int8(bitPattern: spacingCode)) / 8,
    lineHeight: lineHeight,
    lineSpacing: Double(flags >> 4),
    maxLines: maxLines,
    pixelScale: flags & 2 == 0 ? nil : Double((flags >> 2) & 3 + 1),
    language: language)
  // On the web, `text-wrap-style` too (the lines-and-platform byte's top bits).
  if measurer.platform == .web { style.textWrap = [.auto, .balance, .pretty][Int(linesCode >> 5) % 3] }
  // On the web, `text-spacing-trim: normal` for half the inputs (a byte after the language).
  if measurer.platform == .web, trimCode & 1 == 1 { style.textSpacingTrim = .normal }
  let text = String(decoding: input.rest, as: UTF8.self)
  let prepared: PreparedText
  do throws(TextError) {
    prepared = try measurer.prepare(text, style: style)
  } catch {
    require(!error.message.isEmpty, "a text error says what is wrong")
    return 0
  }
  require(prepared.lineHeight.isFinite && prepared.lineHeight >= 0, "line height \(prepared.lineHeight)")
  require(prepared.unconstrainedWidth.isFinite, "unconstrained width \(prepared.unconstrainedWidth)")
  let batch = PreparedTextBatch([prepared, prepared])
  var greedyStyle = style
  greedyStyle.textWrap = .auto
  let greedy = style.textWrap == .auto ? nil : try? measurer.prepare(text, style: greedyStyle)
  for lineWidth in [width, width * 0.5 + 1, width * 1.7] {
    do throws(TextError) {
      let layout = try prepared.layout(width: lineWidth)
      let measurement = try prepared.measure(width: lineWidth)
      check(layout, measurement, prepared: prepared, maxLines: maxLines)
      let batched = try batch.measure(width: lineWidth)
      require(batched == [measurement, measurement], "a batch measures as the text does: \(batched)")
      if let greedy {
        // Balance and pretty move breaks, never the number of lines (Blink keeps the greedy lines
        // when the best breaks would change it). With soft hyphens on the web, balance's
        // narrower width may take fewer: a line whose hyphen does not fit ends earlier, so a
        // line at a narrower width can hold more (`WebSoftHyphens`).
        let greedyCount = try greedy.measure(width: lineWidth).lineCount
        let fewerMayFit = style.textWrap == .balance && text.unicodeScalars.contains("\u{AD}")
        require(
          maxLines > 0 || measurement.lineCount == greedyCount
            || (fewerMayFit && measurement.lineCount < greedyCount),
          "\(style.textWrap) gives \(measurement.lineCount) lines where greedy gives \(greedyCount)")
      }
    } catch {
      require(!error.message.isEmpty, "a layout error says what is wrong")
    }
  }
  return 0
}

private func check(
  _ layout: TextLayout, _ measurement: TextMeasurement, prepared: PreparedText, maxLines: Int
) {
  require(layout.height.isFinite && layout.height >= 0, "height \(layout.height)")
  require(measurement.lineCount == layout.lineCount, "measure and layout count the same lines")
  require(measurement.height == layout.height, "measure and layout give the same height")
  require(measurement.truncated == layout.truncated, "measure and layout agree on truncation")
  require(
    maxLines == 0 || layout.lineCount <= maxLines, "\(layout.lineCount) lines with maxLines \(maxLines)")
  require(layout.truncated == false || maxLines > 0, "only maxLines truncates")
  var previousEnd = 0
  for line in layout.lines {
    require(line.width.isFinite, "line width \(line.width)")
    require(line.scalarRange.lowerBound >= previousEnd, "lines in order: \(layout.lines.map(\.scalarRange))")
    require(line.scalarRange.upperBound <= prepared.scalarCount, "lines inside the text")
    previousEnd = line.scalarRange.upperBound
    _ = prepared.text(of: line)
  }
  require(layout.missingGlyphs >= 0, "missing glyphs are counted up")
}

/// The entry point SwiftPM links as `main` (see `runFuzzer`).
@_cdecl("FuzzText_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc, argv, fuzzText)
}
