import Foundation
import FuzzSupport
import TextEngine

// Font loading from mutated font bytes: the first byte picks the face index and the sample
// text, the rest is the font file. Fonts are loaded from paths (as the CLI and the service load
// them), so the bytes go to a scratch file first. A font that loads must give finite,
// non-negative advances and line heights, shape and lay out a short string in a chain of its
// own (also under `text-spacing-trim: normal`), and rasterize a few glyphs without crashing.

private let scratchPath =
  (ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp")
  + "/selfsize-fuzz-font-\(ProcessInfo.processInfo.processIdentifier).bin"

private let samples = [
  "ab", "Hello, world", "שלום", "مرحبا", "สวัสดี", "नमस्ते", "中文字", "ﬁ A\u{301}", "😀👍🏽", "「一」，“一”。（一）",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFont(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
  var input = FuzzInput(start, count)
  let control = input.byte()
  let faceIndex = Int(control & 1)
  let sample = samples[Int(control >> 1) % samples.count]
  guard FileManager.default.createFile(atPath: scratchPath, contents: Data(input.rest)) else {
    fatalError("cannot write \(scratchPath)")
  }
  let font: Font
  do throws(FontError) {
    font = try Font(path: scratchPath, faceIndex: faceIndex)
  } catch {
    require(!error.message.isEmpty, "a font error says what is wrong")
    return 0
  }
  let metrics = font.metrics(atPointSize: 15)
  let lineHeight = metrics.naturalLineHeight
  require(lineHeight.isFinite && lineHeight >= 0, "natural line height \(lineHeight)")
  let advance = font.advance(of: sample, pointSize: 15)
  require(advance.isFinite && advance >= 0, "advance of \(sample) is \(advance)")
  for glyph in UInt32(0)..<UInt32(min(3, font.metrics.glyphCount)) {
    _ = font.rasterize(glyphID: glyph, pixelSize: 16)
  }
  let chain: FontChain
  do throws(FontError) {
    chain = try FontChain([font])
  } catch {
    require(!error.message.isEmpty, "a font error says what is wrong")
    return 0
  }
  let measurer = TextMeasurer(regular: chain, systemFonts: false)
  do throws(TextError) {
    let layout = try measurer.layout(sample, style: TextStyle(maxLines: 1), width: 40)
    require(layout.height.isFinite && layout.height >= 0, "height \(layout.height)")
    require(layout.lines.allSatisfy { $0.width.isFinite && $0.width >= 0 }, "line widths \(layout.lines)")
    // With the font's `halt` data (`HanKerningFont`) read from the mutated tables too.
    let trimmed = try measurer.layout(sample, style: TextStyle(textSpacingTrim: .normal), width: 40)
    require(trimmed.height.isFinite && trimmed.height >= 0, "trimmed height \(trimmed.height)")
    require(
      trimmed.lines.allSatisfy { $0.width.isFinite && $0.width >= 0 }, "trimmed widths \(trimmed.lines)")
  } catch {
    require(!error.message.isEmpty, "a layout error says what is wrong")
  }
  return 0
}

/// The entry point SwiftPM links as `main` (see `runFuzzer`).
@_cdecl("FuzzFont_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
  runFuzzer(argc, argv, fuzzFont)
}
