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

extension TextPlatform: ExpressibleByArgument {
  public var defaultValueDescription: String { rawValue }
}
