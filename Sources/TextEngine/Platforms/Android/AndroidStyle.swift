/// Which Android widget's defaults ``TextPlatform/android`` measures with.
///
/// Both are modelled from AOSP's sources, not verified on a device.
public enum AndroidStyle: String, Sendable, Hashable, CaseIterable, Codable {
  /// Jetpack Compose's `Text`: greedy breaking (`LineBreaker.BREAK_STRATEGY_SIMPLE`), no font
  /// padding (`PlatformTextStyle.includeFontPadding` false), a line height as `TextStyle.lineHeight`
  /// with `LineHeightStyle.Default` (proportional alignment, first and last line trimmed).
  case compose
  /// `android.widget.TextView`: minikin's optimal breaker (`BREAK_STRATEGY_HIGH_QUALITY`,
  /// hyphenation off), font padding on (`includeFontPadding`), a line height as
  /// `TextView.setLineHeight` (line spacing added to the font's height).
  case textView = "textview"

  /// The names, in the order usage messages list them.
  public static var names: [String] { allCases.map(\.rawValue) }

  /// True when the first line's top and the last line's bottom are the font's bounding box
  /// (`includeFontPadding`).
  var includesFontPadding: Bool { self == .textView }
}

extension TextStyle {
  /// Checks that `platform` is ``TextPlatform/android`` when the style asks for an Android
  /// widget other than the default (``AndroidStyle/textView``).
  /// - Throws: `TextError` with code `invalidStyle` and field `androidStyle`.
  func validateAndroidStyle(on platform: TextPlatform) throws(TextError) {
    guard androidStyle != .compose, platform != .android else { return }
    let requirement =
      "must be compose on \(platform.rawValue) (\(androidStyle.rawValue) is only on android)"
    throw TextError(
      .invalidStyle, "android style \(requirement)", field: "androidStyle", requirement: requirement)
  }
}
