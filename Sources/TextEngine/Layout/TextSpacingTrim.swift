/// Whether fullwidth punctuation keeps its full width, named as CSS `text-spacing-trim`
/// (``TextPlatform/web`` only).
///
/// ``spaceAll`` (the default) sets every fullwidth bracket, quote, full stop and comma a full em
/// wide, as the engine's web oracles and the CSS cards it writes ask. ``normal`` is Chromium's
/// default for a page that does not set the property: where two such marks meet (`。」`, `」「`,
/// `，“`), Blink sets one of them half as wide with the font's `halt` feature, and a closing
/// bracket or quote that would not fit at a line's end is set half as wide when that makes it
/// fit (`HanKerning`, `ShapingLineBreaker`). Only fonts with `halt` change (Noto Sans CJK does).
/// Other platforms have no such setting: preparing a text for them with ``normal`` is an
/// `invalidStyle` error naming the property.
public enum TextSpacingTrim: String, Sendable, Hashable, CaseIterable, Codable {
  /// Every fullwidth mark a full em wide (CSS `text-spacing-trim: space-all`).
  case spaceAll = "space-all"
  /// Adjacent fullwidth marks collapsed, closing marks trimmed at a line's end where that makes
  /// them fit (CSS `text-spacing-trim: normal`, Chromium's initial value).
  case normal

  /// The names, in the order usage messages list them.
  public static var names: [String] { allCases.map(\.rawValue) }
}

extension TextPlatform {
  /// True when the platform trims fullwidth punctuation as ``TextSpacingTrim/normal`` asks
  /// (only ``web``).
  public var hasTextSpacingTrim: Bool { self == .web }
}

extension TextStyle {
  /// Checks that `platform` trims punctuation as the style's ``textSpacingTrim`` asks.
  /// - Throws: `TextError` with code `invalidStyle` and field `textSpacingTrim`.
  func validateTextSpacingTrim(on platform: TextPlatform) throws(TextError) {
    guard textSpacingTrim != .spaceAll, !platform.hasTextSpacingTrim else { return }
    throw textSpacingTrimError(on: platform)
  }

  /// The error `validateTextSpacingTrim(on:)` throws (built out of line).
  @inline(never) private func textSpacingTrimError(on platform: TextPlatform) -> TextError {
    TextSpacingTrim.invalidStyle(
      "must be space-all on \(platform.rawValue) (\(textSpacingTrim.rawValue) is CSS text-spacing-trim: web only)"
    )
  }
}

extension TextSpacingTrim {
  /// The `invalidStyle` error on field `textSpacingTrim` that says what it `must` be.
  static func invalidStyle(_ requirement: String) -> TextError {
    TextError(
      .invalidStyle, "text spacing trim \(requirement)", field: "textSpacingTrim", requirement: requirement)
  }
}

extension TextSpacingTrim {
  /// Checks that no font of `chain` a text is set in (`used`) has `chws`, whose contextual
  /// spacing Blink turns on under ``normal`` and the engine does not model (it models `halt`,
  /// Noto Sans CJK's).
  /// - Throws: `TextError` with code `invalidStyle` and field `textSpacingTrim`, naming the font.
  static func validateFonts(of chain: FontChain, used: FontMask) throws(TextError) {
    let usedFonts = chain.fonts.indices.filter {
      used.rawValue & (1 << UInt16(min($0, FontMask.othersBit))) != 0
    }
    guard let index = usedFonts.first(where: { chain.fonts[$0].hasContextualHalfWidthSpacing }) else {
      return
    }
    let font = chain.fonts[index]
    throw invalidStyle(
      "must be space-all with \(font.familyName) (\(font.path)): its chws contextual spacing, which Chromium turns on under normal, is not modelled"
    )
  }
}

extension TextStyle {
  /// Checks the settings only some platforms have: ``textWrap``, ``androidStyle``,
  /// ``flutterRoundingHack`` and ``textSpacingTrim``. One call out of line: `prepare`'s body,
  /// where the four checks were inlined, then kept `withLineBreaks` from being inlined
  /// (~300 instructions a text, measured).
  /// - Throws: `TextError` with code `invalidStyle` naming the field.
  @inline(never) func validatePlatformSettings(on platform: TextPlatform) throws(TextError) {
    try validateTextWrap(on: platform)
    try validateAndroidStyle(on: platform)
    try validateFlutterRoundingHack(on: platform)
    try validateTextSpacingTrim(on: platform)
  }
}
