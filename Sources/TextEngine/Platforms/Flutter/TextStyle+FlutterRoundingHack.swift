extension TextStyle {
  /// Checks that `platform` is ``TextPlatform/flutter`` when the style turns SkParagraph's
  /// rounding hack off.
  /// - Throws: `TextError` with code `invalidStyle` and field `flutterRoundingHack`.
  func validateFlutterRoundingHack(on platform: TextPlatform) throws(TextError) {
    guard !flutterRoundingHack, platform != .flutter else { return }
    let requirement =
      "must be true on \(platform.rawValue) (the rounding hack is SkParagraph's: flutter only)"
    throw TextError(
      .invalidStyle, "flutterRoundingHack \(requirement)", field: "flutterRoundingHack",
      requirement: requirement)
  }
}
