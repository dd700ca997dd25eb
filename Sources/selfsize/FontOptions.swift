import ArgumentParser
import Foundation
import TextEngine

/// `--font FILE` (repeatable, first is primary; `FILE#index` for collections, or a family name).
struct FontOptions: ParsableArguments {
  @Option(
    name: .customLong("font"),
    help:
      "Font file (FILE or FILE#faceIndex) or family name; repeat for fallbacks, first is primary. Default: the bundled chain."
  )
  var fonts: [String] = []

  /// A measurer over the chosen fonts, or the shared bundled one.
  func measurer() throws -> TextMeasurer {
    do throws(FontError) {
      guard !fonts.isEmpty else { return try BundledFonts.measurer() }
      var loaded: [Font] = []
      for spec in fonts {
        let looksLikePath =
          spec.contains("/") || spec.contains(".") || FileManager.default.fileExists(atPath: spec)
        if looksLikePath {
          loaded.append(contentsOf: try FontChain(paths: [spec]).fonts)
        } else {
          loaded.append(try BundledFonts.font(family: spec))
        }
      }
      return TextMeasurer(regular: try FontChain(loaded))
    } catch {
      throw ValidationError("font: \(error.description)")
    }
  }
}
