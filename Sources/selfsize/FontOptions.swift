import ArgumentParser
import Foundation
import TextEngine

/// The font options every measuring command shares: the regular and bold chains (files or
/// family names; default: the bundled chains), system fallback, the bundled emoji font, and
/// whether missing glyphs are errors.
struct FontOptions: ParsableArguments {
  @Option(
    name: .customLong("font"),
    help: ArgumentHelp(
      "Font file (FILE or FILE#faceIndex) or family name; repeat for fallbacks, first is primary.",
      discussion: "Default: the bundled chain. A family gives its regular and bold faces."))
  var fonts: [String] = []

  @Option(
    name: .customLong("bold-font"),
    help: "Bold chain font (file or family); repeatable. Default: the bold faces of --font.")
  var boldFonts: [String] = []

  @Flag(
    name: .customLong("no-system-fonts"),
    help: "Do not fall back to installed fonts for characters the chain lacks (reproducible runs).")
  var noSystemFonts = false

  @Flag(
    name: .customLong("no-bundled-emoji"), help: "Do not append the bundled emoji font to a --font chain.")
  var noBundledEmoji = false

  @Flag(help: "Missing glyphs are errors: the item fails (exit 1) and the rest are still processed.")
  var strict = false

  var selection: FontSelection {
    FontSelection(regular: fonts, bold: boldFonts, appendsBundledEmoji: !noBundledEmoji)
  }

  /// The resolved chains; a font that cannot be loaded or found is a usage error.
  func resolve() throws -> ResolvedFonts {
    do {
      return try selection.resolve()
    } catch {
      throw ValidationError("font: \(error.description)")
    }
  }

  /// A measurer for `platform` over the chosen fonts (the shared bundled one when none are named); warnings
  /// about the chains (a family without a bold face) go to stderr once.
  func measurer(platform: TextPlatform = .default) throws -> TextMeasurer {
    if fonts.isEmpty && boldFonts.isEmpty {
      do {
        return try BundledFonts.measurer(systemFonts: !noSystemFonts, platform: platform)
      } catch {
        throw ValidationError("font: \(error.description)")
      }
    }
    let resolved = try resolve()
    for warning in resolved.warnings {
      StandardError.write("warning: font: \(warning)\n")
    }
    return TextMeasurer(
      regular: resolved.regular, bold: resolved.bold, systemFonts: !noSystemFonts, platform: platform)
  }
}
