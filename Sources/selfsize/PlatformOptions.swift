public import ArgumentParser
public import TextEngine

/// `--platform web|flutter|ios`: the client whose rendering the measurements reproduce.
struct PlatformOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The client whose text rendering to reproduce: web (Chromium), flutter (SkParagraph) or ios (a UIKit model).",
      valueName: "platform"))
  var platform: TextPlatform = .default

  /// Throws a usage error when `--pixel-scale` (UIKit's rounding up to device pixels) is given
  /// with a platform other than ios.
  func validate(pixelScale: Double?) throws {
    if pixelScale != nil, platform != .ios {
      throw ValidationError(
        "--pixel-scale rounds heights up to device pixels as UIKit does; it needs --platform ios (got --platform \(platform.rawValue); web and flutter heights are on their own pixel grids)"
      )
    }
  }
}

extension TextWrap: ExpressibleByArgument {
  public var defaultValueDescription: String { rawValue }
}

/// `--text-wrap auto|balance|pretty` (CSS `text-wrap-style`) is for the platforms that have it.
func validateTextWrap(_ textWrap: TextWrap, on platform: TextPlatform) throws {
  guard textWrap != .auto, !platform.hasWrapStyles else { return }
  let names = TextPlatform.wrapStyles.map(\.rawValue).joined(separator: ", ")
  throw ValidationError(
    "--text-wrap \(textWrap.rawValue) breaks lines as CSS text-wrap-style does, which only \(names) has (--platform \(names)); --platform \(platform.rawValue) breaks greedily (--text-wrap auto)"
  )
}

extension TextPlatform: ExpressibleByArgument {
  public var defaultValueDescription: String { rawValue }
}
