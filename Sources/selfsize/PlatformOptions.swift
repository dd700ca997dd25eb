public import ArgumentParser
public import TextEngine

/// `--platform web|flutter|android|ios`: the client whose rendering the measurements reproduce.
struct PlatformOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The client whose text rendering to reproduce: web (Chromium), flutter (SkParagraph), android (a StaticLayout/Compose model) or ios (a UIKit model).",
      valueName: "platform"))
  var platform: TextPlatform = .default
  @Option(
    name: .customLong("flutter-rounding-hack"),
    help: ArgumentHelp(
      "SkParagraph's rounding hack on --platform flutter: on (the width floored to a whole pixel, line widths rounded to 0.01 px; skia's default and Flutter's before 3.15) or off (Flutter 3.16 and later).",
      valueName: "on|off"))
  var flutterRoundingHack: Switch?

  /// Whether SkParagraph's rounding hack is on (unless `--flutter-rounding-hack off`).
  var roundingHack: Bool { flutterRoundingHack != .off }

  /// The baseline setting `--flutter-rounding-hack` records, when it is given.
  var roundingHackSettings: [(String, String)] {
    flutterRoundingHack.map { [("flutterRoundingHack", $0.rawValue)] } ?? []
  }

  /// Throws a usage error when `--flutter-rounding-hack` is given with a platform other than
  /// flutter.
  func validateFlutterRoundingHack() throws {
    guard let flutterRoundingHack, platform != .flutter else { return }
    throw ValidationError(
      "--flutter-rounding-hack \(flutterRoundingHack.rawValue) switches SkParagraph's rounding hack (\(Switch.names.joined(separator: ", "))); it needs --platform flutter (got --platform \(platform.rawValue))"
    )
  }

  /// Throws a usage error when `--pixel-scale` (UIKit's rounding up to device pixels) is given
  /// with a platform other than ios.
  func validate(pixelScale: Double?) throws {
    if pixelScale != nil, platform != .ios {
      throw ValidationError(
        "--pixel-scale rounds heights up to device pixels as UIKit does; it needs --platform ios (got --platform \(platform.rawValue); web, flutter and android heights are on their own pixel grids)"
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

extension TextSpacingTrim: ExpressibleByArgument {
  public var defaultValueDescription: String { rawValue }
}

/// `--text-spacing-trim normal` trims fullwidth punctuation as Chromium does: web only.
func validateTextSpacingTrim(_ trim: TextSpacingTrim, on platform: TextPlatform) throws {
  guard trim != .spaceAll, !platform.hasTextSpacingTrim else { return }
  throw ValidationError(
    "--text-spacing-trim \(trim.rawValue) trims fullwidth punctuation as CSS text-spacing-trim does, which only web has (--platform web); --platform \(platform.rawValue) keeps every mark full width (--text-spacing-trim space-all)"
  )
}

extension AndroidStyle: ExpressibleByArgument {
  public var defaultValueDescription: String { rawValue }
}

/// `--android-style compose|textview` picks an Android widget's defaults: android only.
func validateAndroidStyle(_ style: AndroidStyle?, on platform: TextPlatform) throws {
  guard let style, platform != .android else { return }
  throw ValidationError(
    "--android-style \(style.rawValue) picks an Android widget's defaults (\(AndroidStyle.names.joined(separator: ", "))); it needs --platform android (got --platform \(platform.rawValue))"
  )
}

extension TextPlatform: ExpressibleByArgument {
  public var defaultValueDescription: String { rawValue }
}
